"""Who may open which page, over every URL pattern of the project: a league with two venues, the evening of
tests/evening.py played at venue A (its season counting venue A only), an organizer of each venue and a league
organizer. Venue B's organizer is refused every organizer page of venue A's rows (403 or 404, never a 200 or
a 500) and his POSTs change nothing; venue A's organizer opens his own nights' pages as the league organizer
does, and none of the league's own pages; the public pages stay public."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from league.backup.dump import league_objects
from league.cashbook import book
from league.models import Night, Venue, VenueRole
from online.federation import signing
from online.models import VenueKey
from tests.evening import build_evening
from tournaments.clock import displays

pytestmark = pytest.mark.django_db

# Signing in and out and the language belong to the visitor's session, not to a venue.
SKIPPED = {"login", "logout", "set_language", "admin:login", "admin:logout"}
# A venue's laptop speaks to these with a one-time code or its signature, never a session
# (tests/online/federation).
SKIPPED |= {"league_link_join", "league_link_snapshot"}

# The pages a venue organizer opens for the nights of his venues (and those that name no row: his home, tonight's
# page, his password). Every other organizer page is the league organizers'.
VENUE_ORGANIZER_PAGES = {
    "organizer_home",
    "tonight",
    "password_change",
    "night_create",
    "night_tonight",
    "night_registration",
    "registration_desk",
    "desk_register",
    "desk_new_player",
    "entry_take_fee",
    "entry_withdraw",
    "seating_draw",
    "late_entry",
    "walk_in",
    "way_on",
    "entry_pay_and_seat",
    "entry_withdraw_unseated",
    "night_finish",
    "table_detail",
    "first_dealer",
    "revoke_dealer_link",
    "organizer_tracker",
    "organizer_tracker_revision",
    "organizer_tracker_clock",
    "hand_history",
    "hand_json",
    "table_results",
    "placement_correct",
    "paper_switch",
    "clock_control",
    "clock_tv_settings",
    "clock_breaks",
    "clock_act",
    "display_add",
    "display_change",
    "display_remove",
    "night_qr_sheet",
    "table_hands_file",
    "night_hands_file",
    "night_cash",
    "night_cash_reopen",
    "night_cash_pdf",
    "night_jackpot",
    "venue_jackpot",
    "confirm_deposit",
    "night_sheets_pdf",
    "table_sheet_pdf",
    "choose_venue",
    "league_send_night",
}
NAMING_NO_ROW = {"organizer_home", "tonight", "password_change", "choose_venue"}


def _named_patterns(resolver: URLResolver = None, namespace: str = "") -> list[tuple[str, list[str]]]:
    """Every named URL pattern as (name with its namespace, the names of its parts)."""
    found = []
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            found.extend(_named_patterns(pattern, inner))
        elif isinstance(pattern, URLPattern) and pattern.name:
            found.append((namespace + pattern.name, list(pattern.pattern.regex.groupindex)))
    return found


def _laptop_key(evening) -> VenueKey:
    """A laptop joined for venue A (the league link's pages name it)."""
    key = VenueKey.objects.filter(venue_id=evening.tonight.venue_id).first()
    return key or VenueKey.objects.create(venue_id=evening.tonight.venue_id, public_key=signing.new_key()[1])


def _fill(name: str, parts: list[str], evening, organizer) -> str | None:
    night_ct = ContentType.objects.get_for_model(Night)
    # Venue A's TV: its organizer manages it, venue B's does not.
    tv = (
        displays.displays()[0] if displays.displays() else displays.add_display(name="Bar", venue=evening.tonight.venue)
    )
    values = {
        "display_id": tv.pk,
        "key": tv.key,
        "digest": "0" * 64,
        "extension": "png",
        "night_id": evening.tonight.pk,
        "venue_id": evening.tonight.venue_id,
        "table_id": evening.tracked_table.pk,
        "entry_id": evening.unpaid_entry.pk,
        "placement_id": evening.placement.pk,
        "season_id": evening.season.pk,
        "player_id": evening.player.pk,
        "number": 1,
        "fmt": "phh" if "hands" in name else "csv",
        "action": "pause",
        "token": evening.tracked_table.dealer_token or "no-token",
        "ref": next(line.ref for line in book.all_lines() if line.night_id == evening.tonight.pk),
        "round_id": 1,
        "object_id": evening.tonight.pk,
        "content_type_id": night_ct.pk,
        "app_label": "league",
        "url": "league/night/",
        "id": organizer.pk,
        "user_id": organizer.pk,
        "key_id": _laptop_key(evening).pk,
    }
    missing = [part for part in parts if part not in values]
    assert not missing, f"{name}: give the test a value for {missing}"
    return reverse(name, kwargs={part: values[part] for part in parts})


@pytest.fixture
def league(organizer, django_user_model):
    evening = build_evening(organizer)
    venue_a = Venue.objects.get(pk=evening.tonight.venue_id)
    venue_b = Venue.objects.create(name="Zum Anker", address="Hafenstraße 1")
    evening.season.venue = venue_a
    evening.season.save()
    assert Night.objects.exclude(venue=venue_a).count() == 0
    organizers = {}
    for key, venue in (("a", venue_a), ("b", venue_b)):
        user = django_user_model.objects.create_user(username=f"wirt-{key}", password="x", is_staff=True)
        VenueRole.objects.create(user=user)
        venue.organizers.add(user)
        client = Client()
        client.force_login(user)
        organizers[key] = client
    league_client = Client()
    league_client.force_login(organizer)
    urls = [(name, _fill(name, parts, evening, organizer)) for name, parts in _named_patterns() if name not in SKIPPED]
    return evening, organizers["a"], organizers["b"], league_client, urls


def _public(client: Client, url: str) -> bool:
    """Whether a visitor who is not logged in is let in (a page, a redirect elsewhere than the login, an event
    stream's 204, a house game's POST-only 405): a page for everyone, which any organizer may open too."""
    response = client.get(url)
    if response.status_code == 302:
        return "/login/" not in response["Location"]
    return response.status_code not in (403, 404)


def _refused(status: int, response, name: str) -> bool:
    if name.startswith("admin:"):  # the admin sends whoever it refuses to its own login page
        return status in (403, 404) or (status == 302 and "/admin/login/" in response["Location"])
    return status in (403, 404)


def test_venue_b_organizer_is_refused_every_organizer_page_of_venue_a_and_changes_nothing(league):
    evening, _, venue_b, _, urls = league
    anonymous = Client()
    # Not the public pages (the dealer's link notes that a phone opened it), nor his own home, tonight's page
    # and password.
    organizer_pages = [(n, url) for n, url in urls if n not in NAMING_NO_ROW and not _public(anonymous, url)]
    before = league_objects()
    wrong = []
    for name, url in organizer_pages:
        # A page of one method answers the other 405 (nothing done); the one it has must refuse him.
        answers = {method: getattr(venue_b, method)(url) for method in ("get", "post")}
        statuses = {method: response.status_code for method, response in answers.items()}
        refused = [method for method, response in answers.items() if _refused(response.status_code, response, name)]
        if not refused or any(status != 405 for method, status in statuses.items() if method not in refused):
            wrong.append(f"{url} ({name}): {statuses}")
    assert not wrong, "\n".join(wrong)
    assert len(organizer_pages) > 80
    assert league_objects() == before


def test_venue_b_organizers_own_pages_show_none_of_venue_a(league):
    evening, _, venue_b, _, _ = league
    home = venue_b.get(reverse("organizer_home"))
    tonight = venue_b.get(reverse("tonight"))
    desk_link = reverse("registration_desk", args=[evening.tonight.pk])
    assert home.status_code == 200 and tonight.status_code == 200
    assert desk_link not in home.content.decode() and desk_link not in tonight.content.decode()


def test_venue_a_organizer_runs_his_nights_as_the_league_organizer_does_and_nothing_of_the_league(league):
    _, venue_a, _, league_organizer, urls = league
    anonymous = Client()
    wrong = []
    for name, url in urls:
        if _public(anonymous, url):
            continue
        expected = league_organizer.get(url).status_code
        response = venue_a.get(url)
        assert expected != 500 and response.status_code != 500, url
        if name in VENUE_ORGANIZER_PAGES:
            if response.status_code != expected:
                wrong.append(f"{url} ({name}): {response.status_code}, the league organizer {expected}")
        elif not (_refused(response.status_code, response, name) or response.status_code == expected == 404):
            wrong.append(f"{url} ({name}): {response.status_code}, a league organizer's page")
    assert not wrong, "\n".join(wrong)


def test_a_page_for_venue_organizers_opens_for_his_own_nights_with_a_page_or_a_redirect(league):
    evening, venue_a, _, _, _ = league
    for url in (
        reverse("registration_desk", args=[evening.desk_night.pk]),
        reverse("clock_control", args=[evening.tonight.pk]),
        reverse("night_cash", args=[evening.tonight.pk]),
        reverse("table_detail", args=[evening.tracked_table.pk]),
        reverse("organizer_tracker", args=[evening.tracked_table.pk]),
        reverse("night_create", args=[evening.season.pk]),
    ):
        assert venue_a.get(url).status_code in (200, 302), url
