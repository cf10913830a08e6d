"""Public hand pages (a finished table's hands and the replayer) and the hand-history downloads.

Thin: parse the request, read through `tournaments.hands.figures`, render. Only
hands of finished tables are public: nothing is shown while a table plays.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from league.access import get_night_or_404, night_organizer_required
from league.models import Player
from league.rules.inputs import ascii_whole_or_none
from league.web.downloads import attachment
from league.web.static_site import is_static_site
from tournaments.hands import stored
from tournaments.hands.exports import FORMATS, TABLE_FIELDS, hands_file
from tournaments.models import HandStatus, Seat, Table, TableStatus
from tournaments.poker.timeline import hand_frames


def _finished_table_or_404(table_id: int) -> Table:
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)
    if table.status != TableStatus.FINISHED:
        raise Http404(_("The hands of a table are shown when the table has finished."))
    return table


@require_GET
def hand_list(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _finished_table_or_404(table_id)
    hands = list(table.hands.filter(status=HandStatus.COMPLETE).order_by("number"))
    return render(request, "tournaments/hands/list.html", {"table": table, "hands": hands})


@require_GET
@vary_on_headers("HX-Request")
def hand_replay(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    found = stored.finished_hand(table_id, number)
    if found is None:
        raise Http404(_("No such hand, or its table has not finished yet."))
    hand, played = found
    frames = hand_frames(played)
    raw = request.GET.get("step", "")
    step = ascii_whole_or_none(raw, max_digits=6) or 0
    step = min(step, len(frames) - 1)
    numbers = list(
        hand.table.hands.filter(status=HandStatus.COMPLETE).values_list("number", flat=True).order_by("number")
    )
    position = numbers.index(hand.number)
    context = {
        "table": hand.table,
        "hand": hand,
        "frame": frames[step],
        "frames": len(frames),
        "last": len(frames) - 1,
        "previous_hand": numbers[position - 1] if position > 0 else None,
        "next_hand": numbers[position + 1] if position + 1 < len(numbers) else None,
        # The published site has no server to ask for the next step: the page carries them all.
        "all_frames": frames if is_static_site(request) else None,
    }
    template = "tournaments/hands/replay.html#frame" if request.htmx else "tournaments/hands/replay.html"
    return render(request, template, context)


def _download(tables, fmt: str, name: str, seat_ids: set[int] | None = None) -> HttpResponse:
    if fmt not in FORMATS:
        raise Http404(_("Unknown format."))
    filename, mime, text = hands_file(tables, fmt=fmt, name=name, seat_ids=seat_ids)
    return attachment(text.encode("utf-8"), filename, mime)


def _table_rows(tables) -> list[tuple]:
    return list(tables.order_by("night__date", "number").values_list(*TABLE_FIELDS))


@night_organizer_required
@require_GET
def table_hands_file(request: HttpRequest, table_id: int, fmt: str) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("night"), pk=table_id)
    return _download(
        _table_rows(Table.objects.filter(pk=table.pk)), fmt, f"{table.night.date.isoformat()}-table{table.number}"
    )


@night_organizer_required
@require_GET
def night_hands_file(request: HttpRequest, night_id: int, fmt: str) -> HttpResponse:
    night = get_night_or_404(night_id)
    return _download(_table_rows(Table.objects.filter(night=night)), fmt, f"{night.date.isoformat()}-hands")


@require_GET
def player_hands_file(request: HttpRequest, player_id: int, fmt: str) -> HttpResponse:
    """The hands a player was dealt into at finished tables (public, like his page; only shown cards)."""
    player = get_object_or_404(Player, pk=player_id)
    seats = dict(
        Seat.objects.filter(entry__player=player, table__status=TableStatus.FINISHED).values_list("pk", "table_id")
    )
    tables = _table_rows(Table.objects.filter(pk__in=set(seats.values())))
    return _download(tables, fmt, f"hands-player{player.pk}", seat_ids=set(seats))
