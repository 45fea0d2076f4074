"""High Rollin' in words: the only place the game's data becomes text, in the active locale.

``events`` tells each event kind, ``refusals`` each error code, ``choices`` the action UI's
labels and notes (and the words a player may type), ``picture`` the board picture's texts,
``board`` the position for those who cannot see the picture (alt text and text board);
this module holds the narrator itself, the outcome and the game's title, summary and quick
start (marked for the catalogue, worded by ``NARRATOR.text``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Event, Narrator, Outcome, word_errors
from games.highrollin.talk import board, events
from games.highrollin.talk.choices import canonical, describe, status_line
from games.highrollin.talk.common import N_, _
from games.highrollin.talk.refusals import refusal

TITLE = N_("High Rollin'")
QUICK_START = N_(
    "`/highrollin new`, friends press **Join**, the host presses **Start** (2-4). Goal: "
    "first past 100 points. On your turn press the **suggested** roll (or another mix) to "
    "roll five dice from your pile, then stack them on the four towers: a die fits on the "
    "same number or a 1 (either way), never on its own colour. **Stack the dice as "
    "suggested** does it in one press (the arrows under the dice show where each goes), or "
    "stack one yourself. Stack all five to score the four tower tops; when nothing fits, "
    "roll the rest again or stop. A roll with no fit at all costs a penalty off the tallest"
    " tower. Empty your pile to go out. Tall towers wobble: fallen dice score for the "
    "others. A lone placement or a pile with one way to roll plays by itself. **R6** on a "
    "die = red 6."
)
SUMMARY = N_(
    "Stack dice on four shared towers. On your turn pick five dice from your pile (any "
    "colours; the suggested roll is the mix least likely to give a penalty) and roll "
    "them. A die may go on a tower whose top shows the same number, or if "
    "either is a 1, but never on a die of its own colour; you must stack while any die fits. "
    "Then roll the rest again or stop. Stack all five and score the four tower tops. Roll "
    "nothing that fits and you take dice off the tallest tower as a penalty. Empty your pile "
    "to go out and score a point per die the others still hold. Tall towers wobble: dice "
    "that fall give everyone else points. First past 100 wins."
)


class HighRollinNarrator(Narrator):
    domain = "highrollin"

    def tell(self, event: Event, names: Sequence[str]) -> str:
        return events.tell(event, names)

    def outcome(self, outcome: Outcome, names: Sequence[str]) -> str:
        if outcome.reason == "last_left":
            return _("the last player left")
        if outcome.reason == "match":
            return _("won the match (best of three games)")
        if outcome.reason == "score":
            return _("highest score once a score passed {past}").format(**outcome.data)
        return outcome.reason

    def describe(self, state: Any, names: Sequence[str]) -> str:
        return board.describe(state, names)

    def text_board(self, state: Any, names: Sequence[str], viewer: int | None) -> str:
        return board.text_board(state, names, viewer, _(TITLE))


NARRATOR = HighRollinNarrator()
word_errors("highrollin", refusal)

__all__ = [
    "NARRATOR",
    "QUICK_START",
    "SUMMARY",
    "TITLE",
    "HighRollinNarrator",
    "canonical",
    "describe",
    "status_line",
]
