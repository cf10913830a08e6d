"""The tables a season's qualification rule reads, the rule applied (league/rules/qualification.py), and the
verdicts in the organizer's words."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Player, Season, Venue
from league.rules import qualification
from league.rules.standings import Standing
from results.standings import season_standings, table_venues


def _rows(table: list[Standing]) -> list[qualification.Row]:
    return [qualification.Row(r.player_id, r.name, r.position, r.points, r.nights) for r in table]


def venue_tables(season: Season) -> list[tuple[Venue, list[Standing]]]:
    """Each venue's table of the season, the venues in name order. A season of one venue (or a league of one
    pub) keeps no table per venue: its table is the league's, under its venue's name."""
    venues = table_venues(season)
    if venues:
        return [(venue, season_standings(season, venue=venue).rows) for venue in venues]
    venue = season.venue or Venue.objects.order_by("pk").first()
    return [(venue, season_standings(season).rows)] if venue is not None else []


@dataclass(frozen=True)
class Qualifiers:
    """The season's rule applied: each table (its venue, None for the league's) with its rows' verdicts."""

    season: Season
    rule: qualification.Rule
    tables: list[tuple[Venue | None, tuple[qualification.Verdict, ...]]]
    players: tuple[qualification.Verdict, ...]

    @property
    def qualified(self) -> tuple[qualification.Verdict, ...]:
        return tuple(v for v in self.players if v.qualified)

    @property
    def qualified_ids(self) -> list[int]:
        return [v.player_id for v in self.qualified]

    @property
    def has_ties_at_cut(self) -> bool:
        return any(v.reason == qualification.IN_TIE for v in self.qualified)


def season_qualifiers(season: Season) -> Qualifiers:
    rule = season.qualification
    if not rule.active:
        return Qualifiers(season, rule, [], ())
    if rule.kind == qualification.VENUE:
        per_venue = venue_tables(season)
        tables = [qualification.Table(venue.name, _rows(rows)) for venue, rows in per_venue]
        venues: list[Venue | None] = [venue for venue, _rows_ in per_venue]
    else:
        tables = [qualification.Table("", _rows(season_standings(season).rows))]
        venues = [None]
    outcome = qualification.qualify(rule, tables)
    return Qualifiers(
        season,
        rule,
        [(venue, verdicts) for venue, (_name, verdicts) in zip(venues, outcome.tables, strict=True)],
        outcome.players,
    )


def qualified_players(season: Season) -> list[Player]:
    """The qualified players as rows, in the list's order."""
    ids = season_qualifiers(season).qualified_ids
    players = Player.objects.in_bulk(ids)
    return [players[pk] for pk in ids]


def reason_text(verdict: qualification.Verdict) -> str:
    """Why a player is in or out, as the qualifiers' page says it."""
    values = {
        "position": verdict.position,
        "table": verdict.table,
        "top": verdict.top,
        "nights": verdict.nights,
        "needed": verdict.min_nights,
        "other": verdict.other,
    }
    if verdict.reason == qualification.IN_PLACE:
        if verdict.table:
            return _("Place %(position)s at %(table)s") % values
        return _("Place %(position)s in the league") % values
    if verdict.reason == qualification.IN_TIE:
        if verdict.table:
            text = _("Place %(position)s at %(table)s, tied at the cut: all who share the place go through")
        else:
            text = _("Place %(position)s in the league, tied at the cut: all who share the place go through")
        return text % values
    if verdict.reason == qualification.OUT_NIGHTS:
        return (
            ngettext(
                "only %(nights)s night, at least %(needed)s needed",
                "only %(nights)s nights, at least %(needed)s needed",
                verdict.nights,
            )
            % values
        )
    if verdict.reason == qualification.OUT_ELSEWHERE:
        return _("already qualified through %(other)s") % values
    return (
        ngettext(
            "Place %(position)s, the first %(top)s go through",
            "Place %(position)s, the first %(top)s go through",
            verdict.top,
        )
        % values
    )
