"""What each of the handbook's pictures is made from, written beside the pictures as manifest.json.

A picture shows what the live server rendered for its page: the templates (Django's `template_rendered`
signal, sent in the test environment for every template and every template it includes) and the view
modules of the page's own latest load and of every request the page made since (its Referer: the search the
desk's list answers, a form posted and the page it leads back to, a part read again, the TV's event stream),
and the static files the page loaded (its stylesheets, scripts and images, as the browser lists them). Chosen
by the page and not by time, the list is the same at every run. Only files of this repository count: Django's
own change with its version. tests/docs/test_handbook_pictures.py compares their digests with today's files.
"""

from __future__ import annotations

import json
import re
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

from django.contrib.staticfiles import finders
from django.core.signals import request_started
from django.test.signals import template_rendered
from django.urls import Resolver404, resolve
from playwright.sync_api import Page

from tests.docs.handbook import MANIFEST, ROOT, digest, repository_file

# The browser's list of what the page loaded: its resources, and the stylesheets, scripts and images in it.
_LOADED = """() => [...new Set([
    ...performance.getEntriesByType("resource").map(entry => entry.name),
    ...[...document.querySelectorAll("link[href], script[src], img[src]")].map(element => element.href || element.src),
])]"""
_HASHED = re.compile(r"\.[0-9a-f]{12}(?=\.[^./]+$)")  # the content hash the static files' manifest storage adds


class Sources:
    """Listens to the live server while a walk takes its pictures, and writes what each one was made from."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pictures: dict[str, dict] = {}
        self._requests: list[tuple[str, str, set[str]]] = []  # every request's path, Referer's path, templates rendered
        self._current = threading.local()
        self._lock = threading.Lock()

    def __enter__(self) -> Sources:
        request_started.connect(self._started, dispatch_uid=id(self))
        template_rendered.connect(self._rendered, dispatch_uid=id(self))
        return self

    def __exit__(self, *exc) -> None:
        request_started.disconnect(dispatch_uid=id(self))
        template_rendered.disconnect(dispatch_uid=id(self))

    def _started(self, sender, environ=None, **kwargs) -> None:
        with self._lock:
            environ = environ or {}
            self._requests.append((environ.get("PATH_INFO", ""), urlsplit(environ.get("HTTP_REFERER", "")).path, set()))
            self._current.index = len(self._requests) - 1

    def _rendered(self, sender, template, context, **kwargs) -> None:
        name = getattr(getattr(template, "origin", None), "name", None)
        index = getattr(self._current, "index", None)
        if name and index is not None:
            with self._lock:
                self._requests[index][2].add(str(name))

    def page(self, page: Page, name: str) -> None:
        """The picture `name`.png just taken of `page`."""
        self._record(name, urlsplit(page.url).path, page.evaluate(_LOADED))

    def download(self, url: str, name: str, drawn_by: str) -> None:
        """The picture `name`.png made from a file the app sent (a PDF), laid out by the module `drawn_by`."""
        self._record(name, urlsplit(url).path, [], also={str(ROOT / drawn_by)})

    def _record(self, name: str, path: str, loaded: list[str], also: set[str] = frozenset()) -> None:
        with self._lock:  # the server's threads add to them meanwhile
            requests = [(seen, referer, set(templates)) for seen, referer, templates in self._requests]
        loads = [i for i, (seen, _referer, _templates) in enumerate(requests) if seen == path]
        arrivals = [
            i for i in loads if requests[i][1] != path
        ]  # a reload or a form's answer comes from the page itself
        first = (arrivals or loads or [len(requests)])[-1]
        shown = [(seen, templates) for seen, referer, templates in requests[first:] if path in (seen, referer)]
        files = set(also).union(*(templates for _seen, templates in shown))
        paths = {path} | {seen for seen, _templates in shown}
        files |= {_view_module(seen) for seen in paths}
        files |= {_static_file(url) for url in loaded}
        made_from = {}
        for file in sorted(filter(None, files)):
            relative = repository_file(file)
            if relative is not None:
                made_from[relative] = digest(ROOT / relative)
        picture = self.folder / f"{name}.png"
        self.pictures[picture.name] = {"page": _route(path), "picture": digest(picture), "made_from": made_from}

    def write(self) -> Path:
        manifest = self.folder / MANIFEST
        manifest.write_text(
            json.dumps({"pictures": dict(sorted(self.pictures.items()))}, indent=1, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
        return manifest


def _resolved(path: str):
    static = "/" + _static_url().lstrip("/")
    if not path or path.startswith(static):
        return None
    try:
        return resolve(path)
    except Resolver404:
        return None


def _route(path: str) -> str:
    match = _resolved(path)
    return "/" + match.route if match else path


def _view_module(path: str) -> str | None:
    match = _resolved(path)
    if match is None:
        return None
    view = getattr(match.func, "view_class", match.func)
    return getattr(sys.modules.get(view.__module__), "__file__", None)


def _static_url() -> str:
    from django.conf import settings

    return settings.STATIC_URL


def _static_file(url: str) -> str | None:
    path = urlsplit(url).path
    static = "/" + _static_url().lstrip("/")
    if not path.startswith(static):
        return None
    relative = path[len(static) :]
    return finders.find(relative) or finders.find(_HASHED.sub("", relative))
