"""Merging two records of one player into one: why a merge is refused, and the merge itself in one transaction.

Everything a player has hangs on his record through a few rows (his entries, and through them his seats,
places, knockouts and hands; his cash book lines; a play-money bankroll; earlier merges), so moving those rows
moves it all. Nothing else stores a player: the season's tables, the kept figures, the hand histories, the live
screens and the published pages are kept under keys read from the rows, so they show one player at once
(docs/features.md, "One player, one record"). Used by the organizer's merge page and the admin.
"""

from __future__ import annotations

import logging

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import formats
from django.utils.translation import gettext as _

from league.desk.services import LeagueError
from league.models import Entry, NightStatus, Player, PlayerMerge

logger = logging.getLogger(__name__)


def _date(night) -> str:
    return formats.date_format(night.date, "SHORT_DATE_FORMAT")


def merge_refusal(keep: Player, remove: Player) -> str:
    """Why `remove` cannot be merged into `keep`, in the organizer's words, or "" when it can (read as the rows are
    now; `merge_players` asks again under the locks)."""
    if keep.pk == remove.pk:
        return _("A player cannot be merged with himself: choose two different records.")
    if keep.is_demo != remove.is_demo:
        demo, real = (keep, remove) if keep.is_demo else (remove, keep)
        return _(
            "%(demo)s belongs to the demo league and %(real)s to the league itself: the two are never merged "
            "(the demo is removed in one step, without touching the league's own players)."
        ) % {"demo": demo.name, "real": real.name}
    entries = Entry.objects.active().filter(player__in=[keep.pk, remove.pk]).select_related("night")
    shared = entries.filter(player=remove.pk, night__in=entries.filter(player=keep.pk).values("night")).first()
    if shared is not None:
        facts = {"keep": keep.name, "remove": remove.name, "date": _date(shared.night)}
        if shared.night.status in (NightStatus.SEATED, NightStatus.FINISHED):
            return (
                _(
                    "%(keep)s and %(remove)s both had a seat on the night of %(date)s: they are two people, "
                    "not two records of one."
                )
                % facts
            )
        return (
            _(
                "%(keep)s and %(remove)s are both entered for the night of %(date)s: withdraw the second record's "
                "entry at the desk first, then merge."
            )
            % facts
        )
    # Still in play: drawn, and his table not finished (or no seat yet). The dealer's phone, the TV and the rail
    # hold his name while a table plays; a table's finishing order is final once it is finished.
    running = (
        entries.filter(night__status=NightStatus.SEATED)
        .exclude(seat__table__status="finished")
        .select_related("player")
        .first()
    )
    if running is not None:
        return _(
            "%(name)s is still playing on the night of %(date)s: the tables and the screens show his name while "
            "they play. Merge once his table is finished."
        ) % {"name": running.player.name, "date": _date(running.night)}
    return ""


@transaction.atomic
def merge_players(*, keep: Player, remove: Player, by: AbstractBaseUser) -> PlayerMerge:
    """Move everything that points at `remove` onto `keep`, record the merge (the organizer's log of merges:
    who, when, the removed record's details, how many rows moved), delete `remove`. All or nothing.

    Works for every model that refers to Player, including those added later. A one-to-one row the kept player
    already has (a second play-money bankroll) goes with the removed record.
    """
    if keep.pk == remove.pk:
        raise LeagueError(merge_refusal(keep, remove))
    # Both locked, in id order (two merges of the same pair the other way round wait instead of deadlocking).
    locked = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=sorted([keep.pk, remove.pk])).order_by("pk")
    }
    if len(locked) != 2:
        raise LeagueError(_("One of the two players no longer exists (merged or removed meanwhile)."))
    keep, remove = locked[keep.pk], locked[remove.pk]
    refusal = merge_refusal(keep, remove)
    if refusal:
        raise LeagueError(refusal)
    details = {
        "id": remove.pk,
        # The league-wide identity: the league's server tells the venues' laptops which uid went into which,
        # so each merges its own copy (online/federation/snapshot.py).
        "uid": str(remove.uid),
        "name": remove.name,
        "nickname": remove.nickname,
        "contact": remove.contact,
        "date_of_birth": remove.date_of_birth.isoformat() if remove.date_of_birth else None,
        "id_checked_adult": remove.id_checked_adult,
    }
    for field in ("nickname", "contact", "date_of_birth"):
        if not getattr(keep, field) and getattr(remove, field):
            setattr(keep, field, getattr(remove, field))
    keep.id_checked_adult = keep.id_checked_adult or remove.id_checked_adult
    keep.save()
    moved: dict[str, int] = {}
    for relation in Player._meta.related_objects:
        if relation.related_model is PlayerMerge or not (relation.one_to_many or relation.one_to_one):
            continue
        field, rows = relation.field, relation.related_model._base_manager
        if relation.one_to_one and rows.filter(**{field.name: keep}).exists():
            continue  # the kept player has his own; the removed one's is deleted with its record
        count = rows.filter(**{field.name: remove}).update(**{field.name: keep})
        if count:
            moved[relation.related_model._meta.label] = count
    PlayerMerge.objects.filter(kept=remove).update(kept=keep)
    merge = PlayerMerge.objects.create(
        kept=keep, removed_name=remove.name, removed_details=details, moved=moved, merged_by=by
    )
    remove.delete()
    logger.info(
        "player %s (%s) merged into %s (%s) by %s: %s",
        details["id"],
        details["name"],
        keep.pk,
        keep.name,
        by.get_username(),
        moved,
    )
    return merge


def possible_duplicates(limit: int = 20) -> list[tuple[Player, Player]]:
    """Pairs of records with the same name (ignoring case) and the same date of birth: most likely one person
    added twice, for instance at two venues' laptops before either sent its night (docs/design.md, "Venues that
    play offline"). Offered on the merge page; two queries however many players."""
    from django.db.models import Count
    from django.db.models.functions import Lower

    groups = (
        Player.objects.exclude(date_of_birth=None)
        .annotate(key=Lower("name"))
        .values("key", "date_of_birth")
        .annotate(records=Count("id"))
        .filter(records__gt=1)
        .order_by("key", "date_of_birth")[:limit]
    )
    wanted = {(group["key"], group["date_of_birth"]) for group in groups}
    if not wanted:
        return []
    names = {key for key, _born in wanted}
    found: dict[tuple, list[Player]] = {}
    for player in Player.objects.annotate(key=Lower("name")).filter(key__in=names).order_by("pk"):
        if (player.key, player.date_of_birth) in wanted:
            found.setdefault((player.key, player.date_of_birth), []).append(player)
    return [(records[0], other) for _key, records in sorted(found.items()) for other in records[1:]][:limit]
