"""Locked logins (django-axes): which client addresses are locked out, and unlocking them.

A lock belongs to the address the wrong passwords came from (config/settings.py: AXES_LOCKOUT_PARAMETERS), never
to an account alone, so the list is one row per address: the accounts it tried, its wrong passwords since the
cool-off began. The organizer's page and `manage.py unlock_logins` read and reset through here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.db import transaction
from django.db.models import Max, Sum
from django.utils import timezone

SHOWN_USERNAMES = 5


@dataclass(frozen=True)
class LockedLogin:
    ip_address: str
    usernames: tuple[str, ...]  # the accounts tried from there, at most SHOWN_USERNAMES
    more_usernames: int  # how many more
    failures: int
    last_attempt: datetime


def _current_attempts():
    attempts = AccessAttempt.objects.all()
    cool_off = get_cool_off()
    if cool_off is not None:
        attempts = attempts.filter(attempt_time__gte=timezone.now() - cool_off)
    return attempts


def locked_logins() -> list[LockedLogin]:
    """Addresses with at least the failure limit of wrong passwords within the cool-off, newest first."""
    per_address = (
        _current_attempts()
        .values("ip_address")
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
        .filter(failures__gte=settings.AXES_FAILURE_LIMIT)
        .order_by("-last")
    )
    locked = []
    for row in per_address:
        names = sorted(
            set(_current_attempts().filter(ip_address=row["ip_address"]).values_list("username", flat=True))
            - {None, ""}
        )
        locked.append(
            LockedLogin(
                row["ip_address"] or "",
                tuple(names[:SHOWN_USERNAMES]),
                max(len(names) - SHOWN_USERNAMES, 0),
                row["failures"],
                row["last"],
            )
        )
    return locked


@transaction.atomic
def unlock_address(*, ip_address: str) -> int:
    """Forget every wrong password from `ip_address`; how many records went (0: it was not locked any more)."""
    return reset(ip=ip_address) if ip_address else 0


@transaction.atomic
def unlock_everything() -> int:
    """Forget every wrong password from everywhere (the organizer's command, when no one can log in)."""
    return AccessAttempt.objects.all().delete()[0]
