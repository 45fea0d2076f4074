"""Super Cowboy Rope Steer Adventure: fence the range, rope steers, beware twisters.

The engine is split by concern: ``data`` (tiles, deck, compass from ``games/cowboy/data``),
``board`` (geometry and names), ``state`` (values), ``fields`` (closed areas and owners),
``tokens`` (everything that moves by itself), ``cards`` (the events phase), ``turn`` and
``rustle`` (what a cowboy does), ``notation`` (with ``aliases``, other languages' typed words)
and ``storage``; ``rules`` is the ruleset. Events and refusals are data; the narrator words
them (``talk`` and its parts ``talk_names``, ``talk_events``, ``talk_cards``, ``talk_choices``,
``talk_errors``, ``talk_picture``).
"""

from games.cowboy.rules import RULES, CowboyRules

__all__ = ["RULES", "CowboyRules"]
