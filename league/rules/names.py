"""Finding a player by a few letters of his name, as people type them on a German phone. Pure functions.

"müller", "muller", "mueller" and "MÜLLER" all find "Müller"; "weiss" finds
"Weiß"; "ozturk" finds "Öztürk"; "anna mü" finds "Anna Müller" (every word
must appear, in any order). Accents and case are ignored.
"""
from __future__ import annotations

import unicodedata

_WITH_E = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def _plain(text: str) -> str:
    """Case and accents dropped: "Öztürk" -> "ozturk", "Weiß" -> "weiss"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(char for char in decomposed if not unicodedata.combining(char)).split())


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical as a list on paper is: case and accents do not count ("Öztürk" beside "Ozan")."""
    return (_plain(name), name)


def search_forms(name: str) -> tuple[str, ...]:
    """The forms of a name a search is matched against: plain, and with umlauts written ae, oe, ue."""
    plain = _plain(name)
    with_e = _plain(unicodedata.normalize("NFC", name.casefold()).translate(_WITH_E))
    return (plain,) if with_e == plain else (plain, with_e)


def query_words(query: str) -> tuple[tuple[str, ...], ...]:
    """Each word of a search in its forms ("müller" is looked for as "muller" and as "mueller")."""
    return tuple(search_forms(word) for word in query.split() if _plain(word))


def matches(words: tuple[tuple[str, ...], ...], forms: tuple[str, ...]) -> bool:
    """Every word of the query, in one of its forms, in one form of the name (an empty query matches nothing)."""
    return bool(words) and any(all(any(w in form for w in word) for word in words) for form in forms)


def same_new_face(
    name: str, nickname: str, born: object, other_name: str, other_nickname: str, other_born: object
) -> bool:
    """Could two desk entries of a new player be one person? The same name (case, accents and spacing
    aside) and nothing that tells them apart: no two different dates of birth, no two different nicknames.
    `born` is a date or None (compared as given)."""
    if not _plain(name) or _plain(name) != _plain(other_name):
        return False
    if born is not None and other_born is not None and born != other_born:
        return False
    return not (_plain(nickname) and _plain(other_nickname) and _plain(nickname) != _plain(other_nickname))
