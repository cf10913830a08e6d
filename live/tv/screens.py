"""What the pub's TV shows besides the countdown: the night's figures and the other screens.

Chips in play come from the tracker (each tracked table's replayed stacks and
pot); a table played on paper, or not started yet, counts its players'
starting chips until its result is in. A finished table holds no more chips
in play and no players left.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count, Sum
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext

from league.models import Entry, JackpotDeposit, Night, Season, Venue
from league.web.money import format_money
from league.web.numbers import format_chips
from live import cache as live_cache
from live import versions as live
from live.eliminations import latest_first
from results.jackpot import night_jackpot_sum
from results.standings import season_standings, table_venues
from tournaments.clock import club
from tournaments.clock import services as clock_control
from tournaments.models import Placement, Seat, Table, TableStatus, TvDisplay
from tournaments.poker import clock
from tournaments.tracker.services import chips_in_play, load_state

__all__ = [
    "NightFigures",
    "night_figures",
    "average_in_big_blinds",
    "tv_state",
    "display_state",
    "seating_screen",
    "eliminations",
    "leaderboard",
    "season_leaderboard",
]

LEVELS_AHEAD = 6
MAX_TABLE = 10  # seats at a table: the most players one hand can put out


@dataclass(frozen=True)
class NightFigures:
    players_started: int
    players_left: int
    tables_playing: int | None  # None until the seating is drawn
    chips_in_play: int
    jackpot: Decimal  # tonight's jackpot shares
    season_jackpot: Decimal = Decimal(0)  # the season's: earlier nights' confirmed deposits and tonight's shares

    @property
    def average_stack(self) -> int | None:
        return self.chips_in_play // self.players_left if self.players_left else None


def night_figures(night: Night) -> NightFigures:
    tables = list(Table.objects.filter(night=night).annotate(hand_count=Count("hands")))
    jackpot = night_jackpot_sum(night)
    season = season_jackpot_before(night) + jackpot
    if not tables:
        paid = Entry.objects.paid().filter(night=night).count()
        return NightFigures(paid, paid, None, paid * night.season.starting_stack, jackpot, season)
    seats = Seat.objects.filter(table__night=night).values_list("table_id", "starting_stack", "placement__id")
    started = left = 0
    brought: dict[int, int] = defaultdict(int)
    for table_id, stack, placement_id in seats:
        started += 1
        brought[table_id] += stack
        if placement_id is None:
            left += 1
    chips = 0
    for table in tables:
        if table.status == TableStatus.FINISHED:
            continue
        # Tracked tables: the replay; paper (or not yet started) tables: the chips their players brought.
        chips += chips_in_play(load_state(table)) if table.hand_count else brought[table.pk]
    playing = sum(1 for table in tables if table.status != TableStatus.FINISHED)
    return NightFigures(started, left, playing, chips, jackpot, season)


def season_jackpot_before(night: Night) -> Decimal:
    """The season's jackpot before tonight: the deposits confirmed at the register, as the jackpot page counts it.

    Tonight's tables' deposits are left out: tonight counts its shares as they are paid (docs/features.md)."""
    total = (
        JackpotDeposit.objects.standing()
        .filter(table__night__season_id=night.season_id)
        .exclude(table__night=night)
        .aggregate(total=Sum("amount"))["total"]
    )
    return total or Decimal(0)


def _figures_dict(night: Night) -> dict:
    figures = night_figures(night)
    return {
        "players_left": figures.players_left,
        "players_started": figures.players_started,
        "tables_playing": figures.tables_playing,
        "chips_in_play": figures.chips_in_play,
        "average_stack": figures.average_stack,
        "chips_in_play_text": format_chips(figures.chips_in_play),
        "average_stack_text": format_chips(figures.average_stack) if figures.average_stack is not None else "–",
        "season_jackpot_text": format_money(figures.season_jackpot),
        "jackpot_tonight_text": gettext("+%(amount)s tonight") % {"amount": format_money(figures.jackpot)},
    }


def average_in_big_blinds(average_stack: int | None, big_blind: int) -> Decimal | None:
    """The average stack in big blinds, as a player counts it: tenths below 10, whole above (tv.js rounds the
    same way when the level changes on the TV)."""
    if average_stack is None or big_blind < 1:
        return None
    value = Decimal(average_stack) / Decimal(big_blind)
    step = Decimal("0.1") if value < 10 else Decimal(1)
    return value.quantize(step, rounding=ROUND_HALF_UP)


def _average_bb_text(average: Decimal | None) -> str:
    if average is None:
        return "–"
    return number_format(average, decimal_pos=1 if average < 10 else 0, use_l10n=True, force_grouping=True)


def cached_for_seats(kind: str, night: Night, pulse: str, build: Callable[[], str]) -> str:
    """What `build()` returns, made once (across the server's processes) for as long as nobody sits down or
    goes out: a tap changes neither the figures nor the other screens (chips in play stay the same within a
    hand; see live/versions.py), so six TVs cost nothing while the tables play."""
    return live_cache.shared(f"tv:{kind}:{night.pk}:{live.seats_part(pulse)}:{get_language()}", build)


def screens_html(night: Night, pulse: str) -> str:
    """The TV's other screens (seating, eliminations, standings) as of `pulse`."""
    return cached_for_seats(
        "screens", night, pulse, lambda: render_to_string("live/tv/_screens.html", screens_context(night))
    )


def screens_context(night: Night) -> dict:
    return {
        "night": night,
        "seating": seating_screen(night),
        "eliminations": eliminations(night),
        "leaderboard": leaderboard(night),
    }


def tv_state(night: Night, now: datetime | None = None, pulse: str | None = None) -> dict:
    """Everything the TV page needs, as JSON: the clock (read now), the figures, the organizer's settings."""
    now = now or timezone.now()
    pulse = pulse or live.night_pulse(night.pk)  # read first: a change after it shows at the next poll
    clock_state = clock_control.stored_clock(night)
    reading = clock.read(clock_state.state, clock_state.schedule(night.season), now, upcoming=LEVELS_AHEAD)
    figures = json.loads(cached_for_seats("figures", night, pulse, lambda: json.dumps(_figures_dict(night))))
    # The level is not part of the figures' cache key: the average in big blinds is worked out per reading.
    average_bb = average_in_big_blinds(figures["average_stack"], reading.big_blind)
    return {
        **reading.as_dict(),
        **figures,
        "average_bb_text": _average_bb_text(average_bb),
        "look": club.club_look().version,
        "announcement": clock_state.announcement,
        "screen": clock_state.tv_screen,
        "spoken": clock_state.spoken,
        "pulse": pulse,
        "server_time": now.isoformat(),
    }


def display_state(display: TvDisplay, night: Night, pulse: str) -> dict:
    """A named TV's state: the night's, with the TV's own screen and rotation (`pulse` is the TV's version)."""
    return {
        **tv_state(night, pulse=pulse),
        "screen": display.screen,
        "rotation": [[name, display.seconds] for name in display.rotation_screens],
    }


# --- the other screens -------------------------------------------------------------


@dataclass(frozen=True)
class SeatLine:
    table: int
    position: int
    name: str
    out: bool


def seating_screen(night: Night) -> dict:
    """The night's seats by table and by name (players who are out are marked)."""
    seats = (
        Seat.objects.filter(table__night=night)
        .select_related("table", "entry__player", "placement")
        .order_by("table__number", "position")
    )
    lines = [
        SeatLine(seat.table.number, seat.position, seat.entry.player.name, getattr(seat, "placement", None) is not None)
        for seat in seats
    ]
    by_table: dict[int, list[SeatLine]] = defaultdict(list)
    for line in lines:
        by_table[line.table].append(line)
    return {
        "by_table": sorted(by_table.items()),
        "by_name": sorted(lines, key=lambda line: (line.name.casefold(), line.table, line.position)),
    }


def eliminations(night: Night, *, limit: int = 40) -> list[Placement]:
    """The night's placements, the latest first (busted, disqualified, table winners, typed-in results); the
    players of one hand, and a table typed in from paper, in place order (live/eliminations.py)."""
    # A table's worth more than shown, so that the moment at the foot of the list is whole when it is ordered.
    latest = (
        Placement.objects.filter(table__night=night)
        .select_related("table", "seat__entry__player")
        .order_by("-decided_at", "-pk")[: limit + MAX_TABLE]
    )
    return latest_first(latest)[:limit]


def leaderboard(night: Night, *, top: int = 10) -> list:
    """The season's top rows with their movement since the latest night with results: in a league of several
    pubs, those of the night's venue's table (the pub's TV shows the pub's race)."""
    return season_leaderboard(night.season, top=top, venue=night.venue)


def season_leaderboard(season: Season, *, top: int = 10, venue: Venue | None = None) -> list:
    """The season's top rows; a venue's TV shows its venue's table when the season keeps one (a season over
    every venue of a league of several), else the league's (docs/features.md, "TVs")."""
    if venue is not None and venue in table_venues(season):
        return season_standings(season, venue=venue).rows[:top]
    return season_standings(season).rows[:top]
