"""``{{ amount|chips }}``: play money as „990 Spielchips"; ``{{ amount|amount }}``: a bare number in the locale's format."""

from django import template

from housegames.chips import chip_number, format_chips

register = template.Library()


@register.filter
def chips(value) -> str:
    return format_chips(value)


@register.filter
def amount(value) -> str:
    return chip_number(value)
