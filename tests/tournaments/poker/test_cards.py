"""Cards: notation (docs/contracts.md "Common to all"), errors, decks."""

import pickle
import random
import secrets

import pytest

from tournaments.poker import cards as cards_module
from tournaments.poker.cards import (
    FULL_DECK,
    Card,
    CardError,
    Deck,
    ensure_distinct,
    format_cards,
    parse_card,
    parse_cards,
    seeded_rng,
    shuffled_deck,
)

AS = FULL_DECK[51]
KD = FULL_DECK[(13 - 2) * 4 + 1]


# --- single cards -----------------------------------------------------------


def test_a_card_is_an_int_from_0_to_51_with_rank_and_suit():
    card = parse_card("As")
    assert isinstance(card, int) and isinstance(card, Card)
    assert card == 51
    assert card.rank == 14
    assert card.suit == "s"
    assert parse_card("2c") == 0 and parse_card("2c").rank == 2 and parse_card("2c").suit == "c"
    assert parse_card("Td").rank == 10 and parse_card("Jh").rank == 11
    assert parse_card("Qc").rank == 12 and parse_card("Kd").rank == 13


def test_a_card_prints_as_rank_then_suit_and_has_a_readable_repr():
    assert str(parse_card("As")) == "As"
    assert str(parse_card("10d")) == "Td"
    assert repr(parse_card("Td")) == "Card('Td')"
    assert f"{parse_card('9h')}" == "9h"


def test_every_card_of_the_deck_round_trips_through_its_name():
    for card in FULL_DECK:
        assert parse_card(str(card)) is card
        assert Card(str(card)) is card
        assert Card(int(card)) is card


def test_ten_may_be_written_10_and_ranks_and_suits_in_either_case():
    td = parse_card("Td")
    for text in ("10d", "td", "TD", "10D", "tD", " Td "):
        assert parse_card(text) is td
    assert parse_card("as") is AS
    assert parse_card("AS") is AS
    assert parse_card("kD") is KD


def test_cards_compare_by_rank_then_suit_spades_hearts_diamonds_clubs():
    assert parse_card("As") > parse_card("Ah") > parse_card("Ad") > parse_card("Ac") > parse_card("Ks")
    assert max(parse_cards("2s Kc Kh 9d")) == parse_card("Kh")


def test_cards_pickle_to_the_same_card():
    assert pickle.loads(pickle.dumps(AS)) is AS


@pytest.mark.parametrize("text", ["Xx", "1s", "11s", "Ax", "A", "", "Ass", "0s", "As Kd"])
def test_an_unknown_single_card_is_named_in_the_error(text):
    with pytest.raises(CardError, match="unknown card") as err:
        parse_card(text)
    assert repr(text.strip()) in str(err.value)


def test_card_indexes_outside_the_deck_are_refused():
    with pytest.raises(CardError, match="out of range"):
        Card(52)
    with pytest.raises(CardError, match="out of range"):
        Card(-1)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


# --- groups of cards -----------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    ["AsKd", "As Kd", "As,Kd", "As, Kd", " As  Kd ", "AS KD", "as,kd", ["As", "Kd"], ("As", "Kd"), ["AS", " kd"]],
)
def test_a_group_of_cards_may_be_written_in_every_contract_notation(value):
    assert parse_cards(value) == (AS, KD)


def test_ten_written_as_10_works_inside_groups():
    expected = (parse_card("Td"), parse_card("Js"))
    assert parse_cards("10d Js") == expected
    assert parse_cards("10dJs") == expected
    assert parse_cards("10d,Js") == expected
    assert parse_cards(["10d", "Js"]) == expected
    assert parse_cards("Js10d") == expected[::-1]


def test_a_full_board_parses_in_order():
    board = parse_cards("Ah Kd 7h 2s 2h")
    assert format_cards(board) == "AhKd7h2s2h"
    assert [c.rank for c in board] == [14, 13, 7, 2, 2]


def test_an_empty_string_or_list_is_no_cards():
    assert parse_cards("") == ()
    assert parse_cards("   ") == ()
    assert parse_cards([]) == ()


def test_lists_may_hold_card_objects():
    assert parse_cards([AS, "Kd"]) == (AS, KD)
    assert parse_cards((AS, KD)) == (AS, KD)


@pytest.mark.parametrize(
    "value, bad",
    [
        ("AsXxKd", "'Xx'"),
        ("As Xx", "'Xx'"),
        ("As,1d", "'1d'"),
        (["As", "Zz"], "'Zz'"),
        ("AsKdQ", "'Q'"),
        ("As Kd x", "'x'"),
    ],
)
def test_an_unknown_card_in_a_group_is_named(value, bad):
    with pytest.raises(CardError, match="unknown card") as err:
        parse_cards(value)
    assert bad in str(err.value)


@pytest.mark.parametrize("value", ["AsAs", "As Kd as", "As,AS", ["As", "Kd", "AS"], "10d Td"])
def test_a_card_repeated_within_a_group_is_refused_and_named(value):
    with pytest.raises(CardError) as err:
        parse_cards(value)
    message = str(err.value)
    assert message in ("card As used twice", "card Td used twice")


@pytest.mark.parametrize("value", ["As;Kd", "As-Kd", "As/Kd", "As.Kd", "As|Kd"])
def test_a_bad_separator_is_refused_with_its_position(value):
    with pytest.raises(CardError, match=r"unexpected '.' at position 2"):
        parse_cards(value)


@pytest.mark.parametrize("value, pos", [("As,,Kd", 3), ("As,", 2), (",As", 0), ("As, ,Kd", 4)])
def test_a_misplaced_comma_is_refused_with_its_position(value, pos):
    with pytest.raises(CardError, match=f"misplaced comma at position {pos}"):
        parse_cards(value)


@pytest.mark.parametrize("value", [None, 51, {"As": 1}, ["As", 5], ["As", None]])
def test_values_that_are_neither_strings_nor_lists_of_strings_are_refused(value):
    with pytest.raises(CardError):
        parse_cards(value)


def test_formatting_round_trips_with_parsing():
    for text in ("AsKd", "2c3d4h5s", "TdJsQhKcAd", ""):
        assert format_cards(parse_cards(text)) == text
    assert format_cards(parse_cards("10d js, QH")) == "TdJsQh"
    assert format_cards(parse_cards("AsKd"), " ") == "As Kd"
    assert parse_cards(format_cards(FULL_DECK)) == FULL_DECK


# --- distinct cards across groups -------------------------------------------------


def test_distinct_groups_pass():
    ensure_distinct(parse_cards("AsKs"), parse_cards("7d7c"), parse_cards("Ah Kd 7h 2s 2h"))
    ensure_distinct()
    ensure_distinct((), parse_cards("As"))


def test_the_first_card_used_in_two_groups_is_named():
    with pytest.raises(CardError, match="^card Kd used twice$"):
        ensure_distinct(parse_cards("AsKd"), parse_cards("7d7c"), parse_cards("Ah Kd 7c 2s 2h"))


def test_a_card_twice_in_one_group_is_also_caught():
    with pytest.raises(CardError, match="^card As used twice$"):
        ensure_distinct([AS, AS])


def test_ensure_distinct_accepts_card_strings():
    with pytest.raises(CardError, match="^card As used twice$"):
        ensure_distinct(["As", "Kd"], [parse_card("AS")])


# --- decks ----------------------------------------------------------------------


def test_the_full_deck_has_52_distinct_cards_in_order():
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52
    assert list(FULL_DECK) == list(range(52))
    assert all(isinstance(c, Card) for c in FULL_DECK)
    assert {str(c) for c in FULL_DECK} == {r + s for r in "23456789TJQKA" for s in "cdhs"}
    assert str(FULL_DECK[0]) == "2c" and str(FULL_DECK[-1]) == "As"


def test_a_shuffled_deck_holds_each_card_once():
    deck = shuffled_deck(seeded_rng(1))
    assert len(deck) == 52
    assert sorted(deck) == list(FULL_DECK)
    assert deck != list(FULL_DECK)


def test_seeded_shuffles_are_reproducible_and_seeds_differ():
    assert shuffled_deck(seeded_rng(42)) == shuffled_deck(seeded_rng(42))
    assert shuffled_deck(seeded_rng(42)) != shuffled_deck(seeded_rng(43))
    assert isinstance(seeded_rng(1), random.Random)
    assert Deck(seeded_rng(7)).draw(52) == tuple(shuffled_deck(seeded_rng(7)))


def test_the_operating_systems_random_source_is_used_by_default(monkeypatch):
    created = []

    class SpyRandom(secrets.SystemRandom):
        def __init__(self, *args):
            super().__init__(*args)
            created.append(self)

    monkeypatch.setattr(cards_module.secrets, "SystemRandom", SpyRandom)
    deck = shuffled_deck()
    assert sorted(deck) == list(FULL_DECK)
    assert len(created) == 1
    Deck().draw(2)
    assert len(created) == 2


def test_default_shuffles_differ():
    # 52! orderings: two equal shuffles would mean the source is not random.
    assert shuffled_deck() != shuffled_deck()


def test_a_deck_deals_from_the_top_and_counts_what_is_left():
    deck = Deck(seeded_rng(3))
    order = shuffled_deck(seeded_rng(3))
    assert deck.remaining == 52 and len(deck) == 52
    assert deck.draw(2) == tuple(order[:2])
    assert deck.draw_one() == order[2]
    assert deck.draw() == (order[3],)
    assert deck.remaining == 48
    assert deck.draw(0) == ()
    rest = deck.draw(48)
    assert deck.remaining == 0
    assert sorted(order[:4] + list(rest)) == list(FULL_DECK)


def test_drawing_past_the_end_of_the_deck_is_an_error():
    deck = Deck(seeded_rng(3))
    deck.draw(50)
    with pytest.raises(CardError, match="cannot draw 3 cards: only 2 left"):
        deck.draw(3)
    assert deck.remaining == 2
    deck.draw(2)
    with pytest.raises(CardError, match="cannot draw 1 card: only 0 left"):
        deck.draw_one()


def test_a_deck_can_leave_out_known_cards():
    known = parse_cards("AsKd 7h")
    deck = Deck(seeded_rng(5), exclude=known)
    assert deck.remaining == 49
    assert not set(deck.draw(49)) & set(known)
    assert Deck(seeded_rng(5), exclude="AsKd").remaining == 50
