"""Correcting one place of a finished table: the organizer's reason is kept beside the old place."""

from __future__ import annotations

import logging

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.floor.services import NightError
from tournaments.hands import figures
from tournaments.models import Placement, PlacementCorrection

logger = logging.getLogger(__name__)


@transaction.atomic
def correct_placement(*, placement: Placement, place: int, reason: str, by: AbstractBaseUser) -> Placement:
    placement = Placement.objects.select_for_update().select_related("table").get(pk=placement.pk)
    reason = reason.strip()
    if not reason:
        raise NightError(_("Give a reason for the correction."))
    players = placement.table.seats.count()
    if not 1 <= place <= players:
        raise NightError(_("The place must lie between 1 and %(n)s.") % {"n": players})
    if place == placement.place:
        raise NightError(_("That is already the recorded place."))
    PlacementCorrection.objects.create(
        placement=placement, old_place=placement.place, new_place=place, reason=reason[:200], corrected_by=by
    )
    placement.place = place
    placement.save(update_fields=["place"])
    placement.table.touch()  # every phone showing the table is now stale
    # The new revision outdates the table's kept statistics: keep them again (the tracker does so on a finish).
    transaction.on_commit(lambda: keep_figures(placement.table_id))
    return placement


def keep_figures(table_id: int) -> None:
    """The finished table's statistics kept anew, after the change is committed."""
    try:
        figures.keep_table_figures(table_id)
    except Exception:  # replayed on the next view anyway; the correction stands
        logger.exception("could not keep the figures of table %s", table_id)
