"""Cards for a showdown the dealer decided, so that a hand history can be settled by a program.

Pure Python, no Django import. When the dealer names the winners of each pot
(``pot_winners``) no cards were recorded, but a Poker Hand History reader such
as pokerkit settles a showdown only by cards. :func:`invent_showdown` makes up
cards that give exactly the named outcome; the PHH export writes them, marked
as invented, and nothing on the site's pages ever shows them.

1. :func:`strength_order`: the players who win something, grouped into ties,
   strongest first. The winners of a pot beat every other eligible player who
   wins something elsewhere, and the winners of one pot tie. A dealer can name
   winners no cards could give (Anna beats Ben for the main pot, Ben beats Anna
   for a side pot they both play): :class:`InconsistentWinners` says so.
2. Who shows: players who win nothing muck (a mucked hand forfeits), except in
   an all-in showdown, where PHH has every player show (pokerkit then shows
   the hands before the rest of the board is dealt, and a muck that leaves one
   player crashes it). A lone winner facing only mucks needs no hole cards.
3. :func:`deal_for_order`: a board and hole cards that realise the order with
   exact ties, found by backtracking and checked with our evaluator. Without a
   recorded board the board is 2 4 6 8 T of mixed suits and the hole cards
   come from A K Q J 9: no straights, no flushes, no pairs with the board,
   equal ranks tie exactly and pocket pairs beat every high-card hand. A
   recorded board (part or all) is kept and completed; when no cards can give
   the named outcome, :class:`CannotInvent` says so.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from tournaments.poker.cards import FULL_DECK, Card, parse_cards
from tournaments.poker.evaluator import hand_value
from tournaments.poker.replay import PlayedHand

__all__ = [
    "CannotInvent",
    "InconsistentWinners",
    "InventedShowdown",
    "strength_order",
    "deal_for_order",
    "invent_showdown",
]

CLEAN_BOARD: tuple[Card, ...] = parse_cards("2c 4d 6h 8s Tc")
CLEAN_HOLE_POOL: tuple[Card, ...] = tuple(c for c in FULL_DECK if c // 4 + 2 in (14, 13, 12, 11, 9))  # A K Q J 9
# Everyone plays the board's straight (no pair on it, at most two of a suit): any hole cards tie.
TIE_BOARD: tuple[Card, ...] = parse_cards("As Kd Qh Jc Ts")
_BUDGET = 20000  # search steps per board before giving up


class CannotInvent(ValueError):
    """No cards give the dealer's named outcome; ``str()`` says why, in one line."""


class InconsistentWinners(CannotInvent):
    """The named pot winners contradict each other: no order of hands gives them all."""


@dataclass(frozen=True)
class InventedShowdown:
    """The cards a hand history shows for a showdown the dealer decided.

    ``hole_cards``: the cards of the players who show (recorded or invented);
    ``mucked``: players who win nothing and muck; ``board``: five cards;
    ``invented_hole``: who got invented hole cards; ``invented_board``: how
    many board cards (from the last) are invented.
    """

    hole_cards: dict[str, tuple[Card, ...]]
    board: tuple[Card, ...]
    mucked: tuple[str, ...]
    invented_hole: tuple[str, ...]
    invented_board: int

    @property
    def invented(self) -> bool:
        return bool(self.invented_hole or self.invented_board)


def strength_order(pots: Sequence[tuple[Sequence[str], Sequence[str]]]) -> list[tuple[str, ...]]:
    """The players who win a pot, as groups of equal hands, strongest group first.

    ``pots``: ``(eligible, winners)`` per pot, main pot first. Raises
    :class:`InconsistentWinners` when no order gives every pot its winners.
    """
    winners_all: list[str] = []
    for _, winners in pots:
        winners_all += [w for w in winners if w not in winners_all]
    group = {name: name for name in winners_all}

    def find(name: str) -> str:
        while group[name] != name:
            group[name] = group[group[name]]
            name = group[name]
        return name

    for _, winners in pots:
        for other in winners[1:]:
            group[find(other)] = find(winners[0])
    beats: dict[str, set[str]] = defaultdict(set)  # group -> groups it must beat
    for k, (eligible, winners) in enumerate(pots):
        for loser in eligible:
            if loser in winners or loser not in group:
                continue
            if find(loser) == find(winners[0]):
                raise InconsistentWinners(
                    f"{loser} ties with {winners[0]} for one pot but loses pot {k + 1} to them"
                )
            beats[find(winners[0])].add(find(loser))
    roots = [name for name in winners_all if find(name) == name]
    beaten_by = {root: sum(root in beats[other] for other in roots) for root in roots}
    order: list[str] = []
    ready = [root for root in roots if not beaten_by[root]]
    while ready:
        root = ready.pop(0)
        order.append(root)
        for weaker in sorted(beats[root], key=roots.index):
            beaten_by[weaker] -= 1
            if not beaten_by[weaker]:
                ready.append(weaker)
    if len(order) < len(roots):
        stuck = [name for name in winners_all if find(name) not in order]
        raise InconsistentWinners(
            f"the named pot winners contradict each other: {', '.join(stuck)} each beat "
            "one another in some pot"
        )
    return [tuple(name for name in winners_all if find(name) == root) for root in order]


def _combos(pool: Sequence[Card], board: Sequence[Card], offsuit: bool) -> list[tuple[int, tuple[Card, Card]]]:
    """Every two cards of the pool (higher card first) with the value they make with the board, best first."""
    board = list(board)
    combos = [
        (hand_value([a, b, *board]), (b, a))
        for a, b in combinations(sorted(pool), 2)
        if not offsuit or a % 4 != b % 4
    ]
    combos.sort(key=lambda c: -c[0])
    return combos


def _search(
    levels: Sequence[Sequence[str]],
    losers: Sequence[str],
    board: tuple[Card, ...],
    pool: Sequence[Card],
    known: Mapping[str, tuple[Card, ...]],
) -> dict[str, tuple[Card, ...]] | None:
    """Hole cards for every player on this board: each level's players equal, each level below the one
    before, the losers below the last level; ``known`` players keep their cards. None if not found."""
    used_by_known = {c for cards in known.values() for c in cards}
    free_pool = [c for c in pool if c not in board and c not in used_by_known]
    combos = _combos(free_pool, board, offsuit=pool is CLEAN_HOLE_POOL)
    by_value: dict[int, list[tuple[Card, Card]]] = defaultdict(list)
    for value, pair in combos:
        by_value[value].append(pair)
    values = sorted(by_value, reverse=True)
    known_value = {name: hand_value([*cards, *board]) for name, cards in known.items()}
    steps = [0]

    def pick(pairs: list[tuple[Card, Card]], k: int, used: frozenset, start: int = 0):
        """k pairwise disjoint pairs not in ``used``, in every way (a generator)."""
        if k == 0:
            yield ()
            return
        for i in range(start, len(pairs)):
            steps[0] += 1
            if steps[0] > _BUDGET:
                return
            a, b = pairs[i]
            if a in used or b in used:
                continue
            for rest in pick(pairs, k - 1, used | {a, b}, i + 1):
                yield ((a, b), *rest)

    def place(level: int, ceiling: float, used: frozenset) -> dict[str, tuple[Card, ...]] | None:
        if steps[0] > _BUDGET:
            return None
        if level == len(levels):
            return place_losers(list(losers), ceiling, used)
        members = levels[level]
        fixed = {known_value[name] for name in members if name in known}
        free = [name for name in members if name not in known]
        if len(fixed) > 1:
            return None
        lower_known = [known_value[n] for lv in levels[level + 1:] for n in lv if n in known]
        lower_known += [known_value[n] for n in losers if n in known]
        floor = max(lower_known, default=-1)
        candidates = sorted(fixed) if fixed else [v for v in values if v < ceiling]
        for value in candidates:
            if value >= ceiling or value <= floor:
                continue
            pairs = by_value.get(value, []) if free else []
            for chosen in pick(pairs, len(free), used) if free else [()]:
                taken = used.union(*chosen) if chosen else used
                rest = place(level + 1, value, frozenset(taken))
                if rest is not None:
                    return {**dict(zip(free, chosen)), **rest}
            if steps[0] > _BUDGET:
                return None
        return None

    def place_losers(names: list[str], ceiling: float, used: frozenset) -> dict[str, tuple[Card, ...]] | None:
        if not names:
            return {}
        name, rest = names[0], names[1:]
        if name in known:
            if known_value[name] >= ceiling:
                return None
            return place_losers(rest, ceiling, used)
        for value, (a, b) in reversed(combos):  # weakest first: leaves the most room
            steps[0] += 1
            if steps[0] > _BUDGET or value >= ceiling:
                return None
            if a in used or b in used:
                continue
            found = place_losers(rest, ceiling, used | {a, b})
            if found is not None:
                return {name: (a, b), **found}
        return None

    found = place(0, float("inf"), frozenset())
    return None if found is None else {**known, **found}


def deal_for_order(
    levels: Sequence[Sequence[str]],
    losers: Sequence[str] = (),
    *,
    board: Sequence[Card] = (),
    known: Mapping[str, Sequence[Card]] | None = None,
) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
    """Hole cards for the players of ``levels`` (equal within a level, each level beating the next) and
    ``losers`` (beaten by every level), and a 5-card board that keeps the recorded ``board`` cards.
    Players in ``known`` keep their recorded hole cards. Raises :class:`CannotInvent`."""
    known = {name: tuple(cards) for name, cards in (known or {}).items()}
    board = tuple(board)
    attempts: list[tuple[tuple[Card, ...], Sequence[Card]]] = []
    if not board and not known:
        attempts.append((CLEAN_BOARD, CLEAN_HOLE_POOL))
        if len(levels) == 1 and not losers:
            attempts.append((TIE_BOARD, FULL_DECK))
    else:
        taken = set(board) | {c for cards in known.values() for c in cards}
        # Complete the board with the clean board's cards where free, then with any low cards.
        fillers = [c for c in (*CLEAN_BOARD, *FULL_DECK) if c not in taken]
        for completion in _completions(fillers, 5 - len(board), limit=40):
            attempts.append((board + completion, FULL_DECK))
    for full_board, pool in attempts:
        found = _search(levels, losers, full_board, pool, known)
        if found is not None:
            return found, full_board
    if any(len(level) > 4 for level in levels) and (len(levels) > 1 or losers):
        # Five equal hands need the board to play (four of a rank at most), and nobody shows less than the board.
        raise CannotInvent("no cards give a tie of five or more hands while another shown hand is weaker")
    raise CannotInvent("no cards give the named winners" + (" with the recorded cards" if board or known else ""))


def _completions(fillers: Sequence[Card], count: int, *, limit: int):
    seen = set()
    for combo in combinations(fillers, count):
        key = frozenset(combo)
        if key in seen:
            continue
        seen.add(key)
        yield tuple(combo)
        if len(seen) >= limit:
            return


def _check(played: PlayedHand, shown: Mapping[str, tuple[Card, ...]], board: tuple[Card, ...]) -> None:
    """The invented cards give every pot exactly its named winners (our evaluator decides)."""
    values = {name: hand_value([*cards, *board]) for name, cards in shown.items()}
    for k, pot in enumerate(played.result.pots):
        if len(pot.eligible) == 1:
            continue
        live = [name for name in pot.eligible if name in shown]
        if not live:
            raise AssertionError(f"pot {k + 1}: nobody shows")
        if any(name not in values for name in live):  # a lone winner with unknown cards: everyone else mucked
            if set(live) != set(pot.winners):
                raise AssertionError(f"pot {k + 1}: the winner's cards are unknown and another player shows")
            continue
        best = max(values[name] for name in live)
        if {name for name in live if values[name] == best} != set(pot.winners):
            raise AssertionError(f"pot {k + 1}: the invented cards do not give the named winners")


def invent_showdown(played: PlayedHand) -> InventedShowdown:
    """Cards that settle the dealer-decided showdown of ``played`` exactly as named.

    Keeps the recorded board and hole cards. Raises :class:`CannotInvent`
    (or :class:`InconsistentWinners`) with the reason in one line.
    """
    showdown = played.showdown
    levels = strength_order([(pot.eligible, pot.winners) for pot in played.result.pots])
    winners = {name for level in levels for name in level}
    all_in = any(played.hand.stacks[name] == 0 for name in showdown)
    known = {name: cards for name, cards in played.hole_cards.items() if name in showdown}
    if all_in:
        mucked: tuple[str, ...] = ()
        losers = [name for name in showdown if name not in winners]
    else:
        mucked = tuple(name for name in showdown if name not in winners)
        losers = []
    board = tuple(played.board)
    showers = [name for name in showdown if name not in mucked]
    if len(showers) == 1 and not known:
        # Everyone else mucks: his hand is never compared, only a board is needed (pokerkit reads one).
        filler = tuple(c for c in (*CLEAN_BOARD, *FULL_DECK) if c not in board)[: 5 - len(board)]
        return InventedShowdown({}, board + filler, mucked, (), 5 - len(board))
    holes, full_board = deal_for_order(levels, losers, board=board, known=known)
    shown = {name: holes[name] for name in showers}
    _check(played, shown, full_board)
    invented = tuple(name for name in showers if name not in known)
    return InventedShowdown(shown, full_board, mucked, invented, 5 - len(board))
