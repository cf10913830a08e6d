"""`manage.py check_league`: it finds the torn state the code of commit 46102d7 restored (tests/data/backups/),
`--repair` mends it (the caches), and problems in the stored rows are named and never "repaired".

Output in the league's language: German unless the settings say otherwise.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from league import backup
from tests.tournaments.conftest import Dealer
from tests.tournaments.tracker.test_tap_cost import assert_stored_state_is_the_replay
from tests.upkeep.playing import next_input, six_tables
from tournaments.hands import figures
from tournaments.models import Action, Hand, Table, TableFigures, TableStatus

pytestmark = pytest.mark.django_db

TORN = Path(__file__).resolve().parents[1] / "data" / "backups" / "torn-during-play.json"


def load_as_the_code_before_restored(tmp_path, path: Path = TORN) -> None:
    """The file's rows, snapshots and all, loaded as `restore` did at commit 46102d7 (Django's loaddata)."""
    fixture = tmp_path / "fixture.json"
    fixture.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8"))["objects"]), encoding="utf-8")
    call_command("loaddata", str(fixture), verbosity=0)


def check(*options: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("check_league", *options, stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


def rows_now() -> str:
    """Every row but the caches (the backup's dump leaves them out)."""
    return backup.backup_text()


def test_check_league_finds_the_torn_backup_in_german_and_repair_mends_it(tmp_path):
    load_as_the_code_before_restored(tmp_path)

    status, out = check()
    assert status == 1
    assert "Geprüft: 6 Tische, 9 Hände, 90 Aktionen" in out
    assert (
        out.count("Die Kopie des Trackers von den letzten Händen weicht von den gespeicherten Händen und Aktionen ab.")
        == 6
    )
    assert "Tisch 1, 25.11.2026" in out and "check_league --repair" in out
    assert "6 Probleme gefunden: 6 in Zwischenspeichern, 0 in den gespeicherten Daten." in out

    rows = rows_now()
    status, out = check("--repair")
    assert status == 0, out
    assert "Neu aufgebaut aus den Daten: 6 Tracker-Kopien" in out
    assert out.rstrip().endswith(
        "Alles in Ordnung: Aktionen lückenlos, jede Hand spielt sich nach, Chips erhalten, "
        "jeder Zwischenspeicher stimmt mit seinen Daten überein, das Kassenbuch stimmt."
    )
    assert rows_now() == rows  # caches only
    assert check() == (0, out[out.index("Geprüft", out.index("Nach der Reparatur")) :])


def test_every_table_of_the_torn_backup_takes_a_tap_and_an_undo(tmp_path):
    """As the issue saw it: the code before answered the first tap with an IntegrityError (one_action_per_index)."""
    load_as_the_code_before_restored(tmp_path)
    for table in Table.objects.order_by("pk"):
        dealer = Dealer(table)
        next_input(dealer)
        dealer.undo()
        dealer.undo()
        next_input(dealer)
        assert_stored_state_is_the_replay(table)
    assert check()[0] == 0


def test_the_torn_backup_restores_with_the_organizers_consent_and_checks_clean(tmp_path):
    out = io.StringIO()
    call_command("restore", "--accept-unverified-file", str(TORN), stdout=out)
    assert "216 Objekte aus" in out.getvalue() and "OHNE gültige Signatur" in out.getvalue()
    assert "  organizer (Organisator)" in out.getvalue()
    assert out.getvalue().rstrip().endswith("das Kassenbuch stimmt.")
    for table in Table.objects.order_by("pk"):
        dealer = Dealer(table)
        next_input(dealer)
        dealer.undo()
        assert_stored_state_is_the_replay(table)


def test_problems_in_the_rows_are_named_and_repair_leaves_the_rows_alone(organizer, settings):
    settings.LANGUAGE_CODE = "en"
    dealers = six_tables(organizer, stack=1500)
    for k, dealer in enumerate(dealers[:4]):  # each into its second hand, two actions in
        step = k
        while Hand.objects.filter(table=dealer.table).count() < 2 or len(dealer.state.actions) < 2:
            next_input(dealer, step)
            step += 1
    gap, stacks, chips, waiting = (d.table for d in dealers[:4])
    hand = Hand.objects.filter(table=gap).order_by("number").last()
    Action.objects.filter(hand=hand, index=0).delete()  # the first action missing
    first = Hand.objects.filter(table=stacks, status="complete").order_by("number").first()
    final = dict(first.final_stacks)
    seat = next(iter(final))
    final[seat] += 100  # chips from nowhere
    Hand.objects.filter(pk=first.pk).update(final_stacks=final)
    later = Hand.objects.filter(table=chips).order_by("number").last()
    players = later.players
    players[0]["stack"] += 50
    Hand.objects.filter(pk=later.pk).update(players=players)
    Table.objects.filter(pk=waiting.pk).update(status=TableStatus.WAITING)

    status, out = check()
    assert status == 1
    assert f"Hand {hand.number}: the actions are numbered 1" in out
    assert f"Hand {first.number}: the stored stacks are not its replay's." in out
    assert f"Hand {later.number}: {players[0]['name']} starts with" in out
    assert "The table waits for its first hand, but" in out
    assert "chips are at the table, but the players brought" in out

    rows = rows_now()
    status, after = check("--repair")
    assert status == 1 and rows_now() == rows
    rows_found = len(out.splitlines()) - 2 - out.count("(a cache:")
    assert after.rstrip().endswith(f"{rows_found} problems found: 0 in caches, {rows_found} in the stored rows.")


def test_kept_statistics_that_disagree_with_the_replay_are_found_and_kept_anew(organizer, settings):
    settings.LANGUAGE_CODE = "en"
    dealer = six_tables(organizer, stack=300)[0]
    step = 0
    while dealer.state.table.status != TableStatus.FINISHED:
        next_input(dealer, step)
        step += 1
    figures.keep_table_figures(dealer.table.pk)
    assert check()[0] == 0
    kept = TableFigures.objects.get(table=dealer.table)
    seat = next(iter(kept.figures))
    kept.figures[seat][0] += 7  # hands played, say
    kept.save()

    status, out = check()
    assert status == 1 and "The table's kept statistics differ from the replay of its hands." in out
    assert check("--repair")[0] == 0
    assert TableFigures.objects.get(table=dealer.table).figures != kept.figures


def test_the_quick_check_of_the_venue_s_start_reads_the_nights_still_open_and_the_full_check_everything(
    organizer, settings
):
    from league.models import Night, NightStatus

    settings.LANGUAGE_CODE = "en"
    dealers = six_tables(organizer, stack=1500)
    for dealer in dealers[:2]:
        for step in range(6):
            next_input(dealer, step)
    Action.objects.filter(hand__table=dealers[0].table, index=0).delete()
    assert check("--quick")[0] == 1  # tonight is still open: its tables are read

    Night.objects.update(status=NightStatus.FINISHED)
    status, quick = check("--quick")
    assert status == 0 and "Checked: 0 tables, 0 hands, 0 actions" in quick
    status, full = check()
    assert status == 1 and "Checked: 6 tables" in full and "the actions are numbered 1" in full


@pytest.mark.django_db(transaction=True)
def test_a_file_whose_hand_does_not_replay_is_restored_and_named_without_a_traceback(organizer, tmp_path, capsys):
    dealer = six_tables(organizer, stack=300)[0]
    step = 0
    while dealer.state.table.status != TableStatus.FINISHED:
        next_input(dealer, step)
        step += 1
    call_command("backup", str(tmp_path / "league.json"), stdout=io.StringIO())
    document = json.loads((tmp_path / "league.json").read_text(encoding="utf-8"))
    action = next(o for o in document["objects"] if o["model"] == "tournaments.action" and o["fields"]["index"] == 0)
    action["fields"]["verb"], action["fields"]["to"] = "raise", 1  # below any minimum: the engine refuses it
    (tmp_path / "edited.json").write_text(json.dumps(document), encoding="utf-8")
    call_command("flush", interactive=False, verbosity=0)

    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("restore", "--accept-unverified-file", str(tmp_path / "edited.json"), stdout=out)
    assert exit_.value.code == 1
    assert "lässt sich nicht nachspielen" in out.getvalue() and "in den gespeicherten Daten." in out.getvalue()
    assert "Traceback" not in capsys.readouterr().err
    assert Table.objects.count() == 6  # restored: the rows are the league's record


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("ante_by", ["each", "big_blind"])
def test_hands_with_antes_are_backed_up_restored_and_checked_and_a_lost_ante_is_named(organizer, tmp_path, ante_by):
    """Antes beside the snapshot's proof: a season whose structure has antes, one table played out (short stacks:
    players all-in on their antes too) and one in a hand, backed up, restored into an empty league and found
    in order by check_league; the same file with one hand's ante taken away does not replay."""
    from league.models import Season
    from tournaments.poker import structure

    dealers = six_tables(organizer, stack=300)
    Season.objects.update(
        blind_structure=structure.Structure(
            (structure.Level(25, 50, 25, 15), structure.Level(50, 100, 50, 15)), (), "double", ante_by
        ).to_text()
    )
    step = 0
    while dealers[0].state.table.status != TableStatus.FINISHED:
        next_input(dealers[0], step)
        step += 1
    for step in range(5):
        next_input(dealers[1], step)
    assert Hand.objects.filter(ante=25, ante_by=ante_by).count() >= 2
    before = {(h.table_id, h.number): (h.ante, h.ante_by, h.final_stacks) for h in Hand.objects.all()}
    call_command("backup", str(tmp_path / "league.json"), stdout=io.StringIO())
    document = json.loads((tmp_path / "league.json").read_text(encoding="utf-8"))
    call_command("flush", interactive=False, verbosity=0)

    call_command("restore", str(tmp_path / "league.json"), stdout=io.StringIO())
    assert {(h.table_id, h.number): (h.ante, h.ante_by, h.final_stacks) for h in Hand.objects.all()} == before
    assert check()[0] == 0  # the seed's points: nothing to name and "Alles in Ordnung" in check()[1]

    hand = next(
        o for o in document["objects"] if o["model"] == "tournaments.hand" and o["fields"]["status"] == "complete"
    )
    hand["fields"]["ante"] = 0  # the ante lost: the stored stacks no longer follow from the actions
    (tmp_path / "edited.json").write_text(json.dumps(document), encoding="utf-8")
    call_command("flush", interactive=False, verbosity=0)
    with pytest.raises(SystemExit):
        call_command("restore", "--accept-unverified-file", str(tmp_path / "edited.json"), stdout=io.StringIO())
    status, out = check()
    assert status == 1 and f"Hand {hand['fields']['number']}:" in out


@pytest.mark.django_db(transaction=True)  # the restore empties the database first (flush: TRUNCATE on PostgreSQL)
@pytest.mark.parametrize("ante_by", ["each", "big_blind"])
def test_a_night_played_with_antes_checks_clean_and_restores_into_tables_that_play_on(organizer, tmp_path, ante_by):
    """Antes beside the check of every hand: the check replays each hand with the ante it was dealt at, so a
    night with antes is in order, and its backup restores (restore checks it) into tables that take taps."""
    from league.models import Season
    from tournaments.poker.structure import Level, Structure

    dealers = six_tables(organizer, stack=1500)[:2]
    Season.objects.filter(pk=dealers[0].table.night.season_id).update(
        blind_structure=Structure((Level(25, 50, 10, 15), Level(50, 100, 25, 15)), (), "double", ante_by).to_text()
    )
    for step in range(40):
        for dealer in dealers:
            next_input(dealer, step)
    assert Hand.objects.filter(ante__gt=0).count() >= 2
    status, out = check()
    assert status == 0 and "Alles in Ordnung" in out, out
    path = tmp_path / "antes.json"
    call_command("backup", str(path), stdout=io.StringIO())
    call_command("flush", interactive=False, verbosity=0)
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)  # SystemExit(1) if its check found anything
    assert out.getvalue().rstrip().endswith("das Kassenbuch stimmt.")
    for table in Table.objects.order_by("pk"):
        dealer = Dealer(table)
        next_input(dealer)
        dealer.undo()
        assert_stored_state_is_the_replay(table)


def test_check_league_names_a_fee_reversed_while_its_entry_stays_paid_in_german(organizer):
    """The book and the entries made to disagree in the database (as the book allowed before): exit 1, the player
    and the night named."""
    from decimal import Decimal

    from league.desk import services as desk
    from league.models import CashBox, CashLine, LineKind
    from tests.league.factories import make_night, make_player

    night = make_night()
    entry = desk.register_player(night=night, player=make_player("Anna Berger"), by=organizer, fee=Decimal("10.00"))
    assert check()[0] == 0
    CashLine.objects.create(
        box=CashBox.ORGANIZER,
        kind=LineKind.REVERSAL,
        amount=Decimal("-10.00"),
        season=night.season,
        night=night,
        booked_by=organizer,
        reason="Irrtum",
        reverses=f"fee-{entry.pk}",
    )
    status, out = check()
    assert status == 1, out
    assert (
        f"Kassenbuch, Abend vom 25.11.2026: Anna Berger: die Startgebühr fee-{entry.pk} ist storniert, aber die "
        "Anmeldung zählt noch als bezahlt, mit ihrem Jackpotanteil."
    ) in out


def test_a_season_s_formula_that_fails_on_a_real_night_is_named_by_night_table_and_place(organizer, settings):
    from tests.results.test_formula_failures import FAILS_AT_SEVEN, day, seven_player_night, stored

    season = seven_player_night(organizer)
    assert check()[0] == 0  # the seed's points: nothing to name
    stored(season, FAILS_AT_SEVEN)
    code, out = check()
    assert code == 1
    assert (
        f"Saison 2026, die Punkteformel: {day('de')}, Tisch 1, Platz 1: Die Formel teilt durch null für Platz 1 "
        "an einem Tisch mit 4 Spielern. An einem Abend mit 7 Spielern. 7 Platzierungen dieses Abends zählen 0 Punkte"
    ) in out
    settings.LANGUAGE_CODE = "en"
    code, out = check("--quick")
    assert (
        code == 1
        and f"Saison 2026, the points formula: {day('en')}, table 1, place 1: The formula divides by zero" in out
    )


REPAIR_WORDS = ("Neu aufgebaut", "Reparatur", "geleert", "Rebuilt", "repair")


def test_the_venue_s_start_on_a_healthy_empty_league_says_nothing_of_a_repair(settings):
    settings.LANGUAGE_CODE = "de"
    status, out = check("--repair", "--quick")  # what `manage.py venue` runs before it serves

    assert status == 0
    assert out.rstrip().endswith(
        "Alles in Ordnung: Aktionen lückenlos, jede Hand spielt sich nach, Chips erhalten, "
        "jeder Zwischenspeicher stimmt mit seinen Daten überein, das Kassenbuch stimmt."
    )
    assert not [word for word in REPAIR_WORDS if word in out], out


def test_a_healthy_night_in_play_starts_again_without_repair_words(organizer, settings):
    settings.LANGUAGE_CODE = "de"
    for dealer in six_tables(organizer, stack=1500)[:2]:
        for step in range(6):
            next_input(dealer, step)
    check("--repair", "--quick")  # the first start may bring a snapshot up to date

    status, out = check("--repair", "--quick")

    assert status == 0 and "Geprüft: 6 Tische" in out
    assert not [word for word in REPAIR_WORDS if word in out], out
