"""A finished match rebuilt from its seed and action log: exports, offline checks, animations.

An export is plain JSON (``FORMAT``, version ``VERSION``): the game, its options, the seats'
names, the seed and every action (ply, seat, notation), with the recorded outcome and a hash
of the final state. Since the dice come from the seed and the ply, anyone can replay it
(``python -m bot replay FILE``) and check that the match went as recorded; an action that
does not apply is named (ply, notation, the rules' reason).

``animation`` runs in a render worker: it replays the match and draws one frame per move (per
turn, or fewer, for long matches), the last one the final board exactly as posted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, NotRequired, TypedDict, TypeVar, cast

import games
import render
import words
from bot.jsondata import JSON, JSONObject
from games.base import Event, GameError, Outcome, Ruleset
from games.rng import SeededRng
from render import animate

FORMAT = "ranchhand-match"
VERSION = 1
#: the action-log notation of a seat leaving the game (as ``bot.matches.FORFEIT``)
FORFEIT = "(forfeit)"
#: frames an animation starts from at most, and the size it must fit (Discord takes 10 MB)
MAX_FRAMES = 60
ANIMATION_LIMIT = 7_000_000

S = TypeVar("S")
T = TypeVar("T")
A = TypeVar("A")
S_co = TypeVar("S_co", covariant=True)
A_co = TypeVar("A_co", covariant=True)


class SeatRecord(TypedDict):
    name: str
    seat: NotRequired[int]
    #: the computer player's level, or None for a person
    computer: NotRequired[str | None]


class ActionRecord(TypedDict):
    ply: int
    seat: int | None
    notation: str


class Log(TypedDict):
    """What a replay starts from: the game, its seats, seed and options, and every action."""

    game: str
    seats: list[SeatRecord]
    seed: int
    options: JSONObject
    extras: JSONObject
    actions: list[ActionRecord]


class OutcomeRecord(TypedDict):
    """How a replayed match ended (only ``finished`` while it has not)."""

    finished: bool
    winners: NotRequired[list[int]]
    winner_names: NotRequired[list[str]]
    reason: NotRequired[str]
    reason_data: NotRequired[JSONObject]
    scores: NotRequired[list[int] | None]


class Export(Log):
    """A finished match's export (``FORMAT``)."""

    format: str
    version: int
    match: int
    title: str
    outcome: OutcomeRecord
    final_state_sha256: str


class BadExport(Exception):
    """An export that cannot be replayed; ``str(err)`` says why in one line."""


class BadMove(BadExport):
    """An action of the log that does not apply to the position it was recorded in."""

    def __init__(self, ply: int, seat: int | None, notation: str, reason: str) -> None:
        self.ply, self.seat, self.notation, self.reason = ply, seat, notation, reason
        super().__init__(f"move {ply} (seat {seat}) `{notation}` does not apply: {reason}")


@dataclass(frozen=True)
class Play(Generic[S_co, A_co]):
    """One replayed action: the state before and after it, the action itself (None for
    a player leaving the game) and what it did (its events, as data)."""

    ply: int
    seat: int | None
    notation: str
    action: A_co | None
    before: S_co | None
    after: S_co
    events: tuple[Event, ...] = ()


def state_hash(rules: Ruleset[S, A], state: S) -> str:
    text = json.dumps(rules.dump(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def outcome_of(rules: Ruleset[S, A], state: S, names: Sequence[str]) -> OutcomeRecord:
    outcome = rules.outcome(state)
    if outcome is None:
        return {"finished": False}
    return {
        "finished": True,
        "winners": list(outcome.winners),
        "winner_names": [names[s] for s in outcome.winners],
        "reason": outcome.reason,
        "reason_data": dict(outcome.data),
        "scores": None if outcome.scores is None else list(outcome.scores),
    }


def export(
    *,
    match_id: int,
    game: str,
    options: Mapping[str, JSON],
    seed: int,
    seats: Sequence[tuple[str, str | None]],
    extras: Mapping[str, JSON],
    actions: Sequence[tuple[int, int | None, str]],
    final: object,
) -> Export:
    """The export of a finished match (``seats``: (name, computer level or None))."""
    rules = games.get(game)
    names = [name for name, _ in seats]
    return {
        "format": FORMAT,
        "version": VERSION,
        "match": match_id,
        "game": game,
        "title": rules.title,
        "options": dict(options),
        "seats": [{"seat": i, "name": n, "computer": c} for i, (n, c) in enumerate(seats)],
        "extras": dict(extras),
        "seed": seed,
        "actions": [{"ply": p, "seat": s, "notation": n} for p, s, n in actions],
        "outcome": outcome_of(rules, final, names),
        "final_state_sha256": state_hash(rules, final),
    }


def _field(data: Mapping[str, object], key: str, kind: type[T]) -> T:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BadExport(f"the export's `{key}` is missing or malformed")
    return value


def load_export(data: object) -> Export:
    """Check an export's shape and version (not yet its moves)."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise BadExport(f"this is not a Ranch Hand match export (format {FORMAT!r})")
    version = data.get("version")
    if version != VERSION:
        raise BadExport(f"export version {version!r} is not one this Ranch Hand reads ({VERSION})")
    game = _field(data, "game", str)
    if game not in games.RULESETS:
        raise BadExport(f"unknown game {game!r}")
    _field(data, "seed", int)
    for key in ("options", "extras"):
        if not isinstance(data.get(key), Mapping):
            raise BadExport(f"the export's `{key}` is missing or malformed")
    seats = _field(data, "seats", list)
    if not seats or not all(
        isinstance(s, Mapping) and isinstance(s.get("name"), str) for s in seats
    ):
        raise BadExport("the export's `seats` are missing or malformed")
    for row in _field(data, "actions", list):
        ok = (
            isinstance(row, Mapping)
            and isinstance(row.get("ply"), int)
            and (row.get("seat") is None or isinstance(row.get("seat"), int))
            and isinstance(row.get("notation"), str)
        )
        if not ok:
            raise BadExport(f"an action of the export is malformed: {row!r}"[:200])
    return cast(Export, dict(data))  # its shape checked above


def plays(data: Log) -> Iterator[Play[object, object]]:
    """Replay an export's actions from its seed, one ``Play`` each (the first has ply 0 and
    no action: the opening position). Raises ``BadMove`` at the first that does not apply."""
    rules = games.get(data["game"])
    names = [s["name"] for s in data["seats"]]
    seed = int(data["seed"])
    try:
        state = rules.new_game(
            names, dict(data["options"]), rng=SeededRng(seed, 0), **dict(data["extras"])
        )
    except (GameError, TypeError, ValueError) as err:
        raise BadExport(f"the match cannot be set up: {err}") from err
    yield Play(0, None, "", None, None, state)
    expected = 1
    for row in data["actions"]:
        ply, seat, notation = int(row["ply"]), row["seat"], str(row["notation"])
        if ply != expected:
            raise BadMove(ply, seat, notation, f"expected move {expected} here")
        if rules.outcome(state) is not None:
            raise BadMove(ply, seat, notation, "the game was already over")
        if seat is None or not 0 <= seat < len(names):
            raise BadMove(ply, seat, notation, "no such seat")
        rng = SeededRng(seed, ply)
        try:
            if notation == FORFEIT:
                action, step = None, rules.resign(state, seat, rng=rng)
            else:
                if seat not in rules.to_act(state):
                    raise GameError(f"it was not {names[seat]}'s turn")
                action = rules.parse_action(state, seat, notation)
                step = rules.apply(state, seat, action, rng=rng)
        except GameError as err:
            raise BadMove(ply, seat, notation, str(err)) from err
        after = step.state
        yield Play(ply, seat, notation, action, state, after, tuple(step.events))
        state, expected = after, expected + 1


@dataclass(frozen=True)
class Verdict:
    """An export replayed: the outcome it reaches and whether that is what was recorded."""

    outcome: OutcomeRecord
    state_sha256: str
    moves: int
    matches: bool

    @staticmethod
    def _reason(data: Log, outcome: OutcomeRecord) -> str:
        """How the game ended, as its narrator words it (the reason is a code)."""
        rules = games.get(str(data["game"]))
        ended = Outcome((), str(outcome["reason"]), data=outcome.get("reason_data") or {})
        return rules.narrator.outcome(ended, [s["name"] for s in data["seats"]])

    def lines(self, data: Export) -> list[str]:
        out = [
            f"{data.get('title', data['game'])}, match {data.get('match', '?')}: "
            f"{self.moves} moves replayed from seed {data['seed']}."
        ]
        outcome = self.outcome
        if not outcome.get("finished"):
            out.append("The replay does not reach the end of the game.")
        elif outcome["winner_names"]:
            out.append("Winner: " + " and ".join(outcome["winner_names"]))
        else:
            out.append(f"Nobody wins ({self._reason(data, outcome)}).")
        scores = outcome.get("scores")
        if scores is not None:
            names = [s["name"] for s in data["seats"]]
            out.append(
                "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=False))
            )
        out.append(
            "It matches the recorded outcome and final position."
            if self.matches
            else "It does NOT match the recorded outcome or final position."
        )
        return out


def verify(data: Export) -> Verdict:
    """Replay an export to its end and compare with what it records."""
    rules = games.get(data["game"])
    *_, last = plays(data)
    names = [s["name"] for s in data["seats"]]
    outcome = outcome_of(rules, last.after, names)
    digest = state_hash(rules, last.after)
    matches = outcome == data.get("outcome") and digest == data.get("final_state_sha256")
    return Verdict(outcome, digest, last.ply, matches)


# Animations (run in a render worker) ---------------------------------------------------------


def frame_plays(
    rules: Ruleset[S, A], done: Sequence[Play[S, A]], most: int = MAX_FRAMES
) -> list[int]:
    """Which plays get a frame: every one, or the last of each turn when there are too many,
    then spread evenly; always the opening and the final position."""
    chosen = list(range(len(done)))
    if len(chosen) > most:
        chosen = [
            i
            for i in chosen
            if i in (0, len(done) - 1)
            or rules.turn_key(done[i].after) != rules.turn_key(done[i + 1].after)
        ]
    return [chosen[i] for i in animate.pick(len(chosen), most)]


def animation(
    data: Log, limit: int = ANIMATION_LIMIT, *, locale: str = words.ENGLISH
) -> tuple[bytes, int, int]:
    """The match as a GIF (one frame per move, per turn or fewer, within ``limit`` bytes),
    its pictures' texts in ``locale``: returns the file, the frames kept and the moves
    replayed."""
    rules = games.get(data["game"])
    done = list(plays(data))
    pictures = [
        render.draw(
            data["game"],
            done[i].after,
            previous=done[i].before,
            last=done[i].action,
            events=done[i].events,
            locale=locale,
        )
        for i in frame_plays(rules, done)
    ]
    gif, kept = animate.fit(animate.frames_of(pictures), limit)
    return gif, kept, len(done) - 1


# python -m bot replay FILE ---------------------------------------------------------------------


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot replay",
        description="Replay an exported Ranch Hand match from its seed and check its outcome.",
    )
    parser.add_argument("file", type=Path, help="the match's JSON export (/game export)")
    args = parser.parse_args(list(argv))
    try:
        data = load_export(json.loads(args.file.read_text(encoding="utf-8")))
        verdict = verify(data)
    except OSError as err:
        print(f"Cannot read {args.file}: {err.strerror or err}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as err:
        print(f"{args.file} is not JSON: {err}", file=sys.stderr)
        return 2
    except BadExport as err:
        print(f"Refused: {err}", file=sys.stderr)
        return 1
    print("\n".join(verdict.lines(data)))
    return 0 if verdict.matches else 1
