"""Running tournaments: sign-ups, the start, each round's tables opened as matches in threads
of their own, results read from the ended matches, standings posted, the next round paired,
withdrawals. Held by the bot as ``bot.tournaments``; the turn clock's tick calls ``tick``.

Every step reads the stored tournament and changes it by compare-and-set (its ``rev``), and
each table's match and each round's standings post is claimed in the store first, so two
processes (or a tick and a command) never pair a round twice nor open a match twice; a step
that loses a race is simply taken up again at the next tick.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.league import League, LeagueError, Result, Table
from bot.league.records import Entrant
from bot.matches import Match, Refusal
from bot.records import ordinal, places
from bot.store import Entrant as SignedUp
from bot.store import StorageError
from bot.tournaments import posts
from bot.tournaments.record import Tournament, league_json
from words import domain

if TYPE_CHECKING:
    from bot.host import Host
    from bot.matches import MatchService
    from bot.store import Store

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: a table claimed this many seconds ago without its match may be opened by another process
STALE_CLAIM = 300.0
#: tries at a compare-and-set that another process keeps winning
ATTEMPTS = 5
ENDED = ("finished", "abandoned")


class Tournaments:
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @property
    def store(self) -> Store:
        return self.bot.store

    @property
    def service(self) -> MatchService:
        return self.bot.service

    def now(self) -> float:
        return self.bot.clock()

    async def get(self, tournament_id: int) -> Tournament:
        row = await self.store.tournaments.tournament(tournament_id)
        if row is None:
            raise Refusal(_("There is no such tournament."))
        return Tournament.from_row(row)

    async def names(self, t: Tournament) -> dict[int, str]:
        return {int(r.user_id): r.name for r in await self.store.tournaments.signed_up(t.id)}

    # Sign-up -------------------------------------------------------------------------------

    async def join(self, tournament_id: int, user_id: int, name: str) -> Tournament:
        t = await self.get(tournament_id)
        said = await self.store.tournaments.sign_up(t.id, user_id, name[:32], self.now(), t.limit)
        refusals = {
            "closed": _("Sign-up for this tournament is closed."),
            "already": _("You have already joined this tournament."),
            "full": _("This tournament is full."),
        }
        if said in refusals:
            raise Refusal(refusals[said])
        return t

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        t = await self.get(tournament_id)
        said = await self.store.tournaments.sign_off(t.id, user_id)
        if said == "closed":
            raise Refusal(
                _("The tournament has begun; `/tournament withdraw` takes you out of it.")
            )
        if said == "absent":
            raise Refusal(_("You have not joined this tournament."))
        return t

    async def begin(self, tournament_id: int) -> Tournament:
        """Close the sign-up and pair the first round (too few players: the tournament is
        called off). Refused if it has begun already."""
        t = await self.get(tournament_id)
        if t.status != "signup":
            raise Refusal(_("This tournament has already begun."))
        players = await self.store.tournaments.signed_up(t.id)
        entrants = tuple([Entrant(int(r.user_id), await self._rating(t, r)) for r in players])
        try:
            league = League.start(t.format, entrants).next_round()
        except LeagueError as err:
            if err.code != "too-few":
                raise
            least = max(2, t.format.min_table)
            raise Refusal(
                _("A tournament needs at least {least} players; {count} signed up.").format(
                    least=least, count=len(entrants)
                )
            ) from None
        if not await self._save(t, league, was=("signup",)):
            raise Refusal(_("This tournament has already begun."))
        t = await self.get(t.id)
        await posts.signup_closed(self.bot, t)
        await self._round_opened(t)
        return t

    async def _rating(self, t: Tournament, row: SignedUp) -> float:
        found = await self.store.records.rating_place(t.guild_id, t.game, int(row.user_id))
        if found is None:
            return 0.0
        rating = found[0]
        return ordinal(float(rating.mu), float(rating.sigma))

    async def _call_off(self, t: Tournament) -> None:
        changed = await self.store.tournaments.save_league(
            t.id, "", rev=t.rev, at=self.now(), status="cancelled", was=("signup",)
        )
        if changed:
            await posts.signup_closed(self.bot, await self.get(t.id))

    # Withdrawals ---------------------------------------------------------------------------

    async def withdraw(self, tournament_id: int, user_id: int) -> Tournament:
        for __ in range(ATTEMPTS):
            t = await self.get(tournament_id)
            if t.status != "running" or t.league is None:
                raise Refusal(_("This tournament is not under way."))
            try:
                league = t.league.withdraw(user_id)
            except LeagueError as err:
                if err.code == "withdrawn-already":
                    raise Refusal(_("You have withdrawn from this tournament already.")) from None
                raise Refusal(_("You are not playing in this tournament.")) from None
            if await self._save(t, league):
                await self._forfeit_tables(t, league, user_id)
                return await self.get(t.id)
        raise Refusal(_("The tournament is busy; try again in a moment."))

    async def _forfeit_tables(self, t: Tournament, league: League, user_id: int) -> None:
        """The withdrawn player's matches still running end for them (a forfeit)."""
        opened = await self.store.tournaments.table_matches(t.id)
        for table in league.current.tables if league.current else ():
            match_id = opened.get((table.round, table.number))
            if user_id not in table.seats or match_id is None:
                continue
            match = await self.service.get(match_id)
            seat = match.seat_of(user_id)
            if match.status != "active" or seat is None or match.seats[seat].left_at:
                continue
            try:
                await self.service.forfeit(match.id, seat, expected_ply=match.ply)
            except Refusal as err:  # paused or moved on: its clock forfeits them later
                log.info("tournament %s: forfeit in match %s put off: %s", t.id, match.id, err)
                continue
            await self.bot.delivery.deliver(match.id)

    # The tick ------------------------------------------------------------------------------

    async def tick(self) -> int:
        """Start what is due to start, take up ended matches, post standings, pair and open
        the next rounds; returns how many tournaments moved on."""
        moved = 0
        for row in await self.store.tournaments.live_tournaments():
            if getattr(self.bot, "stopping", False):
                break
            try:
                moved += await self._step(Tournament.from_row(row))
            except StorageError as err:
                log.warning("tournament %s put off: %s", row.id, err)
            except Exception:
                log.exception("tournament %s: a step failed", row.id)
        return moved

    async def _step(self, t: Tournament) -> bool:
        if t.status == "signup":
            if t.starts_at is None or self.now() < t.starts_at:
                return False
            try:
                await self.begin(t.id)
            except Refusal:
                await self._call_off(t)
            return True
        return await self.advance(t)

    async def advance(self, t: Tournament) -> bool:
        assert t.league is not None
        opened = await self.store.tournaments.table_matches(t.id)
        league = await self._take_results(t.league, opened)
        took = league is not t.league
        if took:
            if not await self._save(t, league):
                return False  # another process took them: it goes on from there
            t = await self.get(t.id)
        if not league.round_over:
            return await self._open_tables(t, league, opened) > 0 or took
        await posts.standings(self.bot, t, league, final=league.finished)
        if league.finished:
            return await self._save(t, league, status="finished")
        if await self._save(t, league.next_round()):
            await self._round_opened(await self.get(t.id))
        return True

    async def _take_results(self, league: League, opened: dict[tuple[int, int], int]) -> League:
        for table in league.unfinished():
            match_id = opened.get((table.round, table.number))
            if match_id is None:
                continue
            match = await self.service.get(match_id)
            if match.status in ENDED:
                league = league.record(result_of(table, match))
        return league

    async def _save(
        self, t: Tournament, league: League, *, status: str = "running", was: tuple[str, ...] = ()
    ) -> bool:
        return bool(
            await self.store.tournaments.save_league(
                t.id,
                league_json(league),
                rev=t.rev,
                at=self.now(),
                status=status,
                was=was or ("running",),
            )
        )

    # Opening a round -----------------------------------------------------------------------

    async def _round_opened(self, t: Tournament) -> None:
        assert t.league is not None and t.league.current is not None
        rnd = t.league.current
        if await self.store.tournaments.claim_post(t.id, rnd.number, "round", self.now()):
            await posts.round_pairings(self.bot, t, rnd)
        await self._open_tables(t, t.league, await self.store.tournaments.table_matches(t.id))

    async def _open_tables(
        self, t: Tournament, league: League, opened: dict[tuple[int, int], int]
    ) -> int:
        count = 0
        for table in league.unfinished():
            if (table.round, table.number) in opened:
                continue
            if not await self.store.tournaments.claim_table(
                t.id, table.round, table.number, self.now(), STALE_CLAIM
            ):
                continue
            match = await posts.open_table(self.bot, t, table, await self.names(t))
            if match is not None:
                await self.store.tournaments.set_table_match(
                    t.id, table.round, table.number, match.id
                )
                count += 1
        return count


def result_of(table: Table, match: Match) -> Result:
    """A table's result from its ended match (seats in the table's order). An abandoned
    match counts as a forfeit by everyone."""
    seats = range(len(table.seats))
    if match.status == "abandoned":
        return Result(table.round, table.number, tuple(1 for _ in seats), tuple(seats))
    order = places(match)
    left = tuple(s.seat for s in match.seats if s.left_at is not None)
    by_player = {s.user_id: s.seat for s in match.seats}
    return Result(
        table.round,
        table.number,
        tuple(order[by_player[p]] for p in table.seats),
        tuple(sorted(table.seats.index(match.seats[i].user_id) for i in left)),
    )
