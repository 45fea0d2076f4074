"""A posted board is recognised by marks no wording changes, so rewording a board (or posting
it in another language) never makes crash recovery post it twice."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import words
from bot.marks import picture_name, shown_ply
from bot.texts import board_embed
from tests.bot.test_texts import farm_match


def posted(match, *, picture: bool) -> SimpleNamespace:
    """A board message as Discord gives it back: its embed, its picture attached."""
    name = picture_name(match.game, match.id, match.ply)
    embed = board_embed(match, filename=name if picture else None)
    files = [SimpleNamespace(filename=name)] if picture else []
    # a board without a picture still carries its buttons, whose custom ids name the ply
    button = SimpleNamespace(custom_id=f"rh:a:{match.id}:{match.ply}:0:0", children=[])
    return SimpleNamespace(embeds=[embed], attachments=files, components=[button])


@pytest.mark.parametrize("locale", [words.ENGLISH, "pl", words.PSEUDO])
@pytest.mark.parametrize("picture", [True, False])
def test_a_board_is_recognised_in_any_wording(locale: str, picture: bool) -> None:
    match = farm_match("active")
    with words.use(locale):
        message = posted(match, picture=picture)
    assert shown_ply(message, match.id) == match.ply
    assert shown_ply(message, match.id + 1) is None, "another match's board"


def test_a_message_that_is_no_board_is_not_taken_for_one() -> None:
    match = farm_match("active")
    assert shown_ply(SimpleNamespace(embeds=[], attachments=[], components=[]), match.id) is None


def test_a_long_label_is_cut_at_a_word_end() -> None:
    from bot.ui.layout import cut

    assert cut("Twój ruch: Super Cowboy Rope Steer Adventure", 45) == (
        "Twój ruch: Super Cowboy Rope Steer Adventure"
    )
    assert cut("Twój ruch: Wielka przygoda kowboja na prerii", 30) == "Twój ruch: Wielka przygoda…"
    assert cut("Ochrzczony" * 10, 20) == "Ochrzczony" * 1 + "Ochrzczon…"
