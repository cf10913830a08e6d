"""The jackpot: each table's share of the fees, the deposits confirmed at the café register, the season's pot
and its split into places."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Context as DecimalContext
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, OuterRef, Prefetch, Subquery, Sum
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from league.desk.services import desk_totals
from league.models import CashLine, Entry, JackpotDeposit, LineKind, Night, Season, Venue
from league.rules import payouts, standings
from league.rules.standings import RulesError
from league.web.money import cents
from results.nights import TableResults, tables_results
from results.standings import ZERO, ResultsError, SeasonStandings, season_standings, table_venues
from tournaments.models import Seat, Table, TableStatus


@dataclass
class NightJackpot:
    night: Night
    tables: list[TableResults]
    entries: int
    fees: Decimal
    refunds: Decimal

    @property
    def jackpot_expected(self) -> Decimal:
        return sum((t.jackpot_sum for t in self.tables), ZERO)

    @property
    def jackpot_confirmed(self) -> Decimal:
        return sum((t.deposit.amount for t in self.tables if t.deposit), ZERO)

    @property
    def outstanding(self) -> list[TableResults]:
        return [t for t in self.tables if t.deposit is None]


def night_jackpot(night: Night) -> NightJackpot:
    totals = desk_totals(night)
    return NightJackpot(
        night=night, tables=tables_results(night), entries=totals.entries, fees=totals.fees, refunds=totals.refunds
    )


@dataclass
class NightContribution:
    night_id: int
    date: datetime.date
    tables: int
    expected: Decimal  # the jackpot shares of the seated entries
    confirmed: Decimal  # deposits confirmed at the register
    confirmed_tables: int

    @property
    def outstanding(self) -> int:
        return self.tables - self.confirmed_tables


@dataclass
class PayoutPlace:
    """One line of the payout as the standings stand now: a holder and what he gets, or a place nobody holds yet.

    Tied players (equal in everything but the name, `league.rules.standings.tie_key`) share the money of the
    places they cover (`league.rules.payouts`): the same rule and the same figures as the season payout."""

    place: int
    amount: Decimal
    holder: str = ""  # "": nobody holds this place yet
    last_place: int = 0  # above `place`: a tie covering places place..last_place
    extra_cent: bool = False  # got one of the cents that do not divide evenly

    @property
    def tied(self) -> bool:
        return self.last_place > self.place

    @property
    def places(self) -> str:
        return f"{self.place}.–{self.last_place}." if self.tied else f"{self.place}."


@dataclass
class SeasonJackpot:
    season: Season
    nights: list[NightContribution]
    venue: Venue | None = None  # a venue's own jackpot (a season with a jackpot per venue); None: the league's
    payout: list[PayoutPlace] = field(default_factory=list)
    percents: tuple[Decimal, ...] = ()  # the split: percent for 1st, 2nd, ...
    place_amounts: list[Decimal] = field(default_factory=list)  # the split of the total: 1st, 2nd, ...
    shares: list[payouts.Share] = field(default_factory=list)  # who gets how much now
    split_error: str = ""

    @property
    def total(self) -> Decimal:
        return sum((n.confirmed for n in self.nights), ZERO)

    @property
    def expected(self) -> Decimal:
        return sum((n.expected for n in self.nights), ZERO)

    @property
    def outstanding_tables(self) -> int:
        return sum(n.outstanding for n in self.nights)

    @property
    def has_extra_cents(self) -> bool:
        return any(row.extra_cent for row in self.payout)


def jackpot_venues(season: Season) -> list[Venue]:
    """The venues with a jackpot of their own: every venue with a table of its own (`table_venues`) when the
    season keeps a jackpot per venue; none when the jackpot is pooled (one for the league, as before venues)."""
    return table_venues(season) if season.jackpot_per_venue else []


def season_jackpot(
    season: Season, *, table: SeasonStandings | None = None, venue: Venue | None = None
) -> SeasonJackpot:
    """Each night's contribution, and the split of the total with who holds each paid place now.

    With a venue: that venue's jackpot, its nights' deposits split over its own table (`table`, when given,
    must be that venue's). One query, and the kept standings for the holders (one more, two when not kept).
    """
    tables: dict[int, int] = {}
    nights: list[tuple[int, datetime.date]] = []
    expected: dict[int, Decimal | None] = {}
    deposits: dict[int, tuple[Decimal | None, int]] = {}
    for night_id, date, count, shares, deposited, deposit_count in _night_sums(season.pk, venue):
        tables[night_id] = count
        nights.append((night_id, date))
        expected[night_id] = shares
        deposits[night_id] = (deposited, deposit_count)
    nights.sort(key=lambda night: (night[1], night[0]))
    report = SeasonJackpot(
        season=season,
        venue=venue,
        nights=[
            NightContribution(
                night_id=pk,
                date=date,
                tables=tables.get(pk, 0),
                expected=cents(expected.get(pk)),
                confirmed=cents(deposits.get(pk, (ZERO, 0))[0]),  # cents(None) is 0.00
                confirmed_tables=deposits.get(pk, (ZERO, 0))[1],
            )
            for pk, date in nights
        ],
    )
    try:
        percents = season.payout_percents
    except RulesError:
        report.split_error = _("The season's payout split is not valid: set it in the admin.")
        return report
    report.percents = tuple(percents)
    report.place_amounts = standings.payout_split(report.total, percents)
    rows = (table or season_standings(season, venue=venue)).rows
    report.shares = payouts.share_places([(row.player_id, row.name, row.tie_key) for row in rows], report.place_amounts)
    report.payout = [PayoutPlace(s.first_place, s.amount, s.name, s.last_place, s.extra_cent) for s in report.shares]
    covered = max((s.last_place for s in report.shares), default=0)
    report.payout += [
        PayoutPlace(place, amount) for place, amount in enumerate(report.place_amounts, start=1) if place > covered
    ]
    return report


def venue_jackpots(season: Season, *, venues: list[Venue] | None = None) -> list[SeasonJackpot]:
    """Each venue's own jackpot of a season with a jackpot per venue, in the venues' order; empty when pooled."""
    return [
        season_jackpot(season, venue=venue, table=season_standings(season, venue=venue))
        for venue in (jackpot_venues(season) if venues is None else venues)
    ]


# SQLite adds decimals as floats; Django turns an aggregate's float into a Decimal with this context (its SQLite
# backend's converter), and `cents` rounds it to the cent: the same figures as the ORM's aggregates gave.
_FLOAT_SUM = DecimalContext(prec=15).create_decimal_from_float


def _money(value: object) -> Decimal | None:
    if isinstance(value, (int, float)):  # SQLite's sum (an int when every amount is whole)
        return _FLOAT_SUM(value)
    return value  # type: ignore[return-value]  # PostgreSQL's Decimal, or None


def _night_sums(
    season_id: int, venue: Venue | None = None
) -> list[tuple[int, datetime.date, int, Decimal | None, Decimal | None, int]]:
    """Per night of the season that has tables (with a venue: of its nights only): (id, date, tables, its
    seats' jackpot shares, its standing deposits' sum and number), in one statement written out: the three
    aggregates the ORM built were a third of the public jackpot page."""
    night, table, seat = Night._meta.db_table, Table._meta.db_table, Seat._meta.db_table
    entry, deposit = Entry._meta.db_table, JackpotDeposit._meta.db_table
    deposits = (
        f"FROM {deposit} d JOIN {table} dt ON dt.id = d.table_id WHERE dt.night_id = n.id AND d.reversed_at IS NULL"
    )
    sql = (
        f"SELECT n.id, n.date, COUNT(*),"
        f" (SELECT SUM(e.jackpot_share) FROM {seat} s JOIN {entry} e ON e.id = s.entry_id"
        f" JOIN {table} st ON st.id = s.table_id WHERE st.night_id = n.id),"
        f" (SELECT SUM(d.amount) {deposits}), (SELECT COUNT(*) {deposits})"
        f" FROM {night} n JOIN {table} t ON t.night_id = n.id WHERE n.season_id = %s"
        f"{' AND n.venue_id = %s' if venue is not None else ''} GROUP BY n.id, n.date"
    )
    params = [season_id] if venue is None else [season_id, venue.pk]
    with connection.cursor() as cursor:  # a plain column: SQLite (its declared type) and PostgreSQL give a date
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [
        (n, date, count, _money(shares), _money(paid), paid_count) for n, date, count, shares, paid, paid_count in rows
    ]


@dataclass(frozen=True)
class Owing:
    """A season whose jackpot is not paid out in full: its confirmed deposits less the payouts booked."""

    season: Season
    owed: Decimal


def seasons_owing() -> list[Owing]:
    """Every season that still owes jackpot money, oldest first (one query). Seasons may overlap, and the
    jackpot page shows one: without this list an old season's unpaid pot went unseen behind a new one's 0,00 €."""
    deposits = (
        JackpotDeposit.objects.standing()
        .filter(table__night__season=OuterRef("pk"))
        .order_by()
        .values("table__night__season")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    paid = (  # payouts are booked as negative lines, their reversals as positive ones
        CashLine.objects.filter(
            season=OuterRef("pk"), player__isnull=False, kind__in=[LineKind.PAYOUT, LineKind.REVERSAL]
        )
        .order_by()
        .values("season")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    rows = (
        Season.objects.annotate(deposited=Subquery(deposits), paid=Subquery(paid))
        .filter(deposited__gt=0)
        .order_by("start_date", "pk")
    )
    owing = [Owing(season, cents(season.deposited) + cents(season.paid)) for season in rows]
    return [o for o in owing if o.owed > 0]


def jackpot_csv_rows(season: Season) -> list[list[object]]:
    """One row per table of the season: its jackpot sum and its deposit (one query).

    Amounts stay `Decimal`: `league.web.csv_safe` writes them with the export language's decimal mark.
    """
    sums = (
        Table.objects.filter(night__season=season)
        .select_related("night", "first_dealer__entry__player")
        .prefetch_related(
            Prefetch(
                "jackpot_deposits",
                queryset=JackpotDeposit.objects.standing().select_related("confirmed_by"),
                to_attr="standing_deposit",
            )
        )
        .annotate(players=Count("seats"), jackpot=Sum("seats__entry__jackpot_share"))
        .order_by("night__date", "number")
    )
    rows = [
        [
            "night",
            "table",
            "players",
            "first_dealer",
            "jackpot_sum",
            "deposited",
            "paid_in_by",
            "confirmed_by",
            "confirmed_at",
        ]
    ]
    for table in sums:
        deposit = table.standing_deposit[0] if table.standing_deposit else None
        rows.append(
            [
                table.night.date.isoformat(),
                table.number,
                table.players,
                table.first_dealer.entry.player.name if table.first_dealer else "",
                cents(table.jackpot),
                deposit.amount.quantize(standings.CENT) if deposit else None,
                deposit.paid_in_by if deposit else "",
                deposit.confirmed_by.get_username() if deposit else "",
                timezone.localtime(deposit.confirmed_at).isoformat(timespec="minutes") if deposit else "",
            ]
        )
    return rows


def table_jackpot_sum(table: Table) -> Decimal:
    return cents(Seat.objects.filter(table=table).aggregate(total=Sum("entry__jackpot_share"))["total"])


@transaction.atomic
def confirm_deposit(*, table: Table, by: AbstractBaseUser) -> JackpotDeposit:
    """The first dealer paid the table's jackpot sum in at the register: one tap records who confirmed it, and when."""
    table = Table.objects.select_for_update(of=("self",)).select_related("first_dealer__entry__player").get(pk=table.pk)
    existing = JackpotDeposit.objects.standing().filter(table=table).select_related("confirmed_by").first()
    if existing is not None:
        raise ResultsError(
            _("The deposit of table %(table)s was already confirmed by %(who)s at %(time)s.")
            % {
                "table": table.number,
                "who": existing.confirmed_by.get_username(),
                "time": formats.time_format(timezone.localtime(existing.confirmed_at), "TIME_FORMAT"),
            }
        )
    if table.status != TableStatus.FINISHED:
        raise ResultsError(
            _("Table %(table)s is still playing: its first dealer pays in when the table has finished.")
            % {"table": table.number}
        )
    dealer = table.first_dealer.entry.player.name if table.first_dealer else ""
    try:
        with transaction.atomic():
            return JackpotDeposit.objects.create(
                table=table, amount=table_jackpot_sum(table), paid_in_by=dealer, confirmed_by=by
            )
    except IntegrityError as error:  # confirmed from a second screen a moment ago
        raise ResultsError(
            _("The deposit of table %(table)s was already confirmed.") % {"table": table.number}
        ) from error


def night_jackpot_sum(night: Night) -> Decimal:
    """The jackpot shares paid in tonight so far (withdrawn entries' shares left out), for the TV."""
    return cents(Entry.objects.paid().filter(night=night).aggregate(total=Sum("jackpot_share"))["total"])
