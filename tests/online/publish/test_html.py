"""A link from one of the site's files to another: the same as posixpath.relpath gives, without its cost."""

from __future__ import annotations

import itertools
import posixpath
import re
from html import escape, unescape

from online.publish import html

NAMES = ["index.html", "en", "players", "7", "season-1.html", "nights", "hands.phh"]


def test_a_relative_link_is_what_posixpath_gives_for_every_pair_of_names():
    names = ["/".join(parts) for size in (1, 2, 3) for parts in itertools.product(NAMES, repeat=size)]
    for from_file, to_file in itertools.product(names, names[::7]):
        if posixpath.dirname(from_file) != to_file:
            assert html.relative(from_file, to_file) == posixpath.relpath(to_file, posixpath.dirname(from_file) or ".")


def test_a_link_between_the_sites_pages():
    assert html.relative("players/7/season-1.html", "nights/3/index.html") == "../../nights/3/index.html"
    assert html.relative("en/players/7/season-1.html", "en/players/7/hands.phh") == "hands.phh"
    assert html.relative("index.html", "en/index.html") == "en/index.html"


# The regular expressions the rewrite read pages with before it searched for the links themselves: what it did is
# what it must still do, on every kind of tag the templates write and on markup near them.
_ELEMENT = re.compile(r"<a\b([^>]*)>(.*?)</a>|<(?!a\b)[a-zA-Z][^>]*\b(?:href|src)=[^>]*>", re.S)
_TAG = re.compile(r"<(?!a\b)[a-zA-Z][^>]*\b(?:href|src)=[^>]*>")


def _by_regular_expressions(page: str, target) -> str:
    def attributes(text: str) -> str | None:
        if "href=" not in text and "src=" not in text:
            return text
        language = html.HREFLANG.search(text) if "hreflang=" in text else None
        dropped = False

        def one(match: re.Match) -> str:
            nonlocal dropped
            new = target(unescape(match.group(2)), language.group(1) if language else None)
            if new is None:
                dropped = True
                return match.group(0)
            return f'{match.group(1)}="{escape(new)}"'

        result = html.LINK_ATTRIBUTE.sub(one, text)
        return None if dropped else result

    def other_tag(match: re.Match) -> str:
        return attributes(match.group(0)) or match.group(0)

    def element(match: re.Match) -> str:
        if match.group(1) is None:
            return other_tag(match)
        inside = attributes(match.group(1))
        if inside is None:
            return ""
        content = match.group(2)
        return f"<a{inside}>{_TAG.sub(other_tag, content) if '<' in content else content}</a>"

    return _ELEMENT.sub(element, page)


PIECES = [
    '<a href="/players/7/?season=1">Anna &amp; Bob</a>',
    '<a class="brand" href="/">♠ Liga</a>',
    '<a href="/gone/">gone <img src="/static/x.svg"></a>',
    '<a href="/de/" hreflang="de" lang="de">DE</a>',
    '<a href="/en/" hreflang="en">EN</a>',
    '<a id="player-7">no link</a>',
    '<A HREF="/upper/">upper case</A>',
    '<link rel="stylesheet" href="/static/css/league.css">',
    '<script src="/static/js/league.js" defer></script>',
    '<img data-src="/static/a.png" src="/static/b.png" alt="">',
    '<span data-href="/players/8/">data</span>',
    '<abbr title="x" href="/abbr/">abbr</abbr>',
    '<use href="#marker"></use>',
    '<a href="/standings/?season=1#player-7">anchor</a>',
    '<a href="?season=2&amp;page=3">relative</a>',
    '<a href="https://example.org/">away</a>',
    '<a href="mailto:liga@example.org">mail</a>',
    'text that reads href="/players/9/" but is no tag',
    'xhref="/no/" <p>plain</p>',
    '<a\nhref="/newline/">newline</a>',
    '<td class="num">12</td>',
    "<a>bare</a>",
    '<a href="/never/closed/">and no end',
]


def _target(url: str, language: str | None) -> str | None:
    if "gone" in url or "never" in url:
        return None
    if url.startswith(("https:", "mailto:", "#")):
        return url
    return f"site/{language or 'de'}{url.replace('?', '_')}&<>"


def test_the_rewrite_does_what_its_regular_expressions_did_with_every_tag_the_templates_write():
    for size in (1, 2, 3):
        for pieces in itertools.product(PIECES, repeat=size):
            page = "\n".join(pieces)
            assert html.rewrite(page, _target) == _by_regular_expressions(page, _target), page


def test_a_link_to_a_page_the_site_does_not_have_takes_its_element_with_it_and_another_tag_keeps_its_link():
    page = '<p><a href="/gone/">gone <img src="/static/x.svg"></a> · <img src="/gone.png"> <a href="/a/">A</a></p>'
    seen = []

    def target(url, language):
        seen.append(url)
        return None if "gone" in url else "a.html"

    assert html.rewrite(page, target) == '<p> · <img src="/gone.png"> <a href="a.html">A</a></p>'
    assert seen == ["/gone/", "/gone.png", "/a/"], "the left out element's own links are not asked"
