"""Who reads which language, played through the emulator: a player's private answers in their
own Discord language, a match's public board and picture in the match's language, the
language a new match gets from its server, and the turn clock's DM in the player's language.

Each text is checked against the real words of the catalogue (``words.use("pl")``): a Polish
player in an English match reads Polish where the answer is theirs alone, and everyone reads
the board, the lobby and the picture in the match's language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import games
import render
import words
from cogs.base import rules_embed
from fakediscord import FakeDiscord
from games.base import GameError
from ranchtest.harness import (
    ManualClock,
    board,
    expect_board,
    open_match,
    running,
    until,
)
from tests.conftest import World
from tests.e2e.test_computers import herd

FARM = games.get("farm")
BOT = words.domain("bot")


def polish(text: str, domain: str = "bot") -> str:
    """A text of the catalogue as Polish reads it."""
    with words.use("pl"):
        return words.domain(domain).gettext(text)


def private_text(rec: Any) -> str:
    replies = ([rec.response] if rec.ephemeral and rec.response else []) + [
        m for m in rec.followups if m.ephemeral
    ]
    return "\n".join(m.content for m in replies)


def first_picture(state: Any, locale: str) -> bytes:
    """The picture of a match's first board, drawn in ``locale``."""
    return render.draw(FARM.key, state, locale=locale)


def refusal(state: Any, seat: int, typed: str, locale: str) -> str:
    """What the rules say of a typed move that is no move, in ``locale``."""
    try:
        FARM.parse_action(state, seat, typed)
    except GameError as err:
        with words.use(locale):
            return FARM.narrator.refusal(err)
    raise AssertionError(f"{typed!r} is a move")


async def test_a_polish_player_in_an_english_match_reads_their_private_answers_in_polish(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    fake.set_user_locale(world.bob, "pl")
    players = (world.alice, world.bob, world.carol, world.mod)
    async with running(fake, database) as runner:
        first = await open_match(fake, "farm", world.channel, *players)
        match = await runner.match_in(world.channel.id)
        assert match.language == "en", "the server's locale is en-US"
        # the lobby, the first board and its picture are English, whoever reads them
        lobby = fake.messages(world.channel)[0]
        assert "**Super Farmer**" in lobby.content and "(host)" in lobby.content
        assert "**Super Farmer** begins" in first.content
        assert [b.label for b in first.buttons()] == [
            "Roll the dice",
            "Type a move",
            "Text board",
            "Moves",
            "Roll for me when I can't trade",
        ]
        picture = first.attachments[0].data
        assert picture == first_picture(match.state, "en") != first_picture(match.state, "pl")
        # bob clicks out of turn: refused privately, in Polish
        rec = await fake.click(world.bob, first, label="Roll the dice")
        waiting = BOT.gettext("It is not your turn; waiting on {players}.")
        with words.use("pl"):
            waiting_pl = BOT.gettext("It is not your turn; waiting on {players}.")
        assert rec.ephemeral and private_text(rec) == waiting_pl.format(players="alice")
        # alice (English) is answered in English by the same code
        rec = await fake.click(world.carol, first, label="Roll the dice")
        assert private_text(rec) == waiting.format(players="alice")
        # /rules: the quick start, the options and the notation, in Polish
        rec = await fake.slash(world.bob, world.channel, "farm rules")
        with words.use("pl"):
            expected = rules_embed(FARM, match)
        shown = rec.response.embeds[0]
        assert rec.ephemeral and shown["title"] == expected.title == "Superfarmer: zasady"
        assert shown["description"] == expected.description
        assert [f["name"] for f in shown["fields"]] == [f.name for f in expected.fields]
        # a Polish player on turn: a typed move that is no move is refused in Polish
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
        )
        match = await runner.match_in(world.channel.id)
        assert match.to_act() == (1,), "bob's turn"
        rec = await fake.slash(world.bob, world.channel, "farm move", action="nonsense")
        assert private_text(rec) == refusal(match.state, 1, "nonsense", "pl")
        assert private_text(rec) != refusal(match.state, 1, "nonsense", "en")
        # the private move menu: a big herd's trades open from "More moves…" in Polish
        dump = FARM.dump(match.state)
        for player in dump["players"]:
            player["herd"] = herd(rabbit=10, sheep=5, pig=4, cow=2)
        dump["players"][1]["herd"] = herd(
            rabbit=20, sheep=8, pig=6, cow=3, horse=1, small_dog=1, big_dog=1
        )
        await runner.set_state(match.id, dump)
        await expect_board(
            fake, world.channel, fake.slash(world.alice, world.channel, "farm board")
        )
        shown_board = board(fake, world.channel)
        (more,) = shown_board.selects()
        assert more.placeholder == "More moves…", "the board is English"
        assert more.options[0].label == "Trade with the stock"
        rec = await fake.select(
            world.bob, shown_board, [more.options[0].value], custom_id=more.custom_id
        )
        menu = rec.response
        group = polish("Trade with the stock", "farm")
        assert rec.ephemeral and group == "Wymień ze stadem głównym"
        with words.use("pl"):
            pick = BOT.gettext("**{group}**: pick one.").format(group=group)
        assert menu.content == pick
        labels = [o.label for s in menu.selects() for o in s.options]
        assert "6 królików → 1 owca" in labels and "6 rabbits → 1 sheep" not in labels
        await runner.bot.readers.settled()
        assert await runner.bot.store.settings.user_locale(world.bob.id) == "pl"


async def test_a_match_opened_in_polish_has_a_polish_board_and_picture(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new", language="pl")
        assert rec.response is not None and not rec.ephemeral
        match = await runner.match_in(world.channel.id)
        assert match.language == "pl"
        title = polish("Super Farmer", "farm")
        assert title == "Superfarmer" and f"**{title}**" in rec.response.content
        join = polish("Join")
        assert join in [b.label for b in rec.response.buttons()], "the lobby is Polish"
        await fake.click(world.bob, rec.response, custom_id=f"rh:l:{match.id}:join")
        lobby = fake.messages(world.channel)[-1]
        start = fake.click(world.alice, lobby, custom_id=f"rh:l:{match.id}:start")
        await until_board(fake, world, start)
        first = board(fake, world.channel)
        match = await runner.match_in(world.channel.id)
        assert f"**{title}**" in first.content and "begins" not in first.content
        roll = polish("Roll the dice", "farm")
        assert roll in [b.label for b in first.buttons()]
        assert first.attachments[0].data == first_picture(match.state, "pl")
        # an English player clicking out of turn is answered in English
        idle = world.bob if match.seats[match.to_act()[0]].user_id != world.bob.id else world.alice
        rec = await fake.click(idle, first, label=roll)
        assert private_text(rec).startswith("It is not your turn")


async def until_board(fake: FakeDiscord, world: World, action: Any) -> None:
    """Start a match whose acknowledgements are not English."""
    await action
    await until(lambda: bool(fake.messages(world.channel)[-1].attachments), what="a board")
    await fake.settle()


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
    fake: FakeDiscord, world: World, database: Path
) -> None:
    fake.set_user_locale(world.alice, "pl")
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
        assert f"<@{world.alice.id}>" in reminder.content
        assert "**Super Farmer**" in reminder.content, "the English match's reminder"
        await until(lambda: bool(fake.messages(fake.dm_channel(world.alice))), what="a DM")
        dm = fake.messages(fake.dm_channel(world.alice))[-1]
        assert f"**{polish('Super Farmer', 'farm')}**" in dm.content, dm.content
        assert "Super Farmer" not in dm.content and "Your move" not in dm.content
