"""Season standings: every placement as a plain row, scored with the season's scheme, and the season table kept
under a key derived from its rows.

Reads run a fixed number of queries whatever the season's size: they fetch
plain rows (`values_list`) and leave the arithmetic to `league.rules.standings`.
Points are never stored: they are derived from the placement rows with the
season's scheme, so a placement correction shows everywhere at once and
nothing can drift."""

from __future__ import annotations

import dataclasses
import datetime
import functools
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cached_property

from league.models import Season, Venue
from league.rules import names as name_search
from league.rules import standings
from league.rules.standings import Result, Standing
from results.kept import ledger, rows, season_cache
from tournaments.models import Placement

ZERO = Decimal("0.00")


class ResultsError(Exception):
    """A rule was broken; the message is shown to the organizer as it is (beside `field`, when one is named)."""

    def __init__(self, message: str = "", *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def season_has_results(season: Season) -> bool:
    return Placement.objects.filter(table__night__season=season).exists()


def season_results(
    season: Season,
    scheme: standings.Scheme | None = None,
    failed: list[tuple[Result, standings.RulesError]] | None = None,
    *,
    venue: Venue | None = None,
) -> list[Result]:
    """The season's placements with their points (one query; more for knockouts or a formula that reads the
    night); `failed` gets each placement the season's formula fails for (it counts 0). With a venue: only
    that venue's nights, scored with the season's scheme as they are in the league's table."""
    if scheme is None:  # the season's own scheme: as kept night by night, brought up to date (results.kept.ledger)
        now = ledger.current(season, venue, table=False)
        if failed is not None:
            failed.extend(now.failed)
        return now.scored
    return standings.score_results(
        rows.scoring_rows(season, rows.results_where(rows.in_season(season, venue)), scheme), scheme, failed
    )


def table_venues(season: Season) -> list[Venue]:
    """The venues the season keeps a table of besides the league's: every venue of a league of several when
    the season counts every venue; none when the league is one pub or the season counts one venue (its
    table is the league's). Ordered by name, as the venues are listed everywhere."""
    if season.venue_id is not None:
        return []
    venues = list(Venue.objects.order_by("name", "pk"))
    return venues if len(venues) > 1 else []


def formula_failures(season: Season) -> list[standings.FormulaFailure]:
    """The nights the season's formula fails for, each naming its first failing placement, computed now."""
    if season.points_scheme != "formula":
        return []
    failed: list[tuple[Result, standings.RulesError]] = []
    season_results(season, failed=failed)
    return standings.failures_by_night(failed)


STANDINGS_PAGE_SIZE = 50  # rows per page of the standings: about 20 KB of HTML
SEARCH_LIMIT = 50  # rows a name search shows at most


@dataclass
class KeptTable:
    """What is kept of a season's table between views (results.kept.season_cache): plain rows, no model objects."""

    rows: list[Standing]
    nights: list[tuple[datetime.date, int]]  # (date, id) of each night with results, oldest first
    search_forms: list[tuple[str, ...]]  # each row's name as a search matches it
    failures: list[standings.FormulaFailure] = field(default_factory=list)  # nights the formula fails for

    # Kept as plain tuples: a pickled Fraction is its text, parsed back one by one (20 ms for 3,000 rows).
    def __getstate__(self) -> dict:
        rows = [
            (
                r.position,
                r.player_id,
                r.name,
                r.points.numerator,
                r.points.denominator,
                r.nights,
                r.place_counts,
                r.previous_position,
                r.best_place,
                r.tied,
                r.dropped,
            )
            for r in self.rows
        ]
        failures = [dataclasses.astuple(f) for f in self.failures]
        return {"rows": rows, "nights": self.nights, "search_forms": self.search_forms, "failures": failures}

    def __setstate__(self, state: dict) -> None:
        self.rows = [
            Standing(
                position,
                player_id,
                name,
                Fraction(numerator, denominator),
                nights,
                counts,
                previous,
                best,
                tied,
                dropped,
            )
            for position, player_id, name, numerator, denominator, nights, counts, previous, best, tied, dropped in state[
                "rows"
            ]
        ]
        self.nights, self.search_forms = state["nights"], state["search_forms"]
        self.failures = [standings.FormulaFailure(*values) for values in state.get("failures", ())]

    def row_index(self) -> dict[int, int]:
        """id(row) -> its index; made once per kept table (a publish asks it for thousands of player pages)."""
        if "_row_index" not in self.__dict__:
            self.__dict__["_row_index"] = {id(row): index for index, row in enumerate(self.rows)}
        return self.__dict__["_row_index"]

    def by_player(self) -> dict[int, Standing]:
        """player id -> his row (the first, as a search from the top finds it); made once per kept table."""
        if "_by_player" not in self.__dict__:
            rows: dict[int, Standing] = {}
            for row in self.rows:
                rows.setdefault(row.player_id, row)
            self.__dict__["_by_player"] = rows
        return self.__dict__["_by_player"]


@dataclass
class SeasonStandings:
    season: Season
    rows: list[Standing]
    nights: list[tuple[datetime.date, int]]
    search_forms: list[tuple[str, ...]] = field(default_factory=list, repr=False)
    key: season_cache.SeasonKey | None = None  # None: computed, not kept
    scored: list[Result] | None = field(default=None, repr=False)  # the results behind it, when read in this request
    kept: KeptTable | None = field(default=None, repr=False)  # the kept table the rows are, when they are
    failures: list[standings.FormulaFailure] = field(default_factory=list)  # nights the season's formula fails for
    venue: Venue | None = None  # None: the league's table (every night the season counts); a venue: its nights'
    # When computed in this request from the ledger: besides the rows, each player's nights in the points and the
    # results of the table's first players (the awards' run and the race read these instead of every result).
    current: ledger.Current | None = field(default=None, repr=False)

    @property
    def kept_under(self) -> str | None:
        """The key what is kept of this table (its race) is kept under; None for a table computed now."""
        return None if self.key is None else _venue_key(self.key, self.venue)

    @property
    def nights_with_results(self) -> int:
        return len(self.nights)

    @property
    def latest_night_date(self) -> datetime.date | None:
        return self.nights[-1][0] if self.nights else None

    def standing_of(self, player_id: int) -> Standing | None:
        if self.kept is not None and self.kept.rows is self.rows:
            return self.kept.by_player().get(player_id)
        return next((row for row in self.rows if row.player_id == player_id), None)

    def page_of(self, standing: Standing) -> int:
        """The page of the standings that shows this row (tied rows share a position, so count the rows)."""
        return self._row_index.get(id(standing), standing.position - 1) // STANDINGS_PAGE_SIZE + 1

    @cached_property
    def _row_index(self) -> dict[int, int]:
        if self.kept is not None and self.kept.rows is self.rows:
            return self.kept.row_index()
        return {id(row): index for index, row in enumerate(self.rows)}

    def search(self, query: str) -> list[Standing]:
        """The rows whose player's name matches every word of `query` (league.rules.names), in position order."""
        words = name_search.query_words(query)
        return [row for row, forms in zip(self.rows, self.search_forms) if name_search.matches(words, forms)]


def _kept_table(
    scored: list[Result], best_nights: int = 0, failed: list[tuple[Result, standings.RulesError]] | None = None
) -> KeptTable:
    rows = standings.season_table(scored, best_nights=best_nights)
    return KeptTable(
        rows=rows,
        nights=sorted({(r.night_date, r.night_id) for r in scored}),
        search_forms=[name_search.search_forms(row.name) for row in rows],
        failures=standings.failures_by_night(failed or ()),
    )


def _venue_key(key: season_cache.SeasonKey, venue: Venue | None) -> str:
    """What a table is kept under: the season's results key, and the venue for a venue's table (the key
    already covers each night's venue, so a night moved elsewhere changes both)."""
    return key.results if venue is None else f"{key.results}@venue{venue.pk}"


# A name's search forms, made once per process: a season's table names thousands, and each new table the same.
_search_forms = functools.lru_cache(maxsize=100_000)(name_search.search_forms)


def computed_season_standings(season: Season, *, venue: Venue | None = None) -> SeasonStandings:
    """The season's table (with a venue: that venue's) computed from the stored rows now (one query),
    bypassing what is kept (and the ledger: the season's scheme given, every row is read and scored)."""
    failed: list[tuple[Result, standings.RulesError]] = []
    scored = season_results(season, season.scheme, failed, venue=venue)
    kept = _kept_table(scored, season.best_nights, failed)
    return SeasonStandings(
        season, kept.rows, kept.nights, kept.search_forms, scored=scored, failures=kept.failures, venue=venue
    )


def season_standings(
    season: Season, *, venue: Venue | None = None, key: season_cache.SeasonKey | None = None
) -> SeasonStandings:
    """The season's table, as kept under the season's key (one query), else computed and kept (one more).

    `venue` None: the league's table, every night the season counts; a venue: the table of that venue's nights
    only, with the season's points scheme and best-nights rule, kept under the same key and the venue."""
    key = key or season_cache.season_key(season.pk)
    read: list[ledger.Current] = []

    def compute() -> KeptTable:
        # Brought up to date night by night (results.kept.ledger): a night that arrives is the only one read and scored.
        now = ledger.current(season, venue)
        read.append(now)
        return KeptTable(
            rows=now.table,
            nights=now.nights,
            search_forms=[_search_forms(row.name) for row in now.table],
            failures=standings.failures_by_night(now.failed),
        )

    kept = season_cache.kept("table", _venue_key(key, venue), compute)
    return SeasonStandings(
        season,
        kept.rows,
        kept.nights,
        kept.search_forms,
        key,
        read[0].scored if read else None,
        kept,
        kept.failures,
        venue,
        read[0] if read else None,
    )
