"""Removing the demo in one step: its seasons with everything in them, and its players, nothing else.

What `setup_demo` made is marked (Season.is_demo, Player.is_demo). A demo season goes with its nights,
entries, tables, seats, hands and actions, placements and their corrections, paper sheets, jackpot deposits,
clocks, cash book lines and cash counts. A demo player goes too unless the league has used him meanwhile
(an entry in one of its own nights, a cash book line, a merge, a house-game bankroll): he then stays, as a
player of the league's own. Organizer accounts stay (the demo's login is the league's first one).

The rows point at each other with PROTECT (a hand's button seat, an action's seat, a seat's entry, a
deposit's table), so they are deleted from the leaves up, in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q

from league.models import CashCount, CashLine, Entry, JackpotDeposit, Night, Player, Season
from tournaments.models import Action, Hand, Placement, Table


@dataclass(frozen=True)
class DemoContents:
    seasons: tuple[str, ...]
    nights: int
    entries: int
    tables: int
    hands: int
    players: int  # removed with it
    players_kept: int  # demo players the league has used: they stay

    @property
    def empty(self) -> bool:
        return not self.seasons and not self.players


def _seasons():
    return Season.objects.filter(is_demo=True)


def _players_to_remove(seasons):
    """Demo players with nothing outside the demo: no entry in another season, no cash line, merge or bankroll."""
    used = (
        Q(entries__in=Entry.objects.exclude(night__season__in=seasons))
        | Q(cash_lines__in=CashLine.objects.exclude(season__in=seasons))
        | Q(merges__isnull=False)
        | Q(bankroll__isnull=False)
    )
    kept = Player.objects.filter(is_demo=True).filter(used).values("pk")
    return Player.objects.filter(is_demo=True).exclude(pk__in=kept)


def demo_contents() -> DemoContents:
    """What `remove_demo` would remove, for the confirmation."""
    seasons = _seasons()
    removed = _players_to_remove(seasons).count()
    return DemoContents(
        seasons=tuple(seasons.order_by("start_date").values_list("name", flat=True)),
        nights=Night.objects.filter(season__in=seasons).count(),
        entries=Entry.objects.filter(night__season__in=seasons).count(),
        tables=Table.objects.filter(night__season__in=seasons).count(),
        hands=Hand.objects.filter(table__night__season__in=seasons).count(),
        players=removed,
        players_kept=Player.objects.filter(is_demo=True).count() - removed,
    )


@transaction.atomic
def remove_demo() -> DemoContents:
    """Delete the demo's seasons and players (see the module's note); what was removed."""
    contents = demo_contents()
    seasons = list(_seasons().select_for_update())
    players = list(_players_to_remove(seasons).values_list("pk", flat=True))
    kept = Player.objects.filter(is_demo=True).exclude(pk__in=players)
    nights = Night.objects.filter(season__in=seasons)
    tables = Table.objects.filter(night__in=nights)
    Placement.objects.filter(table__in=tables).delete()  # with their corrections
    Action.objects.filter(hand__table__in=tables).delete()
    Hand.objects.filter(table__in=tables).delete()
    JackpotDeposit.objects.filter(table__in=tables).delete()
    tables.delete()  # with their seats, paper sheets and kept figures
    counts = CashCount.objects.filter(night__in=nights)
    difference_lines = list(counts.exclude(difference_line=None).values_list("difference_line", flat=True))
    counts.delete()
    # Reversals name the line they reverse by a text reference, not a key: any order does.
    CashLine.objects.filter(Q(season__in=seasons) | Q(pk__in=difference_lines)).delete()
    Entry.objects.filter(night__in=nights).delete()
    nights.delete()  # with their clocks
    Season.objects.filter(pk__in=[season.pk for season in seasons]).delete()  # with their points-scheme changes
    Player.objects.filter(pk__in=players).delete()
    kept.update(is_demo=False)  # the league's own players now
    return contents
