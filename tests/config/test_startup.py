"""What every process of the app loads: the models and the URLs (a publish, a management command's checks, the
server), without what only some pages use on demand (the PDFs' reportlab, the rail's numpy odds, the hand
evaluator's tables). The server loads those as it starts (config.server.warm_up)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess  # a fresh interpreter shows what a start loads

REPO = Path(__file__).resolve().parents[2]
ON_DEMAND = ("numpy", "reportlab")

LOAD = """
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django
django.setup()
from django.urls import get_resolver
get_resolver().reverse_dict  # every app's urls and views
from tournaments.poker import evaluator
if sys.argv[1] == "server":
    from config.server import warm_up
    warm_up()
import gc
print(json.dumps([sorted({name.split(".")[0] for name in sys.modules}), evaluator._BUILT, gc.get_freeze_count()]))
"""


def loaded(kind: str) -> tuple[set[str], bool, int]:
    done = subprocess.run([sys.executable, "-c", LOAD, kind], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    packages, built, frozen = json.loads(done.stdout.splitlines()[-1])
    return set(packages), built, frozen


def test_loading_the_app_and_its_urls_leaves_the_pdf_code_the_odds_and_the_hand_tables_for_later():
    packages, built, _frozen = loaded("app")
    assert {"django", "league", "results", "live", "housegames"} <= packages
    assert sorted(packages & set(ON_DEMAND)) == [] and built is False


def test_the_server_loads_them_as_it_starts_not_at_the_first_all_in():
    packages, built, _frozen = loaded("server")
    assert "numpy" in packages and built is True


def test_the_server_keeps_what_it_loaded_at_start_out_of_the_garbage_collector_s_way():
    """Full collections during the taps would walk every module, URL pattern and table again (gc.freeze)."""
    _packages, _built, frozen = loaded("server")
    assert frozen > 10_000
