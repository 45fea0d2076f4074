"""Setting up, notation, saving, and whole games played to the end."""

from __future__ import annotations

import json
import random

import pytest
from test_cowboy_kit import ALICE, BOB, RULES, legal, play, position, ring

from games.base import InvalidOptions, InvalidState, Outcome
from games.cowboy.data import CARDS, TILES
from games.cowboy.state import Fence, Ride, Rope, Rustle
from games.rng import ScriptedRng, SeededRng


def test_a_two_player_game_deals_nine_rotated_tiles_and_starts_on_opposite_sides() -> None:
    tiles = sorted(TILES)
    dealt = list(reversed(tiles))
    rotations = [0, 1, 2, 3, 0, 1, 2, 3, 0]
    deck_ids = [c.id for c in CARDS.values() for _ in range(c.count)]
    rng = ScriptedRng([dealt, *rotations, deck_ids, 1])
    state = RULES.new_game(["alice", "bob"], rng=rng)
    assert state.tiles == tuple(zip(dealt[:9], rotations, strict=True))
    board = state.board
    assert board.size == 12
    assert [board.point_name(p) for p in state.cowboys] == ["G1", "G13"]
    assert state.fences_left == (10, 10)
    assert state.turn == BOB == state.first  # the first player is drawn at random
    assert sorted(state.steers) == sorted(board.skulls)
    assert state.supply[0] == 24 - len(board.skulls)
    assert state.deck == tuple(deck_ids)


def test_three_and_four_players_use_sixteen_tiles() -> None:
    state = RULES.new_game(["a", "b", "c", "d"], rng=SeededRng(5))
    assert len(state.tiles) == 16 and state.board.size == 16
    assert [state.board.point_name(p) for p in state.cowboys] == ["I1", "A9", "I17", "Q9"]
    three = RULES.new_game(["a", "b", "c"], rng=SeededRng(5))
    assert [three.board.point_name(p) for p in three.cowboys] == ["I1", "A9", "I17"]


def test_options_and_their_limits() -> None:
    state = RULES.new_game(["a", "b"], {"max_rounds": 0}, rng=SeededRng(1))
    assert state.options.max_rounds == 0
    with pytest.raises(InvalidOptions):
        RULES.new_game(["a", "b"], {"max_rounds": 501}, rng=SeededRng(1))
    spec = RULES.options_type.specs()[0]
    assert spec.name == "max_rounds" and spec.default == 60 and spec.design


def test_every_kind_of_action_formats_and_parses_back() -> None:
    state = position(
        cowboys=["G3", "A13"],
        steers=["g2", "f2"],
        indians=["f3"],
        fences=ring(["g2", "h2"], BOB) + ring(["d2", "e2"], ALICE),
        fields=[(BOB, ["g2", "h2"]), (ALICE, ["d2", "e2"])],
    )
    texts = legal(state, ALICE)
    assert texts == [
        "move n end", "move n fence", "move n", "move e end", "move e",
        "move s end", "move s", "move w end", "move w fence", "move w",
        "move n n", "move n e", "move n w", "move e e",
        "move e s", "move s s", "move s w", "move w w",
        "cut", "rustle g2", "fight f3",
        "rope f2 to d2", "rope f2 to e2", "end",
    ]  # fmt: skip
    for action in RULES.legal_actions(state, ALICE):
        text = RULES.format_action(state, action)
        assert RULES.parse_action(state, ALICE, text) == action
        assert RULES.parse_action(state, ALICE, text.upper()) == action
        choice = RULES.describe_action(state, ALICE, action)
        assert 0 < len(choice.label) <= 80
    assert RULES.parse_action(state, ALICE, "north") == RULES.parse_action(state, ALICE, "move n")
    assert RULES.parse_action(state, ALICE, "rope f2 e2") == Rope(
        state.board.parse_square("f2"), state.board.parse_square("e2")
    )
    assert isinstance(RULES.parse_action(state, ALICE, "rustle g2"), Rustle)


def test_claim_accepts_any_square_of_a_part() -> None:
    state = position(
        cowboys=["H2", "A13"], fences=ring(["g2", "h2", "g1"], BOB),
        fields=[(BOB, ["g1", "g2", "h2"])],
    )  # fmt: skip
    state = play(state, ALICE, "move n").state
    step = play(state, ALICE, "fence")
    assert legal(step.state, ALICE) == ["claim g1", "claim h2"]
    assert RULES.format_action(step.state, RULES.parse_action(step.state, ALICE, "claim g2")) == (
        "claim g1"
    )


def test_the_dump_shows_the_whole_position_by_name() -> None:
    state = position(
        cowboys=["G3", "A13"],
        steers=["g2"],
        indians=["c3"],
        twisters=["k8"],
        bandit="F10",
        pilgrims=[("K11", "W")],
        fences=ring(["g2"], BOB),
        fields=[(BOB, ["g2"])],
        hands=[["axe"], []],
        discard=["moove"],
    )
    data = RULES.dump(state)
    assert data["game"] == "cowboy" and data["format"] == 1
    assert data["board"]["size"] == 12
    assert data["board"]["tiles"][0] == {
        "tile": "01", "name": "Skull Flats", "rotation": 0, "squares": "a1-d4",
    }  # fmt: skip
    assert {"edge": "G2-G3", "owner": BOB} in data["fences"]
    assert data["fields"] == [{"owner": BOB, "squares": ["g2"]}]
    assert data["players"][ALICE] == {
        "name": "alice", "cowboy": "G3", "fences": 10, "hand": ["axe"], "lost_turns": 0,
        "steers": 0,
    }  # fmt: skip
    assert data["players"][BOB]["steers"] == 1
    assert data["steers"] == ["g2"] and data["indians"] == ["c3"] and data["twisters"] == ["k8"]
    assert data["bandit"] == "F10" and data["pilgrims"] == [{"at": "K11", "heading": "W"}]
    assert data["deck_size"] == 52 and data["discard"] == ["moove"]
    assert data["supply"] == {
        "steer": 23, "indian": 3, "twister": 1, "bandit": 0, "pilgrim": 1, "stolen": 18,
    }  # fmt: skip
    assert RULES.load(json.loads(json.dumps(data))) == state


def test_load_refuses_unsound_positions() -> None:
    data = RULES.dump(position(steers=["g2"]))
    broken = dict(data, supply=dict(data["supply"], steer=24))
    with pytest.raises(InvalidState, match="steer tokens not conserved"):
        RULES.load(broken)
    with pytest.raises(InvalidState, match="not the 54-card deck"):
        RULES.load(dict(data, deck=data["deck"][1:]))
    with pytest.raises(InvalidState):
        RULES.load(dict(data, steers=["z99"]))
    with pytest.raises(InvalidState, match="share a square"):
        RULES.load(dict(data, steers=["g2", "g2"], supply=None))
    with pytest.raises(InvalidState, match="homestead"):
        RULES.load(dict(data, steers=["b7"], supply=None))
    with pytest.raises(InvalidState, match="stream"):
        RULES.load(dict(data, fences=[{"edge": "K2-K3", "owner": 0}]))
    with pytest.raises(InvalidState, match="share an intersection"):
        RULES.load(dict(data, bandit="G1", supply=None))


def test_status_line_and_default_actions() -> None:
    state = position()
    assert RULES.status_line(state) == "round 1/60; alice to play; steers: alice 0, bob 0"
    assert RULES.format_action(state, RULES.default_action(state, ALICE)) == "end"
    state = position(
        cowboys=["G3", "A13"], steers=["g2"], hands=[["lariat", "bills"], []],
        fences=ring(["g2", "h2"], BOB) + ring(["d2", "e2"], ALICE),
        fields=[(BOB, ["g2", "h2"]), (ALICE, ["d2", "e2"])],
    )  # fmt: skip
    rerolling = play(state, ALICE, "rustle g2", 1).state
    # a failed roll: the Lucky Lariat's reroll is the sensible choice, and is offered first
    assert rerolling.pending.roll < 6
    assert RULES.format_action(rerolling, RULES.default_action(rerolling, ALICE)) == "reroll"
    assert "`reroll` with the Lucky Lariat" in RULES.status_line(rerolling)
    caught = play(rerolling, ALICE, "keep").state
    assert RULES.format_action(caught, RULES.default_action(caught, ALICE)) == "bills"


def _eager_playout(players: int, seed: int) -> tuple[Outcome, int]:
    """Players who like fencing, roping and rustling: games end with five steers."""
    weights = {Fence: 30, Rope: 40, Rustle: 20, Ride: 0.5}
    state = RULES.new_game(
        [f"p{i}" for i in range(players)], {"max_rounds": 0}, rng=SeededRng(seed)
    )
    pick = random.Random(seed)
    for ply in range(1, 6000):
        outcome = RULES.outcome(state)
        if outcome is not None:
            return outcome, ply
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        action = pick.choices(actions, [weights.get(type(a), 2) for a in actions])[0]
        choice = RULES.describe_action(state, seat, action)
        assert 0 < len(choice.label) <= 80 and (choice.group is None or len(choice.group) <= 80)
        state = RULES.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        assert not RULES.invariants(state)
    raise AssertionError("no outcome")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_eager_players_win_with_five_steers(players: int) -> None:
    outcome, _ = _eager_playout(players, 100 + players)
    assert outcome.reason == "five"
    assert RULES.narrator.outcome(outcome, ()) == "five steers in their fields"
    assert outcome.scores is not None and max(outcome.scores) >= 5
