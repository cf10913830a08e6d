"""{% once_token %}: the hidden one-time token of a form that must not be applied twice (league.once)."""

from django import template
from django.utils.html import format_html

from league import once

register = template.Library()


@register.simple_tag
def once_token() -> str:
    return format_html('<input type="hidden" name="{}" value="{}">', once.FIELD, once.new_token())
