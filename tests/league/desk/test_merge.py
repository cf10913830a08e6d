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
