"""Joining a venue's laptop to the league, both sides (docs/design.md, "Venues that play offline").

The server: a league organizer makes a one-time code for a venue (`make_code`); only its digest is kept, it
is valid for `CODE_HOURS` and joins one laptop (`join`); a joined laptop's key can be revoked (`revoke`).
The laptop: `join_league` makes its key pair, sends the code with the public half, and keeps the link."""

from __future__ import annotations

import datetime
import json
import secrets
import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Venue
from online.federation import client, signing
from online.models import JoinCode, LeagueLink, VenueKey

__all__ = [
    "ALPHABET",
    "AlreadyJoined",
    "CODE_HOURS",
    "JoinError",
    "Joined",
    "join",
    "join_league",
    "make_code",
    "normalized_code",
    "revoke",
]

# No 0/O, 1/I/L: read aloud or copied from a phone, the code has no pair of look-alikes.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 12
CODE_HOURS = 24
LABEL_LENGTH = 120


class JoinError(Exception):
    """Joining was refused; `str()` says why, in the organizer's words. Nothing was stored."""


class AlreadyJoined(JoinError):
    """This laptop is joined already and was not told to replace its link."""


@dataclass(frozen=True)
class Joined:
    venue_uid: str
    venue_name: str


def normalized_code(text: str) -> str:
    """The code as typed, without its dashes and spaces, in capitals ("abcd-efgh jkmn" is "ABCDEFGHJKMN")."""
    return "".join(text.split()).replace("-", "").upper()


def _grouped(code: str) -> str:
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def _digest(code: str) -> str:
    return signing.digest(normalized_code(code).encode("ascii", "replace"))


# --- the league's server ---------------------------------------------------------------------------------------


def make_code(*, venue: Venue, by) -> str:
    """A new one-time code for `venue`, grouped like ABCD-EFGH-JKMN: shown once, only its digest is kept."""
    code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    JoinCode.objects.create(
        venue=venue,
        digest=_digest(code),
        made_by=by if getattr(by, "pk", None) else None,
        expires_at=timezone.now() + datetime.timedelta(hours=CODE_HOURS),
    )
    return _grouped(code)


@transaction.atomic
def join(*, code: object, public_key: object, label: object) -> VenueKey:
    """The laptop with `public_key` speaks for the venue of `code` from now on. A code that is wrong, used or
    expired, or a key that is malformed or joined already, is refused and nothing is stored."""
    if not isinstance(code, str) or not code.strip():
        raise JoinError(_("Enter the joining code the league's organizer made for your venue."))
    if not signing.is_public_key(public_key):
        raise JoinError(_("The laptop's key is not a valid key: nothing was stored."))
    assert isinstance(public_key, str)
    label = label.strip()[:LABEL_LENGTH] if isinstance(label, str) else ""
    row = JoinCode.objects.select_for_update().select_related("venue").filter(digest=_digest(code)).first()
    if row is None:
        raise JoinError(_("This joining code is not known: check it, or ask the league's organizer for a new one."))
    if row.used_at is not None:
        raise JoinError(_("This joining code has been used already: each code joins one laptop. Ask for a new one."))
    if row.expires_at <= timezone.now():
        raise JoinError(_("This joining code has expired (a code is valid for 24 hours): ask for a new one."))
    if VenueKey.objects.filter(public_key=public_key).exists():
        raise JoinError(_("This laptop's key is joined already: nothing was stored."))
    row.used_at = timezone.now()
    row.save(update_fields=["used_at"])
    try:
        with transaction.atomic():
            return VenueKey.objects.create(venue=row.venue, public_key=public_key, label=label)
    except IntegrityError:  # the same key joined by a second request at the same moment
        raise JoinError(_("This laptop's key is joined already: nothing was stored.")) from None


def revoke(*, key: VenueKey) -> None:
    """The laptop of `key` no longer speaks for its venue: every request it signs is refused from now on."""
    VenueKey.objects.filter(pk=key.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())


# --- the venue's laptop ----------------------------------------------------------------------------------------


def join_league(*, server_url: str, code: str, label: str = "", replace: bool = False) -> LeagueLink:
    """Join this laptop to the league at `server_url` with the organizer's one-time `code`: a new key pair,
    the public half sent with the code, the link kept. A laptop joined already is joined again only with
    `replace` (its old key then no longer speaks for it here; the league can revoke it)."""
    server_url = server_url.strip().rstrip("/")
    if LeagueLink.objects.exists() and not replace:
        raise AlreadyJoined(
            _("This laptop is joined to a league already. Joining again replaces its link and its key.")
        )
    if len(normalized_code(code)) != CODE_LENGTH:
        raise JoinError(_("A joining code has 12 characters, like ABCD-EFGH-JKMN."))
    private_key, public_key = signing.new_key()
    body = json.dumps({"code": code, "public_key": public_key, "label": label.strip()[:LABEL_LENGTH]}).encode()
    try:
        answer = client.request(None, "POST", "/league-link/join/", body=body, server_url=server_url)
    except client.LinkError as error:
        raise JoinError(str(error)) from None
    venue_uid = _uuid_or_none(answer.get("venue_uid") if isinstance(answer, dict) else None)
    venue_name = answer.get("venue_name") if isinstance(answer, dict) else None
    if venue_uid is None or not isinstance(venue_name, str) or not venue_name.strip():
        raise JoinError(_("The league server gave an answer that is not the league's: nothing was changed."))
    with transaction.atomic():
        LeagueLink.objects.all().delete()
        return LeagueLink.objects.create(
            server_url=server_url,
            venue_uid=venue_uid,
            venue_name=venue_name.strip()[:120],
            private_key=private_key,
            public_key=public_key,
        )


def _uuid_or_none(value: object) -> uuid.UUID | None:
    try:
        return uuid.UUID(value) if isinstance(value, str) else None
    except ValueError:
        return None
