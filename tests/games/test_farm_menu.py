"""Super Farmer's menu as a player meets it: ready mixed trades, the most useful choice first,
the roll played at once after a trade, a sensible move at a deadline, short move messages."""

from __future__ import annotations

import random

from farm_kit import ALICE, BOB, RULES, herd, move, new, offered, setup, texts

from games.farm import Offer, Roll, Trade
from games.rng import SeededRng


def _labels(state, seat=ALICE):
    return {
        RULES.format_action(state, a): RULES.describe_action(state, seat, a)
        for a in RULES.legal_actions(state, seat)
    }


def test_the_seeds_mixed_trade_is_ready_in_the_menu_and_ranked_first() -> None:
    state = setup(alice={"rabbit": 7, "sheep": 2, "pig": 3})
    menu = _labels(state)
    seed = menu["trade 2 pig 1 sheep 6 rabbit for 1 cow"]
    assert seed.label == "2 pigs, 1 sheep and 6 rabbits → 1 cow"
    assert seed.group == "Trade with the stock" and seed.note == "gets you a cow"
    assert seed.rank == max(c.rank for c in menu.values())
    # it keeps one of each animal: giving up the only sheep ranks below rolling
    assert menu["trade 2 sheep for 1 pig"].rank < 0
    assert menu["trade 2 sheep for 1 pig"].note == "gives up your only sheep"
    after = move(state, ALICE, "trade 2 pig 1 sheep 6 rabbit for 1 cow").state
    assert herd(after, ALICE) == {"rabbit": 1, "sheep": 1, "pig": 1, "cow": 1}


def test_a_spare_big_animal_breaks_down_into_the_missing_ones() -> None:
    state = setup(alice={"horse": 2})
    menu = _labels(state)
    win = menu["trade 1 horse for 1 cow 2 pig 1 sheep 6 rabbit"]
    assert (win.rank, win.note) == (100, "completes your farm: you win")
    assert RULES.default_action(state, ALICE) == Trade((0,) * 4 + (1, 0, 0), (6, 1, 2, 1, 0, 0, 0))
    cows = setup(alice={"cow": 3, "rabbit": 2})
    assert _labels(cows)["trade 1 cow for 2 pig 2 sheep"].note == "gets you a sheep and a pig"


def test_no_mixed_trade_when_it_would_spend_the_last_of_a_kind() -> None:
    menu = _labels(setup(alice={"rabbit": 7, "sheep": 2, "pig": 2}))
    assert not [t for t in menu if "for 1 cow" in t]


def test_mixed_trades_respect_strict_trades_and_the_stock() -> None:
    strict = setup(options={"strict_trades": True}, alice={"rabbit": 7, "sheep": 2, "pig": 3})
    assert "trade 2 pig 1 sheep 6 rabbit for 1 cow" in _labels(strict)
    data = RULES.dump(setup(alice={"rabbit": 7, "sheep": 2, "pig": 3}))
    data["players"][BOB]["herd"]["cow"] = 12
    data["stock"]["cow"] = 0
    assert not [t for t in _labels(RULES.load(data)) if t.startswith("trade") and "1 cow" in t]


def test_offers_are_ranked_for_the_proposer() -> None:
    state = setup(alice={"rabbit": 6}, bob={"sheep": 1})
    offer = Offer((6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0), BOB)
    choice = RULES.describe_action(state, ALICE, offer)
    assert choice.label == "6 rabbits → 1 sheep" and choice.group == "Offer to bob"
    assert choice.note == "gets you a sheep; gives up your only rabbit"


def test_the_roll_after_a_trade_is_played_at_once_but_a_plain_turn_asks() -> None:
    state = setup(alice={"rabbit": 6})
    assert RULES.forced_action(state, ALICE) is None
    traded = move(state, ALICE, "trade 6 rabbit for 1 sheep").state
    assert RULES.legal_actions(traded, ALICE) == [Roll()]
    assert RULES.forced_action(traded, ALICE) == Roll()
    assert RULES.forced_action(traded, BOB) is None
    assert RULES.forced_action(new(), ALICE) is None  # nothing to trade: the roll is the turn


def test_the_status_says_trade_or_roll_only_when_a_trade_is_possible() -> None:
    assert RULES.status_line(new()) == "alice to roll"
    assert RULES.status_line(setup(alice={"rabbit": 6})) == "alice to trade or roll"
    assert RULES.status_line(offered()) == "alice offered bob a trade: waiting for bob"


def test_a_deadline_rolls_when_no_trade_gains_a_missing_animal() -> None:
    assert RULES.default_action(setup(alice={"rabbit": 5}), ALICE) == Roll()
    assert RULES.default_action(setup(alice={"rabbit": 6}), ALICE) == Roll()  # spends all
    assert RULES.default_action(setup(alice={"rabbit": 7}), ALICE) == Trade(
        (6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0)
    )


def test_every_move_says_at_most_three_lines_and_every_choice_fits_a_menu() -> None:
    for players in (2, 4, 6):
        pick = random.Random(players)
        state = new(players)
        for ply in range(1, 3000):
            if RULES.outcome(state) is not None:
                break
            seat = pick.choice(RULES.to_act(state))
            action = pick.choice(RULES.legal_actions(state, seat))
            step = RULES.apply(state, seat, action, rng=SeededRng(players, ply))
            for other in RULES.to_act(state):
                for offered_action in RULES.legal_actions(state, other):
                    choice = RULES.describe_action(state, other, offered_action)
                    assert len(choice.label) <= 100 and len(choice.note) <= 100, choice
            shown = [e for e in step.events if not e.minor]
            assert 1 <= len(shown) <= 3, texts(step)
            state = step.state


def test_the_trades_that_matter_come_first_and_are_marked() -> None:
    """A trade that completes the farm (🏆) or gets a missing animal giving nothing up (⭐),
    then a first dog with something to guard (🛡️), before every plain trade."""
    state = setup(alice={"rabbit": 13, "sheep": 2, "pig": 1})
    menu = _labels(state)
    ranked = sorted(menu.values(), key=lambda c: -c.rank)
    marked = [c for c in ranked if c.emoji in ("🏆", "⭐", "🛡️")]
    assert ranked[: len(marked)] == marked, "the marked trades lead the menu"
    dog = menu["trade 6 rabbit for 1 small_dog"]
    assert (dog.emoji, dog.note) == ("🛡️", "guards your 7 rabbits from the fox")
    assert menu["trade 6 rabbit for 1 sheep"].emoji is None, "a plain trade is not marked"
    assert menu["trade 2 sheep for 1 pig"].emoji is None, "nor one that gives up a last animal"
    cow = _labels(setup(alice={"rabbit": 7, "sheep": 2, "pig": 3}))
    assert cow["trade 2 pig 1 sheep 6 rabbit for 1 cow"].emoji == "⭐"
    win = _labels(setup(alice={"horse": 2}))["trade 1 horse for 1 cow 2 pig 1 sheep 6 rabbit"]
    assert win.emoji == "🏆"
    # a dog with nothing to guard is neither marked nor explained
    bare = _labels(setup(alice={"sheep": 2}))["trade 1 sheep for 1 small_dog"]
    assert (bare.emoji, bare.note) == (None, "")
