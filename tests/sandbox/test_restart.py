"""Restarting ``python -m bot --sandbox`` keeps its world: channels, players, messages, boards.

A real process is started, played through the page's own HTTP API, stopped with SIGTERM in the
middle of a match and started again on the same database: everything is listed under the same
ids, the board picture still loads and the old board's buttons carry the match on.
"""

from __future__ import annotations

import logging
import signal
import urllib.request
from pathlib import Path

import pytest

from bot.__main__ import QuietVoice, quiet_voice_warnings
from tests.sandbox.api import PageApi, live_match, move, start_game
from tests.sandbox.browser import sandbox_process

SEED = 85


def test_a_restart_keeps_channels_players_boards_and_the_match(tmp_path: Path) -> None:
    with sandbox_process(tmp_path, SEED, run=1) as first:
        api = PageApi(first.url)
        before = api.get("/api/state")
        ids = {u["username"]: u["id"] for u in before["users"]}
        carol = api.post("/api/users", name="carol")["id"]
        corral = api.post("/api/channels", name="corral")["id"]
        alice, bob = ids["alice"], ids["bob"]
        start_game(api, corral, alice, bob)
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
        assert board["id"] != last_board["id"], "a new board"
        assert any(word in board["html"] for word in ("rolled", "traded", "played")), "told"

        assert live_match(second.database, corral)["ply"] == ply + 1
        # a new channel after the restart gets a fresh id, not one already used
        arena = api.post("/api/channels", name="arena")["id"]
        assert arena not in {c["id"] for c in kept["channels"]}
        assert int(arena) > max(int(m["id"]) for m in again)
        assert second.stop(signal.SIGTERM) == 0
    log = second.log_text()
    assert "Traceback" not in log and "Discord would refuse" not in log, log[-3000:]
    assert "kept world" in log


def test_voice_library_notes_are_dropped_and_other_warnings_kept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    quiet_voice_warnings()
    quiet_voice_warnings()  # twice is harmless
    client_log = logging.getLogger("discord.client")
    assert sum(isinstance(f, QuietVoice) for f in client_log.filters) == 1
    with caplog.at_level(logging.INFO, logger="discord.client"):
        client_log.warning("PyNaCl is not installed, voice will NOT be supported")
        client_log.warning("davey is not installed, voice will NOT be supported")
        client_log.warning("Shard ID %s has stopped responding to the gateway.", 0)
    assert [r.getMessage() for r in caplog.records] == [
        "Shard ID 0 has stopped responding to the gateway."
    ]
