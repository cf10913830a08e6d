from django import template

from league.web.numbers import format_chips, format_percent

register = template.Library()


@register.filter(name="percent")
def percent_filter(value):
    return format_percent(value)


@register.filter(name="chips")
def chips_filter(value):
    """For display only: never inside an input's value or a data attribute (they stay plain digits)."""
    if value in (None, ""):
        return ""
    return format_chips(value)
