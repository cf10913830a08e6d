"""Benchmark: simulated Ultimate Texas Hold'em rounds per second (uth_simulate's loop).

Run: .venv/bin/python -m tests.benchmarks.uth [--rounds N] [--seed S] [--repeat R]

One round is what ``uth_simulate`` does per hand: deal nine cards, two 7-card
evaluations (player and dealer), the basic strategy's decisions (pre-flop
lookup, flop rules, river outs when the player checked twice) and the
settlement of Ante, Blind, Play and Trips, with the sums for the statistics.
It runs on one core (plain CPython, no threads or processes). For comparison
it also times the same rounds through the engine's state machine
(``UthRound`` with the readable strategy), which the fast path is tested
against. Each timing is the best of ``--repeat`` passes.
"""

from __future__ import annotations

import argparse
import sys
import time


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--engine-rounds", type=int, default=5_000)
    args = parser.parse_args(argv)

    from housegames.engines.uth.rules import UthRound, deck_order
    from housegames.engines.uth.simulation import deal_nine, simulate
    from housegames.engines.uth.strategy import decide
    from tournaments.poker.cards import FULL_DECK

    best = float("inf")
    result = None
    for _ in range(args.repeat):
        result = simulate(args.rounds, args.seed)
        best = min(best, result.seconds)

    deals = list(deal_nine(args.seed, args.engine_rounds))
    engine_best = float("inf")
    for _ in range(args.repeat):
        started = time.perf_counter()
        for cards in deals:
            p1, p2, d1, d2, *board = (FULL_DECK[c] for c in cards)
            rnd = UthRound()
            rnd.add_box(ante=10, trips=5)
            rnd.deal(deck_order([(p1, p2)], (d1, d2), board))
            while not rnd.is_over:
                rnd.decide(0, decide(rnd, 0))
            rnd.settle()
        engine_best = min(engine_best, time.perf_counter() - started)

    game = result.game_return()
    print(
        f"python {sys.version.split()[0]}, one core; {args.rounds:,} rounds (seed {args.seed}), best of {args.repeat}"
    )
    print(f"uth_simulate fast path   {args.rounds / best:>12,.0f} rounds/s   ({best:.2f} s)")
    print(
        f"engine (UthRound)        {args.engine_rounds / engine_best:>12,.0f} rounds/s   "
        f"({args.engine_rounds:,} rounds, for comparison)"
    )
    print(f"target                   {100_000:>12,} rounds/s: {'met' if args.rounds / best >= 100_000 else 'NOT met'}")
    print(
        f"(check: Ante+Blind+Play return {game.mean * 100:+.2f}% per ante, 95% CI "
        f"[{game.low * 100:+.2f}%, {game.high * 100:+.2f}%])"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
