"""The organizer's jackpot report says each rule once: the split above, the rule for ties where the payout
table closes (it was said twice, once short above and once in full below)."""
import datetime
import re

import pytest
from django.urls import reverse

from results import jackpot
from tests.league.factories import make_player, make_season
from tests.results.test_league_rules import paper_night
from tournaments.models import Table

pytestmark = pytest.mark.django_db

TIES = {"de": "teilen sich das Geld der Plätze, die sie belegen", "en": "share the money of the places they cover"}
SPLIT = {"de": "Aufteilung", "en": "Split"}


def _text(html: str) -> str:
    main = html[html.index("<main"):html.rindex("</main>")]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_jackpot_report_states_the_split_and_the_rule_for_ties_once(organizer_client, organizer, language):
    season = make_season()
    players = [make_player(name) for name in ("Anna", "Ben", "Carl", "Dora")]
    night = paper_night(season, datetime.date(2026, 9, 2), players, [1, 2, 3, 3], [0] * 4, organizer)
    for table in Table.objects.filter(night=night):
        jackpot.confirm_deposit(table=table, by=organizer)
    text = _text(organizer_client.get(reverse("season_jackpot", args=[season.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert text.count(TIES[language]) == 1
    assert text.count(SPLIT[language] + ":") == 1 and "50,30,20" not in text
    public = _text(organizer_client.get(reverse("jackpot"), {"season": season.pk}, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert public.count(TIES[language]) == 1  # the public page has no payout table: the split says it
