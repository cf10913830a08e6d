"""Names on paper: one TrueType font with wide coverage, right-to-left names in reading order,
emoji left out, long names shortened to the lines their row has.

The font is Debian's DejaVu Sans Condensed (package fonts-dejavu-core, in .ci/run's install list): Latin with
every accent, Greek, Cyrillic, Hebrew and Arabic. reportlab draws glyphs in the order it is given and
does not shape Arabic, so a right-to-left name is shaped (arabic-reshaper: the joined letter forms) and
put into visual order (python-bidi) first. Emoji are dropped (a "?" or an empty box helps nobody at
the table); a character the font lacks is dropped too.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

import arabic_reshaper
from bidi import get_display
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
# The condensed cut: as wide as Helvetica was, so the sheets keep their layout; same coverage as DejaVu Sans.
FONT_FILES = {"LeagueSans": "DejaVuSansCondensed.ttf", "LeagueSans-Bold": "DejaVuSansCondensed-Bold.ttf"}
FONT, FONT_BOLD = "LeagueSans", "LeagueSans-Bold"
ELLIPSIS = "…"
_RTL = {"R", "AL"}


class FontMissing(RuntimeError):
    pass


@functools.cache
def register_fonts() -> tuple[str, str]:
    """Register the league's font (regular and bold, with <b> mapped) once; its two names."""
    for name, filename in FONT_FILES.items():
        path = FONT_DIR / filename
        if not path.exists():
            raise FontMissing(
                f"{path} is missing: install Debian's fonts-dejavu-core (apt-get install fonts-dejavu-core)"
            )
        pdfmetrics.registerFont(TTFont(name, str(path)))
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(FONT, bold, italic, FONT_BOLD if bold else FONT)
    return FONT, FONT_BOLD


@functools.cache
def _covered() -> frozenset[int]:
    register_fonts()
    return frozenset(pdfmetrics.getFont(FONT).face.charToGlyph) & frozenset(
        pdfmetrics.getFont(FONT_BOLD).face.charToGlyph
    )


def _is_emoji(char: str) -> bool:
    code = ord(char)
    return (
        code >= 0x1F000
        or 0xFE00 <= code <= 0xFE0F  # variation selectors (emoji presentation)
        or code == 0x200D  # zero-width joiner of emoji sequences
        or 0x2600 <= code <= 0x27BF
        and unicodedata.category(char) == "So"
    )


def printable(text: str) -> str:
    """`text` as the PDF should draw it: letters the font has, in visual order, without emoji."""
    covered = _covered()
    kept = "".join(
        char
        for char in unicodedata.normalize("NFC", text)
        if char.isspace() or (not _is_emoji(char) and ord(char) in covered and unicodedata.category(char) != "Cc")
    )
    kept = " ".join(kept.split())
    if not kept and text.strip():
        return "–"
    if any(unicodedata.bidirectional(char) in _RTL for char in kept):
        kept = get_display(arabic_reshaper.reshape(kept), base_dir="L")
    return kept


def shorten_to_lines(text: str, *, font: str, size: float, width: float, lines: int) -> str:
    """`text` (already printable) cut with "…" so that it wraps to at most `lines` lines of `width` points.

    Measured per word as the paragraph wraps them, so a name never grows its row past the row's height.
    """
    if _line_count(text, font, size, width) <= lines:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that still fits with the ellipsis
        middle = (low + high + 1) // 2
        if _line_count(text[:middle].rstrip() + ELLIPSIS, font, size, width) <= lines:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def _line_count(text: str, font: str, size: float, width: float) -> int:
    count, used = 1, 0.0
    space = pdfmetrics.stringWidth(" ", font, size)
    for word in text.split():
        word_width = pdfmetrics.stringWidth(word, font, size)
        while word_width > width:  # a word longer than the line is broken across lines
            if used:
                count, used = count + 1, 0.0
            word_width -= width
            count += 1
        needed = word_width if not used else used + space + word_width
        if needed <= width:
            used = needed
        else:
            count, used = count + 1, word_width
    return count


def fit_width(text: str, *, font: str, size: float, width: float) -> str:
    """One line (a footer) cut with "…" to `width` points."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + ELLIPSIS, font, size) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
