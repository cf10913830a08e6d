"""The cash pages write and read dates as the reader's language does: 04.12.2026 in German, never ISO."""

import re

import pytest
from django.urls import reverse

from tests.league.factories import NIGHT_DATE, make_night

pytestmark = pytest.mark.django_db

WRITTEN = {"de": NIGHT_DATE.strftime("%d.%m.%Y"), "en": f"{NIGHT_DATE.day} {NIGHT_DATE.strftime('%b %Y')}"}


def _night_options(html: str) -> list[str]:
    select = re.search(r'<select name="night".*?</select>', html, re.S).group(0)
    return [label.strip() for value, label in re.findall(r'<option value="(\d*)"[^>]*>(.*?)</option>', select) if value]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_cash_line_form_names_each_night_by_its_written_date(organizer_client, language):
    night = make_night()
    html = organizer_client.get(
        reverse("cash_line_new", args=[night.season.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert _night_options(html) == [WRITTEN[language]]
    assert NIGHT_DATE.isoformat() not in html


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_cash_book_filter_names_each_night_by_season_and_written_date(organizer_client, language):
    night = make_night()
    html = organizer_client.get(reverse("cash_book"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert _night_options(html) == [f"{night.season.name} – {WRITTEN[language]}"]


def test_the_cash_book_filter_takes_a_german_date(organizer_client):
    make_night()
    response = organizer_client.get(
        reverse("cash_book"), {"date_from": "01.12.2026", "date_to": "31.12.2026"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    html = response.content.decode()
    assert response.status_code == 200 and "01.12.2026" in html and 'class="error' not in html
