"""High Rollin's words: events and refusals are data, and the narrator words every one of them
in English, Polish and the pseudo-locale; Polish labels fit Discord and typed Polish works."""

from __future__ import annotations

import json
import pickle
import random
import re
from typing import Any

import pytest

import words
from games.base import Event, GameError, Outcome
from games.highrollin import RULES, Again, Lift, Place, Roll, Stop
from games.highrollin.talk import choices
from games.rng import SeededRng
from tests.games.highrollin_kit import FULL, REST, make, play

LOCALES = (words.ENGLISH, "pl", words.PSEUDO)
#: Discord's limits: a button's label, a select option's label and description
BUTTON, OPTION = 80, 100


def playouts(seeds: range, players: tuple[int, ...] = (2, 3, 4)) -> list[tuple[Any, Any, Any]]:
    """(state, action, step) of random games, wobbly and steady, single games and matches."""
    out = []
    for seed in seeds:
        n = players[seed % len(players)]
        options = {"towers": ("wobbly", "steady")[seed % 2], "match": seed % 3 == 0}
        state = RULES.new_game([f"p{i}" for i in range(n)], options, rng=SeededRng(seed))
        out.append((None, None, RULES.opening_events(state)))
        pick = random.Random(seed)
        ply = 0
        while RULES.outcome(state) is None:
            ply += 1
            action = pick.choice(RULES.legal_actions(state, state.turn))
            step = RULES.apply(state, state.turn, action, rng=SeededRng(seed, ply))
            out.append((state, action, step))
            state = step.state
        if seed % 4 == 1:  # and a player leaving a fresh game
            fresh = RULES.new_game([f"p{i}" for i in range(n)], rng=SeededRng(seed))
            out.append((fresh, None, RULES.resign(fresh, fresh.turn, rng=SeededRng(seed, 0))))
    return out


GAMES = playouts(range(12))


def events_of(item: tuple[Any, Any, Any]) -> tuple[Event, ...]:
    _, _, step = item
    return step if isinstance(step, tuple) else step.events


def unmarked(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """English words of ``text`` outside the pseudo-locale's brackets (names and the move
    notation in backquotes aside)."""
    rest = re.sub(r"`[^`]*`", " ", text)
    while "⟦" in rest:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
        if inner == rest:
            break
        rest = inner
    return [w for w in re.findall(r"[A-Za-z]{2,}", rest) if not any(w in n for n in names)]


def test_events_are_json_data_that_round_trips() -> None:
    kinds = set()
    for item in GAMES:
        for event in events_of(item):
            assert event.kind != "said" and "text" not in event.data
            stored = json.loads(json.dumps(event.to_dict()))
            assert Event.from_dict(stored) == event
            for value in event.data.values():
                assert not isinstance(value, str) or " " not in value, (event, "a sentence?")
            kinds.add(event.kind)
    # every kind a game of a few seeds meets (the rarer ones have their own tests)
    common = {"round", "roll", "stack", "wobble", "stuck", "score", "penalty", "lift", "stop"}
    assert common | {"fall", "reward", "out", "won", "leave", "next_player"} <= kinds


@pytest.mark.parametrize("locale", LOCALES)
def test_the_narrator_words_every_event_and_outcome(locale: str) -> None:
    told = 0
    with words.use(locale):
        for item in GAMES:
            step = item[2]
            after = None if isinstance(step, tuple) else step.state
            names = tuple(f"p{i}" for i in range(4))
            for event in events_of(item):
                text = RULES.narrator.event(event, names)
                assert text and "{" not in text and "}" not in text, (event, text)
                if locale == words.PSEUDO:
                    assert not unmarked(text, names), text
                told += 1
            outcome = RULES.outcome(after) if after is not None else None
            if outcome is not None:
                said = RULES.narrator.outcome(outcome, after.names)
                assert said and said != outcome.reason and "{" not in said
    assert told > 500
    for reason, data in (("last_left", {}), ("match", {"games": 3}), ("score", {"past": 100})):
        with words.use(locale):
            assert RULES.narrator.outcome(Outcome((0,), reason, None, data), ["a", "b"]) != reason


def test_english_sentences_stay_as_they_were() -> None:
    names = ["ann", "bob", "cy"]
    tell = RULES.narrator.event
    assert tell(Event("roll", {"seat": 0, "dice": [["red", 3], ["blue", 4]]}), names) == (
        "ann rolled red 3, blue 4."
    )
    stack = {"seat": 1, "die": ["green", 5], "tower": 1, "height": 3, "alone": False}
    assert tell(Event("stack", stack), names) == "bob stacked green 5 on tower 2 (3 high)."
    reward = {"seat": 0, "others": [1, 2], "points": 5, "totals": [5, 7]}
    assert tell(Event("reward", reward), names) == (
        "bob and cy score 5 each for the fallen dice: bob 5, cy 7. ann's turn ends."
    )
    out = {"seat": 2, "left": 1, "total": 40}
    assert tell(Event("out", out), names) == (
        "cy went out: 1 die left in the other piles gives 1 (score 40)."
    )
    won = {"winners": [0], "table": [[0, 101], [1, 30]]}
    assert tell(Event("won", won), names) == "A score passed 100: ann wins (ann 101, bob 30)."
    assert RULES.narrator.outcome(Outcome((0,), "score", (101, 3), {"past": 100}), names) == (
        "highest score once a score passed 100"
    )


@pytest.mark.parametrize(
    ("n", "polish"),
    [
        (1, "ann kończy turę: 1 kość wraca do puli, bez punktów."),
        (2, "ann kończy turę: 2 kości wracają do puli, bez punktów."),
        (5, "ann kończy turę: 5 kości wraca do puli, bez punktów."),
        (22, "ann kończy turę: 22 kości wracają do puli, bez punktów."),
        (112, "ann kończy turę: 112 kości wraca do puli, bez punktów."),
    ],
)
def test_polish_counts_take_the_right_plural_form(n: int, polish: str) -> None:
    with words.use("pl"):
        assert RULES.narrator.event(Event("stop", {"seat": 0, "back": n}), ["ann"]) == polish
    forms = {1: "1 czerwona", 2: "2 czerwone", 5: "5 czerwonych", 22: "22 czerwone"}
    forms[112] = "112 czerwonych"
    with words.use("pl"):
        from games.highrollin.talk.common import colour_count

        assert colour_count(0, n) == forms[n]


def refusals() -> list[GameError]:
    """Every refusal a player (or a broken save) can meet, raised by the rules themselves."""
    fresh = make(("r6", "b6", "g6", "y6"), [FULL, REST])
    placing = make(("r5", "b1", "g5", "y3"), [(3, 4, 4, 3), REST], hand="r5 b3 y1 g1 r2", began=5)
    deciding = make(("r5", "b6", "g2", "y4"), [(3, 4, 4, 2), REST], hand="r3 y3", began=5)
    lifting = make(("r2 b2 g2", "b6 r6 y6", "g4", "y4"), [(0, 4, 4, 4), REST], wobble="steady")
    lifting, _ = play(lifting, Roll((0, 1, 0, 4)), [5, 3, 3, 3, 3])
    no_yellow = make(("r6", "b6", "g6", "y6"), [(4, 4, 4, 0), REST])
    tries: list[tuple[Any, str]] = [
        (fresh, ""),
        (fresh, "dance"),
        (fresh, "roll purple"),
        (fresh, "roll"),
        (fresh, "roll red red"),
        (no_yellow, "roll 5 yellow"),
        (fresh, "stop"),
        (fresh, "lift"),
        (placing, "roll red red blue green green"),
        (placing, "place 3 on 2"),
        (placing, "place 1 on 3"),
        (placing, "place 9 on 1"),
        (placing, "place 1 on 7"),
        (placing, "place red 6 on 2"),
        (placing, "place"),
        (placing, "again"),
        (deciding, "place 1 on 1"),
        (deciding, "lift 1"),
        (lifting, "lift 3"),
    ]
    errors = []
    for state, text in tries:
        with pytest.raises(GameError) as caught:
            RULES.parse_action(state, state.turn, text)
        errors.append(caught.value)
    for action in (Place(0, 9),):
        with pytest.raises(GameError) as caught:
            RULES._check(placing, 0, action)
        errors.append(caught.value)
    with pytest.raises(GameError) as caught:
        RULES.new_game(["solo"], rng=SeededRng(1))
    errors.append(caught.value)
    with pytest.raises(GameError) as caught:
        RULES.resign(fresh, 7, rng=SeededRng(1))
    errors.append(caught.value)
    broken = RULES.dump(fresh)
    for key, value in (("piles", [{"red": 9}, {}]), ("towers", [[{"colour": "x", "face": 1}]])):
        with pytest.raises(GameError) as caught:
            RULES.load({**broken, key: value})
        errors.append(caught.value)
    with pytest.raises(GameError) as caught:
        RULES.load({**broken, "turn": None})
    errors.append(caught.value)
    return errors


def test_every_refusal_has_a_code_and_is_worded_in_every_locale() -> None:
    errors = refusals()
    codes = {e.code for e in errors}
    game_codes = {c for c in codes if c.startswith("highrollin.")}
    assert len(game_codes) >= 20, sorted(codes)
    for err in errors:
        again = pickle.loads(pickle.dumps(err))
        assert (again.code, again.data) == (err.code, err.data)
        json.dumps(err.data)  # the fields are data
        for locale in LOCALES:
            with words.use(locale):
                said = RULES.narrator.refusal(err)
            assert said and said != err.code and "{" not in said, (err.code, locale, said)
            if locale == words.PSEUDO:
                assert not unmarked(said), (err.code, said)
    english = {e.code: str(e) for e in errors}
    assert english["highrollin.own_colour"] == (
        "Blue 3 cannot go on tower 2 (top blue 1): a die never goes on its own colour."
    )
    assert english["highrollin.first"].startswith("First choose the dice to roll")
    assert english["highrollin.too_few"] == "You have only 0 yellow in your pile."


def test_polish_labels_fit_discord_and_are_whole() -> None:
    checked = 0
    with words.use("pl"):
        for state, _, _ in GAMES[:400]:
            if state is None or state.winners:
                continue
            for action in RULES.legal_actions(state, state.turn):
                choice = RULES.describe_action(state, state.turn, action)
                assert 0 < len(choice.label) <= BUTTON and len(choice.note) <= OPTION, choice
                assert "{" not in choice.label + choice.note
                checked += 1
            assert "{" not in RULES.status_line(state)
    assert checked > 300


def test_pseudo_locale_marks_every_label_note_and_status() -> None:
    with words.use(words.PSEUDO):
        for state, _, _ in GAMES[:200]:
            if state is None or state.winners:
                continue
            for action in RULES.legal_actions(state, state.turn):
                choice = RULES.describe_action(state, state.turn, action)
                assert not unmarked(choice.label + " " + choice.note), choice
            assert not unmarked(RULES.status_line(state), state.names)
        for text in (RULES.title, RULES.summary, RULES.quick_start):
            assert RULES.narrator.text(text).startswith("⟦")
        for spec in RULES.options_type.specs():
            assert RULES.narrator.text(spec.help).startswith("⟦")


def test_typed_polish_words_are_aliases_of_the_notation() -> None:
    fresh = make(("r6", "b6", "g6", "y6"), [FULL, REST])
    assert RULES.parse_action(fresh, 0, "rzuć 2 czerwone 3 zielone") == Roll((2, 0, 3, 0))
    assert RULES.parse_action(fresh, 0, "rzuc czerwona niebieska i 3 zolte") == Roll((1, 1, 0, 3))
    assert RULES.parse_action(fresh, 0, "rzuć c c n z ż") == Roll((2, 1, 1, 1))
    placing = make(("r5", "b5", "g6", "y6"), [(4, 4, 2, 4), REST], hand="g5 g5", began=5)
    assert RULES.parse_action(placing, 0, "połóż zieloną 5 na wieży 2") == Place(0, 1)
    assert RULES.parse_action(placing, 0, "POLOZ 1 na 1") == Place(0, 0)
    deciding = make(("r5", "b6", "g2", "y4"), [(3, 4, 4, 2), REST], hand="r3 y3", began=5)
    assert RULES.parse_action(deciding, 0, "rzuć ponownie") == Again()
    assert RULES.parse_action(deciding, 0, "ponownie") == Again()
    assert RULES.parse_action(deciding, 0, "koniec") == Stop()
    lifting = make(("r2 b2 g2", "b6 r6 y6", "g4", "y4"), [(0, 4, 4, 4), REST], wobble="steady")
    lifting, _ = play(lifting, Roll((0, 1, 0, 4)), [5, 3, 3, 3, 3])
    assert RULES.parse_action(lifting, 0, "zdejmij z wieży 2") == Lift(1)
    # the notation's own words keep their meaning: no alias takes one over
    for lift in (False, True):
        assert not set(choices._aliases(lift)) & choices.CANONICAL
    for state, _, _ in GAMES[:300]:
        if state is None or state.winners:
            continue
        for action in RULES.legal_actions(state, state.turn):
            text = RULES.format_action(state, action)
            assert RULES.parse_action(state, state.turn, text) == action


def test_the_polish_rules_page_opens_with_the_polish_quick_start() -> None:
    from tests.games.test_quick_start import RULES_PAGES, unwrap

    page = (RULES_PAGES / "pl" / "highrollin.md").read_text(encoding="utf-8")
    block = page.split("**Szybki start.**", 1)[1].split("\n\n", 1)[0]
    with words.use("pl"):
        quick = RULES.narrator.text(RULES.quick_start)
    assert quick != RULES.quick_start and "/highrollin new" in quick
    assert unwrap(block) == quick
