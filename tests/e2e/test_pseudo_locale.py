"""Every game played whole in the pseudo-locale, through the emulator: no English escapes.

A match opened with ``language: qps`` (the bot offers it with the ``PSEUDO_LOCALE`` setting) by
a player whose Discord speaks ``qps`` is played from the lobby to the final board, with a
reminder, a deadline, a rematch, ``/rules`` and ``/game`` ``status``, ``history`` and
``profile``. Every text the bot showed (messages, embeds, buttons, select menus, modals, the
pictures' captions, the DMs) is read:
in the pseudo-locale a worded text comes out marked (``⟦...⟧``), so any English word left
outside the marks escaped the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import games
import words
from fakediscord import FakeDiscord
from fakediscord.models import walk_components
from games import policies
from games.rng import SeededRng
from ranchtest.harness import BotRunner, ManualClock, boards, until
from tests.conftest import World
from tests.words_pseudo import unmarked_english

GAMES = ["farm", "cattle", "horseplay", "highrollin", "cowboy"]
#: the person's moves before the game is left to the computers' policy on their seat too
MOST_MOVES = 400


def component_texts(components: list[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    """(what, text) of every component a reader sees."""
    for comp in walk_components(components):
        for key in ("label", "placeholder", "content", "title"):
            if comp.get(key):
                yield key, comp[key]
        for option in comp.get("options") or []:
            yield "option", option.get("label", "")
            if option.get("description"):
                yield "option description", option["description"]


def message_texts(message: Any) -> Iterator[tuple[str, str]]:
    if message.content:
        yield "content", message.content
    for embed in message.embeds:
        for key in ("title", "description"):
            if embed.get(key):
                yield f"embed {key}", embed[key]
        if (embed.get("footer") or {}).get("text"):
            yield "embed footer", embed["footer"]["text"]
        if (embed.get("author") or {}).get("name"):
            yield "embed author", embed["author"]["name"]
        for f in embed.get("fields") or []:
            yield "embed field", f.get("name", "")
            yield "embed field", f.get("value", "")
    yield from component_texts(message.components)
    for attachment in message.attachments:
        if attachment.description:
            yield "caption", attachment.description


@dataclass
class Seen:
    """Every text the bot showed, as it was shown (edits included), by kind."""

    texts: list[tuple[str, str]] = field(default_factory=list)

    def message(self, message: Any) -> None:
        self.texts.extend(message_texts(message))

    def record(self, rec: Any) -> None:
        if rec.modal:
            self.texts.append(("modal title", rec.modal.get("title", "")))
            self.texts.extend(
                ("modal " + k, t) for k, t in component_texts(rec.modal["components"])
            )
        for choice in rec.choices or []:
            self.texts.append(("suggestion", choice["name"]))

    def english(self, names: list[str], notation: set[str]) -> list[str]:
        """The texts with English left outside the marks (``notation``: texts in the move
        notation, which reads the same in every language)."""
        return [
            f"{what}: {text!r} -> {left}"
            for what, text in self.texts
            if text not in notation and (left := unmarked_english(text, names))
        ]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for what, _ in self.texts:
            kind = what.split()[0]
            out[kind] = out.get(kind, 0) + 1
        return out


class Table:
    """One person (``alice``) and a computer at a match in ``language`` (qps unless told)."""

    def __init__(
        self,
        fake: FakeDiscord,
        world: World,
        runner: BotRunner,
        key: str,
        language: str = words.PSEUDO,
    ) -> None:
        self.fake, self.world, self.runner, self.key = fake, world, runner, key
        self.language = language
        self.rules = games.get(key)
        self.seen = Seen()
        self.moves = 0

    async def act(self, call: Any) -> Any:
        rec = await call
        await self.fake.settle()
        self.seen.record(rec)
        return rec

    async def slash(self, command: str, **options: Any) -> Any:
        return await self.act(
            self.fake.slash(self.world.alice, self.world.channel, command, **options)
        )

    async def click(self, message: Any, custom_id: str) -> Any:
        return await self.act(self.fake.click(self.world.alice, message, custom_id=custom_id))

    async def match(self) -> Any:
        return await self.runner.match_in(self.world.channel.id)

    async def open(self) -> Any:
        rec = await self.slash(f"{self.key} new", language=self.language, computers=1)
        lobby = rec.response
        assert lobby is not None and not rec.ephemeral, rec
        match = await self.match()
        assert match.language == self.language
        await self.click(lobby, f"rh:l:{match.id}:start")
        await until(lambda: bool(boards(self.fake, self.world.channel)), what="the first board")
        return match

    async def play_one(self) -> None:
        """The person's move, typed in the notation, as the easy computer would choose it."""
        match = await self.match()
        seat = next(s for s in match.to_act() if not match.seats[s].computer)
        easy = policies.get(self.key, "easy")
        action = easy.choose(match.state, seat, rng=SeededRng(self.moves, 0))
        notation = self.rules.format_action(match.state, action)
        await self.slash(f"{self.key} move", action=notation)
        after = await self.match()
        assert after.ply > match.ply, f"{notation!r} was not played"
        self.moves += 1

    async def try_privately(self) -> None:
        """The move box (a modal) with a move that is no move, and the private move menu."""
        newest = boards(self.fake, self.world.channel)[-1]
        ids = [c.get("custom_id") or "" for c in walk_components(newest.components)]
        box = await self.click(newest, next(i for i in ids if i.startswith("rh:t:")))
        assert box.modal, "the move box opens"
        (field_id,) = [
            c["custom_id"] for c in walk_components(box.modal["components"]) if c["type"] == 4
        ]
        await self.act(self.fake.submit_modal(self.world.alice, box, {field_id: "nonsense"}))
        await self.slash(f"{self.key} move", action="nonsense")
        groups = [s for s in newest.selects() if s.custom_id.startswith("rh:g:")]
        if groups:
            menu = groups[0]
            await self.act(
                self.fake.select(
                    self.world.alice, newest, [menu.options[0].value], custom_id=menu.custom_id
                )
            )

    async def play_out(self) -> Any:
        while (match := await self.match()).status == "active":
            assert self.moves < MOST_MOVES, "the game should have ended"
            await self.play_one()
        return match


@pytest.mark.parametrize("key", GAMES)
async def test_a_whole_match_in_the_pseudo_locale_shows_no_english(
    fake: FakeDiscord, world: World, database: Path, key: str
) -> None:
    fake.set_user_locale(world.alice, words.PSEUDO)
    clock = ManualClock()
    runner = BotRunner(fake, database, seed=7, clock=clock, options={"pseudo_locale": True})
    await runner.start()
    table = Table(fake, world, runner, key)
    undo = fake.observe(lambda kind, m: table.seen.message(m) if kind == "message" else None)
    try:
        await table.slash("game notify", dm=True)
        match = await table.open()
        # a reminder, the last reminder and the deadline: the bot plays the person's turn
        for _ in range(3):
            clock.advance(24)
            await runner.tick()
        assert (await table.match()).ply > match.ply or (await table.match()).status != "active"
        assert fake.messages(fake.dm_channel(world.alice)), "the reminder's DM"
        await table.try_privately()
        await table.play_out()
        final = boards(fake, world.channel)[-1]
        await table.slash(f"{key} rules")
        await table.slash("game status")
        # the final board's buttons: the Text board (read like any other text), Rematch
        (text,) = [b for b in final.buttons() if b.custom_id.startswith("rh:v:")]
        await table.click(final, text.custom_id)
        # the match viewer: its picture's texts are the match's, its own words the reader's
        (moves,) = [b for b in final.buttons() if b.custom_id.startswith("rh:o:")]
        await table.click(final, moves.custom_id)
        (rematch,) = [b for b in final.buttons() if b.custom_id.startswith("rh:p:")]
        await table.click(final, rematch.custom_id)
        # against a computer, the rematch starts at once: its first board follows
        assert (await table.match()).status == "active", "the rematch started"
        await until(lambda: boards(fake, world.channel)[-1].id != final.id, what="its board")
        await table.slash("game status")
        await table.slash("game history")
        await table.slash("game profile")
    finally:
        undo()
        await runner.stop()
    # the move box's examples are moves in the notation
    left = table.seen.english(["alice"], {" · ".join(table.rules.notation[:3])})
    counts = table.seen.counts()
    print(f"{key}: {sum(counts.values())} texts checked {counts}")
    assert not left, "\n".join(left[:40])
