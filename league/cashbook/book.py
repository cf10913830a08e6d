"""The cash book (Kassenbuch): every movement of the league's cash, a running balance per box,
closing a night's cash against a count. The season jackpot's payout, which needs the standings, is
results/payout.py; its payments are stored lines here.

Lines come from two places. Derived lines are read from the rows the desk and
the jackpot already keep, so they can never disagree with them: each paid
entry's fee (+, organizer's box), each refund (-, organizer's box), each
confirmed jackpot deposit (- organizer's box, + jackpot fund at the café
register). Stored lines (`CashLine`) are what those rows lack: other receipts
and expenses, counting differences, season payouts and reversals. Nothing is
ever edited or deleted; a reversal names the line it reverses, once.

Every line has a reference: ``fee-<entry>``, ``refund-<entry>``,
``deposit-out-<deposit>``, ``deposit-in-<deposit>``, ``line-<cash line>``.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from league.desk import services as league_services
from league.models import (
    CashBox,
    CashCount,
    CashLine,
    Entry,
    JackpotDeposit,
    LineKind,
    Night,
    NightStatus,
    PaymentMethod,
    Season,
)
from league.web.money import cents, format_money

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
# Euro notes and coins, largest first, as counted into the box.
DENOMINATIONS = tuple(
    Decimal(d)
    for d in ("500", "200", "100", "50", "20", "10", "5", "2", "1", "0.50", "0.20", "0.10", "0.05", "0.02", "0.01")
)
BOXES = (CashBox.ORGANIZER, CashBox.REGISTER)


class CashError(Exception):
    """A rule was broken; the message is shown to the organizer as it is and nothing was booked."""


@dataclass(frozen=True)
class Line:
    """One line of the cash book, derived or stored, with its box's balance after it."""

    ref: str
    box: str
    kind: str
    amount: Decimal
    at: datetime.datetime
    season_id: int
    night_id: int | None
    night_date: datetime.date | None
    by: str
    text: str
    player_id: int | None = None
    method: str = ""
    reverses: str = ""
    reversed_by: str = ""
    balance: Decimal = ZERO
    # The other line of a reversal as people read it (the refs such as "fee-12" are for the book's own links)
    reverses_label: str = ""
    reversed_by_label: str = ""
    # A fee whose entry holds a seat or was refunded: it stands with its entry (reversal_refusal says why).
    tied: bool = False

    @property
    def label(self) -> str:
        """The line as a person names it: what, whose, when."""
        when = formats.date_format(timezone.localtime(self.at), "SHORT_DATETIME_FORMAT")
        return f"{self.kind_label}: {self.text} ({when})"

    @property
    def stored(self) -> bool:
        return self.ref.startswith("line-")

    @property
    def kind_label(self) -> str:
        return LineKind(self.kind).label

    @property
    def box_label(self) -> str:
        return CashBox(self.box).label

    @property
    def method_label(self) -> str:
        return PaymentMethod(self.method).label if self.method else ""

    @property
    def day(self) -> datetime.date:
        return timezone.localtime(self.at).date()

    @property
    def reversible(self) -> bool:
        # A deposit goes only as a whole (both halves, reverse_deposit); a count's difference only through a new
        # count; a refund only through the desk (reversal_refusal). A fee may still be refused for its entry.
        return (
            not self.reversed_by
            and not self.tied
            and self.kind not in (LineKind.REVERSAL, LineKind.DIFFERENCE, LineKind.REFUND)
        )

    @property
    def deposit_id(self) -> int | None:
        """The jackpot deposit a deposit line belongs to ("deposit-out-7" and "deposit-in-7": 7)."""
        return int(self.ref.rsplit("-", 1)[1]) if self.kind == LineKind.DEPOSIT else None


# --- reading the book ------------------------------------------------------------------


def _derived_lines(*, night_id: int | None = None, season_id: int | None = None) -> list[Line]:
    """Fee, refund and deposit lines from their own rows, as plain values (two queries)."""
    entries = Entry.objects.filter(paid_at__isnull=False)
    deposits = JackpotDeposit.objects.all()
    if night_id is not None:
        entries, deposits = entries.filter(night_id=night_id), deposits.filter(table__night_id=night_id)
    if season_id is not None:
        entries, deposits = (
            entries.filter(night__season_id=season_id),
            deposits.filter(table__night__season_id=season_id),
        )
    lines: list[Line] = []
    for (
        pk,
        fee,
        paid_at,
        received_by,
        refund,
        withdrawn_at,
        withdrawn_by,
        reason,
        season,
        night,
        date,
        player_id,
        name,
        seat,
    ) in entries.order_by().values_list(
        "pk",
        "fee_paid",
        "paid_at",
        "received_by__username",
        "refund_amount",
        "withdrawn_at",
        "withdrawn_by__username",
        "withdrawal_reason",
        "night__season_id",
        "night_id",
        "night__date",
        "player_id",
        "player__name",
        "seat__id",
    ):
        if fee:
            lines.append(
                Line(
                    f"fee-{pk}",
                    CashBox.ORGANIZER,
                    LineKind.FEE,
                    fee,
                    paid_at,
                    season,
                    night,
                    date,
                    received_by or "",
                    name,
                    player_id,
                    tied=seat is not None or refund is not None,
                )
            )
        if refund:
            text = f"{name} ({reason})" if reason else name
            lines.append(
                Line(
                    f"refund-{pk}",
                    CashBox.ORGANIZER,
                    LineKind.REFUND,
                    -refund,
                    withdrawn_at,
                    season,
                    night,
                    date,
                    withdrawn_by or "",
                    text,
                    player_id,
                )
            )
    for pk, amount, at, by, paid_in_by, number, season, night, date in deposits.order_by().values_list(
        "pk",
        "amount",
        "confirmed_at",
        "confirmed_by__username",
        "paid_in_by",
        "table__number",
        "table__night__season_id",
        "table__night_id",
        "table__night__date",
    ):
        if not amount:
            continue
        text = _("Table %(table)s") % {"table": number}
        if paid_in_by:
            text += f" ({paid_in_by})"
        lines.append(
            Line(f"deposit-out-{pk}", CashBox.ORGANIZER, LineKind.DEPOSIT, -amount, at, season, night, date, by, text)
        )
        lines.append(
            Line(f"deposit-in-{pk}", CashBox.REGISTER, LineKind.DEPOSIT, amount, at, season, night, date, by, text)
        )
    return lines


def stored_lines(queryset=None) -> list[Line]:
    lines = []
    rows = (
        (CashLine.objects.all() if queryset is None else queryset)
        .order_by()
        .values_list(
            "pk",
            "box",
            "kind",
            "amount",
            "booked_at",
            "season_id",
            "night_id",
            "night__date",
            "booked_by__username",
            "reason",
            "player_id",
            "player__name",
            "method",
            "reverses",
        )
    )
    for pk, box, kind, amount, at, season, night, date, by, reason, player_id, player, method, reverses in rows:
        text = f"{player}: {reason}" if kind == LineKind.PAYOUT and player else reason
        lines.append(
            Line(f"line-{pk}", box, kind, amount, at, season, night, date, by, text, player_id, method, reverses)
        )
    return lines


_KIND_ORDER = {kind: index for index, kind in enumerate(LineKind.values)}


def in_book_order(line: Line) -> tuple:
    return (line.at, _KIND_ORDER[line.kind], line.ref)


def all_lines() -> list[Line]:
    """The whole book in time order, each line with its box's running balance (three queries)."""
    lines = _derived_lines() + stored_lines()
    reversed_by = {line.reverses: line for line in lines if line.reverses}
    by_ref = {line.ref: line for line in lines if line.ref in reversed_by}
    lines.sort(key=in_book_order)
    balance: dict[str, Decimal] = defaultdict(lambda: ZERO)
    booked = []
    for line in lines:
        balance[line.box] += line.amount
        reversal = reversed_by.get(line.ref)
        booked.append(
            replace(
                line,
                balance=balance[line.box],
                reversed_by=reversal.ref if reversal else "",
                reversed_by_label=reversal.label if reversal else "",
                reverses_label=by_ref[line.reverses].label if line.reverses in by_ref else "",
            )
        )
    return booked


def box_balances() -> dict[str, Decimal]:
    """Each box's balance from the money rows with the database's own sums (five queries, no lines built)."""
    fees = cents(Entry.objects.aggregate(t=Sum("fee_paid"))["t"])
    refunds = cents(Entry.objects.aggregate(t=Sum("refund_amount"))["t"])
    deposits = cents(JackpotDeposit.objects.aggregate(t=Sum("amount"))["t"])
    stored = dict(CashLine.objects.order_by().values("box").annotate(t=Sum("amount")).values_list("box", "t"))
    return {
        CashBox.ORGANIZER.value: fees - refunds - deposits + cents(stored.get(CashBox.ORGANIZER.value)),
        CashBox.REGISTER.value: deposits + cents(stored.get(CashBox.REGISTER.value)),
    }


def night_lines(night: Night) -> list[Line]:
    """The night's lines in time order, marked when reversed (four queries; no running balance)."""
    lines = sorted(
        _derived_lines(night_id=night.pk) + stored_lines(CashLine.objects.filter(night=night)), key=in_book_order
    )
    reversals = {
        line.reverses: line for line in stored_lines(CashLine.objects.filter(reverses__in=[line.ref for line in lines]))
    }
    return [
        replace(line, reversed_by=reversals[line.ref].ref, reversed_by_label=reversals[line.ref].label)
        if line.ref in reversals
        else line
        for line in lines
    ]


def balances(lines: list[Line] | None = None) -> dict[str, Decimal]:
    totals = {box.value: ZERO for box in BOXES}
    for line in all_lines() if lines is None else lines:
        totals[line.box] += line.amount
    return totals


@dataclass
class CashBook:
    """A view of the book: the lines that match a filter, with the balances before and after them."""

    lines: list[Line]
    opening: dict[str, Decimal]
    closing: dict[str, Decimal]
    season: Season | None = None
    night: Night | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    box: str = ""

    @property
    def money_in(self) -> Decimal:
        return sum((line.amount for line in self.lines if line.amount > 0), ZERO)

    @property
    def money_out(self) -> Decimal:
        return sum((-line.amount for line in self.lines if line.amount < 0), ZERO)

    @property
    def boxes(self) -> list[tuple[str, str, Decimal, Decimal]]:
        """(box, label, balance before the first line shown, balance after the last)."""
        shown = [b for b in BOXES if not self.box or b == self.box]
        return [(b.value, b.label, self.opening[b.value], self.closing[b.value]) for b in shown]


def cash_book(
    *,
    season: Season | None = None,
    night: Night | None = None,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
    box: str = "",
) -> CashBook:
    """The book filtered by season, night, date range (local days, inclusive) and box.

    Running balances are always those of the whole box, so a filtered page shows the same figures as the full book.
    """
    every = all_lines()

    def matches(line: Line) -> bool:
        return (
            (season is None or line.season_id == season.pk)
            and (night is None or line.night_id == night.pk)
            and (date_from is None or line.day >= date_from)
            and (date_to is None or line.day <= date_to)
            and (not box or line.box == box)
        )

    shown = [line for line in every if matches(line)]
    opening = {b.value: ZERO for b in BOXES}
    closing = {b.value: ZERO for b in BOXES}
    seen: set[str] = set()
    for line in shown:
        if line.box not in seen:
            opening[line.box] = line.balance - line.amount
            seen.add(line.box)
        closing[line.box] = line.balance
    for b in BOXES:  # a box with no line in the filter: its balance at the filter's end
        if b.value not in seen:
            before = [line for line in every if line.box == b.value and (date_to is None or line.day <= date_to)]
            opening[b.value] = closing[b.value] = before[-1].balance if before else ZERO
    return CashBook(shown, opening, closing, season, night, date_from, date_to, box)


def find_line(ref: str) -> Line | None:
    return next((line for line in all_lines() if line.ref == ref), None)


# --- writing: other receipts and expenses, reversals --------------------------------------


def exact_cents(amount: Decimal, *, message: str) -> Decimal:
    try:
        amount = Decimal(amount)
    except (InvalidOperation, TypeError, ValueError):
        raise CashError(message) from None
    if not amount.is_finite() or amount != amount.quantize(CENT):
        raise CashError(message)
    return amount.quantize(CENT)


def _require_open_night(night: Night | None) -> None:
    if night is not None and CashCount.objects.standing().filter(night=night).exists():
        raise CashError(
            _("The cash of %(date)s is closed: book this line without a night, or on the next night.")
            % {"date": night.date.strftime("%d.%m.%Y")}
        )


def closed_night(line: Line) -> bool:
    """Does the line belong to a night whose count stands (a deposit's register half too: it goes with the other)?"""
    touches_box = line.box == CashBox.ORGANIZER or line.kind == LineKind.DEPOSIT
    return (
        line.night_id is not None
        and touches_box
        and CashCount.objects.standing().filter(night_id=line.night_id).exists()
    )


def _refuse_closed_night(line: Line) -> None:
    """A closed night's lines in the organizer's box change only after its count is reopened (recorded)."""
    if closed_night(line):
        raise CashError(
            _(
                "The cash of %(date)s is closed and its count stands: reopen the count first (with a reason), "
                "then reverse the line and count the box again."
            )
            % {"date": line.night_date.strftime("%d.%m.%Y") if line.night_date else ""}
        )


@transaction.atomic
def book_line(
    *, season: Season, box: str, amount: Decimal, reason: str, by: AbstractBaseUser, night: Night | None = None
) -> CashLine:
    """Another receipt (`amount` > 0) or expense (< 0): a deck of cards bought, a float put in the box."""
    amount = exact_cents(amount, message=_("Enter the amount in euros and cents."))
    if not amount:
        raise CashError(_("The amount cannot be zero."))
    if box not in CashBox.values:
        raise CashError(_("Choose the cash box."))
    reason = reason.strip()
    if not reason:
        raise CashError(_("Give a reason for the line."))
    if night is not None:
        if night.season_id != season.pk:
            raise CashError(_("That night belongs to another season."))
        if box == CashBox.ORGANIZER:
            _require_open_night(night)
    return CashLine.objects.create(
        box=box, kind=LineKind.MANUAL, amount=amount, season=season, night=night, booked_by=by, reason=reason[:200]
    )


def entry_id(line: Line) -> int | None:
    """The entry a fee or refund line is read from ("fee-12" and "refund-12": 12)."""
    return int(line.ref.rsplit("-", 1)[1]) if line.kind in (LineKind.FEE, LineKind.REFUND) else None


def reversal_refusal(line: Line) -> str:
    """Why `line` cannot be reversed, in words for the organizer, or "" when it can (a closed night aside:
    `closed_night`, which reopening the count settles)."""
    if line.kind == LineKind.REVERSAL:
        return _("A reversal cannot be reversed; book the line again instead.")
    if line.reversed_by:
        return _("This line was already reversed: %(line)s.") % {"line": line.reversed_by_label}
    if line.kind == LineKind.DIFFERENCE:
        return _("A counting difference belongs to the night's closed count: it cannot be reversed.")
    if line.kind == LineKind.REFUND:
        # Undoing it would make the withdrawn entry paid again, seat or no seat; the desk's own steps say it right.
        name = Entry.objects.filter(pk=entry_id(line)).values_list("player__name", flat=True).first() or ""
        return _(
            "A refund is not reversed in the cash book: it belongs to the withdrawal of %(name)s. If the player "
            "plays after all, register the player again at the desk and take the fee; if the money was never "
            "handed back, book it as a receipt with the reason."
        ) % {"name": name}
    if line.kind == LineKind.FEE:
        entry = Entry.objects.select_related("player").filter(pk=entry_id(line)).first()
        return league_services.fee_reversal_refusal(entry) if entry is not None else ""
    return ""


def registered_again(line: Line) -> bool:
    """After a fee line's reversal: is its player still entered for the night (unpaid, `reverse_fee`)?"""
    return Entry.objects.active().filter(night_id=line.night_id, player_id=line.player_id).exists()


def night_finished(line: Line) -> bool:
    return Night.objects.filter(pk=line.night_id, status=NightStatus.FINISHED).exists()


@transaction.atomic
def reverse_line(*, ref: str, reason: str, by: AbstractBaseUser) -> CashLine | None:
    """Undo a mistake with a new line of the opposite amount that names the line it reverses (once only).

    A fee line goes with its entry (league/desk/services.py reverse_fee: the player unpaid, the jackpot share
    gone) or not at all; a refund line is never reversed (`reversal_refusal` says what to do instead).
    """
    reason = reason.strip()
    if not reason:
        raise CashError(_("Give a reason for the reversal."))
    line = find_line(ref)
    if line is None:
        raise CashError(_("There is no cash book line %(ref)s.") % {"ref": ref})
    refusal = reversal_refusal(line)
    if refusal:
        raise CashError(refusal)
    _refuse_closed_night(line)
    if line.kind == LineKind.DEPOSIT:
        # Its two halves move one sum from the box to the register; one half alone would count it twice.
        return reverse_deposit(deposit_id=line.deposit_id, reason=reason, by=by)
    if line.kind == LineKind.FEE:
        try:
            league_services.reverse_fee(entry_id=entry_id(line), by=by, reason=reason)
        except league_services.LeagueError as error:  # changed by another desk since the book was read
            raise CashError(str(error)) from error
    try:
        with transaction.atomic():
            return CashLine.objects.create(
                box=line.box,
                kind=LineKind.REVERSAL,
                amount=-line.amount,
                season_id=line.season_id,
                night_id=line.night_id,
                booked_by=by,
                reason=reason[:200],
                player_id=line.player_id if line.kind == LineKind.PAYOUT else None,
                method=line.method,
                reverses=line.ref,
            )
    except IntegrityError as error:
        raise CashError(_("This line was already reversed.")) from error


@transaction.atomic
def reverse_deposit(*, deposit_id: int, reason: str, by: AbstractBaseUser) -> CashLine | None:
    """A mistaken jackpot deposit undone as a whole: both halves reversed together (the sum back in the
    organizer's box, out of the fund), the deposit marked reversed (who, when, why), the table owing its
    sum again. Returns the organizer's box half."""
    reason = reason.strip()
    if not reason:
        raise CashError(_("Give a reason for the reversal."))
    deposit = (
        JackpotDeposit.objects.select_for_update(of=("self",))
        .select_related("table__night__season")
        .filter(pk=deposit_id)
        .first()
    )
    if deposit is None:
        raise CashError(_("There is no cash book line %(ref)s.") % {"ref": f"deposit-out-{deposit_id}"})
    if deposit.is_reversed:
        raise CashError(_("This jackpot deposit was already reversed."))
    night = deposit.table.night
    if CashCount.objects.standing().filter(night=night).exists():
        raise CashError(
            _(
                "The cash of %(date)s is closed and its count stands: reopen the count first (with a reason), "
                "then reverse the line and count the box again."
            )
            % {"date": night.date.strftime("%d.%m.%Y")}
        )
    now = timezone.now()
    halves = [
        CashLine(
            box=box,
            kind=LineKind.REVERSAL,
            amount=amount,
            season=night.season,
            night=night,
            booked_at=now,
            booked_by=by,
            reason=reason[:200],
            reverses=f"{side}-{deposit.pk}",
        )
        for box, amount, side in (
            (CashBox.ORGANIZER, deposit.amount, "deposit-out"),
            (CashBox.REGISTER, -deposit.amount, "deposit-in"),
        )
    ]
    deposit.reversed_at, deposit.reversed_by, deposit.reversal_reason = now, by, reason[:200]
    deposit.save(update_fields=["reversed_at", "reversed_by", "reversal_reason"])
    if not deposit.amount:  # a table without jackpot shares: no line to reverse, the mark is the whole reversal
        return None
    try:
        with transaction.atomic():
            CashLine.objects.bulk_create(halves)
    except IntegrityError as error:
        raise CashError(_("This jackpot deposit was already reversed.")) from error
    return halves[0]


# --- closing a night's cash -----------------------------------------------------------------


@dataclass
class NightCash:
    """What the organizer's box should hold at the end of a night, and its count once closed."""

    night: Night
    lines: list[Line]  # the night's lines in the organizer's box
    brought_forward: Decimal  # the box before tonight: the float and earlier nights
    fees: Decimal
    refunds: Decimal
    deposits: Decimal
    other: Decimal
    count: CashCount | None
    tables_without_deposit: int = 0

    @property
    def expected(self) -> Decimal:
        return self.brought_forward + self.fees - self.refunds - self.deposits + self.other

    @property
    def closed(self) -> bool:
        return self.count is not None


def night_cash(night: Night) -> NightCash:
    tonight = [line for line in night_lines(night) if line.box == CashBox.ORGANIZER]
    count = CashCount.objects.standing().filter(night=night).select_related("counted_by").first()
    if count is not None and count.difference_line_id:
        # The count's own difference line is its result, not part of what was expected.
        expected_lines = [line for line in tonight if line.ref != f"line-{count.difference_line_id}"]
    else:
        expected_lines = tonight
    total = box_balances()[CashBox.ORGANIZER.value]

    def of(kind: str) -> Decimal:
        return sum((line.amount for line in expected_lines if line.kind == kind), ZERO)

    tables = night.tables.count()
    deposits = JackpotDeposit.objects.standing().filter(table__night=night).count()
    return NightCash(
        night=night,
        lines=tonight,
        brought_forward=total - sum((line.amount for line in tonight), ZERO),
        fees=of(LineKind.FEE),
        refunds=-of(LineKind.REFUND),
        deposits=-of(LineKind.DEPOSIT),
        other=sum((line.amount for line in expected_lines if line.stored), ZERO),
        count=count,
        tables_without_deposit=tables - deposits,
    )


def count_denominations(denominations: Mapping[str, int] | None) -> tuple[dict[str, int], Decimal | None]:
    """The counted pieces (only those with a count) and their total; None when nothing was counted."""
    pieces: dict[str, int] = {}
    known = {format(d, "f"): d for d in DENOMINATIONS}
    for key, number in (denominations or {}).items():
        if key not in known:
            raise CashError(_("%(value)s is not a euro note or coin.") % {"value": key})
        if number is None or number == 0:
            continue
        if not isinstance(number, int) or number < 0:
            raise CashError(_("Count each note and coin as a whole number, 0 or more."))
        pieces[key] = number
    if not pieces:
        return {}, None
    return pieces, sum((known[key] * n for key, n in pieces.items()), ZERO).quantize(CENT)


@transaction.atomic
def close_night_cash(
    *,
    night: Night,
    by: AbstractBaseUser,
    counted: Decimal | None = None,
    denominations: Mapping[str, int] | None = None,
    reason: str = "",
    witness: str = "",
) -> CashCount:
    """Record the count of the organizer's box for the night.

    A count that differs from what the books expect is refused without a
    reason; with one, the difference is booked so the box's balance equals the
    count from now on.
    """
    night = Night.objects.select_for_update().select_related("season").get(pk=night.pk)
    existing = CashCount.objects.standing().filter(night=night).select_related("counted_by").first()
    if existing is not None:
        raise CashError(
            _("The cash of this night was already closed by %(who)s at %(time)s.")
            % {
                "who": existing.counted_by.get_username(),
                "time": timezone.localtime(existing.counted_at).strftime("%d.%m.%Y %H:%M"),
            }
        )
    pieces, from_pieces = count_denominations(denominations)
    if counted is None:
        counted = from_pieces
    if counted is None:
        raise CashError(_("Enter the counted total (or count the notes and coins)."))
    counted = exact_cents(counted, message=_("Enter the counted total in euros and cents."))
    if counted < 0:
        raise CashError(_("The counted total cannot be negative."))
    if from_pieces is not None and from_pieces != counted:
        raise CashError(
            _("The notes and coins add up to %(pieces)s, but the total says %(total)s.")
            % {"pieces": format_money(from_pieces), "total": format_money(counted)}
        )
    expected = night_cash(night).expected
    difference = counted - expected
    reason = reason.strip()
    if difference and not reason:
        raise CashError(
            _(
                "The count differs from the expected %(expected)s by %(difference)s: give a reason to close with a difference."
            )
            % {"expected": format_money(expected), "difference": format_money(difference)}
        )
    try:
        with transaction.atomic():
            line = None
            if difference:
                line = CashLine.objects.create(
                    box=CashBox.ORGANIZER,
                    kind=LineKind.DIFFERENCE,
                    amount=difference,
                    season=night.season,
                    night=night,
                    booked_by=by,
                    reason=reason[:200],
                )
            return CashCount.objects.create(
                night=night,
                expected=expected,
                counted=counted,
                difference=difference,
                denominations=pieces,
                reason=reason[:200],
                witness=witness.strip()[:120],
                counted_by=by,
                difference_line=line,
            )
    except IntegrityError as error:  # closed from a second screen a moment ago
        raise CashError(_("The cash of this night was already closed.")) from error


@transaction.atomic
def reopen_night_cash(*, night: Night, by: AbstractBaseUser, reason: str) -> CashCount:
    """Reopen a closed night's count so its lines can be changed: recorded on the count (who, when, why).

    The count and its difference line stay in the book; the night is closed again with a new count, which
    expects what the box holds after the changes.
    """
    reason = reason.strip()
    if not reason:
        raise CashError(_("Give a reason for reopening the count."))
    night = Night.objects.select_for_update().get(pk=night.pk)
    count = CashCount.objects.standing().filter(night=night).first()
    if count is None:
        raise CashError(_("The cash of this night is not closed: there is no count to reopen."))
    count.reopened_at, count.reopened_by, count.reopen_reason = timezone.now(), by, reason[:200]
    count.save(update_fields=["reopened_at", "reopened_by", "reopen_reason"])
    return count


def reopened_counts(night: Night) -> list[CashCount]:
    """The night's earlier counts that were reopened, oldest first (who counted, who reopened, why)."""
    return list(
        CashCount.objects.filter(night=night, reopened_at__isnull=False)
        .select_related("counted_by", "reopened_by")
        .order_by("counted_at", "pk")
    )
