"""The kept season table is always the table computed afresh: every change of what it is computed from renews it.

Each test first reads the standings (so the table is kept), changes something
through the services people use, and compares the kept table with one
computed from the stored rows now. Without the key (results.kept.season_cache), each
of these would serve the table from before the change.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.urls import reverse
from django.utils import timezone

from league.desk import merge
from league.models import Entry, Night, Player, Season
from results import players, points
from results import standings as results
from results import statistics as results_statistics
from results.kept import season_cache
from tests.benchmarks.standings import FEE, SHARE, build_season, play_night
from tests.league.factories import make_player
from tournaments.models import Placement
from tournaments.placements import paper as manual_results
from tournaments.placements import services as placements_services

pytestmark = pytest.mark.django_db


def rows(table: results.SeasonStandings) -> list[tuple]:
    return [
        (r.position, r.player_id, r.name, r.points, r.nights, r.place_counts, r.previous_position, r.best_place)
        for r in table.rows
    ]


def assert_kept_is_computed(season: Season) -> results.SeasonStandings:
    season = Season.objects.get(pk=season.pk)
    kept, computed = results.season_standings(season), results.computed_season_standings(season)
    assert rows(kept) == rows(computed)
    assert kept.nights == computed.nights
    return kept


@pytest.fixture
def season(organizer) -> Season:
    season = build_season(organizer, players=14, nights=3, per_night=9, seed=7)
    assert_kept_is_computed(season)  # kept now
    return season


def test_the_table_is_kept_between_views(season, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):  # the key; the table itself comes from the cache
        table = results.season_standings(season)
    assert rows(table) == rows(results.computed_season_standings(season))


def test_a_night_played_renews_it(season, organizer):
    night = Night.objects.create(
        season=season, date=season.nights.order_by("-date").first().date + datetime.timedelta(weeks=1)
    )
    for player in Player.objects.order_by("pk")[:6]:
        Entry.objects.create(
            night=night,
            player=player,
            registered_by=organizer,
            fee_paid=FEE,
            jackpot_share=SHARE,
            paid_at=timezone.now(),
            received_by=organizer,
        )
    play_night(night, organizer, random.Random(3))
    assert assert_kept_is_computed(season).nights_with_results == 4


def test_a_single_place_corrected_renews_it(season, organizer):
    placement = Placement.objects.filter(table__night__season=season, place=2).first()
    placements_services.correct_placement(placement=placement, place=1, reason="sheet misread", by=organizer)
    assert_kept_is_computed(season)


def test_two_places_swapped_renews_it(season, organizer):
    # The same places, the same count and the same ids: only who holds which place changes.
    table = Placement.objects.filter(table__night__season=season).first().table
    placed = {p.seat_id: p.place for p in table.placements.all()}
    first, second = (next(seat for seat, place in placed.items() if place == k) for k in (1, 2))
    placed[first], placed[second] = 2, 1
    manual_results.correct_results(
        table=table,
        places=list(placed.items()),
        reason="swapped on paper",
        by=organizer,
        version=manual_results.results_version(table),
    )
    kept = assert_kept_is_computed(season)
    assert kept.standing_of(Placement.objects.get(seat_id=second).seat.entry.player_id) is not None


def test_a_change_of_the_points_scheme_renews_it(season, organizer):
    before = rows(results.season_standings(season))
    points.change_points_scheme(
        season=season, scheme="fixed", fixed_points="10,6,4,3,2,1", by=organizer, confirm=True, reason="vote"
    )
    assert rows(assert_kept_is_computed(season)) != before


def test_a_second_change_of_the_fixed_points_renews_it(season, organizer):
    points.change_points_scheme(
        season=season, scheme="fixed", fixed_points="10,6,4,3,2,1", by=organizer, confirm=True, reason="vote"
    )
    assert_kept_is_computed(season)
    points.change_points_scheme(
        season=season, scheme="fixed", fixed_points="12,6,4,3,2,1", by=organizer, confirm=True, reason="vote"
    )
    assert_kept_is_computed(season)


def test_a_renamed_player_renews_it(season):
    player = Player.objects.get(pk=results.season_standings(season).rows[3].player_id)
    Player.objects.filter(pk=player.pk).update(name="Aaron Aal")  # an organizer's edit in the admin
    assert "Aaron Aal" in {row.name for row in assert_kept_is_computed(season).rows}


def test_a_merge_of_two_players_renews_it(season, organizer):
    leader = Player.objects.get(pk=results.season_standings(season).rows[0].player_id)
    twin = make_player("Zora Zwilling")
    merge.merge_players(keep=twin, remove=leader, by=organizer)
    kept = assert_kept_is_computed(season)
    assert kept.rows[0].player_id == twin.pk and kept.rows[0].name == "Zora Zwilling"


def test_a_result_taken_back_renews_it(season):
    Placement.objects.filter(table__night__season=season).order_by("-pk").first().delete()
    assert_kept_is_computed(season)


def test_a_night_moved_to_another_date_renews_it(season):
    first = season.nights.order_by("date").first()
    Night.objects.filter(pk=first.pk).update(
        date=season.nights.order_by("-date").first().date + datetime.timedelta(days=1)
    )
    kept = assert_kept_is_computed(season)
    assert kept.nights[-1][1] == first.pk


def nights_shown(player: Player, season: Season, table: results.SeasonStandings | None = None) -> list[tuple]:
    summary = players.player_season(player, Season.objects.get(pk=season.pk), table=table)
    return [
        (n.night_id, n.date, n.table_number, n.place, n.table_size, n.tied, n.points, n.total, n.counted)
        for n in summary.nights
    ]


def test_a_players_nights_follow_a_corrected_place(season, organizer):
    placement = (
        Placement.objects.filter(table__night__season=season, place=3).select_related("seat__entry__player").first()
    )
    player = placement.seat.entry.player
    before = nights_shown(player, season)  # his nights kept now, every player's with them
    placements_services.correct_placement(placement=placement, place=1, reason="sheet misread", by=organizer)
    after = nights_shown(player, season)
    assert after != before
    assert after == nights_shown(player, season, results.computed_season_standings(Season.objects.get(pk=season.pk)))
    assert placement.table.night_id in {night[0] for night in after if night[3] == 1}


def test_every_players_kept_nights_are_his_nights_scored_now(season):
    for player in Player.objects.all():
        kept = nights_shown(player, season)
        assert kept == nights_shown(player, season, results.computed_season_standings(Season.objects.get(pk=season.pk)))


def test_the_pages_agree_with_the_computed_table_after_a_correction(season, organizer, client):
    client.get(reverse("standings"), {"season": season.pk})
    placement = Placement.objects.filter(table__night__season=season, place=3).first()
    placements_services.correct_placement(placement=placement, place=1, reason="sheet misread", by=organizer)
    computed = results.computed_season_standings(season)
    html = client.get(reverse("standings"), {"season": season.pk}).content.decode()
    shown = [name for name in (row.name for row in computed.rows) if name in html]
    assert shown == [row.name for row in computed.rows]
    assert [html.index(f'id="player-{row.player_id}"') for row in computed.rows] == sorted(
        html.index(f'id="player-{row.player_id}"') for row in computed.rows
    )


def test_the_key_changes_with_play_but_the_table_key_does_not_with_a_table_reopened(season):
    from tournaments.models import Table, TableStatus

    before = season_cache.season_key(season.pk)
    table = Table.objects.filter(night__season=season).first()
    Table.objects.filter(pk=table.pk).update(status=TableStatus.PLAYING)
    after = season_cache.season_key(season.pk)
    assert after.results == before.results and after.play != before.play and after.awards != before.awards


def test_two_places_swapped_in_the_admin_renews_it(season):
    # No correction is logged this way: only the weighted sums of places see the swap.
    first, second = Placement.objects.filter(table__night__season=season, place__in=[1, 2]).order_by(
        "table_id", "place"
    )[:2]
    assert (first.table_id, first.place, second.place) == (second.table_id, 1, 2)
    Placement.objects.filter(pk=first.pk).update(place=2)
    Placement.objects.filter(pk=second.pk).update(place=1)
    assert_kept_is_computed(season)


def test_the_kept_awards_follow_a_hand_played_at_a_table_still_playing(organizer):
    from tests.tournaments.conftest import Dealer, table_of
    from tests.tournaments.tracked_tables import play_tracked_table
    from tournaments.hands import figures as statistics

    def award_values(table: results.SeasonStandings) -> list[tuple]:
        return [(a.key, a.value, a.holders) for a in results_statistics.season_awards(table.season, table)]

    finished = play_tracked_table(organizer)
    season = finished.night.season
    stacks = {"Emil": 5000, "Fritz": 6000, "Gero": 7000}
    live = table_of(stacks, organizer, night=finished.night)
    before = award_values(results.season_standings(season))  # kept now
    dealer = Dealer(live)
    dealer.next_hand()
    first = dealer.state.engine.to_act
    others = [name for name in ("Emil", "Fritz", "Gero") if name != first]
    dealer.act(first, "allin")
    dealer.act(others[0], "call")
    dealer.act(others[1], "fold")
    # The shorter stack wins, so nobody is out: no placement, the results part of the key stays the same.
    winner, loser = sorted((first, others[0]), key=stacks.get)
    dealer.cards("2c 7d 9h 3s 4d", **{winner: "As Ah", loser: "8s 8h"})
    dealer.settle()
    assert not live.placements.exists()
    kept = results.season_standings(Season.objects.get(pk=season.pk))
    computed = results.computed_season_standings(Season.objects.get(pk=season.pk))  # not kept: awards computed now
    assert award_values(kept) == award_values(computed) != before
    biggest = next(a for a in results_statistics.season_awards(season, kept) if a.key == "biggest_pot")
    assert biggest.value > 10000 and [name for _, name in biggest.holders] == [winner]
    statistics.figures_cache.clear()


def test_a_change_read_and_rolled_back_leaves_nothing_of_it_kept(season):
    """The table is kept night by night in the process (results.kept.ledger) under each night's stamp; a change read
    inside a transaction that is then rolled back takes its stamp back too, and the next view reads the night
    again."""
    from django.db import transaction

    placement = Placement.objects.filter(table__night__season=season, place=1).first()

    class Undone(Exception):
        pass

    with pytest.raises(Undone), transaction.atomic():
        Placement.objects.filter(pk=placement.pk).update(place=9)
        assert rows(results.season_standings(season)) == rows(results.computed_season_standings(season))
        raise Undone
    from django.core.cache import cache

    cache.clear()  # the table under the season's key before the change is right anyway: make the ledger answer
    assert_kept_is_computed(season)
    Placement.objects.filter(table_id=placement.table_id, place=2).update(place=3)  # a new change after it
    assert_kept_is_computed(season)
