"""Paper tables: the organizer types the places from the signed sheet; corrections keep their audit trail."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from league.models import PaperSheet
from results import nights
from results import standings as results
from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import Placement, PlacementCorrection, Seat, Table
from tournaments.placements import paper as manual_results
from tournaments.placements.paper import ResultsError

SIX = {"Anna": 1500, "Ben": 1500, "Carl": 1500, "Dora": 1500, "Emil": 1500, "Fritz": 1500}


@pytest.fixture
def paper_table(db, organizer) -> Table:
    return table_of(SIX, organizer)


def seat_ids(table: Table) -> dict[str, int]:
    return {seat.player.name: seat.pk for seat in table.seats.select_related("entry__player")}


def places_of(table: Table, **places: int) -> list[tuple[int, int]]:
    ids = seat_ids(table)
    return [(ids[name], place) for name, place in places.items()]


def record(table: Table, organizer, **places: int):
    return manual_results.record_paper_results(
        table=table, places=places_of(table, **places), by=organizer, version=manual_results.results_version(table)
    )


def nothing_saved(table: Table) -> bool:
    table.refresh_from_db()
    return (
        not Placement.objects.filter(table=table).exists()
        and table.status == "waiting"
        and not PaperSheet.objects.exists()
    )


# --- entering ---------------------------------------------------------------------


def test_a_paper_table_s_places_are_saved_and_count_like_tracked_ones(paper_table, organizer):
    record(paper_table, organizer, Anna=3, Ben=1, Carl=4, Dora=4, Emil=2, Fritz=6)
    placements = {
        p.seat.player.name: (p.place, p.reason) for p in Placement.objects.select_related("seat__entry__player")
    }
    assert placements == {
        "Ben": (1, "manual"),
        "Emil": (2, "manual"),
        "Anna": (3, "manual"),
        "Carl": (4, "manual"),
        "Dora": (4, "manual"),
        "Fritz": (6, "manual"),
    }
    paper_table.refresh_from_db()
    assert paper_table.status == "finished" and paper_table.finished_at is not None
    sheet = PaperSheet.objects.get()
    assert sheet.table == paper_table and sheet.entered_by == organizer
    points = {row.name: row.points_shown for row in results.season_standings(paper_table.night.season).rows}
    assert points == {"Ben": 6, "Emil": 5, "Anna": 4, "Carl": Decimal("2.5"), "Dora": Decimal("2.5"), "Fritz": 1}


def test_the_first_dealer_written_on_the_sheet_can_be_recorded_with_the_places(paper_table, organizer):
    ids = seat_ids(paper_table)
    manual_results.record_paper_results(
        table=paper_table,
        places=places_of(paper_table, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6),
        by=organizer,
        version=manual_results.results_version(paper_table),
        first_dealer_seat_id=ids["Dora"],
    )
    paper_table.refresh_from_db()
    assert paper_table.first_dealer_id == ids["Dora"]


@pytest.mark.parametrize(
    ("places", "message"),
    [
        ({"Anna": 1, "Ben": 2, "Carl": 3, "Dora": 4, "Emil": 5, "Fritz": 7}, "outside 1 to 6"),
        ({"Anna": 1, "Ben": 2, "Carl": 3, "Dora": 4, "Emil": 5, "Fritz": 0}, "outside 1 to 6"),
        ({"Anna": 1, "Ben": 2, "Carl": 3, "Dora": 4, "Emil": 5}, "Enter the place of Fritz"),
        ({"Anna": 1, "Ben": 2, "Carl": 3, "Dora": 4}, "Enter the places of Emil, Fritz"),
        ({"Anna": 1, "Ben": 2, "Carl": 3, "Dora": 4, "Emil": 4, "Fritz": 5}, "the next place is 6, not 5"),
        ({"Anna": 1, "Ben": 1, "Carl": 3, "Dora": 4, "Emil": 5, "Fritz": 6}, "Exactly one player wins"),
        ({"Anna": 2, "Ben": 2, "Carl": 3, "Dora": 4, "Emil": 5, "Fritz": 6}, "Exactly one player wins"),
    ],
)
def test_bad_places_are_refused_with_a_clear_message_and_nothing_is_saved(paper_table, organizer, places, message):
    with pytest.raises(ResultsError, match=message):
        record(paper_table, organizer, **places)
    assert nothing_saved(paper_table)


def test_a_player_listed_twice_is_refused(paper_table, organizer):
    ids = seat_ids(paper_table)
    places = [(ids[name], k) for k, name in enumerate(SIX, start=1)] + [(ids["Carl"], 5)]
    with pytest.raises(ResultsError, match="Carl is listed more than once"):
        manual_results.record_paper_results(
            table=paper_table, places=places, by=organizer, version=manual_results.results_version(paper_table)
        )
    assert nothing_saved(paper_table)


def test_a_player_of_another_table_is_refused(paper_table, organizer):
    other = table_of({"Xaver": 1500, "Yvonne": 1500}, organizer, night=paper_table.night)
    stranger = other.seats.first().pk
    places = places_of(paper_table, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5) + [(stranger, 6)]
    with pytest.raises(ResultsError, match="does not sit at this table"):
        manual_results.record_paper_results(
            table=paper_table, places=places, by=organizer, version=manual_results.results_version(paper_table)
        )
    assert nothing_saved(paper_table)


def test_a_table_the_tracker_follows_is_refused(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    Dealer(table).next_hand()
    with pytest.raises(ResultsError, match="tracker follows this table"):
        record(table, organizer, Anna=1, Ben=2)
    assert not Placement.objects.exists()


def test_a_table_with_results_is_corrected_not_entered_again(paper_table, organizer):
    record(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6)
    with pytest.raises(ResultsError, match="already has results"):
        record(paper_table, organizer, Anna=2, Ben=1, Carl=3, Dora=4, Emil=5, Fritz=6)
    assert Placement.objects.get(seat__entry__player__name="Anna").place == 1
    assert PaperSheet.objects.count() == 1


def test_a_stale_form_is_refused(paper_table, organizer):
    version = manual_results.results_version(paper_table)
    other = table_of({"Gina": 1500}, organizer, night=paper_table.night)
    Seat.objects.filter(table=other).update(table=paper_table, position=7)  # as a late entry would be seated
    with pytest.raises(ResultsError, match="changed after this form was opened"):
        manual_results.record_paper_results(
            table=paper_table,
            places=places_of(paper_table, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6),
            by=organizer,
            version=version,
        )
    assert nothing_saved(paper_table)


# --- correcting ---------------------------------------------------------------------


def correct(table: Table, organizer, reason: str = "Sheet misread", **places: int):
    return manual_results.correct_results(
        table=table,
        places=places_of(table, **places),
        reason=reason,
        by=organizer,
        version=manual_results.results_version(table),
    )


def test_a_correction_changes_only_the_wrong_places_and_logs_who_when_and_why(paper_table, organizer):
    record(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6)
    before = nights.tables_results(paper_table.night)[0].fingerprint
    corrections = correct(
        paper_table, organizer, "Emil and Fritz swapped on the sheet", Anna=1, Ben=2, Carl=3, Dora=4, Emil=6, Fritz=5
    )
    assert [(c.placement.seat.player.name, c.old_place, c.new_place) for c in corrections] == [
        ("Fritz", 6, 5),
        ("Emil", 5, 6),
    ]
    assert all(c.corrected_by == organizer and c.reason == "Emil and Fritz swapped on the sheet" for c in corrections)
    assert all(c.corrected_at is not None for c in corrections)
    after = nights.tables_results(paper_table.night)[0]
    assert after.fingerprint != before
    points = {row.name: row.points for row in after.placed}
    assert points["Fritz"] == 2 and points["Emil"] == 1


def test_a_correction_can_make_a_tie(paper_table, organizer):
    record(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6)
    correct(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=5)
    points = {row.name: row.points for row in nights.tables_results(paper_table.night)[0].placed}
    assert points["Emil"] == points["Fritz"] == Decimal("1.5")


@pytest.mark.parametrize(
    ("reason", "places", "message"),
    [
        ("", {"Anna": 2, "Ben": 1, "Carl": 3, "Dora": 4, "Emil": 5, "Fritz": 6}, "Give a reason"),
        ("typo", {"Anna": 1, "Ben": 2, "Carl": 3, "Dora": 4, "Emil": 5, "Fritz": 6}, "Nothing changed"),
        ("typo", {"Anna": 1, "Ben": 1, "Carl": 3, "Dora": 4, "Emil": 5, "Fritz": 6}, "Exactly one player wins"),
        ("typo", {"Anna": 1, "Ben": 2, "Carl": 3, "Dora": 4, "Emil": 5}, "Enter the place of Fritz"),
    ],
)
def test_a_bad_correction_is_refused_and_changes_nothing(paper_table, organizer, reason, places, message):
    record(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6)
    with pytest.raises(ResultsError, match=message):
        correct(paper_table, organizer, reason, **places)
    assert not PlacementCorrection.objects.exists()
    assert sorted(Placement.objects.values_list("place", flat=True)) == [1, 2, 3, 4, 5, 6]


def test_a_correction_from_a_stale_form_is_refused(paper_table, organizer):
    record(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6)
    version = manual_results.results_version(paper_table)
    correct(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=6, Fritz=5)
    with pytest.raises(ResultsError, match="changed after this form was opened"):
        manual_results.correct_results(
            table=paper_table,
            places=places_of(paper_table, Anna=2, Ben=1, Carl=3, Dora=4, Emil=5, Fritz=6),
            reason="again",
            by=organizer,
            version=version,
        )
    assert PlacementCorrection.objects.count() == 2


def test_a_tracked_table_is_corrected_the_same_way(organizer):
    table = table_of({"Anna": 2000, "Ben": 300, "Carl": 300}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Anna", "raise", 300)
    dealer.act("Ben", "call")
    dealer.act("Carl", "call")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Ben="7c 8d", Carl="Kc Qd")
    dealer.settle()
    correct(table, organizer, "Carl had more chips", Anna=1, Ben=3, Carl=2)
    assert {p.seat.player.name: p.place for p in Placement.objects.all()} == {"Anna": 1, "Carl": 2, "Ben": 3}
    assert PlacementCorrection.objects.get().old_place == 2  # only Ben's place changed


def test_a_table_still_playing_cannot_be_corrected_as_a_whole(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    with pytest.raises(ResultsError, match="needs a place"):
        correct(table, organizer, Anna=1, Ben=2)


# --- the form -------------------------------------------------------------------------


def post_places(client, table: Table, *, mode: str = "enter", version: str | None = None, **places: str):
    ids = seat_ids(table)
    data = {
        "version": version if version is not None else manual_results.results_version(table),
        "mode": mode,
        "seat": [ids[name] for name in places],
        "place": list(places.values()),
    }
    return client.post(reverse("table_results", args=[table.pk]), data)


@pytest.fixture
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def test_the_form_lists_the_players_in_seat_order(english, organizer_client, paper_table):
    html = organizer_client.get(reverse("table_results", args=[paper_table.pk])).content.decode()
    assert "Paper results of table 1" in html
    positions = [html.index(f">{name}</label>") for name in SIX]
    assert positions == sorted(positions)
    assert 'name="version"' in html and html.count('name="place"') == 6


def test_the_organizer_saves_the_places_and_lands_on_the_night_s_results(english, organizer_client, paper_table):
    response = post_places(organizer_client, paper_table, Anna="2", Ben="1", Carl="3", Dora="4", Emil="5", Fritz="6")
    assert response.status_code == 302
    assert response.url == reverse("night_results", args=[paper_table.night_id]) + "#table-1"
    assert Placement.objects.get(seat__entry__player__name="Ben").place == 1
    page = organizer_client.get(response.url).content.decode()
    assert "The places of table 1 are saved." in page and "played on paper" in page


def test_a_typing_error_shows_the_message_keeps_what_was_typed_and_saves_nothing(
    english, organizer_client, paper_table
):
    response = post_places(organizer_client, paper_table, Anna="2", Ben="1", Carl="3", Dora="4", Emil="5", Fritz="9")
    html = response.content.decode()
    assert response.status_code == 200 and "The place 9 lies outside 1 to 6." in html
    assert 'value="9"' in html
    assert nothing_saved(paper_table)


def test_a_place_that_is_not_a_number_is_refused(english, organizer_client, paper_table):
    response = post_places(organizer_client, paper_table, Anna="2", Ben="one", Carl="3", Dora="4", Emil="5", Fritz="6")
    assert "A place is a whole number from 1 up" in response.content.decode()
    assert nothing_saved(paper_table)


def test_a_stale_form_shows_the_stored_places_again(english, organizer_client, paper_table, organizer):
    old = manual_results.results_version(paper_table)
    record(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6)
    response = post_places(
        organizer_client, paper_table, version=old, Anna="2", Ben="1", Carl="3", Dora="4", Emil="5", Fritz="6"
    )
    html = response.content.decode()
    assert "changed after this form was opened" in html and "Correct the places of table 1" in html
    assert Placement.objects.get(seat__entry__player__name="Anna").place == 1


def test_the_organizer_corrects_with_a_reason(english, organizer_client, paper_table, organizer):
    record(paper_table, organizer, Anna=1, Ben=2, Carl=3, Dora=4, Emil=5, Fritz=6)
    ids = seat_ids(paper_table)
    data = {
        "version": manual_results.results_version(paper_table),
        "mode": "correct",
        "seat": [ids[name] for name in SIX],
        "place": ["2", "1", "3", "4", "5", "6"],
        "reason": "Ben won, the sheet says so",
    }
    response = organizer_client.post(reverse("table_results", args=[paper_table.pk]), data)
    assert response.status_code == 302
    assert PlacementCorrection.objects.filter(reason="Ben won, the sheet says so", corrected_by=organizer).count() == 2


def test_a_tracked_table_still_playing_points_to_the_table_page(english, organizer_client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    Dealer(table).next_hand()
    html = organizer_client.get(reverse("table_results", args=[table.pk])).content.decode()
    assert "The tracker follows this table" in html and 'name="place"' not in html


def test_only_organizers_reach_the_form(english, client, django_user_model, paper_table):
    url = reverse("table_results", args=[paper_table.pk])
    assert client.get(url).status_code == 302
    client.force_login(django_user_model.objects.create_user("guest", password="x"))
    assert client.get(url).status_code == 403
    assert client.post(url, {}).status_code == 403
    assert nothing_saved(paper_table)
