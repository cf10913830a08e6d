"""``python manage.py imperial_hand CARDS``: read one Imperial Poker hand.

The contract is docs/contracts.md; the work is :func:`housegames.engines.imperial.hands.read_hand`.
CARDS is one argument (``"AsKd7h5s2c"``, ``"As Kd 7h 5s 2c"``, ``"As,Kd,..."``,
a JSON list) or one card per argument. Bad input prints one line to standard
error, nothing to standard output, and exits with status 2.
"""

import json

from django.core.management.base import BaseCommand

from housegames.engines.imperial.hands import HandError, read_hand
from tournaments.management.contract_io import ContractInputError, check_argument, run_contract


class Command(BaseCommand):
    help = (
        "Read five or six cards as an Imperial Poker hand: main and second combination, BET odds, dealer qualification."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "cards", nargs="*", metavar="CARDS", help='five or six cards, e.g. "AsKd7h5s2c" or As Kd 7h 5s 2c'
        )

    def handle(self, *args, **options) -> None:
        output = run_contract(lambda: _read(options["cards"]), expected=(HandError,))
        self.stdout.write(output)


def _read(words: list[str]) -> str:
    try:
        return json.dumps(read_hand(_cards_argument(words)).as_contract())
    except (HandError, ContractInputError) as error:
        raise HandError(f"imperial_hand: {error}") from None


def _cards_argument(words: list[str]):
    text = check_argument(" ".join(word.strip() for word in words).strip())
    if text.startswith("["):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            raise HandError(f"CARDS is not a valid JSON list: {error.msg} at position {error.pos}") from None
        if not isinstance(value, list):
            raise HandError("CARDS as JSON must be a list of cards")
        return value
    return text
