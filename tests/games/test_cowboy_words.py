"""Super Cowboy's words: events and refusals are data, the narrator words every one of them in
English, Polish and the pseudo-locale, labels fit Discord, and Polish moves can be typed."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_cowboy_kit import ALICE, BOB, RULES, play, position, ring

import words
from games.base import Event, GameError
from games.cowboy import talk_errors, talk_events, talk_names, talk_picture
from games.cowboy.data import CARDS, COMPASS, TILES
from games.cowboy.state import CowboyState
from games.policies.cowboy import Easy
from games.rng import SeededRng

GAME = Path(__file__).resolve().parents[2] / "games" / "cowboy"
LOCALES = (words.ENGLISH, "pl", words.PSEUDO)
#: typed moves that are often refused, to word every refusal met on the way
TRIES = (
    "fence", "cut", "again", "move n", "move e", "move s", "move w", "rope a1 to b2",
    "rustle a1", "fight a1", "keep", "pay", "give a1", "discard axe", "remove bandit",
    "target 9", "rope c4", "fly", "",
)  # fmt: skip
BUTTON, OPTION = 80, 100
PLAYER = Easy()


def _playout(players: int, seed: int, plies: int = 400) -> Iterator[tuple[CowboyState, Any]]:
    """Steer-hungry players with a random streak: each position and the step that led to it."""
    names = ("alice", "bob", "carol", "dave")[:players]
    state = RULES.new_game(names, {"max_rounds": 25}, rng=SeededRng(seed))
    pick = random.Random(seed)
    for ply in range(1, plies):
        if RULES.outcome(state) is not None:
            return
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        if pick.random() < 0.8:
            action = PLAYER.choose(state, seat, rng=SeededRng(seed, -ply), actions=actions)
        else:
            action = pick.choice(actions)
        step = RULES.apply(state, seat, action, rng=SeededRng(seed, ply))
        yield state, step
        state = step.state


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _worded(text: str, locale: str) -> None:
    assert text, "worded as something"
    if locale == "pl":
        assert not re.search(r"\{\w*\}", text), text
    if locale == words.PSEUDO:
        assert "⟦" in text, text


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (2, 1224), (4, 11)])
def test_events_are_data_and_every_event_refusal_and_outcome_is_worded(
    players: int, seed: int
) -> None:
    kinds: set[str] = set()
    last = None
    for before, step in _playout(players, seed):
        names = step.state.names
        for event in step.events:
            stored = event.to_dict()
            assert json.loads(json.dumps(stored)) == stored
            assert Event.from_dict(stored) == event and event.kind != "said"
            assert all(" " not in s and len(s) <= 12 for s in _strings(stored["data"])), stored
            kinds.add(event.kind)
            for locale in LOCALES:
                with words.use(locale):
                    _worded(RULES.narrator.event(event, names), locale)
        seat = RULES.to_act(before)[0]
        for text in TRIES:
            try:
                RULES.parse_action(before, seat, text)
            except GameError as err:
                for locale in LOCALES:
                    with words.use(locale):
                        _worded(RULES.narrator.refusal(err), locale)
        last = step.state
    assert last is not None and len(kinds) >= 12
    outcome = RULES.outcome(last)
    for locale in LOCALES:
        with words.use(locale):
            _worded(RULES.status_line(last), locale)
            if outcome is not None:
                _worded(RULES.narrator.outcome(outcome, last.names), locale)


def test_every_event_kind_and_error_code_in_the_rules_has_words() -> None:
    source = "\n".join(p.read_text() for p in GAME.glob("*.py") if not p.name.startswith("talk"))
    told = set(re.findall(r'\.tell\(\s*"(\w+)"', source))
    assert told and told <= set(talk_events.TELL), told - set(talk_events.TELL)
    codes = set(re.findall(r'"cowboy\.(\w+)"', source))
    known = set(talk_errors.PLAIN) | set(talk_errors.WORDS)
    assert codes and codes <= known, codes - known


def test_the_narrators_names_are_the_data_files() -> None:
    assert {k: talk_names.CARD_NAMES[k] for k in CARDS} == {k: c.name for k, c in CARDS.items()}
    assert {k: talk_names.CARD_SHORT[k] for k in CARDS} == {k: c.short for k, c in CARDS.items()}
    assert {k: talk_names.CARD_TEXTS[k] for k in CARDS} == {k: c.text for k, c in CARDS.items()}
    assert {r: f.word for r, f in COMPASS.items()} == talk_names.COMPASS_WORDS
    assert {k: t.name for k, t in TILES.items()} == talk_picture.TILE_NAMES


@pytest.mark.parametrize(
    "steers,told",
    [
        (1, "w środku 1 byk."),
        (2, "w środku 2 byki."),
        (5, "w środku 5 byków."),
        (22, "w środku 22 byki."),
        (112, "w środku 112 byków."),
    ],
)
def test_polish_counts_take_the_three_plural_forms(steers: int, told: str) -> None:
    event = Event(
        "close", {"seat": 0, "area": {"size": 9, "squares": ["a1", "c3"]}, "steers": steers}
    )
    with words.use("pl"):
        text = RULES.narrator.event(event, ("Ania",))
    assert text == f"Ania zamyka zagrodę: 9 pól (od a1 do c3), {told}"
    assert RULES.narrator.event(event, ("Ania",)).startswith("Ania closes a field of 9 squares")


def test_english_words_stay_as_they_were() -> None:
    state = position(cowboys=["F2", "G13"], fences=ring(["g2"], ALICE)[1:], phase="start")
    step = play(state, ALICE, "move n")
    assert RULES.narrator.event(step.events[0], step.state.names) == (
        "alice rides north to the SW corner of f3."
    )
    with pytest.raises(GameError) as err:
        RULES.parse_action(step.state, ALICE, "cut")
    assert str(err.value) == (
        "There is no tree in one of the four squares around your cowboy on the SW corner of f3."
    )
    with words.use("pl"):
        assert RULES.narrator.refusal(err.value) == (
            "Nie ma drzewa na jednym z czterech pól wokół twojego kowboja na f3 (lewy dolny róg)."
        )


def test_polish_labels_fit_discord_for_every_legal_action() -> None:
    seen = 0
    with words.use("pl"):
        for players, seed in ((2, 5), (4, 6)):
            for before, _ in _playout(players, seed, 250):
                seat = RULES.to_act(before)[0]
                for action in RULES.legal_actions(before, seat):
                    choice = RULES.describe_action(before, seat, action)
                    limit = BUTTON if choice.group is None else OPTION
                    assert 0 < len(choice.label) <= limit, choice.label
                    assert len(choice.note) <= OPTION and len(choice.group or "") <= OPTION
                    assert "{" not in choice.label + choice.note + (choice.group or "")
                    seen += 1
    assert seen > 500


@pytest.mark.parametrize(
    "typed,canonical",
    [
        ("jedź północ", "move n"),
        ("jedz wschod", "move e"),
        ("płot", "fence"),
        ("koniec", "end"),
        ("dalej", "again"),
    ],
)
def test_polish_words_are_aliases_of_the_notation(typed: str, canonical: str) -> None:
    state = position(cowboys=["F2", "G13"])
    if canonical in ("fence", "again"):
        state = play(state, ALICE, "move e").state
    elif canonical == "move e":
        state = position(cowboys=["F2", "G13"])
    assert RULES.parse_action(state, ALICE, typed) == RULES.parse_action(state, ALICE, canonical)
    action = RULES.parse_action(state, ALICE, typed)
    assert RULES.format_action(state, action) == canonical


def test_polish_squares_and_items_parse_too() -> None:
    state = position(cowboys=["D5", "A13"], steers=["c4"], fences=ring(["e6"], ALICE),
                     fields=[(ALICE, ["e6"])])  # fmt: skip
    assert RULES.format_action(state, RULES.parse_action(state, ALICE, "lasso c4 na e6")) == (
        "rope c4 to e6"
    )
    held = position(hands=[["axe", "lariat"], []], deck=["sixshooter"])
    choosing = play(held, ALICE, "end").state
    assert RULES.parse_action(choosing, ALICE, "odrzuć siekierę") == RULES.parse_action(
        choosing, ALICE, "discard axe"
    )
    assert RULES.to_act(choosing) == (ALICE,) and BOB not in RULES.to_act(choosing)


PT = {"point": "G4", "corner": "sw", "square": "g4"}
EDGE = {"a": "f1", "b": "g1"}
SIDE = {"side": "n", "square": "h12"}
AREA = {"size": 8, "squares": ["e2", "h3"]}
#: every event kind with data for each of its branches, as the rules emit them
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "ride": [{"seat": 0, "dir": "n", "to": PT}],
    "ride_on": [{"seat": 0}],
    "end": [{"seat": 0}, {"seat": 0, "forced": "no_further"}, {"seat": 0, "forced": "hemmed_in"}],
    "fence": [{"seat": 0, "edge": EDGE, "left": 9}, {"seat": 0, "edge": SIDE, "left": 1}],
    "cut": [
        {"seat": 0, "gain": 3, "total": 5, "axe": False},
        {"seat": 0, "gain": 4, "total": 4, "axe": True},
    ],
    "rope": [{"seat": 0, "src": "c4", "dst": "e6"}],
    "fight": [
        {"seat": 0, "square": "f2", "roll": r, "need": n, "gun": g, "won": w}
        for r, n, g, w in (
            (6, 5, False, True),
            (2, 5, False, False),
            (3, 3, True, True),
            (1, 3, True, False),
        )
    ],
    "leave": [{"seat": 1, "fields": f, "items": i} for f in (0, 1, 2) for i in (0, 1, 2)],
    "last_left": [{"seat": 0}],
    "dropped": [{"seat": 1}],
    "rustle": [{"seat": 0, "victim": 1, "square": "d5", "roll": 4}],
    "reroll": [{"seat": 0, "roll": 7}],
    "may_reroll": [{"seat": 0}],
    "rustled": [{"seat": 0}],
    "evades": [{"seat": 0}],
    "brander": [{"seat": 1}],
    "caught": [{"seat": 0, "victim": 1}],
    "may_pay_off": [{"seat": 0, "victim": 1}],
    "pay_off": [{"seat": 0, "victim": 1}],
    "keep": [{"seat": 0, "roll": 4}],
    "drive": [{"seat": 0, "src": "d5", "dst": "e6"}],
    "cover": [{"seat": 0, "src": "j7", "dst": "e6"}],
    "choose_give": [{"seat": 0, "victim": 1}],
    "fine": [
        {"seat": 0, "victim": 1, "fences": n, "why": w}
        for n in (1, 3)
        for w in ("no_steer", "no_room")
    ],
    "jail": [{"seat": 0}],
    "give": [
        {"seat": 0, "victim": 1, "src": "c4", "dst": "h2", "printed": p} for p in (False, True)
    ],
    "win": [{"seats": [0]}, {"seats": [0, 1]}],
    "divide": [{"seat": 0, "parts": 2}],
    "split_kept": [{"seat": 0, "owner": 1}],
    "split_claim": [{"seat": 0, "owner": 1, "area": {"size": 1, "squares": ["h2"]}}],
    "split_choose": [{"seat": 0, "owner": 1}],
    "close": [{"seat": 0, "area": AREA, "steers": n} for n in (0, 1, 3)],
    "claim": [{"seat": 0, "owner": 1, "area": {"size": 3, "squares": ["a1", "b1", "c1"]}}],
    "join": [{"seat": 1, "size": 12}],
    "broken": [{"seat": 1, "square": "c4", "steers": n} for n in (0, 1, 2)],
    "deck_empty": [{}],
    "reshuffle": [{"cards": 54}],
    "draw": [{"seat": 0, "card": c} for c in CARDS],
    "must_discard": [{"seat": 0}],
    "keep_item": [{"seat": 0, "card": "axe"}],
    "discard": [{"seat": 0, "card": "bills"}],
    "compass": [{"roll": 2, "tile": "i9-l12", "random": r} for r in (False, True)],
    "no_tokens": [{"token": t} for t in ("steer", "indian", "twister", "pilgrim")],
    "edge_full": [{}],
    "choose_square": [{"seat": 0, "token": t} for t in ("steer", "indian", "twister")],
    "arrives": [{"token": t, "square": "a5"} for t in ("steer", "indian", "twister")],
    "bandit_busy": [{}],
    "bandit_blocked": [{"point": {"point": "M13"}}],
    "bandit": [{"point": {"point": "M13", "corner": "ne", "square": "l12"}}],
    "pilgrims_blocked": [{"point": {"point": "M7", "corner": "se", "square": "l7"}}],
    "pilgrims": [{"point": {"point": "G13", "corner": "nw", "square": "g12"}, "heading": 5}],
    "cavalry_idle": [{}],
    "choose_remove": [{"seat": 0}],
    "cavalry": [{"point": PT}, {"square": "f2"}],
    "choose_target": [{"seat": 0}],
    "lose_turn": [{"seat": 1, "card": c} for c in ("noname", "firewater", "")],
    "skip": [{"seat": 1}],
    "rounds_over": [
        {"rounds": r, "seats": s, "steers": n}
        for r in (1, 60)
        for s, n in (([], 0), ([1], 1), ([1], 3), ([0, 1], 2))
    ],
    "eat": [{"square": "c7"}],
    "raid": [{"square": "c7"}],
    "raid_printed": [{"square": "j7"}],
    "storm": [{"token": t, "square": "c3"} for t in ("steer", "indian")],
    "throw": [
        {"token": t, "square": "c3", "roll": 3, **more}
        for t in ("steer", "indian")
        for more in (
            {"to": None},
            {"to": "d3", "blocked": True},
            {"to": "d3", "owner": None},
            {"to": "d3", "owner": 1},
        )
    ],
    "twister": [
        {"square": "c3", "roll": 1, **more}
        for more in (
            {"to": "c4", "blocked": True},
            {"to": None, "torn": []},
            {"to": "c4", "torn": []},
            {"to": None, "torn": [{"seat": 1, "edge": EDGE}]},
            {"to": "c4", "torn": [{"seat": 1, "edge": EDGE}, {"seat": 0, "edge": SIDE}]},
        )
    ],
    "indians": [
        {"square": "c3", "roll": 8, **more}
        for more in (
            {"wall": "homestead"},
            {"to": None},
            {"to": "b4", "blocked": True},
            {"to": "b4"},
        )
    ],
    "steer": [
        {"square": "c3", "roll": 7, "stampede": s, **more}
        for s in (False, True)
        for more in (
            {"wall": "fence"},
            {"wall": "water"},
            {"wall": "homestead"},
            {"to": None},
            {"to": "b3", "blocked": True},
            {"to": "b3", "owner": 1},
            {"to": "b3", "owner": None},
        )
    ],
    "bandit_step": [
        {"point": "G4", "roll": 4, **m}
        for m in ({"to": None}, {"to": "H3", "blocked": True}, {"to": "H3"})
    ],
    "pilgrim_step": [
        {"point": "G4", "heading": 3, **m}
        for m in ({"to": None}, {"to": "H4", "blocked": True}, {"to": "H4"})
    ],
    "moove": [
        {
            "seat": 0,
            "twisters": 0,
            "twister_steps": 0,
            "indians": 0,
            "steers": 0,
            "stopped": 0,
            "gone": 0,
            "bandit": 0,
            "pilgrims": 0,
            "thrown": 0,
            "moved": 0,
            "still": 0,
        },
        {
            "seat": 0,
            "twisters": 1,
            "twister_steps": 2,
            "indians": 1,
            "steers": 5,
            "stopped": 2,
            "gone": 1,
            "bandit": 1,
            "pilgrims": 1,
            "thrown": 1,
            "moved": 9,
            "still": 2,
        },
        {
            "seat": 0,
            "twisters": 2,
            "twister_steps": 4,
            "indians": 3,
            "steers": 22,
            "stopped": 0,
            "gone": 5,
            "bandit": 0,
            "pilgrims": 2,
            "thrown": 2,
            "moved": 30,
            "still": 0,
        },
    ],
    "stampede": [
        {"seat": 0, "roll": 3, "steers": n, "stopped": s, "gone": g, "moved": n - s}
        for n, s, g in ((0, 0, 0), (1, 0, 1), (12, 2, 0))
    ],
}


def test_every_event_kind_is_worded_in_every_locale_whatever_its_branch() -> None:
    assert set(SAMPLES) == set(talk_events.TELL)
    names = ("alice", "bob")
    for kind, variants in SAMPLES.items():
        for data in variants:
            event = Event(kind, data)
            assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event
            told = {}
            for locale in LOCALES:
                with words.use(locale):
                    told[locale] = RULES.narrator.event(event, names)
                _worded(told[locale], locale)
            assert told["pl"] != told[words.ENGLISH] or kind == "deck_empty", (kind, told)
        with words.use("pl"):
            assert talk_picture.last_move(position(), [Event(kind, variants[0])], started=False)


#: every refusal with fields, with the fields the rules give it
REFUSALS: dict[str, dict[str, Any]] = {
    "off_board": {"dir": "w"},
    "cowboy_there": {"dir": "e", "point": "B1", "player": "bob"},
    "bandit_there": {"dir": "n", "point": "G5"},
    "pilgrims_there": {"dir": "s", "point": "E6"},
    "bandit_zone": {"dir": "n", "point": "G5"},
    "fence_there": {"edge": EDGE},
    "stream_there": {"edge": SIDE},
    "homestead_side": {"edge": EDGE},
    "choice_first": {
        "names": ["alice", "bob"], "kind": "give", "seat": 0, "victim": 1, "roll": 0,
        "token": "", "choices": ["c4", "d4"],
    },
    "no_tree": {"point": "F3"},
    "steer_not_near": {"point": "F3"},
    "no_roaming_steer": {"square": "c4"},
    "steer_penned": {"square": "g2", "owner": "bob"},
    "not_free_square": {"square": "e6"},
    "no_rival_steer": {"square": "d5"},
    "no_indians": {"square": "f2", "point": "F3"},
    "one_square": {"verb": "fight"},
    "no_player": {"who": "zed", "players": ["alice", "bob"]},
    "unknown_move": {"text": "fly"},
    "not_square": {"text": "z9", "last": "l12"},
    "players": {"min": 2, "max": 4},
    "cannot_load": {"error": "KeyError('players')"},
    "broken": {"problems": ["steer tokens not conserved"]},
    "tile_count": {"players": 3, "tiles": 16},
    "two_fences": {"edge": "G1-G2"},
}  # fmt: skip


def test_every_refusal_is_worded_in_every_locale() -> None:
    assert set(REFUSALS) == set(talk_errors.WORDS)
    prompts = [{**REFUSALS["choice_first"], "kind": k} for k in ("reroll", "bills", "place")]
    errors = [GameError(f"cowboy.{c}", **d) for c, d in REFUSALS.items()]
    errors += [GameError("cowboy.choice_first", **d) for d in prompts]
    errors += [GameError(f"cowboy.{c}") for c in talk_errors.PLAIN]
    for err in errors:
        assert str(err) != err.code
        for locale in LOCALES:
            with words.use(locale):
                _worded(RULES.narrator.refusal(err), locale)
