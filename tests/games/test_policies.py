"""Computer players: every decision is one of the rules' own legal actions, the same one for
the same rng, and the easy level never makes the mistakes a beginner would spot."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
import games.policies as policies
from games.base import GameError
from games.farm import Accept, Decline, Roll, Trade
from games.horseplay import Move
from games.policies.arena import play
from games.rng import SeededRng
from tests.games import farm_kit

KEYS = sorted(games.RULESETS)
TABLES = [
    (key, n)
    for key in KEYS
    for n in range(games.get(key).min_players, games.get(key).max_players + 1)
]
#: decisions checked per playout, spread over the game (a strong one may look ahead for up to
#: a tenth of a second)
EASY_CHECKS = 200
STRONG_CHECKS = 6


def test_every_game_has_both_levels_and_unknown_ones_are_refused() -> None:
    for key in games.RULESETS:
        for level in ("easy", "strong"):
            policy = policies.get(key, level)
            assert callable(policy.choose)
        assert policies.fallback(key) is policies.get(key, "easy")
    with pytest.raises(ValueError, match="chess"):
        policies.get("chess", "easy")
    with pytest.raises(GameError, match="hard"):
        policies.get("farm", "hard")


def test_a_failing_strong_decision_falls_back_to_the_easy_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = farm_kit.setup(alice={"rabbit": 8})
    expected = policies.decide("farm", "easy", state, 0, rng=SeededRng(3))
    assert farm_kit.RULES.format_action(state, expected) == "trade 6 rabbit for 1 sheep"

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("lookahead failed")

    monkeypatch.setattr(policies.get("farm", "strong"), "pick", broken)
    assert policies.decide("farm", "strong", state, 0, rng=SeededRng(3)) == expected
    with pytest.raises(GameError):
        policies.decide("farm", "expert", state, 0, rng=SeededRng(3))


def _check(key: str, level: str, state: Any, seat: int, seed: int) -> None:
    rules = games.get(key)
    policy = policies.get(key, level)
    actions = rules.legal_actions(state, seat)
    chosen = policy.choose(state, seat, rng=SeededRng(seed), actions=actions)
    assert any(a is chosen for a in actions), f"{level} {key} chose {chosen!r}, not on the menu"
    again = policy.choose(state, seat, rng=SeededRng(seed))
    assert again == chosen, f"{level} {key} is not deterministic for one rng"
    assert again in rules.legal_actions(state, seat)


@pytest.mark.parametrize(("key", "players"), TABLES)
def test_policies_choose_legal_actions_in_random_playouts(key: str, players: int) -> None:
    """Random play drives the game; at seats that must act, spread over the whole game, easy
    and strong are asked what they would do."""
    rules = games.get(key)
    pick = random.Random(f"{key}:{players}")
    state = rules.new_game([f"p{i}" for i in range(players)], rng=SeededRng(key, players))
    decisions = []
    for ply in range(1, 4000):
        if rules.outcome(state) is not None:
            break
        for seat in rules.to_act(state):
            if rules.legal_actions(state, seat):
                decisions.append((state, seat, ply))
        seat = pick.choice(rules.to_act(state))
        action = pick.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, seat, action, rng=SeededRng(key, ply)).state
    assert rules.outcome(state) is not None, "random play should finish a game"
    for state, seat, ply in decisions[:: max(1, len(decisions) // EASY_CHECKS)]:
        _check(key, "easy", state, seat, ply)
    choices = [d for d in decisions if len(rules.legal_actions(d[0], d[1])) > 1]
    for state, seat, ply in choices[:: max(1, len(choices) // STRONG_CHECKS)][:STRONG_CHECKS]:
        _check(key, "strong", state, seat, ply)


@pytest.mark.parametrize("key", KEYS)
def test_computer_players_finish_a_game_against_each_other(key: str) -> None:
    rules = games.get(key)
    seats = [policies.get(key, "strong"), policies.get(key, "easy")]
    result = play(key, seats, f"test:{key}")
    assert result.finished
    assert set(result.winners) <= {0, 1}
    assert rules.outcome is not None


# Horseplay: take a capture rather than be huffed ----------------------------------------------

HORSEPLAY = games.get("horseplay")


def horseplay_position(pieces: str, to_move: str = "green") -> Any:
    start = HORSEPLAY.new_game(["alice", "bob"], rng=SeededRng(1))
    data = HORSEPLAY.dump(start)
    colour = {"g": "green", "b": "blue"}
    data["pieces"] = {
        sq: {"colour": colour[ch.lower()], "crown": ch.isupper()}
        for sq, ch in (item.split(":") for item in pieces.split())
    }
    data["to_move"] = to_move
    return HORSEPLAY.load(data)


@pytest.mark.parametrize(
    "pieces",
    [
        "c3:g d4:b a5:g g7:b",  # a lone capture, and quiet moves elsewhere
        "c3:g d4:b f6:b e1:g h8:b",  # a chain: c3xe5xg7 is the whole move
        "e3:g f4:b d4:b a1:g g9:b",  # two captures to choose from
    ],
)
def test_easy_horseplay_captures_when_it_can(pieces: str) -> None:
    state = horseplay_position(pieces)
    actions = HORSEPLAY.legal_actions(state, 0)
    assert any(m.is_capture for m in actions) and any(not m.is_capture for m in actions)
    for seed in range(5):
        chosen = policies.get("horseplay", "easy").choose(state, 0, rng=SeededRng(seed))
        assert isinstance(chosen, Move) and chosen.is_capture, HORSEPLAY.format_action(
            state, chosen
        )


def test_easy_horseplay_is_never_huffed_in_whole_games() -> None:
    easy = policies.get("horseplay", "easy")
    huffs = []
    easy_seat = 0

    def watch(state: Any, seat: int, actions: list[Any], chosen: Any) -> None:
        if seat == easy_seat and any(m.is_capture for m in actions) and not chosen.is_capture:
            huffs.append(HORSEPLAY.format_action(state, chosen))

    for seed in range(6):
        easy_seat = seed % 2
        seats = [easy, policies.random_player("horseplay")]
        play("horseplay", seats if easy_seat == 0 else seats[::-1], seed, watch=watch)
    assert huffs == []


# Super Farmer: buy the missing animal, never sell the last one --------------------------------


def test_easy_farmer_buys_a_missing_animal() -> None:
    state = farm_kit.setup(alice={"rabbit": 8})
    chosen = policies.get("farm", "easy").choose(state, 0, rng=SeededRng(1))
    assert isinstance(chosen, Trade)
    assert farm_kit.RULES.format_action(state, chosen) == "trade 6 rabbit for 1 sheep"


def test_easy_farmer_completes_the_farm_when_one_trade_does_it() -> None:
    state = farm_kit.setup(alice={"rabbit": 1, "sheep": 1, "pig": 1, "cow": 3})
    chosen = policies.get("farm", "easy").choose(state, 0, rng=SeededRng(1))
    assert farm_kit.RULES.format_action(state, chosen) == "trade 2 cow for 1 horse"
    for level in ("easy", "strong"):
        assert policies.get("farm", level).choose(state, 0, rng=SeededRng(2)) == chosen


def test_easy_farmer_never_gives_away_the_last_animal_of_a_kind_it_needs() -> None:
    # a sheep is missing, but the only way to one is the single pig
    state = farm_kit.setup(alice={"rabbit": 2, "pig": 1})
    chosen = policies.get("farm", "easy").choose(state, 0, rng=SeededRng(1))
    assert isinstance(chosen, Roll)


def test_farmers_answer_offers_by_what_they_get() -> None:
    rules = farm_kit.RULES
    state = farm_kit.setup(alice={"rabbit": 12}, bob={"sheep": 3, "rabbit": 1})
    # alice offers bob rabbits, which he has, for one of his sheep: nothing he lacks
    offer = rules.parse_action(state, 0, "offer 6 rabbit for 1 sheep to bob")
    offered = rules.apply(state, 0, offer, rng=SeededRng(1)).state
    for level in ("easy", "strong"):
        answer = policies.get("farm", level).choose(offered, 1, rng=SeededRng(1))
        assert isinstance(answer, Decline), level
    # carol needs a sheep and has rabbits; alice offers a sheep for them: carol accepts
    state = farm_kit.setup(3, alice={"sheep": 3}, carol={"rabbit": 7, "pig": 1})
    offer = rules.parse_action(state, 0, "offer 1 sheep for 6 rabbit to carol")
    offered = rules.apply(state, 0, offer, rng=SeededRng(1)).state
    answer = policies.get("farm", "easy").choose(offered, 2, rng=SeededRng(1))
    assert isinstance(answer, Accept)


def test_farmers_decline_an_offer_that_makes_the_proposer_win() -> None:
    rules = farm_kit.RULES
    state = farm_kit.setup(alice={"rabbit": 1, "sheep": 1, "pig": 1, "cow": 3}, bob={"horse": 2})
    offer = rules.parse_action(state, 0, "offer 2 cow for 1 horse to bob")
    offered = rules.apply(state, 0, offer, rng=SeededRng(1)).state
    for level in ("easy", "strong"):
        answer = policies.get("farm", level).choose(offered, 1, rng=SeededRng(1))
        assert isinstance(answer, Decline), level
