"""``python manage.py uth_simulate --hands N --seed S``: Ultimate Texas Hold'em
under the basic strategy (the Wizard of Odds' simple strategy, see
housegames/engines/uth/strategy.py), with 95% confidence intervals, and
the exact return of the Trips bet. docs/housegames/uth.md compares the figures with the
published ones.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from housegames.engines.uth.rules import UthError, get_profile
from housegames.engines.uth.simulation import CATEGORY_ORDER, TRIPS_EXACT_COUNTS, exact_trips_return, simulate
from housegames.engines.uth.strategy import STRATEGY_NAME, STRATEGY_SOURCE


def _pct(x: float, digits: int = 2) -> str:
    return f"{x * 100:+.{digits}f}%"


class Command(BaseCommand):
    help = (
        "Simulate Ultimate Texas Hold'em under the Wizard of Odds' simple strategy and print the return "
        "of Ante/Blind/Play and of Trips, and each final hand's frequency, with 95% confidence intervals."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--hands", type=int, default=1_000_000, help="rounds to play (default 1,000,000)")
        parser.add_argument("--seed", default="1", help="random seed (default 1); the same seed gives the same figures")
        parser.add_argument("--rules", default="standard", help="rule profile: standard or pair_of_fours")
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")

    def handle(self, *args, hands: int, seed: str, rules: str, json: bool, **options) -> None:
        if hands < 1:
            raise CommandError("--hands must be at least 1", returncode=2)
        try:
            profile = get_profile(rules)
        except UthError as error:
            raise CommandError(str(error), returncode=2) from None
        seed_value = int(seed) if seed.lstrip("-").isdigit() else seed
        result = simulate(hands, seed_value, profile.name)
        exact_trips = float(exact_trips_return(profile.name))
        total_hands = sum(TRIPS_EXACT_COUNTS.values())
        game = result.game_return()
        trips = result.trips_return()
        categories = {}
        for name in reversed(CATEGORY_ORDER):
            est = result.category_frequency(name)
            exact = TRIPS_EXACT_COUNTS[name] / total_hands
            categories[name] = {
                "frequency": est.mean,
                "low": est.low,
                "high": est.high,
                "exact": exact,
                "exact_within_ci": est.contains(exact),
            }
        if json:
            self.stdout.write(_json_report(result, profile.name, game, trips, exact_trips, categories))
            return
        out = self.stdout.write
        out(
            f"Ultimate Texas Hold'em: {hands:,} simulated rounds, seed {seed}, rules {profile.name} "
            f"(dealer qualifies with {profile.qualifying_hand})"
        )
        out(f"Strategy: {STRATEGY_NAME}; source: {STRATEGY_SOURCE}")
        out(f"Time: {result.seconds:.1f} s, {result.rounds_per_second:,.0f} rounds per second")
        out("")
        out("Return (player's net result; 95% confidence interval)")
        out(f"  Ante + Blind + Play, per ante   {_pct(game.mean)}   [{_pct(game.low)}, {_pct(game.high)}]")
        out(
            f"    of which Ante {_pct(result.bet_return('ante'))}, Blind {_pct(result.bet_return('blind'))}, "
            f"Play {_pct(result.bet_return('play'))}"
        )
        out(f"    average wager {result.average_wager():.4f} antes (Ante + Blind + Play)")
        out(f"  Trips, per Trips bet            {_pct(trips.mean)}   [{_pct(trips.low)}, {_pct(trips.high)}]")
        out(
            f"  Trips, exact                    {_pct(exact_trips, 4)}   "
            f"(7-card category counts of all {total_hands:,} hands; "
            f"{'inside' if trips.contains(exact_trips) else 'OUTSIDE'} the interval)"
        )
        out("")
        out(
            "Decisions  "
            + "   ".join(
                f"{label} {result.decision_frequency(m) * 100:.2f}%"
                for label, m in (("4x", 4), ("2x", 2), ("1x", 1), ("fold", 0))
            )
        )
        out("")
        out("Player's final hand   frequency   95% interval              exact (7 cards)")
        for name, c in categories.items():
            mark = "" if c["exact_within_ci"] else "  OUTSIDE"
            out(
                f"  {name:<18} {c['frequency'] * 100:8.4f}%   [{c['low'] * 100:.4f}%, {c['high'] * 100:.4f}%]"
                f"   {c['exact'] * 100:.4f}%{mark}"
            )


def _json_report(result, rules, game, trips, exact_trips, categories) -> str:
    return json.dumps(
        {
            "rounds": result.rounds,
            "seed": result.seed,
            "rules": rules,
            "seconds": round(result.seconds, 3),
            "game_return": {"mean": game.mean, "low": game.low, "high": game.high},
            "bets": {bet: result.bet_return(bet) for bet in ("ante", "blind", "play")},
            "average_wager": result.average_wager(),
            "trips_return": {"mean": trips.mean, "low": trips.low, "high": trips.high, "exact": exact_trips},
            "decisions": {
                label: result.decision_frequency(m) for label, m in (("4x", 4), ("2x", 2), ("1x", 1), ("fold", 0))
            },
            "categories": categories,
        },
        indent=2,
    )
