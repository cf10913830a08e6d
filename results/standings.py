"""Results: standings, night results, player pages and the jackpot (reads), and the few writes around them.

Reads run a fixed number of queries whatever the season's size: they fetch
plain rows (`values_list`) and leave the arithmetic to `standings.py`.
Points are never stored: they are derived from the placement rows with the
season's scheme, so a placement correction shows everywhere at once and
nothing can drift. The scheme is frozen once the season has results; changing
it afterwards is `change_points_scheme(confirm=True)`, logged as a
`PointsSchemeChange`.

Writes are keyword-only and atomic, check their rules first and change
nothing when one fails.
"""
from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Func, OuterRef, Q, Subquery, Sum
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.hands import figures as statistics
from tournaments.models import Placement, PlacementReason, Seat, Table, TableStatus
from results.sheets import SheetRow, TableSheet
from tournaments.tracker.seat_names import unique_names

from league.rules import names as name_search, standings
from results import season_cache
from league.rules.inputs import ascii_whole_or_none
from league.web.money import cents
from league.models import Entry, JackpotDeposit, Night, Player, PointsScheme, PointsSchemeChange, Season
from league.web.rule_errors import rules_message
from league.desk.services import desk_totals
from league.rules.standings import Result, RulesError, Standing

ZERO = Decimal("0.00")


class ResultsError(Exception):
    """A rule was broken; the message is shown to the organizer as it is."""


# --- seasons -----------------------------------------------------------------


def current_season(seasons: Sequence[Season], today: datetime.date | None = None) -> Season | None:
    """The season running today, else the one that started last. `seasons` is the list the page shows anyway."""
    today = today or timezone.localdate()
    running = [s for s in seasons if s.start_date <= today <= s.end_date]
    pool = running or list(seasons)
    return max(pool, key=lambda s: (s.start_date, s.pk)) if pool else None


def choose_season(raw: str | None) -> tuple[list[Season], Season | None]:
    """All seasons (for the filter) and the chosen one: `?season=<id>`, else the current one. One query."""
    seasons = list(Season.objects.order_by("-start_date", "-pk"))
    wanted = ascii_whole_or_none(raw)
    if wanted is not None:
        chosen = next((s for s in seasons if s.pk == wanted), None)
        if chosen is not None:
            return seasons, chosen
    return seasons, current_season(seasons)


def season_has_results(season: Season) -> bool:
    return Placement.objects.filter(table__night__season=season).exists()


# --- result rows ----------------------------------------------------------------


def _results(placement_filter: Q) -> list[Result]:
    """Every placement matching the filter as a plain row, with the size of its table, in one query."""
    size = Seat.objects.filter(table_id=OuterRef("table_id")).order_by().annotate(n=Func(F("id"), function="COUNT")).values("n")
    rows = (
        Placement.objects.filter(placement_filter)
        .annotate(table_size=Subquery(size))
        .order_by("table__night__date", "table__number", "place", "seat__position")
        .values_list(
            "seat__entry__player_id",
            "seat__entry__player__name",
            "table__night_id",
            "table__night__date",
            "table_id",
            "table__number",
            "place",
            "table_size",
        )
    )
    return [Result(*row) for row in rows]


def season_results(season: Season, scheme: standings.Scheme | None = None) -> list[Result]:
    """The season's placements with their points (one query)."""
    return standings.score_results(_results(Q(table__night__season=season)), scheme or season.scheme)


STANDINGS_PAGE_SIZE = 50  # rows per page of the standings: about 20 KB of HTML
SEARCH_LIMIT = 50  # rows a name search shows at most


@dataclass
class KeptTable:
    """What is kept of a season's table between views (results.season_cache): plain rows, no model objects."""

    rows: list[Standing]
    nights: list[tuple[datetime.date, int]]  # (date, id) of each night with results, oldest first
    search_forms: list[tuple[str, ...]]  # each row's name as a search matches it

    # Kept as plain tuples: a pickled Fraction is its text, parsed back one by one (20 ms for 3,000 rows).
    def __getstate__(self) -> dict:
        rows = [
            (r.position, r.player_id, r.name, r.points.numerator, r.points.denominator, r.nights, r.place_counts,
             r.previous_position, r.best_place)
            for r in self.rows
        ]
        return {"rows": rows, "nights": self.nights, "search_forms": self.search_forms}

    def __setstate__(self, state: dict) -> None:
        self.rows = [
            Standing(position, player_id, name, Fraction(numerator, denominator), nights, counts, previous, best)
            for position, player_id, name, numerator, denominator, nights, counts, previous, best in state["rows"]
        ]
        self.nights, self.search_forms = state["nights"], state["search_forms"]


@dataclass
class SeasonStandings:
    season: Season
    rows: list[Standing]
    nights: list[tuple[datetime.date, int]]
    search_forms: list[tuple[str, ...]] = field(default_factory=list, repr=False)
    key: season_cache.SeasonKey | None = None  # None: computed, not kept
    scored: list[Result] | None = field(default=None, repr=False)  # the results behind it, when read in this request

    @property
    def nights_with_results(self) -> int:
        return len(self.nights)

    @property
    def latest_night_date(self) -> datetime.date | None:
        return self.nights[-1][0] if self.nights else None

    def standing_of(self, player_id: int) -> Standing | None:
        return next((row for row in self.rows if row.player_id == player_id), None)

    def page_of(self, standing: Standing) -> int:
        """The page of the standings that shows this row (positions run 1, 2, 3, ... down the rows)."""
        return (standing.position - 1) // STANDINGS_PAGE_SIZE + 1

    def search(self, query: str) -> list[Standing]:
        """The rows whose player's name matches every word of `query` (league.rules.names), in position order."""
        words = name_search.query_words(query)
        return [row for row, forms in zip(self.rows, self.search_forms) if name_search.matches(words, forms)]


def _kept_table(scored: list[Result]) -> KeptTable:
    rows = standings.season_table(scored)
    return KeptTable(
        rows=rows,
        nights=sorted({(r.night_date, r.night_id) for r in scored}),
        search_forms=[name_search.search_forms(row.name) for row in rows],
    )


def computed_season_standings(season: Season) -> SeasonStandings:
    """The season's table computed from the stored rows now (one query), bypassing what is kept."""
    scored = season_results(season)
    kept = _kept_table(scored)
    return SeasonStandings(season, kept.rows, kept.nights, kept.search_forms, scored=scored)


def season_standings(season: Season, *, key: season_cache.SeasonKey | None = None) -> SeasonStandings:
    """The season's table, as kept under the season's key (one query), else computed and kept (one more)."""
    key = key or season_cache.season_key(season.pk)
    read: list[list[Result]] = []

    def compute() -> KeptTable:
        read.append(season_results(season))
        return _kept_table(read[0])

    kept = season_cache.kept("table", key.results, compute)
    return SeasonStandings(season, kept.rows, kept.nights, kept.search_forms, key, read[0] if read else None)


def season_awards(season: Season, table: SeasonStandings) -> list[statistics.Award]:
    """The season's awards (most knockouts, biggest pot, ...), kept under the season's key with its play.

    Computing them reads the season's results again and every table's hand figures: the first view
    after a change pays for it, later ones read what is kept.
    """

    def compute() -> list[statistics.Award]:
        scored = table.scored if table.scored is not None else season_results(season)
        return statistics.season_awards(season.pk, statistics.season_statistics(season.pk), scored)

    if table.key is None:
        return compute()
    return season_cache.kept("awards", f"{table.key.awards}:{statistics.VERSION}", compute)


# --- one night ------------------------------------------------------------------


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
    reason_label: str = ""
    placement_id: int | None = None
    hand_number: int | None = None  # the tracked hand he went out in

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


def tables_results(night: Night, *, table_ids: Iterable[int] | None = None) -> list[TableResults]:
    """The night's tables with placements, points, jackpot sums and deposits, in two queries."""
    tables = night.tables.select_related("first_dealer__entry__player", "jackpot_deposit__confirmed_by", "paper_sheet")
    seats = Seat.objects.filter(table__night=night).select_related("entry__player", "placement__hand").order_by("position")
    if table_ids is not None:
        table_ids = list(table_ids)
        tables, seats = tables.filter(pk__in=table_ids), seats.filter(table_id__in=table_ids)
    scheme = night.season.scheme
    by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in seats:
        by_table[seat.table_id].append(seat)
    results = []
    for table in tables.order_by("number"):
        table_seats = by_table[table.pk]
        placements = {seat.pk: seat.placement for seat in table_seats if getattr(seat, "placement", None) is not None}
        points = standings.table_points({k: p.place for k, p in placements.items()}, len(table_seats), scheme)
        sharing = Counter(placement.place for placement in placements.values())
        placed, waiting = [], []
        names = unique_names(table_seats)  # two Bobs at one table: "Bob (1)" and "Bob (4)", as on the dealer's phone
        for seat in table_seats:
            row = PlacementRow(seat_id=seat.pk, position=seat.position, player_id=seat.entry.player_id, name=names[seat.pk])
            placement = placements.get(seat.pk)
            if placement is None:
                waiting.append(row)
                continue
            row.place, row.tied, row.placement_id = placement.place, sharing[placement.place], placement.pk
            row.points = standings.points_display(points[seat.pk])
            row.decided_at, row.reason, row.reason_label = placement.decided_at, placement.reason, placement.get_reason_display()
            row.hand_number = placement.hand.number if placement.hand_id else None
            placed.append(row)
        placed.sort(key=lambda row: (row.place, row.position))
        shares = [seat.entry.jackpot_share for seat in table_seats if seat.entry.jackpot_share is not None]
        deposit = getattr(table, "jackpot_deposit", None)
        results.append(
            TableResults(
                table=table,
                placed=placed,
                waiting=waiting,
                jackpot_sum=sum(shares, ZERO),
                jackpot_share=shares[0] if shares and len(set(shares)) == 1 else None,
                deposit=deposit,
                on_paper=getattr(table, "paper_sheet", None) is not None,
                first_dealer=table.first_dealer.entry.player.name if table.first_dealer else "",
            )
        )
    return results


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
    return NightJackpot(night=night, tables=tables_results(night), entries=totals.entries, fees=totals.fees, refunds=totals.refunds)


# --- the season's jackpot ----------------------------------------------------------


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
    place: int
    percent: Decimal
    amount: Decimal
    holder: str = ""  # who holds that place in the standings now


@dataclass
class SeasonJackpot:
    season: Season
    nights: list[NightContribution]
    payout: list[PayoutPlace] = field(default_factory=list)
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


def season_jackpot(season: Season, *, table: SeasonStandings | None = None) -> SeasonJackpot:
    """Each night's contribution, and the split of the total with who holds each paid place now.

    Three queries, and the kept standings for the holders (one more, two when not kept).
    """
    tables: dict[int, int] = {}
    nights: list[tuple[int, datetime.date]] = []
    for night_id, date, count in (
        Table.objects.filter(night__season=season).order_by().values("night_id", "night__date").annotate(n=Count("id"))
        .values_list("night_id", "night__date", "n")
    ):
        tables[night_id] = count
        nights.append((night_id, date))
    nights.sort(key=lambda night: (night[1], night[0]))
    expected = dict(
        Seat.objects.filter(table__night__season=season)
        .order_by()
        .values("table__night_id")
        .annotate(total=Sum("entry__jackpot_share"))
        .values_list("table__night_id", "total")
    )
    deposits = {
        night_id: (total, n)
        for night_id, total, n in JackpotDeposit.objects.filter(table__night__season=season)
        .order_by()
        .values("table__night_id")
        .annotate(total=Sum("amount"), n=Count("id"))
        .values_list("table__night_id", "total", "n")
    }
    report = SeasonJackpot(
        season=season,
        nights=[
            NightContribution(
                night_id=pk,
                date=date,
                tables=tables.get(pk, 0),
                expected=cents(expected.get(pk)),
                confirmed=cents(deposits.get(pk, (ZERO, 0))[0]),
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
    holders = [row.name for row in (table or season_standings(season)).rows[: len(percents)]]
    report.payout = [
        PayoutPlace(place, percent, amount, holders[place - 1] if place <= len(holders) else "")
        for place, (percent, amount) in enumerate(zip(percents, standings.payout_split(report.total, percents)), start=1)
    ]
    return report


def jackpot_csv_rows(season: Season) -> list[list[object]]:
    """One row per table of the season: its jackpot sum and its deposit (one query).

    Amounts stay `Decimal`: `league.web.csv_safe` writes them with the export language's decimal mark.
    """
    sums = (
        Table.objects.filter(night__season=season)
        .select_related("night", "first_dealer__entry__player", "jackpot_deposit__confirmed_by")
        .annotate(players=Count("seats"), jackpot=Sum("seats__entry__jackpot_share"))
        .order_by("night__date", "number")
    )
    rows = [["night", "table", "players", "first_dealer", "jackpot_sum", "deposited", "paid_in_by", "confirmed_by", "confirmed_at"]]
    for table in sums:
        deposit = getattr(table, "jackpot_deposit", None)
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


# --- one player -------------------------------------------------------------------


@dataclass
class PlayerNight:
    night_id: int
    date: datetime.date
    table_number: int | None = None
    place: int | None = None  # None: did not play that night
    table_size: int = 0
    tied: int = 1
    points: Fraction = Fraction(0)
    total: Fraction = Fraction(0)  # points so far in the season

    @property
    def played(self) -> bool:
        return self.place is not None

    @property
    def points_shown(self) -> Decimal:
        return standings.points_display(self.points)

    @property
    def total_shown(self) -> Decimal:
        return standings.points_display(self.total)


@dataclass
class Finish:
    place: int
    table_size: int
    tied: int
    date: datetime.date
    night_id: int
    season: str


@dataclass
class PlayerSeason:
    player: Player
    season: Season | None
    standing: Standing | None
    field_size: int
    nights: list[PlayerNight]  # every night of the season with results, played or not
    best_finishes: list[Finish]
    career_nights: int
    standings_page: int | None = None  # the page of the standings that shows him

    @property
    def played(self) -> list[PlayerNight]:
        return [n for n in self.nights if n.played]


def player_season(player: Player, season: Season | None, *, table: SeasonStandings | None = None) -> PlayerSeason:
    """The player's season night by night, his standing, and his best finishes ever.

    His standing comes from the season's kept table (one query for its key); his nights and points from
    the placements at the tables he sat at (one query), scored as the season's table scores them; the
    seasons of his best finishes (one more).
    """
    # Every placement at the tables he sat at: his own, and the others' for the points and who shared his place.
    around = _results(Q(table__seats__entry__player=player))
    nights: list[PlayerNight] = []
    standing, field_size = None, 0
    if season is not None:
        table = table or season_standings(season)
        standing, field_size = table.standing_of(player.pk), len(table.rows)
        in_season = {night_id for _date, night_id in table.nights}
        scored = standings.score_results([r for r in around if r.night_id in in_season], season.scheme)
        mine = {r.night_id: r for r in scored if r.player_id == player.pk}
        total = Fraction(0)
        for date, night_id in table.nights:
            night = PlayerNight(night_id=night_id, date=date)
            result = mine.get(night_id)
            if result is not None:
                total += result.points
                night.table_number, night.place, night.table_size = result.table_number, result.place, result.table_size
                night.tied, night.points = result.tied, result.points
            night.total = total
            nights.append(night)
    sharing: dict[tuple[int, int], int] = defaultdict(int)
    for r in around:
        sharing[(r.table_id, r.place)] += 1
    ever = [r for r in around if r.player_id == player.pk]
    season_names = dict(Night.objects.filter(pk__in={r.night_id for r in ever}).values_list("pk", "season__name"))
    best = sorted(ever, key=lambda r: (r.place, -r.table_size, -r.night_date.toordinal()))[:5]
    return PlayerSeason(
        player=player,
        season=season,
        standing=standing,
        field_size=field_size,
        nights=nights,
        best_finishes=[
            Finish(r.place, r.table_size, sharing[(r.table_id, r.place)], r.night_date, r.night_id, season_names.get(r.night_id, ""))
            for r in best
        ],
        career_nights=len({r.night_id for r in ever}),
        standings_page=table.page_of(standing) if table is not None and standing is not None else None,
    )


@dataclass
class Chart:
    """A bar per night with results (the player's points), and a line of his running total."""

    width: int
    height: int
    bars: list[dict]
    line: str
    max_points: Decimal
    max_total: Decimal
    labels: list[dict]


def season_chart(nights: Sequence[PlayerNight], *, width: int = 640, height: int = 180) -> Chart:
    pad_left, pad_right, pad_top, pad_bottom = 8, 8, 16, 22
    inner_w, inner_h = width - pad_left - pad_right, height - pad_top - pad_bottom
    slot = inner_w / max(len(nights), 1)
    top_points = max((n.points for n in nights), default=Fraction(0)) or Fraction(1)
    top_total = max((n.total for n in nights), default=Fraction(0)) or Fraction(1)
    bars, points_line, labels = [], [], []
    every = max(1, len(nights) // 8)
    for index, night in enumerate(nights):
        x = pad_left + index * slot
        bar_h = float(night.points / top_points) * inner_h * 0.9 if night.played else 0
        bars.append(
            {
                "x": round(x + slot * 0.15, 1),
                "y": round(pad_top + inner_h - bar_h, 1),
                "w": round(slot * 0.7, 1),
                "h": round(bar_h, 1),
                "played": night.played,
                "night": night,
            }
        )
        cx = x + slot / 2
        cy = pad_top + inner_h - float(night.total / top_total) * inner_h
        points_line.append(f"{cx:.1f},{cy:.1f}")
        if index % every == 0:
            labels.append({"x": round(cx, 1), "y": height - 6, "date": night.date})
    return Chart(
        width=width,
        height=height,
        bars=bars,
        line=" ".join(points_line),
        max_points=standings.points_display(top_points),
        max_total=standings.points_display(top_total),
        labels=labels,
    )


# --- writes -----------------------------------------------------------------------


def table_jackpot_sum(table: Table) -> Decimal:
    return cents(Seat.objects.filter(table=table).aggregate(total=Sum("entry__jackpot_share"))["total"])


@transaction.atomic
def confirm_deposit(*, table: Table, by: AbstractBaseUser) -> JackpotDeposit:
    """The first dealer paid the table's jackpot sum in at the register: one tap records who confirmed it, and when."""
    table = Table.objects.select_for_update(of=("self",)).select_related("first_dealer__entry__player").get(pk=table.pk)
    existing = JackpotDeposit.objects.filter(table=table).select_related("confirmed_by").first()
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
            _("Table %(table)s is still playing: its first dealer pays in when the table has finished.") % {"table": table.number}
        )
    dealer = table.first_dealer.entry.player.name if table.first_dealer else ""
    try:
        with transaction.atomic():
            return JackpotDeposit.objects.create(table=table, amount=table_jackpot_sum(table), paid_in_by=dealer, confirmed_by=by)
    except IntegrityError as error:  # confirmed from a second screen a moment ago
        raise ResultsError(_("The deposit of table %(table)s was already confirmed.") % {"table": table.number}) from error


@dataclass
class SchemePreview:
    """What a scheme change would do: each player's points and position now and after."""

    rows: list[tuple[Standing, Standing | None]]

    @property
    def changed(self) -> int:
        return sum(1 for now, after in self.rows if after is None or now.points != after.points or now.position != after.position)


def preview_points_scheme(*, season: Season, scheme: str, fixed_points: str) -> SchemePreview:
    new = standings.Scheme.from_settings(scheme, fixed_points)
    results = _results(Q(table__night__season=season))
    now = standings.season_table(standings.score_results(results, season.scheme))
    after = {row.player_id: row for row in standings.season_table(standings.score_results(results, new))}
    return SchemePreview(rows=[(row, after.get(row.player_id)) for row in now])


@transaction.atomic
def change_points_scheme(
    *, season: Season, scheme: str, fixed_points: str, by: AbstractBaseUser, confirm: bool = False, reason: str = ""
) -> Season:
    """Set the season's points scheme. Once the season has results it is frozen: changing it then
    recomputes every night's points, so it needs `confirm` and a reason, and is logged."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    fixed_points = fixed_points.strip()
    try:
        standings.Scheme.from_settings(scheme, fixed_points or season.fixed_points)
    except RulesError as error:
        raise ResultsError(rules_message(error)) from error
    fixed_points = fixed_points or season.fixed_points
    if scheme == season.points_scheme and (scheme != PointsScheme.FIXED or fixed_points == season.fixed_points):
        raise ResultsError(_("That is already the season's points scheme."))
    if season_has_results(season):
        reason = reason.strip()
        if not confirm:
            raise ResultsError(
                _("This season has results: changing its points scheme recomputes the points of every night. Confirm the change.")
            )
        if not reason:
            raise ResultsError(_("Give a reason for changing the points scheme."))
        PointsSchemeChange.objects.create(
            season=season,
            old_scheme=season.points_scheme,
            old_fixed_points=season.fixed_points,
            new_scheme=scheme,
            new_fixed_points=fixed_points,
            reason=reason[:200],
            changed_by=by,
        )
    season.points_scheme, season.fixed_points = scheme, fixed_points
    season.save(update_fields=["points_scheme", "fixed_points"])
    return season


# --- placement sheets -------------------------------------------------------------


def placement_sheets(night: Night, *, results_url: str, table_ids: Iterable[int] | None = None) -> list[TableSheet]:
    """Plain rows for `results.sheets`: each table's players in placement order, still-playing ones after."""
    sheets = []
    for table in tables_results(night, table_ids=table_ids):
        rows = [
            SheetRow(
                seat=row.position,
                name=row.name,
                place=row.place,
                points=row.points,
                eliminated_at=row.decided_at if row.shows_time and not row.winner else None,
                winner=row.winner,
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


def night_jackpot_sum(night: Night) -> Decimal:
    """The jackpot shares paid in tonight so far (withdrawn entries' shares left out), for the TV."""
    return cents(Entry.objects.paid().filter(night=night).aggregate(total=Sum("jackpot_share"))["total"])
