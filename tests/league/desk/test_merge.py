import pytest

from league.desk import merge, services
from league.models import Entry, Player, PlayerMerge
from tests.league.factories import FEE, make_night, make_player


@pytest.mark.django_db
def test_merging_moves_entries_fills_blanks_and_logs_the_merge(night, organizer):
    keep = make_player("Anna Berger")
    duplicate = make_player("Anna B.", nickname="Ace", contact="0170 123")
    other_night = make_night(season=night.season, date=night.date.replace(day=18))
    services.register_player(night=other_night, player=duplicate, by=organizer, fee=FEE)
    done = merge.merge_players(keep=keep, remove=duplicate, by=organizer)
    keep.refresh_from_db()
    assert Entry.objects.get().player == keep
    assert (keep.nickname, keep.contact) == ("Ace", "0170 123")
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    assert done.removed_name == "Anna B." and done.moved == {"league.Entry": 1}


@pytest.mark.django_db
def test_merging_two_records_entered_the_same_night_is_refused(night, organizer):
    keep, duplicate = make_player("Anna"), make_player("Anna 2")
    services.register_player(night=night, player=keep, by=organizer)
    services.register_player(night=night, player=duplicate, by=organizer)
    with pytest.raises(services.LeagueError, match="withdraw the second"):
        merge.merge_players(keep=keep, remove=duplicate, by=organizer)
    assert Player.objects.count() == 2 and not PlayerMerge.objects.exists()


@pytest.mark.django_db
def test_the_admin_merge_page_merges_the_chosen_record(admin_client, night):
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    keep, duplicate = make_player("Anna"), make_player("Anna 2")
    response = admin_client.post(
        "/admin/league/player/",
        {"action": "merge_selected", "_selected_action": [keep.pk, duplicate.pk]},
    )
    assert response.status_code == 302 and "/admin/league/player/merge/" in response.url
    page = admin_client.get(response.url)
    assert b"Anna 2" in page.content
    done = admin_client.post("/admin/league/player/merge/", {"ids": f"{keep.pk},{duplicate.pk}", "keep": keep.pk})
    assert done.status_code == 302
    assert list(Player.objects.values_list("name", flat=True)) == ["Anna"]


@pytest.mark.django_db
def test_the_admin_merge_action_needs_exactly_two_players(admin_client):
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    players = [make_player(f"P{i}") for i in range(3)]
    response = admin_client.post(
        "/admin/league/player/",
        {"action": "merge_selected", "_selected_action": [p.pk for p in players]},
        follow=True,
    )
    assert "exactly two" in response.content.decode()
    assert Player.objects.count() == 3


@pytest.mark.django_db
def test_a_player_is_never_merged_with_himself(organizer):
    anna = make_player("Anna")
    with pytest.raises(services.LeagueError, match="with himself"):
        merge.merge_players(keep=anna, remove=anna, by=organizer)
    assert Player.objects.count() == 1 and not PlayerMerge.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("demo_kept", [True, False])
def test_a_demo_player_and_a_real_one_are_never_merged(night, organizer, demo_kept):
    demo, real = make_player("Anna Demo", is_demo=True), make_player("Anna")
    services.register_player(night=night, player=demo, by=organizer, fee=FEE)
    keep, remove = (demo, real) if demo_kept else (real, demo)
    with pytest.raises(services.LeagueError, match="demo league"):
        merge.merge_players(keep=keep, remove=remove, by=organizer)
    assert Player.objects.count() == 2 and Entry.objects.get().player == demo and not PlayerMerge.objects.exists()


@pytest.mark.django_db
def test_a_player_whose_table_still_plays_is_not_merged(night, organizer):
    keep, duplicate = make_player("Deniz Yılmaz"), make_player("Deniz Yilmaz")
    services.register_player(night=night, player=duplicate, by=organizer, fee=FEE)
    night.status = "seated"
    night.save()
    with pytest.raises(services.LeagueError, match="still playing"):
        merge.merge_players(keep=keep, remove=duplicate, by=organizer)
    assert Entry.objects.get().player == duplicate and Player.objects.count() == 2


@pytest.mark.django_db
def test_the_refusal_is_read_before_anything_is_written(night, organizer):
    keep, duplicate = make_player("Anna"), make_player("Anna 2", nickname="Ace")
    services.register_player(night=night, player=keep, by=organizer)
    services.register_player(night=night, player=duplicate, by=organizer)
    assert "both entered" in merge.merge_refusal(keep, duplicate)
    with pytest.raises(services.LeagueError):
        merge.merge_players(keep=keep, remove=duplicate, by=organizer)
    keep.refresh_from_db()
    assert keep.nickname == ""  # not filled in from the other record


@pytest.mark.django_db
def test_a_play_money_bankroll_moves_unless_the_kept_record_has_one(organizer):
    from housegames.models import Bankroll

    keep, duplicate, third = make_player("Anna"), make_player("Anna 2"), make_player("Anna 3")
    Bankroll.objects.create(player=duplicate)
    merge.merge_players(keep=keep, remove=duplicate, by=organizer)
    assert Bankroll.objects.get().player == keep
    Bankroll.objects.create(player=third)
    merge.merge_players(keep=keep, remove=third, by=organizer)  # play money: the kept record's own stays
    assert Bankroll.objects.get().player == keep and Player.objects.count() == 1
