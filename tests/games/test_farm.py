"""Super Farmer rules, as a player sees them: herds, whose move it is, and the messages shown.

Dice are decided with ``ScriptedRng``: the fox die is rolled first, then the wolf die. Positions
are set up by editing a dump (animals are taken from the stock, so they stay conserved).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

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
from games.farm import ANIMALS, STOCK, Accept, Decline, Offer, Roll, Trade
from games.rng import ScriptedRng, ScriptExhausted, ScriptMismatch, SeededRng

RULES = games.get("farm")
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
ALICE, BOB, CAROL = 0, 1, 2
TOTAL = dict(zip(ANIMALS, STOCK, strict=True))


# Helpers ------------------------------------------------------------------------------------


def new(players: int = 2, options: dict[str, Any] | None = None) -> Any:
    return RULES.new_game(NAMES[:players], options, rng=SeededRng(1))


def setup(players: int = 2, options: dict[str, Any] | None = None, **herds: dict[str, int]) -> Any:
    """A fresh game where each named player's herd is as given, taken from the stock."""
    data = RULES.dump(new(players, options))
    for player in data["players"]:
        for animal, count in herds.get(player["name"], {}).items():
            data["stock"][animal] -= count - player["herd"][animal]
            player["herd"][animal] = count
    return RULES.load(data)


def herd(state: Any, seat: int) -> dict[str, int]:
    """The animals a player owns (zero counts left out)."""
    return {a: n for a, n in RULES.dump(state)["players"][seat]["herd"].items() if n}


def stock(state: Any) -> dict[str, int]:
    return RULES.dump(state)["stock"]


def move(state: Any, seat: int, text: str) -> Step[Any]:
    """Type a move that needs no dice (a roll needs ``roll``)."""
    action = RULES.parse_action(state, seat, text)
    return RULES.apply(state, seat, action, rng=ScriptedRng([]))


def roll(state: Any, seat: int, fox: str, wolf: str) -> Step[Any]:
    rng = ScriptedRng([fox, wolf])
    step = RULES.apply(state, seat, RULES.parse_action(state, seat, "roll"), rng=rng)
    assert rng.remaining == 0
    return step


def texts(step: Step[Any]) -> list[str]:
    return [str(e) for e in step.events]


def assert_conserved(state: Any) -> None:
    data = RULES.dump(state)
    totals = dict(data["stock"])
    for player in data["players"]:
        for animal, count in player["herd"].items():
            assert count >= 0
            totals[animal] += count
    assert totals == TOTAL
    assert RULES.invariants(state) == []


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
    assert texts(step) == ["alice rolled horse and cow."]


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
    assert "The fox ate alice's 7 rabbits." in texts(step)


def test_fox_with_a_small_dog_takes_only_one_dog() -> None:
    state = setup(alice={"rabbit": 7, "small_dog": 2})
    step = roll(state, ALICE, "fox", "sheep")
    assert herd(step.state, ALICE) == {"rabbit": 7, "small_dog": 1}
    assert stock(step.state)["small_dog"] == 3
    assert "The fox came; alice's small dog chased it off and left." in texts(step)


def test_fox_with_a_small_dog_and_a_rabbit_on_the_wolf_die_still_breeds() -> None:
    state = setup(alice={"rabbit": 4, "small_dog": 1})
    step = roll(state, ALICE, "fox", "rabbit")
    assert herd(step.state, ALICE) == {"rabbit": 6}


def test_fox_finding_nothing_says_so() -> None:
    step = roll(setup(alice={"sheep": 1}), ALICE, "fox", "pig")
    assert herd(step.state, ALICE) == {"sheep": 1}
    assert "The fox came but found no rabbits." in texts(step)


def test_wolf_with_a_big_dog_takes_only_one_dog() -> None:
    state = setup(alice={"rabbit": 3, "sheep": 2, "pig": 1, "cow": 1, "big_dog": 2})
    step = roll(state, ALICE, "sheep", "wolf")
    assert herd(step.state, ALICE) == {"rabbit": 3, "sheep": 3, "pig": 1, "cow": 1, "big_dog": 1}
    assert stock(step.state)["big_dog"] == 1
    assert "The wolf came; alice's big dog chased it off and left." in texts(step)


def test_wolf_without_a_big_dog_spares_horses_and_small_dogs() -> None:
    state = setup(alice={"rabbit": 3, "sheep": 2, "pig": 4, "cow": 1, "horse": 1, "small_dog": 1})
    step = roll(state, ALICE, "sheep", "wolf")
    assert herd(step.state, ALICE) == {"horse": 1, "small_dog": 1}
    assert stock(step.state) == {**TOTAL, "horse": 5, "small_dog": 3}
    assert "The wolf ate alice's 1 cow, 4 pigs, 2 sheep and 3 rabbits." in texts(step)


def test_wolf_then_a_horse_on_the_fox_die_still_breeds_horses() -> None:
    state = setup(alice={"rabbit": 5, "horse": 1})
    step = roll(state, ALICE, "horse", "wolf")
    assert herd(step.state, ALICE) == {"horse": 2}


def test_wolf_finding_nothing_says_so() -> None:
    step = roll(setup(alice={"horse": 1}), ALICE, "rabbit", "wolf")
    assert "The wolf came but found nothing to eat." in texts(step)


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
    assert texts(step) == ["alice rolled fox and rabbit.", "The fox ate alice's 5 rabbits."]
    assert stock(step.state)["rabbit"] == 60


# The stock runs short -----------------------------------------------------------------------


def test_breeding_is_capped_by_the_stock() -> None:
    state = setup(alice={"rabbit": 40}, bob={"rabbit": 19})
    step = roll(state, ALICE, "rabbit", "rabbit")
    assert herd(step.state, ALICE) == {"rabbit": 41}  # wanted 21, the stock had 1
    assert stock(step.state)["rabbit"] == 0
    assert "alice's herd bred 1 rabbit (the stock had only 1 rabbit)." in texts(step)
    assert_conserved(step.state)


def test_breeding_from_an_empty_stock_gains_nothing_and_says_why() -> None:
    state = setup(alice={"sheep": 4, "rabbit": 1}, bob={"sheep": 20})
    step = roll(state, ALICE, "sheep", "rabbit")
    assert herd(step.state, ALICE) == {"sheep": 4, "rabbit": 2}
    assert "alice's herd bred 1 rabbit (the stock had no sheep left)." in texts(step)


def test_trade_with_a_short_stock_needs_anyway_and_delivers_what_it_has() -> None:
    state = setup(alice={"horse": 1}, bob={"cow": 11})
    with pytest.raises(IllegalAction) as err:
        move(state, ALICE, "trade 1 horse for 2 cow")
    assert "only deliver 1 cow of 2 cows" in str(err.value)
    assert "`trade 1 horse for 2 cow anyway`" in str(err.value)
    menu = RULES.legal_actions(state, ALICE)
    short = Trade(give=(0, 0, 0, 0, 1, 0, 0), get=(0, 0, 0, 2, 0, 0, 0), anyway=True)
    assert short in menu
    assert RULES.describe_action(state, ALICE, short).note == "stock has only 1: you get 1"
    step = move(state, ALICE, "trade 1 horse for 2 cows anyway")
    assert herd(step.state, ALICE) == {"cow": 1}
    assert stock(step.state)["cow"] == 0 and stock(step.state)["horse"] == 6
    assert texts(step) == [
        "alice traded 1 horse with the stock for 1 cow (asked for 2 cows; the stock was short)."
    ]
    assert_conserved(step.state)


def test_anyway_is_refused_when_the_stock_has_enough() -> None:
    with pytest.raises(IllegalAction, match="leave out `anyway`"):
        move(setup(alice={"horse": 1}), ALICE, "trade 1 horse for 2 cow anyway")


def test_trade_with_an_empty_stock_is_refused() -> None:
    state = setup(alice={"horse": 1}, bob={"cow": 12})
    with pytest.raises(IllegalAction, match="The stock has none of 2 cows left"):
        move(state, ALICE, "trade 1 horse for 2 cow anyway")
    menu = RULES.legal_actions(state, ALICE)
    assert not any(isinstance(a, Trade) and a.get[3] for a in menu)


# Trading with the stock ---------------------------------------------------------------------


def test_seed_exchange_two_pigs_a_sheep_and_six_rabbits_for_a_cow() -> None:
    state = setup(alice={"pig": 2, "sheep": 1, "rabbit": 6})
    step = move(state, ALICE, "trade 2 pig 1 sheep 6 rabbit for 1 cow")
    assert herd(step.state, ALICE) == {"cow": 1}
    assert stock(step.state) == {**TOTAL, "cow": 11}
    assert texts(step) == ["alice traded 2 pigs, 1 sheep and 6 rabbits with the stock for 1 cow."]
    assert RULES.to_act(step.state) == (ALICE,)  # the roll is still to come


def test_seed_exchange_a_cow_for_two_pigs_a_sheep_and_six_rabbits() -> None:
    state = setup(alice={"cow": 1})
    step = move(state, ALICE, "trade 1 cow for 2 pig 1 sheep 6 rabbit")
    assert herd(step.state, ALICE) == {"pig": 2, "sheep": 1, "rabbit": 6}
    assert_conserved(step.state)


@pytest.mark.parametrize(
    ("cheap", "dear"),
    [
        ("6 rabbit", "1 sheep"),
        ("2 sheep", "1 pig"),
        ("3 pig", "1 cow"),
        ("2 cow", "1 horse"),
        ("1 sheep", "1 small dog"),
        ("1 cow", "1 big dog"),
    ],
)
def test_every_fixed_rate_works_both_ways(cheap: str, dear: str) -> None:
    def counts(bundle: str) -> dict[str, int]:
        n, animal = bundle.split(" ", 1)
        return {animal.replace(" ", "_"): int(n)}

    state = setup(alice=counts(cheap))
    step = move(state, ALICE, f"trade {cheap} for {dear}")
    assert herd(step.state, ALICE) == counts(dear)
    state = setup(alice=counts(dear))
    step = move(state, ALICE, f"trade {dear} for {cheap}")
    assert herd(step.state, ALICE) == counts(cheap)


def test_unequal_worth_is_refused_with_the_values() -> None:
    state = setup(alice={"rabbit": 10})
    with pytest.raises(IllegalAction) as err:
        move(state, ALICE, "trade 5 rabbit for 1 sheep")
    assert str(err.value) == (
        "5 rabbits is worth 5 rabbits but 1 sheep is worth 6; a trade must be of equal worth."
    )


def test_cannot_give_animals_you_do_not_have() -> None:
    state = setup(alice={"rabbit": 5})
    with pytest.raises(IllegalAction, match="You have only 5 rabbits, not 6"):
        move(state, ALICE, "trade 6 rabbit for 1 sheep")
    assert RULES.legal_actions(state, ALICE) == [Roll()]


def test_the_same_animal_on_both_sides_is_refused() -> None:
    state = setup(alice={"rabbit": 12, "sheep": 1})
    with pytest.raises(IllegalAction, match="same animal"):
        move(state, ALICE, "trade 1 sheep 6 rabbit for 1 sheep 6 rabbit")


def test_only_one_trade_per_turn_then_the_roll() -> None:
    state = setup(alice={"rabbit": 12})
    state = move(state, ALICE, "trade 6 rabbit for 1 sheep").state
    assert RULES.legal_actions(state, ALICE) == [Roll()]
    with pytest.raises(IllegalAction, match="already traded this turn"):
        move(state, ALICE, "trade 6 rabbit for 1 sheep")
    with pytest.raises(IllegalAction, match="already traded"):
        move(state, ALICE, "offer 1 sheep for 6 rabbit to bob")
    state = roll(state, ALICE, "pig", "cow").state
    state = roll(state, BOB, "pig", "cow").state
    assert herd(move(state, ALICE, "trade 6 rabbit for 1 sheep").state, ALICE) == {"sheep": 2}


def test_trading_out_of_turn_is_refused() -> None:
    state = setup(bob={"rabbit": 6})
    with pytest.raises(NotYourTurn, match="waiting on alice"):
        move(state, BOB, "trade 6 rabbit for 1 sheep")


# Offers to players --------------------------------------------------------------------------


def offered(players: int = 2, **herds: dict[str, int]) -> Any:
    """alice has offered bob 6 rabbits for 1 sheep."""
    state = setup(
        players,
        alice={"rabbit": 6, **herds.get("alice", {})},
        bob={"sheep": 1, **herds.get("bob", {})},
    )
    step = move(state, ALICE, "offer 6 rabbit for 1 sheep to bob")
    assert texts(step) == ["alice offers bob 6 rabbits for 1 sheep."]
    return step.state


def test_an_offer_asks_the_partner_who_may_only_accept_or_decline() -> None:
    state = offered(players=3)
    assert RULES.to_act(state) == (BOB, ALICE)
    assert RULES.legal_actions(state, BOB) == [Accept(), Decline()]
    assert RULES.describe_action(state, BOB, Accept()).label == (
        "Accept: give 1 sheep, get 6 rabbits"
    )
    with pytest.raises(IllegalAction, match="alice is waiting for you to accept or decline"):
        move(state, BOB, "roll")
    with pytest.raises(IllegalAction, match="waiting for you"):
        move(state, BOB, "trade 1 sheep for 6 rabbit")
    with pytest.raises(NotYourTurn):
        move(state, CAROL, "accept")
    assert RULES.legal_actions(state, CAROL) == []


def test_while_the_offer_is_open_the_proposer_may_only_roll() -> None:
    state = offered()
    assert RULES.legal_actions(state, ALICE) == [Roll()]
    with pytest.raises(IllegalAction, match="Your offer to bob is still open"):
        move(state, ALICE, "trade 6 rabbit for 1 sheep")
    with pytest.raises(IllegalAction, match="no offer to you"):
        move(state, ALICE, "accept")


def test_an_accepted_offer_swaps_the_animals_and_uses_the_trade() -> None:
    state = offered()
    step = move(state, BOB, "accept")
    assert herd(step.state, ALICE) == {"sheep": 1}
    assert herd(step.state, BOB) == {"rabbit": 6}
    assert texts(step) == ["bob accepts: alice gives 6 rabbits for 1 sheep."]
    assert RULES.to_act(step.state) == (ALICE,)
    assert RULES.legal_actions(step.state, ALICE) == [Roll()]
    with pytest.raises(IllegalAction, match="already traded"):
        move(step.state, ALICE, "trade 1 sheep for 6 rabbit")
    assert stock(step.state) == TOTAL | {"rabbit": 54, "sheep": 23}
    assert_conserved(step.state)


def test_a_declined_offer_changes_nothing_and_does_not_use_the_trade() -> None:
    state = offered()
    step = move(state, BOB, "decline")
    assert texts(step) == ["bob declines alice's offer."]
    assert herd(step.state, ALICE) == {"rabbit": 6}
    assert herd(step.state, BOB) == {"sheep": 1}
    assert RULES.to_act(step.state) == (ALICE,)
    after = move(step.state, ALICE, "trade 6 rabbit for 1 sheep").state
    assert herd(after, ALICE) == {"sheep": 1}


def test_the_offer_lapses_when_the_proposer_rolls() -> None:
    state = offered(players=3)
    step = roll(state, ALICE, "sheep", "pig")
    assert texts(step)[0] == "alice's offer to bob lapses."
    assert herd(step.state, BOB) == {"sheep": 1}
    assert RULES.to_act(step.state) == (BOB,)
    with pytest.raises(IllegalAction, match="no offer to you"):
        move(step.state, BOB, "accept")
    # with two players too, the answer comes too late
    state = offered()
    after = roll(state, ALICE, "sheep", "pig").state
    with pytest.raises(IllegalAction, match="no offer to you"):
        move(after, BOB, "accept")


def test_the_seed_exchange_as_an_offer_both_ways() -> None:
    state = setup(alice={"pig": 2, "sheep": 1, "rabbit": 6}, bob={"cow": 1})
    state = move(state, ALICE, "offer 2 pigs 1 sheep 6 rabbits for 1 cow to bob").state
    state = move(state, BOB, "accept").state
    assert herd(state, ALICE) == {"cow": 1}
    assert herd(state, BOB) == {"pig": 2, "sheep": 1, "rabbit": 6}
    state = roll(state, ALICE, "horse", "cow").state  # alice: (1 + 1) // 2 more cows
    state = move(state, BOB, "offer 2 pig 1 sheep 6 rabbit for 1 cow to alice").state
    state = move(state, ALICE, "accept").state
    assert herd(state, BOB) == {"cow": 1}
    assert herd(state, ALICE) == {"cow": 1, "pig": 2, "sheep": 1, "rabbit": 6}


def test_cannot_offer_animals_you_do_not_have() -> None:
    state = setup(alice={"rabbit": 5}, bob={"sheep": 1})
    with pytest.raises(IllegalAction, match="You have only 5 rabbits, not 6"):
        move(state, ALICE, "offer 6 rabbit for 1 sheep to bob")


def test_cannot_ask_a_partner_for_animals_they_lack() -> None:
    state = setup(alice={"rabbit": 6})
    with pytest.raises(IllegalAction, match="bob has only 0 sheep"):
        move(state, ALICE, "offer 6 rabbit for 1 sheep to bob")
    assert not any(isinstance(a, Offer) for a in RULES.legal_actions(state, ALICE))


def test_an_offer_must_be_of_equal_worth_and_to_someone_else() -> None:
    state = setup(alice={"rabbit": 6}, bob={"pig": 1})
    with pytest.raises(IllegalAction, match="equal worth"):
        move(state, ALICE, "offer 6 rabbit for 1 pig to bob")
    with pytest.raises(IllegalAction, match="another player"):
        move(state, ALICE, "offer 6 rabbit for 1 sheep to alice")


def test_the_offer_menu_lists_each_partner_separately() -> None:
    state = setup(players=3, alice={"rabbit": 6}, bob={"sheep": 1}, carol={"sheep": 2})
    menu = RULES.legal_actions(state, ALICE)
    groups = {RULES.describe_action(state, ALICE, a).group for a in menu}
    assert groups == {None, "Trade with the stock", "Offer to bob", "Offer to carol"}
    assert RULES.describe_action(state, ALICE, menu[0]).label == "Roll the dice"


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
    lines = opts.describe()
    assert lines[0].startswith("strict_trades = off") and "house ruling" not in lines[0]
    assert lines[1].startswith("start_with_rabbit = off") and lines[1].endswith("(house ruling)")
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
        ("trade 6 for 1 sheep", "Unknown animal `nothing`"),
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
