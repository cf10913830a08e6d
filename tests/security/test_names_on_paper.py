"""Names on paper: every script the league's players write their names in prints, right-to-left names
read correctly, emoji never turn into "?", and a 120-character name stays inside its row."""

from __future__ import annotations

import datetime
import io
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from league.pdf.text import FONT_DIR, FONT_FILES, printable
from results.sheets import (
    PayoutSheet,
    PayoutSheetRenderer,
    PayoutSheetRow,
    PlacementSheetRenderer,
    SheetRow,
    TableSheet,
)

NAMES = {
    "German": "Jörg Weiß-Müller",
    "Hebrew": "שרה כהן",
    "Arabic": "محمد علي",
    "Cyrillic": "Алексей Смирнов",
    "Greek": "Γιώργος Παπαδόπουλος",
}
EMOJI = "Lena 🎉🃏 Schulz 👍🏽"
LONG = "Maximilian-Alexander " * 6  # 126 characters


def _sheet(names: list[str]) -> TableSheet:
    out = datetime.datetime(2026, 11, 25, 21, 14, tzinfo=datetime.UTC)
    rows = tuple(SheetRow(k, name, k, Decimal(10 - k), out) for k, name in enumerate(names, 1))
    return TableSheet(
        season="Saison 2026",
        night_date=datetime.date(2026, 11, 25),
        table_number=1,
        first_dealer=names[0],
        rows=rows,
        jackpot_sum=Decimal("14.00"),
        jackpot_share=Decimal("2.00"),
        fingerprint="7F3A-19C2",
        results_url="https://league.example/r/",
    )


def _text(pdf: bytes) -> str:
    """The PDF's text with every run of spaces and line breaks as one space (a name may wrap in its cell)."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def _fonts(pdf: bytes) -> set[str]:
    fonts = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    return fonts


def test_the_font_comes_from_debian():
    for filename in FONT_FILES.values():
        assert (FONT_DIR / filename).exists(), "apt-get install fonts-dejavu-core"


def test_a_placement_sheet_prints_every_script_and_reads_back_intact():
    pdf = PlacementSheetRenderer(language="en").generate([_sheet([*NAMES.values(), EMOJI, LONG])])[2]
    text = _text(pdf)
    for script, name in NAMES.items():
        if script in {"Hebrew", "Arabic"}:
            continue
        assert name in text, script
    # Right to left: drawn in visual order; read back (in logical order by pypdf or as drawn), each word is there.
    for word in NAMES["Hebrew"].split():
        assert word in text or word[::-1] in text, word
    assert "?" not in text
    assert "Lena" in text and "Schulz" in text and "🎉" not in text
    assert any("DejaVuSans" in font for font in _fonts(pdf))


def test_arabic_is_shaped_and_ordered_for_drawing():
    drawn = printable(NAMES["Arabic"])
    assert drawn != NAMES["Arabic"]  # joined letter forms, right to left
    assert all(0xFE70 <= ord(c) <= 0xFEFF or c == " " for c in drawn)
    hebrew = printable("שרה")
    assert hebrew == "הרש"


def test_emoji_are_dropped_never_a_question_mark():
    assert printable(EMOJI) == "Lena Schulz"
    assert printable("🃏") == "–"
    assert "?" not in printable("Zoë 🇩🇪 \U0001f9d1\u200d\U0001f373")


def test_a_120_character_name_is_cut_to_its_row_and_leaves_the_next_row_alone():
    pdf = PlacementSheetRenderer(language="en").generate([_sheet([LONG, "Anna Bürger", "Ben Schuster"])])[2]
    text = _text(pdf)
    assert "Maximilian-Alexander" in text and "…" in text
    assert "Anna Bürger" in text and "Ben Schuster" in text
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1


def test_the_payout_and_qr_sheets_print_the_names_too():
    rows = tuple(
        PayoutSheetRow(places=f"{k}.", name=name, amount=Decimal("10.00"), paid=Decimal("0"), methods="")
        for k, name in enumerate([NAMES["Greek"], NAMES["Cyrillic"], LONG], 1)
    )
    pdf = PayoutSheetRenderer(language="en").generate(
        PayoutSheet(season="Сезон 2026", total=Decimal("30.00"), rows=rows, rule="")
    )[2]
    text = _text(pdf)
    assert NAMES["Greek"] in text and NAMES["Cyrillic"] in text and "…" in text


@pytest.mark.subprocess
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_a_rendered_page_has_ink_where_the_names_are(tmp_path):
    """Rendered with poppler like a printer would: the page is drawn, not blank (the image is kept to look at)."""
    pdf = PlacementSheetRenderer(language="de").generate([_sheet([*NAMES.values(), EMOJI, LONG])])[2]
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(source), str(tmp_path / "page")],
        check=True,
        timeout=60,
    )
    (image,) = sorted(tmp_path.glob("page*.png"))
    shown = Path("test-results") / "names-on-paper.png"
    shown.parent.mkdir(exist_ok=True)
    shutil.copy(image, shown)
    assert image.stat().st_size > 10_000
