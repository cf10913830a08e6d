"""Replay links lead to a replay.

The replayer shows the hands of finished tables only. While a table plays, its hands' figures already
count (the season's biggest pot, a player's knockouts), and the standings' award and the player's page
used to link to a replay that answered 404 exactly when players looked. Now a page links to a replay
only once its table has finished and says that the replay follows.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import Seat, TableStatus

pytestmark = pytest.mark.django_db

REPLAY = re.compile(r'href="(/tables/\d+/replays/[^"]*)"')


def replay_links(client, url: str) -> list[str]:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    return REPLAY.findall(response.content.decode())


def pages(evening) -> list[str]:
    season = evening.season.pk
    players = Seat.objects.filter(table=evening.tracked_table).values_list("entry__player_id", flat=True)
    return [
        reverse("standings") + f"?season={season}",
        reverse("season_statistics") + f"?season={season}",
        *(reverse("player_detail", args=[pid]) + f"?season={season}" for pid in players),
    ]


def test_no_page_links_to_the_replay_of_a_table_still_in_play(client, evening):
    evening.tracked_table.refresh_from_db()
    assert evening.tracked_table.status == TableStatus.PLAYING  # a hand played, the next one running
    for url in pages(evening):
        for link in replay_links(client, url):
            assert client.get(link).status_code == 200, f"{url} links to {link}"
    standings = client.get(
        reverse("standings"), {"season": evening.season.pk}, HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Nachspielen folgt, wenn der Tisch fertig ist" in standings  # the biggest pot, from the table in play


def test_once_the_table_has_finished_the_award_links_to_its_replay(client, evening):
    type(evening.tracked_table).objects.filter(pk=evening.tracked_table.pk).update(status=TableStatus.FINISHED)
    links = replay_links(client, reverse("standings") + f"?season={evening.season.pk}")
    assert links == [reverse("hand_replay", args=[evening.tracked_table.pk, 1])]
    assert client.get(links[0]).status_code == 200
