"""A match rebuilt from its seed and action log, one ``Ply`` per action, each marked with
whether it was a decision (more than one legal action) and whether its chance mattered."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
from games.base import GameError, Ruleset
from games.rng import SeededRng

#: the action-log notation of a seat leaving the game
FORFEIT = "(forfeit)"
#: other draws tried on a ply to tell whether its chance mattered
ALTERNATIVES = 4


class BadMatch(GameError):
    """A match that cannot be replayed (``analysis.setup`` or ``analysis.move``)."""


@dataclass(frozen=True)
class Match:
    """What a match is: its game, options, players' names (seat order), seed and every action
    as (seat, notation), in order. ``people`` are the seats a person played (the others
    were computer players: their moves are not judged); ``extras`` are ``new_game``'s extra
    keywords (``Ruleset.seat_extras``)."""

    game: str
    names: tuple[str, ...]
    seed: int | str
    actions: tuple[tuple[int, str], ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    people: frozenset[int] | None = None
    extras: Mapping[str, Any] = field(default_factory=dict)

    def person(self, seat: int) -> bool:
        return self.people is None or seat in self.people


@dataclass(frozen=True)
class Ply:
    """One replayed action: ``number`` counts from 1; ``before``/``after`` are the states
    around it; ``choices`` how many legal actions the seat had (0 for leaving the game);
    ``chance`` whether other draws of its rng would have led elsewhere."""

    number: int
    seat: int
    notation: str
    action: Any
    before: Any
    after: Any
    choices: int
    chance: bool
    forced: bool = False


def start(match: Match) -> Any:
    rules = games.get(match.game)
    try:
        return rules.new_game(
            list(match.names), dict(match.options), rng=SeededRng(match.seed, 0), **match.extras
        )
    except (GameError, TypeError, ValueError) as err:
        raise BadMatch("analysis.setup", reason=str(err)) from err


def replay(match: Match) -> tuple[Any, list[Ply]]:
    """The opening state and every ply; raises ``BadMatch`` at an action that does not apply."""
    rules = games.get(match.game)
    first = state = start(match)
    plies: list[Ply] = []
    for number, (seat, notation) in enumerate(match.actions, start=1):
        plies.append(_one(rules, match, state, number, seat, notation))
        state = plies[-1].after
    return first, plies


def _one(
    rules: Ruleset[Any, Any], match: Match, state: Any, number: int, seat: int, notation: str
) -> Ply:
    try:
        if rules.outcome(state) is not None or seat not in rules.to_act(state):
            raise GameError("rules.not_your_turn")
        if notation == FORFEIT:
            after = rules.resign(state, seat, rng=SeededRng(match.seed, number)).state
            return Ply(number, seat, notation, None, state, after, 0, False)
        action = rules.parse_action(state, seat, notation)
        after = rules.apply(state, seat, action, rng=SeededRng(match.seed, number)).state
    except GameError as err:
        raise BadMatch("analysis.move", ply=number, notation=notation, reason=err.code) from err
    choices = len(rules.legal_actions(state, seat))
    forced = rules.forced_action(state, seat) is not None
    chance = chance_matters(rules, state, seat, action, after, f"{match.seed}:{number}")
    return Ply(number, seat, notation, action, state, after, choices, chance, forced)


def chance_matters(
    rules: Ruleset[Any, Any], state: Any, seat: int, action: Any, after: Any, tag: str
) -> bool:
    """Whether another draw of the rng would have given another position than ``after``."""
    seen = _key(rules, after)
    for k in range(ALTERNATIVES):
        other = rules.apply(state, seat, action, rng=SeededRng(f"analysis:{tag}", k)).state
        if _key(rules, other) != seen:
            return True
    return False


def _key(rules: Ruleset[Any, Any], state: Any) -> str:
    return json.dumps(rules.dump(state), sort_keys=True, default=str)


def shares(rules: Ruleset[Any, Any], state: Any, seats: int) -> tuple[float, ...]:
    """Each seat's share of the win in a finished state (ties share it); equal shares when
    the game is not over."""
    outcome = rules.outcome(state)
    if outcome is None or not outcome.winners:
        return tuple(1.0 / seats for _ in range(seats))
    each = 1.0 / len(outcome.winners)
    return tuple(each if s in outcome.winners else 0.0 for s in range(seats))


def from_log(
    game: str,
    names: Sequence[str],
    seed: int | str,
    log: Sequence[tuple[int, str]],
    **rest: Any,
) -> Match:
    """A ``Match`` from plain values (``log``: (seat, notation) per action)."""
    return Match(game, tuple(names), seed, tuple((int(s), str(n)) for s, n in log), **rest)
