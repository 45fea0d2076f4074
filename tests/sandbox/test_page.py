"""The sandbox page's server side without a browser: safety, the command box, live updates.

These run everywhere (no Chromium needed): the page's JSON API and WebSocket over the real bot
and the emulator, plus its markdown and command-line grammar on their own.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from fakediscord import FakeDiscord
from fakediscord.web import ChannelPage
from fakediscord.web.commandline import CommandPath, parse
from fakediscord.web.markdown import render
from fakediscord.web.page import channel_name
from fakediscord.web.views import Views
from ranchtest.harness import boards, running, until
from tests.conftest import World


@pytest.fixture
async def page(fake: FakeDiscord, world: World) -> AsyncIterator[ChannelPage]:
    shown = ChannelPage(fake, world.guild)
    await shown.start(0)
    try:
        yield shown
    finally:
        await shown.close()


class Client:
    """The page's API as its JavaScript uses it."""

    def __init__(self, session: aiohttp.ClientSession, page: ChannelPage) -> None:
        self.session = session
        self.base = page.url.rstrip("/")

    async def get(self, path: str) -> Any:
        async with self.session.get(self.base + path) as reply:
            assert reply.status == 200, await reply.text()
            return await reply.json()

    async def post(self, path: str, status: int = 200, **body: Any) -> Any:
        async with self.session.post(self.base + path, json=body) as reply:
            assert reply.status == status, await reply.text()
            return await reply.json()


@pytest.fixture
async def client(page: ChannelPage) -> AsyncIterator[Client]:
    async with aiohttp.ClientSession() as session:
        yield Client(session, page)


async def test_page_is_loopback_only_and_loads_nothing_from_elsewhere(
    page: ChannelPage, client: Client
) -> None:
    assert page._runner is not None
    assert {host for host, *_ in page._runner.addresses} == {"127.0.0.1"}
    async with client.session.get(client.base + "/") as reply:
        assert reply.status == 200 and "text/html" in reply.headers["Content-Type"]
        csp = reply.headers["Content-Security-Policy"]
        assert "default-src 'none'" in csp and "connect-src 'self'" in csp
        assert "img-src 'self' data:" in csp and "frame-ancestors 'none'" in csp
    # DNS rebinding: another name for this address is refused
    async with client.session.get(
        client.base + "/api/state", headers={"Host": f"evil.example:{page.port}"}
    ) as reply:
        assert reply.status == 421
    # another site's page cannot act here, nor listen in
    async with client.session.post(
        client.base + "/api/users",
        json={"name": "mallory"},
        headers={"Origin": "http://evil.example"},
    ) as reply:
        assert reply.status == 403
    async with client.session.get(
        client.base + "/ws", headers={"Origin": "http://evil.example"}
    ) as reply:
        assert reply.status == 403
    for path in ("/static/..%2fpage.py", "/static/page.py", "/files/1/x.png"):
        async with client.session.get(client.base + path) as reply:
            assert reply.status == 404, path


async def test_command_box_runs_the_bot_and_ephemerals_stay_private(
    fake: FakeDiscord, world: World, database: Path, client: Client
) -> None:
    ch, alice, bob = str(world.channel.id), str(world.alice.id), str(world.bob.id)
    async with running(fake, database):
        state = await client.get("/api/state")
        assert {u["name"] for u in state["users"]} >= {"alice", "bob", "Ranch Hand"}
        picked = await client.post("/api/suggest", user=alice, channel=ch, text="/fa")
        assert "/farm new" in [s["label"] for s in picked["suggestions"]]
        flags = await client.post(
            "/api/suggest", user=alice, channel=ch, text="/farm new strict_trades:"
        )
        assert [s["label"] for s in flags["suggestions"]] == ["true", "false"]
        assert flags["enter"] == "accept"
        bad = await client.post(
            "/api/command", 400, user=alice, channel=ch, text="/farm new strict_trades:maybe"
        )
        assert "true or false" in bad["error"]

        async with client.session.ws_connect(
            f"{client.base.replace('http', 'ws')}/ws?user={bob}"
        ) as ws:
            await client.post(
                "/api/command", user=alice, channel=ch, text="/farm new strict_trades:true"
            )
            lobby = (await client.get(f"/api/messages?channel={ch}&user={alice}"))[-1]
            assert "Super Farmer" in lobby["html"] and lobby["used"]["command"] == "farm new"
            buttons = [b for row in lobby["components"] for b in row["children"]]
            join = next(b for b in buttons if b["label"] == "Join")
            await client.post(
                "/api/click", user=bob, message=lobby["id"], custom_id=join["custom_id"]
            )
            start = next(b for b in buttons if b["label"] == "Start")
            before = len(boards(fake, world.channel))
            await client.post(
                "/api/click", user=alice, message=lobby["id"], custom_id=start["custom_id"]
            )
            await until(lambda: len(boards(fake, world.channel)) > before)

            # the bot's own autocomplete, for the player whose turn it is (and nobody else)
            moves = await client.post("/api/suggest", user=alice, channel=ch, text="/farm move r")
            assert any(s["text"] == "/farm move roll " for s in moves["suggestions"])
            none = await client.post("/api/suggest", user=bob, channel=ch, text="/farm move r")
            assert none["suggestions"] == [] and none["enter"] == "send"

            board = (await client.get(f"/api/messages?channel={ch}&user={alice}"))[-1]
            assert board["embeds"][0]["image"]["url"].startswith("/files/")
            assert board["attachments"] == [], "the picture is shown once, in its embed"
            async with client.session.get(client.base + board["embeds"][0]["image"]["url"]) as r:
                assert r.headers["Content-Type"] == "image/png"
                assert (await r.read())[:4] == b"\x89PNG"
            roll = next(
                b
                for row in board["components"]
                for b in row["children"]
                if b.get("label") == "Roll the dice"
            )
            refused = await client.post(
                "/api/click", user=bob, message=board["id"], custom_id=roll["custom_id"]
            )
            assert "modal" not in refused and "failed" not in refused
            seen_by_bob = await client.get(f"/api/messages?channel={ch}&user={bob}")
            seen_by_alice = await client.get(f"/api/messages?channel={ch}&user={alice}")
            assert seen_by_bob[-1]["ephemeral"] and "not your turn" in seen_by_bob[-1]["html"]
            assert not any(m["ephemeral"] for m in seen_by_alice)

            # bob's page heard everything live, his refusal included
            events = []
            while True:
                try:
                    frame = await asyncio.wait_for(ws.receive(), 0.5)
                except TimeoutError:
                    break
                events.append(json.loads(frame.data))
            texts = [e["message"]["html"] for e in events if e["type"] == "message"]
            assert any("Super Farmer" in t for t in texts)
            assert any("not your turn" in t for t in texts)

            # the "Type a move" button opens the bot's modal as a form; submitting it moves
            typing = next(
                b
                for row in board["components"]
                for b in row["children"]
                if b.get("label") == "Type a move"
            )
            opened = await client.post(
                "/api/click", user=alice, message=board["id"], custom_id=typing["custom_id"]
            )
            form = opened["modal"]
            assert "Super Farmer" in form["title"] and form["fields"][0]["custom_id"] == "move"
            before = len(boards(fake, world.channel))
            await client.post(
                "/api/modal", user=alice, interaction=form["interaction"], values={"move": "roll"}
            )
            await until(lambda: len(boards(fake, world.channel)) > before)
            await fake.settle()


async def test_new_players_and_channels(fake: FakeDiscord, client: Client) -> None:
    user = await client.post("/api/users", name="  dusty   rhodes ")
    assert user["name"] == "dusty rhodes" and user["initials"] == "DR"
    again = await client.post("/api/users", 400, name="Dusty Rhodes")
    assert "already" in again["error"]
    channel = await client.post("/api/channels", name="#Hay Loft!")
    assert channel["name"] == "hay-loft"
    assert fake.world.channels[int(channel["id"])].name == "hay-loft"
    again = await client.post("/api/channels", 400, name="hay loft")
    assert "already" in again["error"]
    assert channel_name("  ") == ""


def test_markdown_is_escaped_and_names_mentions() -> None:
    names = {("user", 1): "alice", ("channel", 5): "farmyard", ("role", 9): "Wranglers"}

    def resolve(kind: str, ident: int) -> str | None:
        return names.get((kind, ident))

    html = render("**bob** played `roll` <@1> <#5> <@&9> <script>x</script>", resolve)
    assert "<strong>bob</strong>" in html and "<code>roll</code>" in html
    assert ">@alice<" in html and 'data-channel="5">#farmyard<' in html and "@Wranglers" in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert (
        render("\\*not italic\\* 6 rabbits → 1 sheep", resolve)
        == "*not italic* 6 rabbits → 1 sheep"
    )
    linked = render("[click me](https://evil.example/x)", resolve)
    assert "href" not in linked and "click me" in linked
    assert render("```\n<b>\n```", resolve) == "<pre><code>&lt;b&gt;</code></pre>"
    assert 'class="md-quote"' in render("> quoted", resolve)


def test_command_line_grammar() -> None:
    move = CommandPath(
        "farm move", "Make a move", [{"name": "action", "type": 3, "required": True}]
    )
    new = CommandPath(
        "farm new",
        "Open a lobby",
        [{"name": "strict_trades", "type": 5}, {"name": "players", "type": 4}],
    )
    paths = [move, new]
    typed = parse("/farm move trade 6 rabbit for 1 sheep", paths)
    assert typed.path is move and [(s.name, s.value) for s in typed.segments] == [
        ("action", "trade 6 rabbit for 1 sheep")
    ]
    named = parse("/farm move action:roll", paths)
    assert [(s.name, s.value) for s in named.segments] == [("action", "roll")]
    opts = parse("/farm new strict_trades:true players: 3", paths)
    assert [(s.name, s.value) for s in opts.segments] == [
        ("strict_trades", "true"),
        ("players", "3"),
    ]
    assert parse("/farm new hello", paths).error is not None
    assert parse("/farm new players:2 players:3", paths).error is not None
    unknown = parse("/far", paths)
    assert unknown.path is None and unknown.prefix == "far"


async def test_views_show_outside_pictures_as_text_only(fake: FakeDiscord, world: World) -> None:
    views = Views(fake, world.guild)
    shown = views.embed(
        {"title": "x", "image": {"url": "https://evil.example/tracker.png"}}, files={}
    )
    assert "image" not in shown and shown["image_elsewhere"] == "https://evil.example/tracker.png"
    link = views.component({"type": 2, "style": 5, "label": "Docs", "url": "https://example.com"})
    assert link["style"] == "link" and link["custom_id"] is None


async def test_emulator_reports_changes_to_observers(fake: FakeDiscord, world: World) -> None:
    seen: list[tuple[str, Any]] = []
    undo = fake.observe(lambda kind, subject: seen.append((kind, subject)))
    channel = fake.create_text_channel(world.guild, "tack-room")
    dusty = fake.create_user("dusty")
    fake.add_member(world.guild, dusty)
    with fake.without_settling():
        said = await fake.say(world.alice, channel, "howdy")
    fake.violate("example_rule", "a breach the page shows")
    assert [k for k, _ in seen] == ["channel", "member", "message", "violation"]
    assert seen[0][1] is channel and seen[1][1].user is dusty and seen[2][1] is said
    fake.take_violations("example_rule")
    undo()
    fake.create_text_channel(world.guild, "feed-store")
    assert len(seen) == 4, "no reports after undo"


async def test_a_player_and_the_server_pick_their_language(
    fake: FakeDiscord, world: World, client: Client
) -> None:
    state = await client.get("/api/state")
    assert state["server"]["locale"] == "en-US"
    values = [loc["value"] for loc in state["locales"]]
    assert {"en-US", "pl", "qps"} <= set(values)
    assert {"value": "pl", "name": "Polski"} in state["locales"]
    alice = str(world.alice.id)
    assert next(u for u in state["users"] if u["id"] == alice)["locale"] == "en-US"
    user = await client.post("/api/users/locale", user=alice, locale="pl")
    assert user["locale"] == "pl" and world.alice.locale == "pl"
    server = await client.post("/api/server/locale", locale="pl")
    assert server["locale"] == "pl" and world.guild.locale == "pl"
    wrong = await client.post("/api/users/locale", 400, user=alice, locale="klingon")
    assert "language" in wrong["error"] and world.alice.locale == "pl"
    await client.post("/api/server/locale", 400, locale=7)
    assert world.guild.locale == "pl", "a refused choice changes nothing"


async def test_a_group_dm_opens_from_the_page_and_hosts_a_casual_table(
    fake: FakeDiscord, world: World, database: Path, client: Client
) -> None:
    alice, bob, carol = str(world.alice.id), str(world.bob.id), str(world.carol.id)
    async with running(fake, database):
        group = await client.post("/api/group-dms", owner=alice, people=["@bob", "@carol"])
        assert group["type"] == 3 and set(group["members"]) == {alice, bob, carol}
        listed = (await client.get("/api/state"))["channels"]
        assert any(c["id"] == group["id"] for c in listed)
        bad = await client.post("/api/group-dms", 400, owner=alice, people=["@nobody"])
        assert "nobody" in bad["error"]
        await client.post("/api/command", user=alice, channel=group["id"], text="/farm new")
        lobby = (await client.get(f"/api/messages?channel={group['id']}&user={carol}"))[-1]
        assert "Super Farmer" in lobby["html"] and not lobby["ephemeral"]
        join = next(
            b for row in lobby["components"] for b in row["children"] if b["label"] == "Join"
        )
        await client.post("/api/click", user=bob, message=lobby["id"], custom_id=join["custom_id"])
        joined = (await client.get(f"/api/messages?channel={group['id']}&user={bob}"))[-1]
        assert "bob" in joined["html"]
