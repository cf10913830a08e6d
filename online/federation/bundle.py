"""A finished night as one bundle for the league's server (docs/design.md, "Venues that play offline"): its rows
by league-wide uid and by place (table number, seat position, hand number), never by the laptop's own ids, which
mean nothing on the server. Decimals, dates and times are strings, so the canonical bytes read back the same.

`build` reads the night in a fixed number of queries (however many hands); `encode` gives the bytes the laptop
signs and the server checks, `decode` reads them back."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q, Sum

from league.models import CashCount, CashLine, Entry, JackpotDeposit, Night, PaperSheet
from online.federation import signing
from tournaments.models import Action, Hand, Placement, Seat, Table

__all__ = ["FORMAT", "MAX_BYTES", "build", "decode", "encode"]

# The bundle's own layout; the server refuses a layout it does not read.
FORMAT = 1
# The largest bundle the server takes: a long night of 60 players with every hand tracked is well under 5 MB.
MAX_BYTES = 20 * 1024 * 1024


def _text(value: Any) -> str | None:
    """A decimal, date, time or datetime as its ISO string (None stays None)."""
    if value is None:
        return None
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    return str(value)


def _money(value: Decimal | None) -> str:
    return str(value if value is not None else Decimal("0.00"))


def build(night: Night, *, version: int = 1, correction: dict[str, str] | None = None) -> dict[str, Any]:
    """The night as plain JSON values. `version` 1 first, a higher one with `correction` ({"by", "why"})."""
    night = Night.objects.select_related("season", "venue").get(pk=night.pk)
    entries = list(Entry.objects.filter(night=night).select_related("player").order_by("registered_at", "id"))
    entry_index = {entry.pk: index for index, entry in enumerate(entries)}
    players = {entry.player.uid: entry.player for entry in entries}
    tables = list(Table.objects.filter(night=night).order_by("number"))
    seats = list(Seat.objects.filter(table__night=night).order_by("table__number", "position"))
    position = {seat.pk: seat.position for seat in seats}
    hands = list(Hand.objects.filter(table__night=night).order_by("table_id", "number"))
    hand_number = {hand.pk: hand.number for hand in hands}
    actions: dict[int, list] = {}
    for action in Action.objects.filter(hand__table__night=night).order_by("hand_id", "index"):
        actions.setdefault(action.hand_id, []).append([action.index, position[action.seat_id], action.verb, action.to])
    placements = list(Placement.objects.filter(table__night=night).order_by("seat__position"))
    deposits = list(JackpotDeposit.objects.filter(table__night=night).order_by("confirmed_at", "id"))
    sheets = {sheet.table_id: sheet for sheet in PaperSheet.objects.filter(table__night=night)}

    def hand_row(hand: Hand) -> dict[str, Any]:
        return {
            "number": hand.number,
            "button": position[hand.button_id],
            "level": hand.level,
            "small_blind": hand.small_blind,
            "big_blind": hand.big_blind,
            "ante": hand.ante,
            "ante_by": hand.ante_by,
            "min_bet_rule": hand.min_bet_rule,
            "players": [{**player, "seat": position[player["seat"]]} for player in hand.players],
            "status": hand.status,
            "board": hand.board,
            "hole_cards": hand.hole_cards,
            "pot_winners": hand.pot_winners,
            "final_stacks": (
                {str(position[int(seat)]): chips for seat, chips in hand.final_stacks.items()}
                if hand.final_stacks is not None
                else None
            ),
            "result": hand.result,
            "started_at": _text(hand.started_at),
            "finished_at": _text(hand.finished_at),
            "actions": actions.get(hand.pk, []),
        }

    def table_row(table: Table) -> dict[str, Any]:
        sheet = sheets.get(table.pk)
        return {
            "number": table.number,
            "status": table.status,
            "first_dealer": position.get(table.first_dealer_id) if table.first_dealer_id else None,
            "first_dealer_draw": table.first_dealer_draw,
            "finished_at": _text(table.finished_at),
            "paper_sheet": _text(sheet.entered_at) if sheet else None,
            "seats": [
                {
                    "position": seat.position,
                    "entry": entry_index[seat.entry_id],
                    "starting_stack": seat.starting_stack,
                    "sitting_out": seat.sitting_out,
                    "late_entry": seat.late_entry,
                }
                for seat in seats
                if seat.table_id == table.pk
            ],
            "placements": [
                {
                    "seat": position[placement.seat_id],
                    "place": placement.place,
                    "reason": placement.reason,
                    "hand": hand_number.get(placement.hand_id) if placement.hand_id else None,
                    "chips_removed": placement.chips_removed,
                    "knockouts": placement.knockouts,
                    "decided_at": _text(placement.decided_at),
                }
                for placement in placements
                if placement.table_id == table.pk
            ],
            "deposits": [
                {
                    "amount": _text(deposit.amount),
                    "paid_in_by": deposit.paid_in_by,
                    "confirmed_at": _text(deposit.confirmed_at),
                    "reversed_at": _text(deposit.reversed_at),
                    "reversal_reason": deposit.reversal_reason,
                }
                for deposit in deposits
                if deposit.table_id == table.pk
            ],
            "hands": [hand_row(hand) for hand in hands if hand.table_id == table.pk],
        }

    bundle: dict[str, Any] = {
        "format": FORMAT,
        "version": version,
        "venue": str(night.venue.uid),
        "night": {
            "uid": str(night.uid),
            "season": str(night.season.uid),
            "date": _text(night.date),
            "starts_at": _text(night.starts_at),
            "status": night.status,
        },
        # Every player of the night, whole: the server creates those it does not know and checks the others.
        "players": [
            {
                "uid": str(player.uid),
                "name": player.name,
                "nickname": player.nickname,
                "date_of_birth": _text(player.date_of_birth),
                "id_checked_adult": player.id_checked_adult,
            }
            for player in sorted(players.values(), key=lambda player: str(player.uid))
        ],
        "entries": [
            {
                "player": str(entry.player.uid),
                "registered_at": _text(entry.registered_at),
                "fee_paid": _text(entry.fee_paid),
                "jackpot_share": _text(entry.jackpot_share),
                "paid_at": _text(entry.paid_at),
                "withdrawn_at": _text(entry.withdrawn_at),
                "refund_amount": _text(entry.refund_amount),
                "withdrawal_reason": entry.withdrawal_reason,
            }
            for entry in entries
        ],
        "tables": [table_row(table) for table in tables],
        "cash": cash_summary(night),
    }
    if correction is not None:
        bundle["correction"] = {"by": correction["by"], "why": correction["why"]}
    return bundle


def cash_summary(night: Night) -> dict[str, Any]:
    """What the night's money came to: the venue's cash book stays on its laptop, the league reads the sums."""
    fees = Entry.objects.filter(night=night).aggregate(
        fees=Sum("fee_paid", filter=Q(paid_at__isnull=False)),
        jackpot=Sum("jackpot_share", filter=Q(paid_at__isnull=False, withdrawn_at__isnull=True)),
        refunds=Sum("refund_amount"),
        paid=Count("id", filter=Q(paid_at__isnull=False, withdrawn_at__isnull=True)),
    )
    deposited = JackpotDeposit.objects.standing().filter(table__night=night).aggregate(total=Sum("amount"))["total"]
    lines = (
        CashLine.objects.filter(night=night)
        .values("box", "kind")
        .annotate(total=Sum("amount"), count=Count("id"))
        .order_by("box", "kind")
    )
    count = CashCount.objects.standing().filter(night=night).first()
    return {
        "paid_entries": fees["paid"],
        "fees": _money(fees["fees"]),
        "refunds": _money(fees["refunds"]),
        "jackpot_shares": _money(fees["jackpot"]),
        "jackpot_deposited": _money(deposited),
        "lines": [
            {"box": line["box"], "kind": line["kind"], "total": _money(line["total"]), "count": line["count"]}
            for line in lines
        ],
        "count": (
            {
                "expected": _text(count.expected),
                "counted": _text(count.counted),
                "difference": _text(count.difference),
                "reason": count.reason,
            }
            if count
            else None
        ),
    }


def encode(bundle: dict[str, Any]) -> bytes:
    return signing.canonical(bundle)


def decode(data: bytes) -> Any:
    """The bundle's JSON value; ValueError when the bytes are not JSON."""
    return json.loads(data.decode("utf-8"))
