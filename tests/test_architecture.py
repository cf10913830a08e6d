"""The layout docs/architecture.md describes, held against the code.

The layers themselves are import-linter contracts (`.importlinter`, also run by CI as `lint-imports`); these
tests run them with the rest of the suite and check what import-linter cannot: that folders say what they
hold (no module names standing in for a package, no folder too big to scan), that each package says in
its docstring what it is for and names its modules, and that HTML is drawn by templates, not in Python.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("config", "league", "tournaments", "results", "live", "housegames", "demo", "online")
MAX_MODULES = 15
# Django finds these folders by their names; they are not rooms of their own.
CONVENTIONS = {"migrations", "management", "commands", "templatetags", "formats", "de", "en"}
# Folders of entry points, each module named for what one types (`manage.py NAME`, `python -m
# tests.benchmarks.NAME`): a menu, read by its list, not a room of code; they may hold more.
MENUS = {"management/commands", "tests/benchmarks"}


def _folders(*tops: str):
    for top in tops:
        for folder, subfolders, files in os.walk(ROOT / top):
            subfolders[:] = sorted(d for d in subfolders if d not in {"__pycache__", "node_modules", "migrations"})
            yield Path(folder), sorted(f for f in files if f.endswith(".py"))


@pytest.mark.subprocess
def test_the_import_contracts_hold():
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("top", [*APPS, "tests"])
def test_no_folder_holds_more_than_15_modules(top):
    crowded = {
        str(folder.relative_to(ROOT)): len(files)
        for folder, files in _folders(top)
        if len(files) > MAX_MODULES and not any(folder.as_posix().endswith(menu) for menu in MENUS)
    }
    assert not crowded


def test_no_module_name_stands_in_for_a_package():
    """`views_cashbook.py` beside `views.py` is a folder written into file names: one family, one package."""
    families = []
    for folder, files in _folders(*APPS):
        if CONVENTIONS & set(folder.relative_to(ROOT).parts):
            continue  # management commands are named for what an organizer types
        names = {f[:-3] for f in files} | {
            d.name for d in folder.iterdir() if d.is_dir() and (d / "__init__.py").exists()
        }
        for name in names - {"__init__"}:
            prefix = name.split("_")[0]
            if "_" in name and (prefix in names or any(n != name and n.startswith(prefix + "_") for n in names)):
                families.append(str((folder / name).relative_to(ROOT)))
    assert not sorted(families)


def test_every_package_says_what_it_holds():
    silent = []
    for folder, files in _folders(*APPS):
        if "__init__.py" not in files or CONVENTIONS & set(folder.relative_to(ROOT).parts):
            continue
        if not ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))):
            silent.append(str(folder.relative_to(ROOT)))
    assert not silent


# Modules Django's conventions name: what they hold is said by their names and the layers.
CONVENTIONAL_MODULES = {"admin", "apps", "urls", "views", "forms", "services", "asgi", "wsgi"}


def test_every_package_docstring_names_each_of_its_modules():
    """A module a package's docstring does not name is a room nobody was told about: the docstring is the map."""
    unnamed = {}
    for folder, files in _folders(*APPS, "upkeep"):
        where = folder.relative_to(ROOT)
        if "__init__.py" not in files or CONVENTIONS & set(where.parts):
            continue
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))) or ""
        packages = [
            d.name for d in sorted(folder.iterdir()) if (d / "__init__.py").exists() and d.name not in CONVENTIONS
        ]
        names = [f[:-3] for f in files if f != "__init__.py"] + packages
        missing = [n for n in names if n not in CONVENTIONAL_MODULES and not re.search(rf"(?<!\w){n}(?!\w)", doc)]
        if missing:
            unnamed[where.as_posix()] = missing
    assert not unnamed


@pytest.mark.subprocess
def test_every_model_the_migrations_know_is_registered_as_django_starts():
    """Django registers a model when its module is imported: each must come with `<app>.models`, not with
    whatever page happens to import it first (a model only a page imports is missing from `migrate`)."""
    code = (
        "import django, json; django.setup()\n"
        "from django.apps import apps\n"
        "from django.db.migrations.loader import MigrationLoader\n"
        "state = MigrationLoader(None, ignore_no_migrations=True).project_state()\n"
        "print(json.dumps([sorted(f'{a}.{m}' for a, m in state.models),"
        " sorted(f'{m._meta.app_label}.{m._meta.model_name}' for m in apps.get_models())]))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    migrated, registered = json.loads(result.stdout)
    ours = {label for label in migrated if label.split(".")[0] in APPS}
    assert len(ours) > 20
    assert ours - set(registered) == set()


# Where markup may still be written or trusted in Python outside `templatetags/`, each with its reason
# (docs/architecture.md, "HTML in templates").
MARKUP_IN_PYTHON = {
    "live/rail/views.py": "marks the rail's own rendering safe again as it comes back from the shared cache",
    "online/publish/html.py": "rewrites the links of rendered pages for the published site; it parses, draws nothing",
    "results/sheets.py": "ReportLab's paragraph markup (<b>) in the PDFs, not a page's HTML",
}
_MARKING = {"format_html", "format_html_join", "mark_safe", "SafeString"}
_TAG_NAMES = (
    "a|abbr|article|aside|b|body|br|button|caption|circle|code|dd|details|div|dl|dt|em|fieldset|figcaption|figure|"
    "footer|form|g|h[1-6]|head|header|hr|html|i|img|input|label|legend|li|line|link|loc|main|meta|nav|ol|option|"
    "output|p|path|polyline|pre|rect|script|section|select|small|span|strong|style|sub|summary|sup|svg|table|tbody|"
    "td|text|textarea|tfoot|th|thead|time|title|tr|u|ul|url|urlset"
)
_TAG = re.compile(rf"</?({_TAG_NAMES})(\s[^<>]*)?/?>", re.IGNORECASE)


def _markup_in(tree: ast.AST) -> list[str]:
    """Calls that build or trust markup, and string literals (docstrings aside) that hold an HTML tag."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    parts_of_fstrings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in _MARKING:
                found.append(f"{node.lineno}: {name}()")
        elif isinstance(node, ast.JoinedStr):  # an f-string: its text with {} for the values
            text = "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
            if _TAG.search(text):
                found.append(f"{node.lineno}: {text[:60]!r}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings | parts_of_fstrings
            and _TAG.search(node.value)
        ):
            found.append(f"{node.lineno}: {node.value[:60]!r}")
    return found


def test_no_html_is_built_in_python_outside_template_tags():
    """Pages are drawn by templates with Django's escaping; a template tag may draw what only it can
    (`templatetags/`). Anywhere else, format_html, mark_safe or an HTML tag in a string is markup nobody escapes
    for them: it belongs in a template partial."""
    found = {}
    for folder, files in _folders(*APPS, "upkeep"):
        if "templatetags" in folder.relative_to(ROOT).parts:
            continue
        for name in files:
            path = folder / name
            if markup := _markup_in(ast.parse(path.read_text(encoding="utf-8"))):
                found[path.relative_to(ROOT).as_posix()] = markup
    assert {path: lines for path, lines in found.items() if path not in MARKUP_IN_PYTHON} == {}
    assert sorted(MARKUP_IN_PYTHON) == sorted(found)  # an exception that no longer holds markup leaves the list
