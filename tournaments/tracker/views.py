"""The dealer's phone page for one table. One view: GET shows the table, POST takes one input.

Reached by an organizer (`/tables/<id>/track/`) or by the dealer's secret link
(`/dealer/<token>/`), which opens that one table and nothing else.
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from league.access import check_url_ids, night_organizer_required
from league.rules.inputs import is_ascii_whole
from league.web.busy import BUSY_MESSAGE, is_database_busy
from tournaments.clock.services import reading_for
from tournaments.hands import stored
from tournaments.models import Hand, Table
from tournaments.poker import holdem
from tournaments.tracker import services as tracker
from tournaments.tracker.page import PANELS, tracker_context


def _table_for(request: HttpRequest, table_id: int | None, token: str | None) -> Table:
    tables = Table.objects.select_related("night__season", "first_dealer__entry__player")
    if token is not None:
        table = tables.filter(dealer_token=token).first()
        if table is None:
            raise Http404(
                _("This dealer link is not valid (any more). Ask the organizer for the table's current link.")
            )
        return table
    _check_organizer(request, table_id)
    return get_object_or_404(tables, pk=table_id)


def _check_organizer(request: HttpRequest, table_id: int | None) -> None:
    if not request.user.is_authenticated:
        raise _LoginNeeded
    if not request.user.is_staff:
        raise PermissionDenied(_("Only organizers may do this."))
    check_url_ids(request.user, {"table_id": table_id})  # a venue organizer tracks his venues' tables only


class _LoginNeeded(Exception):
    pass


_OPS = ("act", "undo", "next", "cards", "pick", "clear", "settle", "award", "sitout", "sitin", "disqualify")
_MAX_CHIPS_DIGITS = 9  # a billion chips: more than any table holds, small enough to never hold a worker
_MAX_POTS = 12  # a pot per all-in player at the biggest table, and more
_GROUPING = re.compile(r"[\s.,'\u00a0\u202f]")  # "1.500" and "1 500" are how a German dealer writes 1500


class _BadInput(tracker.TrackerError):
    pass


def _one(post, key: str, *, max_length: int = 40, required: bool = False) -> str:
    """One field, checked before anything reads it: not repeated, short, no control characters."""
    values = post.getlist(key)
    if len(values) > 1:
        raise _BadInput(_("The input was sent twice; tap again."))
    value = values[0] if values else ""
    if required and not value:
        raise _BadInput(_("Something is missing from the input; reload the page and tap again."))
    if len(value) > max_length or any(ord(ch) < 32 for ch in value):
        raise _BadInput(_("That input cannot be taken; reload the page and tap again."))
    return value


def _whole_number(value: str, *, message: str) -> int | None:
    """Digits only (grouping marks allowed), at most nine of them; empty gives None."""
    digits = _GROUPING.sub("", value)
    if not digits:
        return None
    if not is_ascii_whole(digits, max_digits=len(digits)):
        raise _BadInput(message)
    if len(digits.lstrip("0")) > _MAX_CHIPS_DIGITS:
        raise _BadInput(_("That number is far too large."))
    return int(digits)


def _seat(post) -> int:
    seat = _whole_number(
        _one(post, "seat", max_length=12, required=True), message=_("That player is not at this table.")
    )
    return seat or 0


def _apply(request: HttpRequest, table: Table) -> None:
    """One input from the dealer, every field checked first; every change goes through tracker.py."""
    post = request.POST
    op = _one(post, "op", max_length=12, required=True)
    if op not in _OPS:
        raise _BadInput(_("Unknown input."))
    version = _one(post, "version", max_length=32, required=True)
    if op == "act":
        verb = _one(post, "verb", max_length=10, required=True)
        if verb not in holdem.VERBS:
            raise _BadInput(_("Unknown input."))
        to = _whole_number(_one(post, "to", max_length=24), message=_("Enter the amount as a whole number of chips."))
        if verb in ("bet", "raise") and to is None:
            raise _BadInput(_("Enter the amount."))
        tracker.record_action(
            table=table,
            version=version,
            seat_id=_seat(post),
            verb=verb,
            to=to if verb in ("bet", "raise") else None,
        )
    elif op == "pick":
        tracker.pick_card(
            table=table,
            version=version,
            target=_one(post, "target", max_length=12, required=True),
            card=_one(post, "card", max_length=3, required=True),
        )
    elif op == "clear":
        tracker.clear_cards(table=table, version=version, target=_one(post, "target", max_length=12, required=True))
    elif op == "undo":
        tracker.undo(table=table, version=version)
    elif op == "next":
        tracker.start_hand(table=table, version=version)
    elif op == "cards":
        keys = [key for key in post if key.startswith("hole:")]
        if len(keys) > 12:
            raise _BadInput(_("That input cannot be taken; reload the page and tap again."))
        holes = {key[5:]: _one(post, key, max_length=24) for key in keys}
        tracker.save_cards(table=table, version=version, board=_one(post, "board", max_length=40), hole_cards=holes)
    elif op == "settle":
        tracker.settle(table=table, version=version)
    elif op == "award":
        pots = _whole_number(_one(post, "pots", max_length=4, required=True), message=_("Unknown input.")) or 0
        if not 1 <= pots <= _MAX_POTS:
            raise _BadInput(_("Unknown input."))
        winners = [post.getlist(f"pot{k}") for k in range(pots)]
        if any(len(names) > 12 or any(len(n) > 200 or "\x00" in n for n in names) for names in winners):
            raise _BadInput(_("That input cannot be taken; reload the page and tap again."))
        if any(not names for names in winners):
            raise tracker.TrackerError(_("Tap at least one winner for every pot."))
        tracker.settle(table=table, version=version, pot_winners=winners)
    elif op in ("sitout", "sitin"):
        tracker.set_sitting_out(table=table, version=version, seat_id=_seat(post), sitting_out=op == "sitout")
    elif op == "disqualify":
        if _one(post, "confirm", max_length=3) != "yes":
            raise tracker.TrackerError(_("Confirm the disqualification."))
        tracker.disqualify(table=table, version=version, seat_id=_seat(post))


@never_cache  # the dealer's link is a secret in the URL: no browser or proxy keeps the page
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request", "X-Tracker-Open")
def tracker_page(request: HttpRequest, table_id: int | None = None, token: str | None = None) -> HttpResponse:
    """The table, and a tap on it: the dealer's link costs one query to read and, for a tap, the writes.

    A tap through the dealer's link is found by its token inside the tap's own locked read (no lookup
    before it); the page is then drawn from the state the tap produced, not read again.
    """
    if token is not None:
        table = Table(dealer_token=token)  # a reference only: tracker.py reads it, locked, by the token
    else:
        try:
            _check_organizer(request, table_id)
        except _LoginNeeded:
            return _to_login(request)
        table = Table(pk=table_id)  # likewise; an unknown id is a 404 from the read
    state = None
    if request.method == "POST":
        try:
            _apply(request, table)
            state = table.tracker_state
        except tracker.NoSuchTable as error:
            raise Http404(str(error)) from None
        except tracker.TrackerError as error:
            messages.error(request, str(error))
        except OperationalError as error:
            if not is_database_busy(error):
                raise
            messages.error(request, str(BUSY_MESSAGE))  # answered like a stale tap: nothing was written
        if not request.htmx:
            return redirect(request.path)
    if state is None:  # a page view, or a tap that was refused (and rolled back): the table as stored
        try:
            state = tracker.read_state(token=token) if token is not None else tracker.read_state(table_id=table.pk)
        except tracker.NoSuchTable as error:
            raise Http404(str(error)) from None
    if token is not None and request.method == "GET" and not request.htmx and state.table.dealer_link_opened_at is None:
        tracker.note_dealer_link_opened(table_id=state.table.pk)  # a phone has the table: tonight's page says so
    template = "tournaments/tracker.html#tracker" if request.htmx else "tournaments/tracker.html"
    panel = request.GET.get("panel") if request.method == "GET" and request.htmx else None
    if panel in PANELS:  # a closed panel was opened: its body alone
        template = f"tournaments/tracker/_{panel}.html"
    picking = request.POST.get("target") if request.method == "POST" else None
    opened = request.headers.get("X-Tracker-Open") if request.htmx else None  # which panels the page has open
    context = tracker_context(state, dealer_link=token is not None, picking=picking, opened=opened)
    if not request.htmx:  # the whole page: the clock above the table (a tap's answer is the table alone)
        context["clock"] = reading_for(state.table.night, read_with_night=True)  # read with the seats
    return render(request, template, context)


def _to_login(request: HttpRequest) -> HttpResponse:
    """An expired organizer session: the whole page goes to the login, never a login page inside the panel."""
    if request.htmx:
        page = request.htmx.current_url_abs_path or reverse("organizer_home")
        return HttpResponseClientRedirect(f"{reverse('login')}?{urlencode({'next': page})}")
    return redirect_to_login(request.get_full_path())


@require_GET
def tracker_revision(request: HttpRequest, table_id: int | None = None, token: str | None = None) -> HttpResponse:
    """The phone's "has it changed?" question, asked every two seconds: the table's revision, nothing else.

    Polling rather than server-sent events: an open event stream holds one of the server's threads for as
    long as the phone shows the page, and a dealer's phone must never be the one refused; this answer is one
    indexed query and a few bytes.
    """
    try:
        if token is not None:
            revision = Table.objects.filter(dealer_token=token).values_list("revision", flat=True).first()
            if revision is None:
                raise Http404
        else:
            table = _table_for(request, table_id, None)
            revision = table.revision
    except _LoginNeeded:
        return _to_login(request)
    response = HttpResponse(revision, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def tracker_clock_version(request: HttpRequest, table_id: int | None = None, token: str | None = None) -> HttpResponse:
    """The phone's "has the clock changed?", asked twice a second while the page shows: the clock row's last
    write (every organizer's button), one indexed query. When it changes, tracker.js has clock.js read the
    clock's state (`clock_state`, as the TV does), so a pause stops the phone's countdown within a second and
    a tap costs nothing more. Polled, not streamed, for the reason `tracker_revision` gives."""
    try:
        if token is None:
            _check_organizer(request, table_id)
    except _LoginNeeded:
        return _to_login(request)
    tables = Table.objects.filter(dealer_token=token) if token is not None else Table.objects.filter(pk=table_id)
    row = tables.values_list("night__clock__updated_at").first()  # None: no such table; (None,): no clock yet
    if row is None:
        raise Http404
    written = row[0]
    response = HttpResponse(written.isoformat() if written else "-", content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


@night_organizer_required
@require_GET
def hand_history(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)
    hands = list(table.hands.prefetch_related("actions").order_by("-number"))
    rows = []
    for hand in hands:
        actions = list(hand.actions.all())
        # The engine's steps, not the stored verbs: the page says them in the reader's language.
        rows.append((hand, stored.replay_json(hand, actions), tracker.hand_steps(hand, actions)))
    return render(request, "tournaments/hand_history.html", {"table": table, "rows": rows})


@night_organizer_required
@require_GET
def hand_json(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    hand = get_object_or_404(Hand.objects.select_related("table"), table_id=table_id, number=number)
    data = stored.replay_json(hand, list(hand.actions.order_by("index")))
    response = JsonResponse(data, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="table{hand.table.number}-hand{hand.number}.json"'
    return response
