"""The rows of the league link: on the league's server, the one-time codes that join a venue's laptop and the
laptops' keys; on a venue's laptop, the link to its league (docs/design.md, "Venues that play offline")."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Venue

__all__ = ["JoinCode", "LeagueLink", "VenueKey"]


class JoinCode(models.Model):
    """Server: a one-time code a league organizer made for a venue. Only its digest is kept: the code is shown
    once, typed on the laptop, and used at most once before it expires."""

    venue = models.ForeignKey(Venue, on_delete=models.CASCADE, related_name="join_codes", verbose_name=_("venue"))
    digest = models.CharField(max_length=64, unique=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    made_at = models.DateTimeField(_("made"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    used_at = models.DateTimeField(_("used"), null=True, blank=True)

    class Meta:
        verbose_name = _("joining code")
        verbose_name_plural = _("joining codes")

    def __str__(self) -> str:
        return f"{self.venue} ({self.made_at:%Y-%m-%d %H:%M})"


class VenueKey(models.Model):
    """Server: the public key of a venue's laptop joined to the league. What it signs speaks for its venue;
    a laptop replaced joins again and gets a key of its own, the old one can be revoked."""

    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="keys", verbose_name=_("venue"))
    # Ed25519, the 32 raw bytes in URL-safe base64 (online/federation/signing.py).
    public_key = models.CharField(_("public key"), max_length=64, unique=True)
    label = models.CharField(_("laptop"), max_length=120, blank=True, default="")
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("venue laptop key")
        verbose_name_plural = _("venue laptop keys")

    def __str__(self) -> str:
        return f"{self.venue}: {self.label or self.public_key[:12]}"


class LeagueLink(models.Model):
    """Laptop: the league's server this laptop is joined to, the venue it speaks for and its own key. At most
    one row. The private key is in the database so a backup restored on a new laptop still speaks for the venue
    (a lost backup file holds the league's players anyway; the league revokes the key)."""

    server_url = models.URLField(_("league server"))
    venue_uid = models.UUIDField(_("venue"))
    venue_name = models.CharField(_("venue"), max_length=120)
    private_key = models.CharField(max_length=64)
    public_key = models.CharField(max_length=64)
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)
    fetched_at = models.DateTimeField(_("last fetched"), null=True, blank=True)

    class Meta:
        verbose_name = _("league link")
        verbose_name_plural = _("league link")

    def __str__(self) -> str:
        return f"{self.venue_name} @ {self.server_url}"
