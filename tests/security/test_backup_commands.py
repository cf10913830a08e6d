"""backup/restore on the suite's own database: deterministic signed output, refusals with exit 2 that change
nothing, and no hand-edited file restored unnoticed: an edited or unsigned file is refused
unless the organizer accepts it knowingly, and every row is checked as the forms would check it.

The commands speak the league's language (German here, as at the venue).
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management import call_command
from django.core.management.base import CommandError

from league import backup
from league.backup import dump, signature
from league.models import Player
from tests.league.factories import make_night, make_player

pytestmark = pytest.mark.django_db


def _restore(path: Path, *options: str) -> str:
    out = io.StringIO()
    call_command("restore", *options, str(path), stdout=out)
    return out.getvalue()


def _edited(path: Path, edit) -> Path:
    """The file changed as a person with a text editor would: the signature left as it was."""
    document = json.loads(path.read_text(encoding="utf-8"))
    edit(document["objects"])
    edited = path.with_name("edited.json")
    edited.write_text(json.dumps(document, indent=1, ensure_ascii=False), encoding="utf-8")
    return edited


def _empty_database() -> None:
    call_command("flush", interactive=False, verbosity=0)


def _league(tmp_path: Path) -> Path:
    night = make_night()
    make_player("Ørjan Ünal")
    get_user_model().objects.create_user("organizer", password="organizer-secret-4711", is_staff=True)
    assert night.pk
    call_command("backup", str(tmp_path / "league.json"), stdout=io.StringIO())
    return tmp_path / "league.json"


def test_two_backups_of_the_same_data_are_byte_equal_and_signed(tmp_path):
    make_night()
    make_player("Ørjan Ünal")
    out = io.StringIO()
    call_command("backup", str(tmp_path / "a.json"), stdout=out)
    call_command("backup", str(tmp_path / "b.json"), stdout=io.StringIO())
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    document = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert document["format"] == backup.FORMAT and document["version"] == 2
    assert any(o["model"] == "league.player" for o in document["objects"])
    assert document["signature"].startswith("hmac-sha256:")
    assert "Objekte in" in out.getvalue() and "Signiert mit dem Schlüssel des Veranstaltungsorts" in out.getvalue()
    assert not list(tmp_path.glob(".*.part"))


def test_the_backup_leaves_the_tracker_snapshots_out(tmp_path, organizer):
    from tests.tournaments.conftest import Dealer, table_of

    dealer = Dealer(table_of({"Anna": 1500, "Ben": 1500}, organizer))
    dealer.next_hand()
    call_command("backup", str(tmp_path / "a.json"), stdout=io.StringIO())
    tables = [o for o in json.loads((tmp_path / "a.json").read_text())["objects"] if o["model"] == "tournaments.table"]
    assert tables and all(t["fields"]["tracker_snapshot"] is None for t in tables)


def test_the_backup_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    make_player("Anna")
    target = tmp_path / "league.json"
    target.write_text("yesterday's good backup", encoding="utf-8")

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(CommandError, match="No space left on device") as refused:
        call_command("backup", str(target))
    assert refused.value.returncode == 2
    assert target.read_text(encoding="utf-8") == "yesterday's good backup"
    assert [p.name for p in tmp_path.iterdir()] == ["league.json"]


def test_restore_refuses_a_database_that_holds_a_league_and_changes_nothing(tmp_path):
    make_player("Anna")
    call_command("backup", str(tmp_path / "a.json"), stdout=io.StringIO())
    with pytest.raises(CommandError, match="enthält bereits eine Liga") as refused:
        call_command("restore", str(tmp_path / "a.json"))
    assert refused.value.returncode == 2 and Player.objects.count() == 1


@pytest.mark.parametrize(
    "content",
    [
        "",
        "[" * 100_000,
        '{"format": "other"}',
        '{"format": "pub-poker-league-backup", "version": 99}',
        '{"format": "pub-poker-league-backup", "version": 1, "objects": [{"model": "league.player", "pk": 1, "fields": {"name": null}}]}',
    ],
)
@pytest.mark.parametrize("options", [(), ("--accept-unverified-file",)])
def test_restore_refuses_a_damaged_file_and_loads_nothing(tmp_path, content, options):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("restore", *options, str(path))
    assert refused.value.returncode == 2 and not Player.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_signed_backup_restores_as_ours(tmp_path):
    path = _league(tmp_path)
    _empty_database()
    out = _restore(path)
    assert "(die Signatur ist unsere: die Datei ist so, wie `backup` sie geschrieben hat)" in out
    assert Player.objects.get().name == "Ørjan Ünal"


@pytest.mark.django_db(transaction=True)
def test_an_extra_superuser_added_by_hand_is_refused_unless_accepted_knowingly_and_then_named(tmp_path):
    path = _league(tmp_path)
    _empty_database()

    def add_superuser(objects):
        user = next(o for o in objects if o["model"] == "auth.user")
        objects.append(
            {
                "model": "auth.user",
                "pk": user["pk"] + 1,
                "fields": {
                    **user["fields"],
                    "username": "mallory",
                    "is_superuser": True,
                    "is_staff": True,
                    "password": make_password("known-to-mallory"),
                },
            }
        )

    edited = _edited(path, add_superuser)
    with pytest.raises(CommandError) as refused:
        _restore(edited)
    assert refused.value.returncode == 2
    assert "Die Signatur von" in str(refused.value) and "passt nicht" in str(refused.value)
    assert "--accept-unverified-file" in str(refused.value)
    assert not get_user_model().objects.exists()

    out = _restore(edited, "--accept-unverified-file")
    assert "OHNE gültige Signatur" in out
    assert "  mallory (Administrator)\n" in out and "  organizer (Organisator)\n" in out


@pytest.mark.django_db(transaction=True)
def test_a_file_signed_with_another_key_is_refused(tmp_path, settings):
    path = _league(tmp_path)
    _empty_database()
    settings.SECRET_KEY = "another-machine-" + "x" * 40  # not the venue key the file was signed with
    with pytest.raises(CommandError, match="anderen geheimen Schlüssel"):
        _restore(path)


def test_the_venue_key_is_kept_beside_the_database_and_made_once(venue_key_outside_the_checkout, settings):
    settings.SECRET_KEY = "django-insecure-dev-only-not-for-production"
    first = signature.sign("text")
    assert venue_key_outside_the_checkout.exists() and signature.verifies("text", first)
    assert signature.sign("text") == first and not signature.verifies("other text", first)
    settings.SECRET_KEY = "production-key-" + "y" * 40
    assert not signature.verifies("text", first)
    settings.SECRET_KEY_FALLBACKS = []


def test_the_backup_signs_with_the_key_the_venue_serves_with_in_data_dir(tmp_path, settings):
    """The venue keeps its key in DATA_DIR; the backup must sign with that very file, not one in the
    checkout, or the file the organizer is told to take along is not the one that verifies."""
    import importlib.util

    from league.management.commands import venue as venue_command
    from league.venue import venue_secret_key

    spec = importlib.util.spec_from_file_location(
        "signature_as_shipped", signature.__file__
    )  # without the suite's patch
    shipped = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shipped)
    settings.SECRET_KEY = "django-insecure-dev-only-not-for-production"
    settings.DATA_DIR = tmp_path
    path = shipped.venue_secret_file()
    assert path == tmp_path / venue_command.SECRET_FILE.name and not path.exists()
    signed = shipped.sign("text")
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert venue_secret_key(path) == path.read_text().strip()  # the venue serves with the key the backup signed with
    assert shipped.verifies("text", signed)


def _set(model: str, field: str, value, pk_of=None):
    def edit(objects):
        row = next(o for o in objects if o["model"] == model and (pk_of is None or o["pk"] == pk_of))
        row["fields"][field] = value

    return edit


def _drop(model: str, field: str):
    def edit(objects):
        for row in objects:
            if row["model"] == model:
                row["fields"].pop(field, None)

    return edit


REFUSED_ROWS = [  # (what, the edit, what restore says: "Spieler <id>, Name: ...")
    ("an empty name", _set("league.player", "name", ""), "Name: Dieses Feld darf nicht leer sein."),
    ("a name of spaces", _set("league.player", "name", "   "), "Name: nur Leerzeichen."),
    ("a NUL in a long name", _set("league.player", "name", "A\x00" + "x" * 130), "Name: enthält ein NUL-Zeichen."),
    (
        "a name too long",
        _set("league.player", "name", "x" * 121),
        "Name: Bitte sicherstellen, dass der Wert aus höchstens 120 Zeichen besteht.",
    ),
    (
        "a file from another version without names",
        _drop("league.player", "name"),
        "Name: Dieses Feld darf nicht leer sein.",
    ),
    (
        "a reference to nobody",
        _set("league.night", "season", 999),
        "Saison: verweist auf league.season 999, das die Datei nicht enthält.",
    ),
    ("a field this version does not know", _set("league.player", "shoe_size", 44), "unbekannte Felder shoe_size"),
    (
        "an unknown choice",
        _set("league.night", "status", "partying"),
        "Status: Wert 'partying' ist keine gültige Option.",
    ),
    ("a NUL in a season's name", _set("league.season", "name", "Saison\x00"), "enthält ein NUL-Zeichen."),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("case, edit, problem", REFUSED_ROWS, ids=[case for case, _e, _p in REFUSED_ROWS])
def test_rows_the_forms_would_refuse_are_refused_even_when_the_file_is_accepted_knowingly(
    tmp_path, case, edit, problem
):
    path = _edited(_league(tmp_path), edit)
    _empty_database()
    with pytest.raises(CommandError) as refused:
        _restore(path, "--accept-unverified-file")
    assert refused.value.returncode == 2
    assert "enthält Zeilen, die die Formulare der Liga ablehnen würden; es wurde nichts wiederhergestellt" in str(
        refused.value
    )
    listed = str(refused.value).splitlines()[1:]  # "  Spieler 12, Name: ..."
    assert any(problem in line for line in listed), listed
    assert not Player.objects.exists() and not get_user_model().objects.exists()


def test_the_rows_of_a_good_file_pass_the_forms_checks(organizer):
    from tests.evening import build_evening

    build_evening(organizer)
    from league.backup import rows

    assert rows.row_problems(dump.league_objects()) == []
