"""Last Straw, a toy game defined outside ``games/``: a pile of straws, each player in turn
takes one or two, and whoever takes the last one wins. One module holds all of it (the rules,
their narrator, the picture and the computer players), so that its registry entry (``ENTRY``)
is the only thing that tells the bot about it."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from games.base import (
    Event,
    GameError,
    IllegalAction,
    InvalidAction,
    InvalidState,
    Narrator,
    Options,
    Outcome,
    Ruleset,
    Step,
    option,
    word_errors,
)
from games.policies.base import Policy
from games.registry import Entry
from games.rng import Rng

KEY = "straws"
#: the refusal of a move that is not "take 1" or "take 2" within the pile
TAKE = "straws.take"


@dataclass(frozen=True)
class StrawOptions(Options):
    straws: int = option(7, "straws in the pile at the start", min=3, max=15)


@dataclass(frozen=True)
class StrawState:
    names: tuple[str, ...]
    pile: int
    turn: int = 0
    winner: int | None = None


class StrawNarrator(Narrator):
    def tell(self, event: Event, names: Sequence[str]) -> str:
        count = event.data["count"]
        took = "1 straw" if count == 1 else f"{count} straws"
        return f"{names[event.data['seat']]} took {took}; {event.data['left']} left."

    def outcome(self, outcome: Outcome, names: Sequence[str]) -> str:
        return f"{names[outcome.winners[0]]} took the last straw"

    def describe(self, state: Any, names: Sequence[str]) -> str:
        if state.winner is not None:
            return f"No straws left; {names[state.winner]} took the last one."
        return f"{state.pile} straws left; {names[state.turn]} takes one or two."


def refusal(error: GameError) -> str:
    """The game's refusals in words (as every game's narrator module gives them)."""
    if error.code == TAKE:
        return "Take 1 or 2 straws, no more than are left."
    return error.code


word_errors(KEY, refusal)


class StrawRules(Ruleset[StrawState, int]):
    key = KEY
    title = "Last Straw"
    min_players = 2
    max_players = 2
    options_type = StrawOptions
    summary = "Take one or two straws in turn; whoever takes the last one wins."
    notation = ("take 1", "take 2")
    narrator = StrawNarrator()

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Rng
    ) -> StrawState:
        chosen = StrawOptions.parse(options)
        assert isinstance(chosen, StrawOptions)
        return StrawState(names=tuple(players), pile=chosen.straws)

    def to_act(self, state: StrawState) -> tuple[int, ...]:
        return () if state.winner is not None else (state.turn,)

    def legal_actions(self, state: StrawState, seat: int) -> list[int]:
        if seat not in self.to_act(state):
            return []
        return [n for n in (1, 2) if n <= state.pile]

    def apply(self, state: StrawState, seat: int, action: int, *, rng: Rng) -> Step[StrawState]:
        self.check_turn(state, seat)
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(TAKE)
        left = state.pile - action
        after = dataclasses.replace(
            state,
            pile=left,
            turn=1 - seat,
            winner=seat if left == 0 else None,
        )
        return Step(after, (Event("took", {"seat": seat, "count": action, "left": left}),))

    def parse_action(self, state: StrawState, seat: int, text: str) -> int:
        words = text.split()
        if len(words) != 2 or words[0] != "take" or words[1] not in ("1", "2"):
            raise InvalidAction(TAKE)
        action = int(words[1])
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(TAKE)
        return action

    def format_action(self, state: StrawState, action: int) -> str:
        return f"take {action}"

    def outcome(self, state: StrawState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(winners=(state.winner,), reason="last straw")

    def dump(self, state: StrawState) -> dict[str, Any]:
        return dataclasses.asdict(state) | {"names": list(state.names)}

    def load(self, data: Mapping[str, Any]) -> StrawState:
        try:
            return StrawState(
                names=tuple(data["names"]),
                pile=int(data["pile"]),
                turn=int(data["turn"]),
                winner=data["winner"],
            )
        except (KeyError, TypeError, ValueError) as err:
            raise InvalidState("straws.bad_state", problem=str(err)) from None

    def players(self, state: StrawState) -> tuple[str, ...]:
        return state.names

    def options(self, state: StrawState) -> Options:
        return StrawOptions()


RULES = StrawRules()


def draw(
    state: StrawState,
    *,
    seat: int | None = None,
    last: Any = None,
    previous: Any = None,
    events: Sequence[Event] = (),
) -> bytes:
    """The pile: one upright line per straw left."""
    picture = Image.new("RGB", (20 + 12 * 15, 60), (240, 220, 160))
    pen = ImageDraw.Draw(picture)
    for n in range(state.pile):
        pen.line((16 + 12 * n, 10, 16 + 12 * n, 50), fill=(150, 110, 30), width=4)
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


class Easy(Policy):
    """Takes one straw."""

    key = KEY
    level = "easy"

    def pick(self, state: StrawState, seat: int, actions: Sequence[int], rng: Rng) -> int:
        return 0


class Strong(Policy):
    """Leaves the other player a multiple of three when it can."""

    key = KEY
    level = "strong"

    def pick(self, state: StrawState, seat: int, actions: Sequence[int], rng: Rng) -> int:
        wanted = state.pile % 3
        return actions.index(wanted) if wanted in actions else 0


ENTRY = Entry(
    rules=RULES,
    renderer=__name__,
    policies=__name__,
    tagline="Last Straw: take one or two, leave the last for nobody",
)
