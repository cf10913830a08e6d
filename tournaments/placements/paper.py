"""Tables played on paper: the organizer types the placements from the signed sheet.

They count exactly like tracked ones (the same `Placement` rows, reason
"manual"). A table that already has placements is corrected instead, each
changed place through `services.correct_placement`, so every correction keeps
its audit row (who, when, why). A form carries the version of the table it
was drawn from; a form opened before someone else changed the table is
refused rather than applied over the newer state.

A tracked table switched to paper (`switch.py`) is typed the same way for the players still in: its
tracked places stay, and the typed places are the order of the rest (1 up to how many were left).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import PaperSheet
from league.rules import standings
from league.web.rule_errors import rules_message
from tournaments.floor import services
from tournaments.models import Hand, Placement, PlacementCorrection, PlacementReason, Seat, Table, TableStatus
from tournaments.placements import services as placements_services


class ResultsError(services.NightError):
    """The results cannot be taken as typed; the message says why and nothing was saved."""


def _version(seats: Sequence[Seat], hands: int, on_paper: bool = False) -> str:
    placed = [(seat.pk, seat.placement.pk, seat.placement.place) for seat in seats if _placement(seat)]
    text = f"{sorted(seat.pk for seat in seats)}|{sorted(placed)}|{hands}|{on_paper}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _placement(seat: Seat) -> Placement | None:
    return getattr(seat, "placement", None)


def _seats(table: Table) -> list[Seat]:
    return list(table.seats.select_related("entry__player", "placement").order_by("position"))


class StaleResults(ResultsError):
    """The form was opened before the table last changed."""


@dataclass(frozen=True)
class ResultsForm:
    """What the results page needs: the seats with their places, what can be done, and the version it saw."""

    seats: list[Seat]
    # "enter" (a paper table), "paper" (a tracked table switched to paper: the rest's order is typed),
    # "correct" (all placed) or "tracked" (the tracker is placing it)
    mode: str
    version: str

    @property
    def remaining(self) -> list[Seat]:
        return [seat for seat in self.seats if not _placement(seat)]


def _on_paper(table: Table) -> bool:
    return PaperSheet.objects.filter(table_id=table.pk).exists()


def results_form(table: Table) -> ResultsForm:
    seats = _seats(table)
    hands = Hand.objects.filter(table=table).count()
    on_paper = _on_paper(table)
    placed = [seat for seat in seats if _placement(seat)]
    if placed and len(placed) == len(seats):
        mode = "correct"
    elif on_paper and (placed or hands):
        mode = "paper"
    elif placed or hands:
        mode = "tracked"
    else:
        mode = "enter"
    return ResultsForm(seats, mode, _version(seats, hands, on_paper))


def results_version(table: Table) -> str:
    """What a results form must have seen: the seats, their placements and the hands played."""
    return results_form(table).version


def _lock(table: Table, version: str) -> tuple[Table, list[Seat], int, bool]:
    table = Table.objects.select_for_update(of=("self",)).select_related("night").get(pk=table.pk)
    seats = _seats(table)
    hands = Hand.objects.filter(table=table).count()
    on_paper = _on_paper(table)
    if version != _version(seats, hands, on_paper):
        raise StaleResults(_("The table changed after this form was opened. Check the places below and save again."))
    return table, seats, hands, on_paper


def _checked_places(seats: Sequence[Seat], places: Sequence[tuple[int, int]]) -> dict[int, int]:
    """(seat id, place) pairs as typed -> {seat id: place}, or a message naming what is wrong."""
    by_id = {seat.pk: seat for seat in seats}
    counts = Counter(seat_id for seat_id, _place in places)
    twice = [by_id[seat_id].player.name for seat_id, n in counts.items() if n > 1 and seat_id in by_id]
    if twice:
        raise ResultsError(_("%(names)s is listed more than once.") % {"names": ", ".join(twice)})
    if any(seat_id not in by_id for seat_id in counts):
        raise ResultsError(_("That player does not sit at this table."))
    missing = [seat.player.name for seat in seats if seat.pk not in counts]
    if missing:
        raise ResultsError(
            ngettext("Enter the place of %(names)s.", "Enter the places of %(names)s.", len(missing))
            % {"names": ", ".join(missing)}
        )
    mapping = dict(places)
    try:
        standings.check_places(list(mapping.values()), len(seats))
    except standings.RulesError as error:
        raise ResultsError(rules_message(error)) from error
    return mapping


def _checked_knockouts(seats: Sequence[Seat], knockouts: Mapping[int, int] | None) -> dict[int, int]:
    """Knockouts typed from the sheet, {seat id: count} (a seat left out: not entered). Nobody knocks out
    more players than sat with him, and the table together no more than all but its winner. `seats`: the
    players typed (on a table switched to paper, those still in: the knockouts made on paper)."""
    if not knockouts:
        return {}
    by_id = {seat.pk: seat for seat in seats}
    if any(seat_id not in by_id for seat_id in knockouts):
        raise ResultsError(_("That player does not sit at this table."))
    most = len(seats) - 1
    for seat_id, count in knockouts.items():
        if not 0 <= count <= most:
            raise ResultsError(
                _("%(name)s cannot have knocked out %(count)s players: at most %(most)s sat with him.")
                % {"name": by_id[seat_id].player.name, "count": count, "most": most}
            )
    if sum(knockouts.values()) > most:
        raise ResultsError(
            _("The knockouts add up to %(total)s, but only %(most)s players can be knocked out at this table.")
            % {"total": sum(knockouts.values()), "most": most}
        )
    return dict(knockouts)


@transaction.atomic
def record_paper_results(
    *,
    table: Table,
    places: Sequence[tuple[int, int]],
    by: AbstractBaseUser,
    version: str,
    first_dealer_seat_id: int | None = None,
    knockouts: Mapping[int, int] | None = None,
) -> list[Placement]:
    """Every player of the table with his place from the signed sheet; the table is finished.

    On a table switched to paper, `places` are those of the players still in when it switched (1 up to how
    many they were); the places the tracker gave stay. Ties as on the tracker: players out in the same hand
    with equal chips share the best place they cover (1, 2, 3, 4, 4, 6). `knockouts` (optional, {seat id: count}) are the knockouts
    from the sheet, for a season that gives points for them; a seat not in it has none entered.
    """
    table, seats, hands, on_paper = _lock(table, version)
    placed = [seat for seat in seats if _placement(seat)]
    if table.status == TableStatus.FINISHED and placed:
        raise ResultsError(_("This table already has results: correct them instead."))
    if (hands or placed) and not on_paper:
        raise ResultsError(
            _(
                "The tracker follows this table: its places come from the hands played. Correct single places on the table page."
            )
        )
    if len(seats) < 2:
        raise ResultsError(_("A table needs at least two players."))
    remaining = [seat for seat in seats if not _placement(seat)]
    mapping = _checked_places(remaining, places)
    _check_whole_table(seats, mapping)
    typed_knockouts = _checked_knockouts(remaining, knockouts)
    if first_dealer_seat_id is not None and first_dealer_seat_id != table.first_dealer_id:
        if hands:
            raise ResultsError(_("The first dealer of a table with tracked hands cannot change."))
        seat = next((s for s in seats if s.pk == first_dealer_seat_id), None)
        if seat is None:
            raise ResultsError(_("That player does not sit at this table."))
        services.record_first_dealer(table=table, seat=seat, by=by)
    created = Placement.objects.bulk_create(
        Placement(
            table=table,
            seat=seat,
            place=mapping[seat.pk],
            reason=PlacementReason.MANUAL,
            knockouts=typed_knockouts.get(seat.pk),
        )
        for seat in remaining
    )
    PaperSheet.objects.update_or_create(table=table, defaults={"entered_by": by, "entered_at": timezone.now()})
    Table.objects.filter(pk=table.pk).update(status=TableStatus.FINISHED, finished_at=timezone.now())
    table.touch()  # a phone still showing the table sees it finished
    if hands:  # the tracked hands' statistics, kept as a finished tracked table's are
        transaction.on_commit(lambda: placements_services.keep_figures(table.pk))
    return sorted(created, key=lambda p: p.place)


def _check_whole_table(seats: Sequence[Seat], typed: Mapping[int, int]) -> None:
    """The typed places with the tracked ones make one result: the players still in take 1 up to how many they
    were, below the places the tracker gave (an organizer's correction of a tracked place may collide)."""
    if len(typed) == len(seats):
        return
    places = [typed.get(seat.pk) or seat.placement.place for seat in seats]
    try:
        standings.check_places(places, len(seats))
    except standings.RulesError as error:
        raise ResultsError(
            _("Together with the places the tracker gave, these places are no result: %(reason)s")
            % {"reason": rules_message(error)}
        ) from error


@transaction.atomic
def correct_results(
    *, table: Table, places: Sequence[tuple[int, int]], reason: str, by: AbstractBaseUser, version: str
) -> list[PlacementCorrection]:
    """A finished table's places corrected together, checked as a whole; one audit row per changed place."""
    table, seats, _hands, _paper = _lock(table, version)
    reason = reason.strip()
    if not reason:
        raise ResultsError(_("Give a reason for the correction."))
    if not seats or not all(_placement(seat) for seat in seats):
        raise ResultsError(
            _(
                "Every player at this table needs a place before the table can be corrected as a whole; correct single places on the table page."
            )
        )
    mapping = _checked_places(seats, places)
    changed = [seat.placement for seat in seats if seat.placement.place != mapping[seat.pk]]
    if not changed:
        raise ResultsError(_("Nothing changed: these are the recorded places."))
    for placement in changed:
        placements_services.correct_placement(
            placement=placement, place=mapping[placement.seat_id], reason=reason, by=by
        )
    return list(PlacementCorrection.objects.filter(placement__in=changed).order_by("placement__place"))
