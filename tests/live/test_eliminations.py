"""Who went out, in the order the TV and the rail list them: the latest first, one hand's players by place."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from html import unescape

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils.html import strip_tags

from league.models import JackpotDeposit
from live.eliminations import latest_first
from live.rail import tables as rail
from live.tv import screens as tv
from tests.league.factories import make_night
from tests.tournaments.conftest import Dealer, table_of
from tournaments.clock import services as clock_control
from tournaments.models import Table, TvScreen

T0 = datetime.datetime(2026, 12, 6, 20, 0, tzinfo=datetime.UTC)


@dataclass
class Out:
    pk: int
    place: int
    hand_id: int | None
    seconds: float
    table_id: int = 1
    reason: str = "busted"

    @property
    def decided_at(self) -> datetime.datetime:
        return T0 + datetime.timedelta(seconds=self.seconds)


def places(placements) -> list[int]:
    return [p.place for p in latest_first(placements)]


def test_one_hands_players_are_listed_by_place_where_the_hand_falls_among_the_others():
    # Written best place first, a microsecond apart: by time alone "6." would come before "5.".
    assert places([Out(1, 7, 10, 0), Out(2, 5, 11, 60), Out(3, 6, 11, 60.000001), Out(4, 4, 12, 120)]) == [4, 5, 6, 7]
    # A table's winner is placed in the hand of the last bust: "1." above "2.".
    assert places([Out(1, 2, 20, 0), Out(2, 1, 20, 0.000001)]) == [1, 2]


def test_equal_places_keep_the_order_they_were_written_in_and_a_paper_table_is_one_moment_by_place():
    tied = latest_first([Out(1, 5, 11, 0), Out(2, 5, 11, 0.000001), Out(3, 7, 11, 0.000002)])
    assert [p.pk for p in tied] == [1, 2, 3]
    paper = [Out(k, place, None, k / 1e6, table_id=2, reason="manual") for k, place in enumerate((3, 1, 2), start=1)]
    alone = Out(9, 4, None, 30)  # disqualified between hands: a moment of its own
    assert places([*paper, alone]) == [4, 1, 2, 3]


@pytest.mark.django_db
def test_two_players_out_in_one_hand_show_in_place_order_on_the_tv_and_the_rail(organizer, client):
    """Anna covers everyone; Ben (300) and Carl (200) go out in one hand: Ben 3rd, Carl 4th (docs/rules.md)."""
    table = table_of({"Anna": 1000, "Ben": 300, "Carl": 200, "Dora": 1000}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Dora", "fold")
    dealer.act("Anna", "allin")
    dealer.act("Ben", "allin")
    dealer.act("Carl", "allin")
    dealer.settle(pot_winners=[["Anna"], ["Anna"]])
    assert [(p.place, p.seat.entry.player.name) for p in tv.eliminations(table.night)] == [(3, "Ben"), (4, "Carl")]
    assert [(gone.place, gone.name) for gone in rail.rail_table(table).eliminations] == [(3, "Ben"), (4, "Carl")]
    screens = " ".join(
        unescape(strip_tags(client.get(reverse("tv_screens", args=[table.night.pk])).content.decode())).split()
    )
    assert screens.index("3. Ben") < screens.index("4. Carl")
    card = " ".join(
        unescape(
            strip_tags(client.get(reverse("table_rail", args=[table.pk]), HTTP_HX_REQUEST="true").content.decode())
        ).split()
    )
    assert card.index("3. Ben") < card.index("4. Carl")


@pytest.mark.django_db
def test_the_tv_names_the_season_jackpot_with_what_tonight_adds_in_german_and_english(organizer, client):
    table = table_of({"Anna": 1000, "Ben": 1000}, organizer)
    night = table.night
    night.season.jackpot_share = Decimal("2.50")
    earlier = make_night(season=night.season, date=night.date - datetime.timedelta(days=7))
    JackpotDeposit.objects.create(
        table=Table.objects.create(night=earlier, number=1), amount=Decimal("100.00"), confirmed_by=organizer
    )
    tonight = tv.night_figures(night).jackpot
    assert tv.night_figures(night).season_jackpot == Decimal("100.00") + tonight
    url = reverse("clock_tv", args=[night.pk])
    german, english = (
        " ".join(
            unescape(strip_tags(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()))
            .replace("\xa0", " ")
            .split()
        )
        for language in ("de", "en")
    )
    money = f"{100 + tonight:.2f}".replace(".", ",")
    assert f"Saison-Jackpot{money} € +{tonight:.2f} € heute".replace(".", ",") in german  # dt and dd, unspaced
    assert "Season jackpot" in english and "tonight" in english and " heute" not in english


@pytest.mark.django_db
def test_a_long_announcement_is_on_the_tv_in_full_and_wraps(organizer, client):
    table = table_of({"Anna": 1000, "Ben": 1000}, organizer)
    line = "Die Küche schließt um 23 Uhr: Bestellungen bitte bis 22:45 an der Theke, danach gibt es nur noch Brezeln und Nüsse!"
    clock_control.set_tv(night=table.night, screen=TvScreen.CLOCK, announcement=line, spoken=False)
    page = client.get(reverse("clock_tv", args=[table.night.pk])).content.decode()
    assert line in page and 'class="tv-announcement long"' in page
    css = open(finders.find("css/tv.css"), encoding="utf-8").read()
    rule = css[css.index(".tv .tv-announcement {") :]
    rule = rule[: rule.index("}")]
    assert "white-space: normal" in rule and "ellipsis" not in rule and "nowrap" not in rule
