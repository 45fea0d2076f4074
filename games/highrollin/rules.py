"""High Rollin': roll five dice, stack them on four shared towers, score the tops, go out.

Rules: ``docs/rules/highrollin.md``. This module is the contract (whose move, the menu,
notation, storage); the turn flow and all chance live in ``games.highrollin.flow``.
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
from games.highrollin import flow, menu, store, suggest, talk
from games.highrollin.model import (
    COLOURS,
    GAME_SCORE,
    NOTATION,
    TOWERS,
    TURN_DICE,
    Action,
    Again,
    Die,
    HighRollinOptions,
    HighRollinState,
    Lift,
    Place,
    Rest,
    Roll,
    Stop,
    add,
    as_counts,
    count,
    dealt,
    fits,
    roll_choices,
)
from games.rng import Rng

State = HighRollinState
_COLOUR_WORDS = {w: c for c, name in enumerate(COLOURS) for w in (name, name[0], name + "s")}
#: most options in one select menu of the action UI
_MENU = 25


class HighRollinRules(Ruleset[State, Action]):
    key = "highrollin"
    title = talk.TITLE
    min_players = 2
    max_players = 4
    options_type = HighRollinOptions
    #: the quick start of docs/rules/highrollin.md (kept equal by a test)
    quick_start = talk.QUICK_START
    summary = talk.SUMMARY
    narrator = talk.NARRATOR
    notation = NOTATION

    # Setup ---------------------------------------------------------------------------------

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Rng
    ) -> State:
        opts = HighRollinOptions.parse(options)
        names = tuple(str(p) for p in players)
        if not self.min_players <= len(names) <= self.max_players:
            raise IllegalAction("highrollin.players", low=self.min_players, high=self.max_players)
        n = len(names)
        state = State(
            names=names,
            options=opts,
            towers=(),
            piles=(),
            scores=(0,) * n,
            wins=(0,) * n,
            best=(0,) * n,
        )
        return flow.new_round(state, rng, [])

    def opening_events(self, state: State) -> tuple[Event, ...]:
        """The first round's tower bases and roll-off, told when the game starts (later rounds
        are told in the events of the move that deals them)."""
        return tuple(flow.announce_round(state))

    def players(self, state: State) -> tuple[str, ...]:
        return state.names

    def options(self, state: State) -> HighRollinOptions:
        return state.options

    # Whose move ----------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.winners else (state.turn,)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return menu.legal_actions(state, seat)

    def turn_key(self, state: State) -> Any:
        """A turn is roll, stack, maybe roll again: one key until the next player's turn."""
        return (state.game, state.round, state.turn, self.to_act(state))

    def default_action(self, state: State, seat: int) -> Action:
        """The suggested roll, stacking the rest as suggested, or stop (rolling and stacking
        are compulsory, rolling again is not)."""
        self.check_turn(state, seat)
        return menu.best_action(state, seat, self.legal_actions(state, seat))

    def forced_action(self, state: State, seat: int) -> Action | None:
        """A lone placement (one die fits one tower) or a pile that leaves one way to roll."""
        if state.winners or seat != state.turn:
            return None
        actions = self.legal_actions(state, seat)
        if len(actions) == 1 and isinstance(actions[0], Place | Roll):
            return actions[0]
        return None

    def describe_action(self, state: State, seat: int, action: Action) -> Choice:
        return talk.describe(state, seat, action)

    # Moves ---------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action, *, rng: Rng) -> Step[State]:
        self.check_turn(state, seat)
        self._check(state, seat, action)
        events: list[Event] = []
        state = replace(state, fall=None)
        match action:
            case Roll(counts):
                forced = len(roll_choices(state.piles[seat])) == 1
                state = flow.start_turn(state, counts, rng, events, forced=forced)
            case Place(die, tower):
                alone = menu.lone_placement(state) is not None
                state = flow.place(state, die, tower, rng, events, alone=alone)
            case Rest():
                state = flow.stack_rest(state, suggest.plan(state), rng, events)
            case Again():
                colours = [d.colour for d in state.hand]
                state = flow.roll_hand(state, colours, rng, events)
            case Stop():
                events.append(Event("stop", {"seat": seat, "back": len(state.hand)}))
                state = flow.end_turn(state, events)
            case Lift(tower):
                state = flow.lift(state, tower, rng, events)
        return Step(flow.settle(state, rng, events), tuple(events))

    def _check(self, state: State, seat: int, action: Action) -> None:
        """Raise IllegalAction, saying what would be right, unless ``action`` is allowed now."""
        phase = state.phase
        # every refusal says what to do instead: the phase (and the towers a penalty may
        # come off) lets the narrator word it
        wanted = {"phase": phase, "towers": state.tallest() if phase == "lift" else []}
        if isinstance(action, Roll):
            if phase != "roll":
                raise IllegalAction("highrollin.rolled", **wanted)
            pile = state.piles[seat]
            size = min(TURN_DICE, sum(pile))
            counts = action.counts
            if len(counts) != 4 or min(counts) < 0 or sum(counts) != size:
                raise IllegalAction("highrollin.roll_size", size=size, pile=list(pile))
            short = [c for c in range(4) if counts[c] > pile[c]]
            if short:
                c = short[0]
                raise IllegalAction("highrollin.too_few", colour=COLOURS[c], have=pile[c])
            return
        if phase == "roll":
            raise IllegalAction("highrollin.first", **wanted)
        if isinstance(action, Place):
            self._check_place(state, action, wanted)
            return
        if isinstance(action, Rest):
            if phase != "place":
                raise IllegalAction("highrollin.no_stack", **wanted)
            return
        if isinstance(action, Again | Stop):
            if phase != "decide":
                raise IllegalAction("highrollin.not_now", **wanted)
            return
        if isinstance(action, Lift):
            if phase != "lift":
                raise IllegalAction("highrollin.no_penalty", **wanted)
            if action.tower not in state.tallest():
                raise IllegalAction("highrollin.not_tallest", **wanted)
            return
        raise IllegalAction("highrollin.unknown_move", **wanted)

    @staticmethod
    def _check_place(state: State, action: Place, wanted: dict[str, Any]) -> None:
        if state.phase != "place":
            raise IllegalAction("highrollin.no_stack", **wanted)
        if not 0 <= action.die < len(state.hand):
            raise IllegalAction("highrollin.die_range", dice=len(state.hand))
        if not 0 <= action.tower < TOWERS:
            raise IllegalAction("highrollin.tower_range", towers=TOWERS)
        die, top = state.hand[action.die], state.towers[action.tower][-1]
        if not fits(die, top):
            why = "own_colour" if die.colour == top.colour else "no_match"
            die_top = flow.dice_data([die, top])
            raise IllegalAction(
                f"highrollin.{why}", die=die_top[0], top=die_top[1], tower=action.tower
            )

    # Results -------------------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        if not state.winners:
            return None
        if len(state.active()) < 2:
            scores = state.wins if state.options.match else state.scores
            return Outcome(state.winners, "last_left", scores)
        if state.options.match:
            return Outcome(state.winners, "match", state.wins, {"games": 3})
        return Outcome(state.winners, "score", state.scores, {"past": GAME_SCORE})

    def resign(self, state: State, seat: int, *, rng: Rng) -> Step[State]:
        """The seat's pile (and its rolled dice, on its turn) leave the round and it is dealt
        nothing more; with one player left, that player wins."""
        if state.winners:
            raise GameOver("rules.game_over")
        if not 0 <= seat < len(state.names) or seat in state.out:
            raise IllegalAction("highrollin.not_playing", seat=seat)
        gone = state.piles[seat]
        if seat == state.turn:
            gone = add(gone, count(state.hand))
        piles = list(state.piles)
        piles[seat] = (0, 0, 0, 0)
        on_turn = seat == state.turn
        state = replace(
            state,
            piles=tuple(piles),
            removed=add(state.removed, gone),
            out=tuple(sorted({*state.out, seat})),
            fall=None,
            hand=() if on_turn else state.hand,
            began=0 if on_turn else state.began,
            penalty=None if on_turn else state.penalty,
        )
        events = [Event("leave", {"seat": seat, "dice": sum(gone)})]
        left = state.active()
        if len(left) < 2:
            events.append(Event("last_left", {"seat": left[0]}))
            return Step(replace(state, winners=left), tuple(events))
        if on_turn:
            nxt = state.next_seat(seat)
            state = replace(state, turn=nxt)
            events.append(Event("next_player", {"seat": nxt}))
        return Step(state, tuple(events))

    def invariants(self, state: State) -> list[str]:
        problems = []
        if any(sum(state.piles[s]) for s in state.out if 0 <= s < len(state.piles)):
            problems.append("a player who left still has dice")
        if not state.winners and state.turn in state.out:
            problems.append("a player who left is on turn")
        total = add(state.removed, count(state.hand))
        for tower in state.towers:
            total = add(total, count(tower))
        for pile in state.piles:
            total = add(total, pile)
        if total != dealt(len(state.names)):
            problems.append(f"dice not conserved: {total} != {dealt(len(state.names))}")
        if any(min(p) < 0 for p in state.piles) or min(state.removed) < 0:
            problems.append("negative dice count")
        if len(state.towers) != TOWERS or any(not t for t in state.towers):
            problems.append("every tower needs its base")
        return problems

    def status_line(self, state: State) -> str:
        return talk.status_line(state)

    # Notation ------------------------------------------------------------------------------

    def format_action(self, state: State, action: Action) -> str:
        return menu.notation(action)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        """The canonical notation; words of a shipped language are read as the notation's
        words they translate (``talk.typed_words``), never in place of a canonical one."""
        typed = text.strip().lower().replace(",", " ").replace("+", " ").split()
        if not typed:
            raise InvalidAction("highrollin.empty")
        words = talk.canonical(typed)
        verb, rest = words[0], words[1:]
        action: Action
        if (verb in ("again", "reroll") and not rest) or words == ["roll", "again"]:
            action = Again()
        elif verb == "stop" and not rest:
            action = Stop()
        elif verb == "roll":
            self.check_turn(state, seat)
            action = self._parse_roll(state, seat, rest)
        elif verb in ("stack", "place") and rest == ["rest"]:
            action = Rest()
        elif verb in ("place", "stack"):
            self.check_turn(state, seat)
            if state.phase != "place":
                self._check(state, seat, Place(0, 0))  # says what to do instead
            action = self._parse_place(state, rest)
        elif verb == "lift":
            nums = [w for w in rest if w not in ("from", "tower", "off")]
            if len(nums) != 1 or not re.fullmatch(r"[1-4]", nums[0]):
                raise InvalidAction("highrollin.lift_usage")
            action = Lift(int(nums[0]) - 1)
        else:
            raise InvalidAction("highrollin.unknown_text", text=text.strip()[:40])
        self.check_turn(state, seat)
        self._check(state, seat, action)
        return action

    @staticmethod
    def _parse_roll(state: State, seat: int, words: list[str]) -> Roll:
        if not words or words == ["all"]:
            choices = roll_choices(state.piles[seat])
            if len(choices) == 1:
                return Roll(choices[0])
            raise InvalidAction("highrollin.name_dice")
        counts = [0, 0, 0, 0]
        times = 1
        for word in words:
            if re.fullmatch(r"[0-9]", word):
                times = int(word)
            elif word in _COLOUR_WORDS:
                counts[_COLOUR_WORDS[word]] += times
                times = 1
            elif word != "and":
                raise InvalidAction("highrollin.colour", word=word[:20])
        return Roll(as_counts(counts))

    @staticmethod
    def _parse_place(state: State, words: list[str]) -> Place:
        words = [w for w in words if w not in ("on", "to", "tower", "die")]
        if len(words) == 2 and all(re.fullmatch(r"[0-9]", w) for w in words):
            index = int(words[0]) - 1
            if not 0 <= index < len(state.hand):
                raise IllegalAction("highrollin.die_range", dice=len(state.hand))
        elif len(words) == 3 and words[0] in _COLOUR_WORDS and re.fullmatch(r"[1-6]", words[1]):
            die = Die(_COLOUR_WORDS[words[0]], int(words[1]))
            if die not in state.hand:
                raise IllegalAction("highrollin.no_die", die=flow.dice_data([die])[0])
            index = state.hand.index(die)
            words = words[1:]
        else:
            raise InvalidAction("highrollin.place_usage")
        if not re.fullmatch(r"[1-4]", words[1]):
            raise InvalidAction("highrollin.tower_number", towers=TOWERS)
        # identical dice make the same move: name the first of them
        index = state.hand.index(state.hand[index])
        return Place(index, int(words[1]) - 1)

    # Storage -------------------------------------------------------------------------------

    def dump(self, state: State) -> dict[str, Any]:
        return {"format": self.format_version, "game": self.key, **store.dump_state(state)}

    def load(self, data: Mapping[str, Any]) -> State:
        self.check_version(data)
        try:
            state = store.load_state(data, (self.min_players, self.max_players))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            raise InvalidState("highrollin.unreadable", error=repr(err)) from err
        problems = self.invariants(state)
        if problems:
            raise InvalidState("highrollin.broken", problems=problems)
        return state
