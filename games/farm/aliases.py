"""Polish words a typed Super Farmer move may use beside the notation's own.

The notation (``roll``, ``trade 6 rabbit for 1 sheep``, ``offer ... to bob``) always parses and
``format_action`` always writes it; these words are only read: the verbs, ``za`` for ``for``,
``dla`` for ``to``, ``i`` for ``and``, ``mimo to`` for ``anyway``, and the animals in the cases a
player would write them (``6 królików za 1 owcę``), with or without Polish letters.
"""

from __future__ import annotations

from typing import TypeVar

V = TypeVar("V")

#: typed verbs, to the notation's verb: one each, the verb of its button and its story
VERBS = {
    "rzuć": "roll",
    "wymień": "trade",
    "zaproponuj": "offer",
    "przyjmij": "accept",
    "odrzuć": "decline",
    "wycofaj": "withdraw",
}
#: the words between the parts of an exchange
FOR = ("for", "za")
TO = ("to", "dla")
AND = ("and", "i")
ANYWAY = (("anyway",), ("mimo", "to"))

#: animal words in every case and number, to the notation's animal key
ANIMALS = {
    "rabbit": ("królik", "królika", "króliki", "królików"),
    "sheep": ("owca", "owcę", "owce", "owiec"),
    "pig": ("świnia", "świnię", "świnie", "świń"),
    "cow": ("krowa", "krowę", "krowy", "krów"),
    "horse": ("koń", "konia", "konie", "koni"),
    "small_dog": ("mały pies", "małego psa", "małe psy", "małych psów"),
    "big_dog": ("duży pies", "dużego psa", "duże psy", "dużych psów"),
}

_PLAIN = str.maketrans("ąćęłńóśźż", "acelnoszz")


def plain(word: str) -> str:
    """``word`` without Polish letters (``świń`` -> ``swin``), as a keyboard without them
    types it."""
    return word.translate(_PLAIN)


def with_plain(table: dict[str, V]) -> dict[str, V]:
    """``table`` with each key also written without Polish letters."""
    return {**{plain(k): v for k, v in table.items()}, **table}
