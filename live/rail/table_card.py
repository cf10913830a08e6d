"""One table's card on the rail, as HTML.

Drawn once per tap for every screen that shows the table (the table's rail,
the night's rail, the streams' events), so its cost is the screens' share of
each tap. As a template it was 1.4 of the card's 2.3 ms (the read and replay
are the rest); written out here it is 0.5 ms. Everything passes
through `format_html` or `escape`, and the texts are the same msgids the
template had.
"""
from __future__ import annotations

from fractions import Fraction

from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from league.web.numbers import format_chips, format_percent
from live.rail.tables import RailOdds, RailSeat, RailTable, ShownCard
from tournaments.tracker.labels import step_text, street_label

__all__ = ["card_html"]


def card_html(rt: RailTable) -> SafeString:
    table = rt.table
    parts = [
        format_html('<article class="card rail-table" id="rail-table-{}">', table.pk),
        '<header class="rail-head">',
        format_html('<h2><a class="tap" href="{}">{}</a></h2>', reverse("table_rail", args=[table.pk]),
                    gettext("Table %(number)s") % {"number": table.number}),
        format_html('<p class="muted">{}</p>', _state(rt)),
        "</header>",
    ]
    if rt.hand_number:
        parts += ['<div class="rail-middle">', format_html('<p class="rail-board" aria-label="{}">', gettext("Board"))]
        parts += [_card(card) for card in rt.board] or [format_html('<span class="muted">{}</span>', gettext("No board yet"))]
        parts += ["</p>", '<p class="rail-pot">', *_pots(rt), "</p>", "</div>"]
    parts.append('<ol class="rail-seats">')
    # Side pots with other players than the main pot's: every chance names its pot, also a short stack's one.
    named = any(len(seat.pot_odds) > 1 for seat in rt.seats)
    parts += [_seat(seat, named) for seat in rt.seats]
    parts.append("</ol>")
    if rt.recent:
        parts += ['<details class="rail-log" open>', format_html("<summary>{}</summary>", gettext("Last actions")),
                  '<ol class="log small">']
        parts += [format_html("<li>{}: {}</li>", step.player, step_text(step)) for step in rt.recent]
        parts += ["</ol>", "</details>"]
    if rt.eliminations:
        out = sum(1 for gone in rt.eliminations if not gone.winner)  # the table's winner is placed, not out
        parts += ['<details class="rail-out">',
                  format_html("<summary>{}</summary>", ngettext("%(n)s player out", "%(n)s players out", out) % {"n": out}),
                  '<ol class="small">']
        parts += [format_html("<li>{}. {} · {}</li>", gone.place, gone.name, gone.reason) for gone in rt.eliminations]
        parts += ["</ol>", "</details>"]
    parts.append("</article>")
    return mark_safe("\n".join(parts))  # every piece above is a literal or escaped by format_html


def _state(rt: RailTable) -> str:
    if rt.finished:
        return gettext("Finished")
    if rt.on_paper:
        return gettext("This table goes on on paper.")
    if not rt.hand_number:
        return gettext("Waiting for the first hand")
    text = f"{gettext('Hand %(number)s') % {'number': rt.hand_number}} · {street_label(rt.street)}"
    if rt.blinds:
        text += f" · {gettext('Blinds')} {format_chips(rt.blinds[0])}/{format_chips(rt.blinds[1])}"
    if rt.ante:  # the season's blind structure (docs/league-rules.md): the same words as the tracker's
        said = gettext("big-blind ante %(n)s") if rt.ante_by == "big_blind" else gettext("ante %(n)s")
        text += " · " + said % {"n": format_chips(rt.ante)}
    return text


def _card(card: ShownCard) -> SafeString:
    return format_html('<span class="card-face{}" data-card="{}">{}{}</span>', " red" if card.red else "", card.code, card.rank, card.suit)


def _pot_name(k: int) -> str:
    return gettext("Main pot") if k == 0 else f"{gettext('Side pot')} {k}"


def _pots(rt: RailTable) -> list[SafeString]:
    if rt.hand_over:
        shown = [format_html("<span>{} {}{}</span>", _pot_name(k), format_chips(pot.amount),
                             f": {', '.join(pot.winners)}" if pot.winners else "")
                 for k, pot in enumerate(rt.pots)]
        return shown + _uncalled(rt)
    shown = [format_html("<strong>{} {}</strong>", gettext("Pot"), format_chips(rt.pot_total))]
    if len(rt.pots) > 1:  # the main pot is named only beside side pots, and then the parts add up to the pot
        shown += [format_html("<span>{} {}</span>", _pot_name(k), format_chips(pot.amount)) for k, pot in enumerate(rt.pots)]
        shown += _uncalled(rt)
    elif rt.betting_over:
        shown += _uncalled(rt)
    return shown


def _uncalled(rt: RailTable) -> list[SafeString]:
    if rt.uncalled is None:
        return []
    name, chips = rt.uncalled
    if rt.hand_over or rt.betting_over:
        text = gettext("%(n)s uncalled, back to %(name)s")
    else:
        text = gettext("+%(n)s bet by %(name)s, not yet called")
    return [format_html("<span class=\"small\">{}</span>", text % {"n": format_chips(chips), "name": name})]


def _seat(seat: RailSeat, named_pots: bool = False) -> SafeString:
    classes = "rail-seat" + (" to-act" if seat.to_act else "") + (" folded" if seat.folded else "") + (" won" if seat.won else " out" if seat.place else "")
    badges = "".join(f'<b class="chip-badge">{badge}</b>' for badge, on in
                     (("D", seat.button), ("SB", seat.small_blind), ("BB", seat.big_blind)) if on)
    if seat.to_act:  # a space before it, as the template had: "Anna D am Zug" read aloud, not "DAM ZUG"
        badges += format_html(' <b class="turn">{}</b>', gettext("to act"))
    if seat.place:
        stack = escape(gettext("%(place)s. place") % {"place": seat.place})
    else:
        stack = escape(format_chips(seat.stack))
        if seat.committed:
            stack += format_html(" <small>(+{})</small>", format_chips(seat.committed))
        note = gettext("all-in") if seat.all_in else gettext("folded") if seat.folded else gettext("sitting out") if seat.away else ""
        if note:
            stack += format_html(" <small>{}</small>", note)
    # Spaces between the parts, as the template had: a screen reader and a copied text read "1 Anna", not "1Anna".
    return format_html(
        '<li class="{}"> <span class="seat-no">{}</span> <span class="seat-name">{} {}</span>'
        ' <span class="seat-cards">{}</span>{} <span class="seat-stack">{}</span> </li>',
        classes, seat.position, seat.name, mark_safe(badges), mark_safe("".join(_card(card) for card in seat.shown_cards)),
        _odds(seat.pot_odds, named_pots) if seat.pot_odds else "", stack,
    )


def _percent(share) -> str:
    """A whole percent; never 0 % or 100 % for what may still happen (or not)."""
    if 0 < share < Fraction(1, 100):
        return "<" + format_percent(1)
    if Fraction(99, 100) < share < 1:
        return ">" + format_percent(99)
    return format_percent(round(share * 100))


def _chance(odds: RailOdds, pot: str) -> SafeString:
    split = format_html(" <small>{}</small>", gettext("Split %(percent)s") % {"percent": _percent(odds.split)}) if odds.ties else ""
    if pot:
        win = gettext("%(pot)s: chance to win %(percent)s") % {"pot": pot, "percent": _percent(odds.win)}
    else:
        win = gettext("Chance to win %(percent)s") % {"percent": _percent(odds.win)}
    return format_html("<b>{}</b>{}", win, split)


def _odds(pot_odds: tuple[tuple[int, RailOdds], ...], named: bool) -> SafeString:
    """His chance to win, and to split; beside side pots with other players, one for each pot he can win, each
    with the pot's name (the main pot's figures stay on the outer span for whoever reads them)."""
    main = pot_odds[0][1]
    if named:
        inside = mark_safe(" ".join(
            format_html('<span class="pot-odds" data-pot="{}" data-wins="{}" data-ties="{}" data-boards="{}">{}</span>',
                        k, odds.wins, odds.ties, odds.boards, _chance(odds, _pot_name(k)))
            for k, odds in pot_odds
        ))
    else:
        inside = _chance(main, "")
    return format_html(
        ' <span class="seat-odds" data-wins="{}" data-ties="{}" data-boards="{}">{}</span>',
        main.wins, main.ties, main.boards, inside,
    )
