"""QR codes as inline SVG for pages (the PDFs draw segno's matrix themselves, in results/sheets.py); a page places
one with `{% qr_code url %}` (tournaments/templatetags/qr_codes.py)."""

import segno


def qr_svg(url: str, *, scale: int = 4, border: int = 4, fixed_size: bool = True) -> str:
    """`fixed_size=False` leaves out width and height (keeping the viewBox) so CSS can size the code."""
    return segno.make(url, error="m").svg_inline(
        scale=scale, border=border, dark="#000", light="#fff", omitsize=not fixed_size
    )
