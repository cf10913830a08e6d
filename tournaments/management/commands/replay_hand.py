"""``python manage.py replay_hand FILE|-``: replay one No-Limit Hold'em hand.

The contract is docs/contracts.md; the work is :func:`tournaments.poker.replay.replay_hand`.
Bad input prints one line to standard error, nothing to standard output, and
exits with status 2.
"""

import json

from django.core.management.base import BaseCommand

from tournaments.management.contract_io import read_input, run_contract
from tournaments.poker.replay import ReplayError, parse_json, replay_hand


class Command(BaseCommand):
    help = "Replay one hand of the tournament game from JSON (a file, or - for standard input) and print the outcome."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", metavar="FILE|-", help="the hand as JSON, or - to read standard input")

    def handle(self, *args, **options) -> None:
        path = options["file"]
        output = run_contract(
            lambda: json.dumps(replay_hand(parse_json(read_input(path))), indent=2, ensure_ascii=False),
            expected=(ReplayError,),
        )
        self.stdout.write(output)
