"""`{% publishing_configured as name %}`: whether PUBLISH_TO is set, for pages that offer "Veröffentlichen"."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def publishing_configured() -> bool:
    return bool(settings.PUBLISH_TO)
