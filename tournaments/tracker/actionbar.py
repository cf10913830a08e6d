"""The dealer's action bar while a player is to act, in Python: drawn after nearly every tap.

As a template branch it was the largest part of a tap's drawing after the seat rows went to Python
(0.4 of 1.4 ms, `tests.benchmarks.tracker`). Written out here like the seat rows (`tournaments.tracker.rows`):
every value passes through `format_html` or `conditional_escape`, the texts are the template's msgids,
the translations of `translate` escaped and those of `blocktranslate` not, as the tags do.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from league.templatetags.numbers import chips_filter
from league.web.numbers import format_chips
from tournaments.tracker.labels import size_label


def _with(text: str, **values) -> SafeString:
    """A `blocktranslate` text: its values escaped, the translation itself not."""
    return mark_safe(text % {name: conditional_escape(value) for name, value in values.items()})


def betting_bar(context) -> SafeString:
    """Whose turn it is, what calling costs, and a button or field for each legal input."""
    legal = context["legal"]
    hidden = format_html(
        '{}<input type="hidden" name="op" value="act"><input type="hidden" name="version" value="{}">'
        '<input type="hidden" name="seat" value="{}">',
        context["csrf_input"], context["state"].version, context["to_act_seat"],
    )
    path = context["request"].path
    facts = (
        _with(gettext("To call: %(n)s"), n=format_chips(legal.call_amount)) if legal.can_call
        else conditional_escape(gettext("Nothing to call"))
    )
    check = call = allin = ""
    if legal.can_check:
        check = format_html('<button name="verb" value="check" class="primary">{}</button>', pgettext("poker tracker", "Check"))
    if legal.can_call:
        call = format_html(
            '<button name="verb" value="call" class="primary">{}</button>',
            _with(gettext("Call %(n)s"), n=format_chips(legal.call_amount)),
        )
    if not legal.can_bet and not legal.can_raise and "allin" in legal.verbs and not legal.can_call:
        allin = format_html('<button name="verb" value="allin" class="secondary">{}</button>', pgettext("poker tracker", "All-in"))
    sizing = ""
    if legal.can_bet or legal.can_raise:
        verb = "bet" if legal.can_bet else "raise"
        sizing = format_html(
            "\n    \n"
            '    <form method="post" hx-post="{path}" class="quick">\n'
            '      {hidden}\n'
            '      <input type="hidden" name="verb" value="{verb}">\n'
            '      {sizes}\n'
            "    </form>\n"
            '    <form method="post" hx-post="{path}" class="typed">\n'
            '      {hidden}\n'
            '      <input type="hidden" name="verb" value="{verb}">\n'
            '      <label for="typed-amount" class="visually-hidden">{label}</label>\n'
            '      <input id="typed-amount" name="to" type="text" inputmode="numeric" enterkeyhint="send" autocomplete="off" maxlength="13" required\n'
            '             placeholder="{low}–{high}">\n'
            '      <button class="primary">{submit}</button>\n'
            "    </form>\n"
            "    ",
            path=path, hidden=hidden, verb=verb, sizes=_size_buttons(context["sizes"]),
            label=gettext("Bet to") if legal.can_bet else gettext("Raise to"),
            low=chips_filter(legal.min_to), high=chips_filter(legal.max_to),
            submit=pgettext("poker tracker", "Bet") if legal.can_bet else gettext("Raise"),
        )
    return format_html(
        '\n  <div class="act">\n'
        '    <h2 class="status" data-announce>{player}</h2>\n'
        '    <p class="facts"><span>{facts}</span>\n'
        '      <span class="pot-total">{pot}</span></p>\n'
        '    <form method="post" hx-post="{path}" class="big-buttons">\n'
        '      {hidden}\n'
        '      <button name="verb" value="fold" class="danger">{fold}</button>\n'
        "      {check}\n"
        "      {call}\n"
        "      {allin}\n"
        "    </form>\n"
        "    {sizing}\n"
        "  </div>",
        player=_with(gettext("%(name)s to act"), name=legal.player), facts=facts,
        pot=_with(gettext("Pot: %(n)s"), n=format_chips(context["pot_total"])),
        path=path, hidden=hidden, fold=pgettext("poker tracker", "Fold"), check=check, call=call, allin=allin,
        sizing=sizing,
    )


def _size_buttons(sizes: Iterable) -> SafeString:
    """A button for each quick size (`tournaments.tracker.page.Sizing`): its name and the amount it raises to."""
    return mark_safe("".join(  # each button is built by format_html
        format_html(
            '\n        <button name="to" value="{}" class="secondary"><span>{}</span><strong>{}</strong></button>',
            size.to, size_label(size.label), format_chips(size.to),
        )
        for size in sizes
    ))
