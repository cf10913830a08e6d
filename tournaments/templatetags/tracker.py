"""{% load tracker %}: the words of the dealer's page, the hand history and the replayer (tournaments/tracker/labels.py):
a seat's badge, a quick size's name, a street, what a step did."""

from django import template

from tournaments.tracker import labels

register = template.Library()
register.filter("badge_label", labels.badge_label)
register.filter("size_label", labels.size_label)
register.filter("street_label", labels.street_label)
register.filter("step_text", labels.step_text)
