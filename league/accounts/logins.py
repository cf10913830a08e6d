"""Locked logins (django-axes): which accounts and addresses are locked out, and unlocking them.

The organizer's unlock page reads and resets through here, so it never needs the admin.
"""
from __future__ import annotations

from dataclasses import dataclass

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.db import transaction


@dataclass(frozen=True)
class LockedLogin:
    attempt_id: int
    username: str
    ip_address: str
    failures: int
    last_attempt: object


def locked_logins() -> list[LockedLogin]:
    """Accounts or addresses with at least the failure limit of wrong passwords, newest first."""
    attempts = AccessAttempt.objects.filter(failures_since_start__gte=settings.AXES_FAILURE_LIMIT).order_by("-attempt_time")
    return [
        LockedLogin(a.pk, a.username or "", a.ip_address or "", a.failures_since_start, a.attempt_time) for a in attempts
    ]


@transaction.atomic
def unlock_login(*, attempt_id: int) -> LockedLogin | None:
    """Forget the failures behind one lock (its account and its address); None if it is already gone."""
    attempt = AccessAttempt.objects.filter(pk=attempt_id).first()
    if attempt is None:
        return None
    locked = LockedLogin(attempt.pk, attempt.username or "", attempt.ip_address or "", attempt.failures_since_start, attempt.attempt_time)
    if attempt.username:
        reset(username=attempt.username)
    if attempt.ip_address:
        reset(ip=attempt.ip_address)
    AccessAttempt.objects.filter(pk=attempt_id).delete()
    return locked
