"""league.rules.near_names: the index finds exactly the pairs that comparing every pair found, and the player
list's comparison (league.rules.roster.compare) reports the same similar rows as it did by comparing every pair."""

from __future__ import annotations

import datetime
import difflib
import random

import pytest

from league.rules.names import search_forms
from league.rules.near_names import NearNames
from league.rules.roster import Known, Roster, Row, compare

RATIO = 0.88


def _every_pair(forms: tuple[str, ...], added: list[tuple[int, tuple[str, ...]]]) -> set[int]:
    """What the comparison did before the index: every player sharing a word with one of the forms, a length
    at most 3 apart, difflib's ratio at least 0.88."""
    found = set()
    for plain in forms:
        matcher = difflib.SequenceMatcher(None, "", plain)
        for number, their_forms in added:
            for name in their_forms:
                if number in found or not set(plain.split()) & set(name.split()) or abs(len(name) - len(plain)) > 3:
                    continue
                matcher.set_seq1(name)
                if matcher.real_quick_ratio() >= RATIO and matcher.quick_ratio() >= RATIO and matcher.ratio() >= RATIO:
                    found.add(number)
    return found


def _typo(name: str, rng: random.Random) -> str:
    at = rng.randrange(len(name))
    kind = rng.randrange(4)
    letter = rng.choice("aeinrsüöäßé ")
    if kind == 0:
        return name[:at] + letter + name[at + 1 :]
    if kind == 1:
        return name[:at] + name[at + 1 :]
    if kind == 2:
        return name[:at] + letter + name[at:]
    return name[:at] + name[at + 1 : at + 2] + name[at : at + 1] + name[at + 2 :]


FIRST = ["Anna", "Ana", "Jürgen", "Jurgen", "Özlem", "Max", "Maximilian", "Lea", "Léa", "Jo", "Marie-Luise"]
LAST = [
    "Müller",
    "Mueller",
    "Weiß",
    "Weiss",
    "Öztürk",
    "Schmidt",
    "Schmitt",
    "Meier",
    "Meyer",
    "Yılmaz",
    "von der Heide",
    "Zimmermann-Schulze",
    "O'Brien",
    "Li",
]


def _names(kind: str, rng: random.Random) -> list[str]:
    if kind == "numbered":
        return [f"Person {k}" for k in range(1, 400)]
    if kind == "german":
        names = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(300)]
        return [_typo(name, rng) if rng.random() < 0.4 else name for name in names]
    if kind == "typos of few":
        base = [f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(LAST)}" for _ in range(15)]
        names = []
        for _ in range(300):
            name = rng.choice(base)
            for _ in range(rng.randrange(4)):
                name = _typo(name, rng) or name
            names.append(name)
        return names
    if kind == "short and long":  # umlauts make a form longer than the name: up to 240 letters
        base = [
            rng.choice(["Jo", "Al", "Li"]) + " " + "".join(rng.choice("aäbeöü ") for _ in range(rng.randrange(1, 119)))
            for _ in range(12)
        ]
        names = []
        for _ in range(120):
            name = rng.choice(base)
            for _ in range(rng.randrange(8)):
                name = _typo(name, rng) or name
            names.append(name)
        return names
    raise AssertionError(kind)


KINDS = ["numbered", "german", "typos of few", "short and long"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_index_finds_what_comparing_every_pair_finds(kind):
    rng = random.Random(kind)
    index: NearNames[int] = NearNames()
    added: list[tuple[int, tuple[str, ...]]] = []
    pairs = 0
    for number, name in enumerate(_names(kind, rng)):
        forms = search_forms(name)
        found = list(index.near(forms))
        expected = _every_pair(forms, added)
        assert set(found) == expected, name
        assert len(found) == len(set(found))
        pairs += len(found)
        index.add(number, forms)
        added.append((number, forms))
    assert pairs > 200  # the lists hold near names indeed


def test_near_players_come_in_the_order_added_those_near_the_first_form_first():
    index: NearNames[str] = NearNames()
    for player in ("Mueller Anna", "Anna Mueler", "Annie Mueller", "Ana Müller", "Hanna Müller"):
        index.add(player, search_forms(player))
    # "Anna Müller" reads "anna muller" and "anna mueller"; "Annie Mueller" is near the second only, and
    # "Mueller Anna" shares both words but is no typo away
    assert list(index.near(search_forms("Anna Müller"))) == [
        "Anna Mueler",
        "Ana Müller",
        "Hanna Müller",
        "Annie Mueller",
    ]


def test_a_name_of_one_word_is_near_the_same_word_only():
    index: NearNames[str] = NearNames()
    for player in ("Li", "Li Wei", "Lee"):
        index.add(player, search_forms(player))
    assert list(index.near(search_forms("li"))) == ["Li"]


def _compare_every_pair(rows: list[Row], known: list[Known]) -> list[tuple[str, set]]:
    """The comparison as it was: each row's status and the players it could have named as its match."""
    import unicodedata

    def key(name: str) -> str:
        return " ".join(unicodedata.normalize("NFC", name).lower().split())

    remembered: list[tuple[Known, tuple[str, ...]]] = [(player, search_forms(player.name)) for player in known]
    result = []
    for row in rows:
        forms = search_forms(row.name)
        same = [p for p, _ in remembered if key(p.name) == key(row.name) and p.date_of_birth == row.date_of_birth]
        if same:
            result.append(("duplicate", {same[0]}))
            continue
        alike = [p for form in forms for p, theirs in remembered if form in theirs]
        if alike:
            result.append(("similar", {alike[0]}))
        else:
            numbered = list(enumerate(remembered))
            first = next(
                (
                    f
                    for f in ((form,) for form in forms)
                    if _every_pair(f, [(n, theirs) for n, (_, theirs) in numbered])
                ),
                None,
            )
            if first is None:
                result.append(("new", set()))
            else:
                result.append(
                    ("similar", {remembered[n][0] for n in _every_pair(first, [(n, t) for n, (_, t) in numbered])})
                )
        remembered.append((Known(None, row.name, row.date_of_birth), forms))
    return result


@pytest.mark.parametrize("kind", KINDS)
def test_the_player_list_reports_the_same_similar_rows_as_comparing_every_pair(kind):
    rng = random.Random(kind + " list")
    names = _names(kind, rng)
    known = [Known(k, name, None) for k, name in enumerate(names[:60])]
    born = [None, datetime.date(1990, 1, 1), datetime.date(1985, 5, 5)]
    rows = [Row(line=k + 2, name=name, date_of_birth=rng.choice(born)) for k, name in enumerate(names[60:])]
    expected = _compare_every_pair(rows, known)
    compare(Roster(rows, "utf-8", ";", ("name",)), known)
    assert [row.status for row in rows] == [status for status, _ in expected]
    for row, (status, matches) in zip(rows, expected):
        assert (row.match in matches) if status != "new" else row.match is None, row.name
    assert sum(row.status == "similar" for row in rows) > 50
