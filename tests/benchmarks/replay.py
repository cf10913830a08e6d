"""How fast a stored hand is replayed: ``python -m tests.benchmarks.replay``.

The tracker rebuilds a hand from its stored actions on every request, so the
replay must stay well under a millisecond for a typical hand. This generates a
few hundred random legal 6-player hands with a fixed seed, then times:

- ``replay(setup, actions)`` plus ``pots()`` and ``legal_actions()``: what a
  tracker request does;
- ``replay_hand(data)``: the whole ``replay_hand`` contract (validation,
  replay, showdown with cards or named winners, output dict).

It prints figures; it asserts nothing (docs/architecture.md: no timed assertions).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from tests.tournaments.poker.random_hands import (
    hand_as_contract_input,
    play_random_hand,
    random_deal,
    random_pot_winners,
    random_setup,
)
from tournaments.poker.holdem import replay
from tournaments.poker.replay import replay_hand

SEED = 2024


def _stored_hands(count: int) -> list[tuple]:
    rng = random.Random(SEED)
    hands = []
    for _ in range(count):
        setup = random_setup(rng, players=6, sitting_out_rate=0.05)
        hand = play_random_hand(setup, rng)
        if rng.random() < 0.5:
            data = hand_as_contract_input(hand, deal=random_deal(hand, rng))
        else:
            data = hand_as_contract_input(hand, pot_winners=random_pot_winners(hand, rng))
        hands.append((setup, list(hand.actions), data))
    return hands


def _time(label: str, work: Callable[[], None], hands: int, repeat: int, rounds: int) -> None:
    runs = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(repeat):
            work()
        runs.append((time.perf_counter() - start) / (repeat * hands))
    best, median = min(runs), statistics.median(runs)
    print(f"{label:<44} {1 / best:>10,.0f} hands/s   {best * 1e6:>7.1f} µs/hand (best)   "
          f"{median * 1e6:>7.1f} µs/hand (median of {rounds})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="stored hands to generate (default 300)")
    parser.add_argument("--repeat", type=int, default=20, help="replays of all hands per round (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    args = parser.parse_args()

    hands = _stored_hands(args.hands)
    actions = [len(h[1]) for h in hands]
    long_hands = [h for h in hands if len(h[1]) >= 10]
    print(f"{len(hands)} stored 6-player hands (seed {SEED}): {statistics.mean(actions):.1f} actions on average, "
          f"at most {max(actions)}; {len(long_hands)} with 10 or more")

    def tracker_request(subset=hands) -> Callable[[], None]:
        def work() -> None:
            for setup, recorded, _ in subset:
                hand = replay(setup, recorded)
                hand.pots()
                hand.legal_actions()
        return work

    def contract(subset=hands) -> Callable[[], None]:
        def work() -> None:
            for _, _, data in subset:
                replay_hand(data)
        return work

    _time("replay + pots + legal_actions", tracker_request(), len(hands), args.repeat, args.rounds)
    if long_hands:
        _time("  the same, hands of 10+ actions only", tracker_request(long_hands), len(long_hands),
              args.repeat, args.rounds)
    _time("replay_hand contract (dict in, dict out)", contract(), len(hands), args.repeat, args.rounds)


if __name__ == "__main__":
    main()
