"""The night's clock on the dealer's phone: the page shows the level, the blinds and the time left; a tap's
answer does not draw or read the clock; the phone's "has the clock changed?" is tiny and changes with a button."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.clock import services as clock_control

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.django_db
def test_the_dealers_page_shows_the_clocks_level_blinds_and_time_left(client, three_way):
    clock_control.start_clock(night=three_way.night)
    clock_control.pause_clock(night=three_way.night)
    html = client.get(reverse("dealer_tracker", args=[three_way.dealer_token])).content.decode()
    clock = html[html.index('<section class="tracker-clock') : html.index("</section>")]
    assert "is-paused" in clock.split(">")[0]
    assert re.search(r'data-clock-field="level">1<', clock)
    assert re.search(r'data-clock-field="small">\d[\d.]*</span>/<span data-clock-field="big">\d', clock)
    assert re.search(r'data-clock-field="countdown"[^>]*>\d+:\d\d<', clock)
    state = json.loads(re.search(r'<script id="clock-data" type="application/json">(.*?)</script>', clock).group(1))
    assert state["paused"] is True and state["level"] == 1 and state["seconds_left"] > 0
    assert f'data-state-url="{reverse("clock_state", args=[three_way.night_id])}"' in clock
    assert f'data-version-url="{reverse("dealer_tracker_clock", args=[three_way.dealer_token])}"' in clock


@pytest.mark.django_db
def test_a_taps_answer_neither_draws_nor_reads_the_clock(client, three_way, dealer):
    url = reverse("dealer_tracker", args=[three_way.dealer_token])
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(url, {"op": "next", "version": dealer.state.version}, **HTMX)
    assert answer.status_code == 200 and "tracker-clock" not in answer.content.decode()
    # The tap's own read brings the clock with the seats (a new hand's blinds); nothing reads it on its own.
    assert not [q["sql"] for q in queries.captured_queries if 'FROM "tournaments_clockstate"' in q["sql"]]


@pytest.mark.django_db
def test_the_clock_version_is_tiny_and_changes_with_each_organizers_button(client, three_way):
    url = reverse("dealer_tracker_clock", args=[three_way.dealer_token])
    before = client.get(url)
    assert before.status_code == 200 and before.content == b"-" and before["Cache-Control"] == "no-store"
    clock_control.start_clock(night=three_way.night)
    started = client.get(url).content
    assert started != b"-" and len(started) < 40
    clock_control.pause_clock(night=three_way.night)
    assert client.get(url).content != started
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    assert len(queries.captured_queries) == 1
    assert client.get(reverse("dealer_tracker_clock", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_the_organizers_clock_version_asks_for_the_login(client, three_way):
    url = reverse("organizer_tracker_clock", args=[three_way.pk])
    assert client.get(url).status_code == 302
