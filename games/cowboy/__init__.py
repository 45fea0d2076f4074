"""Super Cowboy Rope Steer Adventure: fence the range, rope steers, beware twisters.

The engine is split by concern: ``data`` (tiles, deck, compass from ``games/cowboy/data``),
``board`` (geometry and names), ``state`` (values), ``fields`` (closed areas and owners),
``tokens`` (everything that moves by itself), ``cards`` (the events phase), ``turn`` and
``rustle`` (what a cowboy does), ``notation`` and ``storage``; ``rules`` is the ruleset.
"""

from games.cowboy.rules import RULES, CowboyRules

__all__ = ["RULES", "CowboyRules"]
