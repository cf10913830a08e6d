"""A season's own points formula: text an organizer types, checked, then evaluated for each placement.

Pure Python (no Django); the evaluation is simpleeval's (a well-kept safe evaluator, never Python's ``eval``),
over an expression this module has first read node by node: numbers, the variables below, arithmetic
(``+ - * / // % **``), comparisons, ``and``/``or``/``not``, one conditional form (``5 if r == 1 else 0``) and
the functions ``min``, ``max``, ``round``, ``sqrt``, ``log`` (natural; ``log(x, 10)``), ``abs``, ``floor``,
``ceil``. Everything is computed in floating point, so no formula can build a huge whole number, and each
value is rounded to hundredths of a point (``Fraction(cents, 100)``): the season table adds them exactly.

A formula is refused, with the reason as a :class:`~league.rules.standings.RulesError` code, when it is
empty or over 200 characters, does not parse, names an unknown variable or function, or, for any place of
tables of 2 to 6 players (with 0, 1 and every other player knocked out, on nights of a few sizes), divides
by zero, leaves the numbers (``sqrt(-1)``, ``log(0)``), or gives a value that is negative, not finite or
over :data:`~league.rules.inputs.MAX_POINTS`.
"""
from __future__ import annotations

import ast
import functools
import math
import operator
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction

from simpleeval import SimpleEval

from league.rules.errors import RulesError
from league.rules.inputs import MAX_POINTS

__all__ = ["MAX_LENGTH", "VARIABLES", "ALIASES", "FUNCTIONS", "PRESETS", "TABLE_SIZES", "Formula", "compile_formula"]

MAX_LENGTH = 200
TABLE_SIZES = range(2, 7)  # a table seats 2 to 6 (tournaments/poker/seating.py: MAX_SEATS)
NIGHT_SIZES = (18, 60, 300)  # besides one table alone: the check covers small and very large nights
# The variables, each with its long name; `fee` is the season's entry fee in euros.
VARIABLES = ("n", "N", "r", "k", "fee", "tables")
ALIASES = {"players": "n", "night_players": "N", "place": "r", "knockouts": "k", "t": "tables"}
CONTEXT = frozenset({"N", "k", "tables"})  # what differs between two tables of the same size and places

# The presets the season page offers besides the seed's "n - place + 1" and the fixed list.
PRESETS = {
    "logarithmic": "log((n + 1) / r)",  # The Tournament Director 3's default
    "linear": "10 * (n - r + 1) / n",
    "square_root": "10 * sqrt(n / r)",
}


def _log(x: float, base: float = math.e) -> float:
    return math.log(x, base)


def _round(x: float, digits: float = 0) -> float:
    return round(x, int(digits))


FUNCTIONS = {
    "min": min, "max": max, "round": _round, "sqrt": math.sqrt, "log": _log, "abs": abs,
    "floor": math.floor, "ceil": math.ceil,
}


def _power(a: float, b: float) -> float:
    return math.pow(a, b)  # raises OverflowError where ** on whole numbers would grow without end


def _float(op):
    return lambda a, b: op(float(a), float(b))


_OPERATORS = {
    ast.Add: _float(operator.add), ast.Sub: _float(operator.sub), ast.Mult: _float(operator.mul),
    ast.Div: _float(operator.truediv), ast.FloorDiv: _float(operator.floordiv), ast.Mod: _float(operator.mod),
    ast.Pow: _float(_power), ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Gt: operator.gt, ast.Lt: operator.lt, ast.GtE: operator.ge,
    ast.LtE: operator.le,
}
_NODES = (
    ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Call, ast.Name, ast.Load,
    ast.Constant, ast.And, ast.Or, *_OPERATORS,
)


def _refuse(node: ast.AST) -> RulesError:
    if isinstance(node, (ast.BitXor, ast.BitOr, ast.BitAnd, ast.LShift, ast.RShift, ast.Invert)):
        return RulesError("formula_bit_operator")
    if isinstance(node, (ast.Attribute, ast.Subscript, ast.Lambda, ast.List, ast.Tuple, ast.Dict, ast.Set,
                         ast.ListComp, ast.GeneratorExp, ast.DictComp, ast.SetComp, ast.Starred, ast.NamedExpr,
                         ast.JoinedStr, ast.FormattedValue)):
        return RulesError("formula_not_allowed")
    return RulesError("formula_not_allowed")


def _read(text: str) -> tuple[ast.Expression, frozenset[str]]:
    """The expression, checked node by node, and the (canonical) variables it uses."""
    if not text.strip():
        raise RulesError("formula_empty")
    if len(text) > MAX_LENGTH:
        raise RulesError("formula_too_long", limit=MAX_LENGTH, length=len(text))
    if any(not char.isprintable() for char in text):
        raise RulesError("formula_syntax")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise RulesError("formula_syntax") from None
    used = set()
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    for node in ast.walk(tree):
        if not isinstance(node, _NODES):
            raise _refuse(node)
        if isinstance(node, ast.Constant) and (isinstance(node.value, (str, bytes, complex)) or node.value is None
                                               or node.value is Ellipsis):
            raise RulesError("formula_not_allowed")
        if isinstance(node, ast.Compare) and not all(isinstance(op, tuple(_OPERATORS)) for op in node.ops):
            raise RulesError("formula_not_allowed")
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.keywords:
                raise RulesError("formula_not_allowed")
            if node.func.id not in FUNCTIONS:
                raise RulesError("formula_unknown_function", name=node.func.id[:30])
            if not node.args:
                raise RulesError("formula_syntax")
        elif isinstance(node, ast.Name) and id(node) not in called:
            name = ALIASES.get(node.id, node.id)
            if name not in VARIABLES:
                raise RulesError("formula_unknown_name", name=node.id[:30])
            used.add(name)
    return tree, frozenset(used)


def _cents(value: object) -> Fraction:
    """A value as points: a number, finite, 0 to MAX_POINTS, rounded to hundredths."""
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, (int, float)):
        raise RulesError("formula_not_a_number")
    if isinstance(value, float) and not math.isfinite(value):
        raise RulesError("formula_not_finite")
    if value < 0:
        raise RulesError("formula_negative", value=_shown(value))
    if value > MAX_POINTS:
        raise RulesError("formula_too_large", value=_shown(value), limit=MAX_POINTS)
    try:
        cents = (Decimal(repr(value)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    except InvalidOperation:
        raise RulesError("formula_not_finite") from None
    return Fraction(int(cents), 100)


def _shown(value: float) -> str:
    return f"{value:.2f}" if abs(value) < 1e9 else f"{value:.3g}"


@dataclass(frozen=True)
class Formula:
    """A checked formula: ``points(place=, table_size=, ...)`` gives a placement's points."""

    text: str
    fee: float = 0.0
    uses: frozenset[str] = frozenset()
    _tree: ast.Expression | None = field(default=None, repr=False, compare=False, hash=False)

    @property
    def needs_context(self) -> bool:
        """Whether two tables of the same size and places may score differently (night size, knockouts)."""
        return bool(self.uses & CONTEXT)

    def points(self, *, place: int, table_size: int, night_players: int = 0, night_tables: int = 0,
               knockouts: Fraction | int = 0) -> Fraction:
        """The points, or :class:`RulesError` naming why there are none (division by zero, ...)."""
        names = {"n": table_size, "N": night_players or table_size, "r": place, "k": float(knockouts),
                 "fee": self.fee, "tables": night_tables or 1}
        for alias, name in ALIASES.items():
            names[alias] = names[name]
        evaluator = _evaluator()
        evaluator.names = names
        try:
            value = evaluator.eval(self.text, previously_parsed=self._tree.body)
        except ZeroDivisionError:
            raise RulesError("formula_division_by_zero", place=place, n=table_size) from None
        except OverflowError:
            raise RulesError("formula_too_large", value="∞", limit=MAX_POINTS) from None
        except (ValueError, TypeError, ArithmeticError):
            raise RulesError("formula_math", place=place, n=table_size) from None
        except Exception:  # simpleeval's own refusals (a name or function it does not know, a limit)
            raise RulesError("formula_not_allowed") from None
        try:
            return _cents(value)
        except RulesError as error:
            error.params.update(place=place, n=table_size)
            raise


_local = threading.local()


def _evaluator() -> SimpleEval:
    """This thread's evaluator: a formula may be shared by the threads of a server process, and setting up
    an evaluator costs more than evaluating a formula."""
    evaluator = getattr(_local, "evaluator", None)
    if evaluator is None:
        evaluator = _local.evaluator = SimpleEval(operators=_OPERATORS, functions=FUNCTIONS, names={})
    return evaluator


def _grid(sizes=TABLE_SIZES) -> Iterator[Mapping[str, int]]:
    """The placements a formula is checked on: every place at every table size, with no, one and every
    other player knocked out, at a night of that table alone and at bigger nights."""
    for n in sizes:
        for night in (n, *NIGHT_SIZES):
            tables = max(1, math.ceil(night / 6))
            for k in sorted({0, 1, n - 1}):
                for place in range(1, n + 1):
                    yield {"place": place, "table_size": n, "night_players": night, "night_tables": tables, "knockouts": k}


@functools.lru_cache(maxsize=128)
def compile_formula(text: str, *, fee: float | Decimal | int = 0) -> Formula:
    """Check a typed formula and return it ready to evaluate; :class:`RulesError` says what is wrong.

    Kept per process (every page that shows points asks for the season's scheme; the check takes a few ms)."""
    tree, uses = _read(text)
    formula = Formula(text.strip(), float(fee), uses, tree)
    for case in _grid():
        formula.points(**case)
    return formula
