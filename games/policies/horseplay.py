"""Horseplay Rustling computer players.

Easy looks one move ahead: it takes the biggest capture on offer (so it is never huffed when it
could capture), takes Stables, and avoids moves that leave a piece to be taken at once.
Rollout (the post-game analysis's player) plays one of the moves the rules' own menu ranks
highest (Stables, captures, keeping its Stable shut, not leaving pieces to be taken), at
random among them; it looks ahead only at the moves it must to find one (``first_best``), a
fraction of the cost of ranking every move.
Strong searches the moves ahead with alpha-beta (every other side assumed to play against it),
iterative deepening within a fixed budget of positions, on a material and progress count.
"""

from __future__ import annotations

from typing import Any

from games.horseplay.board import colour_of, geometry, is_crown, value
from games.horseplay.threats import first_best
from games.policies.base import Policy, best_of
from games.rng import Rng, SeededRng

WIN = 100_000.0
_NO_CHANCE = SeededRng("horseplay has no chance")


def advance(colour: int, sq: int, size: int) -> int:
    """How far a man has come towards its crowning edge (0 at its home edge)."""
    f, r = sq % size, sq // size
    return (r, f, size - 1 - r, size - 1 - f)[colour]


def evaluate(state: Any, side: int) -> float:
    """Material and progress of ``side`` minus everyone else's, from ``side``'s view."""
    if state.finished:
        won = any(state.side(c) == side for c in state.colours if state.seat(c) in state.winners)
        return WIN if won else -WIN
    size = state.size
    total = 0.0
    for sq, cell in enumerate(state.board):
        if not cell:
            continue
        c = colour_of(cell)
        worth = value(cell) * 10.0
        if not is_crown(cell):
            worth += advance(c, sq, size) * 2.0
        total += worth if state.side(c) == side else -worth
    mine = sum(state.scores[c] for c in state.colours if state.side(c) == side)
    others = sum(state.scores[c] for c in state.colours if state.side(c) != side)
    return total + 0.5 * (mine - others)


def after(rules: Any, state: Any, move: Any) -> Any:
    return rules.apply(state, state.seat(state.to_move), move, rng=_NO_CHANCE).state


def threat(state: Any, side: int) -> float:
    """The most the side to move next can take at once, if it is an enemy of ``side``."""
    if state.finished or state.side(state.to_move) == side:
        return 0.0
    captures, plains = state.moves(state.to_move)
    best = 0.0
    for m in captures:
        best = max(best, sum(value(state.board[sq]) for sq in m.taken) * 10.0)
    stables = {geometry(state.size).stables[c] for c in state.colours if state.side(c) == side}
    # a piece stepping or jumping into an own Stable takes every piece of that colour
    if any(m.end in stables for m in captures + plains):
        best = max(best, 1000.0)
    return best


class Easy(Policy):
    key = "horseplay"
    level = "easy"

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        side = state.side(state.to_move)

        def score(move: Any) -> float:
            new = after(self.rules, state, move)
            return evaluate(new, side) - threat(new, side)

        return best_of(actions, score, rng, tolerance=0.5)


class Rollout(Policy):
    key = "horseplay"
    level = "rollout"

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        order = rng.shuffle(range(len(actions)))
        return order[first_best(state, [actions[i] for i in order])]


class Strong(Policy):
    key = "horseplay"
    level = "strong"
    #: positions looked at per decision (each is one ``apply``)
    BUDGET = 700

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        self.side = state.side(state.to_move)
        self.nodes = 0
        self.cache: dict[Any, float] = {}
        children = [(a, after(self.rules, state, a)) for a in actions]
        self.nodes += len(children)
        first = [self.leaf(c) for _, c in children]
        top = max(first)
        tied = [i for i, v in enumerate(first) if v >= top - 0.5]
        best = tied[rng.randint(0, len(tied) - 1)] if len(tied) > 1 else tied[0]
        order = sorted(range(len(children)), key=lambda i: -first[i])
        depth = 1
        while self.nodes < self.BUDGET and depth <= 8:
            alpha, found, complete = -float("inf"), best, True
            for i in [best, *[j for j in order if j != best]]:
                try:
                    v = self.search(children[i][1], depth, alpha, float("inf"))
                except _OutOfBudget:
                    complete = False
                    break
                if v > alpha:
                    alpha, found = v, i
            if not complete:
                break
            best = found
            if alpha >= WIN / 2:
                break
            depth += 1
        return best

    def search(self, state: Any, depth: int, alpha: float, beta: float) -> float:
        if depth == 0 or state.finished:
            return self.leaf(state)
        if self.nodes >= self.BUDGET:
            raise _OutOfBudget
        mover = state.to_move
        maximise = state.side(mover) == self.side
        moves = state.legal(mover)
        children = []
        for m in moves:
            children.append(after(self.rules, state, m))
        self.nodes += len(children)
        children.sort(key=self.quick, reverse=maximise)
        if maximise:
            v = -float("inf")
            for child in children:
                v = max(v, self.search(child, depth - 1, alpha, beta))
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
            return v
        v = float("inf")
        for child in children:
            v = min(v, self.search(child, depth - 1, alpha, beta))
            beta = min(beta, v)
            if alpha >= beta:
                break
        return v

    def quick(self, state: Any) -> float:
        key = (state.board, state.to_move, state.scores, state.finished)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = evaluate(state, self.side)
        return found

    def leaf(self, state: Any) -> float:
        """The count, less what an enemy to move can take at once (a quiet horizon)."""
        return self.quick(state) - threat(state, self.side)


class _OutOfBudget(Exception):
    pass
