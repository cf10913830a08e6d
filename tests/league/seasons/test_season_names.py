"""A season's name is shown as the organizer typed it: no word is added that the name already holds."""

import pytest
from django.contrib.messages import get_messages

from league.models import Season
from tests.league.factories import make_season
from tests.league.seasons.test_seasons_and_nights import SEASON_POST, _season_post

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "„Saison 2026/27“ angelegt. Jetzt den ersten Ligaabend planen."),
        ("en", "“Saison 2026/27” created. Now plan its first night."),
    ],
)
def test_creating_a_season_named_saison_does_not_say_saison_twice(organizer_client, language, expected):
    response = organizer_client.post(
        "/organizer/seasons/new/", {**SEASON_POST, "name": "Saison 2026/27"}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert [str(m) for m in get_messages(response.wsgi_request)] == [expected]


@pytest.mark.parametrize(
    ("language", "expected"), [("de", "„Season 2027“ gespeichert."), ("en", "“Season 2027” saved.")]
)
def test_saving_a_season_named_season_does_not_say_season_twice(organizer_client, language, expected):
    season = make_season(name="Season 2027")
    response = organizer_client.post(
        f"/organizer/seasons/{season.pk}/", _season_post(season), HTTP_ACCEPT_LANGUAGE=language
    )
    assert [str(m) for m in get_messages(response.wsgi_request)] == [expected]
    page = organizer_client.get(f"/organizer/seasons/{season.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "<h1>Season 2027</h1>" in page and "Season Season" not in page and "Saison Season" not in page


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_demo_season_s_heading_says_demo_once(organizer_client, language):
    make_season(name="Demo-Saison 2026", is_demo=True)
    for url in ("/", "/organizer/"):
        page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert "Demo-Saison 2026" in page
        assert '<span class="status">Demo</span>' not in page, url


def test_a_demo_season_whose_name_does_not_say_so_keeps_the_badge():
    assert Season(name="Herbst", is_demo=True).shows_demo_badge
    assert not Season(name="Demo-Saison 2026", is_demo=True).shows_demo_badge
    assert not Season(name="Herbst", is_demo=False).shows_demo_badge
