"""``python manage.py equity FILE|-``: each hand's chance at an all-in, by exact enumeration.

The contract is docs/contracts.md; the work is :func:`tournaments.poker.equity.equity_contract`.
Bad input prints one line to standard error, nothing to standard output, and exits with status 2.
"""

from django.core.management.base import BaseCommand

from tournaments.management.contract_io import read_input, run_contract
from tournaments.poker.equity import EquityError, contract_text, equity_contract, parse_json


class Command(BaseCommand):
    help = "Each hand's exact chance to win an all-in (JSON from a file, or - for standard input), by every completion of the board."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "file", metavar="FILE|-", help="the hands and the board as JSON, or - to read standard input"
        )

    def handle(self, *args, **options) -> None:
        path = options["file"]
        output = run_contract(
            lambda: contract_text(equity_contract(parse_json(read_input(path)))),
            expected=(EquityError,),
        )
        self.stdout.write(output)
