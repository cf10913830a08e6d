"""league.rules.names.same_new_face: when two desk entries of a new player may be one person (issue 32, N5)."""
import datetime

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
