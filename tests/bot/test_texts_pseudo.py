"""The bot's own texts in the pseudo-locale: every piece of English is worded through the
catalogue (a word left unmarked would be English a Polish player reads)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
import words
from bot.clock import ClockSettings, SettingsError
from bot.lobby import seats_at_most
from bot.texts import board_embed, compose, lobby_text, said, story_lines
from cogs.base import rules_embed
from games.base import NotYourTurn
from tests.bot.test_texts import farm_match
from tests.words_pseudo import embed_texts, unmarked_english

NAMES = ("alice", "bob", "carol")


def _clean(text: str) -> None:
    left = unmarked_english(text, NAMES)
    assert not left, f"unmarked English {left} in {text!r}"


def test_the_helper_finds_english_outside_the_marks() -> None:
    with words.use(words.PSEUDO):
        marked = words.domain("bot").gettext("The board:")
    assert unmarked_english(f"{marked} <@12> `roll` alice 42", NAMES) == []
    assert unmarked_english(f"{marked} Nobody wins", NAMES) == ["Nobody", "wins"]


def test_a_board_tells_its_story_in_the_pseudo_locale() -> None:
    match = farm_match("active", seats=3)
    stories = [
        {"kind": "start", "events": []},
        {"kind": "move", "plays": [[0, "roll"]], "events": []},
        {"kind": "move", "plays": [[1, "roll"], [2, "pass"]], "events": []},
        {"kind": "deadline", "plays": [[0, "roll"]], "events": []},
        {"kind": "forfeit", "plays": [[2, "(forfeit)"]], "events": []},
    ]
    with words.use(words.PSEUDO):
        text = compose(match, story_lines(match, stories))
        embed = board_embed(match, filename="farm-7-4.png")
    assert len(text.splitlines()) == 7
    _clean(text)
    for part in embed_texts(embed):
        _clean(part)


@pytest.mark.parametrize("status", ["finished", "abandoned"])
def test_a_final_board_says_how_the_match_ended(status: str) -> None:
    match = farm_match(status)
    if status == "finished":
        dump = games.get("farm").dump(match.state)
        match = replace(match, state=games.get("farm").load({**dump, "winners": [0, 1]}))
    with words.use(words.PSEUDO):
        text = compose(match, [], ended_by="**alice**")
    assert text.startswith("⟦")
    _clean(text)


def test_the_lobby_message_in_the_pseudo_locale() -> None:
    lobby = farm_match("lobby", started=False, seats=1)
    lobby = replace(lobby, clock=ClockSettings(reminder_hours=0, deadline_hours=None))
    with words.use(words.PSEUDO):
        texts = [lobby_text(lobby), lobby_text(farm_match("lobby", started=False, seats=2))]
        texts.append(lobby_text(farm_match("abandoned", started=False), end=None))
        texts.append(lobby_text(farm_match("active")))
    for text in texts:
        _clean(text)


def test_refusals_in_the_pseudo_locale() -> None:
    with words.use(words.PSEUDO):
        texts = [
            said(NotYourTurn("rules.not_your_turn", waiting=["bob"])),
            said(SettingsError("clock.quiet_range")),
            seats_at_most(games.get("farm")),
        ]
        with pytest.raises(SettingsError) as caught:
            ClockSettings(reminder_hours=-1)
        texts.append(said(caught.value))
    assert all(t.startswith("⟦") for t in texts)
    for text in texts:
        _clean(text)


@pytest.mark.parametrize("key", sorted(games.RULESETS))
def test_the_rules_page_chrome_in_the_pseudo_locale(key: str) -> None:
    rules = games.get(key)
    with words.use(words.PSEUDO):
        embeds = [
            rules_embed(rules, None, url="https://example.org/rules"),
            rules_embed(rules, None, attached=True),
        ]
    for embed in embeds:
        assert embed.title and embed.title.startswith("⟦")
        for part in embed_texts(embed):
            _clean(part)


def test_lobby_and_question_buttons_in_the_pseudo_locale() -> None:
    from bot import ui

    lobby = farm_match("lobby", started=False)
    with words.use(words.PSEUDO):
        views = [ui.lobby_view(lobby), ui.abandon_view(lobby, 1000)]
        views.append(ui.rematch_view(farm_match("finished")))
    labels = [
        getattr(item, "label", None) or getattr(getattr(item, "item", None), "label", None)
        for view in views
        if view is not None
        for item in view.children
    ]
    assert len([label for label in labels if label]) >= 8
    for label in labels:
        if label:
            _clean(label)
            assert label.startswith("⟦")
