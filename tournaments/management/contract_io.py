"""What the contract commands share: reading FILE|- and the one-line failure with exit status 2.

Hostile input never reaches an engine unbounded: the text is at most MAX_INPUT_BYTES, JSON is nested
at most MAX_DEPTH deep, and every number lies within ±MAX_NUMBER (a JSON number of any size would
otherwise be read in full, and a 5,000-digit one breaks int()). `run_contract` turns whatever still
goes wrong (RecursionError, MemoryError, an engine's surprise) into the one line and exit 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import NoReturn

MAX_INPUT_BYTES = 1_000_000
MAX_DEPTH = 20
MAX_NUMBER = 10**12
MAX_ARGUMENT_CHARS = 10_000


class ContractInputError(ValueError):
    """The input could not be read at all."""


def read_input(path: str) -> str:
    """The text of FILE, or of standard input for `-`, checked by `check_json_bounds`."""
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                raw = handle.read(MAX_INPUT_BYTES + 1)
        if len(raw) > MAX_INPUT_BYTES:
            raise ContractInputError(f"cannot read {path}: more than {MAX_INPUT_BYTES} bytes")
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ContractInputError(f"cannot read {path}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise ContractInputError(f"cannot read {path}: {error.strerror or error}") from None
    check_json_bounds(text)
    return text


def check_argument(text: str) -> str:
    """A command-line argument: bounded in length, no NUL, JSON in it bounded like a file."""
    if len(text) > MAX_ARGUMENT_CHARS:
        raise ContractInputError(f"argument longer than {MAX_ARGUMENT_CHARS} characters")
    if "\x00" in text:
        raise ContractInputError("argument contains a NUL character")
    if text.lstrip().startswith(("[", "{")):
        check_json_bounds(text)
    return text


def check_json_bounds(text: str) -> None:
    """Refuse JSON nested deeper than MAX_DEPTH or with a number beyond ±MAX_NUMBER, before any engine parses it.

    Malformed JSON passes here untouched: the engine's own parser names the error as its contract says.
    """
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ContractInputError(f"malformed JSON: nested deeper than {MAX_DEPTH} levels")
        elif char in "]}":
            depth -= 1
    try:
        json.loads(text, parse_int=_bounded_int, parse_float=_bounded_float)
    except json.JSONDecodeError:
        return


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > 13 or abs(int(digits)) > MAX_NUMBER:
        raise ContractInputError(
            f"number out of range: {digits[:20]}{'…' if len(digits) > 20 else ''} (at most {MAX_NUMBER})"
        )
    return int(digits)


def _bounded_float(text: str) -> float:
    value = float(text)
    if not abs(value) <= MAX_NUMBER:  # also catches inf from 1e400
        raise ContractInputError(f"number out of range: {text[:20]} (at most {MAX_NUMBER})")
    return value


def run_contract(work: Callable[[], str], *, expected: tuple[type[Exception], ...]) -> str:
    """The output of `work`, or exit 2 with one line: the engine's message, or a plain one for anything else."""
    try:
        return work()
    except (ContractInputError, *expected) as error:
        fail(error)
    except RecursionError:
        fail(f"malformed input: nested deeper than {MAX_DEPTH} levels")
    except MemoryError:
        fail("input too large")
    except (ValueError, TypeError, OverflowError, ArithmeticError, KeyError, IndexError) as error:
        fail(f"invalid input: {error}")


def fail(message: object) -> NoReturn:
    """One line on standard error, nothing on standard output, exit status 2 (docs/contracts.md)."""
    line = " ".join(str(message).split())
    if len(line) > 300:
        line = line[:297] + "..."
    sys.stderr.write(line + "\n")
    sys.exit(2)
