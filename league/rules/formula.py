"""A season's own points formula: text an organizer types, checked, then evaluated for each placement.

Pure Python (no Django); the evaluation is simpleeval's (a well-kept safe evaluator, never Python's ``eval``),
over an expression this module has first read node by node: numbers, the variables below, arithmetic
(``+ - * / // % **``), comparisons, ``and``/``or``/``not``, one conditional form (``5 if r == 1 else 0``) and
the functions ``min``, ``max``, ``round``, ``sqrt``, ``log`` (natural, as in TD3; ``log(x, 10)``), ``ln``,
``log10``, ``abs``, ``floor``, ``ceil``. The other tools' syntax (``a ? b : c``, ``if(a, b, c)``, ``&&``, ``=``)
is read into this one first (league/rules/dialects.py), and their variable names are aliases
(:data:`ALIASES`, :data:`POKER_CLUB_HQ`). Each value is rounded to hundredths of a point (``Fraction(cents, 100)``): the season table adds
them exactly.

The work of one evaluation is bounded, the same for the check and for every page that scores
(docs/league-rules.md): every number is a float (literals, variables and what every function returns), so no
formula can build a huge whole number; ``round``'s digits lie within -6..6, refused otherwise; a formula has
at most :data:`MAX_OPERATIONS` operations and no loop, so one evaluation is a few dozen float operations. The
check's own work (its placements times the formula's operations) is counted before it starts and capped at
:data:`MAX_CHECK_OPERATIONS`.

A formula is refused, with the reason as a :class:`~league.rules.standings.RulesError` code, when it is
empty or over 200 characters, does not parse, names an unknown variable or function, has too many
operations (or too many to check), or, for any place at tables of 2 to 6, every knockout count that can occur there and every night
from 2 players to :func:`checked_nights`, divides by zero, leaves the numbers (``sqrt(-1)``, ``log(0)``),
breaks a function's bounds, or gives a value that is negative, not finite or over
:data:`~league.rules.inputs.MAX_POINTS`. A stored formula is read without that check
(:func:`read_formula`): where it fails on a real night, the placement counts 0 and the pages name it.
"""

from __future__ import annotations

import ast
import functools
import itertools
import math
import operator
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, TypedDict

from simpleeval import SimpleEval

from league.rules import dialects
from league.rules.errors import RulesError
from league.rules.inputs import MAX_POINTS

__all__ = [
    "MAX_LENGTH",
    "MAX_OPERATIONS",
    "MAX_CHECK_OPERATIONS",
    "ROUND_DIGITS",
    "VARIABLES",
    "ALIASES",
    "POKER_CLUB_HQ",
    "FUNCTIONS",
    "PRESETS",
    "TABLE_SIZES",
    "Formula",
    "checked_nights",
    "compile_formula",
    "knockout_counts",
    "read_formula",
]

MAX_LENGTH = 200
MAX_OPERATIONS = 50  # a real formula has a dozen; 200 characters of "1+1+…" would be 100
# The check's work: its evaluations times the formula's operations (about 1 µs each). Only a long formula that
# reads both the night and the knockouts, in a league of very large nights, comes near it.
MAX_CHECK_OPERATIONS = 1_500_000
ROUND_DIGITS = (
    6  # round(x, d): d from -6 to 6 (millions to millionths); int(d) of -1e308 made Python build 10**(10**308)
)
TABLE_SIZES = range(2, 7)  # a table seats 2 to 6 (tournaments/poker/seating.py: MAX_SEATS)
# The nights the check covers: 2 players up to twice the league's largest night, at least ten full tables,
# at most 300 (a night of 50 tables; past it a failing placement is named, not refused beforehand).
CHECKED_NIGHTS_AT_LEAST = 60
CHECKED_NIGHTS_AT_MOST = 300
# The variables, each with its long name; `fee` is the season's entry fee in euros.
VARIABLES = ("n", "N", "r", "k", "fee", "tables")
# The long names, and the other tools' short ones (docs/league-rules.md, "Formulas from other tools"): Blind
# Valet's p (players) and f (finish place), b (buy-in), TD3's nh (number of hits) and bc (buy-in cost).
ALIASES = {
    "players": "n",
    "night_players": "N",
    "place": "r",
    "knockouts": "k",
    "t": "tables",
    "p": "n",
    "f": "r",
    "b": "fee",
    "nh": "k",
    "bc": "fee",
}
# Poker Club HQ writes c for the players and p for the place: a formula that names c is read with its names
# (read the other way, ln(c+1)/p*10 would give the last place the most points).
POKER_CLUB_HQ = {"c": "n", "p": "r"}
CONTEXT = frozenset({"N", "k", "tables"})  # what differs between two tables of the same size and places
NIGHT = frozenset({"N", "tables"})

# The presets the season page offers besides the seed's "n - place + 1" and the fixed list.
PRESETS = {
    "logarithmic": "log((n + 1) / r)",  # The Tournament Director 3's default
    "linear": "10 * (n - r + 1) / n",
    "square_root": "10 * sqrt(n / r)",
}


def _log(x: float, base: float = math.e) -> float:
    return math.log(x, base)


def _round(x: float, digits: float = 0.0) -> float:
    if not (
        isinstance(digits, (int, float)) and -ROUND_DIGITS <= digits <= ROUND_DIGITS and float(digits).is_integer()
    ):
        raise RulesError(
            "formula_round_digits",
            value=_shown(digits) if isinstance(digits, (int, float)) else "?",
            limit=ROUND_DIGITS,
        )
    return round(float(x), int(digits))  # with digits given, a float's round is a float: never a huge int


def _float_of(function: Callable[..., Any]) -> Callable[..., float]:
    return lambda *args: float(function(*args))


FUNCTIONS = {
    "min": _float_of(lambda *args: min(args)),
    "max": _float_of(lambda *args: max(args)),
    "round": _round,
    "sqrt": math.sqrt,
    "log": _log,
    "abs": _float_of(abs),
    "floor": _float_of(math.floor),
    "ceil": _float_of(math.ceil),
    "ln": math.log,
    "log10": math.log10,
}
_FUNCTION_NAMES = frozenset(FUNCTIONS)
# How many values each function takes (fewest, most; None: any).
ARITY = {
    "min": (1, None),
    "max": (1, None),
    "round": (1, 2),
    "sqrt": (1, 1),
    "log": (1, 2),
    "abs": (1, 1),
    "floor": (1, 1),
    "ceil": (1, 1),
    "ln": (1, 1),
    "log10": (1, 1),
}


def _power(a: float, b: float) -> float:
    return math.pow(a, b)  # floats: constant time whatever the exponent, OverflowError where ints would grow


def _float(op: Callable[[float, float], Any]) -> Callable[[float, float], Any]:
    return lambda a, b: op(float(a), float(b))


_OPERATORS = {
    ast.Add: _float(operator.add),
    ast.Sub: _float(operator.sub),
    ast.Mult: _float(operator.mul),
    ast.Div: _float(operator.truediv),
    ast.FloorDiv: _float(operator.floordiv),
    ast.Mod: _float(operator.mod),
    ast.Pow: _float(_power),
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
    ast.Not: operator.not_,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Gt: operator.gt,
    ast.Lt: operator.lt,
    ast.GtE: operator.ge,
    ast.LtE: operator.le,
}
_NODES = (
    ast.Expression,
    ast.BinOp,
    ast.UnaryOp,
    ast.BoolOp,
    ast.Compare,
    ast.IfExp,
    ast.Call,
    ast.Name,
    ast.Load,
    ast.Constant,
    ast.And,
    ast.Or,
    *_OPERATORS,
)


def _refuse(node: ast.AST) -> RulesError:
    if isinstance(node, (ast.BitXor, ast.BitOr, ast.BitAnd, ast.LShift, ast.RShift, ast.Invert)):
        return RulesError("formula_bit_operator")
    return RulesError("formula_not_allowed")


def _operations(node: ast.AST) -> int:
    """The operations one evaluation may perform: each operator, comparison, condition and call."""
    if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.IfExp, ast.Call)):
        return 1
    if isinstance(node, ast.BoolOp):
        return len(node.values) - 1
    if isinstance(node, ast.Compare):
        return len(node.ops)
    return 0


def _read(text: str) -> tuple[ast.Expression, frozenset[str], int]:
    """The expression, checked node by node, the (canonical) variables it uses and its operations."""
    if not text.strip():
        raise RulesError("formula_empty")
    if len(text) > MAX_LENGTH:
        raise RulesError("formula_too_long", limit=MAX_LENGTH, length=len(text))
    if any(not char.isprintable() for char in text):
        raise RulesError("formula_syntax")
    python = dialects.as_python(text.strip(), _FUNCTION_NAMES)
    try:
        tree = ast.parse(python, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise RulesError("formula_syntax") from None
    used = set()
    named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    aliases = ALIASES | POKER_CLUB_HQ if "c" in named else ALIASES
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    operations = 0
    for node in ast.walk(tree):
        if not isinstance(node, _NODES):
            raise _refuse(node)
        operations += _operations(node)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, (str, bytes, complex)) or node.value is None or node.value is Ellipsis:
                raise RulesError("formula_not_allowed")
            if not isinstance(node.value, bool):
                node.value = float(node.value)  # 200 characters of digits stay within a float's range
        if isinstance(node, ast.Compare) and not all(isinstance(op, tuple(_OPERATORS)) for op in node.ops):
            raise RulesError("formula_not_allowed")
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.keywords:
                raise RulesError("formula_not_allowed")
            if node.func.id not in FUNCTIONS:
                raise RulesError("formula_unknown_function", name=node.func.id[:30])
            if not node.args:
                raise RulesError("formula_syntax")
            fewest, most = ARITY[node.func.id]
            if len(node.args) < fewest or (most is not None and len(node.args) > most):
                raise RulesError("formula_arguments", name=node.func.id, count=len(node.args))
        elif isinstance(node, ast.Name) and id(node) not in called:
            name = aliases.get(node.id, node.id)
            if name not in VARIABLES:
                raise RulesError("formula_unknown_name", name=node.id[:30])
            node.id = name  # evaluated by its own name: p is the players in one tool and the place in another
            used.add(name)
    if operations > MAX_OPERATIONS:
        raise RulesError("formula_too_complex", count=operations, limit=MAX_OPERATIONS)
    return tree, frozenset(used), operations


def _check_value(value: object) -> float:
    """A value as points may be: a number, finite, 0 to MAX_POINTS."""
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
    return value


def _cents(value: float) -> Fraction:
    """A checked value rounded half up to hundredths."""
    try:
        cents = (Decimal(repr(value)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    except InvalidOperation:
        raise RulesError("formula_not_finite") from None
    return Fraction(int(cents), 100)


def _shown(value: float) -> str:
    return f"{value:.2f}" if abs(value) < 1e9 else f"{value:.3g}"


def _shown_knockouts(knockouts: Fraction | float) -> str:
    count = Fraction(knockouts).limit_denominator(60)
    return str(count.numerator) if count.denominator == 1 else f"{count.numerator}/{count.denominator}"


@dataclass(frozen=True)
class Formula:
    """A checked formula: ``points(place=, table_size=, ...)`` gives a placement's points.

    `error`: a stored formula that cannot be read any more (written under older rules); every placement
    fails with it, and the pages name it."""

    text: str
    fee: float = 0.0
    uses: frozenset[str] = frozenset()
    _tree: ast.Expression | None = field(default=None, repr=False, compare=False, hash=False)
    operations: int = field(default=0, compare=False)
    error: RulesError | None = field(default=None, repr=False, compare=False, hash=False)

    @property
    def needs_context(self) -> bool:
        """Whether two tables of the same size and places may score differently (night size, knockouts)."""
        return bool(self.uses & CONTEXT)

    def points(
        self,
        *,
        place: int,
        table_size: int,
        night_players: int = 0,
        night_tables: int = 0,
        knockouts: Fraction | int = 0,
    ) -> Fraction:
        """The points, or :class:`RulesError` naming why there are none (division by zero, ...) and where."""
        return _cents(
            self.value(
                place=place,
                table_size=table_size,
                night_players=night_players,
                night_tables=night_tables,
                knockouts=knockouts,
            )
        )

    def value(
        self,
        *,
        place: int,
        table_size: int,
        night_players: int = 0,
        night_tables: int = 0,
        knockouts: Fraction | int = 0,
    ) -> float:
        """The checked value before rounding to hundredths; the check's grid asks only this."""
        try:
            if self.error is not None:
                raise RulesError(self.error.code, **self.error.params)
            return _check_value(
                self._evaluate(
                    float(place),
                    float(table_size),
                    float(night_players or table_size),
                    float(knockouts),
                    float(night_tables or 1),
                )
            )
        except RulesError as error:
            error.params.update(place=place, n=table_size)
            if self.uses & NIGHT:
                error.params["night"] = night_players or table_size
            if "k" in self.uses:
                error.params["knockouts"] = _shown_knockouts(knockouts)
            raise

    def _evaluate(self, r: float, n: float, night: float, k: float, tables: float) -> object:
        names = {
            "n": n,
            "N": night,
            "r": r,
            "k": k,
            "fee": self.fee,
            "tables": tables,
            "players": n,
            "night_players": night,
            "place": r,
            "knockouts": k,
            "t": tables,
        }
        evaluator = _evaluator()
        evaluator.names = names
        # Made by compile_formula, which read the tree first: a text never read is never evaluated.
        assert self._tree is not None
        try:
            return evaluator.eval(self.text, previously_parsed=self._tree.body)
        except RulesError:
            raise
        except ZeroDivisionError:
            raise RulesError("formula_division_by_zero") from None
        except OverflowError:
            raise RulesError("formula_too_large", value="∞", limit=MAX_POINTS) from None
        except (ValueError, TypeError, ArithmeticError):
            raise RulesError("formula_math") from None
        except Exception:  # simpleeval's own refusals (a name or function it does not know, a limit)
            raise RulesError("formula_not_allowed") from None


_local = threading.local()


def _evaluator() -> SimpleEval:
    """This thread's evaluator: a formula may be shared by the threads of a server process, and setting up
    an evaluator costs more than evaluating a formula."""
    evaluator = getattr(_local, "evaluator", None)
    if evaluator is None:
        evaluator = _local.evaluator = SimpleEval(operators=_OPERATORS, functions=FUNCTIONS, names={})
    return evaluator


def checked_nights(largest_night: int = 0) -> int:
    """The largest night the check covers: twice the league's largest night, within 60 to 300 players."""
    return min(max(CHECKED_NIGHTS_AT_LEAST, 2 * largest_night), CHECKED_NIGHTS_AT_MOST)


@functools.cache
def knockout_counts(table_size: int) -> tuple[Fraction, ...]:
    """Every knockout count a player can have at a table: up to all the others, each whole (a paper sheet) or
    shared equally by the 1 to n - 1 winners of the pot he went out in (the tracker)."""
    shares = [Fraction(1, winners) for winners in range(1, table_size)]
    counts = {
        sum(chosen, Fraction(0))
        for taken in range(table_size)
        for chosen in itertools.combinations_with_replacement(shares, taken)
    }
    return tuple(sorted(counts))


class _Placement(TypedDict):
    """One placement the check evaluates: the arguments of :meth:`Formula.value`."""

    place: int
    table_size: int
    night_players: int
    night_tables: int
    knockouts: Fraction | int


def _grid(uses: frozenset[str], largest_night: int = 0) -> Iterator[_Placement]:
    """The placements a formula is checked on: every place at every table size, with every knockout count
    that can occur there (if the formula reads them), on every night from 2 players to `checked_nights`
    (if it reads the night: a condition on one night size cannot hide), each with the draw's tables
    (seats fill the draw's tables: a night of N players has ceil(N / 6), tournaments/poker/seating.py)."""
    nights = range(2, checked_nights(largest_night) + 1) if uses & NIGHT else (0,)
    for night in nights:
        for n in TABLE_SIZES:
            if night and n > night:
                break
            for k in knockout_counts(n) if "k" in uses else (0,):
                for place in range(1, n + 1):
                    yield {
                        "place": place,
                        "table_size": n,
                        "night_players": night,
                        "night_tables": -(-night // 6) if night else 0,
                        "knockouts": k,
                    }


def _grid_size(uses: frozenset[str], largest_night: int = 0) -> int:
    """How many placements `_grid` yields, counted without yielding them."""
    per_night = {
        top: sum(n * (len(knockout_counts(n)) if "k" in uses else 1) for n in TABLE_SIZES if n <= top)
        for top in TABLE_SIZES
    }
    if not uses & NIGHT:
        return per_night[6]
    return sum(per_night[min(night, 6)] for night in range(2, checked_nights(largest_night) + 1))


def read_formula(text: str, *, fee: float | Decimal | int = 0) -> Formula:
    """A stored formula as the pages score with it, without the check: never refuses (a formula that cannot
    be read fails at each placement, and the pages name it)."""
    try:
        return _read_cached(text, float(fee))
    except RulesError as error:
        return Formula(text.strip(), float(fee), error=error)


@functools.lru_cache(maxsize=128)
def _read_cached(text: str, fee: float) -> Formula:
    tree, uses, operations = _read(text)
    return Formula(text.strip(), fee, uses, tree, operations)


@functools.lru_cache(maxsize=128)
def compile_formula(text: str, *, fee: float | Decimal | int = 0, largest_night: int = 0) -> Formula:
    """Check a typed formula and return it ready to evaluate; :class:`RulesError` says what is wrong and where.

    `largest_night`: the league's largest night (players), which sets the nights checked. Kept per process
    (the points page asks on every keystroke). The check's work is capped (:data:`MAX_CHECK_OPERATIONS`): a
    few ms for most formulas, under a second for a long one reading both the night and the knockouts
    (tests/benchmarks/formula.py)."""
    formula = _read_cached(text, float(fee))
    cases = _grid_size(formula.uses, largest_night)
    if cases * max(formula.operations, 1) > MAX_CHECK_OPERATIONS:
        raise RulesError(
            "formula_check_too_big",
            count=formula.operations,
            most=max(MAX_CHECK_OPERATIONS // cases, 1),
            nights=checked_nights(largest_night),
        )
    for case in _grid(formula.uses, largest_night):
        formula.value(**case)
    return formula
