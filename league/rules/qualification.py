"""Who goes to the qualifiers' final: a season's qualification rule applied to its tables' rows.

Plain values in (each table's rows in the table's order: player, position, points, nights played there),
plain verdicts out (in or out, and a reason as a code with its figures; the page words it). The rules, with
the decisions where the league left them open, are in docs/league-rules.md, "Qualifiers' final":

- "venue": the top N of each venue's table with at least M nights there; "league": the top N of the league's
  table with at least M nights; "none": nobody qualifies.
- A player with fewer than M nights is passed over: the next one moves up.
- The cut is made on the table's position, which already applies the season's tie rule (points, then more
  wins, seconds, ..., then fewer nights). Rows that still share the position at the cut are an exact tie the
  rule cannot break: all of them go in, so a table may send more than N.
- A player who qualifies at two venues counts once, at the venue where he placed best (the smaller position;
  equal positions: the venue listed first). The other venue's next player moves up: each venue sends N
  distinct players (as long as it has enough).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

NONE = "none"
VENUE = "venue"
LEAGUE = "league"
KINDS = (NONE, VENUE, LEAGUE)

# The reasons, each with the figures its words need.
IN_PLACE = "in_place"  # position, table
IN_TIE = "in_tie"  # position, table, top: tied at the cut, all go in
OUT_NIGHTS = "out_nights"  # nights, min_nights, table
OUT_PLACE = "out_place"  # position, table, top
OUT_ELSEWHERE = "out_elsewhere"  # other (the table he counts at)


@dataclass(frozen=True)
class Rule:
    kind: str = NONE
    top: int = 0  # N: how many per table
    min_nights: int = 0  # M: nights played at the table at least

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"not a qualification rule: {self.kind!r}")
        if self.top < 0 or self.min_nights < 0:
            raise ValueError("a qualification rule counts from 0")

    @property
    def active(self) -> bool:
        return self.kind != NONE and self.top > 0


@dataclass(frozen=True)
class Row:
    """One row of a table, as the table shows it: rows sharing a position are tied."""

    player_id: int
    name: str
    position: int
    points: object  # shown only; the position already says who is ahead
    nights: int


@dataclass(frozen=True)
class Table:
    """A table the rule reads: a venue's (`name` is the venue's) or the league's (`name` empty)."""

    name: str
    rows: Sequence[Row]


@dataclass(frozen=True)
class Verdict:
    player_id: int
    name: str
    qualified: bool
    reason: str
    table: str  # the table this verdict was made at
    position: int
    nights: int
    top: int = 0
    min_nights: int = 0
    other: str = ""  # OUT_ELSEWHERE: the table he counts at


@dataclass(frozen=True)
class Outcome:
    """Each table's rows with their verdicts (in the table's order), and one verdict per player: his "in"
    if he qualified, else his "out" at the table where he placed best."""

    tables: tuple[tuple[str, tuple[Verdict, ...]], ...]
    players: tuple[Verdict, ...]

    @property
    def qualified(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.players if v.qualified)


def qualify(rule: Rule, tables: Sequence[Table]) -> Outcome:
    """The rule applied to `tables` (the venues' in the order the page lists them, or the league's alone).

    With "none" (or N = 0) nobody is in and no table is read."""
    if not rule.active:
        return Outcome((), ())
    counted_at: dict[int, int] = {}  # player -> the index of the table he counts at
    taken = [0] * len(tables)  # players each table sends so far
    full = [False] * len(tables)
    # The groups of each table (rows sharing a position, passed-over rows left out), taken in the order
    # of their position across all tables: a player is counted where he placed best.
    groups: list[tuple[int, int, list[Row]]] = []
    for index, table in enumerate(tables):
        by_position: dict[int, list[Row]] = {}
        for row in table.rows:
            if row.nights >= rule.min_nights:
                by_position.setdefault(row.position, []).append(row)
        groups.extend((position, index, rows) for position, rows in by_position.items())
    tied_at_cut: set[tuple[int, int]] = set()  # (table index, player) in a tie that crossed the cut
    for _position, index, rows in sorted(groups, key=lambda g: (g[0], g[1])):
        if full[index]:
            continue
        fresh = [row for row in rows if row.player_id not in counted_at]
        for row in fresh:
            counted_at[row.player_id] = index
        if taken[index] + len(fresh) > rule.top and len(fresh) > 1:
            tied_at_cut.update((index, row.player_id) for row in fresh)
        taken[index] += len(fresh)
        full[index] = taken[index] >= rule.top

    verdict_tables = []
    best: dict[int, Verdict] = {}
    for index, table in enumerate(tables):
        verdicts = []
        for row in table.rows:
            home = counted_at.get(row.player_id)
            if home == index:
                reason = IN_TIE if (index, row.player_id) in tied_at_cut else IN_PLACE
                verdict = _verdict(row, table, rule, True, reason)
            elif row.nights < rule.min_nights:
                verdict = _verdict(row, table, rule, False, OUT_NIGHTS)
            elif home is not None:
                verdict = _verdict(row, table, rule, False, OUT_ELSEWHERE, tables[home].name)
            else:
                verdict = _verdict(row, table, rule, False, OUT_PLACE)
            verdicts.append(verdict)
            if _better(verdict, best.get(row.player_id)):
                best[row.player_id] = verdict
        verdict_tables.append((table.name, tuple(verdicts)))
    players = sorted(best.values(), key=lambda v: (not v.qualified, _table_index(tables, v.table), v.position, v.name))
    return Outcome(tuple(verdict_tables), tuple(players))


def _verdict(row: Row, table: Table, rule: Rule, qualified: bool, reason: str, other: str = "") -> Verdict:
    return Verdict(
        row.player_id,
        row.name,
        qualified,
        reason,
        table.name,
        row.position,
        row.nights,
        rule.top,
        rule.min_nights,
        other,
    )


def _better(verdict: Verdict, than: Verdict | None) -> bool:
    """A player's own verdict: his "in" wherever it is, else the "out" where he placed best (the first
    table on equal positions); "counts elsewhere" is never his own (he has an "in")."""
    if than is None:
        return True
    if verdict.qualified != than.qualified:
        return verdict.qualified
    if than.reason == OUT_ELSEWHERE and verdict.reason != OUT_ELSEWHERE:
        return True
    return False if verdict.reason == OUT_ELSEWHERE else verdict.position < than.position


def _table_index(tables: Sequence[Table], name: str) -> int:
    return next((i for i, t in enumerate(tables) if t.name == name), len(tables))
