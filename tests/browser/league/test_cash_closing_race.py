"""Issue 31, point 4, in German on two phones: the second desk to close the night's cash is told in words that
the first one closed it, above the count that stands (before, its page came back without a word)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from league.models import CashCount
from tests.browser.helpers import PHONE, fits_the_phone, log_in
from tests.league.cashbook.test_cashbook import build_full_night

pytestmark = pytest.mark.browser


def test_the_desk_that_closes_a_night_already_closed_is_told_who_closed_it(
    german_phone: Page, live_server, transactional_db, organizer
) -> None:
    first = german_phone
    night = build_full_night(organizer)
    log_in(first, live_server, organizer, f"/organizer/nights/{night.pk}/cash/")
    second = first.context.new_page()  # the other desk's phone, the same organizer's login
    second.set_viewport_size(PHONE)
    second.goto(first.url)
    for page in (first, second):
        expect(page.get_by_role("heading", name="Kasse des Abends")).to_be_visible()
        page.get_by_label("Gezählter Betrag").fill("162,00")

    first.get_by_role("button", name="Kasse des Abends abschließen").click()
    expect(first.get_by_text("Die Kasse des Abends ist abgeschlossen: die Zählung stimmt.")).to_be_visible()
    second.get_by_role("button", name="Kasse des Abends abschließen").click()
    expect(second.locator(".messages .error")).to_contain_text(
        f"Die Kasse dieses Abends wurde bereits von {organizer.username} am"
    )
    expect(second.locator("#cash-counted")).to_have_text("162,00 €")
    expect(second.get_by_role("button", name="Kasse des Abends abschließen")).to_have_count(0)
    fits_the_phone(second)
    assert CashCount.objects.count() == 1
