"""Who reads which language, part by part: each player's language as last seen, the command
translator, a new match's language and a rematch's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Where

import cogs.base
import games
import words
from bot import rematch
from bot.command_words import TEXT_LIMIT, Translations, described, titled
from bot.locales import Readers, reader_locale, server_locale
from bot.matches import MatchService, Refusal
from bot.store import StorageError, Store, open_store
from bot.texts import said
from cogs.base import language_choices, match_language, native_name, rules_page
from games.base import NotYourTurn

ALICE, BOB = 11, 22


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    db = await open_store(tmp_path / "ranchhand.sqlite3")
    try:
        yield db
    finally:
        await db.close()


def interaction(user: int = ALICE, locale: str = "en-US", guild: str | None = "en-US") -> Any:
    return SimpleNamespace(
        user=SimpleNamespace(id=user),
        locale=discord.Locale(locale) if locale != words.PSEUDO else locale,
        guild_locale=None if guild is None else discord.Locale(guild),
        client=None,
    )


async def test_a_players_language_is_remembered_once_and_read_back(store: Store) -> None:
    writes: list[tuple[int, str]] = []
    real = store.settings.set_user_locale

    async def counted(user_id: int, locale: str) -> None:
        writes.append((user_id, locale))
        await real(user_id, locale)

    store.settings.set_user_locale = counted  # type: ignore[method-assign]
    readers = Readers(lambda: store)
    assert await readers.of(BOB) == "en", "never seen: English"
    for _ in range(3):
        assert readers.seen(interaction(BOB, "pl")) == "pl"
        assert words.current() == "pl", "the reader's language is the active one"
        assert await readers.of(BOB) == "pl"
    await readers.settled()
    assert writes == [(BOB, "pl")], "stored when it changes, not on every click"
    assert await Readers(lambda: store).of(BOB) == "pl", "another process reads it back"
    readers.seen(interaction(BOB, "de"))  # not shipped: English
    await readers.settled()
    assert await Readers(lambda: store).of(BOB) == "en"


async def test_a_database_fault_does_not_stop_the_answer(store: Store) -> None:
    async def broken(user_id: int) -> str | None:
        raise StorageError("the database is busy", kind="busy")

    working = store.settings.user_locale
    store.settings.user_locale = broken  # type: ignore[method-assign]
    readers = Readers(lambda: store)
    assert readers.seen(interaction(BOB, "pl")) == "pl", "answered all the same"
    await readers.settled()
    store.settings.user_locale = working  # type: ignore[method-assign]
    readers.seen(interaction(BOB, "pl"))  # not stored yet: tried again
    await readers.settled()
    assert await store.settings.user_locale(BOB) == "pl"


def test_discord_locales_map_to_shipped_ones() -> None:
    assert reader_locale(interaction(locale="pl")) == "pl"
    assert reader_locale(interaction(locale="en-GB")) == "en"
    assert reader_locale(interaction(locale="pt-BR")) == "en", "not shipped: English"
    assert reader_locale(interaction(locale=words.PSEUDO)) == words.PSEUDO
    assert server_locale(interaction(guild="pl")) == "pl"
    assert server_locale(interaction(guild=None)) == "en"


def test_a_new_match_is_in_the_chosen_language_else_the_servers_when_shipped() -> None:
    assert match_language(interaction(guild="pl"), None) == "pl"
    assert match_language(interaction(guild="pl"), "en") == "en"
    assert match_language(interaction(guild="fr"), None) == "en"
    assert match_language(interaction(guild=None), None) == "en"
    assert native_name("pl") == "Polski" and native_name("en") == "English"
    assert [c.value for c in language_choices()] == list(words.SHIPPED)
    assert language_choices(pseudo=True)[-1].value == words.PSEUDO


def test_refusals_are_worded_for_their_reader() -> None:
    err = NotYourTurn("rules.not_your_turn", waiting=["alice", "bob"])
    with words.use(words.PSEUDO):
        assert said(err).startswith("⟦") and "alice" in said(err)
        assert said(Refusal("plain")) == "plain"
    assert said(err) == "It is not your turn; waiting on alice and bob."


async def translate(text: app_commands.locale_str, locale: str, where: Where) -> str | None:
    context = TranslationContext(location=where, data=None)
    return await Translations().translate(text, discord.Locale(locale), context)  # type: ignore[arg-type]


async def test_commands_are_described_in_each_shipped_language_and_named_in_english() -> None:
    text = described("Take a seat in the lobby here.")
    assert text.message == "Take a seat in the lobby here."
    polish = await translate(text, "pl", Where.command_description)
    assert polish == "Zajmij miejsce w tutejszej poczekalni."
    assert await translate(text, "en-GB", Where.command_description) is None
    assert await translate(text, "fr", Where.command_description) is None, "not shipped"
    assert await translate(text, "pl", Where.command_name) is None, "names stay English"
    plain = app_commands.locale_str("English")
    assert await translate(plain, "pl", Where.choice_name) is None, "not from the catalogue"
    title = games.get("farm").title
    opened = described("Open a {title} lobby in this channel.", game="farm")
    assert opened.message == f"Open a {title} lobby in this channel."
    with words.use("pl"):
        polish_title = games.get("farm").narrator.text(title)
    assert polish_title in (await translate(opened, "pl", Where.command_description) or "")
    assert titled("farm").message == title


async def test_every_described_text_fits_discords_limit() -> None:
    long = described("{help} (default {default})", game="farm", help="word " * 40, default="on")
    assert len(long.message) <= TEXT_LIMIT and long.message.endswith("…")
    assert not long.message[:-1].endswith(" "), "cut at a word"


async def test_a_rematch_keeps_the_matchs_language(store: Store) -> None:
    service = MatchService(store, seed_source=lambda: 85)
    old = await service.create(
        "farm", guild_id=77, channel_id=501, user_id=ALICE, name="alice", language="pl"
    )
    await service.close(old.id)
    new = await rematch._open(service, await service.get(old.id), ALICE)
    assert new.id != old.id and new.language == "pl"


def test_the_rules_page_is_attached_in_the_readers_language_when_there_is_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pl").mkdir()
    (tmp_path / "farm.md").write_text("# Super Farmer")
    (tmp_path / "pl" / "farm.md").write_text("# Superfarmer")
    (tmp_path / "cattle.md").write_text("# Cattle Baron")
    monkeypatch.setattr(cogs.base, "RULES_PAGES", tmp_path)
    assert rules_page("farm", "pl") == b"# Superfarmer"
    assert rules_page("farm") == b"# Super Farmer"
    assert rules_page("cattle", "pl") == b"# Cattle Baron", "no Polish page yet: English"
    assert rules_page("horseplay", "pl") is None
