"""The rows of the league link: on the league's server, the one-time codes that join a venue's laptop and the
laptops' keys; on a venue's laptop, the link to its league (docs/design.md, "Venues that play offline")."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Night, Venue

__all__ = [
    "JoinCode",
    "LeagueLink",
    "NightCorrection",
    "NightUpload",
    "ReceivedNight",
    "SentNight",
    "UploadPiece",
    "VenueKey",
]


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
    one row. A backup of the league (league/backup) does not hold it: a laptop restored from a backup joins again
    with a new code, so a copied backup file never speaks for the venue; its nights then show as not sent, and
    sending them again changes nothing on the server (the same bundle is "unverändert")."""

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


class NightUpload(models.Model):
    """Server: a night's bundle arriving in pieces from a venue's laptop (docs/design.md, "Venues that play
    offline"). Announced with its digest and size, filled at offsets, applied at the finish and then deleted
    with its pieces; a cut connection resumes at `received`."""

    token = models.CharField(max_length=32, unique=True)
    key = models.ForeignKey(VenueKey, on_delete=models.CASCADE, related_name="uploads")
    night_uid = models.UUIDField()
    version = models.PositiveIntegerField()
    digest = models.CharField(max_length=64)
    size = models.PositiveIntegerField()
    received = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("night upload")
        verbose_name_plural = _("night uploads")

    def __str__(self) -> str:
        return f"{self.night_uid} v{self.version}: {self.received}/{self.size}"


class UploadPiece(models.Model):
    """Server: one piece of a night's bundle, at its offset."""

    upload = models.ForeignKey(NightUpload, on_delete=models.CASCADE, related_name="pieces")
    offset = models.PositiveIntegerField()
    data = models.BinaryField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["upload", "offset"], name="one_upload_piece_per_offset")]

    def __str__(self) -> str:
        return f"{self.upload_id} @ {self.offset}"


class ReceivedNight(models.Model):
    """Server: a night a venue's laptop sent and the server applied: the version and digest it holds now (the
    same digest again changes nothing) and the night's cash summary, which stays the venue's book."""

    night_uid = models.UUIDField(unique=True)
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="received_nights", verbose_name=_("venue"))
    version = models.PositiveIntegerField(_("version"))
    digest = models.CharField(max_length=64)
    cash = models.JSONField(_("cash summary"), default=dict)
    received_at = models.DateTimeField(_("received"))

    class Meta:
        verbose_name = _("night received from a venue")
        verbose_name_plural = _("nights received from venues")

    def __str__(self) -> str:
        return f"{self.venue}: {self.night_uid} v{self.version}"


class NightCorrection(models.Model):
    """Server: the log of a night replaced by a venue's correction: who, why, when, from which venue's laptop."""

    night_uid = models.UUIDField()
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="+", verbose_name=_("venue"))
    key = models.ForeignKey(VenueKey, on_delete=models.PROTECT, related_name="+", verbose_name=_("laptop"))
    old_version = models.PositiveIntegerField(_("old version"))
    version = models.PositiveIntegerField(_("version"))
    by = models.CharField(_("corrected by"), max_length=120)
    why = models.CharField(_("reason"), max_length=300)
    corrected_at = models.DateTimeField(_("corrected"), auto_now_add=True)

    class Meta:
        verbose_name = _("correction of a sent night")
        verbose_name_plural = _("corrections of sent nights")
        ordering = ["-corrected_at"]

    def __str__(self) -> str:
        return f"{self.night_uid} v{self.old_version} → v{self.version}"


class SentNight(models.Model):
    """Laptop: what was sent of a night: the version and digest the server holds, when, and the upload in
    progress (its id and digest) so a cut sending resumes where it stopped."""

    night = models.OneToOneField(Night, on_delete=models.CASCADE, related_name="sent", verbose_name=_("night"))
    version = models.PositiveIntegerField(_("version"), default=0)
    digest = models.CharField(max_length=64, blank=True, default="")
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)
    # The correction ({"by", "why"}) the sent version carried: part of its bytes, so the state can be told.
    correction = models.JSONField(default=dict, blank=True)
    upload_token = models.CharField(max_length=32, blank=True, default="")
    upload_digest = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        verbose_name = _("night sent to the league")
        verbose_name_plural = _("nights sent to the league")

    def __str__(self) -> str:
        return f"{self.night} v{self.version}"
