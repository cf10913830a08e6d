"""Which tables' dealer links went out on paper: tonight's page counts a table whose QR code was printed."""

from __future__ import annotations

from django.utils import timezone

from league.models import Night
from tournaments.models import Table


def note_qr_sheet_printed(*, night: Night) -> int:
    """The night's QR sheet was downloaded for printing: every table on it has its dealer link on paper now.

    A table whose link is replaced later loses the mark (`tournaments.floor.services.revoke_dealer_link`)."""
    return Table.objects.filter(night=night, qr_printed_at__isnull=True).update(qr_printed_at=timezone.now())
