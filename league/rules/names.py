"""Finding a player by a few letters of his name, as people type them on a German phone. Pure functions.

"müller", "muller", "mueller" and "MÜLLER" all find "Müller"; "weiss" finds
"Weiß"; "ozturk" finds "Öztürk"; "yilmaz" finds "Yılmaz"; "papadopoulos" finds
"Παπαδόπουλος"; "anna mü" finds "Anna Müller" (every word must appear, in any
order). Accents and case are ignored; letters without a decomposition (ı, ø, ł,
æ) and the Greek and Cyrillic alphabets are written in Latin letters.
"""

from __future__ import annotations

import unicodedata

_WITH_E = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})

# Letters Unicode does not decompose into a base letter and an accent, as a German keyboard types them; and the
# Greek and Cyrillic alphabets letter by letter (a desk types "Papadopoulos" for "Παπαδόπουλος", "Ivanov" for
# "Иванов"). Applied after case and accents are dropped, so only lower-case, unaccented letters are listed.
_LATIN = str.maketrans(
    {
        "ı": "i",
        "ø": "o",
        "ł": "l",
        "đ": "d",
        "ð": "d",
        "þ": "th",
        "æ": "ae",
        "œ": "oe",
        "ħ": "h",
        "ŧ": "t",
        "α": "a",
        "β": "v",
        "γ": "g",
        "δ": "d",
        "ε": "e",
        "ζ": "z",
        "η": "i",
        "θ": "th",
        "ι": "i",
        "κ": "k",
        "λ": "l",
        "μ": "m",
        "ν": "n",
        "ξ": "x",
        "ο": "o",
        "π": "p",
        "ρ": "r",
        "σ": "s",
        "ς": "s",
        "τ": "t",
        "υ": "y",
        "φ": "f",
        "χ": "ch",
        "ψ": "ps",
        "ω": "o",
        "а": "a",
        "б": "b",
        "в": "v",
        "г": "g",
        "д": "d",
        "е": "e",
        "ж": "zh",
        "з": "z",
        "и": "i",
        "й": "i",
        "к": "k",
        "л": "l",
        "м": "m",
        "н": "n",
        "о": "o",
        "п": "p",
        "р": "r",
        "с": "s",
        "т": "t",
        "у": "u",
        "ф": "f",
        "х": "kh",
        "ц": "ts",
        "ч": "ch",
        "ш": "sh",
        "щ": "shch",
        "ъ": "",
        "ы": "y",
        "ь": "",
        "э": "e",
        "ю": "yu",
        "я": "ya",
        "і": "i",
        "ї": "i",
        "є": "ie",
        "ґ": "g",
        "ё": "e",
    }
)


def _plain(text: str) -> str:
    """Case and accents dropped, in Latin letters: "Öztürk" -> "ozturk", "Weiß" -> "weiss", "Yılmaz" -> "yilmaz"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.replace("ου", "ou").translate(_LATIN).split())  # Greek "ου" is read "ou"


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


def same_name(name: str, other: str) -> bool:
    """Could the two names be one written two ways? Equal once case, accents, spacing and the umlaut's spelling
    are set aside ("Deniz Yilmaz" and "Deniz Yılmaz", "Mueller" and "Müller"); an empty name is nobody's."""
    return bool(set(filter(None, search_forms(name))) & set(search_forms(other)))


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
