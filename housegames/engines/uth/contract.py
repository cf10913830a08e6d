"""The ``uth_settle`` contract (docs/contracts.md): a JSON object in, a JSON object out.

Pure Python, no Django import. :func:`settle_json` reads the input text and
returns the output line; every problem raises
:class:`~housegames.engines.uth.rules.UthError` whose message is the one line
to print on standard error.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from housegames.engines.uth.rules import UthError, settle_box

__all__ = ["FIELDS", "parse_json", "settle_request", "dumps", "settle_json"]

FIELDS = ("ante", "trips", "play", "player", "dealer", "board", "rules", "blind")
_REQUIRED = ("ante", "play", "player", "dealer", "board")
_AMOUNTS = ("ante", "trips", "play", "blind")


def _reject_constant(name: str) -> None:
    raise UthError(f"malformed JSON: {name} is not a number", code="bad_json")


def parse_json(text: str) -> Any:
    """``json.loads`` with numbers as exact Decimals and a one-line error."""
    try:
        return json.loads(text, parse_float=Decimal, parse_int=Decimal, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise UthError(
            f"malformed JSON: {error.msg} (line {error.lineno}, column {error.colno})", code="bad_json"
        ) from None
    except RecursionError:
        raise UthError("malformed JSON: nested too deeply", code="bad_json") from None


def _number(data: Mapping[str, Any], key: str) -> Decimal:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise UthError(f"{key} must be a number, got {json.dumps(value, default=str)}", code="bad_amount")
    return Decimal(value)


def settle_request(data: Any) -> dict[str, Any]:
    """Validate one input object and settle it; the output object with
    amounts as Decimal."""
    if not isinstance(data, Mapping):
        raise UthError("the input must be a JSON object", code="bad_input")
    for key in data:
        if key not in FIELDS:
            raise UthError(f"unknown field {key!r} (known: {', '.join(FIELDS)})", code="unknown_field")
    for key in _REQUIRED:
        if key not in data:
            raise UthError(f"missing field {key!r}", code="missing_field")
    amounts = {key: _number(data, key) for key in _AMOUNTS if key in data}
    if "blind" in amounts and amounts["blind"] != amounts["ante"]:
        raise UthError(f"blind must equal the ante ({amounts['ante']}), got {amounts['blind']}", code="bad_blind")
    rules = data.get("rules", "standard")
    if not isinstance(rules, str):
        raise UthError(f"rules must be a string, got {json.dumps(rules, default=str)}", code="unknown_rules")
    result = settle_box(
        ante=amounts["ante"],
        play=amounts["play"],
        trips=amounts.get("trips", 0),
        player=data["player"],
        dealer=data["dealer"],
        board=data["board"],
        rules=rules,
    )
    return result.contract_dict()


def _plain(value: Any) -> Any:
    """Amounts for ``json.dumps``: whole numbers as int, others exactly (at
    most two decimals, whose shortest float repr is the same digits)."""
    if isinstance(value, Decimal):
        if value == value.to_integral_value():
            return int(value)
        return float(value)
    return value


def dumps(result: Mapping[str, Any]) -> str:
    return json.dumps({key: _plain(value) for key, value in result.items()})


def settle_json(text: str) -> str:
    """The whole contract: input text -> output line."""
    return dumps(settle_request(parse_json(text)))
