"""Content-Security-Policy: the header is sent, and no template carries inline script or handler."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.IGNORECASE)
JS_URL = re.compile(r"""(href|src|action)\s*=\s*["']\s*javascript:""", re.IGNORECASE)


def _templates():
    return sorted(TEMPLATES.rglob("*.html")) + sorted(Path(settings.BASE_DIR).glob("*/templates/**/*.html"))


def test_there_are_templates_to_scan():
    assert len(_templates()) > 20


@pytest.mark.parametrize("path", _templates(), ids=lambda p: str(p.relative_to(settings.BASE_DIR)))
def test_no_template_has_inline_script_handler_or_style(path):
    text = path.read_text(encoding="utf-8")
    for name, pattern in (
        ("inline <script>", INLINE_SCRIPT),
        ("on…= handler", INLINE_HANDLER),
        ("inline style", INLINE_STYLE),
        ("javascript: URL", JS_URL),
    ):
        match = pattern.search(text)
        assert match is None, f"{name} in {path.name}: {text[max(0, match.start() - 40) : match.end() + 40]!r}"


def test_the_scan_would_catch_an_inline_handler():
    assert INLINE_HANDLER.search('<select onchange="this.form.submit()">')
    assert INLINE_SCRIPT.search("<script>alert(1)</script>") and not INLINE_SCRIPT.search(
        '<script src="/x.js"></script>'
    )


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/standings/", "/uth/"])
def test_every_page_sends_a_strict_policy(client, url):
    response = client.get(url)
    policy = response.headers["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    assert directives["script-src"] == ["'self'"]
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert directives["frame-ancestors"] == ["'none'"]
