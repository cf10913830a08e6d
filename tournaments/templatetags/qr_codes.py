"""{% load qr_codes %}: `{% qr_code url %}` draws the QR code of `url` as inline SVG (tournaments/qr/codes.py)."""

from django import template
from django.utils.safestring import SafeString, mark_safe

from tournaments.qr import codes

register = template.Library()


@register.simple_tag
def qr_code(url: str, border: int = 4, fixed_size: bool = True) -> SafeString:
    # segno writes the SVG itself, escaping the URL it encodes (a URL the view built); placed as it is.
    return mark_safe(codes.qr_svg(url, border=border, fixed_size=fixed_size))
