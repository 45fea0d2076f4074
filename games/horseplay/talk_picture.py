"""Horseplay Rustling's picture in words: the header, the last-move strip (told from the move's
events), the legend of the marks, the colour panels and the line on what points are for.

Each text is short enough for its place on a 720 px picture in every shipped language; the
picture measures them and, past their room, drops whole words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event
from games.horseplay.talk import colour_name, colour_whose, signed
from words import domain, join_and

_DOMAIN = domain("horseplay")
_, ngettext, N_ = _DOMAIN.functions()
pgettext = _DOMAIN.pgettext

#: the sign of a loss on the picture (a real minus, wider than a hyphen)
MINUS = "\u2212"


def title() -> str:
    return _("Horseplay Rustling")


def board_line(size: int, round_: int, quiet: int, rounds: int) -> str:
    """Under the title: the board, the round and how long no capture was made."""
    line = _("{size}×{size} · round {round}").format(size=size, round=round_)
    if quiet:
        line += " · " + _("{quiet}/{rounds} quiet").format(quiet=quiet, rounds=rounds)
    return line


def won(names: Sequence[str]) -> str:
    return ngettext("{names} won", "{names} won", len(names)).format(names=join_and(names))


def you(name: str) -> str:
    """A player's name on the picture drawn for that player."""
    return _("{name} (you)").format(name=name)


def to_move(colour: str) -> str:
    return _("{colour} to move").format(colour=colour_name(colour))


# The last-move strip -------------------------------------------------------------------------


def strip(events: Sequence[Event]) -> str:
    """The move among ``events`` in one short line ("Green c3xe5xg7 · took 2 (+20)"), or ""
    when they hold no move."""
    parts: list[str] = []
    huffed = {e.data.get("square") for e in events if e.kind == "huffed"}
    for ev in events:
        d: Mapping[str, Any] = ev.data
        if ev.kind in ("move", "jump"):
            parts = []  # the latest move is the one told
            parts.append(
                _("{colour} {move}").format(colour=colour_name(d["colour"]), move=d["move"])
            )
            if ev.kind == "jump":
                n = len(d["taken"])
                parts.append(
                    ngettext("took {n} ({points})", "took {n} ({points})", n).format(
                        n=n, points=signed(d["points"], MINUS)
                    )
                )
        elif not parts:
            continue
        elif ev.kind == "crowned" and d["square"] not in huffed:
            parts.append(_("crowned"))
        elif ev.kind == "huffed":
            parts.append(
                _("{square} huffed ({points})").format(
                    square=d["square"], points=signed(d["points"], MINUS)
                )
            )
        elif ev.kind == "stable":
            parts.append(
                _("took {colour}'s Stable ({points})").format(
                    colour=colour_whose(d["owner"]), points=signed(d["points"], MINUS)
                )
            )
        elif ev.kind == "miss_square":
            parts.append(_("misses a turn"))
    return " · ".join(parts)


def last_move(colour: str | None, move: str) -> str:
    """The strip when only the move is known, not what it did."""
    if colour is None:
        return _("Last: {move}").format(move=move)
    return _("Last: {colour} {move}").format(colour=colour_name(colour), move=move)


def player_left() -> str:
    return _("A player left: their pieces left the board")


def game_over() -> str:
    return _("Game over")


def moves_first(colour: str) -> str:
    return _("{colour} moves first").format(colour=colour_name(colour))


# The legend and the panels -------------------------------------------------------------------

#: what each mark means, by its legend icon
LEGEND = {
    "warning": N_("an enemy can take it next"),
    "raider": N_("can take a Stable next"),
    "huff": N_("huffed unless you take"),
    "ghost": N_("gone in the last move"),
}


def legend(icon: str) -> str:
    return _(LEGEND[icon])


def points(n: int) -> str:
    """A colour's points in its panel."""
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


def pieces(on_board: int) -> str:
    """How many pieces a colour has left."""
    return ngettext("{n} on board", "{n} on board", on_board).format(n=on_board)


def crowns_and_points(crowns: int, score: int) -> str:
    """A panel's last line: how many of its pieces are crowns, and its points."""
    said = points(score)
    if not crowns:
        return said
    return ngettext("{n} crowned", "{n} crowned", crowns).format(n=crowns) + " · " + said


def out() -> str:
    return pgettext("colour", "out")


def misses_next_turn() -> str:
    return _("misses next turn")
