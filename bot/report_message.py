"""The post-game report's messages: while it is worked out (waiting its turn, then how far it
is), and the report itself: each player's two figures, the three biggest moments told by the
game's narrator, and the chart with its alt text. Worded in the active locale (the caller
chooses it: the match's language for the public message, the asker's for a private copy).
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict, final

import discord

from bot.jsondata import JSON, JSONObject
from bot.matches import Match
from bot.store.rows import LoggedAction
from bot.texts import escape, game_title, story_lines
from games.analysis import Moment, Report
from words import domain
from words.numbers import decimal

if TYPE_CHECKING:
    pass

_, ngettext, N_ = domain("bot").functions()

COLOUR = discord.Colour.from_rgb(176, 112, 48)
#: a moment's told move, at most (the rest is cut)
MOMENT_TEXT = 300
#: an embed's description holds 4,096 characters
DESCRIPTION = 4000


@final
class ReportMessage(TypedDict):
    """The report's message, as the keywords that post or edit it (``attachments``: its chart)."""

    content: None
    embed: discord.Embed
    attachments: list[discord.File]
    allowed_mentions: discord.AllowedMentions


@final
class FailedMessage(TypedDict):
    """The report's message when it could not be worked out: words only."""

    content: str


def points(value: float) -> str:
    """Percentage points, signed, to one decimal."""
    return decimal(value, signed=True)


def waiting_text(match: Match) -> str:
    return _(
        "📊 The luck and decisions report of match #{id} waits its turn (reports are worked "
        "out one after another)."
    ).format(id=match.id)


def progress_text(match: Match, share: float) -> str:
    return _("📊 Working out the luck and decisions report of match #{id} ({percent}%)…").format(
        id=match.id, percent=min(99, round(share * 100))
    )


def failed_text(match: Match) -> str:
    return _("📊 The luck and decisions report of match #{id} could not be worked out.").format(
        id=match.id
    )


def _figures(match: Match, report: Report) -> list[str]:
    lines = []
    for seat, name in enumerate(report.names):
        luck = points(report.luck_total(seat))
        computer = seat < len(match.seats) and match.seats[seat].computer is not None
        if computer:
            line = _("**{name}** (a computer player): luck {luck}")
        else:
            line = _("**{name}**: decisions {decisions}, luck {luck}")
        decisions = points(report.decisions_total(seat))
        lines.append(line.format(name=escape(name), decisions=decisions, luck=luck))
    return lines


def _moment(
    match: Match, report: Report, rank: int, moment: Moment, row: LoggedAction | None
) -> str:
    name = escape(report.names[moment.seat])
    told = " ".join(story_lines(match, [_story(row)])) if row is not None else moment.notation
    if len(told) > MOMENT_TEXT:
        told = told[: MOMENT_TEXT - 1] + "…"
    swing = points(moment.swing)
    if moment.kind == "decision":
        best = next((d.best for d in report.decisions if d.ply == moment.ply), None)
        head = _("{rank}. Move {ply}, {name}'s decision: {swing} points").format(
            rank=rank, ply=moment.ply, name=name, swing=swing
        )
        if best is not None and best != moment.notation:
            head += " " + _("(the strong computer player would have played `{move}`)").format(
                move=escape(best)
            )
    else:
        head = _("{rank}. Move {ply}, luck: {swing} points for {name}").format(
            rank=rank, ply=moment.ply, name=name, swing=swing
        )
    return f"{head}\n> {told}"


def _story(row: LoggedAction) -> JSONObject:
    events = row.events
    return {
        "kind": "move",
        "plays": [[row.seat, row.notation]],
        "events": json.loads(events) if isinstance(events, str) else events,
    }


def report_embed(
    match: Match, report: Report, rows: Sequence[LoggedAction], filename: str | None
) -> discord.Embed:
    by_ply = {int(r.ply): r for r in rows}
    parts = [
        _(
            "What each player's decisions and luck did to their chance of winning, in "
            "percentage points:"
        ),
        *_figures(match, report),
    ]
    if report.moments:
        parts.append("")
        parts.append(_("**The biggest moments**"))
        for rank, moment in enumerate(report.moments, start=1):
            parts.append(_moment(match, report, rank, moment, by_ply.get(moment.ply)))
    text = "\n".join(parts)
    if len(text) > DESCRIPTION:
        text = text[: DESCRIPTION - 1] + "…"
    embed = discord.Embed(
        title=_("Luck and decisions: {game}, match #{id}").format(
            game=escape(game_title(match)), id=match.id
        ),
        description=text,
        colour=COLOUR,
    )
    embed.set_footer(
        text=ngettext(
            "Estimated by {count} rollout of the computer players ({seconds} s of CPU).",
            "Estimated by {count} rollouts of the computer players ({seconds} s of CPU).",
            report.rollouts,
        ).format(count=report.rollouts, seconds=decimal(report.cpu_seconds))
    )
    if filename:
        embed.set_image(url=f"attachment://{filename}")
    return embed


def report_message(
    match: Match,
    report: Mapping[str, JSON],
    rows: Sequence[LoggedAction],
    picture: tuple[bytes, str] | None,
) -> ReportMessage:
    """The report's message (keywords for ``send`` or ``edit``; ``attachments``: its chart)."""
    made = Report.from_dict(report)
    files: list[discord.File] = []
    name = None
    if picture is not None:
        name = f"analysis-{match.game}-{match.id}.png"
        files = [discord.File(io.BytesIO(picture[0]), filename=name, description=picture[1])]
    return {
        "content": None,
        "embed": report_embed(match, made, rows, name),
        "attachments": files,
        "allowed_mentions": discord.AllowedMentions.none(),
    }
