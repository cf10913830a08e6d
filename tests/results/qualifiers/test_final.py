"""The qualifiers' final against the database and its page: two venues with a player at both (the tables
and the list worked out by hand), the final's entries and draw, its desk, and what is refused."""

from __future__ import annotations

import datetime
import random
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from league.desk import services as desk
from league.models import Entry, Night, NightStatus, Player, Season, Venue
from league.seasons import services as seasons
from results import standings as results
from results.qualifiers import final as finals
from results.qualifiers.tables import reason_text, season_qualifiers
from tests.league.factories import make_player, make_season
from tests.tournaments.conftest import FEE
from tournaments.floor import services as floor
from tournaments.models import Seat, Table
from tournaments.placements import paper

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 10, 7)


@pytest.fixture(autouse=True)
def english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def paper_night(season, venue, date, players, organizer, fee=FEE) -> Night:
    """A night at `venue` played on one paper table: the players finish in the order given."""
    night = Night.objects.create(season=season, date=date, venue=venue)
    table = Table.objects.create(night=night, number=1)
    for position, player in enumerate(players, start=1):
        entry = desk.register_player(night=night, player=player, by=organizer, fee=fee)
        Seat.objects.create(table=table, entry=entry, position=position, starting_stack=1500)
    night.status = NightStatus.SEATED
    night.save()
    seats = list(table.seats.order_by("position"))
    paper.record_paper_results(
        table=table,
        places=[(s.pk, place) for place, s in enumerate(seats, start=1)],
        by=organizer,
        version=paper.results_version(table),
    )
    night.status = NightStatus.FINISHED
    night.save()
    return night


@pytest.fixture
def two_pubs(organizer):
    """Anker: Anna, Xaver, Bert, Carl (in that order); Krone: Xaver, Dora, Emil. Xaver plays at both.

    Field-size points (n - place + 1). By hand: Anker's table Anna 4, Xaver 3, Bert 2, Carl 1; Krone's
    Xaver 3, Dora 2, Emil 1; the league's Xaver 6, Anna 4, Dora 2 (a second place), Bert 2 (a third),
    Emil 1 (a third), Carl 1 (a fourth).
    With the top 2 of each venue: Xaver placed best at Krone (1st against 2nd), so he counts there; Anker
    sends Anna and Bert, Krone Xaver and Dora."""
    anker = Venue.objects.create(name="Anker")
    krone = Venue.objects.create(name="Krone")
    season = make_season(qualification_rule="venue", qualification_top=2, qualification_min_nights=1)
    people = {
        name: make_player(name, born=datetime.date(1980, 1, k + 1))
        for k, name in enumerate(("Anna", "Xaver", "Bert", "Carl", "Dora", "Emil"))
    }
    paper_night(season, anker, DAY, [people[n] for n in ("Anna", "Xaver", "Bert", "Carl")], organizer)
    paper_night(
        season, krone, DAY + datetime.timedelta(days=1), [people[n] for n in ("Xaver", "Dora", "Emil")], organizer
    )
    return season, anker, krone, people


def names(verdicts) -> list[str]:
    return [v.name for v in verdicts]


def test_each_venue_sends_its_top_two_and_the_player_at_both_counts_once(two_pubs):
    season, anker, krone, _people = two_pubs
    qualifiers = season_qualifiers(season)
    assert [(venue.name, [(v.name, v.position, v.qualified) for v in rows]) for venue, rows in qualifiers.tables] == [
        ("Anker", [("Anna", 1, True), ("Xaver", 2, False), ("Bert", 3, True), ("Carl", 4, False)]),
        ("Krone", [("Xaver", 1, True), ("Dora", 2, True), ("Emil", 3, False)]),
    ]
    assert names(qualifiers.qualified) == ["Anna", "Bert", "Xaver", "Dora"]
    anker_rows = dict(qualifiers.tables)[anker]
    assert [reason_text(v) for v in anker_rows] == [
        "Place 1 at Anker",
        "already qualified through Krone",
        "Place 3 at Anker",
        "Place 4, the first 2 go through",
    ]


def test_the_league_rule_reads_the_league_table(two_pubs):
    season, *_ = two_pubs
    Season.objects.filter(pk=season.pk).update(qualification_rule="league", qualification_top=3)
    season.refresh_from_db()
    qualifiers = season_qualifiers(season)
    # Dora's second place puts her ahead of Bert on equal points (the season's tie rule).
    assert [(v.name, v.position) for v in qualifiers.qualified] == [("Xaver", 1), ("Anna", 2), ("Dora", 3)]
    assert not qualifiers.has_ties_at_cut


def test_an_exact_tie_at_the_cut_sends_both_and_says_so(organizer, organizer_client):
    """Anna and Ben swap first and second over two nights: 5 points, one win, one second, two nights each.
    The season's tie rule cannot tell them apart, so with one place to give both go."""
    venue = Venue.objects.create(name="Anker")
    season = make_season(qualification_rule="league", qualification_top=1)
    anna, ben, carl = (
        make_player(n, born=datetime.date(1980, 1, k + 1)) for k, n in enumerate(("Anna", "Ben", "Carl"))
    )
    paper_night(season, venue, DAY, [anna, ben, carl], organizer)
    paper_night(season, venue, DAY + datetime.timedelta(days=7), [ben, anna, carl], organizer)
    qualifiers = season_qualifiers(season)
    assert names(qualifiers.qualified) == ["Anna", "Ben"]
    assert reason_text(qualifiers.qualified[0]) == (
        "Place 1 in the league, tied at the cut: all who share the place go through"
    )
    page = organizer_client.get(reverse("season_qualifiers", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Gleichstand an der Grenze" in page.content.decode()
    assert "Platz 3, nur der Erste kommt weiter" in page.content.decode()


def test_too_few_nights_are_named_on_the_page_in_german(two_pubs, organizer_client):
    season, *_ = two_pubs
    Season.objects.filter(pk=season.pk).update(qualification_rule="league", qualification_min_nights=2)
    page = organizer_client.get(reverse("season_qualifiers", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Platz 1 der Liga" in text  # Xaver, the only one with two nights
    assert "nur 1 Abend, mindestens 2 nötig" in text
    assert "Finale anlegen" in text


def test_without_a_rule_the_page_says_how_to_set_one_and_no_final_is_made(organizer_client, organizer):
    season = make_season()
    url = reverse("season_qualifiers", args=[season.pk])
    page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert "Qualifikationsregel" in page.content.decode()
    assert reverse("season_edit", args=[season.pk]) in page.content.decode()
    with translation.override("en"), pytest.raises(finals.FinalError, match="no qualification rule"):
        finals.create_final(season=season, date=DAY, venue=Venue.objects.create(name="Anker"), by=organizer)
    assert not Night.objects.filter(is_final=True).exists()


def test_the_final_enters_exactly_the_qualified_players_without_a_fee(two_pubs, organizer_client):
    season, anker, _krone, people = two_pubs
    response = organizer_client.post(
        reverse("season_qualifiers", args=[season.pk]),
        {"action": "create", "date": "2026-12-02", "starts_at": "19:30", "venue": anker.pk},
    )
    assert response.status_code == 302
    final = Night.objects.get(is_final=True)
    assert (final.venue, final.date, final.season) == (anker, datetime.date(2026, 12, 2), season)
    entries = Entry.objects.filter(night=final)
    assert sorted(e.player.name for e in entries) == ["Anna", "Bert", "Dora", "Xaver"]
    assert {(e.fee_paid, e.jackpot_share, e.is_paid) for e in entries} == {(Decimal("0"), Decimal("0"), True)}
    assert sorted(p.name for p in final.qualified.all()) == ["Anna", "Bert", "Dora", "Xaver"]


def test_the_final_counts_in_no_season_table(two_pubs, organizer):
    season, anker, _krone, people = two_pubs
    before = [(r.name, r.points, r.nights) for r in results.computed_season_standings(season).rows]
    final = finals.create_final(season=season, date=datetime.date(2026, 12, 2), venue=anker, by=organizer)
    tables = floor.draw_seating(night=final, rng=random.Random(3))
    for table in tables:
        seats = list(table.seats.order_by("position"))
        paper.record_paper_results(
            table=table,
            places=[(s.pk, place) for place, s in enumerate(seats, start=1)],
            by=organizer,
            version=paper.results_version(table),
        )
    after = [(r.name, r.points, r.nights) for r in results.computed_season_standings(season).rows]
    assert after == before
    assert season_qualifiers(season).qualified_ids == [people[n].pk for n in ("Anna", "Bert", "Xaver", "Dora")]


def test_the_draw_seats_exactly_the_qualifiers_six_at_most_a_table(organizer):
    venue = Venue.objects.create(name="Anker")
    season = make_season(qualification_rule="league", qualification_top=13)
    players = [make_player(f"Spieler {k:02}", born=datetime.date(1980, 1, k + 1)) for k in range(15)]
    paper_night(season, venue, DAY, players[:8], organizer)
    paper_night(season, venue, DAY + datetime.timedelta(days=7), players[7:], organizer)  # Spieler 07 at both
    qualified = season_qualifiers(season).qualified_ids
    assert 13 <= len(qualified) < len(players)  # the last two of each night tie exactly: both or neither
    final = finals.create_final(season=season, date=datetime.date(2026, 12, 2), venue=venue, by=organizer)
    tables = floor.draw_seating(night=final, rng=random.Random(7))
    seated = list(Seat.objects.filter(table__night=final).values_list("entry__player_id", flat=True))
    assert sorted(seated) == sorted(qualified)
    assert all(table.seats.count() <= 6 for table in tables) and len(tables) == 3


def test_the_finals_desk_refuses_anyone_not_qualified(two_pubs, organizer):
    season, anker, _krone, people = two_pubs
    final = finals.create_final(season=season, date=datetime.date(2026, 12, 2), venue=anker, by=organizer)
    with pytest.raises(desk.LeagueError, match="Carl has not qualified for the final"):
        desk.register_player(night=final, player=people["Carl"], by=organizer, fee=Decimal("0"))
    with pytest.raises(desk.LeagueError, match="only the qualified players"):
        desk.create_player_and_register(night=final, by=organizer, fee=None, name="Neu Ling")
    assert not Entry.objects.filter(night=final, player=people["Carl"]).exists()
    assert not Player.objects.filter(name="Neu Ling").exists()


def test_the_desk_page_of_the_final_says_so_in_german(two_pubs, organizer, organizer_client):
    season, anker, _krone, people = two_pubs
    final = finals.create_final(season=season, date=datetime.date(2026, 12, 2), venue=anker, by=organizer)
    before = Entry.objects.count()
    page = organizer_client.post(
        reverse("desk_register", args=[final.pk]),
        {"player": people["Carl"].pk},
        HTTP_ACCEPT_LANGUAGE="de",
        follow=True,
    )
    assert "Carl hat sich nicht für das Finale qualifiziert" in page.content.decode()
    assert Entry.objects.count() == before


def test_a_second_final_is_refused(two_pubs, organizer, organizer_client):
    season, anker, krone, _people = two_pubs
    finals.create_final(season=season, date=datetime.date(2026, 12, 2), venue=anker, by=organizer)
    with pytest.raises(finals.FinalError, match="already has its final"):
        finals.create_final(season=season, date=datetime.date(2026, 12, 9), venue=krone, by=organizer)
    page = organizer_client.post(
        reverse("season_qualifiers", args=[season.pk]),
        {"action": "create", "date": "2026-12-09", "starts_at": "19:30", "venue": krone.pk},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert Night.objects.filter(is_final=True).count() == 1
    assert "Diese Saison hat schon ihr Finale (02.12.2026, Anker)." in page.content.decode()


@pytest.mark.parametrize(
    ("date", "words"),
    [
        ("2027-03-10", "liegt außerhalb der Saison"),
        ("2026-10-07", "hat an diesem Tag"),
        ("kein Datum", "gültiges Datum"),
    ],
)
def test_a_bad_date_is_refused_beside_the_field_and_nothing_is_made(two_pubs, organizer_client, date, words):
    season, anker, _krone, _people = two_pubs
    nights = Night.objects.count()
    page = organizer_client.post(
        reverse("season_qualifiers", args=[season.pk]),
        {"action": "create", "date": date, "starts_at": "19:30", "venue": anker.pk},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert page.status_code == 200
    assert words in page.content.decode()
    assert Night.objects.count() == nights and not Entry.objects.filter(night__is_final=True).exists()


def test_the_rule_is_frozen_once_the_final_is_drawn(two_pubs, organizer):
    season, anker, _krone, _people = two_pubs
    final = finals.create_final(season=season, date=datetime.date(2026, 12, 2), venue=anker, by=organizer)
    seasons.update_season(season=season, changes={"qualification_top": 3})  # not drawn yet: allowed
    floor.draw_seating(night=final, rng=random.Random(1))
    with pytest.raises(seasons.SeasonError, match="the qualifiers' final has been drawn"):
        seasons.update_season(season=season, changes={"qualification_top": 1})
    season.refresh_from_db()
    assert season.qualification_top == 3


def test_the_final_is_matched_to_the_list_again_until_it_is_drawn(two_pubs, organizer, organizer_client):
    season, anker, _krone, people = two_pubs
    final = finals.create_final(season=season, date=datetime.date(2026, 12, 2), venue=anker, by=organizer)
    seasons.update_season(season=season, changes={"qualification_top": 1})  # Anker sends Anna, Krone Xaver
    url = reverse("season_qualifiers", args=[season.pk])
    page = organizer_client.get(url)
    assert "Entered, no longer qualified: Bert, Dora" in page.content.decode()
    organizer_client.post(url, {"action": "match"})  # not confirmed: nothing changes
    assert Entry.objects.active().filter(night=final).count() == 4
    organizer_client.post(url, {"action": "match", "confirm": "yes"})
    assert sorted(e.player.name for e in Entry.objects.active().filter(night=final)) == ["Anna", "Xaver"]
    assert sorted(p.name for p in final.qualified.all()) == ["Anna", "Xaver"]
    seasons.update_season(season=season, changes={"qualification_top": 2})
    organizer_client.post(url, {"action": "match"})  # only additions: no confirmation asked
    assert sorted(e.player.name for e in Entry.objects.active().filter(night=final)) == [
        "Anna",
        "Bert",
        "Dora",
        "Xaver",
    ]
    floor.draw_seating(night=final, rng=random.Random(1))
    with pytest.raises(finals.FinalError, match="has been drawn"):
        finals.match_final(season=season, by=organizer)


def test_the_season_form_sets_the_rule_and_refuses_a_bad_number(organizer_client):
    season = make_season()
    url = reverse("season_edit", args=[season.pk])
    form = organizer_client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data.update(
        start_date="2026-09-01",
        end_date="2027-02-28",
        entry_fee="10.00",
        jackpot_share="2.00",
        qualification_rule="venue",
        qualification_top="0",
        qualification_min_nights="3",
    )
    page = organizer_client.post(url, data, HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200 and "qualification_top" in page.context["form"].errors
    season.refresh_from_db()
    assert season.qualification_rule == "none"
    data["qualification_top"] = "4"
    assert organizer_client.post(url, data).status_code == 302
    season.refresh_from_db()
    assert (season.qualification_rule, season.qualification_top, season.qualification_min_nights) == ("venue", 4, 3)


def test_the_final_is_in_the_backup_and_the_league_checks_clean(two_pubs, organizer):
    import io
    import json

    from django.core.management import call_command

    from league.backup.dump import backup_text
    from league.backup.rows import row_problems

    season, anker, _krone, people = two_pubs
    final = finals.create_final(season=season, date=datetime.date(2026, 12, 2), venue=anker, by=organizer)
    floor.draw_seating(night=final, rng=random.Random(5))
    objects = json.loads(backup_text())["objects"]
    assert row_problems(objects) == []
    row = next(obj for obj in objects if obj["model"] == "league.night" and obj["pk"] == final.pk)
    assert row["fields"]["is_final"] is True
    assert sorted(row["fields"]["qualified"]) == sorted(people[n].pk for n in ("Anna", "Bert", "Dora", "Xaver"))
    out = io.StringIO()
    call_command("check_league", stdout=out)  # exits with a status only when it finds a problem
    assert "Alles in Ordnung" in out.getvalue() or "All is well" in out.getvalue()
