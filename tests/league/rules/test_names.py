"""league.rules.names: the name search, and when two desk entries of a new player may be one person."""

import datetime

import pytest

from league.rules import names
from league.rules.names import same_new_face

BORN = datetime.date(1999, 3, 4)


def test_the_same_name_in_other_case_accents_and_spacing_is_the_same_face():
    assert same_new_face("Nina Neu", "", BORN, "  nina   NEU ", "", BORN)
    assert same_new_face("Jürgen Öz", "", None, "jurgen oz", "", BORN)  # one desk had no date of birth


def test_a_different_date_of_birth_or_nickname_tells_two_people_apart():
    assert not same_new_face("Nina Neu", "", BORN, "Nina Neu", "", datetime.date(1987, 11, 30))
    assert not same_new_face("Nina Neu", "Nini", BORN, "Nina Neu", "Die Zweite", BORN)
    assert same_new_face("Nina Neu", "Nini", BORN, "Nina Neu", "", BORN)  # a nickname on one side only


def test_another_name_or_an_empty_one_is_never_the_same_face():
    assert not same_new_face("Nina Neu", "", BORN, "Nina Neumann", "", BORN)
    assert not same_new_face("  ", "", BORN, "", "", BORN)


@pytest.mark.parametrize(
    "query, name",
    [
        ("yilmaz", "Deniz Yılmaz"),
        ("ozdemir", "Özdemir"),
        ("weiss", "Weiß"),
        ("MUELLER", "Müller"),
        ("gul", "Gül"),
        ("GÜL", "Gül"),
        ("mul", "Müller"),
        ("MÜLLER", "Mueller"),
        ("lukasz", "Łukasz"),
        ("soren", "Søren"),
        ("papadopoulos", "Παπαδόπουλος"),
        ("ivanov", "Иванов"),
        ("deniz yil", "Deniz Yılmaz"),
    ],
)
def test_a_search_finds_the_name_whatever_its_case_accents_or_alphabet(query, name):
    assert names.matches(names.query_words(query), names.search_forms(name))


def test_a_search_does_not_find_another_name():
    assert not names.matches(names.query_words("yilmaz"), names.search_forms("Deniz Yıldız"))


def test_the_same_name_written_two_ways_is_the_same_name():
    assert names.same_name("Deniz Yilmaz", "deniz  YILMAZ") and names.same_name("Deniz Yilmaz", "Deniz Yılmaz")
    assert names.same_name("Mueller", "Müller") and names.same_name("Weiss", "Weiß")
    assert not names.same_name("Deniz Yilmaz", "Deniz Yildiz") and not names.same_name("", "")
