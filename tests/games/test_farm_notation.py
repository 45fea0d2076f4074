"""Super Farmer notation and storage: typed moves and their errors, dumps and loads."""

from __future__ import annotations

import json
from typing import Any

import pytest
from farm_kit import (
    ALICE,
    BOB,
    CAROL,
    RULES,
    herd,
    move,
    new,
    offered,
    roll,
    setup,
)

from games.base import (
    InvalidAction,
    InvalidState,
    NotYourTurn,
)
from games.farm import Decline, Offer, Roll, Trade
from games.rng import ScriptedRng

# Notation and its errors --------------------------------------------------------------------


def test_notation_is_case_insensitive_and_accepts_plurals_and_dog_spellings() -> None:
    state = setup(alice={"pig": 2, "sheep": 3, "rabbit": 6}, bob={"cow": 1})
    cow = RULES.parse_action(state, ALICE, "trade 2 pig 1 sheep 6 rabbit for 1 cow")
    for text in (
        "TRADE 2 Pigs, 1 Sheep and 6 Rabbits FOR 1 Cow",
        "trade 6 rabbits 1 sheep 2 pigs for 1 cows",
        "  trade 1 pig 1 pig 1 sheep 6 rabbit for 1 cow  ",
    ):
        assert RULES.parse_action(state, ALICE, text) == cow
    dog = RULES.parse_action(state, ALICE, "trade 1 sheep for 1 small dog")
    for text in ("small_dog", "smalldog", "small dogs", "Small Dog"):
        assert RULES.parse_action(state, ALICE, f"trade 1 sheep for 1 {text}") == dog
    big = Trade(give=(0, 2, 2, 0, 0, 0, 0), get=(0, 0, 0, 0, 0, 0, 1))
    for text in ("big dog", "big dogs", "big_dog", "bigdog"):
        assert RULES.parse_action(state, ALICE, f"trade 2 pigs 2 sheep for 1 {text}") == big
    offer = RULES.parse_action(state, ALICE, "offer 2 pig 1 sheep 6 rabbit for 1 cow to @Bob")
    assert offer == Offer(give=(6, 1, 2, 0, 0, 0, 0), get=(0, 0, 0, 1, 0, 0, 0), to=BOB)


def test_every_menu_action_formats_and_parses_back() -> None:
    state = setup(
        players=3,
        alice={"rabbit": 12, "sheep": 2, "pig": 3, "cow": 2, "small_dog": 1},
        bob={"sheep": 2, "cow": 1, "horse": 1},
        carol={"big_dog": 1, "pig": 1},
    )
    menu = RULES.legal_actions(state, ALICE)
    assert len(menu) > 20
    for action in menu:
        text = RULES.format_action(state, action)
        assert RULES.parse_action(state, ALICE, text) == action, text
        assert len(RULES.describe_action(state, ALICE, action).label) <= 80
    multi = Trade(give=(6, 1, 2, 0, 0, 0, 0), get=(0, 0, 0, 1, 0, 0, 0))
    assert RULES.format_action(state, multi) == "trade 2 pig 1 sheep 6 rabbit for 1 cow"
    offered_state = move(state, ALICE, "OFFER 2 Cows for 1 Horse TO Bob").state
    for action in RULES.legal_actions(offered_state, BOB):
        text = RULES.format_action(offered_state, action)
        assert RULES.parse_action(offered_state, BOB, text) == action


@pytest.mark.parametrize(
    "name", ["Bob Smith", "Smith, Bob", "bob  two", "Back to Back", "to", "Ünal", "7"]
)
def test_offers_to_players_with_awkward_names_parse_back(name: str) -> None:
    data = RULES.dump(setup(alice={"rabbit": 6}, bob={"sheep": 1}))
    data["players"][BOB]["name"] = name
    state = RULES.load(data)
    action = Offer(give=(6, 0, 0, 0, 0, 0, 0), get=(0, 1, 0, 0, 0, 0, 0), to=BOB)
    text = RULES.format_action(state, action)
    assert text == f"offer 6 rabbit for 1 sheep to {name}"
    assert RULES.parse_action(state, ALICE, text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type a move, e.g. `roll`"),
        ("dance", "I don't know the move `dance`. Moves: roll; trade 6 rabbit for 1 sheep"),
        ("roll twice", "I don't know the move `roll twice`"),
        ("trade 6 rabbit 1 sheep", "Say what you give and get: `trade 6 rabbit for 1 sheep`"),
        ("trade for 1 sheep", "Name the animals, e.g. `6 rabbit`"),
        ("trade 6 rabbit for", "Name the animals"),
        ("trade six rabbit for 1 sheep", "Expected a number before an animal, got `six`"),
        ("trade 6 for 1 sheep", "An animal is missing after the number"),
        ("trade 6 unicorn for 1 sheep", "Unknown animal `unicorn`; animals are rabbit, sheep"),
        ("trade 6 rabbit for 1 sheeps", "Unknown animal `sheeps`"),
        ("trade 0 rabbit for 0 sheep", "Trade at least one"),
        ("offer 6 rabbit for 1 sheep", "Name who the offer is to"),
        ("offer 6 rabbit 1 sheep to bob", "Say what you give and get: `offer"),
        ("offer 6 rabbit for 1 sheep to zed", "No player called `zed`; players: alice, bob."),
    ],
)
def test_malformed_moves_get_helpful_messages(text: str, message: str) -> None:
    state = setup(alice={"rabbit": 6}, bob={"sheep": 1})
    with pytest.raises(InvalidAction) as err:
        RULES.parse_action(state, ALICE, text)
    assert message in str(err.value)


def test_the_wrong_player_acting_is_told_whose_turn_it_is() -> None:
    state = new(3)
    with pytest.raises(NotYourTurn, match="It is not your turn; waiting on alice"):
        RULES.parse_action(state, BOB, "roll")
    with pytest.raises(NotYourTurn):
        RULES.apply(state, CAROL, Roll(), rng=ScriptedRng(["rabbit", "rabbit"]))
    assert RULES.default_action(state, ALICE) == Roll()
    assert RULES.default_action(offered(), BOB) == Decline()


# Storage ------------------------------------------------------------------------------------


def test_dump_load_round_trips_through_json_at_every_stage() -> None:
    states = [new(), offered(players=3)]
    states.append(move(states[-1], BOB, "accept").state)
    states.append(roll(states[-1], ALICE, "fox", "wolf").state)
    states.append(
        move(
            setup(alice={"rabbit": 1, "sheep": 1, "pig": 1, "cow": 3}),
            ALICE,
            "trade 2 cow for 1 horse",
        ).state
    )
    states.append(new(4, {"strict_trades": True, "start_with_rabbit": True}))
    for state in states:
        data = json.loads(json.dumps(RULES.dump(state)))
        assert data["format"] == 1 and data["game"] == "farm"
        assert RULES.load(data) == state


def test_an_edited_dump_loads_and_play_goes_on() -> None:
    data = RULES.dump(new(3))
    data["players"][CAROL]["herd"]["horse"] = 2
    data["stock"]["horse"] = 4
    data["turn"] = CAROL
    state = RULES.load(data)
    assert RULES.to_act(state) == (CAROL,)
    assert herd(roll(state, CAROL, "horse", "sheep").state, CAROL) == {"horse": 3}


def _broken(edit: Any) -> dict[str, Any]:
    data = RULES.dump(offered(players=3))
    edit(data)
    return data


IDS = [
    "negative herd",
    "negative stock",
    "unknown animal in a herd",
    "unknown animal in the stock",
    "fractional count",
    "count as text",
    "count as true",
    "turn past the last seat",
    "negative turn",
    "turn as text",
    "offer to a missing seat",
    "offer to oneself",
    "offer from someone not on turn",
    "offer asks for more than the partner has",
    "offer gives more than the proposer has",
    "bad last roller",
    "bad winner seat",
    "dice swapped",
    "one player",
    "nine players",
    "players not a list",
    "no stock",
    "player without a name",
    "unknown option",
    "newer format",
]


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["players"][0]["herd"].update(rabbit=-1),
        lambda d: d["stock"].update(cow=-3),
        lambda d: d["players"][1]["herd"].update(unicorn=1),
        lambda d: d["stock"].update(dragon=0),
        lambda d: d["players"][0]["herd"].update(sheep=1.5),
        lambda d: d["players"][0]["herd"].update(sheep="2"),
        lambda d: d["players"][0]["herd"].update(sheep=True),
        lambda d: d.update(turn=3),
        lambda d: d.update(turn=-1),
        lambda d: d.update(turn="0"),
        lambda d: d["offer"].update(to=5),
        lambda d: d["offer"].update(to=0),
        lambda d: d["offer"].update(by=2),
        lambda d: d["offer"]["get"].update(sheep=2),
        lambda d: d["offer"]["give"].update(rabbit=7),
        lambda d: d.update(last_roller=9),
        lambda d: d.update(winners=[3]),
        lambda d: d.update(last_roll=["wolf", "fox"]),
        lambda d: d.update(players=d["players"][:1]),
        lambda d: d.update(players=d["players"] * 3),
        lambda d: d.update(players="alice"),
        lambda d: d.pop("stock"),
        lambda d: d["players"][0].pop("name"),
        lambda d: d.update(options={"wolves": False}),
        lambda d: d.update(format=99),
    ],
    ids=IDS,
)
def test_invalid_dumps_are_refused(edit: Any) -> None:
    with pytest.raises(InvalidState):
        RULES.load(_broken(edit))


@pytest.mark.parametrize(
    "typed,canonical",
    [
        ("rzuć", "roll"),
        ("Rzuc", "roll"),
        ("wymień 6 królików za 1 owcę", "trade 6 rabbit for 1 sheep"),
        ("wymien 6 krolikow za 1 owce", "trade 6 rabbit for 1 sheep"),
        ("wymień 1 owcę i 6 królików za 1 świnię", "trade 1 sheep 6 rabbit for 1 pig"),
        ("wymień 1 krowę za 1 dużego psa", "trade 1 cow for 1 big_dog"),
        ("zaproponuj 6 królików za 1 owcę dla bob", "offer 6 rabbit for 1 sheep to bob"),
    ],
)
def test_polish_words_are_accepted_as_aliases_of_the_notation(typed: str, canonical: str) -> None:
    state = setup(alice={"rabbit": 12, "sheep": 1, "cow": 1}, bob={"sheep": 1})
    action = RULES.parse_action(state, ALICE, typed)
    assert action == RULES.parse_action(state, ALICE, canonical)
    assert RULES.format_action(state, action) == canonical, "the log keeps the notation"


def test_a_player_named_like_an_alias_is_still_found_by_the_notation() -> None:
    data = RULES.dump(setup(alice={"rabbit": 6}, bob={"sheep": 1}))
    data["players"][1]["name"] = "dla za"
    state = RULES.load(data)
    action = RULES.parse_action(state, ALICE, "offer 6 rabbit for 1 sheep to dla za")
    assert action == Offer((6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0), BOB)
    assert RULES.format_action(state, action) == "offer 6 rabbit for 1 sheep to dla za"
