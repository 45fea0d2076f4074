"""A game defined outside ``games/`` (``tests.toy.straws``), registered through its one registry
entry, is played end to end through the real bot on the emulator: ``/straws new``, Join and
Start, moves by button and by ``/straws move``, the pile's picture on every board, the
result, and a computer seat; nothing in ``bot/`` or ``cogs/`` names it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

import games
import render
from fakediscord import FakeDiscord
from games import policies, registry
from games.base import Narrator
from games.policies.base import UnknownPolicy
from ranchtest.harness import FINAL_BUTTONS, board, expect_board, open_match, running
from tests.conftest import World
from tests.toy.straws import ENTRY, KEY


@pytest.fixture
def straws() -> Iterator[registry.Entry]:
    with registry.registered(ENTRY) as entry:
        yield entry
    # taken away again: other tests never meet it
    assert KEY not in games.RULESETS
    with pytest.raises(UnknownPolicy):
        policies.get(KEY)
    with pytest.raises(KeyError):
        render.renderer(KEY)


async def test_a_registered_toy_game_is_played_by_buttons_and_typing(
    fake: FakeDiscord, world: World, database: Path, straws: registry.Entry
) -> None:
    alice, bob = world.alice, world.bob
    async with running(fake, database) as runner:
        first = await open_match(fake, KEY, world.channel, alice, bob, straws=5)
        assert first.attachments[0].content_type == "image/png"
        assert first.content.rstrip().endswith(f"{alice.mention}, your move.")
        labels = [b.label for b in first.buttons()]
        assert "take 1" in labels and "take 2" in labels
        # alice takes one by button
        await expect_board(fake, world.channel, fake.click(alice, first, label="take 1"))
        shown = board(fake, world.channel)
        assert "alice took 1 straw; 4 left." in shown.content
        assert shown.content.rstrip().endswith(f"{bob.mention}, your move.")
        # it is not alice's turn now: her click is refused privately, the pile is as it was
        refused = await fake.click(alice, shown, label="take 1")
        assert refused.ephemeral
        assert (await runner.match_in(world.channel.id)).state.pile == 4
        # bob types his move
        typed = fake.slash(bob, world.channel, f"{KEY} move", action="take 2")
        await expect_board(fake, world.channel, typed)
        assert "bob took 2 straws; 2 left." in board(fake, world.channel).content
        # a move the rules refuse is answered in the game's words and changes nothing
        wrong = await fake.slash(alice, world.channel, f"{KEY} move", action="take 3")
        assert wrong.ephemeral and wrong.response is not None
        assert "Take 1 or 2 straws" in wrong.response.content
        await expect_board(
            fake, world.channel, fake.click(alice, board(fake, world.channel), label="take 1")
        )
        await expect_board(
            fake, world.channel, fake.click(bob, board(fake, world.channel), label="take 1")
        )
        final = board(fake, world.channel)
        assert "bob took 1 straw; 0 left." in final.content
        assert f"**Game over.** {bob.mention} wins!" in final.content
        assert [b.label for b in final.buttons()] == FINAL_BUTTONS
        match = await runner.match_in(world.channel.id)
        assert match.status == "finished" and match.outcome() is not None
        assert match.outcome().winners == (1,)  # type: ignore[union-attr]


async def test_a_toy_game_seats_its_own_computer_player(
    fake: FakeDiscord, world: World, database: Path, straws: registry.Entry
) -> None:
    """``computers=1 level:strong`` seats the entry's strong player, which moves by itself and
    leaves a multiple of three."""
    async with running(fake, database) as runner:
        opened = await fake.slash(
            world.alice, world.channel, f"{KEY} new", straws=6, computers=1, level="strong"
        )
        assert opened.response is not None and "Last Straw" in opened.response.content
        lobby = opened.response
        await expect_board(fake, world.channel, fake.click(world.alice, lobby, label="Start"))
        match = await runner.match_in(world.channel.id)
        if match.to_act() != (0,):
            raise AssertionError(f"the human sits first: {match.to_act()}")
        await expect_board(
            fake, world.channel, fake.click(world.alice, board(fake, world.channel), label="take 1")
        )
        match = await runner.match_in(world.channel.id)
        # alice left 5; the strong computer took 2, leaving her 3
        assert match.state.pile == 3 and match.to_act() == (0,)
        assert "took 2 straws; 3 left." in board(fake, world.channel).content


def test_a_game_is_registered_once_and_only_with_a_catalogue_for_its_words() -> None:
    with pytest.raises(ValueError, match="duplicate game key farm"):
        registry.register(dataclasses.replace(ENTRY, rules=games.get("farm")))

    class Unworded(Narrator):
        domain = "nowhere"

    class Rules(type(ENTRY.rules)):  # type: ignore[misc]
        narrator = Unworded()

    with pytest.raises(ValueError, match=r"not in words\.DOMAINS"):
        registry.register(dataclasses.replace(ENTRY, rules=Rules()))
    assert KEY not in games.RULESETS and list(games.RULESETS) == list(games.BUILTIN)
