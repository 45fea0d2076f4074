"""Computer players at the table: their turns play themselves, at once, and never block.

``Computers.play(match_id)`` plays every turn the match waits on a computer for, in order
(several computers in a row, a computer answering an offer), each through the match service
as a move of kind ``computer``; the caller then delivers one board for all of it. A decision
runs in the worker pool (``Renderer.run``) with a time limit; one that fails or runs out of
time plays the easy player's move instead (logged), and if even that fails the ruleset's
default move: a computer seat never holds a match up. The deadline's ``skip`` plays the easy
player's move for a person too (``easy_action``).

Standing orders are played here too: when the match waits on a person whose standing order
applies (``bot.standing``), its move is played at once, as a move of kind ``standing``.

Decisions are deterministic: the rng comes from the match's seed and ply, so the same position
in the same match gets the same move (a reminder can name the move a skip will play).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from bot import standing
from bot.matches import Match, MoveResult, Refusal
from games import policies
from games.base import GameError
from games.rng import SeededRng

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: seconds a decision may take in the pool before the easy move is played instead
BUDGET = 2.0
#: computer moves played in one go at most (the clock goes on with the rest a minute later)
MAX_MOVES = 400


def decision_rng(seed: int, ply: int) -> SeededRng:
    return SeededRng(f"computer:{seed}", ply)


def decide_index(key: str, level: str, state: Any, seat: int, seed: int, ply: int) -> int:
    """In a worker: the policy's choice as an index into ``legal_actions(state, seat)``."""
    rules = policies.get(key, level).rules
    menu = rules.legal_actions(state, seat)
    chosen = policies.get(key, level).choose(state, seat, rng=decision_rng(seed, ply), actions=menu)
    return next(i for i, action in enumerate(menu) if action is chosen)


def easy_action(match: Match, seat: int) -> Any:
    """The easy player's move for ``seat`` now (the ruleset's default if even that fails)."""
    try:
        return policies.fallback(match.game).choose(
            match.state, seat, rng=decision_rng(match.seed, match.ply)
        )
    except Exception:
        log.exception("match %s: the easy player failed; playing the default move", match.id)
        return match.rules.default_action(match.state, seat)


class Computers:
    """The driver of the computer seats of every match this process handles."""

    def __init__(self, bot: Host, *, budget: float = BUDGET) -> None:
        self.bot = bot
        self.budget = budget
        self._busy: set[int] = set()

    def busy(self, match_id: int) -> bool:
        return match_id in self._busy

    async def play(self, match_id: int, match: Match | None = None) -> MoveResult | None:
        """Play the computers' turns of the match, and the moves of the standing orders of
        people it waits on, until a person must choose or it ends; the last move played (None:
        none). Errors are logged: the caller still delivers. ``match``: the match as it stands
        now, if the caller has it (no computer to act in it and no standing order that could
        play means nothing to do, with no trip to the database)."""
        if match is not None and (
            match.status != "active"
            or (match.computer_to_act() is None and not await self._standing_due(match))
        ):
            return None
        if match_id in self._busy:
            return None
        self._busy.add(match_id)
        last = None
        try:
            for __ in range(MAX_MOVES):
                moved = await self._one(match_id)
                if moved is None:
                    break
                last = moved
        except Exception:
            log.exception("match %s: computer players stopped; the clock will retry", match_id)
        finally:
            self._busy.discard(match_id)
        return last

    async def _one(self, match_id: int) -> MoveResult | None:
        service = self.bot.service
        match = await service.get(match_id)
        seat = match.computer_to_act()
        if seat is None:
            return await self._standing(match)
        level = match.seats[seat].computer or "easy"
        action = await self.decide(match, seat, level)
        try:
            return await self._act(match, seat, action)
        except Refusal as err:
            log.info("match %s: computer move not applied: %s", match.id, err)
            return None
        except GameError as err:
            log.error(
                "match %s: the %s computer chose a move the rules refuse (%s); playing "
                "the easy move",
                match.id,
                level,
                err,
            )
            try:
                return await self._act(match, seat, easy_action(match, seat))
            except (Refusal, GameError) as again:
                log.error("match %s: the easy move was refused too: %s", match.id, again)
                return None

    async def _standing_due(self, match: Match) -> bool:
        """Whether a standing order plays for the person ``match`` waits on (one read of the
        store, only when an order could apply)."""
        if standing.candidate(match) is None:
            return False
        try:
            return await standing.due(self.bot.store, match) is not None
        except Exception:
            log.exception("match %s: standing orders could not be read", match.id)
            return False

    async def _standing(self, match: Match) -> MoveResult | None:
        """The move of a standing order of the person the match waits on, if one applies."""
        found = await standing.due(self.bot.store, match)
        if found is None:
            return None
        seat, action = found
        try:
            return await self._act(match, seat, action, kind="standing")
        except (Refusal, GameError) as err:  # the player moved meanwhile
            log.info("match %s: standing order not played: %s", match.id, err)
            return None

    async def _act(
        self, match: Match, seat: int, action: Any, kind: str = "computer"
    ) -> MoveResult:
        return await self.bot.service.act_default(
            match.id, seat, expected_ply=match.ply, action=action, kind=kind
        )

    async def decide(self, match: Match, seat: int, level: str) -> Any:
        """The move of a ``level`` player for ``seat``, decided in the worker pool within the
        time budget; the easy move (decided here) if that fails."""
        actions = match.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        start = time.perf_counter()
        try:
            index = await self.bot.renderer.run(
                decide_index,
                match.game,
                level,
                match.state,
                seat,
                match.seed,
                match.ply,
                timeout=self.budget,
            )
            action = actions[index]
        except TimeoutError:
            log.error(
                "match %s: the %s computer took over %.1f s at ply %s; playing the easy move",
                match.id,
                level,
                self.budget,
                match.ply,
            )
            return easy_action(match, seat)
        except Exception:
            log.exception(
                "match %s: the %s computer failed at ply %s; playing the easy move",
                match.id,
                level,
                match.ply,
            )
            return easy_action(match, seat)
        log.debug(
            "match %s: %s computer decided in %.0f ms",
            match.id,
            level,
            (time.perf_counter() - start) * 1000,
        )
        return action
