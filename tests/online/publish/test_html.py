"""A link from one of the site's files to another: the same as posixpath.relpath gives, without its cost."""

from __future__ import annotations

import itertools
import posixpath

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
