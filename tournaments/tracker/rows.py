"""The dealer's seat rows, in Python: drawn for every seat after every tap.

As a template loop they were the largest part of a tap's answer (0.9 of its
1.9 ms of drawing, `tests.benchmarks.tracker`); written out here they cost a
fraction of that, like the rail card (`live/rail/table_card.py`). Every value
passes through `format_html` or `conditional_escape`; the texts are the
template's msgids.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from league.web.numbers import format_chips
from tournaments.hands.cardfaces import cardfaces
from tournaments.tracker.labels import badge_label


def seat_rows(rows: Iterable) -> SafeString:
    """The `<li>` of each `tournaments.tracker.page.SeatRow`, in seat order."""
    return mark_safe("".join(_row(row) for row in rows))  # each row is built by format_html


def _row(row) -> str:
    classes = "seat"
    if row.to_act:
        classes += " to-act"
    if "folded" in row.badges:
        classes += " folded"
    if row.place:
        classes += " won" if "winner" in row.badges else " out"
    badges = "".join(
        format_html('<span class="badge badge-{}">{}</span>', badge, badge_label(badge)) for badge in row.badges
    )
    holes = format_html('<span class="holes">{}</span>', conditional_escape(cardfaces(row.hole_cards))) if row.hole_cards else ""
    if row.place:
        chips = conditional_escape(gettext("%(place)s. place") % {"place": row.place})
    else:
        chips = format_html('<span class="stack">{}</span>', format_chips(row.stack))
        if row.committed:
            chips += format_html('<span class="committed">+{}</span>', format_chips(row.committed))
    return format_html(
        '\n      <li class="{}" data-seat="{}">\n        <span class="pos">{}</span>\n'
        '        <span class="who">{}\n          {}\n          {}\n        </span>\n'
        '        <span class="chips">{}</span>\n      </li>\n    ',
        classes, row.seat_id, row.position, row.name, mark_safe(badges), holes, chips,
    )
