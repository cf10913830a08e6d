"""Names a typo or so apart, found among thousands without comparing every pair. Pure Python.

Two names are near when a search form of each (:func:`league.rules.names.search_forms`) has a word of the other,
they differ in length by at most ``MAX_LENGTH_GAP`` and difflib's ratio of the two forms is at least ``NEAR_RATIO``
("Anna Mueller" / "Ana Mueller" is 0.96). Comparing each name of a list with every one before it is quadratic:
a file of "Person 1 … Person 5000" shares the word "person" in every row, 12.5 million pairs.

So the index narrows first, and difflib decides as before. difflib's ratio is never above its quick ratio,
which counts only the letters two forms have in common, as a bag: two near forms of ``T`` letters in all
differ in at most ``T × (1 − NEAR_RATIO)`` letters of their bags. Two forms sharing a word differ in the
letters beside that word only; the index keeps, per word and number of other letters, these other letters of
each form sorted, in a tree of letters, and a search walks only the branches within that difference (a bag of
n and one of m letters differ by n + m less twice what they share: the difference has the parity of n + m). Whatever difflib would accept is
among what the walk finds (tests/league/rules/test_near_names.py checks it against every pair), and a list
of 5,000 similar names is searched in about a second.
"""

from __future__ import annotations

import difflib
import heapq
from collections import Counter
from collections.abc import Iterator
from operator import itemgetter
from typing import Any, Generic, TypeVar

__all__ = ["NEAR_RATIO", "MAX_LENGTH_GAP", "NearNames", "is_near"]

NEAR_RATIO = 0.88
MAX_LENGTH_GAP = 3
# The most letters two forms of T letters in all may differ by (as bags) and still be near: T × _SPREAD. A
# hair above 1 − NEAR_RATIO, so that rounding can only let a pair too many through to difflib, never one too few.
_SPREAD = (1 - NEAR_RATIO) + 1e-9

Player = TypeVar("Player")
_first = itemgetter(0)


def is_near(matcher: difflib.SequenceMatcher[str], name: str) -> bool:
    """difflib's verdict on `name` against the form the matcher holds as its second sequence, cheap bounds first."""
    matcher.set_seq1(name)
    return (
        matcher.real_quick_ratio() >= NEAR_RATIO
        and matcher.quick_ratio() >= NEAR_RATIO
        and matcher.ratio() >= NEAR_RATIO
    )


def _rest(form: str, word: str) -> str:
    """The letters of `form` beside one `word` of it, sorted (a bag written as a string)."""
    letters = Counter(form)
    letters.subtract(word)
    return "".join(sorted(letters.elements()))


class NearNames(Generic[Player]):
    """Players added with their forms, in order; :meth:`near` gives those near a name, in that order."""

    def __init__(self) -> None:
        # a word -> the number of other letters -> the tree of the other letters of every form with that word
        # (a tree's nodes are dicts of a letter to a node, its leaves lists of (order, player, form))
        self._trees: dict[str, dict[int, Any]] = {}
        self._added = 0

    def add(self, player: Player, forms: tuple[str, ...]) -> None:
        order, self._added = self._added, self._added + 1
        for form in forms:
            for word in set(form.split()):
                rest = _rest(form, word)
                trees = self._trees.setdefault(word, {})
                if not rest:  # the form is the word alone
                    trees.setdefault(0, []).append((order, player, form))
                    continue
                node = trees.setdefault(len(rest), {})
                for letter in rest[:-1]:
                    node = node.setdefault(letter, {})
                node.setdefault(rest[-1], []).append((order, player, form))  # a leaf: the forms that end there

    def near(self, forms: tuple[str, ...]) -> Iterator[Player]:
        """The players near one of `forms`: first those near the first form, each in the order added, then
        those near the next form; each player once."""
        found: set[int] = set()
        for plain in forms:
            matcher = difflib.SequenceMatcher(None, "", plain)
            lists: list[list[tuple[int, Player, str]]] = []
            for word in set(plain.split()):
                rest = _rest(plain, word)
                for size, tree in self._trees.get(word, {}).items():
                    if abs(size - len(rest)) <= MAX_LENGTH_GAP:
                        most = int((len(plain) + len(word) + size) * _SPREAD)  # both forms' letters in all
                        lists.extend(_within(tree, rest, size, most))
            for order, player, form in heapq.merge(*lists, key=_first):  # each list is in the order added
                if order not in found and is_near(matcher, form):
                    found.add(order)
                    yield player


def _within(tree: Any, rest: str, size: int, most: int) -> list[list[Any]]:
    """The lists of forms in `tree` (of forms with `size` other letters) whose other letters differ from `rest`
    by at most `most` letters: a sorted merge of the two bags counts the letters one has and the other has not;
    the letters each has left bound what the rest of the walk can still add."""
    length = len(rest)
    most -= (most - size - length) % 2  # two bags of n and m letters differ by n + m less twice what they share
    if size == 0:
        return [tree] if length <= most else []
    found = []
    last = size - 1
    stack = [(tree, 0, 0, 0)]  # a node, its depth, the letters of `rest` passed, the letters differing so far
    while stack:
        node, depth, at, differing = stack.pop()
        for letter, child in node.items():
            step, cost = at, differing
            while step < length and rest[step] < letter:  # letters of `rest` the tree's form has not
                step += 1
                cost += 1
            if step < length and rest[step] == letter:
                step += 1
            else:
                cost += 1  # a letter the tree's form has and `rest` has not
            if depth == last:
                if cost + length - step <= most:
                    found.append(child)
            elif cost + abs((last - depth) - (length - step)) <= most:
                stack.append((child, depth + 1, step, cost))
    return found
