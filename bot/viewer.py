"""The match viewer: any position of any match of a server, privately, one at a time.

A position is a move number (``ply``: 0 is the opening position, the last is the match as it
stands now). What the viewer shows of it is read afresh on every step, so nothing about an open
viewer is kept in memory and its buttons work after a restart (``bot.ui.viewer``):

- the match (refused politely when it is another server's, has not started, or has no such
  move);
- the move told as its board told it, by the game's narrator, in the reader's language
  (``texts.story_lines`` of that one move);
- its picture, the very picture the board of that move showed (``bot.positions``), drawn once
  in a render worker and kept in this process's render cache (``render.cache``, the byte
  budget ``RENDER_CACHE_MB``), with its alt text in the match's language. Two spectators
  asking for the same position at once share one drawing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import words
from bot import positions
from bot.matches import Match, Refusal
from bot.model import stored_events
from bot.readable import alt_text
from bot.store.rows import LoggedAction
from bot.texts import story_lines
from games.base import Event
from render import cache

if TYPE_CHECKING:
    from bot.matches import MatchService
    from bot.render_pool import Renderer
from words import domain

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: the positions' pictures drawn for the viewer: (match, ply, language) -> (PNG, alt text)
KEPT = cache.register("viewer")
#: positions being drawn now, so a second asker waits for the same drawing
_drawing: dict[tuple[int, int, str], asyncio.Future[tuple[bytes, str] | None]] = {}


class Pictures(Protocol):
    """What the viewer uses of the running bot: the matches and their pictures."""

    service: MatchService
    renderer: Renderer


@dataclass(frozen=True)
class Shown:
    """One position as the viewer shows it: the match, the move number, the move told (in
    the reader's language) and its picture with alt text (None: it could not be drawn)."""

    match: Match
    ply: int
    lines: list[str]
    picture: tuple[bytes, str] | None

    @property
    def last(self) -> int:
        return self.match.ply


async def match_of(
    host: Pictures, match_id: int, guild_id: int | None, channel_id: int | None = None
) -> Match:
    """The match to view: one of this server's that has begun (outside a server: one of this
    DM's or group DM's), else a polite refusal that tells nothing of other places' matches."""
    here = _("There is no match #{id} here.").format(id=match_id)
    try:
        match: Match = await host.service.get(match_id)
    except Refusal:
        raise Refusal(here) from None
    seen = match.guild_id == guild_id if guild_id is not None else match.channel_id == channel_id
    if not seen:
        raise Refusal(here)
    if match.state is None:
        raise Refusal(
            _("Match #{id} has not started: there are no moves to show yet.").format(id=match_id)
        )
    return match


def check_move(match: Match, ply: int) -> None:
    """Refuse a move number the match does not have (yet)."""
    if not 0 <= ply <= match.ply:
        raise Refusal(
            ngettext(
                "Match #{id} has {count} move so far; there is no move {move}.",
                "Match #{id} has {count} moves so far; there is no move {move}.",
                match.ply,
            ).format(id=match.id, count=match.ply, move=ply)
        )


async def show(host: Pictures, match: Match, ply: int) -> Shown:
    """Position ``ply`` of ``match`` (checked first), told in the active locale."""
    check_move(match, ply)
    store = host.service.store
    rows = [r for r in await store.matches.actions(match.id) if int(r.ply) <= ply]
    story = positions.Story.of(await store.outbox.story_from(match.id, ply))
    row = rows[-1] if ply and rows and int(rows[-1].ply) == ply else None
    lines = story_lines(match, [positions.narrated(story, ply, row)])
    picture = await picture_of(host, match, ply, rows, story)
    return Shown(match, ply, lines, picture)


def _board_events(story: positions.Story | None, ply: int) -> tuple[Event, ...] | None:
    """The events the board of ``ply`` was drawn with when a board story ends there (all of
    its commit's); None: the move's own (a forced move inside a commit)."""
    if story is None or story.ply != ply:
        return None
    return stored_events(story.payload.get("events"))


async def picture_of(
    host: Pictures,
    match: Match,
    ply: int,
    rows: Sequence[LoggedAction],
    story: positions.Story | None,
) -> tuple[bytes, str] | None:
    """The position's picture and alt text: kept, being drawn, or drawn now."""
    key = (match.id, ply, match.language)
    found, kept = KEPT.get(key)
    if found:
        return kept
    drawing = _drawing.get(key)
    if drawing is None:
        drawing = asyncio.ensure_future(_draw(host, match, ply, rows, story))
        _drawing[key] = drawing
        drawing.add_done_callback(lambda _: _drawing.pop(key, None))
    return await asyncio.shield(drawing)


async def _draw(
    host: Pictures,
    match: Match,
    ply: int,
    rows: Sequence[LoggedAction],
    story: positions.Story | None,
) -> tuple[bytes, str] | None:
    rules = match.rules
    names = [s.name for s in match.seats]
    extras = rules.seat_extras([s.user_id for s in match.seats])
    data = positions.log_data(match.game, names, match.seed, match.options, extras, rows)
    events = _board_events(story, ply)
    sent = None if events is None else [e.to_dict() for e in events]
    try:
        png, dumped = await host.renderer.position(
            data, ply, sent, locale=match.language, home=match.id
        )
        state = rules.load(dumped)
    except Exception:
        log.exception("match %s: drawing move %s for the viewer failed", match.id, ply)
        return None
    if events is None:
        events = stored_events(positions.narrated(story, ply, rows[-1] if ply else None)["events"])
    with words.use(match.language):  # the picture's words are the match's
        alt = alt_text(match, state, ply, events)
    KEPT.put((match.id, ply, match.language), (png, alt))
    return png, alt
