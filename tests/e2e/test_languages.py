"""Who reads which language, played through the emulator: a player's private answers in their
own Discord language, a match's public board and picture in the match's language, the
language a new match gets from its server, and the turn clock's DM in the player's language.

The pseudo-locale stands for a foreign language here: every text worded in it comes out
marked (``⟦...⟧``), so a text worded for the wrong reader shows at once. Probes make the
farm's narrator and its move labels word their texts through the catalogue, and record the
language each picture was drawn in, so these tests see which language was active where.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import games
import render
import words
from bot.clock import hours_text
from fakediscord import FakeDiscord
from games.base import Narrator
from tests.conftest import World
from tests.e2e.harness import (
    BotRunner,
    ManualClock,
    board,
    boards,
    expect_board,
    open_match,
    running,
    until,
)

MARK = "⟦"
FARM = games.get("farm")


def worded(text: str) -> str:
    """A text through the catalogue, in the active language."""
    return words.domain("bot").gettext(text) if text else text


class WordedNarrator(Narrator):
    """The farm's narrator, each of its texts passed through the catalogue."""

    def __init__(self, inner: Narrator) -> None:
        self.inner = inner
        self.domain = inner.domain

    def event(self, event: Any, names: Any) -> str:
        return worded(self.inner.event(event, names))

    def outcome(self, outcome: Any, names: Any) -> str:
        return worded(self.inner.outcome(outcome, names))


@dataclasses.dataclass
class Probes:
    #: (locale, events) of every picture drawn
    pictures: list[tuple[str, tuple[Any, ...]]]


@pytest.fixture
def probes(monkeypatch: pytest.MonkeyPatch) -> Iterator[Probes]:
    rules_type = type(FARM)
    monkeypatch.setattr(rules_type, "narrator", WordedNarrator(FARM.narrator))
    describe = rules_type.describe_action

    def described(self: Any, state: Any, seat: int, action: Any) -> Any:
        label = describe(self, state, seat, action)
        return dataclasses.replace(label, label=worded(label.label))

    monkeypatch.setattr(rules_type, "describe_action", described)
    seen = Probes([])
    draw = render.draw

    def drawing(key: str, state: Any, **how: Any) -> bytes:
        seen.pictures.append((how.get("locale", "en"), tuple(how.get("events", ()))))
        return draw(key, state, **how)

    monkeypatch.setattr(render, "draw", drawing)
    yield seen


def private_text(rec: Any) -> str:
    replies = ([rec.response] if rec.ephemeral and rec.response else []) + [
        m for m in rec.followups if m.ephemeral
    ]
    return "\n".join(m.content for m in replies)


async def test_a_foreign_player_in_an_english_match_reads_their_private_answers_in_their_language(
    fake: FakeDiscord, world: World, database: Path, probes: Probes
) -> None:
    fake.set_user_locale(world.bob, "qps")
    async with running(fake, database) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        assert MARK not in first.content, "the English match's board is English"
        # bob clicks out of turn: refused privately, in his language
        rec = await fake.click(world.bob, first, label="Roll the dice")
        assert rec.ephemeral and MARK in private_text(rec), private_text(rec)
        # and typed, through the command's error path
        rec = await fake.slash(world.bob, world.channel, "farm move", action="roll")
        assert MARK in private_text(rec), private_text(rec)
        # alice (English) is answered in English, by the same code
        rec = await fake.slash(world.alice, world.channel, "farm move", action="nonsense")
        assert private_text(rec) and MARK not in private_text(rec)
        # the move suggestions are worded for whoever types
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
        )
        match = await runner.match_in(world.channel.id)
        acting = match.seats[match.to_act()[0]]
        typist = world.bob if acting.user_id == world.bob.id else world.alice
        choices = await fake.autocomplete(typist, world.channel, "farm move", focused="action")
        names = " ".join(c["name"] for c in choices)
        assert choices and (MARK in names) == (typist == world.bob), names
        # every public board of the match stays English, whoever moved
        for message in boards(fake, world.channel):
            assert MARK not in message.content, message.content
        assert probes.pictures and {loc for loc, _ in probes.pictures} == {"en"}
        assert any(events for _, events in probes.pictures), "a move's picture gets its events"
        await runner.bot.readers.settled()
        assert await runner.bot.store.user_locale(world.bob.id) == words.PSEUDO


async def test_a_match_in_another_language_is_public_in_it_while_private_answers_follow_the_reader(
    fake: FakeDiscord, world: World, database: Path, probes: Probes
) -> None:
    runner = BotRunner(fake, database, options={"pseudo_locale": True})
    await runner.start()
    try:
        rec = await fake.slash(world.alice, world.channel, "farm new", language=words.PSEUDO)
        assert rec.response is not None and not rec.ephemeral
        match = await runner.match_in(world.channel.id)
        assert match.language == words.PSEUDO
        await fake.click(world.bob, rec.response, custom_id=f"rh:l:{match.id}:join")
        lobby = fake.messages(world.channel)[-1]
        start = fake.click(world.alice, lobby, custom_id=f"rh:l:{match.id}:start")
        await expect_board(fake, world.channel, start)
        first = board(fake, world.channel)
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, custom_id=_roll(first))
        )
        newest = board(fake, world.channel)
        assert MARK in newest.content, "the move is told in the match's language"
        assert {loc for loc, _ in probes.pictures} == {words.PSEUDO}, "and drawn in it"
        # an English player clicking out of turn is answered in English
        match = await runner.match_in(world.channel.id)
        idle = world.bob if match.seats[match.to_act()[0]].user_id != world.bob.id else world.alice
        rec = await fake.click(idle, newest, custom_id=_roll(newest))
        assert rec.ephemeral and private_text(rec) and MARK not in private_text(rec)
    finally:
        await runner.stop()


def _roll(message: Any) -> str:
    """The custom id of a board's first move button."""
    return next(b.custom_id for b in message.buttons() if b.custom_id.startswith("rh:a:"))


async def test_a_new_match_takes_the_servers_language_unless_one_is_chosen(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    fake.set_guild_locale(world.guild, "pl")
    async with running(fake, database) as runner:
        await fake.slash(world.alice, world.channel, "farm new")
        assert (await runner.match_in(world.channel.id)).language == "pl"
        question = await fake.slash(world.alice, world.channel, "farm abandon")
        await fake.click(world.alice, question.response, label="Confirm: end it")
        await fake.slash(world.alice, world.channel, "farm new", language="en")
        assert (await runner.match_in(world.channel.id)).language == "en"
    fake.set_guild_locale(world.guild, "de")  # not shipped: English
    async with running(fake, database) as runner:
        await fake.slash(world.alice, world.other_channel, "farm new")
        assert (await runner.match_in(world.other_channel.id)).language == "en"


async def test_commands_are_described_in_polish_for_polish_clients(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database):
        (farm,) = [c for c in fake.commands() if c["name"] == "farm"]
        new = next(o for o in farm["options"] if o["name"] == "new")
        assert new["description"] == "Open a Super Farmer lobby in this channel."
        assert "Otwórz" in new["description_localizations"]["pl"]
        language = next(o for o in new["options"] if o["name"] == "language")
        assert [(c["name"], c["value"]) for c in language["choices"]] == [
            ("English", "en"),
            ("Polski", "pl"),
        ]
        assert all("name_localizations" not in c for c in language["choices"])
        deadline = next(o for o in new["options"] if o["name"] == "on_deadline")
        assert deadline["choices"][0]["name_localizations"]["pl"].startswith("pomiń")
        assert all(o["name"].isascii() for o in new["options"]), "option names stay English"
        assert "name_localizations" not in farm or not farm["name_localizations"]


async def test_the_turn_clocks_dm_is_in_the_players_language_and_the_channel_reminder_in_the_matchs(
    fake: FakeDiscord, world: World, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.turns

    monkeypatch.setattr(bot.turns, "hours_text", lambda s: worded(hours_text(s)))
    fake.set_user_locale(world.alice, "qps")
    clock = ManualClock()
    async with running(fake, database, clock=clock) as runner:
        await fake.slash(world.alice, world.channel, "game notify", dm=True)
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        waiting = match.seats[match.to_act()[0]]
        assert waiting.user_id == world.alice.id, "alice opens the game"
        clock.advance(25)
        await runner.tick()
        reminder = fake.messages(world.channel)[-1]
        assert f"<@{world.alice.id}>" in reminder.content and MARK not in reminder.content
        await until(lambda: bool(fake.messages(fake.dm_channel(world.alice))), what="a DM")
        dm = fake.messages(fake.dm_channel(world.alice))[-1]
        assert MARK in dm.content, dm.content
