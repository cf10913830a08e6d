from django import template

from league.web.money import format_money

register = template.Library()


@register.filter(name="money")
def money_filter(amount):
    return format_money(amount)
