"""A club's logo or sponsor image checked before it is stored: PNG, JPEG or WebP (read by Pillow), at most
MAX_BYTES and MAX_SIDE pixels a side, decoded whole once so that a broken or truncated file is refused now
and not on the TV. SVG is refused: a drawing can hold scripts and links, and a PNG of it does the same job
(docs/features.md)."""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass

from django.utils.translation import gettext as _

__all__ = ["MAX_BYTES", "MAX_SIDE", "Logo", "LogoRefused", "checked_logo"]

MAX_BYTES = 2 * 1024 * 1024
MAX_SIDE = 4000
TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp"}
EXTENSIONS = {"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp"}


class LogoRefused(ValueError):
    """The file is not a logo the TV may show; the message says why, in the organizer's words."""


@dataclass(frozen=True)
class Logo:
    data: bytes
    content_type: str
    width: int
    height: int

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def too_big_message() -> str:
    return _("The image is larger than %(most)s MB: save it smaller (a logo needs no more than a few hundred KB).") % {
        "most": MAX_BYTES // (1024 * 1024)
    }


def checked_logo(data: bytes) -> Logo:
    """`data` as a logo, or LogoRefused with the reason."""
    if len(data) > MAX_BYTES:
        raise LogoRefused(too_big_message())
    head = data[:1024].lstrip().lower()
    if head.startswith((b"<?xml", b"<svg", b"<!doctype svg")) or b"<svg" in head:
        raise LogoRefused(
            _("SVG drawings are not taken (they can hold scripts): save the logo as PNG and upload that.")
        )
    from PIL import Image  # loaded by the settings page only, not by every process

    not_an_image = LogoRefused(_("This file is not an image the TV can show: upload a PNG, JPEG or WebP file."))
    try:
        with warnings.catch_warnings():
            # A decompression bomb (a small file of a huge picture) is an error here, never a warning.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=list(TYPES)) as image:
                width, height = image.size
                kind = image.format
                if width > MAX_SIDE or height > MAX_SIDE:
                    raise LogoRefused(
                        _("The image is %(width)s×%(height)s pixels: at most %(most)s×%(most)s.")
                        % {"width": width, "height": height, "most": MAX_SIDE}
                    )
                image.load()  # the whole picture decoded: a truncated or broken file fails here
    except LogoRefused:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise LogoRefused(_("The image has too many pixels: at most %(most)s×%(most)s.") % {"most": MAX_SIDE}) from None
    except (OSError, SyntaxError, ValueError, EOFError):
        raise not_an_image from None
    if kind not in TYPES or width < 1 or height < 1:
        raise not_an_image
    return Logo(data, TYPES[kind], width, height)
