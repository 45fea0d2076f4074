"""Restarting ``python -m bot --sandbox`` keeps its world: channels, players, messages, boards.

A real process is started, played through the page's own HTTP API, stopped with SIGTERM in the
middle of a match and started again on the same database: everything is listed under the same
ids, the board picture still loads and the old board's buttons carry the match on.
"""

from __future__ import annotations

import json
import signal
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import games
from tests.sandbox.browser import sandbox_process
from tests.sandbox.test_sandbox import live_match

FARM = games.get("farm")
SEED = 85


class PageApi:
    """The page's JSON API, as its JavaScript calls it."""

    def __init__(self, url: str) -> None:
        self.base = url.rstrip("/")

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as reply:
            return json.loads(reply.read())

    def post(self, path: str, **body: Any) -> Any:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=20) as reply:
                return json.loads(reply.read())
        except urllib.error.HTTPError as err:
            raise AssertionError(f"{path} answered {err.code}: {err.read()[:300]!r}") from None

    def messages(self, channel: str, user: str) -> list[dict[str, Any]]:
        return list(self.get(f"/api/messages?channel={channel}&user={user}"))

    def boards(self, channel: str, user: str) -> list[dict[str, Any]]:
        return [m for m in self.messages(channel, user) if any(e.get("image") for e in m["embeds"])]


def until(condition: Callable[[], Any], what: str, timeout: float = 15.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)
    return value


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message["components"] for c in row.get("children", [])]


def button(message: dict[str, Any], *, label: str | None = None, suffix: str = "") -> str:
    for b in buttons(message):
        if b["kind"] != "button" or not b["custom_id"] or b["disabled"]:
            continue
        if (label is None or b["label"] == label) and b["custom_id"].endswith(suffix):
            return str(b["custom_id"])
    raise AssertionError(f"no button {label or suffix} on {message['id']}")


def move(api: PageApi, database: Path, channel: str, ids: dict[str, str]) -> dict[str, Any]:
    """The player to act presses the newest board's button for their first legal move."""
    match = live_match(database, channel)
    state = FARM.load(json.loads(match["state"]))
    seat = FARM.to_act(state)[0]
    user = ids[match["seats"][seat]]
    boards = api.boards(channel, user)
    board = boards[-1]
    api.post(
        "/api/click", user=user, message=board["id"], custom_id=button(board, suffix=f":{seat}:0")
    )
    until(lambda: len(api.boards(channel, user)) > len(boards), "the next board")
    until(lambda: live_match(database, channel)["ply"] == match["ply"] + 1, "the move stored")
    return api.boards(channel, user)[-1]


def test_a_restart_keeps_channels_players_boards_and_the_match(tmp_path: Path) -> None:
    with sandbox_process(tmp_path, SEED, run=1) as first:
        api = PageApi(first.url)
        before = api.get("/api/state")
        ids = {u["username"]: u["id"] for u in before["users"]}
        carol = api.post("/api/users", name="carol")["id"]
        corral = api.post("/api/channels", name="corral")["id"]
        alice, bob = ids["alice"], ids["bob"]
        api.post("/api/command", user=alice, channel=corral, text="/farm new")
        lobby = until(lambda: api.messages(corral, alice), "the lobby")[-1]
        api.post("/api/click", user=bob, message=lobby["id"], custom_id=button(lobby, label="Join"))
        until(lambda: "bob" in api.messages(corral, alice)[-1]["html"], "bob in the lobby")
        api.post(
            "/api/click", user=alice, message=lobby["id"], custom_id=button(lobby, label="Start")
        )
        until(lambda: api.boards(corral, alice), "the first board")
        ids["carol"] = carol
        move(api, first.database, corral, ids)
        move(api, first.database, corral, ids)
        kept = api.get("/api/state")
        shown = api.messages(corral, alice)
        last_board = api.boards(corral, alice)[-1]
        ply = live_match(first.database, corral)["ply"]
        assert first.stop(signal.SIGTERM) == 0, first.log_text()[-3000:]
    log = first.log_text()
    assert "Traceback" not in log and "Discord would refuse" not in log, log[-3000:]
    assert "voice will NOT be supported" not in log, "the bot has no voice; nothing to warn about"
    assert (tmp_path / "sandbox.world.json").is_file()

    with sandbox_process(tmp_path, SEED, run=2) as second:
        api = PageApi(second.url)
        state = api.get("/api/state")
        # the same server, channels and players, under the same ids
        assert state["server"] == kept["server"]
        assert state["channels"] == kept["channels"]
        assert {u["id"] for u in state["users"]} == {u["id"] for u in kept["users"]}
        assert "carol" in {u["name"] for u in state["users"]}
        # the same messages, and the board picture is still there
        again = api.messages(corral, alice)
        assert [m["id"] for m in again] == [m["id"] for m in shown]
        assert [m["html"] for m in again] == [m["html"] for m in shown]
        picture = api.base + again[-1]["embeds"][0]["image"]["url"]
        with urllib.request.urlopen(picture, timeout=5) as reply:
            assert reply.headers["Content-Type"] == "image/png"
            assert reply.read(8) == b"\x89PNG\r\n\x1a\n"
        # the board from before the restart still plays, and the match goes on
        assert api.boards(corral, alice)[-1]["id"] == last_board["id"]
        board = move(api, second.database, corral, ids)
        assert board["id"] != last_board["id"] and "played" in board["html"]
        assert live_match(second.database, corral)["ply"] == ply + 1
        # a new channel after the restart gets a fresh id, not one already used
        arena = api.post("/api/channels", name="arena")["id"]
        assert arena not in {c["id"] for c in kept["channels"]}
        assert int(arena) > max(int(m["id"]) for m in again)
        assert second.stop(signal.SIGTERM) == 0
    log = second.log_text()
    assert "Traceback" not in log and "Discord would refuse" not in log, log[-3000:]
    assert "kept world" in log
