"""The laptop's pre-night fetch: the league's snapshot (online/federation/snapshot.py) written into the
laptop's database by uid, in one transaction (docs/design.md, "Venues that play offline").

What it writes: venues, seasons, saved structures and players, each created or updated by its uid; a player
the league merged away is merged into the one kept with the desk's merge (league/desk/merge.py), so his
entries on this laptop follow him. What it never touches: the laptop's nights and everything in them
(entries, seats, places, cash, hands), and players the laptop made itself that the league does not know yet.

A venue, season or structure the laptop had before it joined, under the same name as the league's, takes
the league's uid (it is the same one, set up by hand). A laptop that ran one pub alone has one venue: it
becomes the venue the laptop is joined for, with its nights."""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.desk.merge import merge_players
from league.desk.services import LeagueError
from league.models import Night, NightStatus, Player, SavedStructure, Season, Venue
from online.federation import client, snapshot
from online.models import LeagueLink

__all__ = ["FetchError", "Fetched", "apply_snapshot", "fetch_league", "fetched_counts"]

BATCH = 500


class FetchError(Exception):
    """The fetch changed nothing; `str()` says why, in the organizer's words."""


@dataclass
class Fetched:
    """What one fetch did: per kind of row how many were new and how many changed; merges done; and the
    merges that were refused here, in words (both records stay until the organizer merges them)."""

    new: dict[str, int] = field(default_factory=dict)
    changed: dict[str, int] = field(default_factory=dict)
    merged: int = 0
    warnings: list[str] = field(default_factory=list)


def _not_the_leagues() -> FetchError:
    return FetchError(_("The league server gave an answer that is not the league's: nothing was changed."))


def fetch_league(*, by=None, link: LeagueLink | None = None) -> Fetched:
    """Fetch the league's snapshot and write it. `by`: the organizer the merges are recorded for."""
    link = link or LeagueLink.objects.first()
    if link is None:
        raise FetchError(_("This laptop is not joined to a league yet: join it first."))
    try:
        data = client.request(link, "GET", "/league-link/snapshot/")
    except client.LinkError as error:
        raise FetchError(str(error)) from None
    return apply_snapshot(data, link=link, by=by)


def apply_snapshot(data: Any, *, link: LeagueLink, by=None) -> Fetched:
    """Write a snapshot (the server's JSON, decoded) into this database: all of it, or nothing."""
    if not isinstance(data, dict) or data.get("version") != snapshot.VERSION:
        raise _not_the_leagues()
    try:
        with transaction.atomic():
            fetched = Fetched()
            venues = _venues(data["venues"], link, fetched)
            _structures(data["structures"], fetched)
            _seasons(data["seasons"], venues, fetched)
            local = _players(data["player_fields"], data["players"], fetched)
            _merges(data["merges"], local, by, fetched)
            link.fetched_at = timezone.now()
            link.save(update_fields=["fetched_at"])
    except IntegrityError:
        raise FetchError(
            _(
                "The league's venues, seasons or structures clash with this laptop's own (two of one name): "
                "rename the laptop's one and fetch again. Nothing was changed."
            )
        ) from None
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError):
        raise _not_the_leagues() from None
    return fetched


def _count(fetched: Fetched, kind: str, *, new: bool) -> None:
    counts = fetched.new if new else fetched.changed
    counts[kind] = counts.get(kind, 0) + 1


def _save_if_changed(row, values: dict, fetched: Fetched, kind: str) -> None:
    new = row.pk is None
    changed = new or any(getattr(row, name) != value for name, value in values.items())
    for name, value in values.items():
        setattr(row, name, value)
    if changed:
        row.save()
        _count(fetched, kind, new=new)


def _venues(rows: list, link: LeagueLink, fetched: Fetched) -> dict[uuid.UUID, Venue]:
    local = list(Venue.objects.all())
    by_uid = {venue.uid: venue for venue in local}
    by_name = {venue.name: venue for venue in local}
    league_uids = {uuid.UUID(row["uid"]) for row in rows}
    strays = [venue for venue in local if venue.uid not in league_uids]
    for row in rows:
        uid = uuid.UUID(row["uid"])
        values = {
            "name": str(row["name"])[:120],
            "address": str(row["address"])[:300],
            "weekday": None if row["weekday"] is None else int(row["weekday"]),
        }
        venue = by_uid.get(uid) or by_name.get(values["name"])
        if venue is None and uid == link.venue_uid and len(local) == 1 and strays == local:
            venue = local[0]  # the laptop's one pub before it joined: its nights are the joined venue's
        if venue is None:
            venue = Venue()
        values["uid"] = uid
        _save_if_changed(venue, values, fetched, "venues")
        by_uid[uid] = venue
    return by_uid


def _structures(rows: list, fetched: Fetched) -> None:
    local = list(SavedStructure.objects.all())
    by_uid = {row.uid: row for row in local}
    by_name = {row.name: row for row in local}
    for row in rows:
        uid = uuid.UUID(row["uid"])
        values = {
            "uid": uid,
            "name": str(row["name"])[:60],
            "levels": str(row["levels"]),
            "saved_at": SavedStructure._meta.get_field("saved_at").to_python(row["saved_at"]),
        }
        structure = by_uid.get(uid) or by_name.get(values["name"]) or SavedStructure()
        _save_if_changed(structure, values, fetched, "structures")


def _seasons(rows: list, venues: dict[uuid.UUID, Venue], fetched: Fetched) -> None:
    local = list(Season.objects.filter(is_demo=False))
    by_uid = {season.uid: season for season in Season.objects.all()}
    # A night being played here keeps its season's rules as they were when it started (its fee was taken,
    # its clock runs): the fetch after "Abend beenden" brings the league's.
    in_play = set(
        Night.objects.filter(status__in=(NightStatus.CLOSED, NightStatus.SEATED)).values_list("season_id", flat=True)
    )
    by_name = {season.name: season for season in local}
    names = snapshot.season_fields()
    for row in rows:
        uid = uuid.UUID(row["uid"])
        values: dict[str, Any] = {}
        for name in names:
            if name not in row:  # a field the league's server does not have yet: the laptop's default
                continue
            if name.endswith("__uid"):
                relation = name.removesuffix("__uid")
                target = row[name]
                values[f"{relation}_id"] = None if target is None else venues[uuid.UUID(target)].pk
            else:
                values[name] = Season._meta.get_field(name).to_python(row[name])
        season = by_uid.get(uid) or by_name.get(values.get("name", "")) or Season()
        if season.pk in in_play:
            if any(getattr(season, name) != value for name, value in values.items()):
                fetched.warnings.append(
                    _(
                        "The league changed “%(season)s”, but one of its nights is being played on this laptop: "
                        "its rules stay as they are until the night is finished. Fetch again after “Finish the night”."
                    )
                    % {"season": season.name}
                )
            continue
        _save_if_changed(season, values, fetched, "seasons")


def _player_values(fields: list, row: list) -> tuple[uuid.UUID, tuple]:
    values = dict(zip(fields, row, strict=True))
    name = str(values["name"]).strip()[:120]
    birth = values["date_of_birth"]
    birth = datetime.date.fromisoformat(birth) if birth else None
    adult = bool(values["id_checked_adult"])
    if not name or (birth is None and not adult):
        raise ValueError("a player without name or known age")
    return uuid.UUID(values["uid"]), (name, str(values["nickname"] or "")[:60], birth, adult)


PLAYER_COLUMNS = ("name", "nickname", "date_of_birth", "id_checked_adult")


def _players(fields: list, rows: list, fetched: Fetched) -> dict[uuid.UUID, int]:
    """Every player by uid, in bulk (a league has thousands); the laptop's players by uid -> row id."""
    local = {uid: (pk, rest) for uid, pk, *rest in Player.objects.values_list("uid", "pk", *PLAYER_COLUMNS)}
    new, changed = [], []
    for row in rows:
        uid, values = _player_values(fields, row)
        known = local.get(uid)
        if known is None:
            new.append(Player(uid=uid, **dict(zip(PLAYER_COLUMNS, values, strict=True))))
        elif tuple(known[1]) != values:
            changed.append(Player(pk=known[0], uid=uid, **dict(zip(PLAYER_COLUMNS, values, strict=True))))
    Player.objects.bulk_create(new, batch_size=BATCH)
    Player.objects.bulk_update(changed, list(PLAYER_COLUMNS), batch_size=BATCH)
    if new:
        fetched.new["players"] = len(new)
    if changed:
        fetched.changed["players"] = len(changed)
    return {uid: pk for uid, (pk, _rest) in local.items()}


def _merges(rows: list, local: dict[uuid.UUID, int], by, fetched: Fetched) -> None:
    """Each player the league merged away who is on this laptop goes into the kept one here too."""
    for removed_uid, kept_uid in rows:
        removed_pk = local.get(uuid.UUID(removed_uid))
        if removed_pk is None:
            continue  # never on this laptop, or merged here already
        remove = Player.objects.filter(pk=removed_pk).first()
        keep = Player.objects.filter(uid=uuid.UUID(kept_uid)).first()
        if remove is None or keep is None or keep.pk == remove.pk:
            continue
        if by is None:
            fetched.warnings.append(
                _("%(remove)s and %(keep)s are one player in the league: sign in and fetch again to merge them.")
                % {"remove": remove.name, "keep": keep.name}
            )
            continue
        try:
            merge_players(keep=keep, remove=remove, by=by)
        except LeagueError as error:
            fetched.warnings.append(
                _("%(remove)s was not merged into %(keep)s here: %(reason)s")
                % {"remove": remove.name, "keep": keep.name, "reason": error}
            )
        else:
            fetched.merged += 1


def fetched_counts(fetched: Fetched) -> str:
    """What a fetch did, in one line for the organizer."""
    players_new, players_changed = fetched.new.get("players", 0), fetched.changed.get("players", 0)
    seasons = fetched.new.get("seasons", 0) + fetched.changed.get("seasons", 0)
    venues = fetched.new.get("venues", 0) + fetched.changed.get("venues", 0)
    structures = fetched.new.get("structures", 0) + fetched.changed.get("structures", 0)
    return " ".join(
        [
            ngettext("%(count)s new player,", "%(count)s new players,", players_new) % {"count": players_new},
            ngettext("%(count)s changed,", "%(count)s changed,", players_changed) % {"count": players_changed},
            ngettext("%(count)s merged;", "%(count)s merged;", fetched.merged) % {"count": fetched.merged},
            _("venues: %(venues)s, seasons: %(seasons)s, structures: %(structures)s new or changed.")
            % {"venues": venues, "seasons": seasons, "structures": structures},
        ]
    )
