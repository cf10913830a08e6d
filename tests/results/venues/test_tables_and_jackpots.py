"""Tables per venue and for the league: two venues, a night at each, one player at both; every figure by hand."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from league.desk import services as desk
from league.models import Night, Player, Season, Venue, VenueRole, default_venue
from results import jackpot, payout
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
    # The link from a player's page to his place: the league's table, where his page counts it.
    anna = Player.objects.get(name="Anna")
    place = venue_organizer.get(reverse("standings"), {"season": season.pk, "page": 1, "player": anna.pk})
    assert shown_names(place)[0] == "Anna"


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


# --- the jackpot: pooled or per venue ------------------------------------------------------------


@pytest.fixture
def deposited(two_pubs, organizer):
    """Both nights' tables paid in: Krone 3 x 2,00 € = 6,00 €, Linde 4 x 2,00 € = 8,00 €."""
    season, krone, linde = two_pubs
    for table in Table.objects.filter(night__season=season):
        jackpot.confirm_deposit(table=table, by=organizer)
    return season, krone, linde


def places(report) -> list[tuple[str, str, Decimal]]:
    return [(row.places, row.holder, row.amount) for row in report.payout]


def test_a_pooled_jackpot_is_one_for_the_league_split_over_the_league_s_table(deposited):
    season, _krone, _linde = deposited
    assert jackpot.jackpot_venues(season) == [] and jackpot.venue_jackpots(season) == []
    report = jackpot.season_jackpot(season)
    assert report.total == Decimal("14.00")
    # 50/30/20 of 14,00 €: Anna 7,00 €; Ben and Carl tie for 2nd and share 4,20 € + 2,80 €.
    assert places(report) == [
        ("1.", "Anna", Decimal("7.00")),
        ("2.–3.", "Ben", Decimal("3.50")),
        ("2.–3.", "Carl", Decimal("3.50")),
    ]
    shares = payout.season_payout(season).shares
    assert [(s.places, s.share.name, s.share.amount) for s in shares] == [
        ("1.", "Anna", Decimal("7.00")),
        ("2.–3.", "Ben", Decimal("3.50")),
        ("2.–3.", "Carl", Decimal("3.50")),
    ]


def test_a_jackpot_per_venue_takes_each_venue_s_nights_and_pays_its_own_table(deposited):
    season, krone, linde = deposited
    Season.objects.filter(pk=season.pk).update(jackpot_per_venue=True)
    season.refresh_from_db()
    at_krone, at_linde = jackpot.venue_jackpots(season)
    assert (at_krone.venue, at_krone.total, at_linde.venue, at_linde.total) == (
        krone,
        Decimal("6.00"),
        linde,
        Decimal("8.00"),
    )
    assert places(at_krone) == [
        ("1.", "Ben", Decimal("3.00")),
        ("2.", "Anna", Decimal("1.80")),
        ("3.", "Fritz", Decimal("1.20")),
    ]
    assert places(at_linde) == [
        ("1.", "Carl", Decimal("4.00")),
        ("2.", "Anna", Decimal("2.40")),
        ("3.", "Dora", Decimal("1.60")),
    ]
    # The payout: one share per winner, Anna's the sum of her two (1,80 € + 2,40 €); all of it 14,00 €.
    result = payout.season_payout(season)
    assert [(s.places, s.share.name, s.share.amount) for s in result.shares] == [
        ("Krone 1.", "Ben", Decimal("3.00")),
        ("Krone 2. · Linde 2.", "Anna", Decimal("4.20")),
        ("Krone 3.", "Fritz", Decimal("1.20")),
        ("Linde 1.", "Carl", Decimal("4.00")),
        ("Linde 3.", "Dora", Decimal("1.60")),
    ]
    assert result.total == Decimal("14.00") == sum(s.share.amount for s in result.shares)


def test_a_winner_of_two_venue_jackpots_is_paid_his_sum_once(deposited, organizer):
    season, _krone, _linde = deposited
    Season.objects.filter(pk=season.pk).update(jackpot_per_venue=True)
    Night.objects.filter(season=season).update(status="finished")
    season.refresh_from_db()
    anna = Player.objects.get(name="Anna")
    line = payout.record_payout(
        season=season, player=anna, amount=Decimal("4.20"), method="cash", by=organizer, season_over=True
    )
    assert line.reason == "Venue jackpots: Krone 2. · Linde 2." and line.amount == Decimal("-4.20")
    result = payout.season_payout(season)
    assert result.for_player(anna.pk).owed == 0 and result.owed == Decimal("9.80")


def test_the_jackpot_pages_show_each_venue_s_jackpot(deposited, organizer_client, venue_organizer, client):
    season, krone, linde = deposited
    Season.objects.filter(pk=season.pk).update(jackpot_per_venue=True)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    body = client.get(reverse("jackpot"), {"season": season.pk}).content.decode()
    assert re.search(rf'id="jackpot-total-{krone.pk}">6,00\xa0€<', body)
    assert re.search(rf'id="jackpot-total-{linde.pk}">8,00\xa0€<', body)
    assert "Jackpot von Krone" in body and 'id="jackpot-total"' not in body
    # Linde's organizer: his venue's jackpot first, and its report; not Krone's, nor the league's report.
    mine = venue_organizer.get(reverse("jackpot"), {"season": season.pk}).content.decode()
    assert mine.index(f'id="venue-jackpot-{linde.pk}"') < mine.index(f'id="venue-jackpot-{krone.pk}"')
    own = venue_organizer.get(reverse("venue_jackpot", args=[season.pk, linde.pk]))
    assert own.status_code == 200 and re.search(r'id="venue-jackpot-total">8,00\xa0€<', own.content.decode())
    assert venue_organizer.get(reverse("venue_jackpot", args=[season.pk, krone.pk])).status_code == 403
    assert venue_organizer.get(reverse("season_jackpot", args=[season.pk])).status_code == 403
    # The league's organizer: both, and the league's report with each venue's split.
    assert organizer_client.get(reverse("venue_jackpot", args=[season.pk, krone.pk])).status_code == 200
    report = organizer_client.get(reverse("season_jackpot", args=[season.pk])).content.decode()
    assert f'id="venue-jackpot-{krone.pk}"' in report and f'id="venue-jackpot-{linde.pk}"' in report


def test_a_pooled_season_has_no_venue_jackpot_page(deposited, organizer_client):
    season, krone, _linde = deposited
    assert organizer_client.get(reverse("venue_jackpot", args=[season.pk, krone.pk])).status_code == 404


def test_the_season_form_asks_for_a_jackpot_per_venue_only_in_a_league_of_several(two_pubs, organizer_client):
    season, _krone, _linde = two_pubs
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    body = organizer_client.get(reverse("season_edit", args=[season.pk])).content.decode()
    assert 'name="jackpot_per_venue"' in body and "Ein Jackpot je Spielort" in body
    # Fees were taken: the players paid into the pot the season announced.
    after = body.split('name="jackpot_per_venue"')[1][:1500]
    assert "gesperrt: In dieser Saison wurden schon Gebühren kassiert" in after


def test_a_league_of_one_pub_is_not_asked_about_jackpots_per_venue(organizer_client):
    season = make_season()
    body = organizer_client.get(reverse("season_edit", args=[season.pk])).content.decode()
    assert "jackpot_per_venue" not in body
