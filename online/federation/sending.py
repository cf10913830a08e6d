"""The laptop sends its finished nights to the league's server (docs/design.md, "Venues that play offline"):
one bundle per night, announced, uploaded in pieces and finished with the venue key's signature. A cut
connection resumes where the server says it stopped; what was sent is kept in `SentNight`, so a night is sent
again only when it changed, and a changed night goes as a correction (a new version, who and why)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.models import Night, NightStatus
from online.federation import bundle as bundles
from online.federation import client, signing
from online.models import LeagueLink, SentNight

__all__ = [
    "CHANGED",
    "NOT_SENT",
    "PIECE_BYTES",
    "SENT",
    "Outcome",
    "link",
    "nights_to_send",
    "send_night",
    "state",
]

# Small enough that a piece crosses a pub's weak line in seconds, large enough that a night is a few pieces.
PIECE_BYTES = 256 * 1024

NOT_SENT, SENT, CHANGED = "not_sent", "sent", "changed"
STATE_WORDS = {
    NOT_SENT: gettext_lazy("not sent"),
    SENT: gettext_lazy("sent"),
    CHANGED: gettext_lazy("changed since it was sent"),
}


@dataclass(frozen=True)
class Outcome:
    """How sending one night went: `status` is "sent", "unchanged" or "refused"; `words` says it."""

    status: str
    words: str


def link() -> LeagueLink | None:
    return LeagueLink.objects.first()


def _signed(night: Night, version: int, correction: dict[str, str] | None = None) -> bytes:
    return bundles.encode(bundles.build(night, version=version, correction=correction))


def state(night: Night) -> tuple[str, SentNight | None]:
    """The night as the league has it: not sent, sent (this very bundle), or changed since it was sent."""
    sent = SentNight.objects.filter(night=night).first()
    if sent is None or sent.sent_at is None:
        return NOT_SENT, sent
    same = signing.digest(_signed(night, sent.version, _kept_correction(sent))) == sent.digest
    return (SENT if same else CHANGED), sent


def _kept_correction(sent: SentNight) -> dict[str, str] | None:
    # The correction the sent version carried is part of its bytes; the laptop keeps it with the row.
    return sent.correction or None


def nights_to_send() -> list[Night]:
    """Every finished night the league does not have as it is now: not sent, changed, or cut midway."""
    nights = Night.objects.filter(status=NightStatus.FINISHED, imported=False).order_by("date", "pk")
    return [night for night in nights if state(night)[0] != SENT]


def send_night(
    night: Night,
    *,
    correction: dict[str, str] | None = None,
    piece_bytes: int = PIECE_BYTES,
    stop_after_pieces: int | None = None,
) -> Outcome:
    """Send one finished night; a changed one needs `correction` ({"by", "why"}) and goes as the next version.
    Network failures raise client.LinkError (the night stays as it was, to be sent again); the server's
    refusals come back as an Outcome "refused" with its words. `stop_after_pieces` cuts the upload (tests)."""
    league = link()
    if league is None:
        return Outcome("refused", _("This laptop is not joined to a league."))
    if night.status != NightStatus.FINISHED:
        return Outcome("refused", _("Only a finished night is sent to the league: finish it first."))
    current, sent = state(night)
    if current == SENT:
        return Outcome("unchanged", _("unchanged"))
    version = sent.version if sent and sent.version else 1
    if current == CHANGED and correction is not None:
        version += 1
    elif current == NOT_SENT:
        correction = None
    data = _signed(night, version, correction)
    digest = signing.digest(data)
    sent = sent or SentNight(night=night)

    try:
        token, received = _resume(league, sent, night, version, digest, len(data))
    except client.LinkError as refusal:
        return Outcome("refused", str(refusal))
    if token is None:
        _record(sent, version, digest, correction)
        return Outcome("unchanged", _("unchanged"))
    sent.upload_token, sent.upload_digest = token, digest
    sent.save()

    pieces = 0
    while received < len(data):
        if stop_after_pieces is not None and pieces >= stop_after_pieces:
            raise client.LinkError(_("The sending was cut off: send again, it goes on where it stopped."))
        chunk = data[received : received + piece_bytes]
        answer = client.request(
            league,
            "PUT",
            f"/league-link/uploads/{token}/?offset={received}",
            body=chunk,
            content_type="application/octet-stream",
        )
        received = int(answer["received"])
        pieces += 1
    try:
        answer = client.request(
            league,
            "POST",
            f"/league-link/uploads/{token}/finish/",
            body=json.dumps({"signature": signing.sign(league.private_key, data)}).encode(),
        )
    except client.LinkError as refusal:
        # The server dropped the upload with its refusal: the next try starts afresh.
        sent.upload_token = sent.upload_digest = ""
        sent.save()
        return Outcome("refused", str(refusal))
    _record(sent, version, digest, correction)
    if answer.get("status") == "unchanged":
        return Outcome("unchanged", _("unchanged"))
    return Outcome("sent", _("sent"))


def _resume(
    league: LeagueLink, sent: SentNight, night: Night, version: int, digest: str, size: int
) -> tuple[str | None, int]:
    """The upload to go on with and how much of it the server has; (None, 0) when the server already holds
    exactly this bundle."""
    if sent.upload_token and sent.upload_digest == digest:
        try:
            answer = client.request(league, "GET", f"/league-link/uploads/{sent.upload_token}/")
            return sent.upload_token, int(answer["received"])
        except client.LinkError:
            pass  # gone on the server (finished or dropped): announce again
    facts = {"night": str(night.uid), "version": version, "digest": digest, "size": size}
    answer = client.request(league, "POST", "/league-link/nights/", body=signing.canonical(facts))
    if answer.get("status") == "unchanged":
        return None, 0
    return str(answer["upload"]), int(answer["received"])


@transaction.atomic
def _record(sent: SentNight, version: int, digest: str, correction: dict[str, str] | None) -> None:
    sent.version, sent.digest, sent.sent_at = version, digest, timezone.now()
    sent.correction = correction or {}
    sent.upload_token = sent.upload_digest = ""
    sent.save()
