"""English dates without the US order: 23 Nov 2026, 19:30 (Django's own English formats for the rest)."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
MONTH_DAY_FORMAT = "j M"
TIME_FORMAT = "H:i"
FIRST_DAY_OF_WEEK = 1
