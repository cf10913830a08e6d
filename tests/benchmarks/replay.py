"""How fast a stored hand is replayed: ``python -m tests.benchmarks.replay``.

The tracker rebuilds a hand from its stored actions on every request, so the
replay must stay well under a millisecond for a typical hand. This generates a
few hundred random legal 6-player hands with a fixed seed, then times:

- ``replay(setup, actions)`` plus ``pots()`` and ``legal_actions()``: what a
  tracker request does;
- ``replay_hand(data)``: the whole ``replay_hand`` contract (validation,
  replay, showdown with cards or named winners, output dict).

It prints figures; it asserts nothing (docs/architecture.md: no timed assertions).

``--checkout DIR`` compares the ``replay_hand`` contract call of this checkout with another's (``git worktree
add DIR <commit>``): the same hands (those both versions take: no disqualification before it existed) are
written to a file, and a fresh process of each checkout times them, alternately, ``--pairs`` times; each
prints its CPU time per hand (``time.process_time``, best of ``--rounds``), and the medians are compared.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

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
    print(
        f"{label:<44} {1 / best:>10,.0f} hands/s   {best * 1e6:>7.1f} µs/hand (best)   "
        f"{median * 1e6:>7.1f} µs/hand (median of {rounds})"
    )


# Run in a fresh process of either checkout: time its replay_hand on the hands in a file, print µs per hand.
_TIMER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from tournaments.poker.replay import replay_hand
hands = json.load(open(sys.argv[2]))
repeat, rounds = int(sys.argv[3]), int(sys.argv[4])
outputs = [replay_hand(data) for data in hands]
best = float("inf")
for _ in range(rounds):
    start = time.process_time()
    for _ in range(repeat):
        for data in hands:
            replay_hand(data)
    best = min(best, (time.process_time() - start) / (repeat * len(hands)))
print(json.dumps({"us": best * 1e6, "outputs": outputs}))
"""


def compare_checkout(other: Path, hands: list[tuple], args) -> None:
    """This checkout's replay_hand against another's, in alternating fresh processes on the same hands."""
    inputs = [data for _, _, data in hands if not any(a.get("action") == "disqualify" for a in data["actions"])]
    here = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.json"
        path.write_text(json.dumps(inputs))
        figures: dict[str, list[float]] = {"this": [], "other": []}
        outputs = {}
        print(
            f"{len(inputs)} hands; this checkout {here}, other {other.resolve()}; "
            f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        for pair in range(args.pairs):
            order = (("this", here), ("other", other)) if pair % 2 == 0 else (("other", other), ("this", here))
            for name, root in order:
                done = subprocess.run(
                    [sys.executable, "-c", _TIMER, str(root.resolve()), str(path), str(args.repeat), str(args.rounds)],
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=root,
                )
                result = json.loads(done.stdout)
                figures[name].append(result["us"])
                outputs[name] = result["outputs"]
            print(f"pair {pair + 1}: this {figures['this'][-1]:.1f} µs, other {figures['other'][-1]:.1f} µs")
        this, that = statistics.median(figures["this"]), statistics.median(figures["other"])
        print(
            f"replay_hand(dict), CPU µs per hand, median of {args.pairs}: this {this:.1f}, other {that:.1f} "
            f"(this / other = {this / that:.3f}); outputs equal on every hand: {outputs['this'] == outputs['other']}"
        )
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="stored hands to generate (default 300)")
    parser.add_argument("--repeat", type=int, default=20, help="replays of all hands per round (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument("--checkout", type=Path, default=None, help="compare replay_hand with another checkout's")
    parser.add_argument("--pairs", type=int, default=6, help="alternating runs of each checkout with --checkout")
    args = parser.parse_args()
    if args.checkout:
        compare_checkout(args.checkout, _stored_hands(args.hands), args)
        return

    hands = _stored_hands(args.hands)
    actions = [len(h[1]) for h in hands]
    long_hands = [h for h in hands if len(h[1]) >= 10]
    print(
        f"{len(hands)} stored 6-player hands (seed {SEED}): {statistics.mean(actions):.1f} actions on average, "
        f"at most {max(actions)}; {len(long_hands)} with 10 or more"
    )

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
        _time(
            "  the same, hands of 10+ actions only",
            tracker_request(long_hands),
            len(long_hands),
            args.repeat,
            args.rounds,
        )
    _time("replay_hand contract (dict in, dict out)", contract(), len(hands), args.repeat, args.rounds)


if __name__ == "__main__":
    main()
