"""Placements -> points -> the season table, and the jackpot split. Pure functions over plain rows.

Nothing here imports Django or touches the database: callers hand in plain
rows (`Result`) and get plain rows back. Points are exact `Fraction`s (tied
places share an average, which may be 10/3); `points_display` turns them into
a `Decimal` with at most two decimals for showing.

Rules (docs/rules.md, "Decisions the seeds leave open"):
- "field size": p-th of n at a table earns n - p + 1; "fixed": a list such
  as 10, 7, 5, 3, 2, 1 (places past its end earn 0); "formula": the season's
  own formula (`league.rules.formula`), added exactly: the season's total is
  rounded to hundredths once, when shown (as a spreadsheet adds its cells).
- A knockout bonus adds its points for each player a player knocked out
  (a knockout shared by two winners of the pot counts half for each).
- "Best N nights": only each player's N best nights count toward his total
  and his place counts; the others are kept, marked as not counted.
- Players out in the same hand with equal chips share the best place of the
  places they cover (two tied for 4th-5th both have place 4) and each earns
  the average of the points of the places they cover, or, with the season's
  "best place" rule, the points of the best of them.
- The season table: points, then wins, then second places, and so on, then
  fewer nights played (of the nights that count, with best N nights). Players equal in all of these are tied: they share the
  position (1, 1, 1, 4) and the money of the places they cover
  (`league.rules.payouts`); the name only orders the list.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import math
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction
from typing import TypedDict, TypeVar, Unpack

from league.rules.errors import RulesError  # noqa: F401 (raised here, and imported from here by the pages)
from league.rules.formula import Formula, compile_formula, read_formula
from league.rules.inputs import MAX_PLACES_LISTED, MAX_POINTS, has_foreign_digits, is_ascii_whole

FIELD_SIZE = "field_size"
FIXED = "fixed"
FORMULA = "formula"
SCHEMES = (FIELD_SIZE, FIXED, FORMULA)
TIES_AVERAGE = "average"  # tied players each earn the average of the places they cover (the default)
TIES_BEST = "best"  # tied players each earn the points of the best place they cover
TIES = (TIES_AVERAGE, TIES_BEST)
MAX_KNOCKOUT_POINTS = 1000

CENT = Decimal("0.01")
K = TypeVar("K", bound=Hashable)


# --- settings as text ------------------------------------------------------


def parse_points_list(text: str) -> tuple[int, ...]:
    """ "10, 7, 5, 3, 2, 1" -> (10, 7, 5, 3, 2, 1): whole, non-negative, never rising from one place to the next."""
    parts = [part.strip() for part in text.replace(";", ",").split(",")]
    if not any(parts):
        raise RulesError("points_empty")
    if len(parts) > MAX_PLACES_LISTED:
        raise RulesError("points_too_many", limit=MAX_PLACES_LISTED)
    values = []
    for part in parts:
        if not is_ascii_whole(part, max_digits=len(str(MAX_POINTS))):
            if is_ascii_whole(part, max_digits=10**6):
                raise RulesError("points_too_big", value=part[:12], limit=MAX_POINTS)
            raise RulesError("points_not_whole", value=part[:20])
        if int(part) > MAX_POINTS:
            raise RulesError("points_too_big", value=part, limit=MAX_POINTS)
        values.append(int(part))
    if any(later > earlier for earlier, later in zip(values, values[1:])):
        raise RulesError("points_rising")
    return tuple(values)


def parse_payout_split(text: str) -> tuple[Decimal, ...]:
    """ "50,30,20" -> percent for 1st, 2nd, 3rd; each above 0, together exactly 100."""
    parts = [part.strip() for part in text.replace(";", ",").split(",")]
    if not any(parts):
        raise RulesError("split_empty")
    values = []
    for part in parts:
        if len(part) > 12 or has_foreign_digits(part):
            raise RulesError("split_not_a_number", value=part[:20])
        try:
            value = Decimal(part.replace("%", "").strip())
        except InvalidOperation:
            raise RulesError("split_not_a_number", value=part) from None
        if not value.is_finite() or value <= 0:
            raise RulesError("split_not_positive", value=part)
        values.append(value)
    if sum(values) != 100:
        raise RulesError("split_not_100", total=sum(values))
    return tuple(values)


# --- points at one table ----------------------------------------------------


class PlaceContext(TypedDict, total=False):
    """What a formula may read of a placement beside its place and table size (see Formula.points)."""

    night_players: int
    night_tables: int
    knockouts: Fraction | int


@dataclass(frozen=True)
class Scheme:
    """How a season scores: the points for a place, a bonus per knockout, and how many nights count (0: all)."""

    kind: str = FIELD_SIZE
    fixed: tuple[int, ...] = ()
    formula: Formula | None = None
    knockout_points: Fraction = Fraction(0)
    best_nights: int = 0
    ties: str = TIES_AVERAGE

    @classmethod
    def from_settings(
        cls,
        kind: str,
        fixed_points: str,
        formula: str = "",
        *,
        fee: Decimal | int = 0,
        knockout_points: Decimal | Fraction | int = 0,
        best_nights: int = 0,
        check_up_to: int | None = 0,
        ties: str = TIES_AVERAGE,
    ) -> Scheme:
        """The scheme of a season's settings. `check_up_to`: the league's largest night, when the settings are
        being set (the formula is checked for every night up to twice it); None: a stored season's settings,
        read as they are (a formula that fails on a night is named there, not refused here)."""
        if kind not in SCHEMES:
            raise RulesError("scheme_unknown", value=kind)
        bonus = Fraction(knockout_points)
        if not 0 <= bonus <= MAX_KNOCKOUT_POINTS:
            raise RulesError("knockout_points_range", limit=MAX_KNOCKOUT_POINTS)
        if not isinstance(best_nights, int) or best_nights < 0 or best_nights > 1000:
            raise RulesError("best_nights_range", limit=1000)
        if ties not in TIES:
            raise RulesError("ties_unknown", value=str(ties)[:20])
        if kind != FORMULA:
            checked = None
        elif check_up_to is None:
            checked = read_formula(formula, fee=fee)
        else:
            checked = compile_formula(formula, fee=fee, largest_night=check_up_to)
        return cls(kind, parse_points_list(fixed_points) if kind == FIXED else (), checked, bonus, best_nights, ties)

    @property
    def needs_context(self) -> bool:
        """Whether a placement's points need more than its place and table size (night size, knockouts)."""
        return self.formula is not None and self.formula.needs_context

    @property
    def uses_knockouts(self) -> bool:
        return bool(self.knockout_points) or (self.formula is not None and "k" in self.formula.uses)

    def points_for_place(self, place: int, table_size: int, **context: Unpack[PlaceContext]) -> Fraction | int:
        """The points for a place; with a formula, `context` may give ``night_players``, ``night_tables`` and
        ``knockouts``. A formula that fails for a placement the check did not cover gives 0 (docs/rules.md)."""
        try:
            return self.place_points(place, table_size, **context)
        except RulesError:
            return 0

    def place_points(self, place: int, table_size: int, **context: Unpack[PlaceContext]) -> Fraction | int:
        """As `points_for_place`, but a formula that fails raises :class:`RulesError` saying why and where."""
        if self.kind == FIELD_SIZE:
            return max(table_size - place + 1, 0)
        if self.kind == FORMULA:
            assert self.formula is not None  # from_settings gives the formula kind its formula
            # Exact, not to hundredths: rounding each night's points first put a season's total a cent or more
            # off the same sum in a spreadsheet; the total is rounded once, when shown (`points_display`).
            return _exact(self.formula.value(place=place, table_size=table_size, **context))
        return self.fixed[place - 1] if 1 <= place <= len(self.fixed) else 0


def check_places(places: Sequence[int], table_size: int) -> None:
    """A complete table's places: 1..n, one winner, a tie at p covers p..p+k-1 and the next place is p+k.

    So for six players 1, 2, 3, 4, 4, 6 is a result (two tied for 4th-5th) and
    1, 2, 3, 4, 4, 5 is not.
    """
    if len(places) != table_size:
        raise RulesError("places_count", expected=table_size, got=len(places))
    for place in places:
        if not 1 <= place <= table_size:
            raise RulesError("place_out_of_range", place=place, n=table_size)
    ordered = sorted(places)
    if ordered.count(1) != 1:
        raise RulesError("one_winner")
    for index, place in enumerate(ordered):
        if place != index + 1 and place != ordered[index - 1]:
            expected = index + 1
            tied = ordered.count(ordered[index - 1])
            raise RulesError("place_gap", place=place, expected=expected, previous=ordered[index - 1], tied=tied)


def table_points(
    places: Mapping[K, int],
    table_size: int,
    scheme: Scheme,
    *,
    context: Mapping[K, PlaceContext] | None = None,
    failed: dict[K, RulesError] | None = None,
) -> dict[K, Fraction]:
    """Points of each player at one table; k players sharing place p get the average of places p..p+k-1.

    `context` (for a formula that reads it): each player's ``night_players``, ``night_tables`` and
    ``knockouts``. The knockout bonus is added to each player's points. A place the formula fails for counts
    0; `failed`, if given, gets each such player's first error.
    """
    sharing = Counter(places.values())
    points: dict[K, Fraction] = {}
    for key, place in places.items():
        extra: PlaceContext = (context or {}).get(key, {})
        points[key], error = _place_average(scheme, place, sharing[place], table_size, extra)
        if error is not None and failed is not None:
            failed[key] = error
        if scheme.knockout_points:
            points[key] += scheme.knockout_points * Fraction(extra.get("knockouts", 0))
    return points


def _exact(value: float) -> Fraction:
    """A formula's value exactly as the float it is, as a spreadsheet adds its cells (a power of two below:
    the season's sum stays a sum of whole numbers over one denominator, `_table`)."""
    return Fraction(float(value))


def _place_average(
    scheme: Scheme, place: int, tied: int, table_size: int, context: PlaceContext
) -> tuple[Fraction, RulesError | None]:
    """The average of the points of places place..place+tied-1 (with the "best place" rule: the points of
    `place`), and the first error of a place that fails (0)."""
    if scheme.ties == TIES_BEST:
        tied = 1
    total: Fraction | int = 0
    first: RulesError | None = None
    for covered in range(place, place + tied):
        try:
            total += scheme.place_points(covered, table_size, **context)
        except RulesError as error:
            first = first or error
    return Fraction(total, tied), first


_DISPLAYED: dict[Fraction | int, Decimal] = {}


def points_display(points: Fraction | Decimal | int) -> Decimal:
    """At most two decimals and no trailing zeros: 5, 3.5, 3.33 (a Decimal, so templates localize it)."""
    # A season's figures repeat: a publish shows each player's nights and totals on 5,700 pages and the results
    # download 12,000 rows of them. Each value's display is made once (a Decimal is never changed in place).
    # Only fractions and whole numbers: equal ones display alike, where a Decimal -0 equals 0 but shows "-0".
    if type(points) is Fraction or type(points) is int:
        found = _DISPLAYED.get(points)
        if found is None:
            if len(_DISPLAYED) >= 100_000:
                _DISPLAYED.clear()
            found = _DISPLAYED[points] = _display(points)
        return found
    return _display(points)


def _display(points: Fraction | Decimal | int) -> Decimal:
    if isinstance(points, Fraction):
        value = Decimal(points.numerator) / Decimal(points.denominator)
    else:
        value = Decimal(points)
    value = value.quantize(CENT, rounding=ROUND_HALF_UP)
    return Decimal(format(value.normalize(), "f"))


# --- the season ---------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One player's placement on one night; `points` and `tied` are filled in by `score_results`."""

    player_id: int
    name: str
    night_id: int
    night_date: datetime.date
    table_id: int
    table_number: int
    place: int
    table_size: int
    points: Fraction | None = None
    tied: int = 1  # how many share this place at the table (1 = alone)
    knockouts: Fraction = Fraction(0)  # players he knocked out at this table (shared knockouts count in part)
    night_players: int = 0  # players at the night (for a formula that reads them)
    night_tables: int = 0
    counted: bool = True  # False: not one of his best nights (the season counts only those)
    venue_id: int | None = None  # the night's venue: nights at several venues race by week (league.rules.race)


@dataclass(frozen=True)
class FormulaFailure:
    """A night whose placements the season's formula gives no points for (each counts 0), and why: the first
    such placement (by table, then place), its error's code and params, and how many placements fail."""

    night_id: int
    night_date: datetime.date
    table_number: int
    place: int
    code: str
    params: dict[str, object] = dataclasses.field(hash=False)
    placements: int = 1


def failures_by_night(failed: Iterable[tuple[Result, RulesError]]) -> list[FormulaFailure]:
    """The failing placements of `score_results`, one line per night (oldest first) naming its first."""
    nights: dict[int, FormulaFailure] = {}
    for r, error in sorted(
        failed, key=lambda pair: (pair[0].night_date, pair[0].night_id, pair[0].table_number, pair[0].place)
    ):
        first = nights.get(r.night_id)
        if first is None:
            nights[r.night_id] = FormulaFailure(
                r.night_id, r.night_date, r.table_number, r.place, error.code, dict(error.params)
            )
        else:
            nights[r.night_id] = dataclasses.replace(first, placements=first.placements + 1)
    return list(nights.values())


def score_results(
    results: Iterable[Result],
    scheme: Scheme,
    failed: list[tuple[Result, RulesError]] | None = None,
) -> list[Result]:
    """Points for every placement, table by table, the knockout bonus added, and each player's nights
    beyond his best N marked as not counted; the order of `results` is kept.

    Tables with the same size and the same places score alike, so each such pattern is worked out once
    (a season of 2,000 tables has a few dozen); a formula that reads the night or the knockouts, or a
    knockout bonus, scores each placement with its own. A placement the formula fails for counts 0;
    `failed`, if given, gets each such placement with its error.
    """
    results = list(results)
    by_table: dict[int, list[int]] = defaultdict(list)
    for index, result in enumerate(results):
        by_table[result.table_id].append(index)
    scored = list(results)
    patterns: dict[tuple[int, tuple[int, ...]], tuple[dict[int, Fraction], Counter[int], dict[int, RulesError]]] = {}
    own = scheme.needs_context
    for indices in by_table.values():
        size = results[indices[0]].table_size
        places = tuple(sorted(results[index].place for index in indices))
        pattern = patterns.get((size, places))
        if pattern is None:
            errors: dict[int, RulesError] = {}
            table: dict[int, Fraction] = (
                {} if own else table_points(dict(enumerate(places)), size, scheme, failed=errors)
            )
            pattern = patterns[(size, places)] = (
                {places[k]: value for k, value in table.items()},
                Counter(places),
                {places[k]: e for k, e in errors.items()},
            )
        by_place, sharing, pattern_errors = pattern
        for index in indices:
            r = results[index]
            error = pattern_errors.get(r.place)
            if own:
                context: PlaceContext = {
                    "night_players": r.night_players,
                    "night_tables": r.night_tables,
                    "knockouts": r.knockouts,
                }
                points, error = _place_average(scheme, r.place, sharing[r.place], size, context)
            else:
                points = by_place[r.place]
            if error is not None and failed is not None:
                failed.append((r, error))
            if scheme.knockout_points and r.knockouts:
                points += scheme.knockout_points * r.knockouts
            scored[index] = Result(
                r.player_id,
                r.name,
                r.night_id,
                r.night_date,
                r.table_id,
                r.table_number,
                r.place,
                r.table_size,
                points,
                sharing[r.place],
                r.knockouts,
                r.night_players,
                r.night_tables,
                venue_id=r.venue_id,
            )
    if scheme.best_nights:
        _mark_best_nights(scored, scheme.best_nights)
    return scored


def _mark_best_nights(scored: list[Result], best: int) -> None:
    """Each player's nights beyond his `best` best are marked as not counted (in place).

    Best first by points, then the better place, then the earlier night (the order decides only which of two
    equal nights is shown as not counted: the total is the same).
    """
    by_player: dict[int, list[int]] = defaultdict(list)
    for index, r in enumerate(scored):
        by_player[r.player_id].append(index)

    def best_first(index: int) -> tuple[Fraction, int, datetime.date, int]:
        r = scored[index]
        assert r.points is not None  # score_results gave every result its points
        return (-r.points, r.place, r.night_date, r.night_id)

    for indices in by_player.values():
        if len(indices) <= best:
            continue
        ranked = sorted(indices, key=best_first)
        for index in ranked[best:]:
            r = scored[index]
            scored[index] = Result(
                r.player_id,
                r.name,
                r.night_id,
                r.night_date,
                r.table_id,
                r.table_number,
                r.place,
                r.table_size,
                r.points,
                r.tied,
                r.knockouts,
                r.night_players,
                r.night_tables,
                False,
                r.venue_id,
            )


@dataclass
class Standing:
    position: int
    player_id: int
    name: str
    points: Fraction
    nights: int
    place_counts: tuple[int, ...]  # how often 1st, 2nd, 3rd, ... (tied places count as the shared place)
    previous_position: int | None = None  # before the latest night; None: not in the table then
    best_place: int = 0
    tied: int = 1  # how many share this position (1 = alone)
    dropped: int = 0  # nights played that do not count (best N nights)

    @property
    def tie_key(self) -> tuple[Fraction, tuple[int, ...], int]:
        """What decides the position: rows with equal keys are tied (the name only orders the list)."""
        return tie_key(self.points, self.place_counts, self.nights - self.dropped)

    @property
    def wins(self) -> int:
        return self.place_counts[0] if self.place_counts else 0

    @property
    def seconds(self) -> int:
        return self.place_counts[1] if len(self.place_counts) > 1 else 0

    @property
    def thirds(self) -> int:
        return self.place_counts[2] if len(self.place_counts) > 2 else 0

    @property
    def movement(self) -> int | None:
        """Positions gained (positive) or lost (negative) since the last night; None: new this night."""
        if self.previous_position is None:
            return None
        return self.previous_position - self.position

    @property
    def places_moved(self) -> int:
        return abs(self.movement or 0)

    @property
    def points_shown(self) -> Decimal:
        return points_display(self.points)


def tie_key(points: Fraction, place_counts: Sequence[int], nights: int) -> tuple[Fraction, tuple[int, ...], int]:
    """The season table's rule: more points, then more wins, more second places, ..., then fewer nights
    (the nights that count: a night dropped by the best-N rule does not make a player's tiebreak worse).

    Trailing zero counts do not matter (a table read back from the cache may count fewer places)."""
    counts = tuple(place_counts)
    while counts and not counts[-1]:
        counts = counts[:-1]
    return (points, counts, nights)


def _table(scored: Sequence[Result]) -> list[Standing]:
    deepest = max((s.place for s in scored), default=0)
    # Points add up exactly as whole multiples of 1/scale (the denominators are tie sizes): integer sums
    # and comparisons instead of Fractions, which made this the slowest part of a big season's table.
    # (scored: score_results gave every result its points)
    scale = math.lcm(*{s.points.denominator for s in scored}) if scored else 1  # type: ignore[union-attr]
    totals: dict[int, int] = defaultdict(int)
    places: dict[int, list[int]] = defaultdict(lambda: [0] * deepest)
    nights: dict[int, set[int]] = defaultdict(set)
    dropped: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    for s in scored:
        names[s.player_id] = s.name
        nights[s.player_id].add(s.night_id)
        if not s.counted:  # not one of his best nights: played, shown, not counted
            dropped[s.player_id] += 1
            totals[s.player_id] += 0
            continue
        totals[s.player_id] += s.points.numerator * (scale // s.points.denominator)  # type: ignore[union-attr]
        places[s.player_id][s.place - 1] += 1

    # The place counts add up to the nights that count, so when all of them are equal those nights are too:
    # "fewer nights played" never decides on its own. It stays in the key because the rule lists it; it counts
    # the nights that count, or a night the best-N rule dropped would still cost a player his place.
    def counting(player_id: int) -> int:
        return len(nights[player_id]) - dropped[player_id]

    def order(player_id: int) -> tuple[int, tuple[int, ...], int, str, str, int]:
        return (
            -totals[player_id],
            tuple(-count for count in places[player_id]),
            counting(player_id),
            names[player_id].casefold(),
            names[player_id],
            player_id,
        )

    ordered = sorted(totals, key=order)
    ties = [(totals[p], tuple(places[p]), counting(p)) for p in ordered]
    rows = [
        Standing(
            position=position,
            player_id=player_id,
            name=names[player_id],
            points=Fraction(totals[player_id], scale),
            nights=len(nights[player_id]),
            place_counts=tie[1],
            best_place=next((i for i, count in enumerate(tie[1], start=1) if count), 0),
            dropped=dropped[player_id],
        )
        for player_id, tie, position in zip(ordered, ties, shared_positions(ties))
    ]
    mark_tied(rows)
    return rows


def shared_positions(ties: Sequence[object]) -> list[int]:
    """The positions of rows in the table's order, given each row's tie key: rows equal in everything but the
    name share the first one's position (1, 2, 2, 4)."""
    positions: list[int] = []
    previous: object = None
    for index, tie in enumerate(ties, start=1):
        positions.append(index if index == 1 or tie != previous else positions[-1])
        previous = tie
    return positions


def mark_tied(rows: Sequence[Standing]) -> None:
    """Each row's `tied`: how many rows share its position."""
    sharing = Counter(row.position for row in rows)
    for row in rows:
        row.tied = sharing[row.position]


def latest_night(scored: Iterable[Result]) -> int | None:
    """The night with results that came last (by date, then id)."""
    nights = {(s.night_date, s.night_id) for s in scored}
    return max(nights)[1] if nights else None


def season_table(scored: Sequence[Result], *, best_nights: int = 0) -> list[Standing]:
    """The standings with each player's position before the latest night, for the movement arrows
    (with best N nights, his best nights before it)."""
    rows = _table(scored)
    last = latest_night(scored)
    if last is None:
        return rows
    earlier = [s for s in scored if s.night_id != last]
    if best_nights:
        earlier = [s if s.counted else dataclasses.replace(s, counted=True) for s in earlier]
        _mark_best_nights(earlier, best_nights)
    before = {row.player_id: row.position for row in _table(earlier)}
    for row in rows:
        row.previous_position = before.get(row.player_id)
    return rows


# --- the jackpot ---------------------------------------------------------------


def payout_split(total: Decimal, percents: Sequence[Decimal]) -> list[Decimal]:
    """Each place's share of `total`, to the cent; the cents lost by rounding down go to 1st place.

    The shares always add up to `total` exactly.
    """
    total = Decimal(total).quantize(CENT)
    shares = [(total * Decimal(p) / 100).quantize(CENT, rounding=ROUND_DOWN) for p in percents]
    if shares:
        shares[0] += total - sum(shares)
    return shares


# --- matching paper and app -------------------------------------------------------


def results_fingerprint(table_id: int, placements: Iterable[tuple[int, int]]) -> str:
    """A short hash of a table's result, (seat id, place) pairs: printed on the sheet, shown on the page.

    Any change of a place changes it, so a signed sheet and the app can be
    matched at a glance ("7F3A-19C2").
    """
    canonical = ";".join(f"{seat}:{place}" for seat, place in sorted(placements, key=lambda pair: (pair[1], pair[0])))
    digest = hashlib.sha256(f"results-v1|{table_id}|{canonical}".encode()).hexdigest()[:8].upper()
    return f"{digest[:4]}-{digest[4:]}"
