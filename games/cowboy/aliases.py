"""Typed words other languages may use for the notation's own (``jedź n`` for ``move n``).

Aliases only add ways to type a move: each maps to a canonical word, none is a canonical word
itself, so no canonical text changes meaning and ``format_action`` writes only the notation.
Keys are lower case, with and without Polish letters (players often type without them).
"""

from __future__ import annotations

#: a move's first word -> the notation's verb
VERBS = {
    "jedź": "move",
    "jedz": "move",
    "ruch": "move",
    "płot": "fence",
    "plot": "fence",
    "rąb": "cut",
    "rab": "cut",
    "dalej": "again",
    "koniec": "end",
    "zakończ": "end",
    "zakoncz": "end",
    "przerzuć": "reroll",
    "przerzuc": "reroll",
    "zostaw": "keep",
    "forsa": "bills",
    "kara": "pay",
    "lasso": "rope",
    "złap": "rope",
    "zlap": "rope",
    "ukradnij": "rustle",
    "kradnij": "rustle",
    "walcz": "fight",
    "oddaj": "give",
    "postaw": "place",
    "zajmij": "claim",
    "usuń": "remove",
    "usun": "remove",
    "odrzuć": "discard",
    "odrzuc": "discard",
    "wskaż": "target",
    "wskaz": "target",
}
#: directions in words -> the notation's n, e, s, w
DIRECTIONS = {
    "północ": "n",
    "polnoc": "n",
    "wschód": "e",
    "wschod": "e",
    "południe": "s",
    "poludnie": "s",
    "zachód": "w",
    "zachod": "w",
}
#: words between a rope's two squares (``lasso c4 na e6``)
LINKS = ("na", "do")
#: the Bandit as the Cavalry's target
BANDIT = ("bandytę", "bandyte", "bandyta")
#: items by name -> card id
ITEMS = {
    "siekiera": "axe",
    "siekierę": "axe",
    "siekiere": "axe",
    "lasso": "lariat",
    "szczęśliwe lasso": "lariat",
    "szczesliwe lasso": "lariat",
    "rewolwer": "sixshooter",
    "worek": "bills",
    "worek forsy": "bills",
    "forsa": "bills",
    "piętnownica": "brander",
    "piętnownicę": "brander",
    "pietnownica": "brander",
    "pietnownice": "brander",
}
