"""``python manage.py uth_settle FILE|-``: settle one box of Ultimate Texas Hold'em.

The contract is CONTRACTS.md; the work is
:func:`tournaments.housegames.uth_contract.settle_json`. Bad input prints one
line to standard error, nothing to standard output, and exits with status 2.
"""

import sys

from django.core.management.base import BaseCommand

from tournaments.housegames.uth import UthError
from tournaments.housegames.uth_contract import settle_json


class Command(BaseCommand):
    help = (
        "Settle one Ultimate Texas Hold'em box (Ante, Blind, Play, Trips) from JSON "
        "(a file, or - for standard input) and print each bet's result."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", metavar="FILE|-", help="the box as JSON, or - to read standard input")

    def handle(self, *args, **options) -> None:
        try:
            output = settle_json(_read(options["file"]))
        except UthError as error:
            sys.stderr.write(" ".join(str(error).split()) + "\n")
            sys.exit(2)
        self.stdout.write(output)


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as error:
        raise UthError(f"cannot read {path}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise UthError(f"cannot read {path}: {error.strerror or error}") from None
