"""QR codes as inline SVG for pages (the PDFs use reportlab's own QR widget)."""
import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, scale: int = 4) -> SafeString:
    # segno writes the SVG itself from a URL we built; nothing user-typed goes into it unescaped.
    return mark_safe(segno.make(url, error="m").svg_inline(scale=scale, dark="#000", light="#fff"))
