"""The TV's seating screen at 1920x1080 with two tables of six and long Greek names: the two tables share the
screen's width and every name is shown whole (two of three fixed columns cut them with a third left empty)."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from league.models import Night
from tests.evening import FEE, SHARE, _seat
from tests.league.factories import make_season
from tournaments.clock import services as clock_control
from tournaments.models import Table, TvScreen

pytestmark = pytest.mark.browser

GREEK = [
    "Κωνσταντίνος Παπαδόπουλος",
    "Αικατερίνη Χατζηγεωργίου",
    "Παναγιώτης Αντωνόπουλος",
    "Ευαγγελία Καραμανλή",
    "Χαράλαμπος Οικονόμου",
    "Θεοδώρα Παπανικολάου",
    "Δημήτριος Κωνσταντινίδης",
    "Σταυρούλα Μαυρομμάτη",
    "Αλέξανδρος Τσακαλώτος",
    "Παρασκευή Γεωργιάδου",
    "Ιωάννης Αναστασόπουλος",
    "Βασιλική Δημητρακοπούλου",
]


def test_two_tables_of_long_greek_names_fit_the_tv_whole(page: Page, live_server, transactional_db, organizer) -> None:
    day = datetime.date.today()
    season = make_season(
        name="Saison TV",
        start_date=day - datetime.timedelta(days=30),
        end_date=day + datetime.timedelta(days=90),
        entry_fee=FEE,
        jackpot_share=SHARE,
    )
    night = Night.objects.create(season=season, date=day)
    for number, names in enumerate((GREEK[:6], GREEK[6:]), start=1):
        _seat(night, Table.objects.create(night=night, number=number), {name: 1500 for name in names}, organizer)
    night.status = "seated"
    night.save()
    clock_control.set_tv(night=night, screen=TvScreen.SEATING, announcement="", spoken=False)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    tables = page.locator(".tv-seating .tv-table")
    expect(tables).to_have_count(2)
    expect(tables.first).to_be_visible()
    widths = [box["width"] for box in (tables.nth(k).bounding_box() for k in range(2))]
    assert sum(widths) > 0.85 * 1920, widths  # no empty third column
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.tv-seating .tv-table li')]"
        ".filter(li => li.scrollWidth > li.clientWidth + 1).map(li => li.textContent.trim())"
    )
    assert cut == []
