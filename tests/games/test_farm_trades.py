"""Super Farmer trades, as a player sees them: with the stock, what happens when the stock
runs short (for trades and for breeding), and offers to other players, accepted, declined or
lapsing."""

from __future__ import annotations

import pytest
from farm_kit import (
    ALICE,
    BOB,
    CAROL,
    RULES,
    TOTAL,
    assert_conserved,
    herd,
    move,
    offered,
    roll,
    setup,
    stock,
    texts,
)

from games.base import (
    IllegalAction,
    NotYourTurn,
)
from games.farm import Accept, Decline, Offer, Roll, Trade, Withdraw

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
    assert RULES.describe_action(state, ALICE, short).note == (
        "stock has only 1: you get 1; gets you a cow; gives up your only horse"
    )
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


def test_while_the_offer_is_open_the_proposer_may_withdraw_it() -> None:
    state = offered()
    assert RULES.legal_actions(state, ALICE) == [Withdraw()]
    assert RULES.status_line(state) == "alice offered bob a trade: waiting for bob"
    choice = RULES.describe_action(state, ALICE, Withdraw())
    assert choice.label == "Withdraw the offer" and not choice.note, "the board says who answers"
    with pytest.raises(IllegalAction, match=r"Your offer to bob is still open.*`withdraw`"):
        move(state, ALICE, "trade 6 rabbit for 1 sheep")
    with pytest.raises(IllegalAction, match="no offer to you"):
        move(state, ALICE, "accept")
    step = move(state, ALICE, "withdraw")
    assert texts(step) == ["alice withdraws the offer to bob."]
    assert RULES.to_act(step.state) == (ALICE,)
    # the turn goes on as before the offer: the trade is not used up
    assert herd(move(step.state, ALICE, "trade 6 rabbit for 1 sheep").state, ALICE) == {"sheep": 1}
    with pytest.raises(IllegalAction, match="no open offer"):
        move(step.state, ALICE, "withdraw")


def test_the_clock_declines_for_the_partner_and_withdraws_for_the_proposer() -> None:
    state = offered()
    assert RULES.default_action(state, BOB) == Decline()
    assert RULES.default_action(state, ALICE) == Withdraw()
    assert RULES.forced_action(state, ALICE) is None and RULES.forced_action(state, BOB) is None


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
    assert texts(step)[0] == "alice's offer to bob lapses: alice rolls instead."
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
