"""Results and ratings: every finished match is recorded once, and rated when people played it.

Ratings are OpenSkill (the Plackett-Luce model with its default settings), kept per server and
per game. The order of a match: the winners share first place; the others follow by score when
the game keeps scores, else share second place; a player who left the game (a forfeit) comes
last. Computer seats are not rated and do not count towards the two people a rated match needs;
abandoned matches are never recorded. The result row is the claim: whichever process records a
match first rates it, in the same transaction, so a match is rated exactly once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot import replays
from bot.jsondata import JSON
from bot.matches import Match, MatchService, Refusal
from bot.store import Store
from bot.store.store import Rated
from words import domain

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating the leaderboard sorts by (OpenSkill's ordinal)."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def places(match: Match) -> list[int]:
    """Each seat's place (1 is best, ties share a place, dense)."""
    outcome = match.outcome()
    winners = set(outcome.winners) if outcome else set()
    scores = outcome.scores if outcome else None

    def key(seat: int) -> tuple[int, int, int]:
        if match.seats[seat].left_at is not None:
            return (1, 0, 0)
        if seat in winners:
            return (0, 0, 0)
        return (0, 1, -scores[seat] if scores is not None else 0)

    keys = [key(s.seat) for s in match.seats]
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


@dataclass(frozen=True)
class Standing:
    seat: int
    user_id: int
    name: str
    place: int
    won: bool
    rated: bool


def standings(match: Match) -> list[Standing]:
    outcome = match.outcome()
    winners = set(outcome.winners) if outcome else set()
    humans = [s for s in match.seats if s.computer is None]
    # a casual table is no server's: it is rated on no leaderboard
    rated = len(humans) >= 2 and match.guild_id is not None and not match.casual
    return [
        Standing(
            s.seat,
            s.user_id,
            s.name,
            place,
            s.seat in winners and s.left_at is None,
            rated and s.computer is None,
        )
        for s, place in zip(match.seats, places(match), strict=True)
    ]


def rate(
    current: dict[int, tuple[float, float]], order: Sequence[tuple[int, int]]
) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) for ``order``'s players ((user_id, place)), from their current ratings
    (a newcomer starts at the model's default)."""
    teams = [[MODEL.rating(*current[u]) if u in current else MODEL.rating()] for u, _ in order]
    new = MODEL.rate(teams, ranks=[float(p) for _, p in order])
    return {u: (team[0].mu, team[0].sigma) for (u, _), team in zip(order, new, strict=True)}


async def settle(
    store: Store, match: Match, *, board: tuple[int, int] | None = None, at: float
) -> bool:
    """Record a finished match (and rate it when two or more people played); True for the
    one call that recorded it. ``board`` is its final board message (channel, message)."""
    if match.status != "finished":
        return False
    table = standings(match)
    rated = [s for s in table if s.rated]
    outcome = match.outcome()

    def summary(now: dict[int, tuple[float, float]]) -> tuple[str, dict[int, Rated]]:
        after = rate(now, [(s.user_id, s.place) for s in rated]) if rated else {}
        by_user = {s.user_id: s for s in rated}
        seats = []
        for s in table:
            entry: dict[str, JSON] = {
                "seat": s.seat,
                "user_id": s.user_id,
                "name": s.name,
                "place": s.place,
                "won": s.won,
                "computer": match.seats[s.seat].computer,
                "left": match.seats[s.seat].left_at is not None,
            }
            if s.user_id in after and s.rated:
                before = now.get(s.user_id, (MODEL.mu, MODEL.sigma))
                entry["before"] = [before[0], before[1]]
                entry["after"] = list(after[s.user_id])
            seats.append(entry)
        text = json.dumps(
            {
                "seats": seats,
                "reason": outcome.reason if outcome else "",
                "scores": list(outcome.scores) if outcome and outcome.scores else None,
                "board": list(board) if board else None,
                "ply": match.ply,
            },
            sort_keys=True,
        )
        return text, {u: Rated(mu, sg, by_user[u].won) for u, (mu, sg) in after.items()}

    def season_rate(now: dict[int, tuple[float, float]]) -> dict[int, Rated]:
        after = rate(now, [(s.user_id, s.place) for s in rated])
        return {s.user_id: Rated(*after[s.user_id], s.won) for s in rated}

    return await store.records.record_result(
        match.id,
        match.guild_id,
        match.game,
        at,
        summary,
        [s.user_id for s in rated],
        season_rate=season_rate,
    )


async def settle_quietly(
    store: Store, match: Match, *, board: tuple[int, int] | None, at: float
) -> None:
    """``settle`` for the board's delivery: a failure is logged, never stops the board."""
    try:
        await settle(store, match, board=board, at=at)
    except Exception:
        log.exception("match %s: recording the result failed", match.id)


async def finished_match(
    service: MatchService, *, match_id: int | None, guild_id: int | None, channel_id: int
) -> Match:
    """A finished match the asker may see: ``match_id`` in this server (this channel's newest
    finished match when None). Anything else is a private refusal that reveals nothing about
    other servers' matches."""
    if match_id is None:
        row = await service.store.records.latest_finished_in(channel_id)
        if row is None:
            raise Refusal(_("No match has finished in this channel yet."))
        match_id = int(row.id)
    row = await service.store.matches.match(match_id)
    visible = row is not None and (
        row.guild_id == guild_id if guild_id is not None else row.channel_id == channel_id
    )
    if row is None or not visible:
        raise Refusal(_("There is no match #{id} here.").format(id=match_id))
    if row.status in ("lobby", "active"):
        raise Refusal(
            _("Match #{id} is still being played; come back when it is over.").format(id=match_id)
        )
    if row.status != "finished":
        raise Refusal(
            _("Match #{id} was abandoned before it ended; there is nothing to show.").format(
                id=match_id
            )
        )

    match: Match = await service.get(match_id)
    return match


async def export_of(service: MatchService, match: Match) -> replays.Export:
    """The match's export (``bot.replays``): everything needed to replay it offline."""
    rows = await service.store.matches.actions(match.id)
    return replays.export(
        match_id=match.id,
        game=match.game,
        options=match.options,
        seed=match.seed,
        seats=[(s.name, s.computer) for s in match.seats],
        extras=match.rules.seat_extras([s.user_id for s in match.seats]),
        actions=[(int(r.ply), r.seat, str(r.notation)) for r in rows],
        final=match.state,
    )
