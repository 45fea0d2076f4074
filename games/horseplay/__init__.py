"""Horseplay Rustling: draughts for two to four, where taking a Stable takes a whole colour.

Rules: ``docs/rules/horseplay.md``. ``board`` holds the geometry and move generation, ``state``
the options and state, ``rules`` the turn order, scoring and the ``Ruleset``, ``threats`` what
an enemy can do next turn (threatened Stables, pieces at risk, the huff) and each move's rank
and notes. These hold data and codes only; the words are in the talk modules: ``talk`` (events,
outcomes, refusals, the move menu, the status line), ``talk_board`` (the position for those who
do not see the picture: its alt text and the text board), ``talk_picture`` (the picture's
texts) and ``talk_texts`` (title, summary, quick start, option help), all told through the
narrator in ``narrator``.
"""

from games.horseplay.board import (
    BLACK,
    BLUE,
    COLOURS,
    GREEN,
    LETTERS,
    RED,
    Move,
    geometry,
    parse_square,
    square_name,
    start_squares,
)
from games.horseplay.rules import RULES, HorseplayRules
from games.horseplay.state import QUIET_ROUNDS, HorseplayOptions, HorseplayState
from games.horseplay.threats import Threats, assess, threats

__all__ = [
    "BLACK",
    "BLUE",
    "COLOURS",
    "GREEN",
    "LETTERS",
    "QUIET_ROUNDS",
    "RED",
    "RULES",
    "HorseplayOptions",
    "HorseplayRules",
    "HorseplayState",
    "Move",
    "Threats",
    "assess",
    "geometry",
    "parse_square",
    "square_name",
    "start_squares",
    "threats",
]
