"""Super Cowboy's narrator: the one voice of the game, in the active locale.

The words are split by what they tell: ``talk_names`` (directions, cards, places),
``talk_events`` and ``talk_cards`` (every event kind), ``talk_choices`` (buttons, menus,
prompts, the status line), ``talk_errors`` (every refusal), ``talk_picture`` (the texts of
the board's picture) and ``talk_board`` with ``talk_moves`` (the position for reading: the
picture's alt text and the text board).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Event, Narrator, Outcome
from games.cowboy import talk_board, talk_cards, talk_errors
from games.cowboy.talk_events import TELL
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

__all__ = ["CowboyNarrator", "talk_cards", "talk_errors"]


class CowboyNarrator(Narrator):
    domain = "cowboy"

    def tell(self, event: Event, names: Sequence[str]) -> str:
        told = TELL.get(event.kind)
        if told is None:
            raise KeyError(f"no words for event {event.kind!r}")
        return told(event.data, names)

    def outcome(self, outcome: Outcome, names: Sequence[str]) -> str:
        rounds = int(outcome.data.get("rounds", 0))
        if outcome.reason == "five":
            return _("five steers in their fields")
        if outcome.reason == "left":
            return _("the last player left")
        if outcome.reason == "prairie":
            return ngettext(
                "nobody has a steer after {n} round: the prairie wins",
                "nobody has a steer after {n} rounds: the prairie wins",
                rounds,
            ).format(n=rounds)
        if outcome.reason == "rounds":
            return ngettext(
                "most steers after {n} round", "most steers after {n} rounds", rounds
            ).format(n=rounds)
        return outcome.reason

    def describe(self, state: Any, names: Sequence[str]) -> str:
        return talk_board.describe(state, names)

    def text_board(self, state: Any, names: Sequence[str], viewer: int | None) -> str:
        return talk_board.text_board(state, names, viewer)


NARRATOR = CowboyNarrator()
