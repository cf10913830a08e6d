"""Benchmark: every entry point of our 7-card evaluators against treys, as ratios.

Run: .venv/bin/python -m tests.benchmarks.evaluator [--hands N] [--seed S] [--repeat R] [--exhaustive]

All get the same random 7-card hands (fixed seed); treys' cards are converted beforehand, outside the
timing. The entry points are timed in turn within each of ``--repeat`` rounds (interleaved, so that the
machine's drift hits all alike), by CPU time (``time.process_time``); each figure is the median of the
rounds, and each ratio is against treys' median:

- ``hand_value(cards)`` and ``hand_value7(*cards)``: the per-hand evaluator (tournaments/poker/evaluator.py);
- ``bulk.values7(array)``: the same hands valued in bulk with numpy (tournaments/poker/bulk.py);
- ``equity`` before the flop, two and six hands: evaluations (boards x hands) per second of the whole
  enumeration (tournaments/poker/equity.py: the boards built, every hand valued, the pot shared).

``--exhaustive`` also runs every one of the 133,784,560 seven-card hands through ``bulk.values7`` and
``hand_value`` and counts the disagreements (a few minutes of both cores' time).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--exhaustive", action="store_true", help="also compare every one of the 133,784,560 hands")
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    from tournaments.poker import evaluator

    import_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    from tournaments.poker import bulk, equity

    bulk_import_seconds = time.perf_counter() - t0

    import numpy as np
    from treys import Card as TreysCard
    from treys import Evaluator as TreysEvaluator

    from tournaments.poker.cards import FULL_DECK, parse_cards, seeded_rng

    rng = seeded_rng(args.seed)
    hands = [tuple(rng.sample(FULL_DECK, 7)) for _ in range(args.hands)]
    array = np.array(hands, dtype=np.intp)
    treys_new = TreysCard.new
    treys_hands = []
    for hand in hands:
        t = [treys_new(str(c)) for c in hand]
        treys_hands.append((t[:2], t[2:]))
    treys_eval = TreysEvaluator().evaluate
    hand_value = evaluator.hand_value
    hand_value7 = evaluator.hand_value7
    two = [parse_cards("AsKs"), parse_cards("QhQd")]
    six = [parse_cards(h) for h in ("AsKs", "QhQd", "7c6c", "JdTd", "2h2s", "9c8d")]

    def run_ours():
        for h in hands:
            hand_value(h)

    def run_ours7():
        for h in hands:
            hand_value7(*h)

    def run_treys():
        for hole, board in treys_hands:
            treys_eval(hole, board)

    def run_bulk():
        bulk.values7(array)

    entries = [
        ("treys Evaluator.evaluate", run_treys, len(hands)),
        ("hand_value(cards)", run_ours, len(hands)),
        ("hand_value7(*cards)", run_ours7, len(hands)),
        ("bulk.values7(array)", run_bulk, len(hands)),
        ("equity, 2 hands pre-flop", lambda: equity.equity(two), 2 * 1_712_304),
        ("equity, 6 hands pre-flop", lambda: equity.equity(six), 6 * 658_008),
    ]
    seconds: dict[str, list[float]] = {name: [] for name, _, _ in entries}
    for _ in range(args.repeat):
        for name, work, _ in entries:
            t0 = time.process_time()
            work()
            seconds[name].append(time.process_time() - t0)

    # Sanity: the same values, and the same order as treys on consecutive pairs.
    ours = [hand_value(h) for h in hands]
    bulk_same = bulk.values7(array).tolist() == ours
    theirs = [treys_eval(hole, board) for hole, board in treys_hands[:20000]]
    disagree = sum(((a > b) - (a < b)) != ((d > c) - (d < c)) for a, b, c, d in zip(ours, ours[1:], theirs, theirs[1:]))

    rate = {name: count / statistics.median(seconds[name]) for name, _, count in entries}
    treys = rate["treys Evaluator.evaluate"]
    print(
        f"python {sys.version.split()[0]}, {len(hands):,} random 7-card hands (seed {args.seed}); CPU time, "
        f"{args.repeat} interleaved rounds, medians; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        f"tables: built in {evaluator.BUILD_SECONDS * 1000:.0f} ms at the first hand (import {import_seconds * 1000:.0f} ms); "
        f"bulk tables {bulk.BUILD_SECONDS * 1000:.0f} ms (numpy and bulk imported in {bulk_import_seconds * 1000:.0f} ms)"
    )
    for name, _, count in entries:
        print(
            f"{name:28s} {rate[name]:>14,.0f} evaluations/s  {rate[name] / treys:6.1f}x treys  "
            f"({statistics.median(seconds[name]) * 1000:7.1f} ms for {count:,})"
        )
    print(f"bulk.values7 equals hand_value on all {len(hands):,} hands: {bulk_same}")
    print(f"order disagreements with treys on 20,000 consecutive pairs: {disagree}")
    ok = disagree == 0 and bulk_same
    if args.exhaustive:
        ok = exhaustive() and ok
    return 0 if ok else 1


def _compare_first_card(first: int) -> tuple[int, int]:
    """Every seven-card hand whose lowest card is `first`: (hands, disagreements of bulk with hand_value)."""
    from itertools import combinations

    import numpy as np

    from tournaments.poker import bulk
    from tournaments.poker.evaluator import hand_value7

    hands = wrong = 0
    rest = range(first + 1, 52)
    for second in rest:
        for third in range(second + 1, 52):
            tails = np.array(list(combinations(range(third + 1, 52), 4)), dtype=np.intp).reshape(-1, 4)
            if not len(tails):
                continue
            block = np.concatenate([np.tile([first, second, third], (len(tails), 1)), tails], axis=1)
            ours = bulk.values7(block)
            theirs = np.fromiter(
                (hand_value7(first, second, third, *t) for t in tails.tolist()), dtype=np.int64, count=len(tails)
            )
            hands += len(tails)
            wrong += int((ours != theirs).sum())
    return hands, wrong


def exhaustive() -> bool:
    from concurrent.futures import ProcessPoolExecutor

    t0 = time.perf_counter()
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        results = list(pool.map(_compare_first_card, range(46)))
    hands = sum(h for h, _ in results)
    wrong = sum(w for _, w in results)
    print(
        f"exhaustive: {hands:,} seven-card hands, bulk.values7 against hand_value7: {wrong} disagreements "
        f"({time.perf_counter() - t0:.0f} s on {os.cpu_count()} processes)"
    )
    return hands == 133_784_560 and wrong == 0


if __name__ == "__main__":
    raise SystemExit(main())
