"""Any position of a match, rebuilt from its seed and action log and drawn as its board was.

The match viewer (``bot.viewer``) shows one position at a time. Its picture is drawn here, in a
render worker (``Renderer.position``), with the very inputs the board posted at that move was
drawn with (``bot.matches``: the state after the move, the state just before it, the move
itself, and the events of the whole commit the board showed, in the match's language), so the
two are the same picture to the pixel:

- move 0, the opening position: no previous state, no last move, the opening events (the
  start's board story);
- a move that ended a commit (its board story's ply): the story's events, which are those of
  every play of that commit (a move and the forced moves after it);
- a forced move inside a commit, never posted on its own: its own events.

Nothing here knows Discord or the storage; a worker imports only the rules, the renderers and
the words.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import games
import render
from bot import replays
from bot.jsondata import JSON, JSONObject
from bot.store.rows import LoggedAction, StoryRow
from games.base import Event

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Story:
    """A board story as stored (``outbox``): the ply it ends at and its payload."""

    ply: int
    payload: JSONObject

    @property
    def plays(self) -> int:
        plays = self.payload.get("plays")
        return len(plays) if isinstance(plays, list) else 0

    @property
    def first(self) -> int:
        """The first ply the story tells (its commit's first play)."""
        return self.ply - max(0, self.plays - 1)

    @staticmethod
    def of(row: StoryRow | None) -> Story | None:
        if row is None:
            return None
        payload = json.loads(row.payload)
        return Story(int(row.ply), payload if isinstance(payload, dict) else {})


def log_data(
    game: str,
    names: Sequence[str],
    seed: int,
    options: Mapping[str, JSON],
    extras: Mapping[str, JSON],
    rows: Sequence[LoggedAction],
) -> replays.Log:
    """What a worker replays: the shape ``bot.replays.plays`` reads (an export's fields)."""
    return {
        "game": game,
        "seats": [{"name": n} for n in names],
        "seed": seed,
        "options": dict(options),
        "extras": dict(extras),
        "actions": [{"ply": int(r.ply), "seat": r.seat, "notation": str(r.notation)} for r in rows],
    }


def narrated(story: Story | None, ply: int, row: LoggedAction | None) -> JSONObject:
    """The story of one position alone, for the board texts' wording (``texts.story_lines``):
    the opening (move 0), else the move at ``ply`` with its own events, told as the kind of
    commit it was part of (a move, a computer's, a deadline's, a forfeit)."""
    if ply == 0 or row is None:
        return dict(story.payload) if story is not None else {"kind": "start"}
    kind = "move"
    if story is not None and story.first <= ply <= story.ply:
        kind = str(story.payload.get("kind", "move"))
    return {
        "kind": kind,
        "plays": [[row.seat, row.notation]],
        "events": json.loads(row.events),
    }


def draw(
    data: replays.Log,
    ply: int,
    events: Sequence[JSONObject] | None,
    locale: str,
) -> tuple[bytes, JSONObject]:
    """In a worker: the picture of the position after move ``ply`` (``events``: the board's
    stored events, or None for the move's own) and that position's state, dumped."""
    rules = games.get(data["game"])
    for play in replays.plays(data):
        if play.ply == ply:
            break
    else:
        raise LookupError(ply)  # (the viewer checks the move number before it asks)
    told = play.events if events is None else tuple(Event.from_dict(e) for e in events)
    png = render.draw(
        data["game"],
        play.after,
        previous=play.before if ply else None,
        last=play.action if ply else None,
        events=told,
        locale=locale,
    )
    return png, rules.dump(play.after)
