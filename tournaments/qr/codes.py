"""QR codes as inline SVG for pages (the PDFs draw segno's matrix themselves, in results/sheets.py)."""

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, *, scale: int = 4, border: int = 4, fixed_size: bool = True) -> SafeString:
    """`fixed_size=False` leaves out width and height (keeping the viewBox) so CSS can size the code."""
    # segno writes the SVG itself from a URL we built; nothing user-typed goes into it unescaped.
    svg = segno.make(url, error="m").svg_inline(
        scale=scale, border=border, dark="#000", light="#fff", omitsize=not fixed_size
    )
    return mark_safe(svg)
