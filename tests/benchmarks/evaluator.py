"""Benchmark: our 7-card hand evaluator against treys.

Run: .venv/bin/python -m tests.benchmarks.evaluator [--hands N] [--seed S] [--repeat R]

Both evaluators get the same random 7-card hands (fixed seed). treys' cards
are converted beforehand, outside the timing. Each timing is the best of
``--repeat`` passes (other processes share the machine), and the two
evaluators are timed alternately in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    from tournaments.poker import evaluator
    import_seconds = time.perf_counter() - t0

    from treys import Card as TreysCard
    from treys import Evaluator as TreysEvaluator

    from tournaments.poker.cards import FULL_DECK, seeded_rng

    t0 = time.perf_counter()
    evaluator._build_tables()
    rebuild_seconds = time.perf_counter() - t0

    rng = seeded_rng(args.seed)
    hands = [tuple(rng.sample(FULL_DECK, 7)) for _ in range(args.hands)]
    treys_new = TreysCard.new
    treys_hands = []
    for hand in hands:
        t = [treys_new(str(c)) for c in hand]
        treys_hands.append((t[:2], t[2:]))
    treys_eval = TreysEvaluator().evaluate
    hand_value = evaluator.hand_value
    hand_value7 = evaluator.hand_value7

    def run_ours():
        for h in hands:
            hand_value(h)

    def run_ours7():
        for h in hands:
            hand_value7(*h)

    def run_treys():
        for hole, board in treys_hands:
            treys_eval(hole, board)

    best = {"ours": float("inf"), "ours7": float("inf"), "treys": float("inf")}
    for _ in range(args.repeat):
        for name, fn in (("ours", run_ours), ("treys", run_treys), ("ours7", run_ours7)):
            t0 = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t0)

    # Sanity: the two agree on the order of consecutive hands.
    ours = [hand_value(h) for h in hands[:20000]]
    theirs = [treys_eval(hole, board) for hole, board in treys_hands[:20000]]
    disagree = sum(
        ((a > b) - (a < b)) != ((d > c) - (d < c))
        for a, b, c, d in zip(ours, ours[1:], theirs, theirs[1:])
    )

    n = len(hands)
    rate = {name: n / seconds for name, seconds in best.items()}
    print(f"python {sys.version.split()[0]}, {n:,} random 7-card hands (seed {args.seed}), best of {args.repeat}")
    print(f"tables: built in {evaluator.BUILD_SECONDS * 1000:.0f} ms at import "
          f"(import {import_seconds * 1000:.0f} ms, rebuild {rebuild_seconds * 1000:.0f} ms)")
    print(f"hand_value(cards)      {rate['ours']:>12,.0f} evaluations/s")
    print(f"hand_value7(*cards)    {rate['ours7']:>12,.0f} evaluations/s")
    print(f"treys Evaluator        {rate['treys']:>12,.0f} evaluations/s")
    print(f"ratio hand_value / treys: {rate['ours'] / rate['treys']:.1f}x")
    print(f"order disagreements with treys on 20,000 consecutive pairs: {disagree}")
    return 0 if disagree == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
