from django import template
from django.utils import numberformat
from django.utils.formats import get_format

from league.web.money import format_money

register = template.Library()


@register.filter(name="money")
def money_filter(amount):
    return format_money(amount)


@register.filter(name="amount_input")
def amount_input(amount):
    """An amount as the value of a text field the organizer may change: the language's decimal mark, no grouping
    (``10,00`` in German), exactly as `league.web.fields.DecimalTextField` writes the values it fills in."""
    if amount is None or amount == "":
        return ""
    return numberformat.format(amount, get_format("DECIMAL_SEPARATOR"), decimal_pos=2, grouping=0)
