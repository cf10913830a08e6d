"""One league, two pubs, in German on 390x844 phones: a league organizer makes the second venue and its
organizer on the venues page and sets the season's qualification rule (the top 2 of each venue with at least
1 night); each pub's desk enters its night's players (one of them plays at both), each table's places are typed
on its results page; the venue tables and the league table match points worked out by hand from the places
and the season's scheme; the qualifiers' list says who is in and who is out and why; "Finale anlegen" makes the
final and its draw seats exactly the qualifiers; the venue's organizer runs his own pub's pages and is refused
the other pub's desk, cash and dealer links."""

from __future__ import annotations

import datetime
import types

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Entry, Night, Player, Season, Venue, VenueRole, default_venue
from tests.browser.helpers import PHONE, fits_the_phone, log_in, search_settled
from tournaments.models import Seat, Table

pytestmark = pytest.mark.browser

PASSWORD = "Anker-am-Hafen-2026"
TODAY = datetime.date.today()

# The places of each night, first to last, as the sheets say (typed on each table's results page below).
LINDE_ORDER = ["Anna Berger", "Xaver Huber", "Bert Krause", "Carl Weiß"]
ANKER_ORDER = ["Xaver Huber", "Dora Lang", "Emil Vogt"]

# Worked out by hand with the season's scheme (points by field size: p-th of n earns n - p + 1; no knockout
# points): Linde has 4 players, Anker 3.
LINDE_TABLE = [("Anna Berger", 4), ("Xaver Huber", 3), ("Bert Krause", 2), ("Carl Weiß", 1)]
ANKER_TABLE = [("Xaver Huber", 3), ("Dora Lang", 2), ("Emil Vogt", 1)]
# The league adds both nights: Xaver 3 + 3. Equal points go by wins, then second places, then thirds
# (docs/league-rules.md): Dora (a 2nd) before Bert (a 3rd), Emil (a 3rd) before Carl (a 4th).
LEAGUE_TABLE = [
    ("Xaver Huber", 6),
    ("Anna Berger", 4),
    ("Dora Lang", 2),
    ("Bert Krause", 2),
    ("Emil Vogt", 1),
    ("Carl Weiß", 1),
]
# The top 2 of each venue: Xaver is 2nd at Linde and 1st at Anker, so he counts at Anker, where he placed
# better, and Bert moves up at Linde.
QUALIFIED = {"Anna Berger", "Bert Krause", "Xaver Huber", "Dora Lang"}


@pytest.fixture
def season(transactional_db) -> Season:
    season = Season.objects.create(
        name="Herbst", start_date=TODAY - datetime.timedelta(days=30), end_date=TODAY + datetime.timedelta(days=60)
    )
    # The venue the migration makes in a league of one pub (transactional_db emptied the table).
    default_venue()
    for k, name in enumerate(sorted(set(LINDE_ORDER + ANKER_ORDER))):
        Player.objects.create(name=name, date_of_birth=datetime.date(1980 + k, 3, 1))
    return season


def _phone(new_context) -> Page:
    return new_context(viewport=PHONE).new_page()


def _register(page: Page, name: str) -> None:
    search = page.get_by_label("Spieler suchen")
    expect(search).to_have_value("")
    search.press_sequentially(name, delay=20)
    search_settled(page)
    page.locator(".result", has_text=name).get_by_role("button", name="Anmelden + 10,00 € bezahlt").click()
    expect(page.get_by_role("status")).to_contain_text(f"{name} ist angemeldet.")


def _desk_draw_and_results(page: Page, live_server, night: Night, order: list[str]) -> None:
    """The night's desk enters its players, the draw seats them at one table, and the places are typed from
    the sheet on the table's results page."""
    page.goto(f"{live_server.url}{reverse('registration_desk', args=[night.pk])}")
    expect(page.get_by_role("heading", name="Anmeldetisch")).to_be_visible()
    for name in order:
        _register(page, name)
    expect(page.locator("#entry-count")).to_have_text(str(len(order)))
    fits_the_phone(page)

    page.get_by_role("link", name="Platzverlosung").click()
    page.get_by_role("link", name="Plätze auslosen").click()
    page.get_by_role("button", name="Jetzt auslosen").click()
    expect(page.get_by_role("status")).to_contain_text("Plätze ausgelost")
    table = Table.objects.get(night=night)

    page.goto(f"{live_server.url}{reverse('table_detail', args=[table.pk])}")
    page.get_by_role("link", name="Papierergebnisse eingeben").click()
    for place, name in enumerate(order, start=1):
        page.get_by_label(f"Platz von {name}").fill(str(place))
    fits_the_phone(page)
    page.get_by_role("button", name="Plätze speichern").click()
    expect(page.locator(".messages .success")).to_contain_text("Die Plätze von Tisch 1 wurden gespeichert.")


def _table_shown(page: Page) -> list[tuple[str, int]]:
    rows = page.locator("#standings tbody tr")
    shown = []
    for k in range(rows.count()):
        cells = rows.nth(k).locator("td")
        shown.append((cells.nth(2).inner_text().strip(), int(cells.nth(3).inner_text().strip())))
    return shown


def _status(page: Page, live_server, name: str, *args) -> int:
    """The answer to this browser's session (its cookies) for a page, without opening it (some are PDFs)."""
    return page.request.get(f"{live_server.url}{reverse(name, args=args)}", max_redirects=0).status


def test_a_league_of_two_pubs_from_the_desks_to_the_final(new_context, live_server, organizer, season) -> None:
    boss = _phone(new_context)
    log_in(boss, live_server, organizer, reverse("organizer_home"))

    # The venues page: the migration's venue becomes the first pub, the second is added with its organizer.
    boss.get_by_role("link", name="Spielorte").click()
    boss.locator(".venue-list").get_by_role("link", name="Spielort", exact=True).click()
    boss.get_by_label("Name").fill("Zur Linde")
    boss.get_by_role("button", name="Spielort speichern").click()
    expect(boss.locator(".venue-list")).to_contain_text("Zur Linde")
    boss.get_by_role("link", name="Spielort hinzufügen").click()
    boss.get_by_label("Name").fill("Zum Anker")
    boss.get_by_label("Adresse").fill("Hafenstraße 1")
    boss.get_by_role("button", name="Spielort speichern").click()
    expect(boss.locator(".venue-list")).to_contain_text("Zum Anker")
    boss.get_by_role("link", name="Organisator hinzufügen").click()
    boss.get_by_label("Benutzername").fill("wirtin")
    boss.locator("#id_password1").fill(PASSWORD)
    boss.locator("#id_password2").fill(PASSWORD)
    boss.get_by_label("Organisator dieser Spielorte").check()
    boss.get_by_label("Zum Anker").check()
    boss.get_by_role("button", name="Organisator hinzufügen").click()
    expect(boss.locator(".messages")).to_contain_text("wirtin kann sich jetzt als Organisator anmelden")
    linde = Venue.objects.get(pk=default_venue())
    anchor = Venue.objects.get(name="Zum Anker")
    assert linde.name == "Zur Linde"
    assert list(VenueRole.objects.get(user__username="wirtin").user.venues.all()) == [anchor]

    # The season counts both pubs (its venue left empty) and sends the top 2 of each with at least 1 night.
    boss.goto(f"{live_server.url}{reverse('season_edit', args=[season.pk])}")
    boss.locator("#id_qualification_rule").select_option(label="Die ersten N jedes Spielorts")
    boss.locator("#id_qualification_top").fill("2")
    boss.locator("#id_qualification_min_nights").fill("1")
    fits_the_phone(boss)
    boss.get_by_role("button", name="Speichern", exact=True).click()
    expect(boss.locator(".messages")).to_contain_text("„Herbst“ gespeichert.")
    season.refresh_from_db()
    assert (season.venue_id, season.qualification_rule, season.qualification_top) == (None, "venue", 2)
    assert season.qualification_min_nights == 1

    # Both pubs play tonight. The nights are made here, not on the "new night" page, which
    # tests/browser/league/test_second_venue.py and test_organizer_evening.py already walk through.
    linde_night = Night.objects.create(season=season, venue=linde, date=TODAY)
    anchor_night = Night.objects.create(season=season, venue=anchor, date=TODAY)

    # Linde's night at its desk, run by the league organizer; Anker's by its landlady, whose desk finds Xaver,
    # the league's one record of him, entered at Linde's desk a moment ago.
    _desk_draw_and_results(boss, live_server, linde_night, LINDE_ORDER)
    landlady = _phone(new_context)
    log_in(
        landlady,
        live_server,
        types.SimpleNamespace(username="wirtin", raw_password=PASSWORD),
        reverse("organizer_home"),
    )
    expect(landlady.locator(".venue-here")).to_have_text("Zum Anker")
    _desk_draw_and_results(landlady, live_server, anchor_night, ANKER_ORDER)
    assert Player.objects.filter(name="Xaver Huber").count() == 1
    assert Entry.objects.filter(player__name="Xaver Huber").count() == 2

    # The standings page: the league's table, then each pub's, chosen above the table.
    boss.goto(f"{live_server.url}{reverse('standings')}?season={season.pk}")
    venue_filter = boss.locator("#venue-filter")
    venue_filter.get_by_role("link", name="Zur Linde").click()
    expect(boss.locator("#table-venue")).to_contain_text("Zur Linde")
    assert _table_shown(boss) == LINDE_TABLE
    boss.locator("#venue-filter").get_by_role("link", name="Zum Anker").click()
    expect(boss.locator("#table-venue")).to_contain_text("Zum Anker")
    assert _table_shown(boss) == ANKER_TABLE
    boss.locator("#venue-filter").get_by_role("link", name="Liga").click()
    expect(boss.locator("#table-venue")).to_contain_text("Die Tabelle der Liga: Es zählen die Abende aller Spielorte.")
    assert _table_shown(boss) == LEAGUE_TABLE
    fits_the_phone(boss)
    # Xaver's page lists his nights at both pubs.
    boss.locator("#standings").get_by_role("link", name="Xaver Huber").click()
    expect(boss.locator("td.night-venue")).to_have_count(2)
    assert sorted(boss.locator("td.night-venue").all_inner_texts()) == ["Zum Anker", "Zur Linde"]

    # The qualifiers' list: who is in, and at each pub who is out and why.
    boss.goto(f"{live_server.url}{reverse('organizer_home')}")
    boss.get_by_role("link", name="Finale der Qualifizierten").click()
    expect(boss.locator("#qualification-rule")).to_contain_text("Die ersten 2 jedes Spielorts")
    expect(boss.locator("#qualified h2")).to_have_text("4 Spieler qualifiziert")
    assert {t.strip() for t in boss.locator(".qualified-list li strong").all_inner_texts()} == QUALIFIED
    tables = {
        section.locator("h2").inner_text().strip(): [
            " ".join(row.split()) for row in section.locator("li").all_inner_texts()
        ]
        for section in boss.locator(".qualifier-table").all()
    }
    assert tables == {
        "Zum Anker": [
            "1. Xaver Huber ins Finale Platz 1 in Zum Anker",
            "2. Dora Lang ins Finale Platz 2 in Zum Anker",
            "3. Emil Vogt nicht qualifiziert Platz 3, es kommen die ersten 2 weiter",
        ],
        "Zur Linde": [
            "1. Anna Berger ins Finale Platz 1 in Zur Linde",
            "2. Xaver Huber nicht qualifiziert schon über Zum Anker qualifiziert",
            "3. Bert Krause ins Finale Platz 3 in Zur Linde",
            "4. Carl Weiß nicht qualifiziert Platz 4, es kommen die ersten 2 weiter",
        ],
    }
    fits_the_phone(boss)

    # "Finale anlegen" at Linde in two weeks: a night of its own whose entries are the qualifiers; its draw
    # seats exactly them.
    final_day = TODAY + datetime.timedelta(days=14)
    boss.locator("#final").get_by_label("Datum").fill(final_day.isoformat())
    boss.locator("#final").get_by_label("Spielort").select_option(label="Zur Linde")
    boss.get_by_role("button", name="Finale anlegen").click()
    expect(boss.locator(".messages")).to_contain_text("Das Finale ist mit seinen 4 qualifizierten Spielern angelegt")
    final = Night.objects.get(is_final=True)
    assert (final.season_id, final.venue_id, final.date) == (season.pk, linde.pk, final_day)
    assert {e.player.name for e in Entry.objects.active().filter(night=final)} == QUALIFIED
    boss.goto(f"{live_server.url}{reverse('seating', args=[final.pk])}")
    boss.get_by_role("link", name="Plätze auslosen").click()
    boss.get_by_role("button", name="Jetzt auslosen").click()
    expect(boss.get_by_role("status")).to_contain_text("Plätze ausgelost")
    seated = set(Seat.objects.filter(table__night=final).values_list("entry__player__name", flat=True))
    assert seated == QUALIFIED
    shown = {n.strip() for n in boss.locator(".seat-list li").all_inner_texts()}
    assert shown == QUALIFIED
    # The late entry's list offers nobody else either: the final takes its qualifiers only.
    assert boss.locator('select[name="player"] option').all_inner_texts() == ["Spieler wählen…"]
    fits_the_phone(boss)

    # The landlady runs Anker's pages and is refused Linde's desk, cash, table and dealer links, and the
    # league's whole cash book.
    linde_table = Table.objects.get(night=linde_night)
    anchor_table = Table.objects.get(night=anchor_night)
    own = [
        ("registration_desk", anchor_night.pk),
        ("night_cash", anchor_night.pk),
        ("table_detail", anchor_table.pk),
        ("night_qr_sheet", anchor_night.pk),
    ]
    others = [
        ("registration_desk", linde_night.pk),
        ("night_cash", linde_night.pk),
        ("table_detail", linde_table.pk),
        ("night_qr_sheet", linde_night.pk),
        ("revoke_dealer_link", linde_table.pk),
        ("registration_desk", final.pk),
    ]
    assert {(name, pk): _status(landlady, live_server, name, pk) for name, pk in own} == dict.fromkeys(own, 200)
    assert {(name, pk): _status(landlady, live_server, name, pk) for name, pk in others} == dict.fromkeys(others, 403)
    assert _status(landlady, live_server, "cash_book") == 403
    landlady.goto(f"{live_server.url}{reverse('table_detail', args=[anchor_table.pk])}")
    expect(landlady.locator(".dealer-url")).to_contain_text(f"/dealer/{anchor_table.dealer_token}/")
    landlady.goto(f"{live_server.url}{reverse('registration_desk', args=[linde_night.pk])}")
    expect(landlady.get_by_role("heading", level=1)).to_have_text("Nicht erlaubt")
    fits_the_phone(landlady)
