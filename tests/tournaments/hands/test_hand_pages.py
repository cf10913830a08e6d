"""The replayer, the statistics pages and the hand-history downloads, on a table played through the tracker."""

from __future__ import annotations

import pytest
from pokerkit import HandHistory

from results import statistics as results_statistics
from tests.tournaments.conftest import table_of
from tests.tournaments.tracked_tables import NEVER_SHOWN, play_tracked_table
from tournaments.hands import figures as statistics
from tournaments.hands import stored
from tournaments.models import Seat
from tournaments.placements import services as placements_services


@pytest.fixture(autouse=True)
def fresh_figures():
    statistics.figures_cache.clear()
    yield
    statistics.figures_cache.clear()


@pytest.fixture
def client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # one test asks for German itself
    return client


@pytest.fixture
def table(db, organizer):
    return play_tracked_table(organizer)


def _player_id(table, name):
    return Seat.objects.get(table=table, entry__player__name=name).entry.player_id


def _card_signs(card: str) -> str:
    rank, suit = card[0], card[1]
    return ("10" if rank == "T" else rank) + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[suit]


def test_the_replayer_steps_through_a_hand_and_never_shows_a_folded_players_cards(client, table):
    url = f"/tables/{table.pk}/replays/2/"
    first = client.get(url).content.decode()
    assert "Step 1 of 9" in first and 'id="step-forward"' in first and 'id="step-back"' not in first
    last = client.get(url + "?step=8").content.decode()
    assert "Step 9 of 9" in last
    assert "A♠" in last and "Q♠" in last and "K♠" in last  # the showdown's cards
    assert "Main pot" in last and "Side pot" in last
    for step in range(9):
        page = client.get(url + f"?step={step}").content.decode()
        main = page[page.index("<main>") : page.index("</main>")]  # the CSRF token in the head may hold any letters
        for card in NEVER_SHOWN:
            assert _card_signs(card) not in page and card not in main


def test_the_replayer_answers_htmx_with_the_frame_only(client, table):
    response = client.get(f"/tables/{table.pk}/replays/2/?step=3", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert 'id="frame"' in html and "<html" not in html and "Step 4 of 9" in html


def test_hands_of_a_table_still_playing_are_not_public(client, db, organizer):
    playing = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    from tests.tournaments.conftest import Dealer

    Dealer(playing).next_hand()
    assert client.get(f"/tables/{playing.pk}/replays/").status_code == 404
    assert client.get(f"/tables/{playing.pk}/replays/1/").status_code == 404


def test_the_player_page_shows_his_figures_knockouts_and_links_to_the_hands(
    client, table, django_assert_max_num_queries
):
    anna = _player_id(table, "Anna")
    season = table.night.season_id
    with django_assert_max_num_queries(20):
        html = client.get(f"/players/{anna}/?season={season}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Statistics from the tracked hands" in html
    assert f"/tables/{table.pk}/replays/2/" in html  # biggest pot and the knockouts of hand 2
    assert f"/tables/{table.pk}/replays/3/" in html  # Ben's knockout
    assert html.count('<li><a class="tap" href="/tables/') >= 3
    stats = results_statistics.player_statistics(anna, season)
    assert (stats.season.hands, stats.season.knockouts, stats.season.biggest_pot) == (3, 3, 3250)
    assert {k.victim for k in stats.knockouts} == {"Ben", "Carl", "Dora"}


def test_the_player_page_reads_in_german(client, table):
    html = client.get(f"/players/{_player_id(table, 'Anna')}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Statistik aus den erfassten Händen" in html
    assert "Größter gewonnener Pot" in html


def test_the_standings_show_the_season_awards(client, table):
    html = client.get(f"/standings/?season={table.night.season_id}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Season awards" in html and "Most knockouts" in html
    awards = results_statistics.compute_awards(
        table.night.season_id, results_statistics.season_statistics(table.night.season_id), []
    )
    knockouts = next(a for a in awards if a.key == "knockouts")
    assert knockouts.value == 3 and [name for _, name in knockouts.holders] == ["Anna"]


def test_the_season_statistics_table_sorts_by_a_column(client, table, django_assert_max_num_queries):
    url = f"/statistics/?season={table.night.season_id}"
    with django_assert_max_num_queries(12):
        html = client.get(url + "&sort=knockouts", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    names = [n for n in ("Anna", "Ben", "Carl", "Dora") if n in html]
    assert names == ["Anna", "Ben", "Carl", "Dora"]
    assert html.index(">Anna<") < html.index(">Dora<")
    by_vpip = client.get(url + "&sort=vpip", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert by_vpip.index(">Dora<") < by_vpip.index(">Ben<")  # Dora raised in hand 1; Ben only folded or went all-in


def test_organizers_download_a_tables_hands_as_phh_that_pokerkit_reads(organizer_client, table):
    response = organizer_client.get(f"/tables/{table.pk}/hands.phh")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    histories = list(HandHistory.loads_all(text))
    assert [h.hand for h in histories] == [1, 2, 3]
    assert histories[1].players == ["Carl", "Dora", "Anna", "Ben"]
    assert list(histories[1])[-1].stacks == list(histories[1].finishing_stacks)
    for card in ("JcJd", "TcTd"):
        assert card not in text
    ohh = organizer_client.get(f"/nights/{table.night_id}/hands.ohh")
    assert ohh.status_code == 200 and ohh.content.decode().count('"spec_version"') == 3


def test_visitors_get_no_table_or_night_download_but_a_players_own_hands(client, table):
    assert client.get(f"/tables/{table.pk}/hands.phh").status_code == 302  # to the login
    assert client.get(f"/nights/{table.night_id}/hands.phh").status_code == 302
    carl = _player_id(table, "Carl")
    response = client.get(f"/players/{carl}/hands.phh")
    histories = list(HandHistory.loads_all(response.content.decode()))
    assert [h.hand for h in histories] == [1, 2]  # Carl was out after hand 2
    assert client.get(f"/players/{carl}/hands.txt").status_code == 404


def _kept_row(table):
    from tournaments.models import TableFigures

    return TableFigures.objects.filter(table=table).first()


def _fresh(table):
    return dict(statistics._figures_of(stored.load_hands(statistics.Q(table=table)))).get(table.pk, {})


def _assert_kept_row_is_a_fresh_replay(table):
    table.refresh_from_db()
    row = _kept_row(table)
    assert row is not None and row.revision == table.revision and row.version == statistics.VERSION
    plain = {seat: (counts, row.knockouts.get(seat, [])) for seat, counts in row.figures.items()}
    assert statistics._decode(plain) == _fresh(table)
    assert row.figures  # four seats with hands


def test_kept_figures_agree_with_a_fresh_replay_and_pages_read_them(table, django_assert_max_num_queries):
    rows = [(table.pk, table.status, table.revision)]
    kept = statistics.table_figures(rows)[table.pk]  # no row yet (the fixture did not run on-commit hooks): kept now
    _assert_kept_row_is_a_fresh_replay(table)
    with django_assert_max_num_queries(1):
        read = statistics.table_figures(rows)[table.pk]
    assert read == kept == _fresh(table)


def test_kept_rows_follow_a_finish_an_undo_that_reopens_and_a_correction(
    db, organizer, django_capture_on_commit_callbacks
):
    from tests.tournaments.conftest import Dealer

    with django_capture_on_commit_callbacks(execute=True):
        finished = play_tracked_table(organizer, names=("Eva", "Finn", "Gil", "Hugo"))
    _assert_kept_row_is_a_fresh_replay(finished)  # written by the tracker's finish
    eva = _player_id(finished, "Eva")
    before = results_statistics.player_statistics(eva, finished.night.season_id).season

    with django_capture_on_commit_callbacks(execute=True):
        Dealer(finished).undo()  # takes back the last settlement: the table plays on
    finished.refresh_from_db()
    assert finished.status == "playing"
    assert _kept_row(finished).revision != finished.revision  # outdated: never read again
    reopened = results_statistics.player_statistics(eva, finished.night.season_id).season
    assert (before.knockouts, reopened.knockouts, reopened.hands) == (3, 2, 2)

    with django_capture_on_commit_callbacks(execute=True):
        Dealer(finished).settle()  # the same cards: Eva wins again and the table finishes again
    _assert_kept_row_is_a_fresh_replay(finished)
    assert results_statistics.player_statistics(eva, finished.night.season_id).season == before

    placement = finished.placements.get(place=2)
    with django_capture_on_commit_callbacks(execute=True):
        placements_services.correct_placement(placement=placement, place=3, reason="Typo", by=organizer)
    _assert_kept_row_is_a_fresh_replay(finished)  # kept again at the new revision
    assert results_statistics.player_statistics(eva, finished.night.season_id).season == before


def test_a_finished_table_without_a_current_row_is_replayed_on_view_and_kept(table, organizer):
    from tournaments.models import TableFigures

    anna = _player_id(table, "Anna")
    results_statistics.player_statistics(anna, table.night.season_id)
    _assert_kept_row_is_a_fresh_replay(table)
    TableFigures.objects.filter(table=table).update(figures={}, revision="old")  # e.g. a change not seen
    assert results_statistics.player_statistics(anna, table.night.season_id).season.knockouts == 3
    _assert_kept_row_is_a_fresh_replay(table)


def test_the_fill_command_keeps_the_tables_finished_before_the_upgrade(table, capsys):
    from django.core.management import call_command

    assert _kept_row(table) is None
    call_command("keep_table_figures")
    _assert_kept_row_is_a_fresh_replay(table)
    assert "kept the figures of 1 tables" in capsys.readouterr().out
    call_command("keep_table_figures")
    assert "kept the figures of 0 tables" in capsys.readouterr().out


def test_a_tapped_showdown_s_phh_download_holds_no_made_up_cards(organizer_client, client, db, organizer):
    from tests.tournaments.conftest import Dealer

    # Heads-up, all-in and call; the dealer names Eva the winner without typing any card.
    finished = table_of({"Eva": 1000, "Finn": 1000}, organizer)
    dealer = Dealer(finished)
    dealer.next_hand()
    first = dealer.state.engine.to_act
    dealer.act(first, "allin")
    dealer.act("Finn" if first == "Eva" else "Eva", "call")
    dealer.settle(pot_winners=[["Eva"]])
    finished.refresh_from_db()
    assert finished.status == "finished"
    for downloader in (organizer_client, client):
        text = downloader.get(f"/tables/{finished.pk}/hands.phh").content.decode()
        history = next(iter(HandHistory.loads_all(text)))
        assert history.user_defined_fields["_settled_by_dealer"] is True
        assert history.user_defined_fields["_pot_winners"] == [["Eva"]]
        eva = history.players.index("Eva")
        assert history.finishing_stacks[eva] == 2000 and history.finishing_stacks[1 - eva] == 0
        assert "invent" not in text
        dealt = [a for a in history.actions if a.startswith("d ")]
        assert dealt and all(set(a.split()[-1]) <= {"?"} for a in dealt), dealt
        assert not any(" sm" in a for a in history.actions)


@pytest.mark.parametrize("step", ["%C2%B2", "%D9%A1", "1e3", "-1", "9" * 40])
def test_a_replay_step_that_is_not_plain_digits_shows_the_first_frame(client, table, step):
    response = client.get(f"/tables/{table.pk}/replays/2/?step={step}")
    assert response.status_code == 200  # "²" was a 500: str.isdigit() took it, int() did not
    first = client.get(f"/tables/{table.pk}/replays/2/?step=0").content.decode()
    assert _main(response.content.decode()) == _main(first)  # the page's CSRF token differs by request


def _main(page):
    return page[page.index("<main>") : page.index("</main>")]
