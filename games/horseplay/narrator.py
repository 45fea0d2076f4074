"""Horseplay Rustling's narrator: the one object the bot asks for the game's words (events,
outcomes, the position in a sentence or two, the text board). The words themselves are in the
talk modules: ``talk`` (events, outcomes, refusals, the move menu) and ``talk_board`` (the
position for those who do not see the picture)."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Event, Narrator, Outcome
from games.horseplay import talk_board
from games.horseplay.state import HorseplayState
from games.horseplay.talk import TELLERS, outcome_words


class HorseplayNarrator(Narrator):
    domain = "horseplay"

    def tell(self, event: Event, names: Sequence[str]) -> str:
        teller = TELLERS.get(event.kind)
        if teller is None:
            raise KeyError(f"no words for event {event.kind!r}")
        return teller(event, names)

    def outcome(self, outcome: Outcome, names: Sequence[str]) -> str:
        return outcome_words(outcome)

    def describe(self, state: HorseplayState, names: Sequence[str]) -> str:
        return talk_board.describe(state, names)

    def text_board(self, state: HorseplayState, names: Sequence[str], viewer: int | None) -> str:
        return talk_board.text_board(state, names, viewer)


NARRATOR = HorseplayNarrator()
