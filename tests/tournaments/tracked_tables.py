"""A table played to its end through the tracker, for the statistics, replayer and export tests.

Anna deals first; Anna 1500, Ben 1500, Carl 300, Dora 1425. Blinds 25/50
(the first level; the clock is not started).

- Hand 1 (button Anna, Ben small blind, Carl big blind, Dora first): Dora
  raises to 150, everyone folds: Dora wins the blinds. The dealer typed
  Anna's cards (Jc Jd): never shown.
- Hand 2 (button Ben, Carl small blind with 250, Dora big blind with 1500,
  Anna first): Anna raises to 600, Ben folds (his cards typed: Tc Td, never
  shown), Carl calls all-in, Dora calls. Flop: Dora checks, Anna goes all-in,
  Dora calls all-in. Anna's aces win the main pot (750) and the side pot
  (2500): Dora and Carl are out (Dora started the hand with more: 3rd, Carl 4th).
- Hand 3 (heads-up, Anna against Ben): all-in and call, Anna's aces win: the table is finished.
"""

from __future__ import annotations

from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import Table

NEVER_SHOWN = ("Jc", "Jd", "Tc", "Td")


def play_tracked_table(organizer, *, night=None, names=("Anna", "Ben", "Carl", "Dora")) -> Table:
    a, b, c, d = names
    table = table_of({a: 1500, b: 1500, c: 300, d: 1425}, organizer, night=night)
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act(d, "raise", 150)
    dealer.act(a, "fold")
    dealer.act(b, "fold")
    dealer.act(c, "fold")
    dealer.cards("", **{a: "Jc Jd"})
    dealer.settle()
    dealer.next_hand()  # button b, c small blind, d big blind, a first
    dealer.act(a, "raise", 600)
    dealer.act(b, "fold")
    dealer.act(c, "allin")
    dealer.act(d, "call")
    dealer.act(d, "check")
    dealer.act(a, "allin")
    dealer.act(d, "allin")
    dealer.cards("2c 7d 9h 3s 4d", **{a: "As Ah", b: "Tc Td", c: "Qs Qh", d: "Ks Kh"})
    dealer.settle()
    dealer.next_hand()  # heads-up
    state = dealer.state
    first = state.engine.to_act
    other = b if first == a else a
    dealer.act(first, "allin")
    dealer.act(other, "call")
    dealer.cards("2c 7d 9h 3s 4d", **{a: "As Ah", b: "8s 8h"})
    dealer.settle()
    table.refresh_from_db()
    assert table.status == "finished", table.status
    return table
