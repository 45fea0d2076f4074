"""Super Farmer rules, as a player sees them: the roll (breeding, predators, the stock running
short), winning, options and conservation.

Dice are decided with ``ScriptedRng``: the fox die is rolled first, then the wolf die. Positions
are set up by editing a dump (animals are taken from the stock, so they stay conserved).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from farm_kit import (
    ALICE,
    BOB,
    CAROL,
    NAMES,
    RULES,
    TOTAL,
    assert_conserved,
    herd,
    move,
    new,
    roll,
    setup,
    stock,
    texts,
)

import games
from games.base import (
    GameError,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    InvalidState,
    NotYourTurn,
    Step,
)
from games.farm import ANIMALS, Roll
from games.rng import ScriptedRng, ScriptExhausted, ScriptMismatch, SeededRng

# The interface scripts rely on --------------------------------------------------------------


def test_registry_and_player_limits() -> None:
    assert RULES.key == "farm" and RULES.title == "Super Farmer"
    assert (RULES.min_players, RULES.max_players) == (2, 6)
    for err in (InvalidAction, IllegalAction, NotYourTurn, GameOver, InvalidState):
        assert issubclass(err, games.GameError)
    assert games.get("farm") is games.RULESETS["farm"]
    for count in (0, 1, 7):
        with pytest.raises(GameError, match="2-6 players"):
            RULES.new_game([f"p{i}" for i in range(count)], rng=SeededRng(1))


@pytest.mark.parametrize("players", range(2, 7))
def test_new_game_pens_start_empty_and_first_seat_acts(players: int) -> None:
    state = new(players)
    data = json.loads(json.dumps(RULES.dump(state)))
    assert data["stock"] == TOTAL
    assert [p["name"] for p in data["players"]] == NAMES[:players]
    assert all(p["herd"] == dict.fromkeys(ANIMALS, 0) for p in data["players"])
    assert RULES.players(state) == tuple(NAMES[:players])
    assert RULES.to_act(state) == (ALICE,)
    assert RULES.outcome(state) is None
    assert RULES.legal_actions(state, BOB) == []


def test_apply_returns_a_step_and_leaves_its_input_alone() -> None:
    state = setup(alice={"rabbit": 6})
    before = RULES.dump(state)
    step = move(state, ALICE, "trade 6 rabbit for 1 sheep")
    assert isinstance(step, Step) and step.events
    assert RULES.dump(state) == before
    assert herd(step.state, ALICE) == {"sheep": 1}


def test_seeded_rolls_replay_exactly() -> None:
    state = new()
    first = RULES.apply(state, ALICE, Roll(), rng=SeededRng("match", 1))
    again = RULES.apply(state, ALICE, Roll(), rng=SeededRng("match", 1))
    assert first == again
    assert texts(first)[0].startswith("alice rolled ")


def test_the_fox_die_is_rolled_first_then_the_wolf_die() -> None:
    state = new()
    step = roll(state, ALICE, "horse", "cow")
    assert texts(step)[0] == "alice rolled horse and cow."
    assert RULES.dump(step.state)["last_roll"] == ["horse", "cow"]
    with pytest.raises(ScriptMismatch):  # a wolf is not a face of the fox die
        RULES.apply(state, ALICE, Roll(), rng=ScriptedRng(["wolf", "fox"]))
    with pytest.raises(ScriptMismatch):  # no cow on the fox die, no horse on the wolf die
        RULES.apply(state, ALICE, Roll(), rng=ScriptedRng(["cow", "rabbit"]))
    with pytest.raises(ScriptMismatch):
        RULES.apply(state, ALICE, Roll(), rng=ScriptedRng(["rabbit", "horse"]))
    with pytest.raises(ScriptExhausted):
        RULES.apply(state, ALICE, Roll(), rng=ScriptedRng(["rabbit"]))


# Breeding: the seed's three examples and the formula ----------------------------------------


def test_seed_example_no_animals_two_rabbits_gives_one_rabbit() -> None:
    step = roll(new(), ALICE, "rabbit", "rabbit")
    assert herd(step.state, ALICE) == {"rabbit": 1}
    assert stock(step.state)["rabbit"] == 59
    assert texts(step) == ["alice rolled rabbit and rabbit.", "alice's herd bred 1 rabbit."]


@pytest.mark.parametrize(
    ("fox", "wolf"), [("rabbit", "sheep"), ("pig", "rabbit"), ("rabbit", "rabbit")]
)
def test_seed_example_three_rabbits_and_at_least_one_rabbit_gives_two(fox: str, wolf: str) -> None:
    state = setup(alice={"rabbit": 3})
    step = roll(state, ALICE, fox, wolf)
    assert herd(step.state, ALICE) == {"rabbit": 5}


def test_seed_example_three_rabbits_five_sheep_rolls_rabbit_and_sheep() -> None:
    state = setup(alice={"rabbit": 3, "sheep": 5})
    step = roll(state, ALICE, "rabbit", "sheep")
    assert herd(step.state, ALICE) == {"rabbit": 5, "sheep": 8}
    assert "alice's herd bred 3 sheep and 2 rabbits." in texts(step)
    assert_conserved(step.state)


def test_a_single_animal_on_the_dice_breeds_nothing_from_an_empty_pen() -> None:
    step = roll(new(), ALICE, "horse", "cow")
    assert herd(step.state, ALICE) == {}
    assert texts(step) == ["alice rolled horse and cow.", "No pairs: alice's herd bred nothing."]
    assert [e.minor for e in step.events] == [False, True]  # the message leaves it out


def test_horses_and_cows_breed_like_the_rest() -> None:
    state = setup(alice={"horse": 1, "cow": 3})
    step = roll(state, ALICE, "horse", "cow")
    assert herd(step.state, ALICE) == {"horse": 2, "cow": 5}


def test_pigs_shown_on_both_dice_count_twice() -> None:
    state = setup(alice={"pig": 1})
    step = roll(state, ALICE, "pig", "pig")
    assert herd(step.state, ALICE) == {"pig": 2}  # (1 + 2) // 2


def test_dogs_never_breed() -> None:
    state = setup(alice={"small_dog": 2, "big_dog": 2})
    step = roll(state, ALICE, "rabbit", "rabbit")
    assert herd(step.state, ALICE) == {"small_dog": 2, "big_dog": 2, "rabbit": 1}


def test_only_the_roller_breeds_and_the_turn_passes() -> None:
    state = setup(players=3, bob={"rabbit": 4})
    step = roll(state, ALICE, "rabbit", "rabbit")
    assert herd(step.state, BOB) == {"rabbit": 4}
    assert RULES.to_act(step.state) == (BOB,)
    step = roll(step.state, BOB, "rabbit", "sheep")
    assert herd(step.state, BOB) == {"rabbit": 6}
    step = roll(step.state, CAROL, "sheep", "sheep")
    assert RULES.to_act(step.state) == (ALICE,)


# Predators ----------------------------------------------------------------------------------


def test_fox_without_a_small_dog_eats_all_rabbits_only() -> None:
    state = setup(alice={"rabbit": 7, "sheep": 2, "big_dog": 1})
    step = roll(state, ALICE, "fox", "pig")
    assert herd(step.state, ALICE) == {"sheep": 2, "big_dog": 1}
    assert stock(step.state)["rabbit"] == 60
    assert texts(step)[0] == "alice rolled fox and pig: the fox ate 7 rabbits."


def test_fox_with_a_small_dog_takes_only_one_dog() -> None:
    state = setup(alice={"rabbit": 7, "small_dog": 2})
    step = roll(state, ALICE, "fox", "sheep")
    assert herd(step.state, ALICE) == {"rabbit": 7, "small_dog": 1}
    assert stock(step.state)["small_dog"] == 3
    assert texts(step)[0] == (
        "alice rolled fox and sheep: the small dog chased the fox off and left."
    )


def test_fox_with_a_small_dog_and_a_rabbit_on_the_wolf_die_still_breeds() -> None:
    state = setup(alice={"rabbit": 4, "small_dog": 1})
    step = roll(state, ALICE, "fox", "rabbit")
    assert herd(step.state, ALICE) == {"rabbit": 6}


def test_fox_finding_nothing_says_so() -> None:
    step = roll(setup(alice={"sheep": 1}), ALICE, "fox", "pig")
    assert herd(step.state, ALICE) == {"sheep": 1}
    assert texts(step)[0] == "alice rolled fox and pig: the fox found no rabbits."


def test_wolf_with_a_big_dog_takes_only_one_dog() -> None:
    state = setup(alice={"rabbit": 3, "sheep": 2, "pig": 1, "cow": 1, "big_dog": 2})
    step = roll(state, ALICE, "sheep", "wolf")
    assert herd(step.state, ALICE) == {"rabbit": 3, "sheep": 3, "pig": 1, "cow": 1, "big_dog": 1}
    assert stock(step.state)["big_dog"] == 1
    assert texts(step) == [
        "alice rolled sheep and wolf: the big dog chased the wolf off and left.",
        "alice's herd bred 1 sheep.",
    ]


def test_wolf_without_a_big_dog_spares_horses_and_small_dogs() -> None:
    state = setup(alice={"rabbit": 3, "sheep": 2, "pig": 4, "cow": 1, "horse": 1, "small_dog": 1})
    step = roll(state, ALICE, "sheep", "wolf")
    assert herd(step.state, ALICE) == {"horse": 1, "small_dog": 1}
    assert stock(step.state) == {**TOTAL, "horse": 5, "small_dog": 3}
    assert texts(step)[0] == (
        "alice rolled sheep and wolf: the wolf ate 1 cow, 4 pigs, 2 sheep and 3 rabbits."
    )


def test_wolf_then_a_horse_on_the_fox_die_still_breeds_horses() -> None:
    state = setup(alice={"rabbit": 5, "horse": 1})
    step = roll(state, ALICE, "horse", "wolf")
    assert herd(step.state, ALICE) == {"horse": 2}


def test_wolf_finding_nothing_says_so() -> None:
    step = roll(setup(alice={"horse": 1}), ALICE, "rabbit", "wolf")
    assert texts(step)[0] == "alice rolled rabbit and wolf: the wolf found nothing to eat."


@pytest.mark.parametrize(
    ("dogs", "left"),
    [
        ({"small_dog": 1, "big_dog": 1}, {"rabbit": 6, "sheep": 1, "cow": 2, "horse": 1}),
        ({"small_dog": 1}, {"horse": 1}),
        ({"big_dog": 1}, {"sheep": 1, "cow": 2, "horse": 1}),
        ({}, {"horse": 1}),
        (
            {"small_dog": 2, "big_dog": 2},
            {"rabbit": 6, "sheep": 1, "cow": 2, "horse": 1, "small_dog": 1, "big_dog": 1},
        ),
    ],
)
def test_fox_and_wolf_in_one_roll(dogs: dict[str, int], left: dict[str, int]) -> None:
    state = setup(alice={"rabbit": 6, "sheep": 1, "cow": 2, "horse": 1, **dogs})
    step = roll(state, ALICE, "fox", "wolf")
    assert herd(step.state, ALICE) == left
    assert_conserved(step.state)


def test_predators_strike_before_breeding() -> None:
    """The fox eats the 5 rabbits first; the wolf die's rabbit then breeds from none."""
    state = setup(alice={"rabbit": 5, "sheep": 1})
    step = roll(state, ALICE, "fox", "rabbit")
    assert herd(step.state, ALICE) == {"sheep": 1}
    assert texts(step) == [
        "alice rolled fox and rabbit: the fox ate 5 rabbits.",
        "No pairs: alice's herd bred nothing.",
    ]
    assert stock(step.state)["rabbit"] == 60


# Winning ------------------------------------------------------------------------------------


def assert_finished(state: Any, winners: tuple[int, ...]) -> None:
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == winners
    assert RULES.to_act(state) == ()
    for seat in range(len(RULES.players(state))):
        assert RULES.legal_actions(state, seat) == []
        with pytest.raises(GameOver):
            RULES.apply(state, seat, Roll(), rng=ScriptedRng(["rabbit", "rabbit"]))
        with pytest.raises(GameOver):
            RULES.parse_action(state, seat, "roll")


def test_a_trade_can_win_and_the_game_ends_at_once() -> None:
    state = setup(alice={"rabbit": 1, "sheep": 1, "pig": 1, "cow": 3})
    step = move(state, ALICE, "trade 2 cow for 1 horse")
    assert texts(step)[-1] == "alice has a rabbit, a sheep, a pig, a cow and a horse, and wins!"
    assert_finished(step.state, (ALICE,))
    assert RULES.status_line(step.state) == "won by alice"


def test_a_roll_can_win_and_the_turn_does_not_pass() -> None:
    state = setup(alice={"rabbit": 1, "sheep": 1, "cow": 1, "horse": 1})
    step = roll(state, ALICE, "pig", "pig")
    assert herd(step.state, ALICE)["pig"] == 1
    assert texts(step)[-1].endswith("and wins!")
    assert_finished(step.state, (ALICE,))


def test_accepting_an_offer_can_win_for_the_partner() -> None:
    state = setup(alice={"rabbit": 6}, bob={"sheep": 2, "pig": 1, "cow": 1, "horse": 1})
    state = move(state, ALICE, "offer 6 rabbit for 1 sheep to bob").state
    step = move(state, BOB, "accept")
    assert_finished(step.state, (BOB,))


def test_an_accepted_offer_can_make_both_players_win() -> None:
    base = {"rabbit": 1, "sheep": 1, "pig": 1}
    state = setup(alice={**base, "cow": 3}, bob={**base, "horse": 2})
    state = move(state, ALICE, "offer 2 cow for 1 horse to bob").state
    step = move(state, BOB, "accept")
    assert texts(step)[-1] == (
        "alice and bob have a rabbit, a sheep, a pig, a cow and a horse, and win!"
    )
    assert_finished(step.state, (ALICE, BOB))


def test_no_win_without_all_five() -> None:
    state = setup(alice={"rabbit": 1, "sheep": 1, "pig": 1, "cow": 3, "small_dog": 4})
    step = move(state, ALICE, "trade 1 cow for 1 big dog")
    assert RULES.outcome(step.state) is None


# Options ------------------------------------------------------------------------------------


def test_strict_trades_refuses_many_for_many_but_allows_one_side_single() -> None:
    herds = {"alice": {"pig": 2, "sheep": 1, "rabbit": 6}, "bob": {"sheep": 4, "cow": 1}}
    free = setup(**herds)
    assert herd(move(free, ALICE, "trade 2 pig for 4 sheep").state, ALICE)["sheep"] == 5
    strict = setup(options={"strict_trades": True}, **herds)
    with pytest.raises(IllegalAction, match="one side must be a single animal"):
        move(strict, ALICE, "trade 2 pig for 4 sheep")
    with pytest.raises(IllegalAction, match="single animal"):
        move(strict, ALICE, "offer 2 pig for 4 sheep to bob")
    assert herd(move(strict, ALICE, "trade 2 pig 1 sheep 6 rabbit for 1 cow").state, ALICE) == {
        "cow": 1
    }
    assert herd(move(strict, ALICE, "trade 1 pig for 2 sheep").state, ALICE)["sheep"] == 3
    asked = move(strict, ALICE, "offer 2 pig 1 sheep 6 rabbit for 1 cow to bob").state
    assert RULES.to_act(asked) == (BOB, ALICE)


@pytest.mark.parametrize("players", range(2, 7))
def test_start_with_rabbit_gives_every_pen_a_rabbit_from_the_stock(players: int) -> None:
    state = new(players, {"start_with_rabbit": True})
    for seat in range(players):
        assert herd(state, seat) == {"rabbit": 1}
    assert stock(state)["rabbit"] == 60 - players
    assert_conserved(state)
    # one rabbit on the dice now breeds: (1 + 1) // 2
    assert herd(roll(state, ALICE, "rabbit", "sheep").state, ALICE) == {"rabbit": 2}


def test_options_default_off_are_listed_and_refuse_nonsense() -> None:
    opts = RULES.options(new())
    assert (opts.strict_trades, opts.start_with_rabbit) == (False, False)
    specs = {s.name: s for s in opts.specs()}
    assert not specs["strict_trades"].design and specs["start_with_rabbit"].design
    assert specs["start_with_rabbit"].help.startswith("every pen starts with one rabbit")
    assert RULES.options(new(2, {"strict_trades": "on"})).strict_trades is True
    with pytest.raises(InvalidOptions):
        new(2, {"wolves": False})
    with pytest.raises(InvalidOptions):
        new(2, {"start_with_rabbit": "maybe"})


# Conservation -------------------------------------------------------------------------------


def test_animals_are_conserved_over_a_whole_seeded_game() -> None:
    for players in (2, 4, 6):
        state = new(players, {"start_with_rabbit": players == 4})
        pick = random.Random(players)
        for ply in range(1, 3000):
            if RULES.outcome(state) is not None:
                break
            seat = pick.choice(RULES.to_act(state))
            action = pick.choice(RULES.legal_actions(state, seat))
            state = RULES.apply(state, seat, action, rng=SeededRng(players, ply)).state
            assert_conserved(state)
        assert RULES.outcome(state) is not None
