"""Six tables at play for the upkeep tests: a dealer's next input at any table, and what a table holds.

Written against the tracker's services as they stood at commit 46102d7 as well (the same calls), so the tests
that use it can be run on that code to show they fail there.
"""

from __future__ import annotations

from tests.league.factories import make_night
from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import Action, Hand, TableStatus

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]


def six_tables(organizer, *, stack: int = 100_000) -> list[Dealer]:
    """A night of six tables of six, each with its first dealer (deep stacks: nobody busts for a long while)."""
    night = make_night()
    return [Dealer(table_of({f"{name} {n}": stack for name in NAMES}, organizer, night=night)) for n in range(1, 7)]


def next_input(dealer: Dealer, k: int = 0) -> str:
    """The next input a dealer would tap: deal, award the pots when the betting is over, else call or check
    (a raise, a fold, an all-in now and then, by `k`). Returns what was tapped."""
    state = dealer.state
    if state.table.status == TableStatus.FINISHED:
        return "finished"
    if not state.hand_open:
        dealer.next_hand()
        return "deal"
    legal = state.engine.legal_actions()
    if legal is None:  # the first player named in each pot wins it
        dealer.settle(pot_winners=[[pot.eligible[0]] for pot in state.engine.pots()])
        return "settle"
    seat_id = state.seat_by_name()[legal.player]
    name = next(seat.player.name for seat in state.seats if seat.pk == seat_id)
    if "raise" in legal.verbs and k % 7 == 3:
        dealer.act(name, "raise", legal.min_to)
        return "raise"
    if k % 5 == 4 and len(state.engine.in_hand) > 2:
        dealer.act(name, "fold")
        return "fold"
    dealer.act(name, "call" if "call" in legal.verbs else "check")
    return "call"


def held(table_id: int) -> tuple[int, int]:
    """(hands, actions) the table's rows hold."""
    return Hand.objects.filter(table_id=table_id).count(), Action.objects.filter(hand__table_id=table_id).count()
