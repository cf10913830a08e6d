"""The league's venues (the pubs it plays in) and the organizers who run only their venues' nights."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["WEEKDAYS", "Venue", "VenueRole", "default_venue", "first_venue_name"]

WEEKDAYS = [
    (0, _("Monday")),
    (1, _("Tuesday")),
    (2, _("Wednesday")),
    (3, _("Thursday")),
    (4, _("Friday")),
    (5, _("Saturday")),
    (6, _("Sunday")),
]


class Venue(models.Model):
    """A pub the league plays in. A league of one pub has exactly one, made for it, and never sees it."""

    # The league-wide identity: a venue's laptop joined to the league speaks for the venue of this uid.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(_("name"), max_length=120, unique=True)
    address = models.CharField(_("address"), max_length=300, blank=True, default="")
    weekday = models.PositiveSmallIntegerField(_("weekday of its nights"), choices=WEEKDAYS, null=True, blank=True)
    # The staff users who run this venue's nights. Only those with a VenueRole are held to it: a league
    # organizer listed here runs every venue anyway (docs/design.md, "Venues and who runs them").
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="venues", blank=True, verbose_name=_("organizers")
    )

    class Meta:
        verbose_name = _("venue")
        verbose_name_plural = _("venues")
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class VenueRole(models.Model):
    """This organizer runs only the nights of his venues (`Venue.organizers`). Without it a staff user is a
    league organizer: every organizer made before venues existed keeps running everything."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="venue_role",
        verbose_name=_("organizer account"),
    )

    class Meta:
        verbose_name = _("venue organizer")
        verbose_name_plural = _("venue organizers")

    def __str__(self) -> str:
        return str(self.user)


def first_venue_name() -> str:
    """The name of the venue a league gets without asking: the league's own language's word for it."""
    return "Venue" if settings.LANGUAGE_CODE.startswith("en") else "Spielort"


def default_venue() -> int:
    """The venue a night gets when none is named: the league's first; a league without any venue yet (a
    database emptied by a test) gets its one here."""
    venue_id = Venue.objects.order_by("pk").values_list("pk", flat=True).first()
    if venue_id is None:
        venue_id = Venue.objects.get_or_create(name=first_venue_name())[0].pk
    return venue_id
