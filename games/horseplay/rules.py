"""Horseplay Rustling's rules: turn order, captures, huffing, Stables, scores, notation.

Colours move Green, Red, Blue, Black (skipping colours not in play or out). A colour that must
miss its turn or cannot move is skipped inside ``apply`` with an event, so ``to_act`` only ever
names a seat that has a legal move.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.base import (
    Choice,
    Event,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidState,
    Outcome,
    Ruleset,
    Step,
)
from games.horseplay import talk
from games.horseplay import talk_texts as texts
from games.horseplay.board import (
    COLOURS,
    GREEN,
    Move,
    colour_of,
    crown,
    geometry,
    is_crown,
    notation_of,
    parse_square,
    square_name,
    start_board,
    value,
)
from games.horseplay.narrator import NARRATOR
from games.horseplay.state import (
    BLOCKED,
    CENTRE,
    LAST,
    NOBODY,
    QUIET,
    QUIET_ROUNDS,
    HorseplayOptions,
    HorseplayState,
    as_scores,
    load_state,
    settle,
    state_problems,
)
from games.horseplay.threats import assess, best_move, common_notes
from games.rng import Rng

_TOKEN = re.compile(r"[a-k](?:1[01]|[1-9])")
_MOVE = re.compile(r"\s*[a-k](?:1[01]|[1-9])(?:\s*[-x×:\s]\s*[a-k](?:1[01]|[1-9]))+\s*")


def _piece(cell: int, square: int, size: int, colour: bool = True) -> dict[str, Any]:
    """An event's fields for one piece: its square, kind and (``colour``) colour."""
    out: dict[str, Any] = {"square": square_name(square, size), "crown": is_crown(cell)}
    if colour:
        out["colour"] = COLOURS[colour_of(cell)]
    return out


class HorseplayRules(Ruleset[HorseplayState, Move]):
    key = "horseplay"
    title = texts.TITLE
    min_players = 2
    max_players = 4
    options_type = HorseplayOptions
    #: the quick start of docs/rules/horseplay.md (kept equal by a test)
    quick_start = texts.QUICK_START
    summary = texts.SUMMARY
    notation = ("c3-d4", "c3xe5xg7")
    #: the move menu: a piece (its square), then where it goes
    piece_then_target = True
    narrator = NARRATOR

    # Setup ---------------------------------------------------------------------------------

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Rng
    ) -> HorseplayState:
        opts = HorseplayOptions.parse(options)
        names = tuple(str(p) for p in players)
        if not self.min_players <= len(names) <= self.max_players:
            raise IllegalAction("horseplay.players", min=self.min_players, max=self.max_players)
        if opts.teams and len(names) != 4:
            raise IllegalAction("horseplay.teams_need_four")
        return HorseplayState(
            names=names, options=opts, board=start_board(opts.size, len(names)), to_move=GREEN
        )

    def players(self, state: HorseplayState) -> tuple[str, ...]:
        return state.names

    def options(self, state: HorseplayState) -> HorseplayOptions:
        return state.options

    # Whose move ----------------------------------------------------------------------------

    def to_act(self, state: HorseplayState) -> tuple[int, ...]:
        return () if state.finished else (state.seat(state.to_move),)

    def legal_actions(self, state: HorseplayState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        return state.legal(state.to_move)

    def turn_key(self, state: HorseplayState) -> Any:
        """A colour's turn; the same seat moving again (the others passed) is a new turn."""
        return (state.round, state.to_move)

    def default_action(self, state: HorseplayState, seat: int) -> Move:
        """The best-ranked move (see ``describe_action``): a Stable or a capture when there
        is one, otherwise a move that keeps your Stable shut and avoids a huff; ties go to the
        first in menu order."""
        self.check_turn(state, seat)
        return best_move(state)

    def forced_action(self, state: HorseplayState, seat: int) -> Move | None:
        """A colour with a single legal move plays it without being asked: there is nothing
        to choose (its event says so)."""
        if seat not in self.to_act(state):
            return None
        legal = state.legal(state.to_move)
        return legal[0] if len(legal) == 1 else None

    def resign(self, state: HorseplayState, seat: int, *, rng: Rng) -> Step[HorseplayState]:
        """Every piece of the seat's colours leaves the board and the colours are out; the
        game ends when one side is left."""
        if state.finished:
            raise GameOver("rules.game_over")
        if not 0 <= seat < len(state.names) or seat in state.out:
            raise IllegalAction("horseplay.not_in_game")
        mine = [c for c in state.colours if state.seat(c) == seat]
        cells = tuple(0 if cell and colour_of(cell) in mine else cell for cell in state.board)
        events = [Event("leaves", {"seat": seat, "colours": [COLOURS[c] for c in mine]})]
        new = replace(
            state,
            board=cells,
            missing=tuple(c for c in state.missing if c not in mine),
            out=tuple(sorted({*state.out, seat})),
        )
        sides = {new.side(c) for c in new.live()}
        if len(sides) == 1:
            return Step(self._last_standing(new, sides.pop(), events), tuple(events))
        if state.to_move in mine:
            new = self._advance(new, state.to_move, events)
        return Step(new, tuple(events))

    def describe_action(self, state: HorseplayState, seat: int, action: Move) -> Choice:
        """Label, piece (its square) and a short warning: a huff, a Stable left open, a piece
        left where it can be taken; a Stable every move leaves open is said once instead
        (``advice``). ``rank`` puts decisive moves first, then moves that keep your Stables
        shut, then captures (most points first), then plain moves, huffs last."""
        seen = assess(state, action)
        shared = common_notes(state)
        return Choice(
            label=talk.label(self.format_action(state, action), len(action.taken)),
            group=square_name(action.start, state.size),
            note=talk.note([n for n in seen.notes if n not in shared]),
            primary=action.is_capture,
            rank=seen.rank,
        )

    def advice(self, state: HorseplayState, seat: int) -> str:
        """Your Stable left open whatever you play, said once."""
        if state.finished or seat not in self.to_act(state):
            return ""
        return talk.every_move(common_notes(state))

    # Moves ---------------------------------------------------------------------------------

    def apply(
        self, state: HorseplayState, seat: int, action: Move, *, rng: Rng
    ) -> Step[HorseplayState]:
        self.check_turn(state, seat)
        colour = state.to_move
        if action not in state.legal(colour):
            raise IllegalAction("horseplay.not_legal", move=self.format_action(state, action))
        size = state.size
        geo = geometry(size)
        mover = state.actor(colour)
        events: list[Event] = []
        done = settle(state, action)
        board = state.board
        scores = list(state.scores)
        piece = board[action.start]
        text = self.format_action(state, action)
        if action.is_capture:
            gained = sum(value(board[sq]) for sq in action.taken)
            scores[colour] += gained
            taken = [_piece(board[sq], sq, size) for sq in action.taken]
            events.append(Event("jump", {**mover, "move": text, "taken": taken, "points": gained}))
        else:
            only = len(state.legal(colour)) == 1
            events.append(Event("move", {**mover, "move": text, "only": only}))
        end = square_name(action.end, size)
        if not is_crown(piece) and action.end in geo.crown_rows[colour]:
            piece = crown(colour)
            events.append(Event("crowned", {"colour": COLOURS[colour], "square": end}))
        captured = action.is_capture
        missing = set(state.missing)

        if done.huffed is not None:
            at = done.huffed
            lost_piece = piece if at == action.end else board[at]
            lost = value(lost_piece)
            huffed = _piece(lost_piece, at, size, colour=False)
            events.append(Event("huffed", {**mover, **huffed, "points": -lost}))
            scores[colour] -= lost
        winner_side = None
        if done.stable is not None:
            gained = sum(value(board[i]) for i in done.stable_squares)
            scores[colour] += gained
            captured = True
            gone = [_piece(board[i], i, size, colour=False) for i in done.stable_squares]
            events.append(
                Event(
                    "stable",
                    {
                        **mover,
                        "owner": COLOURS[done.stable],
                        "square": end,
                        "pieces": gone,
                        "points": gained,
                    },
                )
            )
        if done.board[action.end]:  # square effects belong to a piece still standing there
            if self._misses(state, action.end):
                missing.add(colour)
                events.append(Event("miss_square", {**mover, "square": end}))
            if state.options.centre_win and action.end == geo.centre and is_crown(piece):
                winner_side = state.side(colour)
                events.append(Event("centre_win", dict(mover)))

        before = state.live()
        new = replace(
            state,
            board=done.board,
            scores=as_scores(scores),
            last_capture_round=state.round if captured else state.last_capture_round,
        )
        live = new.live()
        for c in before:
            if c not in live:
                events.append(Event("out", new.actor(c)))
        missing &= set(live)
        new = replace(new, missing=tuple(sorted(missing)))
        if winner_side is not None:
            return Step(self._finish(new, winner_side, CENTRE), tuple(events))
        sides = {new.side(c) for c in live}
        if len(sides) == 1:
            return Step(self._last_standing(new, sides.pop(), events), tuple(events))
        return Step(self._advance(new, colour, events), tuple(events))

    @staticmethod
    def _misses(state: HorseplayState, square: int) -> bool:
        return state.options.miss_a_turn and square in geometry(state.size).miss

    def _advance(self, state: HorseplayState, colour: int, events: list[Event]) -> HorseplayState:
        """Hand the turn on, skipping colours that miss a turn or cannot move (said aloud)."""
        live = state.live()
        missing = set(state.missing)
        blocked: set[int] = set()
        rnd = state.round
        while True:
            later = [c for c in live if c > colour]
            nxt = later[0] if later else live[0]
            if nxt <= colour:
                if rnd - state.last_capture_round >= QUIET_ROUNDS:
                    events.append(Event("quiet", {"rounds": QUIET_ROUNDS}))
                    return self._on_points(
                        replace(state, round=rnd, missing=tuple(sorted(missing))), QUIET, events
                    )
                rnd += 1
            colour = nxt
            if colour in missing:
                missing.discard(colour)
                events.append(Event("misses", state.actor(colour)))
                continue
            if state.legal(colour):
                return replace(state, to_move=colour, round=rnd, missing=tuple(sorted(missing)))
            events.append(Event("passes", state.actor(colour)))
            blocked.add(colour)
            if blocked >= set(live):
                events.append(Event("blocked"))
                return self._on_points(
                    replace(state, round=rnd, missing=tuple(sorted(missing))), BLOCKED, events
                )

    def _side_seats(self, state: HorseplayState, side: int) -> tuple[int, ...]:
        """The seats of a side still in the game (a player who left never wins)."""
        seats = {state.seat(c) for c in state.colours if state.side(c) == side}
        return tuple(sorted(seats - set(state.out)))

    def _finish(self, state: HorseplayState, side: int, reason: str) -> HorseplayState:
        return replace(state, to_move=NOBODY, winners=self._side_seats(state, side), reason=reason)

    def _last_standing(
        self, state: HorseplayState, side: int, events: list[Event]
    ) -> HorseplayState:
        done = self._finish(state, side, LAST)
        events.append(Event("last_standing", {"seats": list(done.winners)}))
        return done

    def _on_points(self, state: HorseplayState, reason: str, events: list[Event]) -> HorseplayState:
        totals: dict[int, int] = {}
        for c in state.colours:
            if self._side_seats(state, state.side(c)):
                totals[state.side(c)] = totals.get(state.side(c), 0) + state.scores[c]
        best = max(totals.values())
        winners = tuple(
            sorted(
                s for side, t in totals.items() if t == best for s in self._side_seats(state, side)
            )
        )
        events.append(Event("points_win", {"seats": list(winners), "points": best}))
        return replace(state, to_move=NOBODY, winners=winners, reason=reason)

    def outcome(self, state: HorseplayState) -> Outcome | None:
        if not state.finished:
            return None
        data = {"rounds": QUIET_ROUNDS} if state.reason == QUIET else {}
        return Outcome(state.winners, state.reason, self.seat_scores(state), data)

    @staticmethod
    def seat_scores(state: HorseplayState) -> tuple[int, ...]:
        out = [0] * len(state.names)
        for c in state.colours:
            out[state.seat(c)] += state.scores[c]
        return tuple(out)

    def seat_role(self, state: HorseplayState, seat: int) -> str | None:
        """The colour a seat moves now (one player commands two colours with three players)."""
        if state.finished or state.seat(state.to_move) != seat:
            return None
        return talk.colour_name(COLOURS[state.to_move])

    def status_line(self, state: HorseplayState) -> str:
        return talk.status_line(state)

    def invariants(self, state: HorseplayState) -> list[str]:
        return [str(InvalidState(code, **data)) for code, data in state_problems(state)]

    # Notation ------------------------------------------------------------------------------

    def format_action(self, state: HorseplayState, action: Move) -> str:
        return notation_of(action, state.size)

    def parse_action(self, state: HorseplayState, seat: int, text: str) -> Move:
        words = talk.canonical(text.strip().lower())
        if not _MOVE.fullmatch(words):
            raise InvalidAction("horseplay.unreadable", text=text.strip()[:40])
        size = state.size
        path: list[int] = []
        for token in _TOKEN.findall(words):
            sq = parse_square(token, size)
            if sq is None:
                raise IllegalAction("horseplay.no_square", square=token, size=size)
            path.append(sq)
        self.check_turn(state, seat)
        colour = state.to_move
        legal = state.legal(colour)
        wanted = tuple(path)
        for m in legal:
            if m.path == wanted:
                return m
        short = [
            m for m in legal if m.start == wanted[0] and m.end == wanted[-1] and len(wanted) == 2
        ]
        if len(short) == 1 and short[0].is_capture:
            return short[0]
        show = lambda ms: [self.format_action(state, m) for m in ms[:8]]  # noqa: E731
        if len(short) > 1:
            raise IllegalAction("horseplay.whole_chain", moves=show(short))
        start = wanted[0]
        name = square_name(start, size)
        cell = state.board[start]
        if not cell or colour_of(cell) != colour:
            starts = sorted({square_name(m.start, size) for m in legal})
            raise IllegalAction(
                "horseplay.no_piece", colour=COLOURS[colour], square=name, starts=starts
            )
        mine = [m for m in legal if m.start == start]
        if not mine:
            captures, _ = state.moves(colour)
            if captures and state.options.forced_capture:
                raise IllegalAction("horseplay.must_capture", moves=show(list(captures)))
            raise IllegalAction("horseplay.cannot_move", square=name)
        raise IllegalAction("horseplay.piece_can_play", square=name, moves=show(mine))

    # Storage -------------------------------------------------------------------------------

    def dump(self, state: HorseplayState) -> dict[str, Any]:
        size = state.size
        return {
            "format": self.format_version,
            "game": self.key,
            "options": state.options.to_dict(),
            "players": list(state.names),
            "size": size,
            "pieces": {
                square_name(sq, size): {"colour": COLOURS[colour_of(c)], "crown": is_crown(c)}
                for sq, c in enumerate(state.board)
                if c
            },
            "to_move": None if state.to_move == NOBODY else COLOURS[state.to_move],
            "scores": {COLOURS[c]: state.scores[c] for c in state.colours},
            "round": state.round,
            "last_capture_round": state.last_capture_round,
            "miss_turn": [COLOURS[c] for c in state.missing],
            "winners": list(state.winners),
            "result": state.reason,
            "out": list(state.out),
        }

    def load(self, data: Mapping[str, Any]) -> HorseplayState:
        self.check_version(data)
        try:
            state = load_state(data)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise InvalidState("horseplay.unreadable_save", error=repr(err)) from err
        broken = state_problems(state)
        if broken:
            code, data = broken[0]
            raise InvalidState(code, **data)
        return state


RULES = HorseplayRules()
