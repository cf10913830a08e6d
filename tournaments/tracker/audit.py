"""Every table's stored play checked against itself, for `manage.py check_league` (the upkeep app).

For each table: hand numbers run 1, 2, 3 ... without gaps; each hand's action indexes run 0, 1, 2 ...
without gaps; each hand replays (the engine takes every stored action; a finished hand's stacks and pots
are its settlement made again; only the latest hand is open and its stored status is the replay's); each
hand starts with the chips the hand before left (the first with the seat's starting chips); the chips at
the table are what the players brought less what disqualifications took out; a table with hands is not
waiting, a finished one has a place for every seat. A table switched to paper (docs/rules.md, "A table that goes
on on paper") is checked the same way: its stored hands are the tracked part, they replay and conserve the chips
up to the switch (what was played on paper is no hand and moves no chips here), and none of them is left open
(the switch abandons the hand being played). And the one cache of the table's play kept in its
row, the tracker's snapshot: while current (the table's revision), it must be the rows' own.

Read-only: a finding is reported, never mended here (the rows are the record; `--repair` rebuilds caches).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from django.utils import formats
from django.utils.translation import gettext as _

from league.models import PaperSheet
from tournaments.models import Action, Hand, HandStatus, Placement, Seat, Table, TableStatus
from tournaments.poker import holdem
from tournaments.tracker import services as tracker

BATCH = 50  # tables read together: a few queries per batch, the hands of 50 tables in memory


@dataclass(frozen=True)
class Finding:
    """What is wrong at a table; `cache` when only a cache disagrees with the rows (a rebuild mends it)."""

    table_id: int
    table: str  # "Table 3, 25.11.2026"
    text: str
    cache: bool = False


class StoredAction(NamedTuple):
    """An action as the replay reads it: plain values, not a model instance (a season has a million)."""

    pk: int
    hand_id: int
    index: int
    seat_id: int
    verb: str
    to: int | None


@dataclass
class Counts:
    tables: int = 0
    hands: int = 0
    actions: int = 0


def audit_tables(
    table_ids: Sequence[int], counts: Counts, progress: Callable[[int, int], None] | None = None
) -> Iterator[Finding]:
    """The findings at these tables, in table order; `counts` adds up what was read."""
    ids = sorted(table_ids)
    for k in range(0, len(ids), BATCH):
        yield from _audit_batch(ids[k : k + BATCH], counts)
        if progress:
            progress(min(k + BATCH, len(ids)), len(ids))


def _audit_batch(ids: list[int], counts: Counts) -> Iterator[Finding]:
    tables = {t.pk: t for t in Table.objects.filter(pk__in=ids).select_related("night")}
    hands: dict[int, list[Hand]] = defaultdict(list)
    for hand in Hand.objects.filter(table_id__in=ids).order_by("table_id", "number"):
        hands[hand.table_id].append(hand)
    actions: dict[int, list[StoredAction]] = defaultdict(list)
    for row in (
        Action.objects.filter(hand__table_id__in=ids)
        .order_by("hand_id", "index")
        .values_list("id", "hand_id", "index", "seat_id", "verb", "to")
    ):
        actions[row[1]].append(StoredAction(*row))
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    for seat_id, table_id, stack in Seat.objects.filter(table_id__in=ids).values_list(
        "pk", "table_id", "starting_stack"
    ):
        seats[table_id][seat_id] = stack
    placed: dict[int, set[int]] = defaultdict(set)
    for table_id, seat_id in Placement.objects.filter(table_id__in=ids).values_list("table_id", "seat_id"):
        placed[table_id].add(seat_id)
    on_paper = set(PaperSheet.objects.filter(table_id__in=ids).values_list("table_id", flat=True))
    for table_id in ids:
        table = tables.get(table_id)
        if table is None:
            continue
        counts.tables += 1
        counts.hands += len(hands[table_id])
        counts.actions += sum(len(actions[hand.pk]) for hand in hands[table_id])
        where = _("Table %(number)s, %(date)s") % {
            "number": table.number,
            "date": formats.date_format(table.night.date, "SHORT_DATE_FORMAT"),
        }
        for text in _table_problems(
            table, hands[table_id], actions, seats[table_id], placed[table_id], table_id in on_paper
        ):
            yield Finding(table_id, where, text)
        try:
            state = tracker.state_from_rows(table_id)
        except (KeyError, ValueError, holdem.HandError):
            continue  # its open hand does not replay: said above
        if tracker.chips_in_play(state) != tracker.chips_expected(state):
            yield Finding(
                table_id,
                where,
                _(
                    "%(chips)s chips are at the table, but the players brought %(expected)s (less what disqualifications took out)."
                )
                % {"chips": _number(tracker.chips_in_play(state)), "expected": _number(tracker.chips_expected(state))},
            )
        if tracker.snapshot_disagreement(table_id, state) is not None:
            yield Finding(
                table_id,
                where,
                _("The tracker's copy of the latest hands differs from the stored hands and actions."),
                cache=True,
            )


def _table_problems(
    table: Table,
    hands: list[Hand],
    actions: dict[int, list[StoredAction]],
    seats: dict[int, int],
    placed: set[int],
    on_paper: bool = False,
) -> Iterator[str]:
    numbers = [hand.number for hand in hands]
    if numbers != list(range(1, len(hands) + 1)):
        yield _("The hands are numbered %(numbers)s, not 1 to %(count)s without gaps.") % {
            "numbers": _listed(numbers),
            "count": len(hands),
        }
    if hands and table.status == TableStatus.WAITING:
        yield _("The table waits for its first hand, but %(count)s hands are stored.") % {"count": len(hands)}
    if table.status == TableStatus.FINISHED and set(seats) - placed:
        yield _("The table is finished, but %(count)s of its players have no place.") % {
            "count": len(set(seats) - placed)
        }
    if on_paper and hands and hands[-1].status != HandStatus.COMPLETE:
        yield _("The table went on on paper, but its hand %(number)s is still open.") % {"number": hands[-1].number}
    chips = dict(seats)  # seat -> chips before the next hand
    for position, hand in enumerate(hands):
        yield from _hand_problems(hand, actions[hand.pk], chips, latest=position == len(hands) - 1)


def _hand_problems(hand: Hand, actions: list[StoredAction], chips: dict[int, int], *, latest: bool) -> Iterator[str]:
    label = _("Hand %(number)s") % {"number": hand.number}
    indexes = [action.index for action in actions]
    if indexes != list(range(len(actions))):
        yield _("%(hand)s: the actions are numbered %(indexes)s, not 0 to %(last)s without gaps.") % {
            "hand": label,
            "indexes": _listed(indexes),
            "last": len(actions) - 1,
        }
    for player in hand.players:
        before = chips.get(player["seat"])
        if before is None:
            yield _("%(hand)s: %(name)s does not sit at this table.") % {"hand": label, "name": player["name"]}
        elif player["stack"] != before:
            yield _("%(hand)s: %(name)s starts with %(stack)s chips, but had %(before)s after the hand before.") % {
                "hand": label,
                "name": player["name"],
                "stack": _number(player["stack"]),
                "before": _number(before),
            }
    try:
        engine = tracker.replay(hand, actions)
    except holdem.HandError as error:
        yield _("%(hand)s does not replay: %(reason)s") % {"hand": label, "reason": error}
        return
    except KeyError:
        yield _("%(hand)s: an action names a seat that is not in the hand.") % {"hand": label}
        return
    if hand.status != HandStatus.COMPLETE:
        if not latest:
            yield _("%(hand)s is still open, but a later hand was dealt.") % {"hand": label}
        replayed = HandStatus.SHOWDOWN if engine.is_betting_over else HandStatus.BETTING
        if hand.status != replayed:
            yield _("%(hand)s is stored as “%(stored)s”, but its actions say “%(replayed)s”.") % {
                "hand": label,
                "stored": HandStatus(hand.status).label,
                "replayed": replayed.label,
            }
        return
    try:
        result = tracker.settled_again(hand, engine)
    except holdem.HandError as error:
        yield _("%(hand)s cannot be settled again from its stored inputs: %(reason)s") % {
            "hand": label,
            "reason": error,
        }
        return
    seat_of = {p["name"]: p["seat"] for p in hand.players}
    replayed_stacks = {str(seat_of[name]): stack for name, stack in result.stacks.items()}
    if hand.final_stacks != replayed_stacks:
        yield _("%(hand)s: the stored stacks are not its replay's.") % {"hand": label}
    elif [pot.get("amount") for pot in (hand.result or {}).get("pots", [])] != [pot.amount for pot in result.pots]:
        yield _("%(hand)s: the stored pots are not its replay's.") % {"hand": label}
    chips.update({int(seat): stack for seat, stack in (hand.final_stacks or {}).items()})


def _listed(numbers: Sequence[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:12])
    return shown + (", …" if len(numbers) > 12 else "")


def _number(chips: int) -> str:
    return formats.number_format(chips, force_grouping=True)
