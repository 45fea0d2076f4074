"""The sandbox page's JSON API as its JavaScript calls it, for tests that drive a running
``python -m bot --sandbox`` without a browser (or set one up before a browser looks)."""

from __future__ import annotations

import json
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import games

FARM = games.get("farm")


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


def live_match(database: Path, channel_id: str) -> dict[str, Any]:
    """The newest match in a channel, read from the sandbox's own SQLite file."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as conn:
        conn.row_factory = sqlite3.Row
        row = conn.execute(
            "SELECT id, game, status, ply, state FROM matches WHERE channel_id = ? "
            "ORDER BY id DESC LIMIT 1",
            (int(channel_id),),
        ).fetchone()
        assert row is not None, "no match in that channel"
        seats = conn.execute(
            "SELECT seat, name FROM seats WHERE match_id = ? ORDER BY seat", (row["id"],)
        ).fetchall()
    return {**dict(row), "seats": {s["seat"]: s["name"] for s in seats}}


def start_game(
    api: PageApi, channel: str, host: str, guest: str, game: str = "farm"
) -> dict[str, Any]:
    """``host`` opens a lobby of ``game``, ``guest`` joins, ``host`` starts: the first board."""
    api.post("/api/command", user=host, channel=channel, text=f"/{game} new")
    lobby = until(lambda: api.messages(channel, host), "the lobby")[-1]
    api.post("/api/click", user=guest, message=lobby["id"], custom_id=button(lobby, label="Join"))
    until(
        lambda: any(m["id"] == lobby["id"] and m["edited"] for m in api.messages(channel, host)),
        "the lobby to show the new player",
    )
    api.post("/api/click", user=host, message=lobby["id"], custom_id=button(lobby, label="Start"))
    return until(lambda: api.boards(channel, host), "the first board")[-1]
