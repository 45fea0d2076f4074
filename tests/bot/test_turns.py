"""The turn clock against a controllable clock: nothing sleeps, time is moved by hand.

A small stand-in for the bot records what the clock would post (channel messages, boards,
DMs); the match service and the database are the real ones.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

import games
from bot.clock import ClockSettings, NotifyPrefs, hours_text, parse_quiet
from bot.computers import Computers, easy_action
from bot.locales import Readers
from bot.matches import Match, MatchService, Refusal
from bot.pipeline import Pipeline
from bot.render_pool import Renderer
from bot.request import MoveRequest
from bot.store import open_store
from bot.store.schema import MIGRATIONS
from bot.texts import lobby_text, story_lines
from bot.turns import TurnClock
from games.rng import SeededRng

#: 08:00 UTC on a Friday
T0 = 1_800_000_000.0
HOUR = 3600.0
CHANNEL, OTHER = 500, 600
ALICE, BOB, CAROL = 11, 22, 33
PLAYERS = ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"))


class Clock:
    def __init__(self, at: float = T0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at

    def to(self, hours: float) -> None:
        """Set the time to ``hours`` after T0."""
        self.at = T0 + hours * HOUR


@dataclass
class Posted:
    channel_id: int
    content: str


@dataclass
class StubBot:
    """What the turn clock needs of the bot; records what it would show players."""

    db: Any
    clock: Clock
    service: MatchService
    sent: list[Posted] = field(default_factory=list)
    boards: list[tuple[Match, str, list[str]]] = field(default_factory=list)
    dms: list[tuple[int, str]] = field(default_factory=list)
    stripped: list[int] = field(default_factory=list)
    #: what the lobby messages of retired matches were changed to say
    lobby_texts: list[str] = field(default_factory=list)

    @property
    def table(self) -> StubBot:
        return self

    @property
    def store(self) -> Any:
        return self.db

    @property
    def delivery(self) -> StubBot:
        return self

    @property
    def readers(self) -> Readers:
        return Readers(lambda: self.db)

    @property
    def computers(self) -> Computers:
        return Computers(self)  # type: ignore[arg-type]

    @property
    def renderer(self) -> Renderer:
        return Renderer(0)

    @property
    def pipeline(self) -> Pipeline:
        return Pipeline(self.computers, self)  # type: ignore[arg-type]

    async def deliver(self, request: MoveRequest | int) -> None:
        """Take the match's undelivered boards from the outbox, as the bot would post them:
        (match, first line, the other lines)."""
        match_id = request if isinstance(request, int) else request.match_id
        rows = await self.db.outbox.claim_boards(match_id, time.time(), 30.0, mine=True)
        if not rows:
            return
        match = await self.service.get(match_id)
        await self.db.outbox.boards_delivered(match_id, [r.ply for r in rows], None, time.time())
        stories = [json.loads(r.payload) for r in rows]
        stories = [s for s in stories if s["kind"] != "start"]  # shown when the match began
        if stories:
            lines = story_lines(match, stories)
            self.boards.append((match, lines[0], lines[1:]))

    async def strip_buttons(self, channel_id: int, message_id: int, **_: Any) -> None:
        self.stripped.append(message_id)

    async def retire(
        self, match: Match, *, keep: int | None = None, end: str | None = None
    ) -> None:
        for _, message_id in await self.service.retire_boards(match.id):
            self.stripped.append(message_id)
        self.lobby_texts.append(lobby_text(match, end=end))

    async def postable(self, channel_id: int, **_: Any) -> Any:
        return self.get_partial_messageable(channel_id)

    def get_partial_messageable(self, channel_id: int) -> Any:
        bot = self

        class Channel:
            async def send(self, content: str, **_: Any) -> None:
                bot.sent.append(Posted(channel_id, content))

        return Channel()

    def get_guild(self, guild_id: int) -> None:
        return None

    async def create_dm(self, user: Any) -> Any:
        bot = self

        class DM:
            async def send(self, content: str, **_: Any) -> None:
                bot.dms.append((user.id, content))

        return DM()

    async def wait_until_ready(self) -> None:
        return None


@pytest.fixture
async def bot(store_url: str) -> Any:
    clock = Clock()
    db = await open_store(store_url)
    stub = StubBot(db, clock, MatchService(db, seed_source=lambda: 85, clock=clock))
    stub.turns = TurnClock(stub)  # type: ignore[attr-defined]
    try:
        yield stub
    finally:
        await db.close()


async def started(
    bot: StubBot,
    game: str = "farm",
    players: int = 2,
    clock: ClockSettings | None = None,
    channel: int = CHANNEL,
) -> Match:
    service = bot.service
    (host, host_name), *others = PLAYERS[:players]
    await service.create(
        game, guild_id=1, channel_id=channel, user_id=host, name=host_name, clock=clock
    )
    for user, name in others:
        await service.join(channel, game, user_id=user, name=name)
    return await service.start(channel, game, user_id=host)


async def tick(bot: StubBot, hours: float) -> int:
    bot.clock.to(hours)
    return await bot.turns.tick()  # type: ignore[attr-defined]


async def events_of(bot: StubBot, match_id: int) -> list[tuple[int, str, int, str]]:
    rows = await bot.db.fetchall(
        "SELECT ply, kind, n, outcome FROM clock_events WHERE match_id = ? ORDER BY done_at, n",
        (match_id,),
    )
    return [(r["ply"], r["kind"], r["n"], r["outcome"]) for r in rows]


# Reminders --------------------------------------------------------------------------------------


async def test_a_reminder_fires_once_at_its_time_escalates_and_stops_after_three(
    bot: StubBot,
) -> None:
    match = await started(bot, clock=ClockSettings(reminder_hours=24, deadline_hours=None))
    assert await tick(bot, 23.9) == 0 and bot.sent == []
    assert await tick(bot, 24) == 1
    assert await tick(bot, 24.5) == 0, "nothing fires twice"
    (first,) = bot.sent
    assert first.channel_id == CHANNEL
    assert first.content.startswith(f"⏰ <@{ALICE}>, it's your move in **Super Farmer**")
    assert "(waiting 24 h)" in first.content
    await tick(bot, 48)
    await tick(bot, 72)
    for hours in (96, 150, 500):
        assert await tick(bot, hours) == 0
    texts = [p.content for p in bot.sent]
    assert len(texts) == 3
    assert "a nudge" in texts[1] and "48 h so far" in texts[1]
    assert "last reminder" in texts[2] and "waited 72 h" in texts[2]
    assert "/game pause" in texts[2], "the last reminder says how to pause"
    assert all(f"<@{ALICE}>" in t for t in texts)
    assert await events_of(bot, match.id) == [
        (0, "reminder", 1, "sent"),
        (0, "reminder", 2, "sent"),
        (0, "reminder", 3, "sent"),
    ]


async def test_a_move_starts_the_next_players_clock(bot: StubBot) -> None:
    match = await started(bot)
    await tick(bot, 30)
    assert len(bot.sent) == 1  # alice's first reminder
    await bot.service.act(match.id, ALICE, text="roll")
    assert await tick(bot, 53.9) == 0
    await tick(bot, 54)
    assert bot.sent[-1].content.startswith(f"⏰ <@{BOB}>, it's your move")


async def test_reminders_that_fell_due_while_down_send_only_the_latest(bot: StubBot) -> None:
    match = await started(bot, clock=ClockSettings(reminder_hours=10, deadline_hours=None))
    assert await tick(bot, 25) == 1
    (only,) = bot.sent
    assert "a nudge" in only.content
    assert await events_of(bot, match.id) == [
        (0, "reminder", 1, "skipped"),
        (0, "reminder", 2, "sent"),
    ]


async def test_quiet_hours_delay_a_reminder_until_they_end(bot: StubBot) -> None:
    await bot.db.settings.set_user_settings(ALICE, NotifyPrefs(quiet=(22, 7)).to_mapping())
    await started(bot, clock=ClockSettings(reminder_hours=14, deadline_hours=None))
    assert await tick(bot, 14) == 0, "22:00 UTC: alice's quiet hours"
    assert await tick(bot, 22.9) == 0, "06:54 UTC: still quiet"
    assert await tick(bot, 23) == 1, "07:00 UTC: the reminder goes out"
    assert bot.sent[0].content.startswith(f"⏰ <@{ALICE}>")
    assert "(waiting 23 h)" in bot.sent[0].content


async def test_an_opted_in_player_gets_a_dm_as_well(bot: StubBot) -> None:
    await bot.db.settings.set_user_settings(BOB, NotifyPrefs(dm=True).to_mapping())
    match = await started(bot)
    await tick(bot, 24)
    assert bot.dms == [], "alice did not ask for DMs"
    await bot.service.act(match.id, ALICE, text="roll")
    await tick(bot, 48)
    (dm,) = bot.dms
    assert dm[0] == BOB and "Your move in **Super Farmer**" in dm[1]
    assert "`roll` is played for you" in dm[1]


def test_notification_preferences_parse_and_describe() -> None:
    assert parse_quiet("22-07") == (22, 7) and parse_quiet("22:00 - 7:00 UTC") == (22, 7)
    assert parse_quiet("off") is None
    for bad in ("22", "25-3", "7-7", "late", "٢٢-٠٧", "２２-０７", "22-𝟕"):
        with pytest.raises(games.GameError):
            parse_quiet(bad)
    prefs = NotifyPrefs(dm=True, quiet=(22, 7))
    assert NotifyPrefs.from_mapping(json.loads(json.dumps(prefs.to_mapping()))) == prefs
    assert prefs.is_quiet(T0 + 14 * HOUR) and not prefs.is_quiet(T0)
    assert prefs.quiet_until(T0 + 14.5 * HOUR) == T0 + 23 * HOUR
    assert "quiet hours 22:00-07:00 UTC" in prefs.describe()
    assert [hours_text(s) for s in (90, 5 * HOUR, 72 * HOUR, 120 * HOUR, 132 * HOUR)] == [
        "2 min",
        "5 h",
        "72 h",
        "5 days",
        "5.5 days",
    ]


# Deadlines --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(games.RULESETS))
async def test_skip_at_the_deadline_plays_the_easy_computer_move_and_the_game_goes_on(
    bot: StubBot, game: str
) -> None:
    match = await started(bot, game)
    seat = match.to_act()[0]
    rules = match.rules
    expected = rules.format_action(match.state, easy_action(match, seat))
    await tick(bot, 24)
    await tick(bot, 48)
    assert len(bot.sent) == 2
    assert await tick(bot, 71.9) == 0
    assert await tick(bot, 72) == 1
    assert len(bot.sent) == 2, "no reminder once the deadline applies"
    ((_, headline, told),) = bot.boards
    assert headline.startswith(f"⌛ **{match.name_of(seat)}**'s time ran out (72 h)")
    if told:  # the move is told once: by its events, else by its notation
        assert headline.endswith(", so the bot moved for them.") and expected not in headline
    else:
        assert f"`{expected}`" in headline
    after = await bot.service.get(match.id)
    assert after.ply >= 1 and after.status in ("active", "finished")
    assert rules.turn_key(after.state) != rules.turn_key(match.state), "the turn is over"
    assert after.turn_started_at == T0 + 72 * HOUR, "the next turn has its own clock"
    history = await bot.service.history(match.id)
    assert history[0]["notation"] == expected and history[0]["seat"] == seat
    assert await bot.service.replay(match.id) == after.state
    assert await tick(bot, 80) == 0, "the deadline applied once"


async def test_a_skipped_turn_hands_over_to_a_computer_which_plays_at_once(bot: StubBot) -> None:
    service = bot.service
    await service.create(
        "horseplay",
        guild_id=1,
        channel_id=CHANNEL,
        user_id=ALICE,
        name="alice",
        computers=("strong",),
    )
    match = await service.start(CHANNEL, "horseplay", user_id=ALICE)
    assert match.to_act() == (0,)
    await tick(bot, 24)
    assert bot.sent[0].content.startswith(f"⏰ <@{ALICE}>")
    assert await tick(bot, 72) == 1
    ((_, headline, lines),) = bot.boards
    assert headline.startswith("⌛ **alice**'s time ran out (72 h)")
    assert any("Computer 1 (strong)" in line for line in lines), "the computer's answer is told"

    after = await service.get(match.id)
    assert after.to_act() == (0,) and after.ply == 2, "the computer answered; alice is next"
    assert after.next_check() == after.turn_started_at + 24 * HOUR, "alice's clock, not at once"
    assert all("<@-" not in p.content for p in bot.sent), "a computer is never reminded"


@pytest.mark.parametrize("game", sorted(games.RULESETS))
async def test_forfeit_at_the_deadline_ends_a_two_player_game(bot: StubBot, game: str) -> None:
    match = await started(bot, game, clock=ClockSettings(on_deadline="forfeit"))
    seat = match.to_act()[0]
    await tick(bot, 72)
    ((_, headline, events),) = bot.boards
    assert headline == f"⌛ **{match.name_of(seat)}** ran out of time (72 h) and forfeits."
    assert any("leaves the game" in e for e in events)
    after = await bot.service.get(match.id)
    assert after.status == "finished" and after.seats[seat].left_at is not None
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (1 - seat,)
    assert await bot.service.replay(match.id) == after.state
    history = await bot.service.history(match.id)
    assert history[-1]["notation"] == "(forfeit)"


@pytest.mark.parametrize("game", ["farm", "horseplay", "highrollin", "cowboy", "cattle"])
async def test_forfeit_with_three_players_the_game_goes_on(bot: StubBot, game: str) -> None:
    match = await started(bot, game, players=3, clock=ClockSettings(on_deadline="forfeit"))
    seat = match.to_act()[0]
    await tick(bot, 72)
    after = await bot.service.get(match.id)
    assert after.status == "active"
    assert seat not in after.to_act() and after.to_act()
    assert after.turn_started_at == T0 + 72 * HOUR
    # the next player's deadline comes in its own time, and they may leave too
    await tick(bot, 144)
    final = await bot.service.get(match.id)
    assert final.status == "finished"
    outcome = final.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    assert outcome.winners[0] not in (seat, after.to_act()[0])
    assert await bot.service.replay(match.id) == final.state


async def test_none_at_the_deadline_tells_everyone_once_and_changes_nothing(bot: StubBot) -> None:
    match = await started(bot, clock=ClockSettings(reminder_hours=0, on_deadline="none"))
    await tick(bot, 72)
    (notice,) = bot.sent
    assert notice.content.startswith(f"⌛ <@{ALICE}>, the deadline for your move (72 h) has passed")
    assert "/farm abandon" in notice.content
    assert (await bot.service.get(match.id)).ply == 0 and bot.boards == []
    assert await tick(bot, 100) == 0


async def test_a_bot_down_past_two_deadlines_applies_both_once_in_order(
    bot: StubBot, store_url: str
) -> None:
    first = await started(bot, channel=CHANNEL)
    bot.clock.to(1)
    second = await started(bot, channel=OTHER)
    await bot.db.close()
    # the bot is down for five days, then starts again on the same database
    clock = Clock(T0 + 120 * HOUR)
    db = await open_store(store_url)
    try:
        bot.db, bot.clock = db, clock
        bot.service = MatchService(db, seed_source=lambda: 85, clock=clock)
        bot.turns = TurnClock(bot)  # type: ignore[attr-defined]
        assert await bot.turns.tick() == 2  # type: ignore[attr-defined]
        assert [m.id for m, _, _ in bot.boards] == [first.id, second.id]
        assert all("time ran out" in headline for _, headline, _ in bot.boards)
        assert bot.sent == [], "stale reminders are not sent once the deadline applied"
        assert await bot.turns.tick() == 0  # type: ignore[attr-defined]
        for match in (first, second):
            after = await bot.service.get(match.id)
            assert after.ply == 1 and after.turn_started_at == clock()
            kinds = [k for _, k, _, _ in await events_of(bot, match.id)]
            assert kinds == ["deadline"]
    finally:
        await db.close()


# Pauses -----------------------------------------------------------------------------------------


async def test_pause_stops_the_clock_and_it_resumes_by_itself(bot: StubBot) -> None:
    match = await started(bot)
    bot.clock.to(10)
    paused = await bot.turns.pause(match.id, BOB, 48)  # type: ignore[attr-defined]
    assert paused.paused and paused.paused_until == T0 + 58 * HOUR
    with pytest.raises(Refusal, match="already paused"):
        await bot.turns.pause(match.id, ALICE, 5)  # type: ignore[attr-defined]
    with pytest.raises(Refusal, match="players of this match"):
        await bot.turns.pause(match.id, CAROL, 5)  # type: ignore[attr-defined]
    for hours in (24, 57.9):
        assert await tick(bot, hours) == 0, "no reminder while paused"
    assert await tick(bot, 58) == 1
    (resumed,) = bot.sent
    assert resumed.content.startswith("▶️ The pause is over: the clock runs again after 48 h.")
    assert f"<@{ALICE}>" in resumed.content and f"<@{BOB}>" in resumed.content
    after = await bot.service.get(match.id)
    assert not after.paused and after.turn_started_at == T0 + 48 * HOUR
    assert after.seats[1].pause_used == 48 * HOUR
    assert await tick(bot, 71.9) == 0
    assert await tick(bot, 72) == 1, "the reminder comes 24 h of running clock later"
    assert await tick(bot, 95.9) == 0
    assert await tick(bot, 96) == 1
    assert await tick(bot, 119.9) == 0
    await tick(bot, 120)
    assert (await bot.service.get(match.id)).ply == 1, "the deadline moved on by the pause"


async def test_pause_allowance_is_seven_days_per_player_per_match(bot: StubBot) -> None:
    match = await started(bot)
    await bot.turns.pause(match.id, ALICE, None)  # type: ignore[attr-defined]
    bot.clock.to(100)
    _, paused = await bot.turns.resume(match.id)  # type: ignore[attr-defined]
    assert paused == 100 * HOUR
    again = await bot.turns.pause(match.id, ALICE, None)  # type: ignore[attr-defined]
    assert again.paused_until == T0 + 168 * HOUR, "68 h left of alice's 7 days"
    bot.clock.to(168)
    await bot.turns.tick()  # type: ignore[attr-defined]
    with pytest.raises(Refusal, match="all 7 days"):
        await bot.turns.pause(match.id, ALICE, 1)  # type: ignore[attr-defined]
    assert (await bot.turns.pause(match.id, BOB, 2)).paused  # type: ignore[attr-defined]


async def test_a_move_during_a_pause_gives_the_next_player_a_full_clock(bot: StubBot) -> None:
    match = await started(bot)
    await bot.turns.pause(match.id, ALICE, 10)  # type: ignore[attr-defined]
    bot.clock.to(4)
    await bot.service.act(match.id, ALICE, text="roll")
    await tick(bot, 10)
    after = await bot.service.get(match.id)
    assert after.turn_started_at == T0 + 10 * HOUR, "bob's clock starts when the pause ends"


# Lobbies ----------------------------------------------------------------------------------------


async def test_a_lobby_nobody_starts_expires_with_a_message(bot: StubBot) -> None:
    lobby = await bot.service.create(
        "farm", guild_id=1, channel_id=CHANNEL, user_id=ALICE, name="alice"
    )
    await bot.service.add_board(lobby.id, 9001, CHANNEL, -1)
    assert await tick(bot, 23.9) == 0
    assert await tick(bot, 24) == 1
    (notice,) = bot.sent
    assert notice.content.startswith("⌛ The Super Farmer lobby here closed")
    assert "within 24 h" in notice.content and "/farm new" in notice.content
    assert bot.stripped == [9001], "the lobby message loses its buttons"
    (status,) = bot.lobby_texts
    assert "(closed: nobody started it)" in status, "and says why it closed"
    assert (await bot.service.get(lobby.id)).status == "abandoned"
    assert await bot.service.live_in(CHANNEL) is None, "the channel is free again"
    assert await tick(bot, 30) == 0


async def test_lobby_hours_come_from_the_match_settings(bot: StubBot) -> None:
    await bot.service.create(
        "farm",
        guild_id=1,
        channel_id=CHANNEL,
        user_id=ALICE,
        name="alice",
        clock=ClockSettings(lobby_hours=2),
    )
    assert await tick(bot, 2) == 1


def test_clock_settings_check_their_ranges_and_describe_themselves() -> None:
    assert ClockSettings().describe() == "Reminders every 24 h · deadline 72 h: skip"
    off = ClockSettings().with_changes(reminder_hours=0, deadline_hours=0)
    assert off.describe() == "No reminders · no deadline" and off.deadline_hours is None
    assert ClockSettings.from_mapping(off.to_mapping()) == off
    for bad in ({"reminder_hours": 500}, {"on_deadline": "explode"}, {"lobby_hours": 0}):
        with pytest.raises(games.GameError):
            ClockSettings().with_changes(**bad)


async def test_matches_from_before_turn_clocks_get_reminders_but_no_surprise_deadline(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    rules = games.get("farm")
    state = rules.dump(rules.new_game(["alice", "bob"], rng=SeededRng(1)))
    async with aiosqlite.connect(path) as conn:
        await conn.executescript(MIGRATIONS[1] + ";PRAGMA user_version = 1;")
        await conn.execute(
            "INSERT INTO matches (id, game, guild_id, channel_id, status, host_id, seed, state, "
            "created_at, updated_at, turn_started_at) VALUES "
            "(1, 'farm', 1, ?, 'active', ?, 1, ?, ?, ?, ?)",
            (CHANNEL, ALICE, json.dumps(state), T0, T0, T0),
        )
        for seat, (user, name) in enumerate(PLAYERS[:2]):
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, name, joined_at) "
                "VALUES (1, ?, ?, ?, ?)",
                (seat, user, name, T0),
            )
        await conn.commit()
    clock = Clock(T0 + 200 * HOUR)
    db = await open_store(path)
    try:
        stub = StubBot(db, clock, MatchService(db, clock=clock))
        stub.turns = TurnClock(stub)  # type: ignore[attr-defined]
        match = await stub.service.get(1)
        assert match.clock == ClockSettings(deadline_hours=None)
        assert await stub.turns.tick() == 1  # type: ignore[attr-defined]
        assert "last reminder" in stub.sent[0].content and stub.boards == []
    finally:
        await db.close()
