"""The dealer's phone page for one table. One view: GET shows the table, POST takes one input.

Reached by an organizer (`/tables/<id>/track/`) or by the dealer's secret link
(`/dealer/<token>/`), which opens that one table and nothing else.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from league.busy import BUSY_MESSAGE, is_database_busy
from league.views import organizer_required

from .. import tracker
from ..models import Hand, Table
from ..tracker_view import tracker_context


def _table_for(request: HttpRequest, table_id: int | None, token: str | None) -> Table:
    tables = Table.objects.select_related("night__season", "first_dealer__entry__player")
    if token is not None:
        table = tables.filter(dealer_token=token).first()
        if table is None:
            raise Http404(_("This dealer link is not valid (any more). Ask the organizer for the table's current link."))
        return table
    if not request.user.is_authenticated:
        raise _LoginNeeded
    if not request.user.is_staff:
        raise PermissionDenied(_("Only organizers may do this."))
    return get_object_or_404(tables, pk=table_id)


class _LoginNeeded(Exception):
    pass


def _int_or_none(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        raise tracker.TrackerError(_("Enter the amount as a whole number of chips.")) from None


def _apply(request: HttpRequest, table: Table) -> None:
    """One input from the dealer; every branch goes through tracker.py."""
    post = request.POST
    op, version = post.get("op", ""), post.get("version", "")
    seat_id = _int_or_none(post.get("seat"))
    if op == "act":
        tracker.record_action(
            table=table, version=version, seat_id=seat_id or 0, verb=post.get("verb", ""),
            to=_int_or_none(post.get("to") or post.get("amount")),
        )
    elif op == "undo":
        tracker.undo(table=table, version=version)
    elif op == "next":
        tracker.start_hand(table=table, version=version)
    elif op == "cards":
        holes = {key[5:]: value for key, value in post.items() if key.startswith("hole:")}
        tracker.save_cards(table=table, version=version, board=post.get("board", ""), hole_cards=holes)
    elif op == "settle":
        tracker.settle(table=table, version=version)
    elif op == "award":
        pots = int(post.get("pots", "0") or 0)
        winners = [post.getlist(f"pot{k}") for k in range(pots)]
        if any(not names for names in winners):
            raise tracker.TrackerError(_("Tap at least one winner for every pot."))
        tracker.settle(table=table, version=version, pot_winners=winners)
    elif op in ("sitout", "sitin"):
        tracker.set_sitting_out(table=table, version=version, seat_id=seat_id or 0, sitting_out=op == "sitout")
    elif op == "disqualify":
        if post.get("confirm") != "yes":
            raise tracker.TrackerError(_("Confirm the disqualification."))
        tracker.disqualify(table=table, version=version, seat_id=seat_id or 0)
    else:
        raise tracker.TrackerError(_("Unknown input."))


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def tracker_page(request: HttpRequest, table_id: int | None = None, token: str | None = None) -> HttpResponse:
    try:
        table = _table_for(request, table_id, token)
    except _LoginNeeded:
        return redirect_to_login(request.get_full_path())
    if request.method == "POST":
        try:
            _apply(request, table)
        except tracker.TrackerError as error:
            messages.error(request, str(error))
        except OperationalError as error:
            if not is_database_busy(error):
                raise
            messages.error(request, str(BUSY_MESSAGE))  # answered like a stale tap: nothing was written
        if not request.htmx:
            return redirect(request.path)
        table.refresh_from_db()
    template = "tournaments/tracker.html#tracker" if request.htmx else "tournaments/tracker.html"
    return render(request, template, tracker_context(table, dealer_link=token is not None))


@organizer_required
@require_GET
def hand_history(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)
    hands = list(table.hands.prefetch_related("actions").order_by("-number"))
    rows = []
    for hand in hands:
        actions = list(hand.actions.all())
        # The engine's steps, not the stored verbs: the page says them in the reader's language.
        rows.append((hand, tracker.replay_json(hand, actions), tracker.hand_steps(hand, actions)))
    return render(request, "tournaments/hand_history.html", {"table": table, "rows": rows})


@organizer_required
@require_GET
def hand_json(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    hand = get_object_or_404(Hand.objects.select_related("table"), table_id=table_id, number=number)
    data = tracker.replay_json(hand, list(hand.actions.order_by("index")))
    response = JsonResponse(data, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="table{hand.table.number}-hand{hand.number}.json"'
    return response
