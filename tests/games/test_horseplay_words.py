"""Horseplay Rustling in words: its events, refusals and outcomes are data, and its narrator
words every one of them in English, Polish and the pseudo-locale; the move menu fits Discord's
limits in Polish; Polish counts take the right plural form; Polish words work in typed moves."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import words
from games.base import Event, GameError, refusal_words
from games.horseplay.talk import NOTE_LIMIT
from games.rng import ScriptedRng, SeededRng
from tests.games.test_horseplay import NAMES, RULES, move, new, position, texts
from tests.games.test_quick_start import page_quick_start

LOCALES = ("en", "pl", words.PSEUDO)
ROOT = Path(__file__).resolve().parents[2]
#: what a string in an event's data may be: squares, a move in notation, a colour
SQUARE = r"[a-k](?:1[01]|[1-9])"
DATA_TEXT = re.compile(rf"^(?:{SQUARE}(?:[-x]{SQUARE})*|green|red|blue|black)$")


def playout(seed: int) -> tuple[Any, list[Event], list[Any]]:
    """A random game (players, board, options chosen by ``seed``) played to its end or 120
    moves, with a player leaving now and then: the last state, every event, every state."""
    pick = random.Random(seed)
    players = pick.choice((2, 3, 4))
    options: dict[str, Any] = {"size": pick.choice((9, 11))}
    for name in ("forced_capture", "flying_crowns", "centre_win", "miss_a_turn"):
        options[name] = pick.random() < 0.3 if name != "miss_a_turn" else pick.random() < 0.8
    if players == 4:
        options["teams"] = pick.random() < 0.5
    state = RULES.new_game(NAMES[:players], options, rng=SeededRng(seed))
    events: list[Event] = []
    states = [state]
    for ply in range(120):
        acting = RULES.to_act(state)
        if not acting:
            break
        seat = acting[0]
        if ply > 20 and pick.random() < 0.01:
            step = RULES.resign(state, seat, rng=SeededRng(seed))
        else:
            legal = RULES.legal_actions(state, seat)
            captures = [m for m in legal if m.is_capture]
            chosen = pick.choice(captures if captures and pick.random() < 0.8 else legal)
            step = RULES.apply(state, seat, chosen, rng=ScriptedRng([]))
        events.extend(step.events)
        state = step.state
        states.append(state)
    return state, events, states


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_events_are_data_stored_as_json_and_worded_in_every_language(seed: int) -> None:
    state, events, _ = playout(seed)
    assert events
    names = list(state.names)
    for event in events:
        assert event.kind != "said", "no event is a sentence"
        stored = json.loads(json.dumps(event.to_dict()))
        assert Event.from_dict(stored) == event
        for text in strings(dict(event.data)):
            assert DATA_TEXT.match(text), (event, text)
        for locale in LOCALES:
            with words.use(locale):
                told = RULES.narrator.event(event, names)
            assert told and "{" not in told and "}" not in told, (locale, event, told)
            if locale == words.PSEUDO:
                assert "⟦" in told, told
    outcome = RULES.outcome(state)
    if outcome is not None:
        assert json.loads(json.dumps(dict(outcome.data))) == dict(outcome.data)
        for locale in LOCALES:
            with words.use(locale):
                said = RULES.narrator.outcome(outcome, names)
            assert said != outcome.reason and "{" not in said, (locale, said)


def stable_event(n: int) -> Event:
    pieces = [{"square": "a1", "crown": False}] * n
    data = {"seat": 0, "colour": "green", "owner": "red", "square": "a9", "pieces": pieces}
    return Event("stable", {**data, "points": 10 * n})


def test_playouts_see_the_events_of_a_game() -> None:
    seen = {e.kind for seed in range(40) for e in playout(seed)[1]}
    assert {"move", "jump", "crowned", "huffed", "stable", "out", "leaves"} <= seen, seen


GREEN = {"seat": 0, "colour": "green"}
#: one event of every kind the game emits
EXAMPLES = [
    Event("move", {**GREEN, "move": "c3-d4", "only": False}),
    Event(
        "jump",
        {
            **GREEN,
            "move": "c3xe5",
            "taken": [{"square": "d4", "colour": "blue", "crown": True}],
            "points": 25,
        },
    ),
    Event("crowned", {"colour": "red", "square": "i5"}),
    Event("huffed", {**GREEN, "square": "c3", "crown": False, "points": -10}),
    stable_event(3),
    Event("miss_square", {**GREEN, "square": "d4"}),
    Event("centre_win", GREEN),
    Event("out", {"seat": 1, "colour": "blue"}),
    Event("misses", GREEN),
    Event("passes", GREEN),
    Event("quiet", {"rounds": 50}),
    Event("blocked"),
    Event("last_standing", {"seats": [0, 2]}),
    Event("points_win", {"seats": [1], "points": 40}),
    Event("leaves", {"seat": 0, "colours": ["green", "blue"]}),
]


def test_every_event_kind_is_worded_in_every_language() -> None:
    source = (ROOT / "games" / "horseplay" / "rules.py").read_text()
    emitted = set(re.findall(r'Event\(\s*"([a-z_]+)"', source))
    assert emitted == {e.kind for e in EXAMPLES}
    for event in EXAMPLES:
        for locale in LOCALES:
            with words.use(locale):
                told = RULES.narrator.event(event, NAMES)
            assert told and "{" not in told, (locale, event.kind, told)
    assert RULES.narrator.event(EXAMPLES[14], NAMES) == (
        "alice leaves the game: every Green and Blue piece leaves the board."
    )
    with words.use("pl"):
        assert RULES.narrator.event(EXAMPLES[9], NAMES) == "alice (Zielony) nie ma ruchu i pasuje."


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_move_fits_discords_limits_in_polish(seed: int) -> None:
    """Button labels are at most 80 characters, select labels and descriptions 100."""
    _, _, states = playout(seed)
    with words.use("pl"):
        for state in states[::3]:
            for seat in RULES.to_act(state):
                for action in RULES.legal_actions(state, seat):
                    choice = RULES.describe_action(state, seat, action)
                    assert len(choice.label) <= 80 and len(choice.note) <= NOTE_LIMIT <= 100
                    assert choice.group is not None and len(choice.group) <= 100
                    assert "{" not in choice.label + choice.note + choice.group
                    assert not choice.note.endswith(("…", " "))
            assert "{" not in RULES.status_line(state)


def test_the_move_menu_and_status_in_polish() -> None:
    state = position("b2:g e1:g c3:b d4:b h8:b")
    with words.use("pl"):
        choices = [RULES.describe_action(state, 0, a) for a in RULES.legal_actions(state, 0)]
        shown = {c.label: c for c in choices}
        assert shown["b2-a3"].note == "zamyka twoją Stajnię a1"
        assert "zostawia twoją Stajnię a1 otwartą" in shown["e1-f2"].note
        assert shown["b2-a3"].group == "b2"
        assert RULES.status_line(state) == "ruch: alice (Zielony), runda 1; Zielony 0, Niebieski 0"
        assert RULES.seat_role(state, 0) == "Zielony"
    capture = position("c3:g d4:b f6:b b8:b")
    with words.use("pl"):
        jump = RULES.parse_action(capture, 0, "c3xe5xg7")
        assert RULES.describe_action(capture, 0, jump).label == "c3xe5xg7 (bije 2)"
    assert RULES.describe_action(capture, 0, jump).label == "c3xe5xg7 (takes 2)"


# Refusals ---------------------------------------------------------------------------------------

#: every code the game raises, with fields as it raises them
REFUSALS = {
    "horseplay.players": {"min": 2, "max": 4},
    "horseplay.teams_need_four": {},
    "horseplay.not_in_game": {},
    "horseplay.not_legal": {"move": "c3-d4"},
    "horseplay.unreadable": {"text": "zz"},
    "horseplay.no_square": {"square": "j9", "size": 9},
    "horseplay.whole_chain": {"moves": ["c3xe5xc7", "c3xe5xg7"]},
    "horseplay.no_piece": {"colour": "green", "square": "d4", "starts": ["a3", "c3"]},
    "horseplay.must_capture": {"moves": ["c3xe5"]},
    "horseplay.cannot_move": {"square": "c1"},
    "horseplay.piece_can_play": {"square": "e5", "moves": ["e5-d6", "e5-f6"]},
    "horseplay.bad_field": {"field": "round", "value": "0"},
    "horseplay.colour_not_in_play": {"colour": "'red'"},
    "horseplay.size_mismatch": {"size": "11", "option": 9},
    "horseplay.bad_square": {"square": "'z1'"},
    "horseplay.unreadable_save": {"error": "KeyError('pieces')"},
    "horseplay.board_squares": {"count": 80, "wanted": 81},
    "horseplay.off_blue": {"square": "c4"},
    "horseplay.piece_not_in_play": {"colour": "red", "square": "a9"},
    "horseplay.uncrowned": {"colour": "green", "square": "e9"},
    "horseplay.too_many": {"colour": "blue", "n": 22, "most": 15},
    "horseplay.capture_later": {},
    "horseplay.winner_not_player": {},
    "horseplay.left_not_player": {},
    "horseplay.left_wins": {},
    "horseplay.left_has_pieces": {},
    "horseplay.finished_without_winners": {},
    "horseplay.in_progress_with_winners": {},
    "horseplay.one_side": {},
    "horseplay.mover_without_pieces": {"colour": "black"},
    "horseplay.mover_misses": {"colour": "black"},
    "horseplay.mover_blocked": {"colour": "black"},
}


def test_every_refusal_code_in_the_game_is_worded_in_every_language() -> None:
    source = "".join(p.read_text() for p in (ROOT / "games" / "horseplay").glob("*.py"))
    raised = set(re.findall(r'"(horseplay\.[a-z_]+)"', source))
    assert raised == set(REFUSALS)
    for code, data in REFUSALS.items():
        err = GameError(code, **data)
        for locale in LOCALES:
            with words.use(locale):
                said = refusal_words(err)
            assert said != code and "{" not in said, (locale, code, said)


def test_refusals_read_well_in_english_and_polish() -> None:
    state = new(2)
    with pytest.raises(GameError) as caught:
        RULES.parse_action(state, 0, "e5-d6")
    err = caught.value
    assert err.code == "horseplay.no_piece" and err.data["square"] == "e5"
    assert str(err).startswith("There is no Green piece on e5; pieces that can move: a3, c3")
    with words.use("pl"):
        assert refusal_words(err).startswith("Na e5 nie ma bierki Zielonych; ruszyć się mogą")
    with pytest.raises(GameError) as caught:
        RULES.parse_action(state, 0, "hello")
    with words.use("pl"):
        assert refusal_words(caught.value) == (
            "Nie rozumiem ruchu `hello`; wpisz pola, np. `c3-d4` albo `c3xe5xg7`."
        )


# Plurals and Polish sentences -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (1, "ostatnia bierka Czerwonych schodzi z planszy (+10)."),
        (2, "wszystkie 2 bierki Czerwonych schodzą z planszy (+20)."),
        (5, "z planszy schodzi wszystkich 5 bierek Czerwonych (+50)."),
        (22, "wszystkie 22 bierki Czerwonych schodzą z planszy (+220)."),
        (112, "z planszy schodzi wszystkich 112 bierek Czerwonych (+1120)."),
    ],
)
def test_polish_counts_take_their_plural_form(n: int, said: str) -> None:
    with words.use("pl"):
        told = RULES.narrator.event(stable_event(n), NAMES)
        rounds = RULES.narrator.event(Event("quiet", {"rounds": n}), NAMES)
    assert told == f"alice (Zielony) zdobywa Stajnię Czerwonych na a9: {said}"
    form = {1: "runda", 2: "rundy", 5: "rund", 22: "rundy", 112: "rund"}[n]
    assert rounds == f"{n} {form} bez bicia: gra kończy się na punkty."


def test_a_move_reads_in_polish_with_its_cases() -> None:
    step = move(position("c3:g d4:B b8:b"), "c3xe5")
    with words.use("pl"):
        told = [RULES.narrator.event(e, NAMES) for e in step.events]
    assert told[0] == "alice (Zielony) bije niebieską damkę na d4 ruchem c3xe5 (+25)."
    crowned = move(position("c7:g d8:b f8:b b2:b"), "c7xe9")
    with words.use("pl"):
        told = [RULES.narrator.event(e, NAMES) for e in crowned.events]
    assert told[:2] == [
        "alice (Zielony) bije niebieskiego pionka na d8 ruchem c7xe9 (+10).",
        "Zielony pionek na e9 zostaje damką.",
    ]
    huffed = move(position("c3:g g3:g d4:b c7:b h8:b"), "g3-h4")
    with words.use("pl"):
        told = [RULES.narrator.event(e, NAMES) for e in huffed.events]
    assert told[:2] == [
        "alice (Zielony) gra g3-h4.",
        "alice (Zielony) pomija bicie: zielony pionek na c3 zostaje zdmuchnięty (-10).",
    ]


def test_english_stays_as_it_was() -> None:
    step = move(position("c3:g d4:b f6:b b8:b"), "c3xe5xg7")
    assert texts(step)[0] == (
        "alice (Green) took a Blue man on d4 and a Blue man on f6 with c3xe5xg7 (+20)."
    )
    won = move(position("c3:g d4:b"), "c3xe5")
    assert texts(won) == [
        "alice (Green) took a Blue man on d4 with c3xe5 (+10).",
        "bob (Blue) has no pieces left and is out.",
        "alice wins: the last on the board.",
    ]
    outcome = RULES.outcome(won.state)
    assert outcome is not None and outcome.reason == "last"
    assert RULES.narrator.outcome(outcome, NAMES) == "last on the board"
    assert RULES.status_line(won.state) == "won by alice"
    assert RULES.status_line(new(2)) == "alice (Green) to move, round 1; Green 0, Blue 0"


def test_a_game_saved_with_its_result_in_words_loads_with_the_code() -> None:
    won = move(position("c3:g d4:b"), "c3xe5").state
    data = RULES.dump(won)
    assert data["result"] == "last"
    data["result"] = "last on the board"
    assert RULES.load(data) == won


def test_the_fixed_texts_are_in_the_catalogue() -> None:
    with words.use("pl"):
        assert RULES.narrator.text(RULES.title) == "Harce koniokradów"
        assert RULES.narrator.text(RULES.summary).startswith("Warcaby dla dwóch do czterech")
        quick = RULES.narrator.text(RULES.quick_start)
        helps = [RULES.narrator.text(spec.help) for spec in RULES.options_type.specs()]
    page = (ROOT / "docs" / "rules" / "pl" / "horseplay.md").read_text(encoding="utf-8")
    block = page_quick_start(page.replace("**Szybki start**", "**Quick start**", 1))
    assert quick == block, "the Polish rules page has the same quick start"
    assert len(quick) <= 1024
    assert "rozmiar planszy: 9 (9x9) lub 11 (11x11)" in helps


# Typed moves ------------------------------------------------------------------------------------


def test_polish_words_are_read_in_typed_moves_and_the_notation_is_unchanged() -> None:
    state = new(2)
    plain = RULES.parse_action(state, 0, "c3-d4")
    for typed in ("c3 na d4", "C3 NA D4", "c3 do d4", "ruch c3 na d4", "c3 to d4"):
        assert RULES.parse_action(state, 0, typed) == plain, typed
    capture = position("c3:g d4:b f6:b b8:b")
    assert RULES.format_action(capture, RULES.parse_action(capture, 0, "c3 bije g7")) == (
        "c3xe5xg7"
    )
    for notation in ("c3-d4", "C3 x D4", "c3:d4", "c3 d4"):
        assert RULES.parse_action(state, 0, notation) == plain
    with pytest.raises(GameError, match="can't read"):
        RULES.parse_action(state, 0, "na")
