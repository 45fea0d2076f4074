"""Super Farmer's animals in words: counted as the subject or the object of a sentence (Polish
needs different cases: "1 owca" is there, you give "1 owcę"), named alone, as die faces.

Each form is a whole phrase in the catalogue, with its count (``ngettext``: Polish has three
plural forms), never a number glued to a noun.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import words
from games.farm.model import ANIMALS, BY_VALUE
from words import domain

_D = domain("farm")
_, ngettext, N_ = _D.functions()
pgettext, npgettext = _D.pgettext, _D.npgettext

Counted = Callable[[int], str]

#: "{n} rabbits" as the subject of a sentence (what there is), by animal index
SUBJECT: tuple[Counted, ...] = (
    lambda n: npgettext("subject", "{n} rabbit", "{n} rabbits", n).format(n=n),
    lambda n: npgettext("subject", "{n} sheep", "{n} sheep", n).format(n=n),
    lambda n: npgettext("subject", "{n} pig", "{n} pigs", n).format(n=n),
    lambda n: npgettext("subject", "{n} cow", "{n} cows", n).format(n=n),
    lambda n: npgettext("subject", "{n} horse", "{n} horses", n).format(n=n),
    lambda n: npgettext("subject", "{n} small dog", "{n} small dogs", n).format(n=n),
    lambda n: npgettext("subject", "{n} big dog", "{n} big dogs", n).format(n=n),
)

#: "{n} rabbits" as the object of a sentence (given, got, eaten, bred, owned)
OBJECT: tuple[Counted, ...] = (
    lambda n: npgettext("object", "{n} rabbit", "{n} rabbits", n).format(n=n),
    lambda n: npgettext("object", "{n} sheep", "{n} sheep", n).format(n=n),
    lambda n: npgettext("object", "{n} pig", "{n} pigs", n).format(n=n),
    lambda n: npgettext("object", "{n} cow", "{n} cows", n).format(n=n),
    lambda n: npgettext("object", "{n} horse", "{n} horses", n).format(n=n),
    lambda n: npgettext("object", "{n} small dog", "{n} small dogs", n).format(n=n),
    lambda n: npgettext("object", "{n} big dog", "{n} big dogs", n).format(n=n),
)

_NAMES: dict[str, Callable[[], str]] = {
    "rabbit": lambda: pgettext("animal", "rabbit"),
    "sheep": lambda: pgettext("animal", "sheep"),
    "pig": lambda: pgettext("animal", "pig"),
    "cow": lambda: pgettext("animal", "cow"),
    "horse": lambda: pgettext("animal", "horse"),
    "small_dog": lambda: pgettext("animal", "small dog"),
    "big_dog": lambda: pgettext("animal", "big dog"),
    "fox": lambda: pgettext("animal", "fox"),
    "wolf": lambda: pgettext("animal", "wolf"),
}

#: "a rabbit" as an object, without a count ("gets you a rabbit")
_ONE: tuple[Callable[[], str], ...] = (
    lambda: pgettext("one, as object", "a rabbit"),
    lambda: pgettext("one, as object", "a sheep"),
    lambda: pgettext("one, as object", "a pig"),
    lambda: pgettext("one, as object", "a cow"),
    lambda: pgettext("one, as object", "a horse"),
    lambda: pgettext("one, as object", "a small dog"),
    lambda: pgettext("one, as object", "a big dog"),
)

#: the kind as an object, no article ("gives up your only sheep")
_KIND: tuple[Callable[[], str], ...] = (
    lambda: pgettext("kind, as object", "rabbit"),
    lambda: pgettext("kind, as object", "sheep"),
    lambda: pgettext("kind, as object", "pig"),
    lambda: pgettext("kind, as object", "cow"),
    lambda: pgettext("kind, as object", "horse"),
    lambda: pgettext("kind, as object", "small dog"),
    lambda: pgettext("kind, as object", "big dog"),
)

#: none of a kind ("the stock had no pigs left")
_NONE_OF: tuple[Callable[[], str], ...] = (
    lambda: pgettext("none of", "rabbits"),
    lambda: pgettext("none of", "sheep"),
    lambda: pgettext("none of", "pigs"),
    lambda: pgettext("none of", "cows"),
    lambda: pgettext("none of", "horses"),
    lambda: pgettext("none of", "small dogs"),
    lambda: pgettext("none of", "big dogs"),
)


def name(animal: str) -> str:
    """An animal, fox or wolf named alone (a die face, the stock's legend): "small dog"."""
    return _NAMES[animal]()


def index(animal: str) -> int:
    return ANIMALS.index(animal)


def _counts(herd: Sequence[int] | Mapping[str, int]) -> list[int]:
    if isinstance(herd, Mapping):
        return [int(herd.get(a, 0)) for a in ANIMALS]
    return list(herd)


def subject(herd: Sequence[int] | Mapping[str, int]) -> str:
    """Animals as a subject, largest first: "2 pigs, 1 sheep and 6 rabbits"."""
    counts = _counts(herd)
    parts = [SUBJECT[i](counts[i]) for i in BY_VALUE if counts[i]]
    return words.join_and(parts) if parts else pgettext("subject", "nothing")


def objects(herd: Sequence[int] | Mapping[str, int]) -> str:
    """Animals as an object, largest first ("gives 2 pigs and 6 rabbits")."""
    counts = _counts(herd)
    parts = [OBJECT[i](counts[i]) for i in BY_VALUE if counts[i]]
    return words.join_and(parts) if parts else pgettext("object", "nothing")


def counted(animal: int, n: int) -> str:
    """``n`` of one animal as an object, whatever ``n`` (also 0: "0 sheep")."""
    return OBJECT[animal](n)


def ones(kinds: Sequence[int]) -> str:
    """ "a sheep and a pig", as an object."""
    return words.join_and(_ONE[k]() for k in kinds)


def kinds(kinds: Sequence[int]) -> str:
    """ "sheep and pig", as an object ("your only sheep and pig")."""
    return words.join_and(_KIND[k]() for k in kinds)


def none_of(animal: int) -> str:
    return _NONE_OF[animal]()
