"""The Imperial Poker table against the house. Thin: parse the request, call housegames.services.imperial, render.

Every write is a POST form that also works without JavaScript (it redirects
back to the table); with htmx the same view answers with the table's main
partial instead.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from housegames.models import Bankroll, ImperialRound
from housegames.services import imperial as imperial_play
from housegames.services.bankroll import bankroll_for, bankroll_to_look_at, existing_bankroll
from league.rules.inputs import ascii_whole_or_none

TEMPLATE = "housegames/imperial/table.html"
CONFIRM_SESSION_KEY = "imperial_confirm"
_VERBS = {"buy", "exchange", "insure", "bet", "fold", "reveal", "go_on"}


@require_GET
@vary_on_headers("HX-Request")
def imperial_table(request: HttpRequest) -> HttpResponse:
    with bankroll_to_look_at(request) as bankroll:
        template = TEMPLATE + "#table-main" if request.htmx else TEMPLATE
        return render(request, template, _table_context(request, bankroll))


@require_POST
def imperial_slip(request: HttpRequest) -> HttpResponse:
    """Chip buttons: choose a chip, put it on a box's ante or bonus, clear, rebet (the slip lives in the session:
    no bankroll until the deal)."""
    with bankroll_to_look_at(request) as bankroll:
        slip = imperial_play.read_slip(request.session)
        try:
            if "chip" in request.POST:
                imperial_play.choose_chip(slip, _int(request.POST["chip"]))
            op = request.POST.get("op", "")
            if op.startswith("add-"):
                _add, spot, box = op.split("-", 2)
                imperial_play.add_chip(slip, box=_int(box), spot=spot)
            elif op == "clear":
                imperial_play.clear_slip(slip)
            elif op == "rebet":
                imperial_play.rebet(slip, bankroll)
            elif op:
                raise ValueError(op)  # not a button of the table
        except (imperial_play.ImperialPlayError, ValueError) as error:
            messages.error(
                request,
                str(error)
                if isinstance(error, imperial_play.ImperialPlayError)
                else _("That request could not be read."),
            )
        imperial_play.write_slip(request.session, slip)
        return _after_write(request, bankroll)


@require_POST
def imperial_deal(request: HttpRequest) -> HttpResponse:
    bankroll = bankroll_for(request)
    slip = imperial_play.read_slip(request.session)
    try:
        imperial_play.start_round(bankroll=bankroll, stakes=imperial_play.slip_stakes(slip))
    except imperial_play.ImperialPlayError as error:
        messages.error(request, str(error))
    # The slip stays as it was: the next round offers the same bets ("Clear" empties it).
    return _after_write(request, bankroll)


@require_POST
def imperial_act(request: HttpRequest, round_id: int) -> HttpResponse:
    """One action of the guest in his round: buy, exchange, insure, bet, fold, reveal, go on."""
    bankroll = bankroll_for(request)
    request.session.pop(CONFIRM_SESSION_KEY, None)
    try:
        action, seen = _parse_action(request)
    except ValueError:
        messages.error(request, _("That request could not be read."))
        return _after_write(request, bankroll)
    try:
        imperial_play.play(bankroll=bankroll, round_id=round_id, action=action, seen=seen)
    except imperial_play.LastCardNeedsConfirmation as warning:
        request.session[CONFIRM_SESSION_KEY] = {"round": round_id, "seen": seen, "action": action}
        messages.warning(request, str(warning))
    except imperial_play.ImperialPlayError as error:
        messages.error(request, str(error))
    return _after_write(request, bankroll)


@require_GET
def imperial_round(request: HttpRequest, round_id: int) -> HttpResponse:
    """One round of the guest's history, as it was settled."""
    bankroll = existing_bankroll(request)
    if bankroll is None:
        raise Http404
    round_ = _get_round_or_404(bankroll, round_id)
    if round_.status == ImperialRound.Status.ACTIVE:
        return redirect("imperial_table")  # a round in play is played at the table
    return render(
        request,
        "housegames/imperial/round.html",
        {
            "bankroll": bankroll,
            "round": imperial_play.describe_round(round_),
            "totals": imperial_play.round_totals(round_),
        },
    )


def _get_round_or_404(bankroll: Bankroll, round_id: int) -> ImperialRound:
    round_ = ImperialRound.objects.filter(bankroll=bankroll, pk=round_id).first()
    if round_ is None:
        raise Http404(_("There is no such round at your table."))
    return round_


def _after_write(request: HttpRequest, bankroll: Bankroll) -> HttpResponse:
    """htmx: the table's main part at once; without JavaScript: back to the table (PRG)."""
    if not request.htmx:
        return redirect("imperial_table")
    return render(request, TEMPLATE + "#table-main", _table_context(request, bankroll))


def _table_context(request: HttpRequest, bankroll: Bankroll) -> dict:
    active = imperial_play.active_round(bankroll)
    latest = active or imperial_play.latest_round(bankroll)
    slip = imperial_play.read_slip(request.session)
    rules = imperial_play.table_rules()
    confirm = request.session.get(CONFIRM_SESSION_KEY)
    round_view = imperial_play.describe_round(latest) if latest else None
    if confirm and not (
        round_view and confirm.get("round") == round_view["id"] and confirm.get("seen") == round_view["seen"]
    ):
        confirm = None
    return {
        "bankroll": bankroll,
        "balance": bankroll.balance(),
        "round": round_view,
        "in_play": active is not None,
        "confirm": confirm,
        "slip": slip,
        "slip_boxes": _slip_boxes(slip, rules.max_open),
        "slip_total": imperial_play.slip_total(slip),
        "chips": imperial_play.CHIPS,
        "rules": rules,
        "history": imperial_play.history(bankroll),
        "pay_table": imperial_play.pay_table(),
    }


def _slip_boxes(slip: dict, max_open: int) -> list[dict]:
    """The four spots; the first two with an ante play open, later ones blind."""
    spots = []
    antes_so_far = 0
    for number, (ante, bonus) in enumerate(slip["boxes"], start=1):
        antes_so_far += 1 if ante else 0
        blind = antes_so_far > max_open if ante else number > max_open
        spots.append({"number": number, "ante": ante, "bonus": bonus, "blind": blind})
    return spots


def _int(value) -> int:
    """A chip or box number typed with 0-9 (int() would take "١٢" as 12); ValueError otherwise."""
    number = ascii_whole_or_none(str(value), max_digits=9)
    if number is None:
        raise ValueError(value)
    return number


def _parse_action(request: HttpRequest) -> tuple[dict, int]:
    """The action a form posts; ValueError for anything malformed."""
    post = request.POST
    verb = post.get("action", "")
    if verb not in _VERBS:
        raise ValueError(verb)
    seen = _int(post.get("seen", ""))
    action: dict = {"action": verb}
    if verb in ("buy", "exchange", "insure", "bet", "fold"):
        action["box"] = _int(post.get("box", ""))
    if verb == "exchange":
        action["cards"] = post.getlist("cards")
    if verb == "insure":
        action["amount"] = _int(post.get("amount", ""))
    if verb == "go_on":
        action["exchange"] = [_int(n) for n in post.getlist("exchange_box")]
    if verb in ("buy", "exchange") and post.get("confirm_last_card") == "1":
        action["confirm_last_card"] = True
    return action, seen
