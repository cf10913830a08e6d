"""The rules engines are pure Python: nothing under tournaments/poker/ or
housegames/engines/ may import Django (directly or through another module)."""

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PURE_PACKAGES = ("tournaments/poker", "housegames/engines")


def _pure_files():
    files = []
    for package in PURE_PACKAGES:
        files += sorted((ROOT / package).rglob("*.py"))
    return files


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_django(name) -> bool:
    return isinstance(name, str) and (name == "django" or name.startswith("django."))


def _django_imports(path: Path) -> list[str]:
    """Every import of django in one file's source, as 'line N: ...'."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if _is_django(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and _is_django(node.module):
                found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Call):
            # importlib.import_module("django...") / __import__("django...")
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and _is_django(arg.value):
                    found.append(f"line {node.lineno}: {name}({arg.value!r})")
    return found


def test_the_pure_packages_exist_and_hold_the_evaluator():
    names = {_module_name(p) for p in _pure_files()}
    assert "tournaments.poker.cards" in names
    assert "tournaments.poker.evaluator" in names
    assert {"housegames.engines.uth.rules", "housegames.engines.imperial.round"} <= names
    # statistics, the replayer's frames and the hand-history exports are rules too: no Django
    for module in ("stats", "timeline", "phh", "ohh"):
        assert f"tournaments.poker.{module}" in names


@pytest.mark.parametrize("path", _pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_of_the_rules_core_imports_django_in_its_source(path):
    assert _django_imports(path) == [], f"{path.relative_to(ROOT)} imports Django"


_PROBE = """
import importlib, json, sys
failed = {}
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except Exception as exc:  # report, do not hide
        failed[name] = f"{type(exc).__name__}: {exc}"
django = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
print(json.dumps({"failed": failed, "django": django}))
"""


@pytest.mark.subprocess
def test_importing_every_module_of_the_rules_core_loads_no_django():
    modules = sorted({_module_name(p) for p in _pure_files()})
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, *modules],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["failed"] == {}, "modules that could not be imported: " + json.dumps(report["failed"])
    assert report["django"] == [], f"importing {modules} loaded {report['django'][:5]}"


def test_the_purity_check_would_notice_a_django_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import os\nfrom django.db import models\nimport django\n"
        "import importlib\nimportlib.import_module('django.conf')\n"
        "from .django_like import x\nimport djangoish\n"
    )
    assert _django_imports(bad) == [
        "line 2: from django.db import ...",
        "line 3: import django",
        "line 5: import_module('django.conf')",
    ]
