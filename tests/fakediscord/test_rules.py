"""Every platform rule the emulator enforces is caught, answered like Discord, and recorded."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import pytest

from fakediscord import FakeDiscord

from .conftest import Town, build_town
from .testbot import SampleBot, running_bot


def rules_of(fake: FakeDiscord) -> list[str]:
    return [v.rule for v in fake.take_violations()]


async def raw(fake: FakeDiscord, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
    """A hand-made request, for breaches discord.py itself would never send."""
    headers = kwargs.pop("headers", {"Authorization": f"Bot {fake.bot_token}"})
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.api_base + path, headers=headers, **kwargs) as resp,
    ):
        body = await resp.json() if resp.content_type == "application/json" else None
        return resp.status, body


@pytest.mark.parametrize(
    ("command", "rule", "detail"),
    [
        (
            "bad longid",
            "custom_id_length",
            "data.components.0.components.0.custom_id: Must be 100 or fewer in length.",
        ),
        ("bad rows", "action_rows", "data.components: Must be 5 or fewer in length."),
        (
            "bad options",
            "select_options",
            "data.components.0.components.0.options: Must be 25 or fewer in length.",
        ),
        ("bad dupids", "custom_id_unique", "data.components.0.components.1.custom_id"),
        ("bad attachref", "attachment_reference", "data.embeds.0.image.url"),
    ],
)
async def test_refused_response_bodies(
    fake: FakeDiscord, town: Town, command: str, rule: str, detail: str
) -> None:
    async with running_bot(fake) as bot:
        rec = await fake.slash(town.alice, town.channel, command)
        # the bot saw Discord's 50035 and fell back to an ephemeral error reply
        assert isinstance(bot.errors[-1], discord.HTTPException)
        assert bot.errors[-1].code == 50035
        assert rec.ephemeral and rec.response.content == "something went wrong"
    found = fake.take_violations()
    assert rule in {v.rule for v in found}, found
    assert any(detail in v.detail for v in found if v.rule == rule), found


async def test_discord_py_sees_nested_form_errors(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        await fake.slash(town.alice, town.channel, "bad longid")
        text = str(bot.errors[-1])
        assert "In data.components.0.components.0.custom_id: Must be 100 or fewer" in text
    assert rules_of(fake) == ["custom_id_length"]


async def test_response_after_deadline(make_fake: Callable[..., Any]) -> None:
    fake = await make_fake(first_response_deadline=0.2)
    town = build_town(fake)
    async with running_bot(fake) as bot:
        rec = await fake.slash(town.alice, town.channel, "bad slow")
        assert rec.error == "10062 unknown interaction" and rec.callback_type is None
        await asyncio.sleep(0.3)
        await fake.settle()
        assert isinstance(bot.errors[-1], discord.NotFound) and bot.errors[-1].code == 10062
    assert rules_of(fake) == ["first_response_deadline"]


async def test_editing_an_ephemeral_through_the_channel_fails(
    fake: FakeDiscord, town: Town
) -> None:
    async with running_bot(fake) as bot:
        rec = await fake.slash(town.alice, town.channel, "bad editephemeral")
        assert rec.response.content == "secret"
        assert isinstance(bot.errors[-1], discord.NotFound) and bot.errors[-1].code == 10008
    assert rules_of(fake) == ["ephemeral_via_channel_route"]


async def test_editing_someone_elses_message_fails(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        said = await fake.say(town.bob, town.channel, "my words")
        await fake.slash(town.alice, town.channel, "bad editforeign", message_id=str(said.id))
        assert isinstance(bot.errors[-1], discord.Forbidden) and bot.errors[-1].code == 50005
        assert said.content == "my words"
    assert rules_of(fake) == ["edit_foreign_message"]


async def test_expired_token_via_virtual_clock(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        await fake.slash(town.alice, town.channel, "secret")
        interaction = bot.interactions[-1]
        await interaction.followup.send("still fresh", ephemeral=True)
        fake.clock_offset += 901
        with pytest.raises(discord.HTTPException) as info:
            await interaction.followup.send("too late")
        assert info.value.status == 401 and info.value.code == 50027
        with pytest.raises(discord.HTTPException):
            await interaction.edit_original_response(content="too late")
    assert rules_of(fake) == ["interaction_token_expired"] * 2


async def test_double_ack_wrong_callback_types_and_early_followup(
    fake: FakeDiscord, town: Town
) -> None:
    async with running_bot(fake) as bot:
        task = asyncio.create_task(fake.slash(town.alice, town.channel, "bad hold"))
        interaction = await asyncio.wait_for(bot.held, 2)
        base = f"/interactions/{interaction.id}/{interaction.token}/callback"
        hook = f"/webhooks/{fake.application_id}/{interaction.token}"
        status, body = await raw(
            fake, "POST", hook + "?wait=true", json={"content": "early"}, headers={}
        )
        assert (status, body["code"]) == (404, 10015)
        for bad_type in (7, 8):  # update-message and autocomplete do not fit a slash command
            status, body = await raw(
                fake, "POST", base, json={"type": bad_type, "data": {}}, headers={}
            )
            assert (status, body["code"]) == (400, 50035)
            assert "type" in body["errors"]
        status, _ = await raw(
            fake,
            "POST",
            base + "?with_response=true",
            json={"type": 4, "data": {"content": "by hand"}},
            headers={},
        )
        assert status == 200
        status, body = await raw(
            fake, "POST", base, json={"type": 4, "data": {"content": "2"}}, headers={}
        )
        assert (status, body["code"]) == (400, 40060)
        rec = await task
        assert rec.response.content == "by hand"
    assert rules_of(fake) == [
        "followup_before_ack",
        "callback_type",
        "callback_type",
        "double_acknowledgement",
    ]


async def test_message_limits_on_the_channel_route(fake: FakeDiscord, town: Town) -> None:
    path = f"/channels/{town.channel.id}/messages"
    status, body = await raw(fake, "POST", path, json={"content": "x" * 2001})
    assert (status, body["code"]) == (400, 50035)
    status, body = await raw(
        fake,
        "POST",
        path,
        json={"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
    )
    assert status == 400 and "MAX_EMBED_SIZE_EXCEEDED" in str(body)
    status, body = await raw(fake, "POST", path, json={"content": ""})
    assert (status, body["code"]) == (400, 50006)
    status, body = await raw(fake, "POST", path, json={"content": "hi", "flags": 64})
    assert status == 400
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"content": "files"}')
    for i in range(11):
        form.add_field(f"files[{i}]", b"x", filename=f"f{i}.txt")
    status, body = await raw(fake, "POST", path, data=form)
    assert status == 400
    status, body = await raw(fake, "POST", "/channels/1/nonsense", json={})
    assert status == 404
    assert rules_of(fake) == [
        "content_length",
        "embed_size",
        "empty_message",
        "message_flags",
        "file_count",
        "unimplemented_route",
    ]


async def test_file_size_limit(make_fake: Callable[..., Any]) -> None:
    fake = await make_fake(attachment_size_limit=1024)
    town = build_town(fake)
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"content": "big"}')
    form.add_field("files[0]", b"x" * 1025, filename="big.bin")
    status, body = await raw(fake, "POST", f"/channels/{town.channel.id}/messages", data=form)
    assert (status, body["code"]) == (413, 40005)
    assert rules_of(fake) == ["file_size"]


async def test_daily_command_creates(fake: FakeDiscord) -> None:
    path = f"/applications/{fake.application_id}/commands"
    for batch in range(2):
        commands = [{"name": f"c{batch}x{i}", "description": "d"} for i in range(100)]
        status, _ = await raw(fake, "PUT", path, json=commands)
        assert status == 200
    status, body = await raw(fake, "PUT", path, json=[{"name": "one-more", "description": "d"}])
    assert (status, body["code"]) == (400, 30034)
    fake.clock_offset += 86_401
    status, _ = await raw(fake, "PUT", path, json=[{"name": "one-more", "description": "d"}])
    assert status == 200
    status, body = await raw(
        fake,
        "PUT",
        path,
        json=[
            {"name": "Upper", "description": "d"},
            {"name": "x", "description": "d"},
            {"name": "x", "description": "d"},
        ],
    )
    assert status == 400
    assert rules_of(fake) == ["daily_command_creates", "command_name", "command_duplicate"]


async def test_429_is_retried_by_discord_py(make_fake: Callable[..., Any]) -> None:
    fake = await make_fake(rate_limits={"default": (1000, 1.0), "global": (2, 0.3)})
    town = build_town(fake)
    extra = [fake.create_text_channel(town.guild, f"c{i}") for i in range(4)]
    async with running_bot(fake) as bot:
        bot.burst_channels = [c.id for c in extra]
        limited_before = fake.rate_limited
        rec = await fake.slash(town.alice, town.channel, "burst")
        assert rec.response.content == "done"
        assert [fake.last_message(c).content for c in extra] == [f"burst {i}" for i in range(4)]
        assert fake.rate_limited > limited_before
        assert any(r.status == 429 for r in fake.requests)


async def test_route_bucket_headers_pace_the_bot(make_fake: Callable[..., Any]) -> None:
    fake = await make_fake(rate_limits={"POST /channels/{channel_id}/messages": (2, 0.3)})
    town = build_town(fake)
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        await asyncio.gather(*(channel.send(f"m{i}") for i in range(5)))
    assert sorted(m.content for m in fake.messages(town.channel)) == [f"m{i}" for i in range(5)]
    sends = [r for r in fake.requests if r.route == "/channels/{channel_id}/messages"]
    assert len(sends) >= 5


async def test_bad_token_and_disallowed_intents(make_fake: Callable[..., Any]) -> None:
    fake = await make_fake(privileged_intents=())
    stranger = SampleBot()
    with pytest.raises(discord.LoginFailure):
        await stranger.login("not-the-token")
    await stranger.close()
    intents = discord.Intents.default()
    intents.members = True
    bot = SampleBot(intents=intents, sync=False)
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await asyncio.wait_for(bot.start(fake.bot_token), 5)
    await bot.close()


async def test_missing_spec_only_warns(make_fake: Callable[..., Any]) -> None:
    with pytest.warns(UserWarning, match="spec not found"):
        fake = await make_fake(spec_path="/nonexistent/openapi.json")
    assert fake.validator is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        await make_fake(spec_path="/nonexistent/openapi.json")  # warned once already
    fake.patch_discord()
    town = build_town(fake)
    async with running_bot(fake):
        await fake.slash(town.alice, town.channel, "bad longid")
    assert "custom_id_length" in rules_of(fake)


async def test_multipart_files_arrive_byte_for_byte_and_broken_bodies_are_refused(
    fake: FakeDiscord,
) -> None:
    town = build_town(fake)
    path = f"/channels/{town.channel.id}/messages"
    tricky = b"\r\n--not-the-boundary\r\n\r\n" + bytes(range(256)) * 40 + b"\r\n"
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"content": "two files"}')
    form.add_field("files[0]", tricky, filename="board-one.png")
    form.add_field("files[1]", b"", filename="empty.txt")
    status, body = await raw(fake, "POST", path, data=form)
    assert status == 200, body
    stored = fake.messages(town.channel)[-1]
    assert stored.content == "two files"
    assert [(a.filename, a.data) for a in stored.attachments] == [
        ("board-one.png", tricky),
        ("empty.txt", b""),
    ]
    boundary = "b0undary"
    headers = {
        "Authorization": f"Bot {fake.bot_token}",
        "Content-Type": f"multipart/form-data; boundary={boundary}",
    }
    part = 'Content-Disposition: form-data; name="payload_json"\r\n\r\n{"content": "x"}'
    broken = [
        f"--{boundary}\r\n{part}",  # never closed
        f"{part}\r\n--{boundary}--\r\n",  # no opening boundary
        f"--{boundary}\r\nContent-Type: text/plain\r\n\r\nhi\r\n--{boundary}--\r\n",  # no name
    ]
    quoted = {**headers, "Content-Type": f'multipart/form-data; boundary="{boundary}"'}
    by_hand = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n'
        f'{{"content": "by hand"}}\r\n--{boundary}\r\n'
        'Content-Disposition: form-data; name="files[0]"; filename="say \\"hi\\".txt"\r\n'
        f"Content-Type: text/plain\r\n\r\nhello\r\n--{boundary}\r\n"
        "Content-Disposition: form-data; name=\"files[1]\"; filename*=utf-8''caf%C3%A9.txt\r\n"
        f"\r\nbonjour\r\n--{boundary}\r\n"
        "Content-Disposition: form-data; name=\"files[2]\"; filename*=UTF-8'fr'%C3%A9t%C3%A9\r\n"
        f"\r\nsummer\r\n--{boundary}--\r\n"
    )
    status, body = await raw(fake, "POST", path, data=by_hand.encode(), headers=quoted)
    assert status == 200, body
    stored = fake.messages(town.channel)[-1]
    assert stored.content == "by hand"
    assert [(a.filename, a.data) for a in stored.attachments] == [
        ('say "hi".txt', b"hello"),
        ("café.txt", b"bonjour"),
        ("été", b"summer"),
    ]
    before = len(fake.messages(town.channel))
    for text in broken:
        status, body = await raw(fake, "POST", path, data=text.encode(), headers=headers)
        assert (status, body["code"]) == (400, 50035), text
    no_boundary = {**headers, "Content-Type": "multipart/form-data"}
    status, _ = await raw(fake, "POST", path, data=b"--x--\r\n", headers=no_boundary)
    assert status == 400
    assert len(fake.messages(town.channel)) == before
    assert rules_of(fake) == ["multipart"] * 4
