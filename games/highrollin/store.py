"""High Rollin' storage: a state as JSON-safe data and back, refusing what does not fit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import InvalidState
from games.highrollin.model import (
    COLOURS,
    TOWERS,
    TURN_DICE,
    Counts,
    Die,
    Fall,
    HighRollinOptions,
    HighRollinState,
    as_counts,
)

State = HighRollinState


def dump_state(state: State) -> dict[str, Any]:
    """The JSON-safe body of a dump (the ruleset adds format and game)."""
    fall = state.fall
    return {
        "options": state.options.to_dict(),
        "players": list(state.names),
        "scores": list(state.scores),
        "towers": [[_die(d) for d in tower] for tower in state.towers],
        "piles": [_colours(p) for p in state.piles],
        "removed": _colours(state.removed),
        "turn": {
            "player": state.turn,
            "began": state.began,
            "dice": [_die(d) for d in state.hand],
            "penalty": state.penalty,
        },
        "round": state.round,
        "match": {"game": state.game, "wins": list(state.wins), "best": list(state.best)},
        "rolloff": [list(t) for t in state.rolloff],
        "fall": None
        if fall is None
        else {
            "kind": fall.kind,
            "tower": fall.tower,
            "height": fall.height,
            "chance": fall.chance,
            "dice": [_die(d) for d in fall.dice],
        },
        "winners": list(state.winners),
        "out": list(state.out),
    }


def load_state(data: Mapping[str, Any], players: tuple[int, int]) -> State:
    """Rebuild a state from a dump; the ruleset checks its invariants."""
    low, high = players
    names = tuple(str(n) for n in data["players"])
    n = len(names)
    if not low <= n <= high:
        raise InvalidState("highrollin.players", low=low, high=high)
    towers = tuple(tuple(_load_die(d) for d in tower) for tower in data["towers"])
    turn = data["turn"]
    penalty = turn.get("penalty")
    if penalty is not None and penalty not in range(1, 7):
        raise InvalidState("highrollin.bad_value", what="penalty", value=repr(penalty))
    match = data.get("match", {})
    fall = data.get("fall")
    state = State(
        names=names,
        options=HighRollinOptions.parse(data.get("options")),
        towers=towers,
        piles=tuple(_load_colours(p) for p in data["piles"]),
        scores=tuple(_int(s, "score") for s in data["scores"]),
        turn=_seat(turn["player"], n),
        began=_int(turn.get("began", 0), "began"),
        hand=tuple(sorted(_load_die(d) for d in turn.get("dice", ()))),
        penalty=penalty,
        removed=_load_colours(data.get("removed", {})),
        round=_int(data.get("round", 1), "round"),
        game=_int(match.get("game", 1), "game"),
        wins=tuple(_int(w, "wins") for w in match.get("wins", [0] * n)),
        best=tuple(_int(b, "best") for b in match.get("best", [0] * n)),
        rolloff=tuple(
            tuple(None if f is None else _face(f) for f in t) for t in data.get("rolloff", ())
        ),
        fall=_load_fall(fall) if fall else None,
        winners=tuple(_seat(s, n) for s in data.get("winners", ())),
        out=tuple(sorted({_seat(s, n) for s in data.get("out", ())})),
    )
    if len(state.piles) != n or len(state.scores) != n or len(state.wins) != n:
        raise InvalidState("highrollin.bad_value", what="seats", value=repr(n))
    if len(state.best) != n:
        raise InvalidState("highrollin.bad_value", what="seats", value=repr(n))
    if state.began > TURN_DICE or len(state.hand) > state.began:
        raise InvalidState("highrollin.bad_value", what="turn", value=repr(state.began))
    if penalty is not None and not state.hand:
        raise InvalidState("highrollin.bad_value", what="penalty", value=repr(penalty))
    return state


def _load_fall(data: Mapping[str, Any]) -> Fall:
    fall = Fall(
        str(data["kind"]),
        int(data["tower"]),
        int(data["height"]),
        float(data["chance"]),
        tuple(_load_die(d) for d in data["dice"]),
    )
    if fall.kind not in ("topple", "knock", "drop") or not 0 <= fall.tower < TOWERS:
        raise InvalidState("highrollin.bad_value", what="fall", value=repr(dict(data)))
    if not 0 <= fall.chance <= 1 or not fall.dice:
        raise InvalidState("highrollin.bad_value", what="fall", value=repr(dict(data)))
    return fall


def _die(d: Die) -> dict[str, Any]:
    return {"colour": COLOURS[d.colour], "face": d.face}


def _colours(counts: Sequence[int]) -> dict[str, int]:
    return dict(zip(COLOURS, counts, strict=True))


def _load_die(data: Mapping[str, Any]) -> Die:
    colour = data["colour"]
    if colour not in COLOURS:
        raise InvalidState("highrollin.bad_value", what="colour", value=repr(colour))
    return Die(COLOURS.index(colour), _face(data["face"]))


def _load_colours(data: Mapping[str, Any]) -> Counts:
    unknown = set(data) - set(COLOURS)
    if unknown:
        raise InvalidState("highrollin.bad_value", what="colour", value=repr(sorted(unknown)))
    return as_counts(_int(data.get(c, 0), c) for c in COLOURS)


def _face(value: Any) -> int:
    if isinstance(value, bool) or value not in range(1, 7):
        raise InvalidState("highrollin.bad_value", what="face", value=repr(value))
    return int(value)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidState("highrollin.bad_value", what=what, value=repr(value))
    return value


def _seat(value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InvalidState("highrollin.bad_value", what="seat", value=repr(value))
    return value
