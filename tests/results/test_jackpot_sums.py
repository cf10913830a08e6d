"""The jackpot's sums per night, read in one statement, are to the cent what the ORM's aggregates gave, with
amounts whose sum a float gets wrong (SQLite adds decimals as floats) and a reversed deposit left out."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Count, Sum
from django.utils import timezone

from league.models import Entry, JackpotDeposit, Season
from league.web.money import cents
from results.jackpot import season_jackpot
from tests.evening import build_evening
from tournaments.models import Seat, Table

pytestmark = pytest.mark.django_db


def _by_the_orm(season: Season) -> dict[int, tuple[int, Decimal, Decimal, int]]:
    """(tables, expected, confirmed, confirmed tables) per night: the three aggregates the page used to ask."""
    tables = dict(
        Table.objects.filter(night__season=season)
        .order_by()
        .values("night_id")
        .annotate(n=Count("id"))
        .values_list("night_id", "n")
    )
    expected = dict(
        Seat.objects.filter(table__night__season=season)
        .order_by()
        .values("table__night_id")
        .annotate(total=Sum("entry__jackpot_share"))
        .values_list("table__night_id", "total")
    )
    deposits = {
        night: (total, n)
        for night, total, n in JackpotDeposit.objects.standing()
        .filter(table__night__season=season)
        .order_by()
        .values("table__night_id")
        .annotate(total=Sum("amount"), n=Count("id"))
        .values_list("table__night_id", "total", "n")
    }
    return {
        night: (
            count,
            cents(expected.get(night)),
            cents(deposits.get(night, (None, 0))[0]),
            deposits.get(night, (0, 0))[1],
        )
        for night, count in tables.items()
    }


def test_each_nights_sums_are_the_orms_to_the_cent(organizer):
    evening = build_evening(organizer)
    for share, entry in zip(("0.10", "0.20", "0.70", "0.01", "2.33", "0.07"), Entry.objects.order_by("pk")):
        Entry.objects.filter(pk=entry.pk).update(jackpot_share=Decimal(share))
    JackpotDeposit.objects.create(table=evening.played_table, amount=Decimal("0.30"), confirmed_by=organizer)
    JackpotDeposit.objects.filter(table=evening.played_table).update(
        reversed_at=timezone.now(), reversed_by=organizer, reversal_reason="Falsch"
    )
    JackpotDeposit.objects.create(table=evening.played_table, amount=Decimal("0.10"), confirmed_by=organizer)
    JackpotDeposit.objects.create(table=evening.paper_table, amount=Decimal("0.20"), confirmed_by=organizer)

    report = season_jackpot(evening.season)
    shown = {n.night_id: (n.tables, n.expected, n.confirmed, n.confirmed_tables) for n in report.nights}

    assert shown == _by_the_orm(evening.season)
    assert report.total == Decimal("0.30")
