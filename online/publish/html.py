"""A page's links, read and rewritten in one pass: plain functions of the HTML text the league's own templates write.

The templates write every attribute in double quotes, and `<a>` elements never nest, so regular expressions
read them exactly; no parser has to guess at markup we did not write.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Callable
from functools import lru_cache

# An `<a>` element whole (its text goes with it when its link is dropped), or any other opening tag with a link
# (a tag without `href=` or `src=` is not handed to Python at all: most of a page's tags, nothing to change).
ELEMENT = re.compile(r"<a\b([^>]*)>(.*?)</a>|<(?!a\b)[a-zA-Z][^>]*\b(?:href|src)=[^>]*>", re.S)
TAG = re.compile(r"<(?!a\b)[a-zA-Z][^>]*\b(?:href|src)=[^>]*>")
LINK_ATTRIBUTE = re.compile(r'\b(href|src)="([^"]*)"')
HREFLANG = re.compile(r'\bhreflang="([^"]*)"')


def rewrite(page: str, target: Callable[[str, str | None], str | None]) -> str:
    """`page` with each link replaced by `target(url, hreflang)`; an `<a>` whose target is None is left out
    whole (its text too: a button to a page the site does not have would lead nowhere); another tag whose
    target is None keeps its link as it was."""

    def attributes(text: str) -> str | None:
        if "href=" not in text and "src=" not in text:
            return text
        language = HREFLANG.search(text) if "hreflang=" in text else None
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

    def other_tag(match: re.Match) -> str:
        text = match.group(0)
        return attributes(text) or text

    def element(match: re.Match) -> str:
        if match.group(1) is None:
            return other_tag(match)
        inside = attributes(match.group(1))
        if inside is None:
            return ""
        content = match.group(2)
        if "<" in content:
            content = TAG.sub(other_tag, content)
        return f"<a{inside}>{content}</a>"

    return ELEMENT.sub(element, page)


def relative(from_file: str, to_file: str) -> str:
    """The link from the page at `from_file` to `to_file`, both relative to the site's top."""
    return _relative(posixpath.dirname(from_file) or ".", to_file)


@lru_cache(maxsize=200_000)
def _relative(folder: str, to_file: str) -> str:
    # The site's names are plain ("players/7/season-1.html": no "." or ".." parts, no leading or doubled
    # "/"): the common folders counted off directly. posixpath.relpath made both absolute and normalized
    # them first, a tenth of a publish's link rewriting over its 16,000 links of a league of 300 players.
    if folder == ".":
        return to_file
    there = to_file.split("/")
    here = folder.split("/")
    if "" in there or "" in here or {".", ".."} & (set(there) | set(here)):
        return posixpath.relpath(to_file, folder)
    common = 0
    while common < len(here) and common < len(there) and here[common] == there[common]:
        common += 1
    if common == len(there):  # a file named as one of the page's folders: not a site's name
        return posixpath.relpath(to_file, folder)
    return "/".join([".."] * (len(here) - common) + there[common:])
