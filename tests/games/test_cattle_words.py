"""Cattle Baron's words: events are data told by the narrator, in English as before and in
complete Polish; refusals and outcomes are codes worded when shown; typed Polish moves."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import games
import words
from games.base import Event, GameError, IllegalAction, Outcome, refusal_words
from games.cattle import RULES, CattleState, Grab, Pass, Raid, Rustle, Switch
from games.cattle.talk_errors import WORDS
from games.rng import SeededRng
from tests.games.cattle_kit import d, dice, two

LOCALES = (words.ENGLISH, "pl", words.PSEUDO)
ROOT = Path(__file__).resolve().parents[2]


def playout(players: int, seed: int) -> Iterator[tuple[CattleState, list[Event]]]:
    """A whole game of random choices (a forfeit now and then): each state before a play and
    the play's events, the opening first."""
    state = RULES.new_game([f"p{i}" for i in range(players)], {"colours": 8}, rng=SeededRng(seed))
    yield state, list(RULES.opening_events(state))
    pick = random.Random(seed)
    ply = 0
    while RULES.outcome(state) is None:
        ply += 1
        seat = RULES.to_act(state)[0]
        if players > 2 and pick.random() < 0.01:
            step = RULES.resign(state, seat, rng=SeededRng(seed, ply))
        else:
            action = pick.choice(RULES.legal_actions(state, seat))
            step = RULES.apply(state, seat, action, rng=SeededRng(seed, ply))
        yield state, list(step.events)
        state = step.state


def no_sentences(value: Any, names: list[str]) -> None:
    """Event data holds numbers, codes and colours: no words of a sentence, no names."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str)
            no_sentences(item, names)
    elif isinstance(value, list):
        for item in value:
            no_sentences(item, names)
    elif isinstance(value, str):
        assert " " not in value and value not in names, value
    else:
        assert value is None or isinstance(value, bool | int), value


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (5, 2), (8, 4)])
def test_every_event_is_json_data_and_is_told_in_every_language(players: int, seed: int) -> None:
    kinds: set[str] = set()
    for state, events in playout(players, seed):
        names = list(state.names)
        for event in events:
            kinds.add(event.kind)
            stored = json.loads(json.dumps(event.to_dict()))
            assert Event.from_dict(stored) == event
            no_sentences(dict(event.data), names)
            for locale in LOCALES:
                with words.use(locale):
                    text = RULES.narrator.event(event, names)
                assert text and not re.search(r"\{\w*\}", text), (locale, event, text)
                if locale == words.PSEUDO:
                    assert "⟦" in text, text
    assert {"round", "order", "herd_empty", "result"} <= kinds


def test_every_kind_of_event_has_words() -> None:
    from games.cattle.talk import TELL

    source = (ROOT / "games/cattle/__init__.py").read_text()
    emitted = set(re.findall(r'Event\(\s*"(\w+)"', source))
    assert emitted == set(TELL), "every event kind the rules emit is told, and no other"


def test_every_error_code_raised_has_words() -> None:
    codes: set[str] = set()
    for path in (ROOT / "games/cattle").glob("*.py"):
        codes |= set(re.findall(r'"(cattle\.\w+)"', path.read_text()))
    assert codes and codes <= set(WORDS), sorted(codes - set(WORDS))


SAMPLES: dict[str, dict[str, Any]] = {
    "cattle.roll_allows": {"roll": 1, "brand": "red"},
    "cattle.not_your_brand": {"roll": 2, "brand": "blue"},
    "cattle.no_colour_to_swiss": {"colour": "green"},
    "cattle.too_few_in_herd": {"die": {"colour": "red", "face": 5}, "count": 1},
    "cattle.no_such_colour": {"word": "pink", "colours": ["red", "blue"]},
    "cattle.no_such_player": {"text": "zed", "players": ["alice", "bob"]},
    "cattle.unknown_move": {"text": "moo", "moves": ["pass"]},
    "cattle.same_stud": {"die": {"colour": "red", "face": 4}},
    "cattle.not_in_stock": {"die": {"colour": "orange", "face": 1}},
    "cattle.not_in_herd": {"die": {"colour": "blue", "face": 1}},
    "cattle.player_left": {"player": "bob"},
    "cattle.players": {"low": 2, "high": 8},
    "cattle.few_colours": {"players": 3},
    "cattle.bad_seniority": {"players": 2},
    "cattle.bad_die": {"die": "{'colour': 'pink'}"},
    "cattle.not_whole": {"value": "'x'"},
    "cattle.saved_players": {"low": 2, "high": 8},
    "cattle.cannot_load": {"detail": "KeyError('herd')"},
    "cattle.face_range": {"face": "7"},
    "cattle.one_die": {"example": "raid green 6"},
}


@pytest.mark.parametrize("code", sorted(WORDS))
def test_every_refusal_is_worded_in_every_language(code: str) -> None:
    err = IllegalAction(code, **SAMPLES.get(code, {}))
    for locale in LOCALES:
        with words.use(locale):
            text = refusal_words(err)
        assert text and text != code and not re.search(r"\{\w*\}", text), (locale, text)
        if locale == "pl":
            assert text != str(err), f"{code} is translated"
    assert str(err) == refusal_words(err), "str() is the English wording"


def test_key_english_refusals_read_as_before() -> None:
    state = RULES.new_game(["alice", "bob"], {"colours": 2, "dice_per_colour": 4}, rng=SeededRng(1))
    with pytest.raises(GameError) as found:
        RULES.new_game(["a", "a"], rng=SeededRng(1))
    assert str(found.value) == "Every player needs a different name."
    hint = IllegalAction("cattle.roll_allows", roll=2, brand="blue")
    assert str(hint) == "You rolled 2: you may take one or two blue dice from the herd, or pass."
    brand = IllegalAction("cattle.not_your_brand", roll=1, brand="blue")
    assert str(brand) == (
        "Your brand is blue. You rolled 1: you may take one blue die from the herd, or pass."
    )
    with pytest.raises(GameError) as found:
        RULES.parse_action(state, RULES.to_act(state)[0], "grab green 5")
    assert str(found.value) == "No colour `green` in this game; colours: red, blue."
    with words.use("pl"):
        assert refusal_words(found.value) == (
            "W tej grze nie ma koloru `green`; kolory: red, blue."
        )
        assert refusal_words(hint) == (
            "Twój rzut to 2: możesz wziąć ze stada jedną lub dwie z niebieskich kości albo "
            "spasować."
        )


def test_errors_pickle_with_their_data() -> None:
    import pickle

    err = IllegalAction("cattle.not_in_herd", die={"colour": "blue", "face": 1})
    again = pickle.loads(pickle.dumps(err))
    assert again.code == err.code and again.data == err.data
    assert str(again) == "The herd has no blue 1 to take."


def test_outcomes_are_codes_worded_in_every_language() -> None:
    names = ["alice", "bob"]
    haul = Outcome((0,), "haul", (18, 12), {"best": 18})
    left = Outcome((1,), "last_player", (0, 3))
    assert RULES.narrator.outcome(haul, names) == "the biggest haul (18)"
    assert RULES.narrator.outcome(left, names) == "the last player left"
    with words.use("pl"):
        assert RULES.narrator.outcome(haul, names) == "największy dorobek (18)"
        assert RULES.narrator.outcome(left, names) == "w grze został jeden gracz"
    with words.use(words.PSEUDO):
        assert "⟦" in RULES.narrator.outcome(haul, names)
    # the rules' own outcome carries its best haul as data, and the result event agrees
    for _, events in playout(2, 3):
        for event in events:
            if event.kind == "result":
                best = max(score for _, score in event.data["hauls"])
                assert event.data["best"] == best and event.data["winners"]


@pytest.mark.parametrize(
    ("count", "polish"),
    [
        (1, "p0 odchodzi z gry; 1 kość wraca do stada."),
        (2, "p0 odchodzi z gry; 2 kości wracają do stada."),
        (5, "p0 odchodzi z gry; 5 kości wraca do stada."),
        (22, "p0 odchodzi z gry; 22 kości wracają do stada."),
        (112, "p0 odchodzi z gry; 112 kości wraca do stada."),
    ],
)
def test_polish_counts_take_the_right_plural_form(count: int, polish: str) -> None:
    leave = Event("leave", {"seat": 0, "returned": count})
    with words.use("pl"):
        assert RULES.narrator.event(leave, ["p0", "p1"]) == polish
    english = RULES.narrator.event(leave, ["p0", "p1"])
    assert english == (
        "p0 leaves the game; 1 die goes back to the herd."
        if count == 1
        else f"p0 leaves the game; {count} dice go back to the herd."
    )


def test_polish_sentences_put_each_die_in_its_case() -> None:
    names = ["Ala", "Bartek"]
    red5, red3 = {"colour": "red", "face": 5}, {"colour": "red", "face": 3}
    grab = Event("grab", {"seat": 0, "roll": 2, "dice": [red5, red3]})
    swap = {"source": "herd", "stud": {"colour": "blue", "face": 4}, "die": red5, "gain": -1}
    switch = Event("switch", {"seat": 1, "roll": 4, **swap})
    with words.use("pl"):
        both = words.join_and(["czerwoną 5", "czerwoną 3"])  # (the list's "i" is the bot's)
        assert RULES.narrator.event(grab, names) == f"Ala bierze ze stada {both}."
        assert RULES.narrator.event(switch, names) == (
            "Bartek zamienia buhaja (niebieska 4) na czerwoną 5 ze stada; nowy buhaj to czerwona 5."
        )
        three = Event("three", {"seats": [0, 1]})
        pair = words.join_and(names)
        assert RULES.narrator.event(three, names).startswith(f"{pair} wołają TRZY!")


def menus(players: int, seed: int) -> Iterator[tuple[CattleState, int]]:
    for state, _ in playout(players, seed):
        if RULES.outcome(state) is None:
            yield state, RULES.to_act(state)[0]


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (8, 6)])
def test_polish_choices_fit_discords_limits_whole(players: int, seed: int) -> None:
    seen = 0
    for state, seat in menus(players, seed):
        for action in RULES.legal_actions(state, seat):
            with words.use("pl"):
                choice = RULES.describe_action(state, seat, action)
            english = RULES.describe_action(state, seat, action)
            seen += 1
            assert len(choice.label) <= (80 if choice.group is None else 100), choice.label
            assert len(choice.note) <= 100 and len(choice.group or "") <= 150
            assert (choice.group is None) == (english.group is None)
            if not isinstance(action, Pass):
                assert choice.label != english.label, "translated"
    assert seen > 100


def test_pseudo_locale_marks_every_choice_and_status() -> None:
    for state, seat in menus(3, 8):
        with words.use(words.PSEUDO):
            for action in RULES.legal_actions(state, seat):
                choice = RULES.describe_action(state, seat, action)
                assert choice.label.startswith("⟦") and (not choice.note or "⟦" in choice.note)
                assert choice.group is None or choice.group.startswith("⟦")
            assert RULES.status_line(state).startswith("⟦")
        break


def test_titles_summary_quick_start_and_options_are_in_the_catalogue() -> None:
    narrator = RULES.narrator
    texts = [RULES.title, RULES.summary, RULES.quick_start]
    texts += [spec.help for spec in RULES.options_type.specs()]
    for text in texts:
        with words.use("pl"):
            assert narrator.text(text) != text and narrator.text(text)
        with words.use(words.PSEUDO):
            assert narrator.text(text).startswith("⟦")
    with words.use("pl"):
        assert narrator.text(RULES.title) == "Baron Bydła"


def test_status_line_in_english_and_polish() -> None:
    state = RULES.new_game(["alice", "bob"], {"colours": 2, "dice_per_colour": 4}, rng=SeededRng(1))
    seat = state.order[0]
    herd = len(state.herd)
    assert herd == 6
    assert RULES.status_line(state) == (
        f"round 1: {state.names[seat]} to act (rolled {state.rolls[seat]}); {herd} dice in the herd"
    )
    with words.use("pl"):
        assert RULES.status_line(state) == (
            f"runda 1: ruch ma {state.names[seat]} (rzut {state.rolls[seat]}); "
            "w stadzie jest 6 kości"
        )


def test_polish_words_are_accepted_as_typed_moves() -> None:
    # herd: red 4 3 2, blue 6 6 5; alice's brand is red, bob's blue
    assert RULES.parse_action(two(5, 2), 1, "weź niebieską 6 i niebieską 5") == Grab(
        dice("blue 6, blue 5")
    )
    assert RULES.parse_action(two(5, 1), 1, "wez niebieska6") == Grab(dice("blue 6"))
    assert RULES.parse_action(two(5, 3), 1, "okradnij Alice") == Rustle(0)
    assert RULES.parse_action(two(4, 6), 0, "zamień ze stada niebieską 5") == Switch(
        "herd", d("blue 5")
    )
    assert RULES.parse_action(two(5, 6), 0, "Porwij niebieską 6") == Raid(d("blue 6"))
    assert RULES.parse_action(two(5, 2), 1, "pas") == Pass()
    # a Polish move is refused like any other when the roll does not allow it
    with pytest.raises(IllegalAction, match="You rolled 2"):
        RULES.parse_action(two(5, 2), 1, "porwij czerwoną 4")
    with pytest.raises(GameError, match="don't know the move `tańcz`"):
        RULES.parse_action(two(5, 2), 1, "tańcz")
    # the canonical notation keeps its meaning and its writing
    state = two(5, 6)
    raid = RULES.parse_action(state, 0, "raid b6")
    assert raid == Raid(d("blue 6")) and RULES.format_action(state, raid) == "raid blue 6"


def test_games_registry_still_holds_cattle() -> None:
    assert games.get("cattle") is RULES


def test_the_polish_rules_page_starts_with_the_polish_quick_start() -> None:
    page = (ROOT / "docs/rules/pl/cattle.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("**Szybki start.**"))
    block = []
    for line in lines[start:]:
        if not line.strip():
            break
        block.append(line.strip())
    shown = " ".join(block).removeprefix("**Szybki start.** ")
    with words.use("pl"):
        assert shown == RULES.narrator.text(RULES.quick_start)
    assert len(shown) <= 1024
