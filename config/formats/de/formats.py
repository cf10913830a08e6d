"""German dates as the venue writes them: 23.11.2026 (Django's own German formats for the rest)."""

DATE_FORMAT = "d.m.Y"
DATETIME_FORMAT = "d.m.Y, H:i"
MONTH_DAY_FORMAT = "j.n."
