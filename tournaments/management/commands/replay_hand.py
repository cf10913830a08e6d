"""``python manage.py replay_hand FILE|-``: replay one No-Limit Hold'em hand.

The contract is CONTRACTS.md; the work is :func:`tournaments.poker.replay.replay_hand`.
Bad input prints one line to standard error, nothing to standard output, and
exits with status 2.
"""

import json
import sys

from django.core.management.base import BaseCommand

from tournaments.poker.replay import ReplayError, parse_json, replay_hand


class Command(BaseCommand):
    help = "Replay one hand of the tournament game from JSON (a file, or - for standard input) and print the outcome."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", metavar="FILE|-", help="the hand as JSON, or - to read standard input")

    def handle(self, *args, **options) -> None:
        path = options["file"]
        try:
            result = replay_hand(parse_json(_read(path)))
        except ReplayError as error:
            sys.stderr.write(f"{error}\n")
            sys.exit(2)
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as error:
        raise ReplayError(f"cannot read {path}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise ReplayError(f"cannot read {path}: {error.strerror or error}") from None
