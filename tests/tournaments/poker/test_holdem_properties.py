"""Invariants of the engine over random legal hands (hypothesis).

Hands come from ``legal_actions()`` (random_hands.py): 2-6 players, stacks
from below a big blind to 200 big blinds, players without chips, players
sitting out, both minimum-bet rules, settled by random cards or by random
dealer-named winners. Hypothesis draws the table's shape and a seed for the
rest: its own ``randoms()`` lean so hard towards small numbers that almost
every hand ended in an instant fold.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.poker.random_hands import (
    random_action,
    random_deal,
    random_pot_winners,
    random_setup,
)
from tournaments.poker.holdem import VERBS, Action, Hand, HandResult, replay

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check_to_act(hand: Hand) -> None:
    """The player to act is in the hand, has chips, is present, and has a decision."""
    name = hand.to_act
    assert name is not None
    assert name in hand.in_hand and name not in hand.folded and name not in hand.all_in
    assert hand.stacks[name] > 0
    assert name not in hand.sitting_out
    legal = hand.legal_actions()
    others_with_chips = [n for n in hand.in_hand if n != name and hand.stacks[n] > 0]
    assert legal.call_amount > 0 or others_with_chips, "asked to act without a decision"


def _check_legal_actions_match_verify(hand: Hand) -> None:
    """``legal_actions()`` and ``can_apply`` agree, at the edges of the amounts."""
    legal = hand.legal_actions()
    name = legal.player
    for verb in ("fold", "check", "call", "allin"):
        assert hand.can_apply(Action(name, verb)) == (verb in legal.verbs), verb
    for verb in ("bet", "raise"):
        allowed = verb in legal.verbs
        assert allowed == (legal.can_bet if verb == "bet" else legal.can_raise)
        if allowed:
            assert hand.can_apply(Action(name, verb, legal.min_to))
            assert hand.can_apply(Action(name, verb, legal.max_to))
            assert not hand.can_apply(Action(name, verb, legal.max_to + 1))
            if legal.min_to < legal.max_to:
                assert not hand.can_apply(Action(name, verb, legal.min_to - 1))
        else:
            assert not hand.can_apply(Action(name, verb, legal.max_to or legal.committed + legal.stack))
    for other in hand.names:
        if other != name:
            assert not any(hand.can_apply(Action(other, verb)) for verb in VERBS)


def _check_pots(hand: Hand) -> None:
    assert sum(hand.stacks.values()) + hand.pot_total == sum(hand.starting_stacks)
    pots = hand.pots()
    uncalled = hand.uncalled
    assert sum(p.amount for p in pots) + (uncalled[1] if uncalled else 0) == hand.pot_total
    contributed = hand.total_contributed
    if uncalled:
        contributed[uncalled[0]] -= uncalled[1]
    levels = [p.level for p in pots]
    assert levels == sorted(set(levels))
    for pot in pots:
        assert pot.amount > 0 and pot.eligible
        for name in pot.eligible:
            assert name in hand.in_hand
            assert contributed[name] >= pot.level or hand.stacks[name] > 0
        if hand.is_betting_over:
            assert set(pot.eligible) == {n for n in hand.in_hand if contributed[n] >= pot.level}


def _check_result(hand: Hand, result: HandResult) -> None:
    start = dict(zip(hand.names, hand.starting_stacks))
    assert sum(result.stacks.values()) == sum(start.values())
    assert all(chips >= 0 for chips in result.stacks.values())
    contributed = hand.total_contributed
    for name, chips in result.returned.items():
        contributed[name] -= chips
    for name in hand.names:
        # Nobody wins from an opponent more than he himself put in against him.
        net = result.stacks[name] - start[name]
        at_risk = sum(min(contributed[name], contributed[o]) for o in hand.names if o != name)
        assert net <= at_risk
        if name in hand.folded:
            assert net == -contributed[name]
    for pot in result.pots:
        assert set(pot.winners) <= set(pot.eligible)
        assert sum(pot.shares) == pot.amount
        assert max(pot.shares) - min(pot.shares) <= 1
    assert set(result.busted) == {n for n in hand.names if start[n] and not result.stacks[n]}
    order = [(-start[n], hand.names.index(n)) for n in result.busted]
    assert order == sorted(order)


SEEDS = st.integers(min_value=0, max_value=2**64)


@SETTINGS
@given(
    seed=SEEDS,
    players=st.integers(2, 6),
    rule=st.sampled_from(("league", "standard")),
    short_rate=st.sampled_from((0.0, 0.25, 0.6)),
    settle_by_cards=st.booleans(),
)
def test_random_legal_hands_keep_every_invariant(
    seed: int, players: int, rule: str, short_rate: float, settle_by_cards: bool
) -> None:
    rng = random.Random(seed)
    setup = random_setup(
        rng, players=players, rule=rule, short_rate=short_rate, sitting_out_rate=0.15, zero_stack_rate=0.05
    )
    hand = Hand(setup)
    for _ in range(300):  # terminates: far more than any hand needs
        _check_pots(hand)
        if hand.to_act is None:
            break
        _check_to_act(hand)
        _check_legal_actions_match_verify(hand)
        hand.apply(random_action(hand.legal_actions(), rng))
    assert hand.is_betting_over and hand.to_act is None and hand.legal_actions() is None

    again = replay(setup, hand.actions)
    assert (again.stacks, again.total_contributed, again.street, again.pots()) == (
        hand.stacks,
        hand.total_contributed,
        hand.street,
        hand.pots(),
    )

    if settle_by_cards:
        deal = random_deal(hand, rng)
        result = hand.settle(deal.hole_cards, deal.board)
    else:
        result = hand.settle(pot_winners=random_pot_winners(hand, rng))
    _check_result(hand, result)


@SETTINGS
@given(seed=SEEDS, players=st.integers(2, 3))
def test_heads_up_and_short_stacks_still_end_with_every_chip_accounted_for(seed: int, players: int) -> None:
    rng = random.Random(seed)
    setup = random_setup(rng, players=players, short_rate=0.7, sitting_out_rate=0.2)
    hand = Hand(setup)
    while hand.to_act is not None:
        _check_to_act(hand)
        hand.apply(random_action(hand.legal_actions(), rng))
    _check_pots(hand)
    result = hand.settle(pot_winners=random_pot_winners(hand, rng))
    _check_result(hand, result)
