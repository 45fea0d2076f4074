"""A board's picture as an attachment, drawn in the render pool: ``Pictures``, held by the
delivery (which answers for it to the table and the moves)."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord

import words
from bot.marks import picture_name
from bot.matches import Match
from bot.readable import alt_text
from bot.render_pool import RenderError
from games.base import Event

if TYPE_CHECKING:
    from bot.render_pool import Renderer

log = logging.getLogger(__name__)


class Pictures:
    """Boards' pictures, their alt text in the match's language."""

    def __init__(self, renderer: Callable[[], Renderer]) -> None:
        """``renderer``: the render pool the pictures are drawn in."""
        self.renderer = renderer

    async def picture(
        self,
        match: Match,
        *,
        previous: object = None,
        last: object = None,
        events: Sequence[Event] = (),
    ) -> tuple[list[discord.File], str | None]:
        """The board picture as an attachment, its texts in the match's language; none (a
        text-only board) if drawing failed. ``events``: what the last move did."""
        return await self.picture_soon(match, previous=previous, last=last, events=events)

    def picture_soon(
        self,
        match: Match,
        *,
        previous: object = None,
        last: object = None,
        state: object = None,
        ply: int | None = None,
        events: Sequence[Event] = (),
    ) -> asyncio.Future[tuple[list[discord.File], str | None]]:
        """``picture`` as a future, the drawing already under way when a worker is free.
        ``state`` and ``ply``: a state of the match other than its current one (a move's new
        state, drawn while it is being stored)."""
        state = match.state if state is None else state
        if state is None:
            done: asyncio.Future[tuple[list[discord.File], str | None]]
            done = asyncio.get_running_loop().create_future()
            done.set_result(([], None))
            return done
        png = self.renderer().draw_soon(
            match.game,
            state,
            previous=previous,
            last=last,
            home=match.id,
            events=events,
            locale=match.language,
        )
        ply = match.ply if ply is None else ply
        name = picture_name(match.game, match.id, ply)
        with words.use(match.language):  # the picture's words are the match's
            alt = alt_text(match, state, ply, events)
        attached = asyncio.ensure_future(self._attached(match.id, png, name, alt))
        # (cancelled before it ever ran: the drawing goes too)
        attached.add_done_callback(lambda a: png.cancel() if a.cancelled() else None)
        return attached

    async def _attached(
        self, match_id: int, png: asyncio.Future[bytes], filename: str, alt: str
    ) -> tuple[list[discord.File], str | None]:
        try:
            data = await png
        except RenderError:
            log.exception("match %s: drawing the board failed; posting text only", match_id)
            return [], None
        except asyncio.CancelledError:
            png.cancel()
            raise
        return [discord.File(io.BytesIO(data), filename=filename, description=alt)], filename
