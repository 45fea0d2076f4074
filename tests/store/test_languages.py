"""Schema 4: languages (each match's, each player's as last seen), and a database written before
events were data, opened by this version: its old rows are shown as they were."""

from __future__ import annotations

import json

import pytest

import bot.store.store as store_module
from bot.matches import MatchService
from bot.store import open_store
from bot.store.schema import MIGRATIONS
from bot.texts import story_lines
from games.base import SAID, Event

ALICE, BOB = 1_180_000_000_000_000_011, 1_180_000_000_000_000_022
OLD_LOG = "alice rolled sheep and rabbit."
OLD_STORY = "alice's herd bred 1 sheep."


async def old_database(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database as the version before languages left it (schema 3), with a match whose
    action log holds its events as plain text and whose outbox holds ``{"text": ...}``."""
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "MIGRATIONS", {n: MIGRATIONS[n] for n in (1, 2, 3)})
        db = await open_store(store_url)
        assert await db.version() == 3
        await db.execute(
            "INSERT INTO matches (id, game, guild_id, channel_id, status, host_id, seed, ply, "
            "options, created_at, updated_at) VALUES (7, 'farm', 77, 501, 'lobby', ?, 85, 1, "
            "'{}', 1.0, 2.0)",
            (ALICE,),
        )
        for seat, (user, name) in enumerate(((ALICE, "alice"), (BOB, "bob"))):
            await db.execute(
                "INSERT INTO seats (match_id, seat, user_id, name, joined_at) "
                "VALUES (7, ?, ?, ?, 1.0)",
                (seat, user, name),
            )
        await db.execute(
            "INSERT INTO actions (match_id, ply, seat, user_id, notation, events, at) "
            "VALUES (7, 1, 0, ?, 'roll', ?, 2.0)",
            (ALICE, json.dumps([OLD_LOG])),
        )
        story = {"kind": "move", "plays": [[0, "roll"]], "events": [{"text": OLD_STORY}]}
        await db.execute(
            "INSERT INTO outbox (match_id, ply, channel_id, payload, created_at, next_try_at) "
            "VALUES (7, 1, 501, ?, 2.0, 2.0)",
            (json.dumps(story),),
        )
        await db.execute("INSERT INTO user_settings (user_id, settings) VALUES (?, '{}')", (BOB,))
        await db.close()


async def test_an_old_database_gets_languages_and_shows_its_old_events_as_they_were(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await old_database(store_url, monkeypatch)
    db = await open_store(store_url)
    try:
        assert await db.version() == max(MIGRATIONS) >= 4
        service = MatchService(db, seed_source=lambda: 85)
        match = await service.get(7)
        assert match.language == "en", "a match from before is English"
        (row,) = await service.history(7)
        assert row["events"] == (Event.said(OLD_LOG),)
        assert row["events"][0].kind == SAID
        (stored,) = await db.outbox.stories(7, 0, 1)
        lines = story_lines(match, [json.loads(stored.payload)])
        assert lines == [OLD_STORY], "told once, by its old words"
        # languages as last seen: none yet, even for a player with settings from before
        assert (
            await db.settings.user_locale(BOB) is None
            and await db.settings.user_locale(ALICE) is None
        )
        await db.settings.set_user_locale(BOB, "pl")
        await db.settings.set_user_locale(ALICE, "pl")
        await db.settings.set_user_locale(ALICE, "en")
        assert (await db.settings.user_locale(BOB), await db.settings.user_locale(ALICE)) == (
            "pl",
            "en",
        )
        assert await db.settings.user_settings(BOB) == {}, "the other settings are kept"
        # a new match keeps the language it was opened in
        polish = await service.create(
            "farm", guild_id=77, channel_id=502, user_id=BOB, name="bob", language="pl"
        )
        assert (await service.get(polish.id)).language == "pl"
    finally:
        await db.close()


async def test_events_as_data_and_every_older_form_are_read_alike(store_url: str) -> None:
    db = await open_store(store_url)
    try:
        service = MatchService(db, seed_source=lambda: 85)
        match = await service.create(
            "farm", guild_id=77, channel_id=501, user_id=ALICE, name="alice"
        )
        await service.join(501, "farm", user_id=BOB, name="bob")
        match = await service.start(501, "farm", user_id=ALICE)
        (seat,) = match.to_act()
        result = await service.act(match.id, match.seats[seat].user_id, text="roll")
        (row,) = await service.history(match.id)
        assert row["events"] == result.events, "stored as data, read back as data"
        assert all(isinstance(e, Event) and e.kind for e in row["events"])
    finally:
        await db.close()
