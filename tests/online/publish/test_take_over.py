"""A publish in a process of its own takes over every page that has not changed since the last run, whether it
is run by hand (`manage.py publish`) or by the organizer's "Veröffentlichen" (which starts a new process).

Each run is a new `manage.py` process on the suite's database (on SQLite the test process's own file, on CI's
PostgreSQL leg its test database), so the data is committed for them to read (a transactional test).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from online.publish import database_stamp, status
from tests.evening import build_evening

ROOT = Path(__file__).resolve().parents[3]

# The runs' processes read the rows this test commits; CI's PostgreSQL leg selects the test by `database`.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.database, pytest.mark.subprocess]


def _publish_process(site: Path, env: dict[str, str]) -> dict:
    """`manage.py publish --status` as the organizer would type it; the run's summary it keeps."""
    run = subprocess.run(
        [sys.executable, "manage.py", "publish", "--to", str(site), "--status"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return status.read_status()


def test_a_second_publish_process_renders_no_page_when_nothing_changed(tmp_path, organizer, runs_env):
    build_evening(organizer)
    site = tmp_path / "site"
    first = _publish_process(site, runs_env)
    assert first["state"] == "done" and first["taken_over"] == 0 and first["rendered"] > 40

    again = _publish_process(site, runs_env)
    assert (again["rendered"], again["taken_over"], again["files"]) == (0, first["rendered"], 0)


def test_the_organizers_button_takes_over_the_pages_of_the_last_run(
    tmp_path, organizer, organizer_client, runs_env, settings, monkeypatch
):
    build_evening(organizer)
    site = tmp_path / "site"
    first = _publish_process(site, runs_env)

    settings.PUBLISH_TO = str(site)
    monkeypatch.setenv("PUBLISH_TO", str(site))  # the button's process reads its settings from the environment
    assert organizer_client.post("/organizer/publish/").status_code == 302
    finished = _wait_for_the_run()
    assert finished["state"] == "done", (Path(settings.DATA_DIR) / "publish.log").read_text()[-3000:]
    assert (finished["rendered"], finished["taken_over"], finished["files"]) == (0, first["rendered"], 0)


def _wait_for_the_run(limit: float = 300) -> dict:
    """The background run's summary once it is over (the button's page returns before it starts)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        found = status.read_status()
        if found.get("state") in {"done", "failed"} and not status.is_running():
            return found
        time.sleep(0.2)
    raise AssertionError(f"the run did not end within {limit} s: {status.read_status()}")


def _kept_stamp(data_folder: Path) -> str | None:
    """The database's stamp the last run kept with its record (online.publish.database_stamp)."""
    (record,) = (data_folder / ".cache" / "publish").glob("*.json.gz")
    return json.loads(gzip.decompress(record.read_bytes()))["stamp"]


def test_a_row_changed_after_a_run_that_asked_no_query_renders_its_pages_again(
    tmp_path, organizer, runs_env, own_data_folder
):
    evening = build_evening(organizer)
    site = tmp_path / "site"
    first = _publish_process(site, runs_env)  # its first computing of the season keeps figures in the database
    time.sleep(database_stamp.QUIET_SECONDS + 0.2)  # the stamp is trusted once the last write is that old
    again = _publish_process(site, runs_env)
    assert (again["rendered"], again["taken_over"]) == (0, first["rendered"])
    if _kept_stamp(own_data_folder) is None:
        pytest.skip("this database gives no stamp (an in-memory SQLite): every run asks the pages' queries")

    with connection.cursor() as cursor:  # a row as another program might change it: no signal, no save()
        cursor.execute("UPDATE league_player SET name = %s WHERE id = %s", ["Anna Bergmann", evening.player.pk])
    time.sleep(database_stamp.QUIET_SECONDS + 0.2)
    changed = _publish_process(site, runs_env)
    assert changed["rendered"] > 0 and changed["files"] > 0
    pages = list((site / "players" / str(evening.player.pk)).glob("*.html"))
    assert pages and all("Anna Bergmann" in page.read_text() for page in pages)


def test_a_season_renamed_renders_again_every_page_that_got_the_seasons_read_once_for_all(
    tmp_path, organizer, runs_env
):
    # A run reads every season once for all its pages (league.held); each page that got them counts as
    # having read them, so the next process renders every page naming the season again, not only the first.
    evening = build_evening(organizer)
    site = tmp_path / "site"
    first = _publish_process(site, runs_env)
    naming = [page for page in site.rglob("*.html") if "Saison 2026" in page.read_text()]
    assert first["rendered"] > 40 and len(naming) > 20

    with connection.cursor() as cursor:  # as another program might change it: no signal, no save()
        cursor.execute("UPDATE league_season SET name = %s WHERE id = %s", ["Winterliga", evening.season.pk])
    time.sleep(database_stamp.QUIET_SECONDS + 0.2)
    _publish_process(site, runs_env)
    assert [page for page in naming if "Saison 2026" in page.read_text()] == []
