"""High Rollin' (a Stack variant by Michael Petty): dice stacked on four wobbling towers.

``model`` holds the values and the wobble model, ``flow`` the turn flow and all chance,
``rules`` the ruleset contract. Rules as implemented: ``docs/rules/highrollin.md``.
"""

from games.highrollin.model import (
    COLOURS,
    Again,
    Die,
    Fall,
    HighRollinOptions,
    HighRollinState,
    Lift,
    Place,
    Rest,
    Roll,
    Stop,
)
from games.highrollin.rules import HighRollinRules

RULES = HighRollinRules()

__all__ = [
    "COLOURS",
    "RULES",
    "Again",
    "Die",
    "Fall",
    "HighRollinOptions",
    "HighRollinRules",
    "HighRollinState",
    "Lift",
    "Place",
    "Rest",
    "Roll",
    "Stop",
]
