"""backup/restore on the suite's own database: deterministic output, refusals with exit 2."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from league import backup
from league.models import Player
from tests.league.factories import make_night, make_player

pytestmark = pytest.mark.django_db


def test_two_backups_of_the_same_data_are_byte_equal(tmp_path):
    make_night()
    make_player("Ørjan Ünal")
    call_command("backup", str(tmp_path / "a.json"))
    call_command("backup", str(tmp_path / "b.json"))
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    document = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert document["format"] == backup.FORMAT and any(o["model"] == "league.player" for o in document["objects"])


def test_restore_refuses_a_database_that_holds_a_league_and_changes_nothing(tmp_path):
    make_player("Anna")
    call_command("backup", str(tmp_path / "a.json"))
    with pytest.raises(CommandError, match="already holds a league") as refused:
        call_command("restore", str(tmp_path / "a.json"))
    assert refused.value.returncode == 2 and Player.objects.count() == 1


@pytest.mark.parametrize("content", ["", "[" * 100_000, '{"format": "other"}', '{"format": "pub-poker-league-backup", "version": 99}',
                                     '{"format": "pub-poker-league-backup", "version": 1, "objects": [{"model": "league.player", "pk": 1, "fields": {"name": null}}]}'])
def test_restore_refuses_a_damaged_file_and_loads_nothing(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path))
    assert refused.value.returncode == 2 and not Player.objects.exists()
