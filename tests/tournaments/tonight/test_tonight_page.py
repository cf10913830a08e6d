"""Tonight's page (tournaments/tonight): which night it shows, what it reads, and the marks it relies on (a
phone opened the dealer link, the QR sheet was printed), each cleared when the link is replaced."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Night, NightStatus
from tests.evening import build_evening
from tests.league.factories import make_season
from tournaments.floor import services as night_services
from tournaments.models import Table
from tournaments.tonight import reading

pytestmark = pytest.mark.django_db


def test_tonight_is_the_running_night_even_past_midnight_else_the_next_planned_one():
    season = make_season(start_date=datetime.date(2026, 1, 1), end_date=datetime.date(2026, 12, 31))
    today = datetime.date(2026, 11, 27)
    assert reading.tonights_night(today) is None
    last_week = Night.objects.create(
        season=season, date=today - datetime.timedelta(days=7), status=NightStatus.FINISHED
    )
    assert reading.tonights_night(today) == last_week  # nothing else: the latest there is
    next_week = Night.objects.create(season=season, date=today + datetime.timedelta(days=7))
    assert reading.tonights_night(today) == next_week
    yesterday = Night.objects.create(season=season, date=today - datetime.timedelta(days=1), status=NightStatus.SEATED)
    assert reading.tonights_night(today) == yesterday  # still running after midnight
    tonight = Night.objects.create(season=season, date=today)
    assert reading.tonights_night(today) == tonight


def test_the_page_is_for_organizers_and_reads_itself_again(client, organizer_client, organizer):
    evening = build_evening(organizer)
    url = reverse("night_tonight", args=[evening.tonight.pk])
    client.logout()
    assert "/accounts/login/" in client.get(url).url
    client.force_login(organizer)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'hx-trigger="every 5s"' in page and 'id="due-step"' in page
    assert "QR-Codes gedruckt" in page and 'id="tonight-table-3"' in page
    partial = client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert partial.startswith('\n<div id="tonight"') or partial.lstrip().startswith('<div id="tonight"')
    assert "<html" not in partial


def test_a_phone_on_the_dealer_link_and_a_printed_sheet_are_marked_and_a_new_link_clears_both(
    client, organizer_client, organizer
):
    evening = build_evening(organizer)
    table = evening.tracked_table
    assert Table.objects.get(pk=table.pk).dealer_link_opened_at is None
    client.get(reverse("dealer_tracker", args=[table.dealer_token]), HTTP_HX_REQUEST="true")  # a tap's answer: no mark
    assert Table.objects.get(pk=table.pk).dealer_link_opened_at is None
    client.get(reverse("dealer_tracker", args=[table.dealer_token]))
    opened = Table.objects.get(pk=table.pk).dealer_link_opened_at
    assert opened is not None and opened <= timezone.now()
    organizer_client.get(reverse("night_qr_sheet", args=[evening.tonight.pk]))
    assert not Table.objects.filter(night=evening.tonight, qr_printed_at__isnull=True).exists()
    night_services.revoke_dealer_link(table=Table.objects.get(pk=table.pk))
    table = Table.objects.get(pk=table.pk)
    assert table.dealer_link_opened_at is None and table.qr_printed_at is None


def test_the_organizers_bar_leads_to_tonight_from_every_page(organizer_client, organizer):
    build_evening(organizer)
    for url in (reverse("standings"), reverse("organizer_home"), reverse("uth_table")):
        assert f'href="{reverse("tonight")}"' in organizer_client.get(url).content.decode()


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_night_finished_before_its_cash_was_counted_shows_one_closing_card_the_count(
    organizer_client, organizer, language
):
    evening = build_evening(organizer)
    night_services.finish_night(night=evening.tonight, confirm_unfinished=True)
    page = organizer_client.get(
        reverse("night_tonight", args=[evening.tonight.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert page.count('id="due-step"') == 1
    assert {"de": "Kasse zählen", "en": "Count the cash box"}[language] in page
    assert {"de": "Der Ligaabend ist beendet.", "en": "The night is finished."}[language] not in page
    # Its tables never played down that night: the step is marked skipped, not ticked.
    steps = page[page.index('id="evening-steps"') :]
    tables_step = steps[: steps.index({"de": "Tische fertig", "en": "Tables finished"}[language])].rsplit("<li", 1)[1]
    assert 'class="step skipped"' in tables_step
    assert {"de": "(ausgelassen)", "en": "(skipped)"}[language] in steps
