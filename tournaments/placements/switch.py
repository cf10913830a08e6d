"""A tracked table switched to paper when its phone dies, and back while nothing was typed.

The rule is in docs/rules.md ("A table that goes on on paper"): the hands played to the end and the places
they gave stay; a hand still being played is abandoned, as if it had not been dealt, so the chips stand
where the last finished hand left them and the stored hands still replay. A disqualification during that
hand stands: his chips as they were before the hand leave play. The table is marked by its `PaperSheet`
(the sheet the organizer will type from), which the dealer's link reads with the seats and then refuses
every tap. Back to the tracker is possible until the places are typed (the table is finished then).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import DEFAULT_DB_ALIAS, transaction
from django.utils.translation import gettext as _

from league.models import NightStatus, PaperSheet
from tournaments.floor import services
from tournaments.models import Action, Hand, HandStatus, Placement, PlacementReason, Seat, Table, TableStatus
from tournaments.tracker import services as tracker


class SwitchError(services.NightError):
    """The table cannot be switched (or switched back) now; the message says why and nothing changed."""


@dataclass(frozen=True)
class PaperSwitch:
    """What the confirmation page shows: where the table stands and what a switch would do."""

    table: Table
    on_paper: bool
    hands: int  # hands played to the end (they stay)
    open_hand: Hand | None  # the hand being played: abandoned by a switch
    placed: list[Seat]  # with their places, best first
    remaining: list[Seat]  # the players whose order is typed from the sheet
    stacks: dict[int, int]  # seat id -> chips where the last finished hand left them (the paper game's start)
    refusal: str  # why a switch (or a switch back) is not possible now; "" if it is

    @property
    def version(self) -> str:
        return self.table.revision

    @property
    def chips(self) -> list[tuple[Seat, int]]:
        """The players still in with the chips they go on with on paper."""
        return [(seat, self.stacks.get(seat.pk, 0)) for seat in self.remaining]


def _refusal(table: Table, on_paper: bool) -> str:
    if table.night.status == NightStatus.FINISHED:
        return _("The night is finished: its tables can no longer change.")
    if table.status == TableStatus.FINISHED:
        if on_paper:
            return _("The places of this table were typed in already: correct them on the results page.")
        return _("This table is finished.")
    return ""


def paper_switch(table: Table) -> PaperSwitch:
    """The table as the confirmation page shows it (the table's revision is the version the page saw)."""
    state = tracker.state_from_rows(table.pk)
    open_hand = state.hand if state.hand_open else None
    complete = Hand.objects.filter(table_id=table.pk, status=HandStatus.COMPLETE).count()
    placed = sorted(state.placed, key=lambda seat: (seat.placement.place, seat.position))
    stacks = {p["seat"]: p["stack"] for p in open_hand.players} if open_hand else dict(state.stacks)
    return PaperSwitch(
        table=state.table,
        on_paper=state.on_paper,
        hands=complete,
        open_hand=open_hand,
        placed=placed,
        remaining=state.remaining,
        stacks=stacks,
        refusal=_refusal(state.table, state.on_paper),
    )


def _locked(table: Table, version: str) -> tracker.TableState:
    state = tracker.state_from_rows(table.pk, lock=True)
    if not isinstance(version, str) or version != state.table.revision:
        raise SwitchError(
            _("The table changed after this page was opened (a tap on the phone?). Check it below and confirm again.")
        )
    return state


@transaction.atomic
def switch_to_paper(*, table: Table, by: AbstractBaseUser, version: str) -> PaperSheet:
    """The table goes on on paper: its finished hands and places stay, a hand being played is abandoned."""
    state = _locked(table, version)
    if state.on_paper and state.table.status != TableStatus.FINISHED:
        raise SwitchError(_("This table goes on on paper already."))
    refusal = _refusal(state.table, state.on_paper)
    if refusal:
        raise SwitchError(refusal)
    if state.hand_open:
        _abandon(state)
    sheet = PaperSheet.objects.create(table=state.table, entered_by=by)
    # A new revision: every phone showing the table reloads and finds it read-only; the tracker's copy of the
    # latest hands goes with the abandoned hand (the next read makes it again from the rows).
    Table.objects.filter(pk=state.table.pk).update(tracker_snapshot=None)
    state.table.touch()
    return sheet


def _abandon(state: tracker.TableState) -> None:
    """The open hand goes, as if never dealt: the chips stand where the last finished hand left them."""
    hand = state.hand
    start = {p["seat"]: p["stack"] for p in hand.players}
    for seat in state.placed:
        placement = seat.placement
        if placement.hand_id == hand.pk and placement.reason == PlacementReason.DISQUALIFIED:
            # His disqualification stands; with the hand undone, what he had before it leaves play.
            Placement.objects.filter(pk=placement.pk).update(hand=None, chips_removed=start.get(seat.pk, 0))
    Action.objects.filter(hand_id=hand.pk)._raw_delete(DEFAULT_DB_ALIAS)
    Hand.objects.filter(pk=hand.pk).delete()
    if not Hand.objects.filter(table_id=state.table.pk).exists():
        Table.objects.filter(pk=state.table.pk).update(status=TableStatus.WAITING)


@transaction.atomic
def back_to_tracker(*, table: Table, version: str) -> None:
    """The phone is back before any place was typed: the dealer's link takes taps again."""
    state = _locked(table, version)
    if not state.on_paper:
        raise SwitchError(_("This table is not on paper: the tracker follows it."))
    if state.table.status == TableStatus.FINISHED or state.table.night.status == NightStatus.FINISHED:
        raise SwitchError(_("The places of this table were typed in already: it stays on paper."))
    PaperSheet.objects.filter(table_id=state.table.pk).delete()
    state.table.touch()
