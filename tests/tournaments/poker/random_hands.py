"""Random legal hands, for the property tests, the pokerkit comparison and the benchmark.

Actions are drawn from :meth:`Hand.legal_actions`, so every hand generated
here is legal by construction; the tests check what the engine makes of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tournaments.poker.cards import format_cards, shuffled_deck
from tournaments.poker.holdem import Action, Hand, HandSetup, LegalActions, Seat

NAMES = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana", "Ivo")


def random_stack(rng: random.Random, big_blind: int, *, short_rate: float = 0.25) -> int:
    """Mostly playable stacks, some very short (below a big blind), some deep."""
    r = rng.random()
    if r < short_rate:
        return rng.randint(1, 3 * big_blind)
    if r < 0.8:
        return rng.randint(5 * big_blind, 40 * big_blind)
    return rng.randint(40 * big_blind, 200 * big_blind)


def random_setup(
    rng: random.Random,
    *,
    players: int | None = None,
    short_rate: float = 0.25,
    sitting_out_rate: float = 0.1,
    zero_stack_rate: float = 0.0,
    above_big_blind: bool = False,
    rule: str | None = None,
) -> HandSetup:
    """A random table: 2-6 players, blinds, stacks, sitting-out flags, rule.

    ``above_big_blind`` gives every player more than a big blind (no short blinds).
    """
    n = players or rng.randint(2, 6)
    small = rng.choice((1, 5, 10, 25, 40, 50, 75, 100))
    big = 2 * small if rng.random() < 0.9 else small + rng.randint(1, small)
    stacks = [random_stack(rng, big, short_rate=short_rate) for _ in range(n)]
    if above_big_blind:
        stacks = [max(stack, big + 1) for stack in stacks]
    if zero_stack_rate:
        for k in range(n):
            if rng.random() < zero_stack_rate:
                stacks[k] = 0
        while sum(1 for s in stacks if s) < 2:
            stacks[rng.randrange(n)] = random_stack(rng, big)
    seats = tuple(
        Seat(name, stack, rng.random() < sitting_out_rate) for name, stack in zip(rng.sample(NAMES, n), stacks)
    )
    return HandSetup(
        players=seats,
        button=rng.choice([s.name for s in seats if s.stack]),
        small_blind=small,
        big_blind=big,
        min_bet_rule=rule or rng.choice(("league", "standard")),
    )


def random_action(legal: LegalActions, rng: random.Random, *, free_folds: bool = True) -> Action:
    """A random action among those ``legal`` allows, with a poker-ish mix."""
    name = legal.player
    facing = legal.call_amount > 0
    r = rng.random()
    if facing and r < 0.22 or not facing and free_folds and r < 0.02:
        return Action(name, "fold")
    if r < 0.62:
        if facing:
            return Action(name, "call")
        return Action(name, "check")
    if r < 0.70 and "allin" in legal.verbs:
        return Action(name, "allin")
    if legal.can_bet or legal.can_raise:
        verb = "bet" if legal.can_bet else "raise"
        low, high = legal.min_to, legal.max_to
        if r < 0.85:
            to = low
        elif r < 0.95:
            to = rng.randint(low, min(high, low * 3))
        else:
            to = high
        return Action(name, verb, to)
    return Action(name, "call" if facing else "check")


def play_random_hand(setup: HandSetup, rng: random.Random, *, free_folds: bool = True, max_actions: int = 500) -> Hand:
    """Play ``setup`` to the end of the betting with random legal actions."""
    hand = Hand(setup)
    for _ in range(max_actions):
        legal = hand.legal_actions()
        if legal is None:
            return hand
        hand.apply(random_action(legal, rng, free_folds=free_folds))
    raise AssertionError(f"the hand did not end after {max_actions} actions")


@dataclass(frozen=True)
class Deal:
    """Hole cards for every player dealt in and a five-card board."""

    hole_cards: dict[str, str]
    board: str


def random_deal(hand: Hand, rng: random.Random) -> Deal:
    deck = shuffled_deck(rng)
    hole = {}
    for name, stack in zip(hand.names, hand.starting_stacks):
        if stack:
            hole[name] = format_cards(deck[:2])
            del deck[:2]
    return Deal(hole, format_cards(deck[:5]))


def random_pot_winners(hand: Hand, rng: random.Random) -> list[list[str]]:
    """A dealer's random but valid choice of winners for each pot."""
    winners = []
    for pot in hand.pots():
        k = 1 if rng.random() < 0.8 else rng.randint(1, len(pot.eligible))
        winners.append(rng.sample(list(pot.eligible), k))
    return winners


def hand_as_contract_input(hand: Hand, deal: Deal | None = None, pot_winners: list[list[str]] | None = None) -> dict:
    """The ``replay_hand`` JSON input for a played hand."""
    setup = hand.setup
    blinds: dict = {"small": setup.small_blind, "big": setup.big_blind}
    if setup.ante:
        blinds.update(ante=setup.ante, ante_by=setup.ante_by)
    data: dict = {
        "blinds": blinds,
        "button": setup.button,
        "players": [
            {"name": s.name, "stack": s.stack, **({"sitting_out": True} if s.sitting_out else {})}
            for s in setup.players
        ],
        "actions": [
            {"player": a.player, "action": a.verb, **({"to": a.to} if a.to is not None else {})} for a in hand.actions
        ],
        "min_bet_rule": setup.min_bet_rule,
    }
    if deal is not None:
        data["hole_cards"] = {name: cards for name, cards in deal.hole_cards.items() if name in hand.in_hand}
        data["board"] = deal.board
    if pot_winners is not None:
        data["pot_winners"] = pot_winners
    return data
