"""Sending only what changed, in an order no visitor sees half-done, and completing after an interruption."""

from __future__ import annotations

import io
import json
import os

import pytest
from django.core.management import call_command

from online.publish import sync
from online.publish.folder import Folder
from online.publish.services import publish_site
from tests.evening import build_evening
from tests.online.publish.site_crawl import broken_links
from tournaments.placements import paper as manual_results


class Recording(Folder):
    """A folder that remembers what was written and removed, in order, and can fail after so many writes."""

    def __init__(self, root, fail_after: int | None = None):
        super().__init__(root)
        self.events: list[tuple[str, str]] = []
        self.fail_after = fail_after

    def write(self, name, data):
        if name != sync.MANIFEST and self.fail_after is not None:
            if self.fail_after == 0:
                raise ConnectionError("the line went down")
            self.fail_after -= 1
        super().write(name, data)
        self.events.append(("write", name))

    def remove(self, name):
        super().remove(name)
        self.events.append(("remove", name))


def _page(*links: str) -> bytes:
    return "".join(f'<a href="{link}">x</a>' for link in links).encode()


OLD = {
    "index.html": _page("a.html", "static/s.111.css"),
    "a.html": _page("index.html", "gone.html"),
    "gone.html": _page("index.html"),
    "static/s.111.css": b"old",
}
NEW = {
    "index.html": _page("a.html", "b.html", "static/s.222.css"),
    "a.html": _page("index.html", "b.html"),
    "b.html": _page("index.html", "c.html"),
    "c.html": _page("index.html"),
    "static/s.222.css": b"new",
}


def test_new_files_go_first_then_the_changed_pages_then_what_is_gone_is_removed(tmp_path):
    folder = Recording(tmp_path)
    sync.send(OLD, folder)
    folder.events.clear()
    summary = sync.send(NEW, folder)
    order = [event for event in folder.events if event[1] != sync.MANIFEST]
    assert order == [
        ("write", "b.html"),
        ("write", "c.html"),
        ("write", "static/s.222.css"),
        ("write", "a.html"),
        ("write", "index.html"),
        ("remove", "gone.html"),
        ("remove", "static/s.111.css"),
    ]
    assert summary.removed == ["gone.html", "static/s.111.css"] and summary.unchanged == 0
    assert broken_links(tmp_path) == []
    assert set(json.loads((tmp_path / sync.MANIFEST).read_text())["files"]) == set(NEW)


def test_a_changed_page_is_written_only_when_every_file_it_links_is_there(tmp_path):
    folder = Recording(tmp_path)
    sync.send(OLD, folder)
    present = set(OLD)
    checked = 0

    class Checking(Recording):
        def write(self, name, data):
            nonlocal checked
            if name in present and name.endswith(".html"):
                for link in data.decode().split('href="')[1:]:
                    assert link.split('"')[0] in present, (name, link)
                checked += 1
            super().write(name, data)
            present.add(name)

    sync.send(NEW, Checking(tmp_path))
    assert checked == 2


class InPlace(Recording):
    """A folder that cannot be built beside (a mount point, no hard links): written as over SFTP, each file
    under a temporary name, renamed into its place once all are there."""

    def begin(self):
        self.staged = True


def _files(root) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()}


def test_an_interrupted_run_leaves_the_old_folder_as_it_was_and_the_next_run_completes(tmp_path):
    root = tmp_path / "site"
    sync.send(OLD, Folder(root))
    before = _files(root)
    with pytest.raises(ConnectionError):
        sync.send(NEW, Recording(root, fail_after=3))
    assert _files(root) == before
    sync.send(NEW, Recording(root))
    assert set(_files(root)) == {*NEW, sync.MANIFEST} and sorted(os.listdir(tmp_path)) == [
        ".site.publishing",
        "data",
        "site",
    ]


def test_written_in_place_an_interrupted_run_shows_nothing_and_the_next_sends_only_what_is_missing(tmp_path):
    sync.send(OLD, Folder(tmp_path))
    before = _files(tmp_path)
    with pytest.raises(ConnectionError):
        sync.CHECKPOINT_SECONDS, saved = 0.0, sync.CHECKPOINT_SECONDS
        try:
            sync.send(NEW, InPlace(tmp_path, fail_after=3))
        finally:
            sync.CHECKPOINT_SECONDS = saved
    visible = {
        name: data
        for name, data in _files(tmp_path).items()
        if not name.endswith(".publishing") and name != sync.MANIFEST
    }
    assert visible == {name: data for name, data in before.items() if name != sync.MANIFEST}
    again = InPlace(tmp_path)
    summary = sync.send(NEW, again)
    written = [name for kind, name in again.events if kind == "write" and name != sync.MANIFEST]
    assert written == ["a.html", "index.html"]  # the three new files were already there, under temporary names
    assert summary.sent == ["b.html", "c.html", "static/s.222.css", "a.html", "index.html"]
    assert set(_files(tmp_path)) == {*NEW, sync.MANIFEST}
    assert sync.send(NEW, InPlace(tmp_path)).sent == []


def test_a_file_sent_by_an_interrupted_run_and_no_longer_wanted_is_thrown_away(tmp_path):
    sync.send(OLD, Folder(tmp_path))
    with pytest.raises(ConnectionError):
        sync.CHECKPOINT_SECONDS, saved = 0.0, sync.CHECKPOINT_SECONDS
        try:
            sync.send(NEW, InPlace(tmp_path, fail_after=3))
        finally:
            sync.CHECKPOINT_SECONDS = saved
    sync.send(OLD, InPlace(tmp_path))
    assert set(_files(tmp_path)) == {*OLD, sync.MANIFEST}


def test_a_damaged_manifest_means_everything_is_sent_again(tmp_path):
    sync.send(NEW, Folder(tmp_path))
    (tmp_path / sync.MANIFEST).write_text("{not json")
    assert len(sync.send(NEW, Folder(tmp_path)).sent) == len(NEW)


@pytest.mark.django_db
def test_a_republish_after_one_more_table_s_results_sends_only_what_they_changed(tmp_path, organizer, capsys):
    evening = build_evening(organizer)
    root = tmp_path / "site"
    call_command("publish", to=str(root), stdout=io.StringIO(), jobs=1)
    before = {path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()}

    table = evening.paper_table
    seats = list(table.seats.order_by("position"))
    manual_results.record_paper_results(
        table=table,
        places=[(seat.pk, place) for place, seat in enumerate(seats, start=1)],
        by=organizer,
        version=manual_results.results_version(table),
        first_dealer_seat_id=seats[0].pk,
    )
    result = publish_site(to=str(root))
    sent = sorted(result.summary.sent)
    out = io.StringIO()
    call_command("publish", to=str(root), stdout=out, jobs=1)
    assert "gesendet 0 (0 B)" in out.getvalue()

    assert sent, "the new results must change some pages"
    assert not any(name.startswith("static/") for name in sent)
    tonight, played = f"nights/{evening.tonight.pk}/", f"nights/{evening.played.pk}/"
    assert not any(played in name for name in sent), "the other night's pages did not change"
    table_players = {seat.entry.player_id for seat in seats}
    for name in sent:
        allowed = (
            name.removeprefix("en/") in {"index.html", "sitemap.xml", "standings/index.html", "jackpot/index.html"}
            or tonight in name
            or name.removeprefix("en/").split("/")[0] in {"standings", "statistics", "jackpot", "players"}
            # The season's downloads (standings and all results, CSV and XLSX) hold the new places too.
            or name.removeprefix("en/")
            in {
                f"seasons/{evening.season.pk}/{kind}.{fmt}"
                for kind in ("standings", "results")
                for fmt in ("csv", "xlsx")
            }
        )
        assert allowed, name
    changed_players = {
        int(name.removeprefix("en/").split("/")[1]) for name in sent if name.removeprefix("en/").startswith("players/")
    }
    assert changed_players & table_players
    assert set(before) - set(sent) - {sync.MANIFEST}, "most files were left alone"
    with capsys.disabled():
        print(f"\nrepublish after one table's results: {len(sent)} of {result.files} files sent: {', '.join(sent)}")


def test_the_published_files_are_readable_by_the_web_server_whatever_the_umask(tmp_path):
    previous = os.umask(0o077)  # as under systemd's UMask=0077
    try:
        sync.send(NEW, Folder(tmp_path / "site"))
    finally:
        os.umask(previous)
    assert (tmp_path / "site" / "index.html").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "site" / "static").stat().st_mode & 0o777 == 0o755
