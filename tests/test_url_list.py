"""Every URL keeps its path and name: the whole list, admin included, against `tests/url_list.txt`.

The list was written from the URL configuration before the code moved into packages by domain; a path that
changes on purpose changes in the list in the same commit. A path a person can type must still reach the
view of the same name, so each route is also resolved from a
sample path (a number for every `<int:…>`, a word for the other converters): a new pattern that
shadows an old one fails here as well.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver, resolve

LIST = Path(__file__).with_name("url_list.txt")
SAMPLES = {"int": "7", "slug": "word", "str": "word", "path": "a/b", "uuid": "12345678-1234-5678-1234-567812345678"}


def _routes(patterns, prefix: str = ""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            assert isinstance(pattern, URLPattern)
            yield prefix + str(pattern.pattern), pattern.name or ""


def _listed() -> list[tuple[str, str]]:
    return [tuple(line.split("\t")) for line in LIST.read_text(encoding="utf-8").splitlines()]


def test_the_url_list_is_the_one_before_the_move():
    assert sorted(_routes(get_resolver().url_patterns)) == sorted(_listed())


def test_each_route_reaches_the_view_of_its_name():
    checked = 0
    for route, name in _listed():
        if not name or route.startswith("^") or "(?P" in route or "admin/" in route:
            continue  # the admin's regular expressions: the list above covers them
        path = "/" + re.sub(r"<(\w+):\w+>", lambda m: SAMPLES[m.group(1)], route)
        assert resolve(path).url_name == name, path
        checked += 1
    assert checked > 80
