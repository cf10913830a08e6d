"""Does the cash book balance? What `manage.py check_league` asks of the book (read-only).

- Each box's balance is the same added up line by line (the book the pages show) and summed by the
  database from the money rows (the figures the night's cash and the jackpot pages use).
- Each reversal names a line of the book that is no reversal itself, in the same box, with the
  opposite amount; never a counting difference (a difference belongs to its count).
- A jackpot deposit is reversed whole or not at all: both halves reversed exactly when the deposit is
  marked reversed (one half alone would count the sum twice).
- A fee line and its entry agree: a reversed fee belongs to an entry closed without a refund and without a
  seat (the player unpaid, the jackpot share gone; league/desk/services.py reverse_fee), a standing one to an
  entry that is paid or refunded; a refund line is never reversed. Each finding names the player and the night.
- Each closed night's count adds up: the difference is counted less expected, booked as one
  counting-difference line of that amount in the organizer's box on that night (none when the count
  matched), and what the count expected is what the book held in that box when the count was made.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q
from django.utils import formats
from django.utils.translation import gettext as _

from league.cashbook import book
from league.models import CashBox, CashCount, Entry, JackpotDeposit, LineKind
from league.web.money import format_money


@dataclass(frozen=True)
class Finding:
    where: str
    text: str


@dataclass
class Counts:
    lines: int = 0
    counts: int = 0


def audit_cash_book(counts: Counts) -> Iterator[Finding]:
    lines = book.all_lines()  # in book order, with each box's running balance
    counts.lines = len(lines)
    where = _("Cash book")
    summed = book.box_balances()
    added = book.balances(lines)
    for box in book.BOXES:
        if summed[box.value] != added[box.value]:
            yield Finding(
                where,
                _("%(box)s: the lines add up to %(lines)s, the money rows to %(rows)s.")
                % {
                    "box": box.label,
                    "lines": format_money(added[box.value]),
                    "rows": format_money(summed[box.value]),
                },
            )
    by_ref = {line.ref: line for line in lines}
    for line in lines:
        if line.kind != LineKind.REVERSAL:
            continue
        target = by_ref.get(line.reverses)
        if target is None:
            yield Finding(
                where,
                _("Line %(ref)s reverses %(target)s, which the book does not hold.")
                % {"ref": line.ref, "target": line.reverses},
            )
        elif target.kind == LineKind.REVERSAL or target.box != line.box or target.amount != -line.amount:
            yield Finding(
                where,
                _("Line %(ref)s does not reverse %(target)s: another box, another amount, or a reversal.")
                % {
                    "ref": line.ref,
                    "target": target.ref,
                },
            )
        elif target.kind == LineKind.DIFFERENCE:  # half a deposit: _deposits below
            yield Finding(
                where,
                _(
                    "Line %(ref)s reverses %(target)s, which cannot be reversed alone: a jackpot deposit goes only as a "
                    "whole, a counting difference belongs to its night's count."
                )
                % {"ref": line.ref, "target": target.ref},
            )
    yield from _deposits(lines)
    yield from _entries(lines)
    yield from _counts(lines, counts)


def _deposits(lines: list[book.Line]) -> Iterator[Finding]:
    reversed_refs = {line.reverses for line in lines if line.reverses}
    for pk, amount, reversed_at in JackpotDeposit.objects.filter(amount__gt=0).values_list(
        "pk", "amount", "reversed_at"
    ):
        halves = {f"deposit-out-{pk}" in reversed_refs, f"deposit-in-{pk}" in reversed_refs}
        if halves != {reversed_at is not None}:
            yield Finding(
                _("Cash book"),
                _(
                    "The jackpot deposit of %(amount)s (deposit-out-%(pk)s, deposit-in-%(pk)s) is reversed in one box only, "
                    "or its reversal and its mark disagree."
                )
                % {"amount": format_money(amount), "pk": pk},
            )


def _entries(lines: list[book.Line]) -> Iterator[Finding]:
    """The fee and refund lines against their entries (one query: the entries whose lines are reversed, and those
    closed without a refund, with the table of their seat if any)."""
    reversed_refs = {line.reverses for line in lines if line.reverses}
    fee_reversed = {book.entry_id(line) for line in lines if line.kind == LineKind.FEE and line.ref in reversed_refs}
    refund_reversed = {
        book.entry_id(line) for line in lines if line.kind == LineKind.REFUND and line.ref in reversed_refs
    }
    rows = (
        Entry.objects.filter(paid_at__isnull=False)
        .filter(
            Q(pk__in=fee_reversed | refund_reversed)
            | Q(withdrawn_at__isnull=False, refund_amount__isnull=True, fee_paid__gt=0)
        )
        .order_by("night__date", "player__name", "pk")
        .values_list("pk", "withdrawn_at", "refund_amount", "seat__table__number", "player__name", "night__date")
    )
    for pk, withdrawn_at, refund, table, name, date in rows:
        where = _("Cash book, night of %(date)s") % {"date": formats.date_format(date, "SHORT_DATE_FORMAT")}
        facts = {"name": name, "fee": f"fee-{pk}", "refund": f"refund-{pk}", "table": table}
        if pk in refund_reversed:
            yield Finding(
                where,
                _("%(name)s: the refund line %(refund)s is reversed, but the entry stays withdrawn with its refund.")
                % facts,
            )
        if pk not in fee_reversed:
            if withdrawn_at is not None and refund is None:
                yield Finding(
                    where,
                    _(
                        "%(name)s: the entry was closed without a refund (its fee reversed), but the fee line %(fee)s stands."
                    )
                    % facts,
                )
        elif table is not None:
            yield Finding(
                where,
                _(
                    "%(name)s: the fee line %(fee)s is reversed, but the player still has a seat at table %(table)s, "
                    "whose jackpot sum counts the share."
                )
                % facts,
            )
        elif withdrawn_at is None:
            yield Finding(
                where,
                _(
                    "%(name)s: the fee line %(fee)s is reversed, but the entry still counts as paid, with its jackpot share."
                )
                % facts,
            )
        elif refund is not None:
            yield Finding(
                where,
                _("%(name)s: the fee line %(fee)s is reversed and the entry refunded as well: the fee went back twice.")
                % facts,
            )


def _counts(lines: list[book.Line], counts: Counts) -> Iterator[Finding]:
    organizer = [line for line in lines if line.box == CashBox.ORGANIZER]
    for count in CashCount.objects.select_related("night", "difference_line").order_by("counted_at", "pk"):
        counts.counts += 1
        where = _("Cash of %(date)s") % {"date": formats.date_format(count.night.date, "SHORT_DATE_FORMAT")}
        if count.difference != count.counted - count.expected:
            yield Finding(where, _("The difference is not the counted total less the expected one."))
        line = count.difference_line
        if (line is None) != (count.difference == 0) or (
            line is not None
            and (
                line.amount != count.difference
                or line.kind != LineKind.DIFFERENCE
                or line.box != CashBox.ORGANIZER
                or line.night_id != count.night_id
            )
        ):
            yield Finding(
                where,
                _("The counting difference of %(difference)s is not booked as one line of that amount on that night.")
                % {
                    "difference": format_money(count.difference),
                },
            )
        own = f"line-{count.difference_line_id}" if count.difference_line_id else ""
        held = sum(
            (line.amount for line in organizer if line.at <= count.counted_at and line.ref != own), Decimal("0.00")
        )
        if held != count.expected:
            yield Finding(
                where,
                _("The count expected %(expected)s, but the book held %(held)s in the organizer's box at that moment.")
                % {
                    "expected": format_money(count.expected),
                    "held": format_money(held),
                },
            )
