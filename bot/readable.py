"""A board anyone can read: the picture's alt text and the private text board.

- **Alt text.** Every board picture is posted with a description (``discord.File``'s
  ``description``), which a screen reader reads aloud instead of "image" and which shows
  where pictures are not loaded: the game and the move number, what the last move did, then
  the position in a sentence or two as the game's narrator describes it (``Narrator.describe``:
  whose turn and what they can do, each player's standing). It is worded in the match's
  language and kept within Discord's 1,024 characters.
- **Text board.** The board's "Text board" button (and ``/<game> board text:True``) answers
  privately with the whole position as text (``Narrator.text_board``: headings, a line per
  player, every number the picture shows, the legal moves in the notation), in the reader's
  language, private information only for its owner. A player can play from it alone, typing
  the listed moves with ``/<game> move`` or the "Type a move" box.

A game whose narrator cannot describe positions still gets the bot's own sentence (whose turn,
or how it ended) and a text board listing the players and the legal moves.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.model import Match
from bot.reach import Click
from bot.texts import escape, game_title, major_events
from games.base import Event
from words import domain, join_and

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: Discord's limit on an attachment's description
ALT_LIMIT = 1024
#: the most of a text board shown (an embed's description holds 4,096)
TEXT_LIMIT = 4000
#: the most events of the last move told in an alt text
ALT_EVENTS = 3
#: the most moves listed by the bot's own text board
LISTED_MOVES = 60


def names_of(match: Match) -> list[str]:
    return [s.name for s in match.seats]


def alt_text(match: Match, state: object, ply: int, events: Sequence[Event] = ()) -> str:
    """The description of a board picture showing ``state`` (the match at ``ply``), ``events``
    what the last move did. In the active locale (the caller sets the match's language)."""
    parts = [_("{game}, move {ply}.").format(game=game_title(match), ply=ply)]
    said = last_move(match, events)
    if said:
        parts.append(said)
    parts.append(position(match, state))
    return _within(" ".join(p for p in parts if p), ALT_LIMIT, " ")


def last_move(match: Match, events: Sequence[Event]) -> str:
    """What the last move did, in plain sentences (its first few major events)."""
    narrator, names = match.rules.narrator, names_of(match)
    told = [t for t in (narrator.event(e, names).strip() for e in major_events(events)) if t]
    if len(told) > ALT_EVENTS:
        more = len(told) - ALT_EVENTS
        told = [
            *told[:ALT_EVENTS],
            ngettext("And {count} more event.", "And {count} more events.", more).format(
                count=more
            ),
        ]
    return " ".join(t if t[-1] in ".!?…" else f"{t}." for t in told)


def position(match: Match, state: object) -> str:
    """The position in a sentence or two: the narrator's, after how the game ended when it
    did; the bot's own sentence when the narrator has none (or fails: the picture still goes
    out, described)."""
    rules, names = match.rules, names_of(match)
    ended = _ended(match, state)
    try:
        described = rules.narrator.describe(state, names)
    except NotImplementedError:
        described = ""
    except Exception:
        log.exception("match %s: describing the position failed", match.id)
        described = ""
    if ended:
        return f"{ended} {described}".strip()
    if match.status == "abandoned":
        return _("The match was ended early.")
    return described or _turn(match, state)


def _ended(match: Match, state: object) -> str:
    outcome = match.rules.outcome(state)
    if outcome is None:
        return ""
    if outcome.winners:
        winners = join_and([match.name_of(s) for s in outcome.winners])
        return ngettext(
            "Game over: {winners} wins.", "Game over: {winners} win.", len(outcome.winners)
        ).format(winners=winners)
    return _("Game over: nobody wins.")


def _turn(match: Match, state: object) -> str:
    acting = match.rules.to_act(state)
    if not acting:
        return ""
    who = join_and([match.name_of(s) for s in acting])
    return ngettext("It is {players}'s turn.", "It is the turn of {players}.", len(acting)).format(
        players=who
    )


def replay_alt(match: Match, moves: int) -> str:
    """The description of a finished match's replay animation: the game, the match, its
    players and moves, and how it ended. In the active locale."""
    players = join_and(names_of(match))
    parts = [
        ngettext(
            "Replay of {game}, match #{id}, {count} move: {players}.",
            "Replay of {game}, match #{id}, {count} moves: {players}.",
            moves,
        ).format(game=game_title(match), id=match.id, count=moves, players=players)
    ]
    if match.state is not None:
        parts.append(_ended(match, match.state))
    return _within(" ".join(p for p in parts if p), ALT_LIMIT, " ")


# The text board -------------------------------------------------------------------------------


def text_board(match: Match, viewer: int | None) -> str:
    """The whole position as text for ``viewer`` (a seat, or None for a spectator), in the
    active locale (the reader's), within ``TEXT_LIMIT``."""
    rules, names = match.rules, names_of(match)
    try:
        text = rules.narrator.text_board(match.state, names, viewer)
    except NotImplementedError:
        text = _plain_board(match, viewer)
    ended = _ended(match, match.state) if match.status == "finished" else ""
    if ended:
        text = f"{ended}\n\n{text}"
    return _within(text, TEXT_LIMIT, "\n")


def _within(text: str, limit: int, at: str) -> str:
    """``text`` within ``limit``: a longer one ends with "…" after its last ``at`` (a line's
    or a word's end) that leaves most of it."""
    if len(text) <= limit:
        return text
    head = text[: limit - 2]
    end = head.rfind(at)
    if end > limit // 2:
        head = head[:end]
    return head.rstrip() + at + "…"


def _plain_board(match: Match, viewer: int | None) -> str:
    """The bot's own text board, for a game whose narrator has none: the players (who is to
    act) and the legal moves of the seats to act, in the notation."""
    rules, state = match.rules, match.state
    acting = rules.to_act(state) if match.status == "active" else ()
    lines = ["### " + _("Players")]
    for seat in match.seats:
        name = escape(seat.name)
        if seat.seat in acting:
            lines.append("- " + _("{name}: to move").format(name=name))
        else:
            lines.append(f"- {name}")
    for acting_seat in sorted(acting, key=lambda s: s != viewer):
        moves = [rules.format_action(state, a) for a in match.legal_actions(acting_seat)]
        lines.append("")
        name = escape(match.name_of(acting_seat))
        lines.append("### " + _("Moves of {name}").format(name=name))
        shown = moves[:LISTED_MOVES]
        lines.append(", ".join(f"`{m}`" for m in shown))
        if len(moves) > len(shown):
            more = len(moves) - len(shown)
            lines.append(
                ngettext("… and {count} more move.", "… and {count} more moves.", more).format(
                    count=more
                )
            )
    return "\n".join(lines)


def text_board_embed(match: Match, viewer: int | None) -> discord.Embed:
    """The private answer of the "Text board" button: the text board under the game and move."""
    embed = discord.Embed(
        title=_("{game}: move {ply}, as text").format(game=game_title(match), ply=match.ply),
        description=text_board(match, viewer),
    )
    embed.set_footer(
        text=_("Type a listed move with /{key} move or the Type a move button.").format(
            key=match.game
        )
    )
    return embed


async def send_text_board(interaction: Click, match: Match) -> None:
    """Answer ``interaction`` privately with ``match``'s text board, for the clicker's seat."""
    if match.state is None:
        await interaction.response.send_message(
            _("The match has not started: there is no board yet."), ephemeral=True
        )
        return
    viewer = match.seat_of(interaction.user.id)
    await interaction.response.send_message(
        embed=text_board_embed(match, viewer),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )
