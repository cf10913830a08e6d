"""What the contract commands share: reading FILE|- and the one-line failure with exit status 2."""
from __future__ import annotations

import sys
from typing import NoReturn


class ContractInputError(ValueError):
    """The input could not be read at all."""


def read_input(path: str) -> str:
    """The text of FILE, or of standard input for `-`."""
    try:
        if path == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as error:
        raise ContractInputError(f"cannot read {path}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise ContractInputError(f"cannot read {path}: {error.strerror or error}") from None


def fail(message: object) -> NoReturn:
    """One line on standard error, nothing on standard output, exit status 2 (CONTRACTS.md)."""
    sys.stderr.write(" ".join(str(message).split()) + "\n")
    sys.exit(2)
