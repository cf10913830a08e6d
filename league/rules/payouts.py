"""Who gets how much of the season jackpot: the places' amounts shared among tied players. Pure, no Django.

Players tied in the standings (equal points, equal count of every place and
equal nights played: everything but the name, which only orders the list)
share the money of the places they cover, cent-exactly. What does not divide
into whole cents (at most one cent less than the number of tied players) goes
one cent each to the tied players in the order the standings list them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Share:
    key: Hashable  # the player's id
    name: str
    first_place: int
    last_place: int  # > first_place: a tie covering several places
    amount: Decimal
    extra_cent: bool = False  # got one of the cents that did not divide

    @property
    def tied(self) -> bool:
        return self.last_place > self.first_place


def split_evenly(total: Decimal, count: int) -> list[Decimal]:
    """`total` in `count` shares to the cent; the first shares get the cents left over. Sums to `total` exactly."""
    if count < 1:
        raise ValueError("nobody to share with")
    total = Decimal(total).quantize(CENT)
    base = (total / count).quantize(CENT, rounding=ROUND_DOWN)
    extra = int((total - base * count) / CENT)
    return [base + CENT if index < extra else base for index in range(count)]


def share_places(ranked: Sequence[tuple[Hashable, str, Hashable]], place_amounts: Sequence[Decimal]) -> list[Share]:
    """`ranked`: (key, name, tie_key) in standings order; `place_amounts`: the money of 1st, 2nd, ... place.

    Returns a share for every player who gets money; the shares add up to the
    money of the places the players cover.
    """
    shares: list[Share] = []
    index = 0
    while index < len(ranked) and index < len(place_amounts):
        end = index + 1
        while end < len(ranked) and ranked[end][2] == ranked[index][2]:
            end += 1
        group = ranked[index:end]
        money = sum((Decimal(a) for a in place_amounts[index:end]), Decimal("0.00"))
        amounts = split_evenly(money, len(group))
        base = min(amounts)
        for (key, name, _tie), amount in zip(group, amounts):
            if amount > 0:
                shares.append(Share(key, name, index + 1, end, amount, extra_cent=amount > base))
        index = end
    return shares
