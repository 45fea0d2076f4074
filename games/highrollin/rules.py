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
from games.highrollin import flow
from games.highrollin.model import (
    COLOURS,
    GAME_SCORE,
    TOWERS,
    TURN_DICE,
    Action,
    Again,
    Counts,
    Die,
    Fall,
    HighRollinOptions,
    HighRollinState,
    Lift,
    Place,
    Roll,
    Stop,
    add,
    count,
    dealt,
    fits,
    percent,
    placements,
    plural,
    roll_choices,
    show_counts,
    topple_chance,
    verb,
)
from games.rng import Rng

State = HighRollinState
_COLOUR_WORDS = {w: c for c, name in enumerate(COLOURS) for w in (name, name[0], name + "s")}
_SQUARES = ("🟥", "🟦", "🟩", "🟨")
#: most options in one select menu of the action UI
_MENU = 25


class HighRollinRules(Ruleset[State, Action]):
    key = "highrollin"
    title = "High Rollin'"
    min_players = 2
    max_players = 4
    options_type = HighRollinOptions
    summary = (
        "Stack dice on four shared towers. On your turn pick five dice from your pile (any "
        "colours) and roll them. A die may go on a tower whose top shows the same number, or if "
        "either is a 1, but never on a die of its own colour; you must stack while any die fits. "
        "Then roll the rest again or stop. Stack all five and score the four tower tops. Roll "
        "nothing that fits and you take dice off the tallest tower as a penalty. Empty your pile "
        "to go out and score a point per die the others still hold. Tall towers wobble: dice "
        "that fall give everyone else points. First past 100 wins."
    )
    notation = (
        "roll red red blue green green",
        "roll 2 red 3 yellow",
        "place 3 on 2",
        "again",
        "stop",
        "lift 2",
    )

    # Setup ---------------------------------------------------------------------------------

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Rng
    ) -> State:
        opts = HighRollinOptions.parse(options)
        names = tuple(str(p) for p in players)
        if not self.min_players <= len(names) <= self.max_players:
            raise IllegalAction(
                f"{self.title} needs {self.min_players}-{self.max_players} players."
            )
        n = len(names)
        state = State(
            names=names,
            options=opts,  # type: ignore[arg-type]
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
        if state.winners or seat != state.turn:
            return []
        match state.phase:
            case "lift":
                return [Lift(t) for t in state.tallest()]
            case "roll":
                return [Roll(c) for c in roll_choices(state.piles[seat])]
            case "place":
                return list(placements(state))
        return [Again(), Stop()]

    def turn_key(self, state: State) -> Any:
        """A turn is roll, stack, maybe roll again: one key until the next player's turn."""
        return (state.game, state.round, state.turn, self.to_act(state))

    def default_action(self, state: State, seat: int) -> Action:
        """Stop when allowed; otherwise the first legal move (rolling and stacking are forced)."""
        self.check_turn(state, seat)
        if state.phase == "decide":
            return Stop()
        return self.legal_actions(state, seat)[0]

    def describe_action(self, state: State, seat: int, action: Action) -> Choice:
        match action:
            case Roll(counts):
                choices = roll_choices(state.piles[seat])
                if len(choices) == 1:
                    label = f"Roll your {plural(sum(counts), 'die')}: {show_counts(counts)}"
                    return Choice(label, primary=True, emoji="🎲")
                return Choice(show_counts(counts), group=_roll_group(choices, counts))
            case Place(die, tower):
                d = state.hand[die]
                top = state.towers[tower][-1]
                height = len(state.towers[tower]) + 1
                note = f"on {top}, making it {height} high"
                chance = topple_chance(height) if state.options.towers == "wobbly" else 0
                if chance:
                    note += f" ({percent(chance)} chance it topples)"
                label = f"{COLOURS[d.colour].capitalize()} {d.face} → tower {tower + 1}"
                return Choice(label, note=note, emoji=_SQUARES[d.colour])
            case Again():
                return Choice(
                    f"Roll the {plural(len(state.hand), 'die')} again", primary=True, emoji="🎲"
                )
            case Stop():
                return Choice("Stop (no score; dice back to your pile)", emoji="✋")
            case Lift(tower):
                assert state.penalty is not None
                k = min(state.penalty, len(state.towers[tower]) - 1)
                return Choice(f"Lift {plural(k, 'die')} off tower {tower + 1}", emoji="🫳")
        raise TypeError(action)

    # Moves ---------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action, *, rng: Rng) -> Step[State]:
        self.check_turn(state, seat)
        self._check(state, seat, action)
        events: list[Event] = []
        state = replace(state, fall=None)
        match action:
            case Roll(counts):
                state = flow.start_turn(state, counts, rng, events)
            case Place(die, tower):
                state = flow.place(state, die, tower, rng, events)
            case Again():
                colours = [d.colour for d in state.hand]
                state = flow.roll_hand(state, colours, rng, events)
            case Stop():
                name = state.names[seat]
                n = len(state.hand)
                back = f"{plural(n, 'die')} {verb(n, 'goes', 'go')} back"
                events.append(Event(f"{name} stops: {back} to the pile, no score."))
                state = flow.end_turn(state, events)
            case Lift(tower):
                state = flow.lift(state, tower, rng, events)
        return Step(flow.settle(state, rng, events), tuple(events))

    def _check(self, state: State, seat: int, action: Action) -> None:
        """Raise IllegalAction, saying what would be right, unless ``action`` is allowed now."""
        phase = state.phase
        wanted = {
            "roll": "choose the dice to roll, e.g. `roll red red blue green green`",
            "place": "stack a die: `place <die> on <tower>`",
            "decide": "roll the rest `again` or `stop`",
            "lift": "pick the tower for the penalty: "
            + " or ".join(f"`lift {t + 1}`" for t in state.tallest()),
        }[phase]
        if isinstance(action, Roll):
            if phase != "roll":
                raise IllegalAction(f"Your dice are already rolled; {wanted}.")
            pile = state.piles[seat]
            size = min(TURN_DICE, sum(pile))
            counts = action.counts
            if len(counts) != 4 or min(counts) < 0 or sum(counts) != size:
                raise IllegalAction(
                    f"Roll exactly {plural(size, 'die')} from your pile ({show_counts(pile)})."
                )
            short = [c for c in range(4) if counts[c] > pile[c]]
            if short:
                c = short[0]
                raise IllegalAction(f"You have only {pile[c]} {COLOURS[c]} in your pile.")
            return
        if phase == "roll":
            raise IllegalAction(f"First {wanted}.")
        if isinstance(action, Place):
            if phase != "place":
                raise IllegalAction(f"No rolled die can be stacked now; {wanted}.")
            if not 0 <= action.die < len(state.hand):
                raise IllegalAction(f"Pick a rolled die from 1 to {len(state.hand)}.")
            if not 0 <= action.tower < TOWERS:
                raise IllegalAction("Pick a tower from 1 to 4.")
            die, top = state.hand[action.die], state.towers[action.tower][-1]
            if not fits(die, top):
                why = (
                    "a die never goes on its own colour"
                    if die.colour == top.colour
                    else "the faces must match, or one of them be a 1"
                )
                raise IllegalAction(
                    f"{die} cannot go on tower {action.tower + 1} (top {top}): {why}."
                )
            return
        if isinstance(action, Again | Stop):
            if phase != "decide":
                raise IllegalAction(f"Not now: {wanted}.")
            return
        if isinstance(action, Lift):
            if phase != "lift":
                raise IllegalAction(f"There is no penalty to take; {wanted}.")
            if action.tower not in state.tallest():
                raise IllegalAction(f"The penalty comes off a tallest tower: {wanted}.")
            return
        raise IllegalAction(f"Unknown move; {wanted}.")

    # Results -------------------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        if not state.winners:
            return None
        if len(state.active()) < 2:
            scores = state.wins if state.options.match else state.scores
            return Outcome(state.winners, "the last player left", scores)
        if state.options.match:
            return Outcome(state.winners, "won the match (best of three games)", state.wins)
        return Outcome(
            state.winners, f"highest score once a score passed {GAME_SCORE}", state.scores
        )

    def resign(self, state: State, seat: int, *, rng: Rng) -> Step[State]:
        """The seat's pile (and its rolled dice, on its turn) leave the round and it is dealt
        nothing more; with one player left, that player wins."""
        if state.winners:
            raise GameOver("The game is over.")
        if not 0 <= seat < len(state.names) or seat in state.out:
            raise IllegalAction("That player is not in the game.")
        name = state.names[seat]
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
        n = sum(gone)
        events = [
            Event(
                f"{name} leaves the game; {plural(n, 'die')} {verb(n, 'leaves', 'leave')} "
                "the round."
            )
        ]
        left = state.active()
        if len(left) < 2:
            events.append(Event(f"{state.names[left[0]]} is the last player left and wins!"))
            return Step(replace(state, winners=left), tuple(events))
        if on_turn:
            nxt = state.next_seat(seat)
            state = replace(state, turn=nxt)
            events.append(Event(f"{state.names[nxt]} plays next."))
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
        table = ", ".join(f"{n} {s}" for n, s in zip(state.names, state.scores, strict=True))
        if state.winners:
            return "won by " + " and ".join(state.names[s] for s in state.winners) + f" ({table})"
        doing = {
            "roll": "to roll",
            "place": "to stack",
            "decide": "to roll again or stop",
            "lift": "to pick the penalty tower",
        }[state.phase]
        return f"{state.names[state.turn]} {doing} · {table}"

    # Notation ------------------------------------------------------------------------------

    def format_action(self, state: State, action: Action) -> str:
        match action:
            case Roll(counts):
                return "roll " + " ".join(COLOURS[c] for c in range(4) for _ in range(counts[c]))
            case Place(die, tower):
                return f"place {die + 1} on {tower + 1}"
            case Again():
                return "again"
            case Stop():
                return "stop"
            case Lift(tower):
                return f"lift {tower + 1}"
        raise TypeError(action)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        words = text.strip().lower().replace(",", " ").split()
        if not words:
            raise InvalidAction("Type a move: " + "; ".join(self.notation))
        verb, rest = words[0], words[1:]
        action: Action
        if (verb in ("again", "reroll") and not rest) or words == ["roll", "again"]:
            action = Again()
        elif verb == "stop" and not rest:
            action = Stop()
        elif verb == "roll":
            self.check_turn(state, seat)
            action = self._parse_roll(state, seat, rest)
        elif verb == "place":
            self.check_turn(state, seat)
            if state.phase != "place":
                self._check(state, seat, Place(0, 0))  # says what to do instead
            action = self._parse_place(state, rest)
        elif verb == "lift":
            nums = [w for w in rest if w not in ("from", "tower", "off")]
            if len(nums) != 1 or not re.fullmatch(r"[1-4]", nums[0]):
                raise InvalidAction("Name the tower to lift from: `lift 2`.")
            action = Lift(int(nums[0]) - 1)
        else:
            raise InvalidAction(
                f"I don't know the move `{text.strip()[:40]}`. Moves: " + "; ".join(self.notation)
            )
        self.check_turn(state, seat)
        self._check(state, seat, action)
        return action

    @staticmethod
    def _parse_roll(state: State, seat: int, words: list[str]) -> Roll:
        if not words or words == ["all"]:
            choices = roll_choices(state.piles[seat])
            if len(choices) == 1:
                return Roll(choices[0])
            raise InvalidAction("Name the five dice to roll: `roll red red blue green green`.")
        counts = [0, 0, 0, 0]
        times = 1
        for word in words:
            if re.fullmatch(r"[0-9]", word):
                times = int(word)
            elif word in _COLOUR_WORDS:
                counts[_COLOUR_WORDS[word]] += times
                times = 1
            elif word != "and":
                raise InvalidAction(
                    f"Unknown colour `{word[:20]}`; colours are red, blue, green, yellow."
                )
        return Roll(tuple(counts))  # type: ignore[arg-type]

    @staticmethod
    def _parse_place(state: State, words: list[str]) -> Place:
        words = [w for w in words if w not in ("on", "to", "tower", "die")]
        usage = "Say which rolled die goes on which tower: `place 3 on 2` or `place red 5 on 2`."
        if len(words) == 2 and all(re.fullmatch(r"[0-9]", w) for w in words):
            index = int(words[0]) - 1
            if not 0 <= index < len(state.hand):
                raise IllegalAction(f"Pick a rolled die from 1 to {len(state.hand)}.")
        elif len(words) == 3 and words[0] in _COLOUR_WORDS and re.fullmatch(r"[1-6]", words[1]):
            die = Die(_COLOUR_WORDS[words[0]], int(words[1]))
            if die not in state.hand:
                raise IllegalAction(f"You have no rolled {die}.")
            index = state.hand.index(die)
            words = words[1:]
        else:
            raise InvalidAction(usage)
        if not re.fullmatch(r"[1-4]", words[1]):
            raise InvalidAction("Towers are numbered 1 to 4.")
        # identical dice make the same move: name the first of them
        index = state.hand.index(state.hand[index])
        return Place(index, int(words[1]) - 1)

    # Storage -------------------------------------------------------------------------------

    def dump(self, state: State) -> dict[str, Any]:
        fall = state.fall
        return {
            "format": self.format_version,
            "game": self.key,
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

    def load(self, data: Mapping[str, Any]) -> State:
        self.check_version(data)
        try:
            state = self._load(data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            raise InvalidState(f"Cannot load {self.title} game: {err!r}") from err
        problems = self.invariants(state)
        if problems:
            raise InvalidState(f"Cannot load {self.title} game: {'; '.join(problems)}.")
        return state

    def _load(self, data: Mapping[str, Any]) -> State:
        names = tuple(str(n) for n in data["players"])
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise InvalidState(f"{self.title} needs {self.min_players}-{self.max_players} players.")
        towers = tuple(tuple(_load_die(d) for d in tower) for tower in data["towers"])
        turn = data["turn"]
        penalty = turn.get("penalty")
        if penalty is not None and penalty not in range(1, 7):
            raise InvalidState(f"Bad penalty {penalty!r}.")
        match = data.get("match", {})
        fall = data.get("fall")
        state = State(
            names=names,
            options=HighRollinOptions.parse(data.get("options")),  # type: ignore[arg-type]
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
            raise InvalidState("Piles, scores and wins need one entry per player.")
        if len(state.best) != n:
            raise InvalidState("Best scores need one entry per player.")
        if state.began > TURN_DICE or len(state.hand) > state.began:
            raise InvalidState("The current turn holds more dice than it began with.")
        if penalty is not None and not state.hand:
            raise InvalidState("A penalty is pending but no dice were rolled.")
        return state


def _roll_group(choices: list[Counts], counts: Counts) -> str:
    """Roll choices split by how many red dice they hold, merged into menus of up to 25."""
    by_red: dict[int, int] = {}
    for c in choices:
        by_red[c[0]] = by_red.get(c[0], 0) + 1
    groups: list[list[int]] = []
    size = 0
    for red in sorted(by_red, reverse=True):
        if groups and size + by_red[red] <= _MENU:
            groups[-1].append(red)
            size += by_red[red]
        else:
            groups.append([red])
            size = by_red[red]
    if len(groups) == 1:
        return "Choose the dice to roll"
    for reds in groups:
        if counts[0] in reds:
            lo, hi = min(reds), max(reds)
            if hi == 0:
                return "Roll with no red"
            if lo == hi:
                return f"Roll with {lo} red"
            return f"Roll with up to {hi} red" if lo == 0 else f"Roll with {lo}-{hi} red"
    raise ValueError(counts)


def _load_fall(data: Mapping[str, Any]) -> Fall:
    fall = Fall(
        str(data["kind"]),
        int(data["tower"]),
        int(data["height"]),
        float(data["chance"]),
        tuple(_load_die(d) for d in data["dice"]),
    )
    if fall.kind not in ("topple", "knock", "drop") or not 0 <= fall.tower < TOWERS:
        raise InvalidState(f"Bad fall {dict(data)!r}.")
    if not 0 <= fall.chance <= 1 or not fall.dice:
        raise InvalidState(f"Bad fall {dict(data)!r}.")
    return fall


def _die(d: Die) -> dict[str, Any]:
    return {"colour": COLOURS[d.colour], "face": d.face}


def _colours(counts: Sequence[int]) -> dict[str, int]:
    return dict(zip(COLOURS, counts, strict=True))


def _load_die(data: Mapping[str, Any]) -> Die:
    colour = data["colour"]
    if colour not in COLOURS:
        raise InvalidState(f"Unknown colour {colour!r}.")
    return Die(COLOURS.index(colour), _face(data["face"]))


def _load_colours(data: Mapping[str, Any]) -> Counts:
    unknown = set(data) - set(COLOURS)
    if unknown:
        raise InvalidState(f"Unknown colours {sorted(unknown)}.")
    return tuple(_int(data.get(c, 0), c) for c in COLOURS)  # type: ignore[return-value]


def _face(value: Any) -> int:
    if isinstance(value, bool) or value not in range(1, 7):
        raise InvalidState(f"Bad die face {value!r}.")
    return int(value)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidState(f"Bad {what}: {value!r}.")
    return value


def _seat(value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InvalidState(f"Bad seat {value!r}.")
    return value
