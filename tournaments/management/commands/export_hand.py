"""``python manage.py export_hand FILE|- --format phh|ohh``: one hand in a standard hand-history format.

Reads the ``replay_hand`` input (docs/contracts.md) and prints the hand as a Poker
Hand History document (PHH, TOML) or as Open Hand History JSON. The work is
in :mod:`tournaments.poker.phh` and :mod:`tournaments.poker.ohh`. Bad input
prints one line to standard error, nothing to standard output, and exits
with status 2.
"""

import json

from django.core.management.base import BaseCommand

from tournaments.management.contract_io import ContractInputError, fail, read_input
from tournaments.poker.ohh import ohh_hand
from tournaments.poker.phh import phh_document
from tournaments.poker.replay import ReplayError, parse_json, play_hand


class Command(BaseCommand):
    help = "Print one hand (the replay_hand JSON, a file or - for standard input) as PHH or OHH."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", metavar="FILE|-", help="the hand as JSON, or - to read standard input")
        parser.add_argument("--format", default="phh", help="phh (default) or ohh")

    def handle(self, *args, **options) -> None:
        if options["format"] not in ("phh", "ohh"):
            fail(f"--format must be phh or ohh, got {options['format']!r}")
        try:
            played = play_hand(parse_json(read_input(options["file"])))
        except (ReplayError, ContractInputError) as error:
            fail(error)
        if options["format"] == "ohh":
            self.stdout.write(json.dumps(ohh_hand(played), indent=2, ensure_ascii=False))
        else:
            self.stdout.write(phh_document(played), ending="")
