"""docs/server.md lists every setting the app reads from the environment, with its default.

The names are read from the app's own code (every `env_*("NAME"`, `environ.get("NAME"`, `getenv("NAME"` and
the limits read by name), so a new variable without a line in the table fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READS = re.compile(
    r"""(?:\benv_\w+|environ\.get|getenv|_limit|environ\.setdefault)\(\s*["']([A-Z][A-Z0-9_]+)["']"""
    r"""|environ\[["']([A-Z][A-Z0-9_]+)["']\]"""
)
# Read by libraries, not settings a server chooses: Django's own settings module, and what the tests set.
NOT_SETTINGS = {"DJANGO_SETTINGS_MODULE"}


def _app_sources() -> list[Path]:
    skip = {".venv", "tests", "node_modules", ".git", "staticfiles"}
    return [
        path
        for path in ROOT.rglob("*.py")
        if not skip.intersection(path.relative_to(ROOT).parts) and "migrations" not in path.parts
    ]


def names_read() -> set[str]:
    found = set()
    for path in _app_sources():
        for match in READS.finditer(path.read_text(encoding="utf-8")):
            found.add(match.group(1) or match.group(2))
    return found - NOT_SETTINGS


def names_documented() -> set[str]:
    page = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    table = page.split("### Every setting the app reads", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row.split("|")[1])}


def test_every_setting_the_app_reads_is_in_the_server_page_s_table():
    read = names_read()
    assert {"DEBUG", "SECRET_KEY", "DATA_DIR", "LIVE_CACHE_DIR", "TRUSTED_PROXIES", "PUBLISH_SSH_KEY"} <= read
    missing = read - names_documented()
    assert not missing, f"docs/server.md, 'Every setting the app reads', has no line for {sorted(missing)}"


def test_the_table_names_no_setting_the_app_does_not_read():
    # DATABASE_URL is read by dj-database-url, by that name.
    unknown = names_documented() - names_read() - {"DATABASE_URL"}
    assert not unknown, f"docs/server.md names settings the app does not read: {sorted(unknown)}"
