"""Super Cowboy Rope Steer Adventure as a ruleset: the contract, tying the modules together.

Rules: ``docs/rules/cowboy.md``. A turn is a chain of small actions (a step, an action, any
choices on the way), then the events phase draws a card; the first to hold five steers in
their fields wins at once, checked after every change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Choice, GameOver, IllegalAction, Outcome, Ruleset, Step
from games.cowboy import notation, storage, talk_choices, turn
from games.cowboy.board import board_for, tiles_per_side
from games.cowboy.data import CARDS, TILES
from games.cowboy.fields import herds
from games.cowboy.state import (
    START_FENCES,
    SUPPLY_KINDS,
    TOTALS,
    CowboyAction,
    CowboyOptions,
    CowboyState,
    End,
    Fence,
    Rope,
    Work,
)
from games.cowboy.talk import NARRATOR
from games.rng import Rng
from words import domain

_, ngettext, N_ = domain("cowboy").functions()


class CowboyRules(Ruleset[CowboyState, CowboyAction]):
    key = "cowboy"
    title = N_("Super Cowboy Rope Steer Adventure")
    min_players = 2
    max_players = 4
    options_type = CowboyOptions
    #: the quick start of docs/rules/cowboy.md (kept equal by a test)
    quick_start = N_(
        "- Start with `/cowboy new` (2-4 players); a game takes about 30 rounds.\n"
        "- Goal: be the first with **five steers in your fields**.\n"
        "- Your turn: ride one step (a direction button), then do one thing: **build a "
        "fence** on the line you just rode, **cut wood** by a tree, **rope** a steer next to "
        "you into your field, **rustle** a rival's steer or **fight** Indians; or **ride two "
        "steps** (one choice, and the turn is over); or just **End the turn**.\n"
        "- Close a field with fences (streams and homestead sides count); whoever closes it "
        "owns it.\n"
        "- After every turn an event card moves steers, Indians, twisters and more.\n"
        "- After 60 rounds the most steers wins; at 0-0 nobody does (the prairie wins).\n"
        "- Buttons do it all; typed moves also work: `/cowboy move fence`."
    )
    summary = N_(
        "Ride the range and be the first with five steers in your fields. Each turn you may "
        "move your cowboy one step along the grid, then do one thing: build a fence on the line "
        "you just rode, cut wood by a tree (3 fences), rope a roaming steer next to you into "
        "your field, rustle a steer from a rival's field (D8: 6-8 yours, 1-2 caught), fight "
        "Indians (D8 5+), or ride on one more step (both steps are one choice). Fences, "
        "streams and homestead sides close fields; whoever builds the closing fence owns the "
        "field. After every turn an event card moves steers, Indians, twisters, the Bandit "
        "and Pilgrims, or brings items. "
        "A game takes about 30 rounds; after max_rounds (default 60) the most steers wins, "
        "ties share, and at 0-0 nobody does: the prairie wins."
    )
    notation = (
        "move n",
        "fence",
        "cut",
        "rope c4 to e6",
        "rustle d5",
        "fight f2",
        "again",
        "move n e",
        "move n end",
        "move n fence",
        "end",
        "reroll / keep",
        "bills / pay",
        "give c4",
        "place e6",
        "claim c4",
        "discard axe",
        "target bob",
        "remove f2 / remove bandit",
    )
    narrator = NARRATOR

    # Setup ---------------------------------------------------------------------------------

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Rng
    ) -> CowboyState:
        opts = CowboyOptions.parse(options)
        names = tuple(str(p) for p in players)
        if not self.min_players <= len(names) <= self.max_players:
            raise IllegalAction("cowboy.players", min=self.min_players, max=self.max_players)
        n = tiles_per_side(len(names))
        chosen = rng.shuffle(sorted(TILES))[: n * n]
        tiles = tuple((t, rng.roll((0, 1, 2, 3))) for t in chosen)
        board = board_for(tiles)
        steers = board.skulls[: TOTALS["steer"]]
        deck = rng.shuffle([c.id for c in CARDS.values() for _ in range(c.count)])
        first = rng.choice(tuple(range(len(names))))
        supply = dict(TOTALS)
        supply["steer"] -= len(steers)
        return CowboyState(
            names=names,
            options=opts,
            tiles=tiles,
            cowboys=tuple(board.start_points(len(names))),
            fences_left=(START_FENCES,) * len(names),
            hands=((),) * len(names),
            lost=(0,) * len(names),
            fences=(),
            fields=(),
            steers=tuple(sorted(steers)),
            stolen=(),
            indians=(),
            twisters=(),
            bandit=None,
            pilgrims=(),
            supply=tuple(supply[k] for k in SUPPLY_KINDS),
            deck=tuple(deck),
            discard=(),
            turn=first,
            first=first,
        )

    def players(self, state: CowboyState) -> tuple[str, ...]:
        return state.names

    def options(self, state: CowboyState) -> CowboyOptions:
        return state.options

    # Whose move ----------------------------------------------------------------------------

    def to_act(self, state: CowboyState) -> tuple[int, ...]:
        if state.finished:
            return ()
        if state.pending is not None:
            return (state.pending.seat,)
        return (state.turn,)

    def legal_actions(self, state: CowboyState, seat: int) -> list[CowboyAction]:
        if seat not in self.to_act(state):
            return []
        if state.pending is not None:
            return turn.pending_actions(state)
        return turn.turn_actions(state, seat)

    def describe_action(self, state: CowboyState, seat: int, action: CowboyAction) -> Choice:
        return talk_choices.describe(state, seat, action)

    def turn_key(self, state: CowboyState) -> Any:
        """A turn is a step, an action and the events phase; lost turns can give the same
        player two turns running, told apart by the round."""
        return (state.round, state.turn, self.to_act(state))

    def default_action(self, state: CowboyState, seat: int) -> CowboyAction:
        """For a player whose time ran out: a choice goes to the most useful option; on a turn,
        rope a steer or close a field when one is at hand (no gamble like a rustle or a
        fight), else stay and end the turn."""
        self.check_turn(state, seat)
        actions = self.legal_actions(state, seat)
        if state.pending is not None:
            return notation.best(state, seat, actions)
        safe = [a for a in actions if isinstance(a, Rope | Fence)]
        if safe:
            pick = notation.best(state, seat, safe)
            if notation.rank(state, seat, pick) >= notation.RANK_USEFUL:
                return pick
        return End() if End() in actions else actions[0]

    def forced_action(self, state: CowboyState, seat: int) -> CowboyAction | None:
        """A cowboy with nothing to do but end the turn (hemmed in after riding on, or
        nowhere to go and nothing to act on) ends it at once."""
        if state.finished or seat not in self.to_act(state):
            return None
        actions = self.legal_actions(state, seat)
        return actions[0] if actions == [End()] else None

    # Moves ---------------------------------------------------------------------------------

    def apply(
        self, state: CowboyState, seat: int, action: CowboyAction, *, rng: Rng
    ) -> Step[CowboyState]:
        self.check_turn(state, seat)
        action = notation.normalise(state, seat, action)
        if not turn.accepted(state, seat, action):
            raise notation.refusal(state, seat, action)
        w = Work.of(state)
        if state.pending is not None:
            turn.choose(w, seat, action, rng)
        else:
            turn.act(w, seat, action, rng, lone=len(self.legal_actions(state, seat)) == 1)
        return Step(w.freeze(), tuple(w.events))

    def outcome(self, state: CowboyState) -> Outcome | None:
        if not state.finished:
            return None
        reason = state.finished if state.finished in ("five", "left") else "rounds"
        if not state.winners:
            reason = "prairie"
        data = {"rounds": state.options.max_rounds}
        return Outcome(winners=state.winners, reason=reason, scores=herds(state), data=data)

    def resign(self, state: CowboyState, seat: int, *, rng: Rng) -> Step[CowboyState]:
        """A choice the seat owes is made for it (the default); then its fields become open
        range, its items are discarded and its turns are skipped. Its cowboy stays where he
        stands. With one player left, that player wins."""
        if state.finished:
            raise GameOver("rules.game_over")
        if not 0 <= seat < len(state.names) or seat in state.out:
            raise IllegalAction("cowboy.not_in_game")
        w = Work.of(state)
        for _ in range(50):  # each choice resolves; a bound in case choices keep coming
            if w.pending is None or w.pending.seat != seat or w.over:
                break
            turn.choose(w, seat, self.default_action(w.freeze(), seat), rng)
        if w.over:
            return Step(w.freeze(), tuple(w.events))
        turn.leave(w, seat, rng)
        return Step(w.freeze(), tuple(w.events))

    def invariants(self, state: CowboyState) -> list[str]:
        return storage.check(state)

    def status_line(self, state: CowboyState) -> str:
        return talk_choices.status_line(state)

    # Notation ------------------------------------------------------------------------------

    def format_action(self, state: CowboyState, action: CowboyAction) -> str:
        return notation.format_action(state, action)

    def parse_action(self, state: CowboyState, seat: int, text: str) -> CowboyAction:
        action = notation.parse_words(state, text)
        self.check_turn(state, seat)
        action = notation.normalise(state, seat, action)
        if not turn.accepted(state, seat, action):
            raise notation.refusal(state, seat, action)
        return action

    # Storage -------------------------------------------------------------------------------

    def dump(self, state: CowboyState) -> dict[str, Any]:
        return storage.dump(state)

    def load(self, data: Mapping[str, Any]) -> CowboyState:
        self.check_version(data)
        return storage.load(data)


RULES = CowboyRules()
