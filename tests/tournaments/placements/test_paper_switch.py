"""A tracked table whose phone dies goes on on paper: the tracked hands and places stay, the rest is typed."""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.urls import reverse

from league.models import PaperSheet, PointsScheme
from results import nights
from results import standings as results
from results.kept import rows as results_rows
from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import Action, Hand, Placement, Table
from tournaments.placements import paper, switch
from tournaments.tracker import services as tracker

FOUR = {"Anna": 1500, "Ben": 1500, "Carl": 300, "Dora": 1500}

pytestmark = pytest.mark.django_db


def carl_busts_in_hand_1(dealer: Dealer) -> None:
    """Carl goes all-in, Anna calls, the others fold; Anna's aces win: Carl is out 4th."""
    dealer.next_hand()
    while (to_act := dealer.state.engine.to_act) is not None:
        dealer.act(to_act, {"Carl": "allin", "Anna": "call"}.get(to_act, "fold"))
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Carl="7c 8d")
    dealer.settle()


@pytest.fixture
def played(organizer) -> Dealer:
    """Hand 1 finished (Carl out), hand 2 dealt and a first action taken: then the phone dies."""
    dealer = Dealer(table_of(FOUR, organizer))
    carl_busts_in_hand_1(dealer)
    dealer.next_hand()
    dealer.act(dealer.state.engine.to_act, "call")
    return dealer


def to_paper(table: Table, organizer) -> PaperSheet:
    table.refresh_from_db()
    return switch.switch_to_paper(table=table, by=organizer, version=table.revision)


def type_rest(table: Table, organizer, knockouts=None, **places: int):
    ids = {seat.player.name: seat.pk for seat in table.seats.select_related("entry__player")}
    return paper.record_paper_results(
        table=table,
        places=[(ids[name], place) for name, place in places.items()],
        by=organizer,
        version=paper.results_version(table),
        knockouts={ids[n]: k for n, k in (knockouts or {}).items()},
    )


def places(table: Table) -> dict[str, tuple[int, str]]:
    rows = Placement.objects.filter(table=table).select_related("seat__entry__player")
    return {p.seat.player.name: (p.place, p.reason) for p in rows}


def check_league() -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("check_league", stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


# --- the service ---------------------------------------------------------------


def test_a_table_with_tapped_hands_goes_to_paper_and_finishes_with_the_tracked_elimination_kept(played, organizer):
    table = played.table
    chips_before_hand_2 = {p["name"]: p["stack"] for p in Hand.objects.get(table=table, number=2).players}
    to_paper(table, organizer)
    # The hand being played is abandoned: the chips stand where hand 1 left them, hand 1 stays.
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1]
    assert not Action.objects.filter(hand__table=table, hand__number=2).exists()
    state = tracker.load_state(table)
    assert state.on_paper and not state.hand_open
    assert {seat.player.name: state.stacks[seat.pk] for seat in state.remaining} == {
        name: chips for name, chips in chips_before_hand_2.items() if name != "Carl"
    }
    assert places(table) == {"Carl": (4, "busted")}

    type_rest(table, organizer, Ben=1, Dora=2, Anna=3)
    table.refresh_from_db()
    assert table.status == "finished"
    assert places(table) == {"Ben": (1, "manual"), "Dora": (2, "manual"), "Anna": (3, "manual"), "Carl": (4, "busted")}
    assert Placement.objects.get(seat__entry__player__name="Carl").hand.number == 1
    points = {row.name: row.points_shown for row in results.season_standings(table.night.season).rows}
    assert points == {"Ben": 4, "Dora": 3, "Anna": 2, "Carl": 1}
    assert check_league()[0] == 0


def test_the_placement_sheet_lists_the_tracked_and_the_typed_places(played, organizer):
    table = played.table
    to_paper(table, organizer)
    type_rest(table, organizer, Dora=1, Anna=2, Ben=2)
    [sheet] = nights.placement_sheets(table.night, results_url="https://example.org/")
    assert [(row.name, row.place, row.tied) for row in sheet.rows] == [
        ("Dora", 1, False),
        ("Anna", 2, True),
        ("Ben", 2, True),
        ("Carl", 4, False),
    ]


def test_the_sheet_pdf_of_a_switched_table_is_served(played, organizer, organizer_client):
    table = played.table
    to_paper(table, organizer)
    type_rest(table, organizer, Dora=1, Anna=2, Ben=3)
    response = organizer_client.get(reverse("table_sheet_pdf", args=[table.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_knockouts_made_on_paper_add_to_the_tracked_ones(played, organizer):
    table = played.table
    season = table.night.season
    season.points_scheme, season.knockout_points = PointsScheme.FIELD_SIZE, Decimal("1")
    season.save()
    to_paper(table, organizer)
    type_rest(table, organizer, knockouts={"Ben": 2, "Anna": 0}, Ben=1, Dora=2, Anna=3)
    ids = {seat.player.name: seat.entry.player_id for seat in table.seats.select_related("entry__player")}
    counted = results_rows.knockouts_at([table.pk])
    assert counted[(table.pk, ids["Anna"])] == Fraction(1)  # Carl, in hand 1
    assert counted[(table.pk, ids["Ben"])] == Fraction(2)


def test_paper_knockouts_are_limited_to_the_players_still_in(played, organizer):
    table = played.table
    to_paper(table, organizer)
    with pytest.raises(paper.ResultsError, match="only 2 players can be knocked out"):
        type_rest(table, organizer, knockouts={"Ben": 2, "Dora": 1}, Ben=1, Dora=2, Anna=3)
    assert table.placements.count() == 1


def test_the_typed_places_are_those_of_the_players_still_in(played, organizer):
    table = played.table
    to_paper(table, organizer)
    with pytest.raises(paper.ResultsError, match="outside 1 to 3"):
        type_rest(table, organizer, Ben=1, Dora=2, Anna=4)
    with pytest.raises(paper.ResultsError, match="Enter the place of Anna"):
        type_rest(table, organizer, Ben=1, Dora=2)
    with pytest.raises(paper.ResultsError, match="does not sit"):
        paper.record_paper_results(
            table=table,
            places=[(table.seats.get(entry__player__name="Carl").pk, 1)],
            by=organizer,
            version=paper.results_version(table),
        )
    table.refresh_from_db()
    assert table.status == "playing" and table.placements.count() == 1


def test_back_to_the_tracker_while_nothing_was_typed(played, organizer):
    table = played.table
    to_paper(table, organizer)
    table.refresh_from_db()
    switch.back_to_tracker(table=table, version=table.revision)
    assert not PaperSheet.objects.exists()
    played.next_hand()  # the phone deals again: hand 2 anew
    assert Hand.objects.filter(table=table).count() == 2


def test_back_to_the_tracker_is_refused_once_the_places_are_typed(played, organizer):
    table = played.table
    to_paper(table, organizer)
    type_rest(table, organizer, Ben=1, Dora=2, Anna=3)
    table.refresh_from_db()
    with pytest.raises(switch.SwitchError, match="typed in already"):
        switch.back_to_tracker(table=table, version=table.revision)
    assert PaperSheet.objects.filter(table=table).exists()


@pytest.mark.parametrize("how", ["finished", "night finished", "twice", "stale"])
def test_a_refused_switch_changes_nothing(organizer, how):
    dealer = Dealer(table_of(FOUR, organizer))
    carl_busts_in_hand_1(dealer)
    table = dealer.table
    table.refresh_from_db()
    version = table.revision
    if how == "finished":
        Table.objects.filter(pk=table.pk).update(status="finished")
    elif how == "night finished":
        table.night.status = "finished"
        table.night.save()
    elif how == "twice":
        to_paper(table, organizer)
        table.refresh_from_db()
        version = table.revision
    elif how == "stale":
        dealer.next_hand()
    before = (Hand.objects.count(), Action.objects.count(), Placement.objects.count(), PaperSheet.objects.count())
    message = {
        "finished": "This table is finished",
        "night finished": "The night is finished",
        "twice": "on paper already",
        "stale": "changed after this page was opened",
    }[how]
    with pytest.raises(switch.SwitchError, match=message):
        switch.switch_to_paper(table=table, by=organizer, version=version)
    assert (
        Hand.objects.count(),
        Action.objects.count(),
        Placement.objects.count(),
        PaperSheet.objects.count(),
    ) == before


def test_a_disqualification_in_the_abandoned_hand_stands_and_his_chips_leave_play(organizer):
    dealer = Dealer(table_of(FOUR, organizer))
    carl_busts_in_hand_1(dealer)
    dealer.next_hand()
    ben_before = next(p["stack"] for p in dealer.state.hand.players if p["name"] == "Ben")
    tracker.disqualify(table=dealer.table, version=dealer.state.version, seat_id=dealer.seat("Ben"))
    to_paper(dealer.table, organizer)
    ben = Placement.objects.get(seat__entry__player__name="Ben")
    assert (ben.reason, ben.place, ben.hand_id, ben.chips_removed) == ("disqualified", 3, None, ben_before)
    state = tracker.load_state(dealer.table)
    assert tracker.chips_in_play(state) == tracker.chips_expected(state)
    assert check_league()[0] == 0
    type_rest(dealer.table, organizer, Dora=1, Anna=2)
    assert places(dealer.table)["Ben"] == (3, "disqualified")
    assert check_league()[0] == 0


def test_a_switched_table_left_with_an_open_hand_is_named_by_check_league(played, organizer):
    table = played.table
    PaperSheet.objects.create(table=table, entered_by=organizer)  # as if switched without abandoning the hand
    code, out = check_league()
    assert code != 0 and "went on on paper, but its hand 2 is still open" in out


# --- the dealer's phone ------------------------------------------------------------


def test_the_dealer_link_is_read_only_after_the_switch_in_german(played, organizer, client):
    table = played.table
    url = reverse("dealer_tracker", args=[table.dealer_token])
    to_paper(table, organizer)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Dieser Tisch wird auf Papier weitergeführt." in html
    assert 'value="next"' not in html and 'value="undo"' not in html and 'value="act"' not in html
    table.refresh_from_db()
    response = client.post(
        url, {"op": "next", "version": table.revision}, HTTP_ACCEPT_LANGUAGE="de", HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "nichts mehr eingegeben werden" in response.content.decode()
    assert Hand.objects.filter(table=table).count() == 1


def test_the_tracker_refuses_every_tap_on_a_table_on_paper(played, organizer):
    to_paper(played.table, organizer)
    with pytest.raises(tracker.OnPaper):
        played.next_hand()
    with pytest.raises(tracker.OnPaper):
        played.undo()


# --- the organizer's pages ---------------------------------------------------------


def test_the_organizer_switches_on_the_confirmation_page_in_german(played, organizer_client):
    table = played.table
    url = reverse("paper_switch", args=[table.pk])
    html = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Auf Papier weiterspielen?" in html and "Hand 2 läuft" in html
    table.refresh_from_db()
    response = organizer_client.post(url, {"version": table.revision, "op": "paper"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302 and response.url == reverse("table_results", args=[table.pk])
    html = organizer_client.get(response.url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "wird auf Papier weitergeführt" in html and html.count('name="place"') == 3
    assert "Reihenfolge der 3 Spieler" in html


def test_the_organizer_types_the_rest_and_the_night_s_results_are_right(played, organizer, organizer_client):
    table = played.table
    to_paper(table, organizer)
    ids = {seat.player.name: seat.pk for seat in table.seats.select_related("entry__player")}
    data = {
        "version": paper.results_version(table),
        "mode": "paper",
        "seat": [ids["Anna"], ids["Ben"], ids["Dora"]],
        "place": ["2", "1", "3"],
    }
    response = organizer_client.post(reverse("table_results", args=[table.pk]), data, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302
    assert places(table) == {"Ben": (1, "manual"), "Anna": (2, "manual"), "Dora": (3, "manual"), "Carl": (4, "busted")}


def test_a_refused_switch_says_why_in_german(played, organizer, organizer_client):
    table = played.table
    url = reverse("paper_switch", args=[table.pk])
    response = organizer_client.post(url, {"version": "old", "op": "paper"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and "Der Tisch hat sich geändert" in response.content.decode()
    assert not PaperSheet.objects.exists()


def test_back_to_the_tracker_from_the_page(played, organizer, organizer_client):
    table = played.table
    to_paper(table, organizer)
    table.refresh_from_db()
    url = reverse("paper_switch", args=[table.pk])
    assert "Zurück zum Tracker" in organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    response = organizer_client.post(url, {"version": table.revision, "op": "back"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302 and not PaperSheet.objects.exists()


def test_only_organizers_switch_a_table(played, client):
    url = reverse("paper_switch", args=[played.table.pk])
    assert client.get(url).status_code == 302
    assert client.post(url, {"op": "paper"}).status_code == 302
    assert not PaperSheet.objects.exists()


def test_the_confirmation_page_in_english(played, organizer_client):
    html = organizer_client.get(
        reverse("paper_switch", args=[played.table.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Table 1: go on on paper?" in html and "Hand 2 is being played: it is abandoned" in html
    assert "Yes, go on on paper" in html


def test_the_rail_says_the_table_goes_on_on_paper(played, organizer):
    from live.rail.table_card import card_html
    from live.rail.tables import rail_table

    to_paper(played.table, organizer)
    assert "This table goes on on paper." in card_html(rail_table(played.table))


def test_the_handbook_names_the_buttons_the_pages_show(played, organizer, organizer_client):
    from tests.docs.handbook import HANDBOOK

    table = played.table
    url = reverse("paper_switch", args=[table.pk])
    before = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    table_page = organizer_client.get(
        reverse("table_detail", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    to_paper(table, organizer)
    after = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    phone = organizer_client.get(
        reverse("dealer_tracker", args=[table.dealer_token]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    guide = (HANDBOOK / "geber.md").read_text(encoding="utf-8") + (HANDBOOK / "erster-ligaabend.md").read_text(
        encoding="utf-8"
    )
    for button, page in (
        ("Auf Papier weiterspielen…", table_page),
        ("Ja, auf Papier weiterspielen", before),
        ("Zurück zum Tracker", after),
        ("Dieser Tisch wird auf Papier weitergeführt", phone),
    ):
        assert f"**{button}**" in guide or f"„{button}“" in guide, button
        assert button in page, button


@pytest.mark.django_db(transaction=True)  # the restore empties the database first (flush: TRUNCATE on PostgreSQL)
def test_switched_tables_back_up_restore_and_check_clean(organizer, tmp_path):
    """One table finished on paper, one still on paper: the backup restores them (the restore checks), the one
    still on paper refuses the phone's taps, and goes back to the tracker."""
    finished, open_ = Dealer(table_of(FOUR, organizer)), None
    carl_busts_in_hand_1(finished)
    to_paper(finished.table, organizer)
    type_rest(finished.table, organizer, Ben=1, Dora=2, Anna=3)
    open_ = Dealer(table_of({"Emil": 1500, "Fritz": 1500, "Gerd": 1500}, organizer, night=finished.table.night))
    open_.next_hand()
    open_.act(open_.state.engine.to_act, "call")
    to_paper(open_.table, organizer)
    path = tmp_path / "paper.json"
    call_command("backup", str(path), stdout=io.StringIO())
    call_command("flush", interactive=False, verbosity=0)
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)  # SystemExit(1) if its check found anything
    assert check_league()[0] == 0
    assert places(Table.objects.get(pk=finished.table.pk))["Carl"] == (4, "busted")
    table = Table.objects.get(pk=open_.table.pk)
    with pytest.raises(tracker.OnPaper):
        Dealer(table).next_hand()
    switch.back_to_tracker(table=table, version=table.revision)
    Dealer(table).next_hand()
    assert check_league()[0] == 0


def test_hostile_values_on_the_switch_and_the_paper_form_change_nothing(played, organizer, organizer_client):
    from league import backup
    from tests.security.test_hostile_values import HOSTILE

    table = played.table
    url = reverse("paper_switch", args=[table.pk])
    before = backup.backup_text()
    for value in HOSTILE.values():
        for data in ({"version": value, "op": "paper"}, {"version": value, "op": "back"}, {"op": value}):
            response = organizer_client.post(url, data, HTTP_ACCEPT_LANGUAGE="de")
            # 400: the request guard refuses a NUL before any view (league/web); else the page says why
            assert response.status_code == 400 or 'role="alert"' in response.content.decode(), data
    assert backup.backup_text() == before
    to_paper(table, organizer)
    before = backup.backup_text()
    ids = [seat.pk for seat in table.seats.order_by("position") if not hasattr(seat, "placement")]
    for value in HOSTILE.values():
        for field in ("place", "knockouts", "seat"):
            data = {
                "version": paper.results_version(table),
                "mode": "paper",
                "seat": ids,
                "place": ["1", "2", "3"],
                "knockouts": ["", "", ""],
                field: [value] * 3,
            }
            response = organizer_client.post(reverse("table_results", args=[table.pk]), data, HTTP_ACCEPT_LANGUAGE="de")
            assert response.status_code == 400 or 'role="alert"' in response.content.decode(), (field, value[:20])
    assert backup.backup_text() == before


def test_the_night_s_results_offer_the_tracked_hands_of_a_switched_table(played, organizer, organizer_client):
    table = played.table
    to_paper(table, organizer)
    type_rest(table, organizer, Ben=1, Dora=2, Anna=3)
    html = organizer_client.get(
        reverse("night_results", args=[table.night_id]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "played on paper" in html and reverse("hand_list", args=[table.pk]) in html


def test_a_tap_on_a_table_finished_on_paper_says_it_is_finished(played, organizer):
    to_paper(played.table, organizer)
    type_rest(played.table, organizer, Ben=1, Dora=2, Anna=3)
    with pytest.raises(tracker.OnPaper, match="This table is finished"):
        played.undo()
    assert Placement.objects.filter(table=played.table).count() == 4
