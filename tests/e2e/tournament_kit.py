"""Tournaments in the emulator: a server with enough players, sign-up by buttons, and a round
played out on the virtual clock (the players who move press their first button; whoever is
on move at the deadline forfeits)."""

from __future__ import annotations

from typing import Any

from fakediscord import FakeDiscord
from fakediscord.models import walk_components
from ranchtest.harness import BotRunner, ManualClock, boards

DEADLINE = 1  # hour


def players(fake: FakeDiscord, world: Any, count: int) -> list[Any]:
    found = [world.alice, world.bob, world.carol]
    for i in range(len(found), count):
        user = fake.create_user(f"player{i + 1}")
        fake.add_member(world.guild, user)
        found.append(user)
    return found[:count]


def organiser(fake: FakeDiscord, world: Any) -> Any:
    user = fake.create_user("organiser")
    fake.add_member(world.guild, user, manage_events=True)
    return user


async def sign_up(
    fake: FakeDiscord, world: Any, host: Any, entrants: list[Any], **options: Any
) -> Any:
    """``/tournament new`` by ``host``, every entrant presses Join; the sign-up message."""
    rec = await fake.slash(host, world.channel, "tournament new", **options)
    assert rec.response is not None and not rec.ephemeral, rec.response
    message = rec.response
    for player in entrants:
        rec = await fake.click(player, message, label="Join")
        assert not rec.ephemeral, rec.response and rec.response.content
    return fake.get_message(message.id)


def threads(fake: FakeDiscord, channel: Any) -> list[Any]:
    return sorted(
        (c for c in fake.world.channels.values() if c.parent_id == channel.id),
        key=lambda c: c.id,
    )


async def tournament(runner: BotRunner, number: int = 1) -> Any:
    assert runner.bot is not None
    return await runner.bot.tournaments.get(number)


async def play_round(
    fake: FakeDiscord, runner: BotRunner, clock: ManualClock, idle: set[int], most: int = 8
) -> None:
    """Until the round is over: at each live table the player on move presses their first
    button unless idle; then the deadline passes and whoever is on move forfeits."""
    assert runner.bot is not None
    t = await tournament(runner)
    rnd = len(t.league.rounds)
    for __ in range(most):
        await move_once(fake, runner, rnd, idle)
        clock.advance(DEADLINE)
        await runner.tick()
        t = await tournament(runner)
        if t.status != "running" or len(t.league.rounds) > rnd:
            return
    raise AssertionError(f"round {rnd} did not end")


async def move_once(fake: FakeDiscord, runner: BotRunner, rnd: int, idle: set[int]) -> None:
    assert runner.bot is not None
    t = await tournament(runner)
    opened = await runner.bot.store.tournaments.table_matches(t.id)
    for (number, __), match_id in sorted(opened.items()):
        match = await runner.bot.service.get(match_id)
        if number != rnd or match.status != "active":
            continue
        user_id = match.user_of(match.to_act()[0])
        if user_id in idle:
            continue
        board = boards(fake, match.channel_id)[-1]
        button = next(c for c in _buttons(board) if c.get("style") != 5)
        await fake.click(fake.world.users[user_id], board, custom_id=button["custom_id"])
        await fake.settle()


def _buttons(message: Any) -> list[dict[str, Any]]:
    return [c for c in walk_components(message.components) if c.get("type") == 2]
