"""The server's addresses for a night's bundle, resumable (docs/design.md, "Venues that play offline"):

    POST /league-link/nights/                      {night, version, digest, size} -> {upload, received, size}
                                                   or {status: "unchanged"}
    PUT  /league-link/uploads/<upload>/?offset=N   the bytes from N on          -> {received, size}
    GET  /league-link/uploads/<upload>/                                         -> {received, size}
    POST /league-link/uploads/<upload>/finish/     {signature}                  -> {status}

Every request is signed by the laptop's key (auth.venue_signed); an upload answers only the laptop that
announced it. A piece at an offset other than what arrived so far is refused, the same piece again is fine.
The finish checks the digest and the bundle's signature and applies it (receiving.apply); the pieces go with
it, whatever the outcome."""

from __future__ import annotations

import json
import secrets
import uuid

from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from online.federation import bundle as bundles
from online.federation import receiving, signing
from online.federation.auth import refused, venue_signed
from online.models import NightUpload, UploadPiece

__all__ = ["announce", "finish", "piece"]

# An upload announced and never finished is dropped when the same laptop announces after this many days.
_STALE_DAYS = 14


def _json(request: HttpRequest) -> dict | None:
    try:
        value = json.loads(request.body or b"null")
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _upload(request: HttpRequest, token: str) -> NightUpload | None:
    return NightUpload.objects.filter(token=token, key=request.venue_key).first()  # type: ignore[attr-defined]


def _progress(upload: NightUpload) -> JsonResponse:
    return JsonResponse({"upload": upload.token, "received": upload.received, "size": upload.size})


@venue_signed
@require_http_methods(["POST"])
def announce(request: HttpRequest) -> HttpResponse:
    facts = _json(request)
    try:
        assert facts is not None
        night_uid = uuid.UUID(str(facts["night"]))
        version, size, digest = int(facts["version"]), int(facts["size"]), str(facts["digest"])
    except (AssertionError, KeyError, TypeError, ValueError):
        return refused(_("The announcement of the night is incomplete: nothing was changed."))
    if len(digest) != 64 or version < 1 or size < 1:
        return refused(_("The announcement of the night is incomplete: nothing was changed."))
    if size > bundles.MAX_BYTES:
        return refused(
            _("The night's bundle is larger than the league takes (%(mb)s MB): nothing was changed.")
            % {"mb": bundles.MAX_BYTES // (1024 * 1024)},
            413,
        )
    key = request.venue_key  # type: ignore[attr-defined]
    verdict = receiving.announce_refusal(key, night_uid, version, digest)
    if verdict == receiving.UNCHANGED:
        return JsonResponse({"status": receiving.UNCHANGED})
    if verdict is not None:
        return refused(verdict, 409)
    # The same bundle announced again (its laptop lost the upload's id) goes on where it stopped.
    upload = NightUpload.objects.filter(key=key, night_uid=night_uid, digest=digest, size=size).first()
    if upload is None:
        upload = NightUpload.objects.create(
            token=secrets.token_urlsafe(18), key=key, night_uid=night_uid, version=version, digest=digest, size=size
        )
    return _progress(upload)


@venue_signed
@require_http_methods(["GET", "PUT"])
def piece(request: HttpRequest, token: str) -> HttpResponse:
    with transaction.atomic():
        upload = _upload(request, token)
        if upload is None:
            return refused(_("This upload is not known (any more): announce the night again."), 404)
        if request.method == "GET":
            return _progress(upload)
        upload = NightUpload.objects.select_for_update().get(pk=upload.pk)
        raw_offset = request.GET.get("offset", "")
        offset = int(raw_offset) if raw_offset.isascii() and raw_offset.isdigit() and len(raw_offset) < 10 else -1
        data = request.body
        if offset < 0 or not data:
            return refused(_("A piece needs its offset and its bytes: nothing was changed."))
        if offset + len(data) > upload.size:
            return refused(_("The piece runs past the announced size: nothing was changed."))
        if offset < upload.received:
            # The same piece again (its answer was lost): fine when it is the same bytes.
            same = UploadPiece.objects.filter(upload=upload, offset=offset).first()
            if same is not None and bytes(same.data) == data:
                return _progress(upload)
            return refused(
                _("The server already has the bytes up to %(received)s: send from there.")
                % {"received": upload.received},
                409,
            )
        if offset != upload.received:
            return refused(
                _("The server has the bytes up to %(received)s, not %(offset)s: send from there.")
                % {"received": upload.received, "offset": offset},
                409,
            )
        UploadPiece.objects.create(upload=upload, offset=offset, data=data)
        upload.received = offset + len(data)
        upload.save(update_fields=["received"])
        return _progress(upload)


@venue_signed
@require_http_methods(["POST"])
def finish(request: HttpRequest, token: str) -> HttpResponse:
    upload = _upload(request, token)
    if upload is None:
        return refused(_("This upload is not known (any more): announce the night again."), 404)
    facts = _json(request) or {}
    signature = facts.get("signature")
    if upload.received != upload.size:
        return refused(
            _("Only %(received)s of %(size)s bytes arrived: send the rest first.")
            % {"received": upload.received, "size": upload.size},
            409,
        )
    data = b"".join(bytes(part) for part in upload.pieces.order_by("offset").values_list("data", flat=True))
    # Whatever the outcome the pieces go: a bundle that failed its checks will not pass them later.
    upload.delete()
    if len(data) != upload.size or signing.digest(data) != upload.digest:
        return refused(_("The night's bundle arrived changed (its digest does not match): nothing was changed."))
    key = request.venue_key  # type: ignore[attr-defined]
    if not isinstance(signature, str) or not signing.verify(key.public_key, data, signature):
        return refused(
            _("The night's bundle is not signed by this laptop's key: nothing was changed."),
            403,
        )
    try:
        status = receiving.apply(data, key)
    except receiving.Refused as refusal:
        return refused(str(refusal), 422)
    return JsonResponse({"status": status})
