"""The club's own clock screen (tournaments/models/club.py): read as the TV shows it, and saved from its
settings page. A league without the row sees the clock as it always looked."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.urls import reverse

from league.rules.chips import Chip, chips_text, parse_chips
from league.rules.errors import RulesError
from tournaments.clock.logo import EXTENSIONS, Logo
from tournaments.models import DEFAULT_FIGURES, ClockFigure, ClubClock

__all__ = ["ClubLook", "club_look", "save_club_clock", "logo_row"]


@dataclass(frozen=True)
class ClubLook:
    """What the clock screen shows of the club: `shows.<figure>` is True for each chosen figure."""

    logo_url: str = ""
    logo_width: int = 0
    logo_height: int = 0
    chips: list[Chip] = field(default_factory=list)
    figures: tuple[str, ...] = DEFAULT_FIGURES
    prize_line: str = ""
    version: str = ""  # changes with every save: the TV loads the page again to show the new look

    @property
    def shows(self) -> dict[str, bool]:
        return {key: key in self.figures for key in ClockFigure.values}


def _stored_figures(text: str) -> tuple[str, ...]:
    known = set(ClockFigure.values)
    return tuple(key for key in text.split(",") if key in known)


def _stored_chips(text: str) -> list[Chip]:
    try:
        return parse_chips(text)
    except RulesError:  # a row written by hand or by an older version: no chart rather than no clock
        return []


def club_look() -> ClubLook:
    row = ClubClock.objects.defer("logo").order_by("pk").first()
    if row is None:
        return ClubLook()
    logo_url = ""
    if row.logo_digest and row.logo_type in EXTENSIONS:
        logo_url = reverse("club_logo", args=[row.logo_digest, EXTENSIONS[row.logo_type]])
    return ClubLook(
        logo_url=logo_url,
        logo_width=row.logo_width,
        logo_height=row.logo_height,
        chips=_stored_chips(row.chips),
        figures=_stored_figures(row.figures),
        prize_line=row.prize_line,
        version=row.updated_at.isoformat(),
    )


def logo_row(digest: str) -> ClubClock | None:
    """The row whose logo has this digest (the logo's address), if any."""
    return ClubClock.objects.filter(logo_digest=digest).exclude(logo_digest="").order_by("pk").first()


@transaction.atomic
def save_club_clock(
    *, logo: Logo | None, remove_logo: bool, chips: list[Chip], figures: list[str], prize_line: str
) -> ClubClock:
    """Store the club's clock: a new logo replaces the old one, `remove_logo` drops it, the rest as given.
    Everything was checked by the caller (the form); this writes one row."""
    row = ClubClock.objects.select_for_update().order_by("pk").first() or ClubClock()
    if logo is not None:
        row.logo, row.logo_type, row.logo_digest = logo.data, logo.content_type, logo.digest
        row.logo_width, row.logo_height = logo.width, logo.height
    elif remove_logo:
        row.logo, row.logo_type, row.logo_digest, row.logo_width, row.logo_height = b"", "", "", 0, 0
    row.chips = chips_text(chips)
    row.figures = ",".join(key for key in ClockFigure.values if key in figures)
    row.prize_line = prize_line
    row.save()
    return row
