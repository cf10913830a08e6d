"""All-in odds (tournaments/poker/equity.py) against a plain enumeration with another evaluator, and their
properties: the equities sum to 1, symmetric spots give equal odds, a suit renamed changes nothing."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from tournaments.poker.cards import FULL_DECK, format_cards, parse_cards
from tournaments.poker.equity import EquityError, equity, equity_by_pot, equity_contract

TREYS = TreysEvaluator()


def reference(hands, board, dead=()):
    """Every completion of the board, each hand valued by treys (lower is better): wins, ties, equity."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [c for c in FULL_DECK if c not in used]
    t_hands = [[TreysCard.new(str(c)) for c in h] for h in hands]
    wins, ties, shares, boards = [0] * len(hands), [0] * len(hands), [Fraction(0)] * len(hands), 0
    for rest in combinations(deck, 5 - len(board)):
        t_board = [TreysCard.new(str(c)) for c in (*board, *rest)]
        scores = [TREYS.evaluate(h, t_board) for h in t_hands]
        best = min(scores)
        top = [k for k, s in enumerate(scores) if s == best]
        for k in top:
            if len(top) == 1:
                wins[k] += 1
            else:
                ties[k] += 1
            shares[k] += Fraction(1, len(top))
        boards += 1
    return boards, wins, ties, [s / boards for s in shares]


def random_spot(rng: random.Random, players: int, board_size: int, dead_size: int = 0):
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hands = [tuple(deck[2 * k : 2 * k + 2]) for k in range(players)]
    rest = deck[2 * players :]
    return hands, tuple(rest[:board_size]), tuple(rest[board_size : board_size + dead_size])


@pytest.mark.parametrize("seed", range(12))
def test_random_spots_equal_a_plain_enumeration_with_treys(seed):
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    board_size = rng.choice((3, 4, 4, 5))
    hands, board, dead = random_spot(rng, players, board_size, rng.choice((0, 0, 3)))
    odds = equity(hands, board, dead)
    boards, wins, ties, shares = reference(hands, board, dead)
    assert [o.boards for o in odds] == [boards] * players
    assert [o.wins for o in odds] == wins
    assert [o.ties for o in odds] == ties
    assert [o.equity for o in odds] == shares


def test_a_spot_before_the_flop_equals_a_plain_enumeration():
    """The whole board to come (five cards); 20 dead cards keep the reference quick (65,780 boards)."""
    rng = random.Random(7)
    hands, board, dead = random_spot(rng, 3, 0, 20)
    odds = equity(hands, board, dead)
    boards, wins, ties, shares = reference(hands, board, dead)
    assert boards == 65_780 and [o.boards for o in odds] == [boards] * 3
    assert ([o.wins for o in odds], [o.ties for o in odds], [o.equity for o in odds]) == (wins, ties, shares)


def test_known_heads_up_odds_before_the_flop():
    """AsKs against QhQd: 1,712,304 boards; the counts every odds calculator agrees on."""
    ak, qq = equity([parse_cards("AsKs"), parse_cards("QhQd")])
    assert (ak.boards, ak.wins, qq.wins, ak.ties, qq.ties) == (1_712_304, 787_966, 917_606, 6_732, 6_732)
    assert ak.equity + qq.equity == 1


def _board_by_board(hands, pots, dead=()):
    """`equity_by_pot` before the flop with every board valued as arrays (bulk.board_chunks): the reference
    for the classes of boards that equity counts instead."""
    import numpy as np

    from tournaments.poker import bulk
    from tournaments.poker.equity import Odds

    used = {int(c) for hand in hands for c in hand} | {int(c) for c in dead}
    holes = [(int(a), int(b)) for a, b in hands]
    tallies = [np.zeros((len(pot), len(pot) + 1), dtype=np.int64) for pot in pots]
    boards = 0
    for chunk in bulk.board_chunks([c for c in range(52) if c not in used], 5):
        strengths = bulk.strengths_on_boards(chunk, holes)
        for pot, tally in zip(pots, tallies):
            on_top = strengths[pot] == strengths[pot].max(axis=0)
            for row, top in enumerate(on_top):
                tally[row] += np.bincount(on_top.sum(axis=0)[top], minlength=len(pot) + 1)
        boards += len(chunk)
    return [[Odds(boards, int(r[1]), (0, 0, *(int(n) for n in r[2:]))) for r in tally] for tally in tallies]


@pytest.mark.parametrize(
    "hands",
    [
        ("AsKs", "QsJs"),  # both can make a flush with three spades on the board
        ("AhKh", "2c3d"),  # one suited hand against one that can only share a board flush
        ("7c7d", "8h8s"),  # pairs: the board's flushes are everyone's
        ("AsKd", "AhKc", "QsQh", "JdTc", "9s8s", "2c2d"),
        ("AsKs", "QhQd", "7c6c", "JdTd", "2h2s", "9c8d", "AdKd", "5s5c", "Th9h", "3d4d"),
    ],
)
def test_before_the_flop_the_classes_of_boards_count_exactly_what_every_board_valued_counts(hands):
    cards = [parse_cards(h) for h in hands]
    pots = [list(range(len(cards))), list(range(1, len(cards)))] if len(cards) > 2 else [[0, 1]]
    assert equity_by_pot(cards, pots) == _board_by_board(cards, pots)


@pytest.mark.parametrize("seed", range(6))
def test_before_the_flop_with_dead_cards_and_side_pots_the_classes_count_every_board(seed):
    rng = random.Random(300 + seed)
    players = rng.randint(2, 9)
    hands, _, dead = random_spot(rng, players, 0, rng.choice((0, 2, 5)))
    pots = [list(range(players)), sorted(rng.sample(range(players), rng.randint(2, players)))]
    assert equity_by_pot(hands, pots, (), dead) == _board_by_board(hands, pots, dead)


def test_before_the_flop_the_boards_are_counted_by_classes_not_one_by_one(monkeypatch):
    """1,712,304 boards valued one by one took most of a `manage.py equity` run's work; the classes are about
    6,000 rank multisets and the flush boards' suited ranks."""
    from tournaments.poker import bulk

    def refused(*args, **kwargs):
        raise AssertionError("every board generated")

    monkeypatch.setattr(bulk, "board_chunks", refused)
    ak, qq = equity([parse_cards("AsKs"), parse_cards("QhQd")])
    assert (ak.boards, ak.wins, qq.wins, ak.ties) == (1_712_304, 787_966, 917_606, 6_732)


@st.composite
def spots(draw):
    players = draw(st.integers(2, 10))
    board_size = draw(st.sampled_from((3, 4, 5)))
    cards = draw(st.permutations(range(52)))
    hands = [tuple(FULL_DECK[c] for c in cards[2 * k : 2 * k + 2]) for k in range(players)]
    board = tuple(FULL_DECK[c] for c in cards[2 * players : 2 * players + board_size])
    return hands, board


@settings(max_examples=60, deadline=None)
@given(spots())
def test_equities_sum_to_one_and_every_board_has_a_winner(spot):
    hands, board = spot
    odds = equity(hands, board)
    assert sum(o.equity for o in odds) == 1
    # each board is won alone once or shared by two or more: wins + ties / (sharers) add up to the boards
    assert (
        sum(o.wins for o in odds) + sum(Fraction(n, k) for o in odds for k, n in enumerate(o.ties_by_size) if n)
        == odds[0].boards
    )  # exact: n / k in floats drifted


SWAP = {"h": "s", "s": "h", "c": "c", "d": "d"}


def _swap(cards):
    return tuple(parse_cards([str(c)[0] + SWAP[str(c)[1]] for c in cards]))


@settings(max_examples=30, deadline=None)
@given(st.permutations([r for r in "23456789TJQKA"]), st.integers(0, 2), st.sampled_from((0, 3, 4)))
def test_symmetric_spots_give_equal_odds(ranks, others, board_size):
    """Two hands that are each other's mirror (hearts and spades swapped) on a board and beside hands of
    clubs and diamonds only: the spot is its own mirror, so the two have equal odds."""
    a = parse_cards(f"{ranks[0]}h{ranks[1]}s")
    b = _swap(a)
    low = [f"{r}{s}" for r in ranks[2:] for s in "cd"]
    rest = parse_cards(low[: 2 * others + board_size])
    extra = [rest[2 * k : 2 * k + 2] for k in range(others)]
    board = rest[2 * others :]
    odds = equity([a, b, *extra], board)
    assert odds[0].wins == odds[1].wins and odds[0].ties_by_size == odds[1].ties_by_size
    assert odds[0].equity == odds[1].equity


@settings(max_examples=25, deadline=None)
@given(spots(), st.permutations("cdhs"))
def test_renaming_the_suits_changes_nothing(spot, suits):
    hands, board = spot
    rename = dict(zip("cdhs", suits))

    def renamed(cards):
        return tuple(parse_cards([str(c)[0] + rename[str(c)[1]] for c in cards]))

    assert equity([renamed(h) for h in hands], renamed(board)) == equity(hands, board)


# --- the contract object --------------------------------------------------------------------------------


def test_the_contract_output_names_every_player_in_input_order_with_exact_fractions():
    out = equity_contract({"hands": {"Carl": "7s7h", "Anna": "AsAh", "Ben": "KdKc"}, "board": "Ad7d2c", "dead": ""})
    assert out["boards"] == 903 and list(out["players"]) == ["Carl", "Anna", "Ben"]
    anna = out["players"]["Anna"]
    assert anna == {"wins": 825, "ties": 0, "equity": 0.913621, "equity_exact": "275/301"}
    assert sum(Fraction(p["equity_exact"]) for p in out["players"].values()) == 1


def test_whole_equities_are_printed_as_0_and_1():
    out = equity_contract({"hands": {"A": "AsAh", "B": "2c3d"}, "board": "AdAc9h9s4c"})
    assert out == {
        "boards": 1,
        "players": {
            "A": {"wins": 1, "ties": 0, "equity": 1, "equity_exact": "1"},
            "B": {"wins": 0, "ties": 0, "equity": 0, "equity_exact": "0"},
        },
    }


def test_a_split_board_is_a_tie_for_everyone():
    out = equity_contract({"hands": {"A": "2c3d", "B": "2d3c", "C": "4h5h"}, "board": ["As", "Ks", "Qs", "Js", "Ts"]})
    assert all(p == {"wins": 0, "ties": 1, "equity": 0.333333, "equity_exact": "1/3"} for p in out["players"].values())


def test_an_equity_that_rounds_to_a_whole_number_is_one_and_a_tiny_one_is_a_plain_decimal():
    """'Whole numbers are printed without a decimal point': a share below 0.0000005 rounds to 0, not 0.0."""
    from tournaments.poker.equity import _rounded, contract_text

    assert (_rounded(Fraction(1, 3_424_608)), _rounded(Fraction(3_424_607, 3_424_608))) == (0, 1)
    assert isinstance(_rounded(Fraction(1, 3_424_608)), int) and _rounded(Fraction(7, 71_920)) == 0.000097
    text = contract_text(
        {
            "boards": 1,
            "players": {'"equity": 1e-05': {"wins": 0, "ties": 1, "equity": 1e-05, "equity_exact": "1/100000"}},
        }
    )
    assert '"equity": 0.00001,' in text and '"\\"equity\\": 1e-05": {' in text  # the name is left as it is


def test_dead_cards_leave_the_deck():
    out = equity_contract({"hands": {"A": "AsKs", "B": "QhQd"}, "board": "2c3c4d", "dead": "5h 6h"})
    assert out["boards"] == comb(52 - 4 - 3 - 2, 2)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "the input must be a JSON object"),
        ({"board": ""}, "missing field 'hands'"),
        ({"hands": {"A": "AsKs", "B": "QhQd"}}, "missing field 'board'"),
        ({"hands": {"A": "AsKs"}, "board": ""}, "2 to 10 hands"),
        (
            {"hands": {f"P{k}": format_cards(FULL_DECK[2 * k : 2 * k + 2]) for k in range(11)}, "board": ""},
            "2 to 10 hands",
        ),
        ({"hands": {"A": "AsKs", "B": "Qh"}, "board": ""}, "B must have exactly two cards, got 1"),
        ({"hands": {"A": "AsKs", "B": "QhQdQc"}, "board": ""}, "B must have exactly two cards, got 3"),
        ({"hands": {"A": "AsKs", "B": "QhXx"}, "board": ""}, "hands: B: unknown card 'Xx'"),
        ({"hands": {"A": "AsKs", "B": "QhQd"}, "board": "2c3c"}, "board: must have 0, 3, 4 or 5 cards, got 2"),
        ({"hands": {"A": "AsKs", "B": "QhQd"}, "board": "2c"}, "got 1"),
        ({"hands": {"A": "AsKs", "B": "QhQd"}, "board": "2c3c4c5c6c7c"}, "got 6"),
        (
            {"hands": {"A": "AsKs", "B": "QhQd"}, "board": "2c3c4c", "dead": "Qh"},
            "card Qh used twice (hands: B and dead)",
        ),
        ({"hands": {"A": "AsKs", "B": "AsQd"}, "board": ""}, "card As used twice (hands: A and hands: B)"),
        ({"hands": {"A": "AsKs", "B": "QhQd"}, "board": "Ks2c3c"}, "card Ks used twice (hands: A and board)"),
        ({"hands": {"A": "AsKs", "B": 5}, "board": ""}, "hands: B: cards must be"),
        ({"hands": ["AsKs", "QhQd"], "board": ""}, "hands must be an object"),
        ({"hands": {"": "AsKs", "B": "QhQd"}, "board": ""}, "a name must not be empty"),
    ],
)
def test_bad_input_is_refused_with_a_message_that_says_what(data, message):
    with pytest.raises(EquityError) as refused:
        equity_contract(data)
    assert message in str(refused.value)


def test_each_pot_counts_its_own_hands_and_the_whole_field_is_the_same_as_equity():
    hands = [parse_cards(h) for h in ("As Ah", "Kd Kc", "7s 7h")]
    board = parse_cards("Kh 7d 2c")
    main, side = equity_by_pot(hands, [[0, 1, 2], [0, 1]], board)
    assert main == equity(hands, board)
    # The sevens are shown: their cards are out of the deck for the side pot too.
    assert side == equity(hands[:2], board, dead=hands[2])
    # The sevens' improving boards take the main pot from the kings, not the side pot.
    assert side[1].win_chance > main[1].win_chance


def test_a_pot_one_hand_can_win_is_won_on_every_board_and_a_bad_pot_is_refused():
    hands = [parse_cards(h) for h in ("As Ah", "Kd Kc")]
    ((alone,),) = equity_by_pot(hands, [[1]], parse_cards("2c 3d 4h 5s"))
    assert (alone.wins, alone.ties, alone.boards) == (44, 0, 44)
    for pot in ([], [0, 0], [2]):
        with pytest.raises(EquityError, match="a pot must name distinct hands"):
            equity_by_pot(hands, [pot])


@pytest.mark.parametrize("seed", range(8))
def test_the_few_boards_valued_one_by_one_count_as_the_bulk_evaluator_does(seed, monkeypatch):
    """After the flop the hands are valued one at a time (no numpy to load); before it, as arrays: the same counts."""
    from tournaments.poker import equity as module

    rng = random.Random(seed)
    players = rng.randint(2, 7)
    hands, board, dead = random_spot(rng, players, rng.choice((3, 4, 5)), rng.choice((0, 2)))
    pots = [list(range(players)), list(range(1, players))] if players > 2 else [[0, 1]]
    one_by_one = equity_by_pot(hands, pots, board, dead)
    monkeypatch.setattr(module, "ONE_BY_ONE", 0)
    assert equity_by_pot(hands, pots, board, dead) == one_by_one


@pytest.mark.subprocess
def test_odds_after_the_flop_do_not_load_numpy():
    import subprocess
    import sys

    code = (
        "import sys; from tournaments.poker.cards import parse_cards; from tournaments.poker.equity import equity; "
        "equity([parse_cards('AsKs'), parse_cards('QhQd'), parse_cards('7c6c')], parse_cards('2h 7d 9s')); "
        "print('numpy' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr[-2000:]
