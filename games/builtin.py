"""The games the bot ships: one registry entry each (``games.registry.Entry``).

Adding a game: its rules package under ``games/`` (a ``Ruleset`` with its narrator), its
picture under ``render/``, its computer players under ``games/policies/``, its rules page
under ``docs/rules/``, and one entry here. The command group, the computer players, the
pictures, the analysis and the benchmarks all find the game through that entry.
"""

from __future__ import annotations

from games import cattle, cowboy, farm, highrollin, horseplay
from games.registry import Entry, Scoring
from words import domain

N_ = domain("bot").functions()[2]

ENTRIES = (
    Entry(
        rules=farm.RULES,
        renderer="render.farm",
        policies="games.policies.farm",
        tagline=N_("Super Farmer: breed a farm, beware the fox and the wolf"),
        scoring=Scoring(40, 2.6, "games.analysis.values:farm_scores"),
    ),
    Entry(
        rules=cattle.RULES,
        renderer="render.cattle",
        policies="games.policies.cattle",
        tagline=N_("Cattle Baron: roll your stud, grab, rustle and swiss your herd"),
    ),
    Entry(
        rules=horseplay.RULES,
        renderer="render.horseplay",
        policies="games.policies.horseplay",
        tagline=N_("Horseplay Rustling: draughts where taking a Stable wipes out a colour"),
    ),
    Entry(
        rules=highrollin.RULES,
        renderer="render.highrollin",
        policies="games.policies.highrollin",
        tagline=N_("High Rollin': stack dice on wobbly towers, go out first"),
        scoring=Scoring(25, 0.04, "games.analysis.values:highrollin_scores"),
    ),
    Entry(
        rules=cowboy.RULES,
        renderer="render.cowboy",
        policies="games.policies.cowboy",
        tagline=N_("Super Cowboy Rope Steer Adventure: fence fields, rope five steers"),
        scoring=Scoring(30, 0.36, "games.analysis.values:cowboy_scores"),
    ),
)
