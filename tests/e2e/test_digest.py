"""The daily digest on the emulator's virtual clock: one DM listing what waits on the player in
every server, at their hour or after their quiet hours, nothing on a day nothing waits, and a
refused DM turns it off and the player is told at their next command."""

from __future__ import annotations

import calendar
import re
from pathlib import Path

from bot.clock import NotifyPrefs
from bot.digest import due_day
from fakediscord import FakeDiscord
from ranchtest.harness import ManualClock, open_match, running
from tests.conftest import World

#: 2026-11-02 05:00 UTC
DAWN = calendar.timegm((2026, 11, 2, 5, 0, 0))


def test_the_due_day_follows_the_hour_quiet_hours_and_when_it_was_turned_on() -> None:
    hour = 3600
    plain, quiet = NotifyPrefs(), NotifyPrefs(quiet=(22, 7))
    assert due_day(8, 0, plain, DAWN) == "2026-11-01", "yesterday's, not yet sent"
    assert due_day(8, DAWN, plain, DAWN + 2 * hour) is None, "turned on today: not before 08:00"
    assert due_day(8, DAWN, plain, DAWN + 3 * hour) == "2026-11-02"
    # 23:00 falls in quiet hours 22-07: it comes at 07:00 the next morning
    assert due_day(23, DAWN, quiet, DAWN + 18 * hour) is None
    assert due_day(23, DAWN, quiet, DAWN + 25 * hour) is None
    assert due_day(23, DAWN, quiet, DAWN + 26 * hour) == "2026-11-02"


async def test_the_digest_spans_servers_respects_quiet_hours_and_skips_empty_days(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol
    mesa = fake.create_guild("Mesa")
    for user in (alice, bob):
        fake.add_member(mesa, user)
    mesa_pen = fake.create_text_channel(mesa, "corral")
    clock = ManualClock(DAWN)
    async with running(fake, database, seed=85, clock=clock) as runner:
        await open_match(fake, "farm", world.channel, alice, bob)
        await open_match(fake, "farm", mesa_pen, alice, bob)
        await open_match(fake, "farm", world.other_channel, carol, bob)
        for channel in (world.channel, mesa_pen, world.other_channel):
            assert (await runner.match_in(channel.id)).to_act() == (0,)
        await fake.slash(alice, world.channel, "game notify", quiet_hours="06-10")
        for user in (alice, bob, carol):
            rec = await fake.slash(user, world.channel, "game digest", turn="on", hour=8)
            assert rec.ephemeral and "08:00 UTC" in rec.response.embeds[0]["description"]
        fake.set_dms_open(carol, False)

        clock.advance(3)  # 08:00: alice is in quiet hours, nothing waits on bob
        await runner.tick()
        assert fake.messages(fake.dm_channel(alice)) == []
        assert fake.messages(fake.dm_channel(bob)) == [], "nothing waits: nothing is sent"
        clock.advance(2)  # 10:00: alice's quiet hours are over
        await runner.tick()
        (dm,) = fake.messages(fake.dm_channel(alice))
        assert dm.content.startswith("📬 Your daily digest: 2 matches are waiting on you.")
        assert "**Super Farmer** on **Ranch**: your move" in dm.content
        assert "**Super Farmer** on **Mesa**: your move" in dm.content
        assert dm.content.count("deadline <t:") == 2
        links = re.findall(r"https://discord.com/channels/(\d+)/(\d+)/\d+", dm.content)
        assert {(int(g), int(c)) for g, c in links} == {
            (world.guild.id, world.channel.id),
            (mesa.id, mesa_pen.id),
        }
        await runner.tick()
        assert len(fake.messages(fake.dm_channel(alice))) == 1, "once a day"

        # /game mine all:True: the same list, privately
        rec = await fake.slash(alice, mesa_pen, "game mine", all=True)
        assert rec.ephemeral
        listed = rec.response.embeds[0]["description"]
        assert "on **Ranch**" in listed and "on **Mesa**" in listed

        # carol's DMs are closed: her digest turned itself off, and her next command says so
        assert await runner.bot.store.digests.digest_of(carol.id) is None
        rec = await fake.slash(carol, world.channel, "game mine")
        await fake.settle()
        (notice,) = rec.followups
        assert rec.ephemeral and notice.flags & 64
        assert "Your daily digest is off" in notice.content
        rec = await fake.slash(carol, world.channel, "game mine")
        await fake.settle()
        assert rec.followups == [], "told once"

        # the next day: alice again, after her quiet hours; bob still has nothing waiting
        clock.advance(24)
        await runner.tick()
        assert len(fake.messages(fake.dm_channel(alice))) == 2
        assert fake.messages(fake.dm_channel(bob)) == []
        rec = await fake.slash(alice, world.channel, "game digest", turn="off")
        assert "off" in rec.response.embeds[0]["description"]
        clock.advance(24)
        await runner.tick()
        assert len(fake.messages(fake.dm_channel(alice))) == 2
