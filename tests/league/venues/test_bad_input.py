"""Every bad input of a league with several pubs, through the organizer's pages: refused with a German message
on the page and nothing changed (every row of the league the same before and after, as a backup reads them).
The cases of the issue (a night moved to another venue after its draw, a venue deleted with nights, an
organizer without a venue) and those found beside them."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from league.backup.dump import league_objects
from league.models import Night, NightStatus, Season, Venue, VenueRole, default_venue
from tests.league.factories import make_night, make_season
from tournaments.clock import displays

pytestmark = pytest.mark.django_db
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
# int() reads Arabic-Indic digits: "٣" is 3. A real venue's id written with them must be refused too.
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
WEDNESDAY = datetime.date(2026, 11, 25)
PASSWORDS = {"password1": "Kneipe-am-Hafen-77", "password2": "Kneipe-am-Hafen-77"}


@dataclass
class League:
    client: Client  # a league organizer's
    linde: Venue
    anker: Venue
    season: Season  # counts every venue
    linde_season: Season  # counts Zur Linde only
    night: Night  # at Zur Linde, planned
    landlord: object  # Zum Anker's organizer, of that venue only


@pytest.fixture
def league(organizer_client, django_user_model) -> League:
    linde = Venue.objects.get(pk=default_venue())
    linde.name = "Zur Linde"
    linde.save()
    anker = Venue.objects.create(name="Zum Anker")
    season = make_season()
    linde_season = make_season(name="Linde-Pokal", venue=linde)
    landlord = django_user_model.objects.create_user(username="wirt", password="x", is_staff=True)
    VenueRole.objects.create(user=landlord)
    anker.organizers.add(landlord)
    night = make_night(season, venue=linde, date=WEDNESDAY)
    return League(organizer_client, linde, anker, season, linde_season, night, landlord)


# Each case sets up what it needs (before the league is read) and returns the bad input, a call of no arguments.


def _drawn(status: str) -> Callable:
    def set_up(league: League):
        Night.objects.filter(pk=league.night.pk).update(status=status)
        url = reverse("night_venue", args=[league.night.pk])
        return lambda: league.client.post(url, {"venue": league.anker.pk}, **GERMAN)

    return set_up


def _moved_to(venue_of: Callable[[League], object]) -> Callable:
    def set_up(league: League):
        url = reverse("night_venue", args=[league.night.pk])
        return lambda: league.client.post(url, {"venue": venue_of(league)}, **GERMAN)

    return set_up


def _deleted(league: League):
    return lambda: league.client.post(reverse("venue_delete", args=[league.anker.pk]), follow=True, **GERMAN)


def _night_of_a_venues_season_moved(league: League):
    night = make_night(league.linde_season, venue=league.linde, date=WEDNESDAY)
    return lambda: league.client.post(reverse("night_venue", args=[night.pk]), {"venue": league.anker.pk}, **GERMAN)


def _onto_a_taken_day(league: League):
    make_night(league.season, venue=league.anker, date=WEDNESDAY)
    return _moved_to(lambda league: league.anker.pk)(league)


def _anker_with_a_night(league: League):
    make_night(league.season, venue=league.anker, date=WEDNESDAY + datetime.timedelta(days=1))
    return _deleted(league)


def _anker_counted_alone(league: League):
    make_season(name="Anker-Cup", venue=league.anker)
    return _deleted(league)


def _anker_with_a_tv(league: League):
    displays.add_display(name="Deck", venue=league.anker)
    return _deleted(league)


def _new_organizer_without_venue(league: League):
    form = {"username": "wirtin", "role": "venue", **PASSWORDS}
    return lambda: league.client.post(reverse("organizer_add"), form, **GERMAN)


def _landlord_unticked(league: League):
    url = reverse("venue_edit", args=[league.anker.pk])
    return lambda: league.client.post(url, {"name": "Zum Anker", "organizers": []}, **GERMAN)


def _role_without_venue(league: League):
    url = reverse("organizer_role", args=[league.landlord.pk])
    return lambda: league.client.post(url, {"role": "venue", "confirmed": "1"}, **GERMAN)


def _night_planned_at(venue_of: Callable[[League], object]) -> Callable:
    def set_up(league: League):
        url = reverse("night_create", args=[league.season.pk])
        form = {"date": "2026-12-02", "starts_at": "19:30", "venue": venue_of(league)}
        return lambda: league.client.post(url, form, **GERMAN)

    return set_up


def _landlord_client(league: League) -> Client:
    client = Client()
    client.force_login(league.landlord)
    return client


def _landlord_plans_at_a_venue_not_his(league: League):
    league.landlord.venues.add(Venue.objects.create(name="Zur Post"))  # two of his: the form asks which
    client = _landlord_client(league)
    url = reverse("night_create", args=[league.season.pk])
    form = {"date": "2026-12-02", "starts_at": "19:30", "venue": league.linde.pk}
    return lambda: client.post(url, form, **GERMAN)


def _landlord_in_another_venues_season(league: League):
    client = _landlord_client(league)
    url = reverse("night_create", args=[league.linde_season.pk])
    return lambda: client.post(url, {"date": "2026-12-02", "starts_at": "19:30"}, **GERMAN)


def _season_held_to_one_venue_with_a_night_elsewhere(league: League):
    make_night(league.season, venue=league.anker, date=WEDNESDAY + datetime.timedelta(days=1))
    url = reverse("season_edit", args=[league.season.pk])
    form = league.client.get(url, **GERMAN).context["form"]
    values = {name: form[name].value() for name in form.fields}
    data = {name: value for name, value in values.items() if value is not None and value is not False and value != []}
    data.update(venue=league.linde.pk, confirm_overlap="on")  # it overlaps Zur Linde's own season, on purpose
    return lambda: league.client.post(url, data, **GERMAN)


def _venue_without_name(league: League):
    return lambda: league.client.post(reverse("venue_create"), {"name": "   "}, **GERMAN)


def _venue_named_as_another(league: League):
    return lambda: league.client.post(reverse("venue_edit", args=[league.anker.pk]), {"name": "zur linde"}, **GERMAN)


def _venue_of_a_weekday_that_is_none(league: League):
    return lambda: league.client.post(reverse("venue_create"), {"name": "Zur Post", "weekday": "9"}, **GERMAN)


MUST_HAVE_A_VENUE = "Ein Organisator eines Spielorts braucht mindestens einen Spielort"
NO_VALID_CHOICE = "gültige Auswahl"
CASES: dict[str, tuple[Callable, str | None]] = {
    "a night moved after its draw": (_drawn(NightStatus.SEATED), "Die Sitzordnung dieses Abends ist ausgelost"),
    "a finished night moved": (_drawn(NightStatus.FINISHED), "Die Sitzordnung dieses Abends ist ausgelost"),
    "a night moved out of its season's venue": (
        _night_of_a_venues_season_moved,
        "Diese Saison zählt nur die Abende in Zur Linde",
    ),
    "a night moved onto a day its new venue plays": (
        _onto_a_taken_day,
        "Zum Anker hat am 25.11.2026 schon einen Abend",
    ),
    "a night moved to a venue that is no id": (_moved_to(lambda league: "9" * 26), NO_VALID_CHOICE),
    "a night moved to a venue that does not exist": (_moved_to(lambda league: 99_999), NO_VALID_CHOICE),
    "a venue deleted with nights": (_anker_with_a_night, "Zum Anker hat Ligaabende (1)"),
    "a venue deleted that a season counts alone": (_anker_counted_alone, "Die Saison Anker-Cup zählt nur die Abende"),
    "a venue deleted with its TVs": (_anker_with_a_tv, "Zum Anker hat Fernseher (Deck)"),
    "a venue deleted whose organizer has no other": (_deleted, "wirt hätte dann keinen Spielort mehr"),
    "a new venue organizer without a venue": (_new_organizer_without_venue, MUST_HAVE_A_VENUE),
    "a venue organizer unticked from his last venue": (_landlord_unticked, "wirt hätte dann keinen Spielort mehr"),
    "an organizer's role without a venue": (_role_without_venue, MUST_HAVE_A_VENUE),
    "a night planned at a venue that does not exist": (_night_planned_at(lambda league: 99_999), NO_VALID_CHOICE),
    "a night planned at a venue that is no id": (
        _night_planned_at(lambda league: str(league.anker.pk).translate(ARABIC_INDIC)),
        NO_VALID_CHOICE,
    ),
    "a night moved to a venue in other digits": (
        _moved_to(lambda league: str(league.anker.pk).translate(ARABIC_INDIC)),
        NO_VALID_CHOICE,
    ),
    "a venue organizer planning at a venue not his": (_landlord_plans_at_a_venue_not_his, NO_VALID_CHOICE),
    "a venue organizer planning in another venue's season": (_landlord_in_another_venues_season, None),
    "a season held to one venue while it has a night at another": (
        _season_held_to_one_venue_with_a_night_elsewhere,
        "ist in Zum Anker",
    ),
    "a venue without a name": (_venue_without_name, "Dieses Feld ist zwingend erforderlich"),
    "a venue named as another": (_venue_named_as_another, "Es gibt schon einen Spielort namens zur linde"),
    "a venue's weekday that is none": (_venue_of_a_weekday_that_is_none, NO_VALID_CHOICE),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_refused_in_german_and_changes_nothing(league, case):
    set_up, words = CASES[case]
    bad_input = set_up(league)
    before = league_objects()
    response = bad_input()
    if words is None:  # a page that is not his: refused outright (docs/design.md, "Venues and who runs them")
        assert response.status_code == 403, case
    else:
        page = response.content.decode()
        assert response.status_code == 200, f"{case}: {response.status_code}"
        assert words in page, f"{case}: no “{words}” on the page"
    assert league_objects() == before, case
