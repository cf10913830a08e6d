"""One night's results: each table's finishing order with points and the seat's name, and the rows of its placement sheets."""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import connection
from django.db.models import Exists, FilteredRelation, OuterRef, Q

from league import statements
from league.models import Entry, JackpotDeposit, Night, PaperSheet, Player
from league.rules import standings
from results.kept.rows import knockouts_at, night_sizes
from results.standings import ZERO
from tournaments.models import Hand, PlacementReason, Seat, Table, TableStatus
from tournaments.tracker.seat_names import unique_names

if TYPE_CHECKING:
    from results.sheets import TableSheet


@dataclass
class PlacementRow:
    seat_id: int
    position: int
    player_id: int
    name: str
    place: int | None = None
    points: Decimal | None = None
    tied: int = 1
    decided_at: datetime.datetime | None = None
    reason: str = ""
    placement_id: int | None = None
    hand_number: int | None = None  # the tracked hand he went out in

    @property
    def reason_label(self) -> str:
        """Looked up where it is shown (a disqualification): for every row it cost a tenth of the night's results."""
        return str(dict(PlacementReason.choices).get(self.reason, self.reason))  # as get_reason_display

    @property
    def winner(self) -> bool:
        return self.reason == PlacementReason.WINNER or (self.place == 1 and self.tied == 1)

    @property
    def shows_time(self) -> bool:
        """Typed in from paper: the time is when it was typed, not when the player went out."""
        return self.decided_at is not None and self.reason != PlacementReason.MANUAL


@dataclass
class TableResults:
    table: Table
    placed: list[PlacementRow]  # by place
    waiting: list[PlacementRow]  # still playing, by seat
    jackpot_sum: Decimal
    jackpot_share: Decimal | None
    deposit: JackpotDeposit | None
    on_paper: bool
    first_dealer: str = ""
    tracked: bool = False  # it has hands from the tracker (a table switched to paper may have both)

    @property
    def size(self) -> int:
        return len(self.placed) + len(self.waiting)

    @property
    def complete(self) -> bool:
        return not self.waiting and bool(self.placed)

    @property
    def fingerprint(self) -> str:
        if not self.complete:
            return ""
        return standings.results_fingerprint(self.table.pk, [(row.seat_id, row.place) for row in self.placed])

    @property
    def finished(self) -> bool:
        return self.table.status == TableStatus.FINISHED

    @property
    def deposit_differs(self) -> bool:
        return self.deposit is not None and self.deposit.amount != self.jackpot_sum


@dataclass(frozen=True)
class _SeatRow:
    """What a result row reads of a seat, its entry, player, placement and hand (one row of one query)."""

    pk: int
    table_id: int
    position: int
    player_id: int
    name: str
    jackpot_share: Decimal | None
    placement_id: int | None
    place: int | None
    reason: str | None
    decided_at: datetime.datetime | None
    hand_number: int | None

    @property
    def player(self) -> _SeatRow:
        return self  # tournaments.tracker.seat_names reads seat.player.name


def _standing_deposit() -> FilteredRelation:
    """Each table's deposit that counts, joined in the tables' query (a reversed one does not count: the table
    owes its sum again; one standing deposit per table, a unique index)."""
    return FilteredRelation("jackpot_deposits", condition=Q(jackpot_deposits__reversed_at__isnull=True))


def _table_facts(night: Night, table_ids: list[int] | None) -> dict[int, tuple[str, bool, bool]]:
    """Each table's first dealer's name, whether it was played on paper, whether it has tracked hands: one
    plain statement. Asked of the tables' query by the ORM (an Exists and two select_related chains), building
    the statement cost more than half of a night's results page (the public page needs no deposit)."""
    table, seat, entry = Table._meta.db_table, Seat._meta.db_table, Entry._meta.db_table
    player, paper, hand = Player._meta.db_table, PaperSheet._meta.db_table, Hand._meta.db_table
    sql = (
        f"SELECT t.id, pl.name,"
        f" EXISTS(SELECT 1 FROM {paper} ps WHERE ps.table_id = t.id),"
        f" EXISTS(SELECT 1 FROM {hand} h WHERE h.table_id = t.id)"
        f" FROM {table} t LEFT JOIN {seat} s ON s.id = t.first_dealer_id LEFT JOIN {entry} e ON e.id = s.entry_id"
        f" LEFT JOIN {player} pl ON pl.id = e.player_id WHERE t.night_id = %s"
    )
    params: list[int] = [night.pk]
    if table_ids is not None:
        sql += f" AND t.id IN ({', '.join(['%s'] * len(table_ids))})" if table_ids else " AND 1 = 0"
        params += table_ids
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {pk: (name or "", bool(on_paper), bool(tracked)) for pk, name, on_paper, tracked in cursor.fetchall()}


def _night_seats(night: Night | int):
    """The night's seats as the results read them: only the columns a row shows, as plain rows (model objects
    for every seat with its entry, player, placement and hand cost more than the rest of the page)."""
    return (
        Seat.objects.filter(table__night=night)
        .order_by("table_id", "position")
        .values_list(
            "pk",
            "table_id",
            "position",
            "entry__player_id",
            "entry__player__name",
            "entry__jackpot_share",
            "placement__id",
            "placement__place",
            "placement__reason",
            "placement__decided_at",
            "placement__hand__number",
        )
    )


def _night_tables(night_id: int):
    return Table.objects.filter(night_id=night_id).defer("tracker_snapshot", "first_dealer_draw").order_by("number")


def tables_results(
    night: Night, *, table_ids: Iterable[int] | None = None, deposits: bool = True
) -> list[TableResults]:
    """The night's tables with placements, points, jackpot sums and (with `deposits`) deposits, in two queries
    (three without deposits, each plain: the public results page and the placement sheets)."""
    # Not the tracker's snapshot of a table (JSON, the whole state of its play), which no result shows.
    facts: dict[int, tuple[str, bool, bool]] | None = None
    if table_ids is not None:
        table_ids = list(table_ids)
        seats = list(_night_seats(night).filter(table_id__in=table_ids))
    else:
        # The whole night, as its public pages read it: statements built once per process (league.statements).
        seats = statements.rows("a night's seats as its results read them", _night_seats, night.pk)
    if not deposits:
        facts = _table_facts(night, table_ids)
    scheme = night.season.scheme
    by_table: dict[int, list[_SeatRow]] = defaultdict(list)
    for row in seats:
        seat = _SeatRow(*row)
        by_table[seat.table_id].append(seat)
    tables: list[Table]
    if deposits:
        with_deposits = (
            night.tables.annotate(
                standing_deposit=_standing_deposit(), tracked=Exists(Hand.objects.filter(table_id=OuterRef("pk")))
            )
            .select_related("first_dealer__entry__player", "standing_deposit__confirmed_by", "paper_sheet")
            .defer("tracker_snapshot", "first_dealer_draw")
        )
        if table_ids is not None:
            with_deposits = with_deposits.filter(pk__in=table_ids)
        tables = list(with_deposits.order_by("number"))
    elif table_ids is not None:
        tables = list(_night_tables(night.pk).filter(pk__in=table_ids))
    else:
        tables = statements.instances("a night's tables as its results read them", _night_tables, night.pk)
    for table in tables:
        table.night = night  # as the night's related manager gives them: no query for it
    # What the season's formula or knockout bonus reads besides the places (nothing, on the seed's rules).
    knockouts = knockouts_at(t.pk for t in tables) if scheme.uses_knockouts else {}
    size = night_sizes([night.pk]).get(night.pk, (0, 0)) if scheme.needs_context else (0, 0)
    results = []
    for table in tables:
        table_seats = by_table[table.pk]
        placements = {seat.pk: seat for seat in table_seats if seat.placement_id is not None}
        context = (
            {
                seat.pk: {
                    "knockouts": knockouts.get((table.pk, seat.player_id), 0),
                    "night_players": size[0],
                    "night_tables": size[1],
                }
                for seat in table_seats
            }
            if knockouts or scheme.needs_context
            else None
        )
        points = standings.table_points(
            {k: p.place for k, p in placements.items()}, len(table_seats), scheme, context=context
        )
        sharing = Counter(placement.place for placement in placements.values())
        placed, waiting = [], []
        names = unique_names(table_seats)  # two Bobs at one table: "Bob (1)" and "Bob (4)", as on the dealer's phone
        for seat in table_seats:
            row = PlacementRow(seat_id=seat.pk, position=seat.position, player_id=seat.player_id, name=names[seat.pk])
            placement = placements.get(seat.pk)
            if placement is None:
                waiting.append(row)
                continue
            row.place, row.tied, row.placement_id = placement.place, sharing[placement.place], placement.placement_id
            row.points = standings.points_display(points[seat.pk])
            row.decided_at, row.reason = placement.decided_at, placement.reason
            row.hand_number = placement.hand_number
            placed.append(row)
        placed.sort(key=lambda row: (row.place, row.position))
        shares = [seat.jackpot_share for seat in table_seats if seat.jackpot_share is not None]
        deposit = getattr(table, "standing_deposit", None)  # unset when the join found none
        if facts is not None:
            first_dealer, on_paper, tracked = facts.get(table.pk, ("", False, False))
        else:
            first_dealer = table.first_dealer.entry.player.name if table.first_dealer else ""
            on_paper, tracked = getattr(table, "paper_sheet", None) is not None, table.tracked
        results.append(
            TableResults(
                table=table,
                placed=placed,
                waiting=waiting,
                jackpot_sum=sum(shares, ZERO),
                jackpot_share=shares[0] if shares and len(set(shares)) == 1 else None,
                deposit=deposit,
                on_paper=on_paper,
                tracked=tracked,
                first_dealer=first_dealer,
            )
        )
    return results


def placement_sheets(night: Night, *, results_url: str, table_ids: Iterable[int] | None = None) -> list[TableSheet]:
    """Plain rows for `results.sheets`: each table's players in placement order, still-playing ones after."""
    from results.sheets import SheetRow, TableSheet  # reportlab on first use: league/cashbook/views.py says why

    sheets = []
    for table in tables_results(night, table_ids=table_ids, deposits=False):
        rows = [
            SheetRow(
                seat=row.position,
                name=row.name,
                place=row.place,
                points=row.points,
                eliminated_at=row.decided_at if row.shows_time and not row.winner else None,
                winner=row.winner,
                tied=row.tied > 1,
                disqualified=row.reason == PlacementReason.DISQUALIFIED,
            )
            for row in table.placed
        ] + [SheetRow(seat=row.position, name=row.name) for row in table.waiting]
        sheets.append(
            TableSheet(
                season=night.season.name,
                night_date=night.date,
                table_number=table.table.number,
                first_dealer=table.first_dealer,
                rows=tuple(rows),
                jackpot_sum=table.jackpot_sum,
                jackpot_share=table.jackpot_share,
                results_url=results_url,
                fingerprint=table.fingerprint,
            )
        )
    return sheets
