"""Super Farmer's words: events and refusals are data, and the narrator tells every one of them
in English, Polish and the pseudo-locale; Polish counts take the right plural form and the
menu's Polish labels fit Discord's limits."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from farm_kit import ALICE, BOB, RULES, move, roll, setup, texts

import words
from games.base import Event, GameError, Outcome, refusal_words
from games.farm import ANIMALS, FOX_DIE, WOLF_DIE
from games.farm import talk_animals as animals
from games.farm.talk_errors import WORDS
from games.rng import SeededRng

LOCALES = ("en", "pl", words.PSEUDO)
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
#: every string an event's data may hold: animal keys, die faces, what a predator did
VOCABULARY = {*ANIMALS, *FOX_DIE, *WOLF_DIE, "fox", "wolf", "dog", "ate", "nothing"}
SOURCE = Path(__file__).resolve().parents[2] / "games" / "farm"


def _strings(value: Any) -> list[str]:
    """Every text value inside an event's data (field names left out)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def playout(seed: int, players: int) -> tuple[list[Event], list[GameError], Outcome, list[str]]:
    """A random game: its events, some refused moves, its outcome and its players."""
    pick = random.Random(seed)
    state = RULES.new_game(NAMES[:players], rng=SeededRng(seed))
    events: list[Event] = []
    refused: list[GameError] = []
    for ply in range(3000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        if ply % 7 == 0:
            for text in ("trade 6 rabbit for 1 horse", "offer 1 horse for 1 cow to 9", "accept"):
                try:
                    RULES.parse_action(state, seat, text)
                except GameError as err:
                    refused.append(err)
        if ply == 40 and players > 2:
            step = RULES.resign(state, (seat + 1) % players, rng=SeededRng(seed, ply))
        else:
            action = pick.choice(RULES.legal_actions(state, seat))
            step = RULES.apply(state, seat, action, rng=SeededRng(seed, ply))
        events.extend(step.events)
        state = step.state
    outcome = RULES.outcome(state)
    assert outcome is not None
    return events, refused, outcome, list(state.names)


def _unmarked(text: str, names: list[str]) -> list[str]:
    """Plain English words in a pseudo-locale text (names and `notation` left out)."""
    for name in names:
        text = text.replace(name, "")
    text = re.sub(r"`[^`]*`", "", text)
    return re.findall(r"[A-Za-z]{3,}", text)


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 6), (4, 4)])
def test_events_are_data_and_every_one_is_told_in_every_language(seed: int, players: int) -> None:
    events, refused, outcome, names = playout(seed, players)
    kinds = {e.kind for e in events}
    assert {"roll", "breed", "win"} <= kinds or "last_left" in kinds
    for event in events:
        stored = json.loads(json.dumps(event.to_dict()))
        assert Event.from_dict(stored) == event
        assert set(_strings(dict(event.data))) <= VOCABULARY, event  # no names, no sentences
    for locale in LOCALES:
        with words.use(locale):
            told = [RULES.narrator.event(e, names) for e in events]
            told += [refusal_words(err) for err in refused]
            told.append(RULES.narrator.outcome(outcome, names))
        for text in told:
            assert text and "{" not in text, (locale, text)
            if locale == words.PSEUDO:
                assert not _unmarked(text, names), text


def test_every_error_code_raised_is_worded() -> None:
    raised = set()
    for path in SOURCE.glob("*.py"):
        raised |= set(re.findall(r'"(farm\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    assert raised and raised <= set(WORDS), raised - set(WORDS)


def test_refusals_are_coded_and_worded_in_the_players_language() -> None:
    state = setup(alice={"rabbit": 5})
    with pytest.raises(GameError) as err:
        RULES.parse_action(state, ALICE, "trade 6 rabbit for 1 sheep")
    assert err.value.code == "farm.lacking"
    assert err.value.data == {"animal": "rabbit", "have": 5, "need": 6}
    assert str(err.value) == "You have only 5 rabbits, not 6."
    with words.use("pl"):
        assert refusal_words(err.value) == "Masz tylko 5 królików, a nie 6."
    with pytest.raises(GameError) as err:
        RULES.parse_action(state, ALICE, "trade 5 rabbit for 1 sheep")
    with words.use("pl"):
        assert refusal_words(err.value) == (
            "5 królików to 5 królików, a 1 owca to 6; wymiana musi być równej wartości."
        )


def test_a_typical_roll_reads_the_same_in_english_and_well_in_polish() -> None:
    state = setup(alice={"rabbit": 7, "sheep": 2, "pig": 3, "horse": 1})
    step = roll(state, ALICE, "horse", "wolf")
    assert texts(step) == [
        "alice rolled horse and wolf: the wolf ate 3 pigs, 2 sheep and 7 rabbits.",
        "alice's herd bred 1 horse.",
    ]
    names = RULES.players(step.state)
    with words.use("pl"):
        told = [RULES.narrator.event(e, names) for e in step.events]
    assert told[0].startswith("alice rzuca kośćmi: koń i wilk – wilk zjada 3 świnie, 2 owce")
    assert told[0].endswith("7 królików.")
    assert told[1] == "Stado gracza alice powiększa się o 1 konia."


def test_offers_and_answers_are_told_once_each() -> None:
    state = setup(alice={"rabbit": 6}, bob={"sheep": 1})
    offered = move(state, ALICE, "offer 6 rabbit for 1 sheep to bob")
    assert [e.kind for e in offered.events] == ["offer"]
    assert offered.events[0].data == {"by": 0, "to": 1, "give": {"rabbit": 6}, "get": {"sheep": 1}}
    accepted = move(offered.state, BOB, "accept")
    assert texts(accepted) == ["bob accepts: alice gives 6 rabbits for 1 sheep."]
    with words.use("pl"):
        assert RULES.narrator.event(accepted.events[0], ["alice", "bob"]) == (
            "bob przyjmuje: alice oddaje 6 królików za 1 owcę."
        )


@pytest.mark.parametrize(
    "n,rabbits,sheep",
    [
        (1, "1 królika", "1 owca"),
        (2, "2 króliki", "2 owce"),
        (5, "5 królików", "5 owiec"),
        (22, "22 króliki", "22 owce"),
        (112, "112 królików", "112 owiec"),
    ],
)
def test_polish_counts_take_the_right_plural_form(n: int, rabbits: str, sheep: str) -> None:
    with words.use("pl"):
        assert animals.counted(ANIMALS.index("rabbit"), n) == rabbits
        assert animals.subject({"sheep": n}) == sheep


def test_outcome_reasons_are_codes_worded_by_the_narrator() -> None:
    state = setup(alice={"rabbit": 1, "sheep": 1, "pig": 1, "cow": 1, "horse": 1})
    step = roll(state, ALICE, "rabbit", "rabbit")
    outcome = RULES.outcome(step.state)
    assert outcome is not None and outcome.reason == "herd"
    assert RULES.narrator.outcome(outcome, NAMES[:2]) == (
        "owns a rabbit, a sheep, a pig, a cow and a horse"
    )
    with words.use("pl"):
        assert (
            RULES.narrator.outcome(outcome, NAMES[:2]) == "ma królika, owcę, świnię, krowę i konia"
        )


@pytest.mark.parametrize("seed", [5, 6])
def test_polish_labels_fit_discord_over_every_legal_action_of_a_game(seed: int) -> None:
    pick = random.Random(seed)
    state = RULES.new_game(NAMES[:4], rng=SeededRng(seed))
    seen = 0
    for ply in range(1500):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        with words.use("pl"):
            for action in actions:
                choice = RULES.describe_action(state, seat, action)
                assert 0 < len(choice.label) <= 80, choice
                assert len(choice.note) <= 100 and len(choice.group or "") <= 100, choice
                assert "{" not in choice.label + choice.note, choice
                seen += 1
        state = RULES.apply(state, seat, pick.choice(actions), rng=SeededRng(seed, ply)).state
    assert seen > 500


def test_the_rules_texts_and_status_line_are_worded() -> None:
    state = setup(alice={"rabbit": 6})
    assert RULES.status_line(state) == "alice to trade or roll"
    with words.use("pl"):
        assert RULES.status_line(state) == "alice: wymiana lub rzut"
        assert RULES.narrator.text(RULES.title) == "Superfarmer"
        assert RULES.narrator.text(RULES.quick_start).startswith("`/farm new`, znajomi")
        helps = [RULES.narrator.text(s.help) for s in RULES.options_type.specs()]
        assert all(h and h not in {s.help for s in RULES.options_type.specs()} for h in helps)


def test_the_polish_rules_page_starts_with_the_polish_quick_start() -> None:
    page = (SOURCE.parents[1] / "docs" / "rules" / "pl" / "farm.md").read_text(encoding="utf-8")
    block = page.split("**Szybki start.** ", 1)[1].split("\n\n", 1)[0]
    with words.use("pl"):
        assert " ".join(block.split("\n")) == RULES.narrator.text(RULES.quick_start)


#: each action's verb as a stem found in its button (or menu title), its story and the picture's
#: strip, by language (Polish letters dropped); the notation's verb is the English stem
VERBS = {
    "roll": {"en": "roll", "pl": "rzuc"},
    "trade": {"en": "trade", "pl": "wymien"},
    "offer": {"en": "offer", "pl": "propon"},
    "accept": {"en": "accept", "pl": "przyjm"},
    "decline": {"en": "decline", "pl": "odrzuc"},
    "withdraw": {"en": "withdr", "pl": "wycof"},  # withdraws, withdrew
}


def _plain(text: str) -> str:
    from games.farm.aliases import plain

    return plain(text.lower())


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_one_verb_per_action_across_button_story_picture_and_typed_words(locale: str) -> None:
    from games.farm import aliases
    from games.farm.talk_board import story

    names = ["alice", "bob"]
    rich = setup(alice={"rabbit": 6}, bob={"sheep": 1})
    offer = move(rich, ALICE, "offer 6 rabbit for 1 sheep to bob")
    cases = {
        "roll": (rich, ALICE, roll(rich, ALICE, "rabbit", "sheep")),
        "trade": (rich, ALICE, move(rich, ALICE, "trade 6 rabbit for 1 sheep")),
        "offer": (rich, ALICE, offer),
        "accept": (offer.state, BOB, move(offer.state, BOB, "accept")),
        "decline": (offer.state, BOB, move(offer.state, BOB, "decline")),
        "withdraw": (offer.state, ALICE, move(offer.state, ALICE, "withdraw")),
    }
    with words.use(locale):
        for verb, (before, seat, step) in cases.items():
            stem = VERBS[verb][locale]
            action = step_action(before, seat, verb)
            choice = RULES.describe_action(before, seat, action)
            shown = choice.group or choice.label
            told = RULES.narrator.event(step.events[0], names)
            title, _parts = story(step.state, step.events, names)
            for where, text in (("button", shown), ("story", told), ("picture", title)):
                assert stem in _plain(text), f"{verb}: {where} says {text!r}"
            typed = [w for w, v in aliases.VERBS.items() if v == verb]
            assert RULES.format_action(before, action).split()[0] == verb
            assert all(stem in _plain(w) for w in typed if locale == "pl"), typed


def step_action(state: Any, seat: int, verb: str) -> Any:
    return next(
        a
        for a in RULES.legal_actions(state, seat)
        if RULES.format_action(state, a).split()[0] == verb
    )


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_a_roll_and_what_it_bred_are_one_line_of_the_message(locale: str) -> None:
    step = roll(setup(alice={"rabbit": 3}), ALICE, "rabbit", "sheep")
    shown = [e for e in step.events if not e.minor]
    with words.use(locale):
        each = [RULES.narrator.event(e, NAMES) for e in shown]
        (line,) = RULES.narrator.lines(shown, NAMES)
    assert len(each) == 2 and line == " ".join(each)
    # a roll that bred nothing, or a trade, is its own line as before
    trade = move(setup(alice={"rabbit": 6}), ALICE, "trade 6 rabbit for 1 sheep")
    assert RULES.narrator.lines(list(trade.events), NAMES) == texts(trade)
