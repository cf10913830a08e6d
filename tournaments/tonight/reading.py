"""What tonight's page reads: which night is tonight, and the facts of its evening (a fixed number of queries)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from league.models import CashCount, JackpotDeposit, Night, NightStatus, PaperSheet
from tournaments.models import ClockState, Table, TableStatus
from tournaments.tonight.evening import EveningFacts, Step, TableFacts, evening_steps, table_gaps


def tonights_night(today: datetime.date | None = None, *, among: QuerySet[Night] | None = None) -> Night | None:
    """The night the organizer runs now: the latest one not finished that has begun (a night goes on past
    midnight), else the next one planned, else today's finished one, else the latest one there is. `among`:
    the nights this organizer runs (a venue organizer's venues'); every night if not given."""
    today = today or timezone.localdate()
    nights = (Night.objects.all() if among is None else among).select_related("season")
    open_nights = nights.exclude(status=NightStatus.FINISHED)
    return (
        open_nights.filter(date__lte=today).order_by("-date", "-pk").first()
        or open_nights.filter(date__gt=today).order_by("date", "pk").first()
        or nights.filter(date=today).order_by("-pk").first()
        or nights.order_by("-date", "-pk").first()
    )


@dataclass(frozen=True)
class TableLine:
    table: Table
    facts: TableFacts
    gaps: tuple[str, ...]


@dataclass(frozen=True)
class Evening:
    night: Night
    facts: EveningFacts
    steps: list[Step]
    tables: list[TableLine]
    waiting: int = 0  # paid after the draw, no table could take them: each waits for his way on (docs/rules.md)

    @property
    def due(self) -> Step | None:
        return next((step for step in self.steps if step.state == "now"), None)


def evening(night: Night) -> Evening:
    """The night's steps and tables as they stand."""
    counts = night.entries.aggregate(
        entries=Count("pk", filter=Q(withdrawn_at__isnull=True)),
        paid=Count("pk", filter=Q(withdrawn_at__isnull=True, paid_at__isnull=False)),
        waiting=Count("pk", filter=Q(withdrawn_at__isnull=True, paid_at__isnull=False, seat__isnull=True)),
    )
    tables = list(Table.objects.filter(night=night).order_by("number"))
    on_paper = set(PaperSheet.objects.filter(table__night=night).values_list("table_id", flat=True))
    deposits = set(JackpotDeposit.objects.filter(table__night=night).values_list("table_id", flat=True))
    lines = []
    for table in tables:
        facts = TableFacts(
            number=table.number,
            first_dealer=table.first_dealer_id is not None,
            qr_printed=table.qr_printed_at is not None,
            phone_opened=table.dealer_link_opened_at is not None,
            on_paper=table.pk in on_paper,
            finished=table.status == TableStatus.FINISHED,
            deposit_confirmed=table.pk in deposits,
        )
        lines.append(TableLine(table, facts, table_gaps(facts)))
    facts = EveningFacts(
        status=night.status,
        entries=counts["entries"],
        paid=counts["paid"],
        tables=tuple(line.facts for line in lines),
        clock_started=ClockState.objects.filter(night=night, started_at__isnull=False).exists(),
        cash_counted=CashCount.objects.filter(night=night).exists(),
    )
    waiting = counts["waiting"] if night.status == NightStatus.SEATED else 0
    return Evening(night, facts, evening_steps(facts), lines, waiting)
