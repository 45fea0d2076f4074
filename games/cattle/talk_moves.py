"""Typed moves in the players' own words: each shipped language's words for the notation's
verbs, places and colours, read as the canonical notation (``weź czerwoną 5`` is
``grab red 5``).

The canonical notation always comes first and keeps its meaning: these words are tried only
for a text the notation does not parse. A letter without its accent counts too (``wez``).
"""

from __future__ import annotations

import functools
import re
import unicodedata

import words
from games.cattle.model import COLOURS
from games.cattle.talk_dice import (
    COLOUR,
    DICE_MISSING,
    DICE_TAKEN,
    DIE,
    DIE_MISSING,
    DIE_TAKEN,
    colour_words,
)

_d = words.domain("cattle")
pgettext = _d.pgettext


def _verbs() -> dict[str, str]:
    """Each notation word and, in the active locale, the words that may stand for it,
    separated by spaces."""
    return {
        # TRANSLATORS: words a player may type instead of "grab", separated by spaces
        "grab": pgettext("typed move", "grab"),
        # TRANSLATORS: words a player may type instead of "rustle", separated by spaces
        "rustle": pgettext("typed move", "rustle"),
        # TRANSLATORS: words a player may type instead of "swiss", separated by spaces
        "swiss": pgettext("typed move", "swiss"),
        # TRANSLATORS: words a player may type instead of "switch", separated by spaces
        "switch": pgettext("typed move", "switch"),
        # TRANSLATORS: words a player may type instead of "raid", separated by spaces
        "raid": pgettext("typed move", "raid"),
        # TRANSLATORS: words a player may type instead of "pasture", separated by spaces
        "pasture": pgettext("typed move", "pasture"),
        # TRANSLATORS: words a player may type instead of "pass", separated by spaces
        "pass": pgettext("typed move", "pass"),
        # TRANSLATORS: words for one's stock in "switch stock red 1", separated by spaces
        "stock": pgettext("typed move", "stock"),
        # TRANSLATORS: words for the herd in "switch herd red 1", separated by spaces
        "herd": pgettext("typed move", "herd"),
        # TRANSLATORS: small words a typed move may hold and that mean nothing ("and",
        # "from"), separated by spaces
        "and": pgettext("typed move", "and"),
    }


def fold(word: str) -> str:
    """A word without its accents, as typed on a keyboard without them ("weź" -> "wez")."""
    plain = unicodedata.normalize("NFKD", word.replace("ł", "l").replace("Ł", "L"))
    return "".join(c for c in plain if not unicodedata.combining(c)).lower()


@functools.cache
def typed_aliases() -> dict[str, str]:
    """Every shipped language's word (and its accent-free form) -> the notation's word; a
    notation word itself is never an alias."""
    canonical = {*_verbs(), *COLOURS}
    out: dict[str, str] = {}
    for locale in words.SHIPPED:
        if locale in (words.ENGLISH, words.PSEUDO):
            continue
        with words.use(locale):
            pairs = [(w, key) for key, text in _verbs().items() for w in text.split()]
            for colour in COLOURS:
                for form in (COLOUR, DIE, DIE_TAKEN, DIE_MISSING, DICE_MISSING, DICE_TAKEN):
                    pairs.append((colour_words(colour, form), colour))
        for word, key in pairs:
            for spelled in {word.lower(), fold(word)}:
                if spelled not in canonical and spelled != key:
                    out.setdefault(spelled, key)
    return out


_GLUED = re.compile(r"(?<=[^\W\d_])(?=\d)")


def canonical_text(text: str) -> str | None:
    """``text`` with a language's words put in the notation's ("weź czerwoną5" -> "grab red
    5"), or None when it holds none of them. A rustled player's name is kept as typed."""
    aliases = typed_aliases()
    tokens = _GLUED.sub(" ", text.strip().replace(",", " ").replace("+", " ")).split()
    while tokens and (aliases.get(tokens[0].lower()) or aliases.get(fold(tokens[0]))) == "and":
        tokens = tokens[1:]  # a label's small first word: "na pastwisko" is "pastwisko"
    if not tokens:
        return None
    first = aliases.get(tokens[0].lower()) or aliases.get(fold(tokens[0]))
    if first == "rustle":
        return " ".join(["rustle", *text.split()[1:]])
    out = [first or tokens[0]]
    changed = first is not None
    for token in tokens[1:]:
        found = aliases.get(token.lower()) or aliases.get(fold(token))
        changed = changed or found is not None
        out.append(found or token)
    return " ".join(out) if changed else None
