"""A page's links, read and rewritten: plain functions of the HTML text the league's own templates write.

The templates write every attribute in double quotes, and `<a>` elements never nest, so two regular
expressions read them exactly; no parser has to guess at markup we did not write.
"""
from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Callable

ANCHOR = re.compile(r"<a\b([^>]*)>(.*?)</a>", re.S)
LINK_ATTRIBUTE = re.compile(r'\b(href|src)="([^"]*)"')
HREFLANG = re.compile(r'\bhreflang="([^"]*)"')


def links(page: str) -> list[tuple[str, str | None]]:
    """Every href/src value in `page`, unescaped, with the hreflang of its element (None without one)."""
    found = []
    for tag in re.finditer(r"<[a-zA-Z][^>]*>", page):
        text = tag.group(0)
        language = HREFLANG.search(text)
        for match in LINK_ATTRIBUTE.finditer(text):
            found.append((html.unescape(match.group(2)), language.group(1) if language else None))
    return found


def rewrite(page: str, target: Callable[[str, str | None], str | None]) -> str:
    """`page` with each link replaced by `target(url, hreflang)`; an `<a>` whose target is None is left out
    whole (its text too: a button to a page the site does not have would lead nowhere)."""

    def attributes(text: str) -> str | None:
        language = HREFLANG.search(text)
        dropped = False

        def one(match: re.Match) -> str:
            nonlocal dropped
            new = target(html.unescape(match.group(2)), language.group(1) if language else None)
            if new is None:
                dropped = True
                return match.group(0)
            return f'{match.group(1)}="{html.escape(new)}"'

        result = LINK_ATTRIBUTE.sub(one, text)
        return None if dropped else result

    def anchor(match: re.Match) -> str:
        inside = attributes(match.group(1))
        return "" if inside is None else f"<a{inside}>{match.group(2)}</a>"

    page = ANCHOR.sub(anchor, page)

    def other_tag(match: re.Match) -> str:
        text = match.group(0)
        return attributes(text) or text

    return re.sub(r"<(?!a\b)[a-zA-Z][^>]*>", other_tag, page)


def relative(from_file: str, to_file: str) -> str:
    """The link from the page at `from_file` to `to_file`, both relative to the site's top."""
    return posixpath.relpath(to_file, posixpath.dirname(from_file) or ".")
