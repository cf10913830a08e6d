"""The points formulas other league tools write, read into this app's own syntax (docs/league-rules.md,
"Formulas from other tools").

Pure text to text, before league/rules/formula.py reads and bounds the result like any formula typed in the
app's syntax: C's ``a ? b : c`` (Blind Valet) and ``if(a, b, c)`` (The Tournament Director, spreadsheets)
become Python's conditional, ``&&``, ``||`` and ``!`` become ``and``, ``or`` and ``not``, and a single ``=``
(a comparison in a spreadsheet or TD3: a formula assigns nothing) becomes ``==``. A function's name is read
in any case (``IF``, ``Ln``). The text is at most 200 characters (checked before), so the work is a few hundred
tokens at most.
"""

from __future__ import annotations

import re
from typing import TypeAlias

from league.rules.errors import RulesError

__all__ = ["as_python"]

_TOKEN = re.compile(
    r"\s+|(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*)|(\*\*|//|==|!=|<=|>=|:=|&&|\|\||.)",
    re.S,
)
_C_OPERATORS = {"&&": "and", "||": "or", "=": "=="}
_KEYWORDS = frozenset({"and", "or", "not", "if", "else"})


class _Group(list["str | _Group"]):
    """What stands between a pair of brackets, brackets inside it as groups of their own."""


Item: TypeAlias = str | _Group


def _tokens(text: str) -> list[str]:
    return [match.group(0) for match in _TOKEN.finditer(text) if not match.group(0).isspace()]


def _groups(tokens: list[str]) -> _Group:
    stack = [_Group()]
    for token in tokens:
        if token == "(":
            group = _Group()
            stack[-1].append(group)
            stack.append(group)
        elif token == ")":
            if len(stack) == 1:
                raise RulesError("formula_syntax")
            stack.pop()
        else:
            stack[-1].append(token)
    if len(stack) != 1:
        raise RulesError("formula_syntax")
    return stack[0]


def _is_operand(item: str | _Group) -> bool:
    return isinstance(item, _Group) or (item[0].isalnum() or item[0] in "._") and item not in _KEYWORDS


def _arguments(group: list[Item]) -> list[list[Item]]:
    arguments: list[list[Item]] = [[]]
    for item in group:
        if item == ",":
            arguments.append([])
        else:
            arguments[-1].append(item)
    return arguments


def _conditional(test: list[Item], then: list[Item], otherwise: list[Item], functions: frozenset[str]) -> str:
    if not (test and then and otherwise):
        raise RulesError("formula_syntax")
    return f"(({_text(then, functions)}) if ({_text(test, functions)}) else ({_text(otherwise, functions)}))"


def _text(items: list[Item], functions: frozenset[str]) -> str:
    """One argument's items (no comma at their level) as Python text."""
    if "?" in items:  # the lowest of C's operators: everything before it is the test
        asked = items.index("?")
        depth = 0
        for index in range(asked + 1, len(items)):
            if items[index] == "?":
                depth += 1
            elif items[index] == ":":
                if depth == 0:
                    return _conditional(items[:asked], items[asked + 1 : index], items[index + 1 :], functions)
                depth -= 1
        raise RulesError("formula_syntax")
    out: list[str] = []
    index = 0
    while index < len(items):
        item = items[index]
        following = items[index + 1] if index + 1 < len(items) else None
        if (
            isinstance(following, _Group)
            and isinstance(item, str)
            and item.lower() == "if"
            and (index == 0 or not _is_operand(items[index - 1]))
        ):
            arguments = _arguments(following)
            if len(arguments) != 3:
                raise RulesError("formula_arguments", name="if", count=len(arguments))
            out.append(_conditional(arguments[0], arguments[1], arguments[2], functions))
            index += 2
            continue
        if isinstance(item, _Group):
            out.append("(" + ", ".join(_text(argument, functions) for argument in _arguments(item)) + ")")
        elif item == "!" and index + 1 < len(items) and _is_operand(items[index + 1]):
            # C's ! binds to the operand after it (a call with its brackets); Python's `not` would take the
            # whole comparison that follows
            call = (
                index + 2 < len(items)
                and isinstance(items[index + 2], _Group)
                and not isinstance(items[index + 1], _Group)
            )
            take = 2 if call else 1
            out.append(f"(not {_text(items[index + 1 : index + 1 + take], functions)})")
            index += 1 + take
            continue
        elif item == "!":
            out.append("not")
        elif isinstance(following, _Group) and item.lower() in functions:
            out.append(item.lower())
        else:
            out.append(_C_OPERATORS.get(item, item))
        index += 1
    return " ".join(out)


def as_python(text: str, functions: frozenset[str] = frozenset()) -> str:
    """The formula in Python's syntax, ready for ``ast.parse``; text already in it comes back the same in
    meaning. `functions`: the names read in any case when called. :class:`RulesError` for brackets or a
    ``? :`` that do not pair up, or an ``if`` without its three values."""
    top = _groups(_tokens(text))
    return ", ".join(_text(argument, functions) for argument in _arguments(top))
