"""One-time tokens for forms that create a player, money or results: applied once, never twice.

Each rendered form carries a fresh signed token (`{% once_token %}`); `spend(request)` stores it in
FormSubmission inside the same transaction as the form's work. A re-post, a double click or a second
desk sending the same page hits the unique token and is refused with a message; if the work fails,
the token is rolled back with it and the corrected form can be sent again.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from django.core import signing
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import FormSubmission

FIELD = "once"
_SALT = "league.once"
KEEP_DAYS = 30


class FormAlreadyApplied(Exception):
    """The form's token was spent already, or is missing or forged; the message says what to do."""


def new_token() -> str:
    return signing.dumps(secrets.token_hex(16), salt=_SALT)


@contextmanager
def spend(request: HttpRequest) -> Iterator[None]:
    """Spend the posted token and run the block in one transaction; FormAlreadyApplied if it was spent."""
    try:
        token = signing.loads(request.POST.get(FIELD, ""), salt=_SALT, max_age=timedelta(days=KEEP_DAYS))
    except signing.BadSignature:
        raise FormAlreadyApplied(_("This form is out of date: reload the page and enter it again.")) from None
    with transaction.atomic():
        try:
            with transaction.atomic():
                FormSubmission.objects.create(token=token)
        except IntegrityError:
            raise FormAlreadyApplied(
                _("This form was already sent and applied: it is not applied twice. Check the list below.")
            ) from None
        yield


def forget_old_tokens() -> int:
    """Tokens older than the form's lifetime can no longer be posted; remove them (manage.py cleanup_guests)."""
    deleted, _rows = FormSubmission.objects.filter(
        applied_at__lt=timezone.now() - timedelta(days=KEEP_DAYS + 1)
    ).delete()
    return deleted
