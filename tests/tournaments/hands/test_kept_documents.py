"""The kept hand-history documents (the `hand_stats` file cache) stand for the rows they print: a renamed season
is a new key, and `check_league` compares what is kept with the hands made into documents again."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from league.models import Season
from tests.upkeep.playing import next_input, six_tables
from tournaments.hands import exports, figures
from tournaments.models import Table, TableStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished_table(organizer):
    figures.figures_cache.clear()
    dealer = six_tables(organizer, stack=200)[0]
    step = 0
    while dealer.state.table.status != TableStatus.FINISHED:
        next_input(dealer, step)
        step += 1
    return dealer.table


def test_a_renamed_season_is_printed_in_the_next_download(organizer_client, finished_table):
    url = reverse("table_hands_file", args=[finished_table.pk, "phh"])
    assert "Saison 2026" in organizer_client.get(url).content.decode()  # kept now
    Season.objects.update(name="Wintersaison 2026")
    again = organizer_client.get(url).content.decode()
    assert "Wintersaison 2026" in again and "'Saison 2026" not in again


def test_a_kept_document_that_differs_from_the_hands_is_found_and_emptied_by_repair(
    organizer_client, finished_table, settings
):
    settings.LANGUAGE_CODE = "en"
    organizer_client.get(reverse("table_hands_file", args=[finished_table.pk, "ohh"]))
    row = Table.objects.filter(pk=finished_table.pk).values_list(*exports.TABLE_FIELDS).get()
    assert exports.kept_documents_disagreements([row]) == []
    key = next(iter(exports._keyed([row])))
    kept_key = figures.cache_key("ohh", *key)
    figures.figures_cache.put_many({kept_key: [((1, 2), "{}")]})

    assert exports.kept_documents_disagreements([row]) == [(finished_table.pk, "ohh")]
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("check_league", stdout=out)
    assert "The kept hand-history file (OHH) differs from the table's hands." in out.getvalue()
    call_command("check_league", "--repair", stdout=io.StringIO())
    assert figures.figures_cache.get_many([kept_key]) == {}
