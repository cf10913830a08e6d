"""The season's placements as plain rows, with what a points scheme reads besides places (knockouts, the night's
size): the queries behind the season's table (results.standings, results.kept.ledger) and a night's points.

One query for the rows, whatever the season's size (`values_list`, no model objects); two or three more only
when the scheme reads knockouts or the night."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction

from django.db.models import Count, F, Func, OuterRef, Q, Subquery

from league.models import Season, Venue
from league.rules import standings
from league.rules.standings import Result
from tournaments.models import Placement, PlacementReason, Seat


def results_where(placement_filter: Q) -> list[Result]:
    """Every placement matching the filter as a plain row, with the size of its table, in one query."""
    size = (
        Seat.objects.filter(table_id=OuterRef("table_id"))
        .order_by()
        .annotate(n=Func(F("id"), function="COUNT"))
        .values("n")
    )
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
            "table__night__venue_id",
        )
    )
    return [Result(*row[:8], venue_id=row[8]) for row in rows]


def knockouts_at(table_ids: Iterable[int]) -> dict[tuple[int, int], Fraction]:
    """(table id, player id) -> the players he knocked out at that table (two queries, three with paper knockouts).

    A tracked elimination is credited as the statistics credit it (tournaments/poker/stats.py): to the winners
    of the highest pot the busted player was eligible for, shared equally, read from the hand's stored
    result. Knockouts typed from a paper sheet (`Placement.knockouts`) are added: on a table played on paper
    from the start they are all it has; on a tracked table switched to paper they are those made on paper.
    """
    tables = list(set(table_ids))
    if not tables:
        return {}
    counted: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    players = dict(Seat.objects.filter(table_id__in=tables).values_list("pk", "entry__player_id"))
    busted = Placement.objects.filter(table_id__in=tables, reason=PlacementReason.BUSTED, hand__isnull=False)
    for table_id, seat_id, result, hand_players in busted.values_list(
        "table_id", "seat_id", "hand__result", "hand__players"
    ):
        seats = {p["name"]: p["seat"] for p in hand_players or ()}
        name = next((n for n, seat in seats.items() if seat == seat_id), None)
        pots = [pot for pot in (result or {}).get("pots", ()) if name in pot.get("eligible", ())]
        if not pots:
            continue
        winners = pots[-1]["winners"]  # pots come main pot first: the last he could win held his last chips
        for winner in winners:
            if winner in seats and seats[winner] in players:
                counted[(table_id, players[seats[winner]])] += Fraction(1, len(winners))
    entered = Placement.objects.filter(table_id__in=tables, knockouts__isnull=False)
    for table_id, player_id, knockouts in entered.values_list("table_id", "seat__entry__player_id", "knockouts"):
        counted[(table_id, player_id)] += Fraction(knockouts)
    return dict(counted)


def night_sizes(night_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """night id -> (players seated, tables), one query."""
    rows = (
        Seat.objects.filter(table__night_id__in=set(night_ids))
        .values("table__night_id")
        .annotate(players=Count("pk"), tables=Count("table_id", distinct=True))
        .values_list("table__night_id", "players", "tables")
    )
    return {night_id: (players, tables) for night_id, players, tables in rows}


def scoring_rows(season: Season, results: list[Result], *schemes: standings.Scheme) -> list[Result]:
    """The rows with what the schemes read besides places (knockouts, the night's size); unchanged when
    none reads them, so a season on the seed's rules runs the same single query as before."""
    schemes = schemes or (season.scheme,)
    knockouts = night = None
    if any(scheme.uses_knockouts for scheme in schemes):
        knockouts = knockouts_at(r.table_id for r in results)
    if any(scheme.needs_context for scheme in schemes):
        night = night_sizes(r.night_id for r in results)
    if knockouts is None and night is None:
        return results
    rows = []
    for r in results:
        players, tables = night.get(r.night_id, (0, 0)) if night is not None else (0, 0)
        rows.append(
            Result(
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
                (knockouts or {}).get((r.table_id, r.player_id), Fraction(0)),
                players,
                tables,
                venue_id=r.venue_id,
            )
        )
    return rows


def in_season(season: Season, venue: Venue | None) -> Q:
    """The season's placements; with a venue, those of its nights only. The qualifiers' final is a night of
    its own: its places count in no table of the season (docs/league-rules.md, "Qualifiers' final")."""
    found = Q(table__night__season=season, table__night__is_final=False)
    return found if venue is None else found & Q(table__night__venue=venue)
