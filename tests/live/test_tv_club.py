"""The club's own clock screen on the TV: the chosen figures and no others, the logo, the chip chart, the line
for points or prizes, and the average stack in big blinds."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from live.tv import screens as tv
from tests.league.factories import make_night
from tests.tournaments.clock.test_club_clock import png
from tournaments.clock import club
from tournaments.clock.logo import checked_logo
from tournaments.models import DEFAULT_FIGURES

pytestmark = pytest.mark.django_db

FIELDS = {
    "players": 'data-tv-field="players-left"',
    "tables": 'data-tv-field="tables"',
    "average": 'data-tv-field="average"',
    "average_bb": 'data-tv-field="average-bb"',
    "chips": 'data-tv-field="chips"',
    "jackpot_season": 'data-tv-field="jackpot"',
    "jackpot_tonight": 'data-tv-field="jackpot-tonight"',
    "break": 'data-tv-field="break-in"',
    "levels": "data-tv-levels",
}


def tv_page(client, night) -> str:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    response = client.get(reverse("clock_tv", args=[night.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_without_the_clubs_settings_the_tv_shows_what_it_always_showed(client):
    html = tv_page(client, make_night())
    for key, marker in FIELDS.items():
        assert (marker in html) == (key in DEFAULT_FIGURES), key
    assert "tv-logo" not in html and "chip-chart" not in html and "tv-prize" not in html


@pytest.mark.parametrize("chosen", [["average_bb", "players"], ["jackpot_tonight", "levels", "break"], []])
def test_the_tv_shows_the_chosen_figures_and_not_the_others(client, chosen):
    club.save_club_clock(logo=None, remove_logo=False, chips=[], figures=chosen, prize_line="")
    html = tv_page(client, make_night())
    for key, marker in FIELDS.items():
        assert (marker in html) == (key in chosen), key


def test_the_tv_shows_the_logo_the_chip_chart_and_the_prize_line(client):
    from league.rules.chips import parse_chips

    club.save_club_clock(
        logo=checked_logo(png()),
        remove_logo=False,
        chips=parse_chips("25 weiß\n100 rot\n1000 schwarz"),
        figures=list(DEFAULT_FIGURES),
        prize_line="Heute: doppelte Punkte <b>",
    )
    html = tv_page(client, make_night())
    assert f'src="{club.club_look().logo_url}"' in html
    assert html.count('class="chip"') == 3 and 'fill="#d32f2f"' in html and ">1.000<" in html
    assert "Heute: doppelte Punkte &lt;b&gt;" in html


def test_the_average_in_big_blinds_is_worked_out_per_reading_in_tenths_below_ten():
    assert tv.average_in_big_blinds(1500, 50) == 30
    assert tv.average_in_big_blinds(1555, 200) == Decimal("7.8")
    assert tv.average_in_big_blinds(1525, 200) == Decimal("7.6")  # 7.625: half up, as the TV's Intl rounds
    assert tv.average_in_big_blinds(None, 50) is None


def test_the_state_carries_the_average_in_big_blinds_and_the_looks_version(client):
    night = make_night()
    state = client.get(reverse("clock_state", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="de").json()
    assert "average_bb_text" in state and state["look"] == ""
    club.save_club_clock(logo=None, remove_logo=False, chips=[], figures=["average_bb"], prize_line="")
    state = client.get(reverse("clock_state", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="de").json()
    assert state["look"] != ""


def test_an_unknown_logo_address_answers_404(client):
    assert client.get(reverse("club_logo", args=["0" * 64, "png"])).status_code == 404
