"""The league's server's answer to a laptop's pre-night fetch (`GET /league-link/snapshot/`): what a venue's
desk and clock need to run a night offline, by league-wide uid (docs/design.md, "Venues that play offline").

Bounded: one `values()` query per kind of row, never one per row; a player is a short list, not an object
with keys, so a league of 100 venues and 30,000 players is a few MB. The demo league stays at home."""

from __future__ import annotations

from typing import Any

from django.db import models

from league.models import Player, PlayerMerge, SavedStructure, Season, Venue

__all__ = ["PLAYER_FIELDS", "SEASON_SKIPPED", "VERSION", "build", "season_fields"]

VERSION = 1
PLAYER_FIELDS = ("uid", "name", "nickname", "date_of_birth", "id_checked_adult")
VENUE_FIELDS = ("uid", "name", "address", "weekday")
STRUCTURE_FIELDS = ("uid", "name", "levels", "saved_at")
# A season's every other field travels, those added later too: the night on the laptop plays by them.
SEASON_SKIPPED = frozenset({"id", "is_demo"})


def season_fields() -> list[str]:
    """The season's fields in the snapshot: the venue by its uid (`venue__uid`)."""
    names = []
    for field in Season._meta.concrete_fields:
        if field.name in SEASON_SKIPPED:
            continue
        if isinstance(field, models.ForeignKey):
            names.append(f"{field.name}__uid")
        else:
            names.append(field.name)
    return names


def build() -> dict[str, Any]:
    """The snapshot as plain values (dates, decimals and uids for DjangoJSONEncoder to write)."""
    players = Player.objects.filter(is_demo=False).order_by("pk").values_list(*PLAYER_FIELDS)
    merges = (
        PlayerMerge.objects.filter(removed_details__has_key="uid", kept__is_demo=False)
        .order_by("merged_at", "pk")
        .values_list("removed_details__uid", "kept__uid")
    )
    return {
        "version": VERSION,
        "venues": list(Venue.objects.order_by("pk").values(*VENUE_FIELDS)),
        "player_fields": list(PLAYER_FIELDS),
        "players": [list(row) for row in players],
        "merges": [[removed, kept] for removed, kept in merges if removed],
        "seasons": list(Season.objects.filter(is_demo=False).order_by("start_date", "pk").values(*season_fields())),
        "structures": list(SavedStructure.objects.order_by("pk").values(*STRUCTURE_FIELDS)),
    }
