"""Tables per venue and for the league: two venues, a night at each, one player at both; every figure by hand."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from league.desk import services as desk
from league.models import Night, Player, Season, Venue, VenueRole, default_venue
from results import standings as results
from tests.league.factories import make_player, make_season
from tests.tournaments.conftest import FEE
from tournaments.models import Seat, Table
from tournaments.placements import paper

pytestmark = pytest.mark.django_db


def paper_night_at(venue, season, date, players, organizer) -> Night:
    """A night at `venue` played on paper: the players finish in the order given."""
    night = Night.objects.create(season=season, venue=venue, date=date)
    table = Table.objects.create(night=night, number=1)
    for position, player in enumerate(players, start=1):
        entry = desk.register_player(night=night, player=player, by=organizer, fee=FEE)
        Seat.objects.create(table=table, entry=entry, position=position, starting_stack=1500)
    night.status = "seated"
    night.save()
    seats = list(table.seats.order_by("position"))
    paper.record_paper_results(
        table=table,
        places=[(seat.pk, place) for place, seat in enumerate(seats, start=1)],
        by=organizer,
        version=paper.results_version(table),
    )
    return night


@pytest.fixture
def two_pubs(organizer) -> tuple[Season, Venue, Venue]:
    """Krone: Ben 1st, Anna 2nd, Fritz 3rd. Linde, the same week: Carl 1st, Anna 2nd, Dora 3rd, Emil 4th.
    Fixed points 10, 7, 5, 3."""
    Venue.objects.all().delete()
    krone, linde = Venue.objects.create(name="Krone"), Venue.objects.create(name="Linde")
    season = make_season(points_scheme="fixed", fixed_points="10,7,5,3,2,1")
    people = {
        name: make_player(name, born=datetime.date(1980, 1, k + 1))
        for k, name in enumerate("Anna Ben Carl Dora Emil Fritz".split())
    }
    paper_night_at(krone, season, datetime.date(2026, 9, 2), [people[n] for n in ("Ben", "Anna", "Fritz")], organizer)
    paper_night_at(
        linde, season, datetime.date(2026, 9, 3), [people[n] for n in ("Carl", "Anna", "Dora", "Emil")], organizer
    )
    return season, krone, linde


def table_of(table: results.SeasonStandings) -> list[tuple]:
    return [(row.position, row.name, row.points, row.nights) for row in table.rows]


def test_each_venue_counts_its_own_nights_and_the_league_every_night(two_pubs):
    season, krone, linde = two_pubs
    assert table_of(results.season_standings(season, venue=krone)) == [
        (1, "Ben", 10, 1),
        (2, "Anna", 7, 1),
        (3, "Fritz", 5, 1),
    ]
    assert table_of(results.season_standings(season, venue=linde)) == [
        (1, "Carl", 10, 1),
        (2, "Anna", 7, 1),
        (3, "Dora", 5, 1),
        (4, "Emil", 3, 1),
    ]
    # The league: Anna 7 + 7 = 14 over two nights. Ben and Carl 10 each with one win: equal in every rule, they
    # share 2nd (listed by name); so do Dora and Fritz, 5 each from a 3rd place, at 4th.
    league = results.season_standings(season)
    assert league.venue is None and league.nights_with_results == 2
    assert table_of(league) == [
        (1, "Anna", 14, 2),
        (2, "Ben", 10, 1),
        (2, "Carl", 10, 1),
        (4, "Dora", 5, 1),
        (4, "Fritz", 5, 1),
        (6, "Emil", 3, 1),
    ]


def test_a_venue_s_kept_table_is_its_computed_one_and_kept_apart(two_pubs, django_assert_max_num_queries):
    season, krone, linde = two_pubs
    for venue in (None, krone, linde):
        kept = results.season_standings(season, venue=venue)
        assert kept.venue == venue
        assert table_of(kept) == table_of(results.computed_season_standings(season, venue=venue))
    with django_assert_max_num_queries(1):  # the key only: each table is kept under it and its venue
        assert table_of(results.season_standings(season, venue=krone))[0][1] == "Ben"


def test_a_night_moved_to_another_venue_renews_the_venue_tables(two_pubs):
    season, krone, linde = two_pubs
    results.season_standings(season, venue=krone)  # kept now
    Night.objects.filter(venue=linde).update(venue=krone)  # the admin's way: no service checks it
    assert [row.name for row in results.season_standings(season, venue=krone).rows][:3] == ["Anna", "Ben", "Carl"]
    assert results.season_standings(season, venue=linde).rows == []
    assert results.season_standings(season, venue=krone).nights_with_results == 2


def test_table_venues_only_for_a_league_of_several_and_a_season_of_every_venue(two_pubs, organizer):
    season, krone, linde = two_pubs
    assert results.table_venues(season) == [krone, linde]
    one = make_season(name="Nur Krone", venue=krone)
    assert results.table_venues(one) == []


# --- the standings page --------------------------------------------------------------------


def shown_names(response) -> list[str]:
    return re.findall(r'id="player-\d+" href="[^"]*">([^<]+)</a>', response.content.decode())


@pytest.fixture
def venue_organizer(two_pubs, django_user_model):
    """Linde's organizer, signed in."""
    _season, _krone, linde = two_pubs
    user = django_user_model.objects.create_user(username="wirt-linde", password="x", is_staff=True)
    VenueRole.objects.create(user=user)
    linde.organizers.add(user)
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(user)
    return client


def test_the_page_offers_the_league_and_each_venue_and_names_the_venue_shown(two_pubs, client):
    season, krone, linde = two_pubs
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    league = client.get(reverse("standings"), {"season": season.pk})
    body = league.content.decode()
    assert shown_names(league) == ["Anna", "Ben", "Carl", "Dora", "Fritz", "Emil"]
    assert 'aria-label="Tabelle"' in body and '<strong aria-current="page">Liga</strong>' in body
    assert f'href="?season={season.pk}&amp;venue={krone.pk}">Krone</a>' in body
    assert "Die Tabelle der Liga: Es zählen die Abende aller Spielorte." in body
    at_krone = client.get(reverse("standings"), {"season": season.pk, "venue": krone.pk})
    assert shown_names(at_krone) == ["Ben", "Anna", "Fritz"]
    body = at_krone.content.decode()
    assert "Die Tabelle von Krone: Es zählen nur die dort gespielten Abende." in body
    assert f'<a href="?season={season.pk}">Liga</a>' in body
    # A venue that is not one of the league's shows the league's table.
    assert shown_names(client.get(reverse("standings"), {"season": season.pk, "venue": "999"}))[0] == "Anna"


def test_a_venue_organizer_sees_his_venue_s_table_first_and_may_open_the_league_s(two_pubs, venue_organizer):
    season, _krone, linde = two_pubs
    first = venue_organizer.get(reverse("standings"), {"season": season.pk})
    assert shown_names(first) == ["Carl", "Anna", "Dora", "Emil"]
    assert f'<a href="?season={season.pk}&amp;venue=all">Liga</a>' in first.content.decode()
    league = venue_organizer.get(reverse("standings"), {"season": season.pk, "venue": "all"})
    assert shown_names(league)[0] == "Anna"


def test_a_league_of_one_pub_offers_no_choice(organizer):
    season = make_season(points_scheme="fixed")
    players = [make_player("Anna"), make_player("Ben")]
    paper_night_at(Venue.objects.get(pk=default_venue()), season, datetime.date(2026, 9, 2), players, organizer)
    body = Client().get(reverse("standings"), {"season": season.pk}).content.decode()
    assert "venue-filter" not in body and "table-venue" not in body


def test_the_player_page_names_each_night_s_venue_in_a_league_of_several(two_pubs, client):
    season, _krone, _linde = two_pubs
    anna = Player.objects.get(name="Anna")
    body = client.get(reverse("player_detail", args=[anna.pk]), {"season": season.pk}).content.decode()
    assert re.findall(r'<td class="night-venue">([^<]+)</td>', body) == ["Krone", "Linde"]


def test_the_player_page_of_a_league_of_one_pub_names_no_venue(organizer, client):
    season = make_season()
    anna = make_player("Anna")
    paper_night_at(
        Venue.objects.get(pk=default_venue()), season, datetime.date(2026, 9, 2), [anna, make_player("Ben")], organizer
    )
    body = client.get(reverse("player_detail", args=[anna.pk]), {"season": season.pk}).content.decode()
    assert "night-venue" not in body
