"""Ultimate Texas Hold'em against the house, and the live-table calculator.
Thin: parse the request, call ``housegames.services.uth``, render what ``pages`` makes of it.

Every write is a POST form that also works without JavaScript (it redirects
back to the table); with htmx the same view answers with the table's main
partial (``table.html#table-main``) instead.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from housegames.forms import CalculatorForm
from housegames.models import Bankroll, UthRound
from housegames.services import uth as uth_play
from housegames.services.bankroll import bankroll_for, bankroll_to_look_at, existing_bankroll
from housegames.views import pages
from league.access import organizer_required
from league.rules.inputs import ascii_whole_or_none

TABLE = "housegames/uth/table.html"
CALCULATOR = "housegames/uth/calculator.html"


def _table_response(request: HttpRequest, bankroll: Bankroll) -> HttpResponse:
    """After a write: the table's main part for htmx, a redirect (PRG) otherwise."""
    if not request.htmx:
        return redirect("uth_table")
    slip = uth_play.BetSlip.from_session(request.session)
    return render(request, TABLE + "#table-main", pages.table_context(bankroll, slip))


def _decide_overdue(request: HttpRequest, bankroll: Bankroll) -> None:
    """Decisions whose time ran out are made first (docs/rules.md, "Decision time"), and the guest is told."""
    for verb in uth_play.decide_overdue(bankroll=bankroll):
        messages.info(request, str(pages.TIMEOUT_MESSAGES[verb]))


@require_GET
@vary_on_headers("HX-Request")
def uth_table(request: HttpRequest) -> HttpResponse:
    with bankroll_to_look_at(request) as bankroll:
        if bankroll.pk and bankroll.session_key:
            _decide_overdue(request, bankroll)
        slip = uth_play.BetSlip.from_session(request.session)
        template = TABLE + "#table-main" if request.htmx else TABLE
        context = pages.table_context(bankroll, slip)
        if request.user.is_staff:
            context["rounds_in_play"] = uth_play.rounds_in_play()
        return render(request, template, context)


@require_POST
def uth_slip(request: HttpRequest) -> HttpResponse:
    """The chip buttons and switches of the bet slip (kept in the session: no bankroll until the deal)."""
    slip = uth_play.BetSlip.from_session(request.session)
    try:
        slip.change(request.POST.get("change", ""))
    except uth_play.UthPlayError as error:
        messages.error(request, str(error))
    else:
        slip.save(request.session)
    with bankroll_to_look_at(request) as bankroll:
        return _table_response(request, bankroll)


@require_POST
def uth_deal(request: HttpRequest) -> HttpResponse:
    bankroll = bankroll_for(request)
    slip = uth_play.BetSlip.from_session(request.session)
    try:
        uth_play.start_round(bankroll=bankroll, slip=slip)
    except uth_play.UthPlayError as error:
        messages.error(request, str(error))
    return _table_response(request, bankroll)


@require_POST
def uth_decide(request: HttpRequest, round_id: int) -> HttpResponse:
    bankroll = bankroll_for(request)
    seen = ascii_whole_or_none(request.POST.get("seen"), max_digits=9)  # a form without it is stale by definition
    if seen is None:
        seen = -1
    _decide_overdue(request, bankroll)
    try:
        uth_play.make_decision(
            bankroll=bankroll, round_id=round_id, decision=request.POST.get("decision", ""), seen=seen
        )
    except uth_play.StaleRound as error:
        messages.warning(request, str(error))
    except uth_play.UthPlayError as error:
        messages.error(request, str(error))
    return _table_response(request, bankroll)


@require_POST
def uth_top_up(request: HttpRequest) -> HttpResponse:
    bankroll = bankroll_for(request)
    try:
        uth_play.top_up(bankroll=bankroll)
    except uth_play.UthPlayError as error:
        messages.error(request, str(error))
    return _table_response(request, bankroll)


@require_GET
def uth_round(request: HttpRequest, round_id: int) -> HttpResponse:
    """One of the guest's rounds: while in play, the table; once settled, its settlement and ledger rows."""
    bankroll = existing_bankroll(request)
    if bankroll is None:
        raise Http404
    _decide_overdue(request, bankroll)
    uth_round = uth_play.round_for(bankroll, round_id)
    if uth_round is None:
        raise Http404
    if uth_round.status != uth_round.Status.SETTLED:
        return redirect("uth_table")
    return render(
        request,
        "housegames/uth/round.html",
        {
            "round": pages.round_view(uth_round, bankroll.balance()),
            "ledger": pages.ledger(bankroll, round_id),
        },
    )


@organizer_required
@require_http_methods(["GET", "POST"])
def uth_abort(request: HttpRequest, round_id: int) -> HttpResponse:
    """An organizer voids a round that a fault interrupted (docs/rules.md, "A round that a fault interrupts is void");
    a confirmation with the reason first."""
    uth_round = get_object_or_404(UthRound, pk=round_id)
    error = ""
    if request.method == "POST":
        try:
            uth_play.abort_round(round_id=round_id, by=request.user, reason=request.POST.get("reason", ""))
        except uth_play.UthPlayError as refused:
            error = str(refused)
        else:
            messages.success(
                request, _("Round %(id)s is aborted: every bet went back to the guest.") % {"id": round_id}
            )
            return redirect("uth_table")
    return render(
        request,
        "housegames/uth/abort.html",
        {"uth_round": uth_round, "error": error, "reason": request.POST.get("reason", "")},
    )


@require_GET
@vary_on_headers("HX-Request")
def uth_calculator(request: HttpRequest) -> HttpResponse:
    """The live-table calculator: a dealer enters the cards and bets of
    several boxes and reads each bet's payout. No login, no side effects."""
    form = CalculatorForm(request.GET or None)
    result = form.calculate() if form.is_bound and form.is_valid() else None
    if result is not None:
        result = pages.calculator_result(result)
    template = CALCULATOR + "#calc-main" if request.htmx else CALCULATOR
    return render(request, template, {"form": form, "result": result})
