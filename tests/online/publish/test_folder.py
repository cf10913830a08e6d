"""Publishing into a folder: only the site's own names, never through a symbolic link, and a visitor sees the
old site or the new one, also after a run that was stopped half-way."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from online.publish import sync
from online.publish.folder import Folder
from online.publish.sitefiles import DestinationError, is_site_name
from tests.evening import build_evening
from tests.online.publish import sender
from tests.online.publish.site_crawl import broken_links, site_files
from tournaments.placements import paper as manual_results


def _publish(to, **options) -> str:
    out = io.StringIO()
    call_command("publish", to=str(to), stdout=out, jobs=1, **options)
    return out.getvalue()


def _contents(root) -> dict[str, bytes]:
    return {name: path.read_bytes() for name, path in site_files(root).items()}


def _one_more_table(evening, organizer) -> None:
    table = evening.paper_table
    seats = list(table.seats.order_by("position"))
    manual_results.record_paper_results(
        table=table,
        places=[(seat.pk, place) for place, seat in enumerate(seats, start=1)],
        by=organizer,
        version=manual_results.results_version(table),
        first_dealer_seat_id=seats[0].pk,
    )


@pytest.mark.parametrize(
    "name",
    [
        "../victim.txt",
        "/etc/passwd",
        "a/../../b",
        "a//b",
        "./a",
        "a\\..\\b",
        "",
        "x\x00",
        ".publish-manifest.json",
        "a.html.publishing",
    ],
)
def test_a_name_that_could_lead_outside_the_site_is_not_a_site_name(name):
    assert not is_site_name(name)


def test_the_site_s_own_names_are_site_names():
    assert all(
        is_site_name(name)
        for name in ("index.html", "en/players/7/season-1.html", "static/app.1a2b.css", ".well-known/x")
    )


@pytest.mark.django_db
def test_a_poisoned_manifest_is_reported_and_ignored_and_nothing_outside_the_site_is_removed(
    tmp_path, organizer, organizer_client
):
    build_evening(organizer)
    root = tmp_path / "www" / "league"
    _publish(root)
    victim, absolute = tmp_path / "www" / "victim.txt", tmp_path / "secret-key"
    victim.write_text("keep me")
    absolute.write_text("keep me too")
    manifest = json.loads((root / sync.MANIFEST).read_text())
    manifest["files"].update({"../victim.txt": "0" * 64, str(absolute): "0" * 64})
    (root / sync.MANIFEST).write_text(json.dumps(manifest))
    (root / "index.html").unlink()  # the site must come back whole: the manifest says nothing any more

    out = _publish(root, keep_status=True)
    assert victim.read_text() == "keep me" and absolute.read_text() == "keep me too"
    assert "nennt Dateien außerhalb der Seite" in out and "'../victim.txt'" in out and "entfernt 0" in out
    from online.publish import status

    assert "außerhalb der Seite" in status.read_status()["warning"]
    page = organizer_client.get("/organizer/publish/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Das Manifest am Ziel (.publish-manifest.json) nennt Dateien außerhalb der Seite" in page
    assert (root / "index.html").exists() and broken_links(root) == []
    assert set(json.loads((root / sync.MANIFEST).read_text())["files"]) == set(site_files(root)) - {sync.MANIFEST}
    assert "außerhalb" not in _publish(root)  # the manifest it wrote is the site's own


@pytest.mark.django_db
def test_publish_does_not_write_through_a_symbolic_link_inside_the_folder(tmp_path, organizer):
    build_evening(organizer)
    root, outside = tmp_path / "site", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (root / "players").symlink_to(outside)
    with pytest.raises(
        CommandError, match="players in the destination is a symbolic link|players im Ziel ist ein symbolischer Link"
    ):
        _publish(root)
    assert list(outside.iterdir()) == []
    assert (root / "players").is_symlink() and not (root / "index.html").exists()  # the old site (none) as it was


def test_a_manifest_that_is_a_link_is_refused_not_read(tmp_path):
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(json.dumps({"files": {}}))
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / sync.MANIFEST).symlink_to(elsewhere)
    with pytest.raises(DestinationError):
        sync.send({"index.html": b"x"}, Folder(tmp_path / "site"))
    assert json.loads(elsewhere.read_text()) == {"files": {}}


def test_a_link_where_a_file_goes_is_replaced_not_written_through(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("untouched")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").symlink_to(target)
    (tmp_path / "site" / "a.html.publishing").symlink_to(target)  # planted under the temporary name too
    sync.send({"index.html": b"new", "a.html": b"a"}, Folder(tmp_path / "site"))
    assert target.read_text() == "untouched"
    assert (
        not (tmp_path / "site" / "index.html").is_symlink()
        and (tmp_path / "site" / "index.html").read_bytes() == b"new"
    )


class Stopped(Exception):
    pass


@pytest.mark.django_db
def test_a_run_stopped_half_way_leaves_the_old_site_whole_and_the_next_run_completes(tmp_path, organizer, monkeypatch):
    evening = build_evening(organizer)
    root = tmp_path / "site"
    _publish(root)
    (root / ".well-known").mkdir()
    (root / ".well-known" / "acme").write_text("the organizer's own file")
    old = _contents(root)
    _one_more_table(evening, organizer)

    written = []
    original = Folder.write

    def failing(self, name, data):
        if len(written) == 5:
            raise Stopped  # as a killed run: everything after this point never happens
        written.append(name)
        original(self, name, data)

    monkeypatch.setattr(Folder, "write", failing)
    with pytest.raises(Stopped):
        _publish(root)
    assert _contents(root) == old  # byte for byte: no visitor saw any of it
    monkeypatch.setattr(Folder, "write", original)

    out = _publish(root)
    assert "entfernt 0" in out
    fresh = tmp_path / "fresh"
    _publish(fresh)
    new = _contents(root)
    assert {
        name: data for name, data in new.items() if name != sync.MANIFEST and not name.startswith(".well-known")
    } == {name: data for name, data in _contents(fresh).items() if name != sync.MANIFEST}
    assert new[".well-known/acme"] == b"the organizer's own file"
    assert new != old and broken_links(root) == []
    assert sorted(os.listdir(tmp_path)) == [
        ".fresh.publishing",
        ".site.publishing",
        "data",
        "fresh",
        "site",
    ]  # the old site beside, for the next run


def test_the_folder_is_switched_in_one_step_and_the_copy_beside_is_brought_up_to_date_first(tmp_path):
    root = tmp_path / "site"
    sync.send({"index.html": b"old", "a.html": b"a", "b/c.html": b"c"}, Folder(root))
    inode = root.stat().st_ino
    stale = tmp_path / ".site.publishing"
    assert stale.is_dir()  # the first run's old (empty) site
    (stale / "junk").write_text("a killed run's copy")
    (stale / "a.html").write_text("stale")
    sync.send({"index.html": b"new", "a.html": b"a", "b/c.html": b"c"}, Folder(root))
    assert (root / "index.html").read_bytes() == b"new" and root.stat().st_ino != inode  # another folder now
    assert not (root / "junk").exists() and (root / "a.html").read_bytes() == b"a"
    assert (stale / "index.html").read_bytes() == b"old"  # the old site, beside
    sync.send({"index.html": b"newer", "a.html": b"a"}, Folder(root))
    assert _contents(root) == {
        "index.html": b"newer",
        "a.html": b"a",
        sync.MANIFEST: (root / sync.MANIFEST).read_bytes(),
    }
    assert (root / "a.html").stat().st_ino == (stale / "a.html").stat().st_ino  # linked, not copied


def run_sender(address: str, version: str, *, pause_after: int = -1, environ: dict | None = None):
    """Send the made-up site of tests.online.publish.sender in a process of its own; with `pause_after`, kill
    it (SIGKILL) once it has sent that many files."""
    command = [sys.executable, "-m", "tests.online.publish.sender", address, version, str(pause_after)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, text=True, env={**os.environ, **(environ or {})}, cwd=settings.BASE_DIR
    )
    if pause_after < 0:
        out, _ = process.communicate(timeout=300)
        assert process.returncode == 0, out
        return out
    try:
        assert process.stdout.readline().strip() == "paused"
    finally:
        process.kill()
        process.wait(timeout=30)
    return ""


@pytest.mark.subprocess
def test_a_run_killed_half_way_leaves_the_old_folder_whole_and_the_next_completes(tmp_path):
    root = tmp_path / "www" / "league"
    run_sender(str(root), "old")
    old = _contents(root)
    run_sender(str(root), "new", pause_after=400)
    assert _contents(root) == old  # byte for byte: the copy beside was never switched in
    assert (tmp_path / "www" / ".league.publishing").is_dir()
    assert run_sender(str(root), "new").strip() == f"sent {len(sender.site('new'))}"
    assert {name: data for name, data in _contents(root).items() if name != sync.MANIFEST} == sender.site("new")
    assert broken_links(root) == [] and sorted(os.listdir(tmp_path / "www")) == [".league.publishing", "league"]


def test_a_folder_that_cannot_be_built_beside_is_written_in_place_under_temporary_names(tmp_path, monkeypatch):
    from online.publish import folder

    def refused(source, target):
        target.mkdir(exist_ok=True)
        raise PermissionError(1, "Operation not permitted")  # as a FAT stick refuses its first hard link

    monkeypatch.setattr(folder, "_mirror", refused)
    root = tmp_path / "site"
    sync.send(sender.site("old"), Folder(root))
    sync.send(sender.site("new"), Folder(root))
    assert {name: data for name, data in _contents(root).items() if name != sync.MANIFEST} == sender.site("new")
    assert sorted(os.listdir(tmp_path)) == ["data", "site"] and broken_links(root) == []
