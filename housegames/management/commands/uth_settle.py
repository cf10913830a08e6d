"""``python manage.py uth_settle FILE|-``: settle one box of Ultimate Texas Hold'em.

The contract is docs/contracts.md; the work is
:func:`housegames.engines.uth.contract.settle_json`. Bad input prints one
line to standard error, nothing to standard output, and exits with status 2.
"""

from django.core.management.base import BaseCommand

from housegames.engines.uth.contract import settle_json
from housegames.engines.uth.rules import UthError
from tournaments.management.contract_io import read_input, run_contract


class Command(BaseCommand):
    help = (
        "Settle one Ultimate Texas Hold'em box (Ante, Blind, Play, Trips) from JSON "
        "(a file, or - for standard input) and print each bet's result."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", metavar="FILE|-", help="the box as JSON, or - to read standard input")

    def handle(self, *args, **options) -> None:
        output = run_contract(lambda: settle_json(read_input(options["file"])), expected=(UthError,))
        self.stdout.write(output)
