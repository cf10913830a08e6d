"""A page's links, read and rewritten in one pass: plain functions of the HTML text the league's own templates write.

The templates write every attribute in double quotes, `>` never stands inside a tag's attribute (the template
language escapes it), and `<a>` elements never nest, so a link is found exactly by its attribute (`href="`,
`src="`) and the tag around it; no parser has to guess at markup we did not write.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Callable
from functools import lru_cache

LINK_ATTRIBUTE = re.compile(r'\b(href|src)="([^"]*)"')
HREFLANG = re.compile(r'\bhreflang="([^"]*)"')


def rewrite(page: str, target: Callable[[str, str | None], str | None]) -> str:
    """`page` with each link replaced by `target(url, hreflang)`; an `<a>` whose target is None is left out
    whole (its text too: a button to a page the site does not have would lead nowhere); another tag whose
    target is None keeps its link as it was."""

    def attributes(text: str) -> str | None:
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

    # The links are found by plain string search (a page of the table has 2,000 tags and 70 links: a regular
    # expression trying each tag cost more than rewriting its links), each with the tag it stands in.
    pieces: list[str] = []
    done = 0  # page[:done] is in pieces
    start = 0
    find, rfind = page.find, page.rfind
    next_href, next_src = find('href="'), find('src="')
    while next_href >= 0 or next_src >= 0:
        if next_src < 0 or 0 <= next_href < next_src:
            at, next_href = next_href, find('href="', next_href + 6)
        else:
            at, next_src = next_src, find('src="', next_src + 5)
        if at < start or (at and (page[at - 1].isalnum() or page[at - 1] == "_")):
            continue  # in a tag rewritten already, or the end of a longer name (`xhref`)
        opening = rfind("<", start, at)
        if opening < 0 or find(">", opening, at) >= 0:
            continue  # not in a tag: text that reads like a link
        name = page[opening + 1 : opening + 2]
        if not (name.isascii() and name.isalpha()):
            continue
        closing = find(">", at)
        if closing < 0:
            break
        if name == "a" and not (page[opening + 2].isalnum() or page[opening + 2] == "_"):
            end = find("</a>", closing)
            if end < 0:
                start = closing + 1
                continue  # an `<a>` never closed: left as it is
            inside = attributes(page[opening + 2 : closing])
            pieces.append(page[done:opening])
            if inside is None:
                done = start = end + 4  # the element whole, its text and links too
                continue
            pieces.append(f"<a{inside}>")
        else:
            tag = page[opening : closing + 1]
            pieces.append(page[done:opening])
            pieces.append(attributes(tag) or tag)
        done = start = closing + 1
    pieces.append(page[done:])
    return "".join(pieces)


def relative(from_file: str, to_file: str) -> str:
    """The link from the page at `from_file` to `to_file`, both relative to the site's top."""
    return _relative(folder(from_file), to_file)


def folder(file: str) -> str:
    """The folder of the site's file `file`, as `relative_from` takes it."""
    return posixpath.dirname(file) or "."


def relative_from(folder: str, to_file: str) -> str:
    """The link from a page in `folder` (`folder(its file)`) to `to_file`."""
    return _relative(folder, to_file)


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
