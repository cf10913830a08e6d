"""{% load cardfaces %}: cards as people read them (tournaments/hands/cardfaces.py): "Q♥", not "Qh"."""

from django import template

from tournaments.hands import cardfaces

register = template.Library()
register.filter("cardfaces", cardfaces.cardfaces)
register.filter("cardface_text", cardfaces.cardface_text)
register.simple_tag(cardfaces.card_picker)
