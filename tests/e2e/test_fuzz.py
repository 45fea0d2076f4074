"""Fuzzing every way a player can reach the bot: each interaction is answered, privately, in
time, changes nothing and pings nobody.

Thousands of seeded cases, sent many at a time: forged and garbage custom ids, templates with
numbers no board carries (huge, negative, other scripts' digits, 100 characters), the real
buttons of one channel's match clicked in another channel, out-of-date plies, spectators and
players out of turn on the real buttons, typed moves (unicode, control characters, 5,000
characters, markdown, mentions) through ``/farm move`` and the move box, and slash options
outside their declared ranges and choices, or a ``user`` option that names no user (as a
tampered client could send them; Discord's own client cannot). After every batch both matches
stand exactly as they were; at the end the bot still answers ``/game ping``, nothing was left
unanswered and nothing was logged as an error.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import string
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from fakediscord import FakeDiscord
from fakediscord.records import APPLICATION_COMMAND
from ranchtest.harness import BotRunner, board, open_match, running
from tests.conftest import World

SEED = 20261124
CASES = 3000
BATCH = 60
DEADLINE = 3.0

#: text a player might type that no game reads as a move
NASTY = [
    "@everyone",
    "@here",
    "<@&{role}>",
    "<@{user}>",
    "<@!{user}>",
    "<#{channel}>",
    "**bold**",
    "__under__",
    "`code`",
    "```block```",
    "||spoiler||",
    "> quote",
    "[link](https://example.com)",
    "\u202eevil",
    "\u200b",
    "\x00",
    "\x07\x1b[31m",
    "\ud800",
    "🐄🐑🐖",
    "ｒｏｌｌ",
    "rοll",  # a Greek omicron
    "Ⅷ",
    "١٢٣",
    "'; DROP TABLE matches; --",
    "%s%s%n",
    "{0}{1}",
    "\\",
    "two\r\nlines",
]
ALPHABET = string.printable + "١٢٣٠０１２éßø漢字🐄\u200b\u202e\x00\x1f\x7f"
#: numbers no id of ours carries, each written as text
BAD_NUMBERS = [
    "-1",
    "-0",
    str(10**15),
    str(2**63),
    str(2**64 + 1),
    "9" * 40,
    "١",
    "٠",
    "０",
    "²",
    "01",
    "1e3",
    "0x1",
    " 1",
    "1 ",
    "",
    "+1",
    "1.0",
    "NaN",
]


class Fuzz:
    """One seeded run against two live matches: ``ours`` in the channel, ``theirs`` next door."""

    def __init__(self, fake: FakeDiscord, world: World, runner: BotRunner, seed: int) -> None:
        self.fake = fake
        self.world = world
        self.runner = runner
        self.rng = random.Random(seed)
        self.records: list[tuple[str, Any, Any]] = []
        self.role = fake.create_role(world.guild, "Ranchers", mentionable=True)

    async def prepare(self) -> None:
        w, fake = self.world, self.fake
        self.ours_board = await open_match(fake, "farm", w.channel, w.alice, w.bob)
        self.theirs_board = await open_match(fake, "farm", w.other_channel, w.carol, w.mod)
        self.ours = await self.runner.match_in(w.channel.id)
        self.theirs = await self.runner.match_in(w.other_channel.id)
        # the moves' components (the Text board and the viewer answer anyone:
        # tests/e2e/test_readable.py, tests/e2e/test_viewer.py)
        self.ours_ids = [
            c["custom_id"]
            for c in _components(self.ours_board)
            if not c["custom_id"].startswith(("rh:v:", "rh:o:"))
        ]
        # (the viewer shows any match of the server, wherever it is asked for)
        self.theirs_ids = [
            c["custom_id"]
            for c in _components(self.theirs_board)
            if not c["custom_id"].startswith("rh:o:")
        ]
        self.quiet = fake.create_text_channel(w.guild, "quiet-pasture")

    # Case makers: each returns (what, user, an awaitable interaction record) --------------

    def case(self) -> tuple[str, Any, Awaitable[Any]]:
        makers: list[Callable[[], tuple[str, Any, Awaitable[Any]]]] = [
            self.garbage_id,
            self.template_id,
            self.foreign_id,
            self.stale_ply,
            self.spectator,
            self.out_of_turn,
            self.typed_move,
            self.move_box,
            self.slash_options,
        ]
        return self.rng.choice(makers)()

    def anyone(self) -> Any:
        w = self.world
        return self.rng.choice([w.alice, w.bob, w.carol, w.mod])

    def garbage_id(self) -> tuple[str, Any, Awaitable[Any]]:
        rng = self.rng
        length = rng.choice([1, 2, 5, 20, 60, 99, 100])
        text = "".join(rng.choice(ALPHABET) for _ in range(length))
        if rng.random() < 0.5:
            text = ("rh:" + rng.choice("asgtlmxA:") + ":" + text)[:100]
        user = self.anyone()
        values = None if rng.random() < 0.7 else [text[:100] or "0"]
        return (
            f"garbage id {text!r}",
            user,
            forged_click(self.fake, user, self.world.channel, self.ours_board, text, values),
        )

    def template_id(self) -> tuple[str, Any, Awaitable[Any]]:
        rng = self.rng
        m, p = self.ours.id, self.ours.ply
        templates = [
            ("rh:a:{match}:{ply}:{seat}:{n}", ("match", "ply", "seat", "n")),
            ("rh:s:{match}:{ply}:{seat}:{n}", ("match", "ply", "seat", "n")),
            ("rh:g:{match}:{ply}:{n}", ("match", "ply", "n")),
            ("rh:q:{match}:{ply}:{seat}:{n}", ("match", "ply", "seat", "n")),
            ("rh:t:{match}:{ply}", ("match", "ply")),
            ("rh:l:{match}:join", ("match",)),
            ("rh:o:{match}", ("match",)),
            ("rh:w:{match}:{ply}:back", ("match", "ply")),
            ("rh:j:{match}:{ply}", ("match", "ply")),
            ("rh:k:{match}", ("match",)),
        ]
        template, fields = rng.choice(templates)
        values_of = {"match": str(m), "ply": str(p), "seat": "0", "n": "0"}
        values_of[rng.choice(fields)] = rng.choice(BAD_NUMBERS)
        custom_id = template.format(**values_of)
        if rng.random() < 0.2:  # padded to the longest id Discord takes
            custom_id = (custom_id + ":" + "9" * 100)[:100]
        values = None
        if custom_id.startswith(("rh:s:", "rh:g:")):
            values = [rng.choice(["0", "0.0", "-1", "١", str(2**70), "0." + "9" * 30])]
        user = self.world.alice  # the player to move: only the id is wrong
        what = f"template {custom_id!r} values={values}"
        rec = forged_click(self.fake, user, self.world.channel, self.ours_board, custom_id, values)
        return what, user, rec

    def foreign_id(self) -> tuple[str, Any, Awaitable[Any]]:
        """A real button of one channel's match, clicked in the other channel (by anyone,
        its own players included)."""
        w, rng = self.world, self.rng
        if rng.random() < 0.5:
            custom_id, channel, shown = rng.choice(self.theirs_ids), w.channel, self.ours_board
        else:
            custom_id, channel, shown = (
                rng.choice(self.ours_ids),
                w.other_channel,
                self.theirs_board,
            )
        user = rng.choice([w.alice, w.bob, w.carol, w.mod])
        rec = forged_click(self.fake, user, channel, shown, custom_id)
        return f"foreign {custom_id!r} in #{channel.name}", user, rec

    def stale_ply(self) -> tuple[str, Any, Awaitable[Any]]:
        rng = self.rng
        custom_id = rng.choice(self.ours_ids)
        parts = custom_id.split(":")
        p = self.ours.ply
        parts[3] = str(rng.choice([p - 1, p + 1, p + 2, p + rng.randint(3, 10**6)]))
        if int(parts[3]) < 0:
            parts[3] = str(p + 1)
        forged = ":".join(parts)
        user = self.world.alice
        rec = forged_click(self.fake, user, self.world.channel, self.ours_board, forged)
        return f"stale {forged!r}", user, rec

    def spectator(self) -> tuple[str, Any, Awaitable[Any]]:
        """Someone not seated presses a real button of the board."""
        w = self.world
        user = self.rng.choice([w.carol, w.mod])
        custom_id = self.rng.choice(self.ours_ids)
        return (
            f"spectator {custom_id!r}",
            user,
            self.fake.click(user, self.ours_board, custom_id=custom_id),
        )

    def out_of_turn(self) -> tuple[str, Any, Awaitable[Any]]:
        """The seated player who is not to move presses a real button."""
        custom_id = self.rng.choice(self.ours_ids)
        user = self.world.bob
        return (
            f"out of turn {custom_id!r}",
            user,
            self.fake.click(user, self.ours_board, custom_id=custom_id),
        )

    def nasty_text(self, *, longest: int = 5000) -> str:
        rng = self.rng
        w = self.world
        pieces = [
            rng.choice(NASTY)
            .replace("{role}", str(self.role.id))
            .replace("{user}", str(w.bob.id))
            .replace("{channel}", str(w.channel.id))
            for _ in range(rng.randint(1, 4))
        ]
        if rng.random() < 0.3:
            pieces.append("roll")  # a real move with junk around it is still junk
        rng.shuffle(pieces)
        text = " ".join(pieces)
        roll = rng.random()
        if roll < 0.1:
            text = (text + " ") * (longest // max(len(text), 1) + 1)
            text = text[:longest]
        elif roll < 0.2:
            text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 300)))
            if not any(c.isalnum() for c in text.replace("roll", "")):
                text += "@everyone"
        return text

    def typed_move(self) -> tuple[str, Any, Awaitable[Any]]:
        """``/farm move`` with junk (raw, so lengths beyond the declared 200 arrive too)."""
        w = self.world
        user = self.rng.choice([w.alice, w.alice, w.bob, w.carol])
        text = self.nasty_text()
        rec = raw_slash(self.fake, user, w.channel, "farm", "move", {"action": text})
        return f"typed {text[:60]!r}… ({len(text)} chars)", user, rec

    def move_box(self) -> tuple[str, Any, Awaitable[Any]]:
        w = self.world
        user = self.rng.choice([w.alice, w.alice, w.bob, w.carol])
        text = self.nasty_text()
        ply = self.rng.choice([self.ours.ply, self.ours.ply, self.ours.ply + 1])
        custom_id = f"rh:m:{self.ours.id}:{ply}"
        rec = forged_modal(self.fake, user, w.channel, custom_id, text)
        return f"move box {custom_id} {text[:60]!r} ({len(text)} chars)", user, rec

    def slash_options(self) -> tuple[str, Any, Awaitable[Any]]:
        """Options outside the synced ranges and choices (a tampered client)."""
        w, rng = self.world, self.rng
        huge = rng.choice([-1, -(10**12), 10**9, 2**53, 2**63 - 1, 10**30])
        cases: list[tuple[Any, Any, str, str | None, dict[str, Any]]] = [
            (w.alice, self.quiet, "farm", "new", {"reminder_hours": huge}),
            (w.alice, self.quiet, "farm", "new", {"deadline_hours": huge}),
            (w.alice, self.quiet, "farm", "new", {"on_deadline": "explode"}),
            (w.alice, self.quiet, "farm", "new", {"thread": "yes"}),
            (w.alice, self.quiet, "farm", "new", {"nonsense": 1}),
            (w.alice, w.channel, "game", "pause", {"hours": huge}),
            (w.alice, w.channel, "game", "pause", {"hours": 0}),
            (w.mod, w.channel, "game", "settings", {"reminder_hours": huge}),
            (w.mod, w.channel, "game", "settings", {"lobby_hours": 0}),
            (w.mod, w.channel, "game", "settings", {"on_deadline": "@everyone"}),
            (w.alice, w.channel, "game", "notify", {"quiet_hours": "x" * 5000}),
            (w.alice, w.channel, "farm", "move", {"action": ""}),
        ]
        if rng.random() < 0.15:
            # a user option that names no user (discord.py's own conversion would fail)
            nobody = rng.choice(["not-a-user", "12345", "-1", "", "1e9", "@everyone"])
            rec = self.fake.tampered_slash(w.alice, w.channel, "game profile", user=nobody)
            return f"/game profile user={nobody!r}", w.alice, rec
        user, channel, group, sub, options = rng.choice(cases)
        rec = raw_slash(self.fake, user, channel, group, sub, options)
        return f"/{group} {sub} {options}", user, rec


def _components(message: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    stack = list(message.components)
    while stack:
        comp = stack.pop(0)
        if comp.get("custom_id"):
            found.append(comp)
        stack.extend(comp.get("components") or [])
    return found


async def forged_click(
    fake: FakeDiscord,
    user: Any,
    channel: Any,
    message: Any,
    custom_id: str,
    values: list[str] | None = None,
) -> Any:
    """A click on ``custom_id`` from a copy of ``message`` that shows that component (as a
    tampered client would have it): the emulator's actors only press what is really there."""
    return await fake.forge_click(user, message, custom_id, values=values, channel=channel)


async def forged_modal(
    fake: FakeDiscord, user: Any, channel: Any, custom_id: str, text: str
) -> Any:
    """A move box submitted with any text (Discord's client would cap it at the box's
    length; a tampered one need not)."""
    return await fake.forge_modal(user, channel, custom_id, {"move": text})


def _command(fake: FakeDiscord, guild: Any, name: str) -> dict[str, Any]:
    for scope in (guild, None):
        for cmd in fake.commands(scope):
            if cmd["name"] == name:
                return cmd
    raise LookupError(name)


async def raw_slash(
    fake: FakeDiscord,
    user: Any,
    channel: Any,
    group: str,
    sub: str | None,
    options: dict[str, Any],
) -> Any:
    """A slash command carrying whatever option values it is given (no range or choice check),
    typed as the synced command declares them."""
    guild = fake.world.guild_of(channel)
    cmd = _command(fake, guild, group)
    defs = cmd.get("options") or []
    if sub is not None:
        defs = next(o for o in defs if o["name"] == sub).get("options") or []
    kinds = {o["name"]: o["type"] for o in defs}
    opts = []
    for name, value in options.items():
        kind = kinds.get(name)
        if kind is None:
            kind = 4 if isinstance(value, int) else 3
        opts.append({"name": name, "type": kind, "value": value})
    data: dict[str, Any] = {"id": cmd["id"], "name": group, "type": 1, "options": opts}
    if sub is not None:
        data["options"] = [{"name": sub, "type": 1, "options": opts}]
    return await fake.forge(user, channel, APPLICATION_COMMAND, data)


def answered_privately(what: str, user: Any, rec: Any) -> None:
    assert not rec.expired and rec.error is None, f"{what}: unanswered ({rec.error})"
    assert rec.ack_latency is not None and rec.ack_latency < DEADLINE, f"{what}: too slow"
    assert rec.ephemeral, f"{what}: answered in public ({rec.callback_type})"
    assert rec.response is not None and rec.response.ephemeral_for == user.id, what
    text = rec.response.content or ""
    assert text and not text.startswith("Played"), f"{what}: no refusal given ({text!r})"
    assert len(text) <= 2000


async def snapshot(runner: BotRunner, fuzz: Fuzz) -> Any:
    assert runner.bot is not None
    ours = await runner.bot.service.get(fuzz.ours.id)
    theirs = await runner.bot.service.get(fuzz.theirs.id)
    settings = await runner.bot.store.settings.guild_settings(fuzz.world.guild.id)
    quiet = await runner.bot.service.live_in(fuzz.quiet.id)
    return (
        (ours.ply, ours.status, json.dumps(ours.rules.dump(ours.state), sort_keys=True)),
        (theirs.ply, theirs.status, json.dumps(theirs.rules.dump(theirs.state), sort_keys=True)),
        (ours.paused_until if hasattr(ours, "paused_until") else None),
        settings,
        quiet,
    )


@pytest.mark.parametrize("seed", [SEED])
async def test_fuzzed_interactions_are_refused_privately_and_change_nothing(
    fake: FakeDiscord,
    world: World,
    database: Path,
    caplog: pytest.LogCaptureFixture,
    seed: int,
) -> None:
    caplog.set_level(logging.WARNING)
    async with running(fake, database) as runner:
        fuzz = Fuzz(fake, world, runner, seed)
        await fuzz.prepare()
        before = await snapshot(runner, fuzz)
        public = {c.id: len(fake.messages(c)) for c in (world.channel, world.other_channel)}
        notified = len(fake.notifications())
        records_before = len(fake.records)
        done = 0
        kinds: dict[str, int] = {}
        while done < CASES:
            cases = [fuzz.case() for _ in range(min(BATCH, CASES - done))]
            with fake.without_settling():
                recs = await asyncio.gather(*(c[2] for c in cases))
            await fake.settle()
            for (what, user, _), rec in zip(cases, recs, strict=True):
                answered_privately(what, user, rec)
                kind = what.split(" ")[0]
                kinds[kind] = kinds.get(kind, 0) + 1
            assert await snapshot(runner, fuzz) == before, f"a case in batch {done} changed a match"
            done += len(cases)
        assert len(kinds) >= 9, kinds
        assert len(fake.records) - records_before == CASES
        assert len(fake.notifications()) == notified, "a refusal pinged someone"
        now = {c.id: len(fake.messages(c)) for c in (world.channel, world.other_channel)}
        assert now == public, "refusals posted nothing in public"
        assert board(fake, world.channel).id == fuzz.ours_board.id
        # still alive and answering, and the real board still plays
        pong = await fake.slash(world.alice, world.channel, "game ping")
        assert pong.ephemeral and pong.response is not None
        assert pong.response.content.startswith("🏓 Pong")
        rolled = await fake.click(world.alice, fuzz.ours_board, label="Roll the dice")
        assert not rolled.ephemeral
        pinged = fake.notifications()[notified:]
        assert all(n.kind == "mention" for n in pinged), pinged
        assert {n.user.id for n in pinged} <= {world.alice.id, world.bob.id}, "only the players"
        assert (await runner.match_in(world.channel.id)).ply == fuzz.ours.ply + 1
    unanswered = [r for r in fake.records if not r.acknowledged or r.expired]
    assert not unanswered, unanswered[:3]
    errors = [
        r
        for r in caplog.records
        if r.levelno >= logging.ERROR and r.name.split(".")[0] in ("bot", "cogs", "discord")
    ]
    assert not errors, [r.getMessage() for r in errors[:5]]
