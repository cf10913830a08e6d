"""What any number or text typed into the league may look like. Pure Python, no Django.

Python reads more than people mean: str.isdigit() is true for "²" (and int("²") then fails) and
int("١٢") is 12. A league number is ASCII digits only, short, and within a bound, so nothing
stored can later break a page (a 26-digit points value did).
"""

from __future__ import annotations

ASCII_DIGITS = frozenset("0123456789")

# Generous bounds for everything the league counts; beyond them a value is a typo or an attack.
MAX_POINTS = 100_000
MAX_PLACES_LISTED = 200
MAX_PLACE = 1_000
MAX_ID_DIGITS = 18  # a database id: BigAutoField, below 2**63
MAX_SEARCH_CHARS = 100


def is_ascii_whole(text: str, *, max_digits: int = MAX_ID_DIGITS) -> bool:
    """ "12" yes; "", "-1", "1.5", "²", "١٢" and a 5,000-digit number no."""
    return 0 < len(text) <= max_digits and all(char in ASCII_DIGITS for char in text)


def ascii_whole_or_none(text: str | None, *, max_digits: int = MAX_ID_DIGITS) -> int | None:
    """The whole number in `text`, or None if it is not a plain, bounded one (a URL's ?season=, a choice's id)."""
    text = (text or "").strip()
    return int(text) if is_ascii_whole(text, max_digits=max_digits) else None


def is_plain_decimal(text: str, *, max_chars: int = 30) -> bool:
    """ "10", "10.50", "-3.5" yes; "1e3", "NaN", "Infinity", "1_000", "+5", "²", "١٢" and 400 digits no.

    Python's Decimal() reads exponents and special values; a sum of money is typed as plain digits."""
    if not 0 < len(text) <= max_chars:
        return False
    whole, dot, fraction = text.removeprefix("-").partition(".")
    if dot and not fraction:
        return False
    return all(char in ASCII_DIGITS for char in whole + fraction) and bool(whole or fraction)


def has_foreign_digits(text: str) -> bool:
    """Digits that are not 0-9 (superscripts, Arabic-Indic, full-width...): refused in number fields."""
    return any(char.isdigit() and char not in ASCII_DIGITS for char in text) or any(
        char.isnumeric() and char not in ASCII_DIGITS for char in text
    )


def clean_search(text: str) -> str:
    """A search box's text: no control characters (a NUL is an error on PostgreSQL), bounded length."""
    return "".join(char for char in text if char.isprintable())[:MAX_SEARCH_CHARS].strip()
