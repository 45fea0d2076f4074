"""Super Cowboy told for reading instead of looking, in the active locale.

``describe`` is the position in two or three sentences, for the picture's alt text (a screen
reader reads it aloud): whose turn and what they can do, then each player's steers, fences and
where their cowboy stands. ``text_board`` is the whole position as Markdown a screen reader
reads well: headings, one line per player, every steer, field, fence and token by its square,
the range itself (trees, homesteads, streams), and the moves of the seat to act in the
notation, so the game can be played from text alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from games.cowboy.board import LETTERS, Board
from games.cowboy.fields import area, herds, owner_map, roaming, steer_squares
from games.cowboy.state import WIN, CowboyState, StepThen
from games.cowboy.talk_moves import move_lines
from games.cowboy.talk_names import CAN, compass_word, grid_point, items, who
from games.cowboy.talk_names import area as area_words
from games.cowboy.talk_picture import card_title, status
from games.cowboy.turn import bandit_zone, pending_actions, turn_actions
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

#: at most this long (an embed's description)
LIMIT = 4000


# The alt text -----------------------------------------------------------------------------------


def describe(g: CowboyState, names: Sequence[str]) -> str:
    """Whose turn and what they can do, each player's standing, the roaming steers."""
    worded = _named(g, names)
    standing = "; ".join(_standing(g, names, s) for s in range(len(g.names)))
    loose = len(roaming(g))
    herd = ngettext("{n} steer roams the range.", "{n} steers roam the range.", loose)
    text = _("{turn} {standing}. {roaming}").format(
        turn=_turn(worded), standing=standing, roaming=herd.format(n=loose)
    )
    return text


def _named(g: CowboyState, names: Sequence[str]) -> CowboyState:
    """``g`` with the names it is told with (the notation keeps the state's own)."""
    names = tuple(names)
    return g if names == g.names else replace(g, names=names)


def _turn(g: CowboyState) -> str:
    """The round and what is going on in it; the winner once the game is over."""
    if g.finished:
        return _doing(g)
    return _("{round}. {doing}").format(round=_round(g), doing=_doing(g))


def _doing(g: CowboyState, marked: bool = True) -> str:
    """Whose turn and what they can do, a pending choice (as the picture heads it, with its
    squares ``marked`` on it), or who won."""
    if g.pending is not None and not marked:
        return _choosing(g)
    if g.finished or g.pending is not None:
        return _stop(status(g))
    kinds = list(dict.fromkeys(_kind(a) for a in turn_actions(g, g.turn)))
    can = list(dict.fromkeys(_(CAN[k]) for k in kinds if k in CAN))
    return _("{name} to play: {choices}.").format(name=g.names[g.turn], choices=join_or(can))


def _kind(action: object) -> str:
    """The kind of action ``CAN`` says it as: a step and its fence builds a fence."""
    if isinstance(action, StepThen):
        return "Fence" if action.then == "fence" else "Step"
    return type(action).__name__


def _choosing(g: CowboyState) -> str:
    """A pending choice said without the picture: its squares are among the moves."""
    p = g.pending
    assert p is not None
    told = {"name": g.names[p.seat], "victim": who(g.names, p.victim)}
    if p.kind == "give":
        return _("{name} gives {victim} a steer.").format(**told)
    if p.kind == "rustled":
        return _("{name} places the rustled steer.").format(**told)
    if p.kind == "claim":
        return _("{name} claims part of {victim}'s field.").format(**told)
    if p.kind == "place" and p.token == "indian":
        return _("{name} places Indians.").format(**told)
    if p.kind == "place" and p.token == "twister":
        return _("{name} places a twister.").format(**told)
    if p.kind == "place":
        return _("{name} places a roaming steer.").format(**told)
    return _stop(status(g))


def _stop(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else _("{text}.").format(text=text)


def _round(g: CowboyState) -> str:
    limit = g.options.max_rounds
    if limit:
        return _("Round {round} of {limit}").format(round=g.round, limit=limit)
    return _("Round {round}").format(round=g.round)


def _standing(g: CowboyState, names: Sequence[str], seat: int) -> str:
    name = names[seat]
    if seat in g.out:
        return _("{name} has left the game").format(name=name)
    steers = herds(g)[seat]
    fences = g.fences_left[seat]
    return _("{name} has {steers}, {fences}, at {point}").format(
        name=name,
        steers=ngettext("{n} steer", "{n} steers", steers).format(n=steers),
        fences=ngettext("{n} fence left", "{n} fences left", fences).format(n=fences),
        point=g.board.point_name(g.cowboys[seat]),
    )


def join_or(phrases: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the active locale."""
    if len(phrases) <= 1:
        return "".join(phrases)
    return _("{first} or {last}").format(first=", ".join(phrases[:-1]), last=phrases[-1])


# The text board ---------------------------------------------------------------------------------


def text_board(g: CowboyState, names: Sequence[str], viewer: int | None) -> str:
    """The whole position as Markdown, at most ``LIMIT`` characters. When it would be longer,
    fields are told by their first and last squares; then the sections a player needs least
    to move (the range, then the fences, ...) are left out, the moves last of all."""
    parts = _sections(g, names, viewer, short=False)
    text = _joined(parts)
    if len(text) <= LIMIT:
        return text
    parts = _sections(g, names, viewer, short=True)
    for least in LEAST_NEEDED:
        text = _joined(parts)
        if len(text) <= LIMIT:
            return text
        parts[least] = ""
    text = _joined(parts)
    return text if len(text) <= LIMIT else text[: LIMIT - 2].rsplit("\n", 1)[0] + "\n…"


#: the sections in order, and the order in which a board too long leaves them out
SECTIONS = ("head", "players", "steers", "fields", "fences", "tokens", "range", "moves")
LEAST_NEEDED = ("range", "fences", "fields", "tokens", "steers")


def _joined(parts: dict[str, str]) -> str:
    return "\n\n".join(parts[k] for k in SECTIONS if parts[k])


def _sections(
    g: CowboyState, names: Sequence[str], viewer: int | None, short: bool
) -> dict[str, str]:
    return {
        "head": _head(g, names),
        "players": _players(g, names, viewer),
        "steers": _steers(g, names),
        "fields": _fields(g, names, short),
        "fences": _fences(g, names),
        "tokens": _tokens(g),
        "range": _range(g.board),
        "moves": _moves(g, names, viewer),
    }


def _section(title: str, lines: Sequence[str]) -> str:
    return "\n".join([f"### {title}", *lines]) if lines else ""


def _squares(board: Board, squares: Iterable[int]) -> str:
    return ", ".join(board.square_name(s) for s in sorted(squares))


def _head(g: CowboyState, names: Sequence[str]) -> str:
    worded = _named(g, names)
    return "\n".join([f"### {_round(g)}", _doing(worded, marked=False)])


def _players(g: CowboyState, names: Sequence[str], viewer: int | None) -> str:
    counts = herds(g)
    lines = []
    for seat, name in enumerate(names):
        steers, left = counts[seat], g.fences_left[seat]
        herd = ngettext("{n} of {win} steers", "{n} of {win} steers", steers)
        told = [
            herd.format(n=steers, win=WIN),
            ngettext("{n} fence left", "{n} fences left", left).format(n=left),
        ]
        if seat in g.out:
            told.append(_("left the game"))
        else:
            where = grid_point(g.board.point_place(g.cowboys[seat]))
            told.append(_("cowboy at {point}").format(point=where))
            hand = g.hands[seat]
            told.append(_("items: {items}").format(items=items(hand)) if hand else items(hand))
            if g.lost[seat]:
                lost = g.lost[seat]
                told.append(ngettext("loses {n} turn", "loses {n} turns", lost).format(n=lost))
        title = card_title(name, seat == viewer)
        lines.append("- " + _("{name}: {standing}.").format(name=title, standing="; ".join(told)))
    return _section(_("Players"), lines)


def _steers(g: CowboyState, names: Sequence[str]) -> str:
    board = g.board
    owned = owner_map(g.fields)
    standing = steer_squares(g)
    lines = []
    for seat, name in enumerate(names):
        mine = [s for s in standing if owned.get(s) == seat]
        if mine:
            text = _("In {name}'s fields: {squares}.")
            lines.append("- " + text.format(name=name, squares=_squares(board, mine)))
    loose = roaming(g)
    if loose:
        lines.append("- " + _("Roaming: {squares}.").format(squares=_squares(board, loose)))
    printed = [s for s in board.printed if s not in owned and s not in g.stolen]
    if printed:
        text = _("Printed on the range, outside any field: {squares}.")
        lines.append("- " + text.format(squares=_squares(board, printed)))
    if g.stolen:
        text = _("Stolen (a printed steer taken away): {squares}.")
        lines.append("- " + text.format(squares=_squares(board, g.stolen)))
    if not lines:
        lines.append("- " + _("No steer is on the range."))
    return _section(_("Steers"), lines)


def _fields(g: CowboyState, names: Sequence[str], short: bool) -> str:
    board = g.board
    lines = []
    for seat, name in enumerate(names):
        mine = [f.squares for f in g.fields if f.owner == seat]
        if not mine:
            continue
        if short:
            told = [area_words(area(board, squares)) for squares in mine]
        else:
            told = [_area(board, squares) for squares in mine]
        lines.append("- " + _("{name}: {fields}.").format(name=name, fields="; ".join(told)))
    return _section(_("Fields"), lines)


def _area(board: Board, squares: Sequence[int]) -> str:
    return area_words({"size": len(squares), "squares": [board.square_name(s) for s in squares]})


def _fences(g: CowboyState, names: Sequence[str]) -> str:
    board = g.board
    lines = []
    for seat, name in enumerate(names):
        mine = sorted(e for e, owner in g.fences if owner == seat)
        if mine:
            built = ", ".join(board.edge_name(e) for e in mine)
            lines.append("- " + _("{name}: {fences}.").format(name=name, fences=built))
    return _section(_("Fences"), lines)


def _tokens(g: CowboyState) -> str:
    board = g.board
    lines = []
    if g.indians:
        lines.append(_("Indians: {squares}.").format(squares=_squares(board, g.indians)))
    if g.twisters:
        lines.append(_("Twisters: {squares}.").format(squares=_squares(board, g.twisters)))
    if g.bandit is not None:
        zone = ", ".join(board.point_name(p) for p in sorted(bandit_zone(g)))
        text = _("The Bandit at {point}; no cowboy may stop at {points}.")
        lines.append(text.format(point=grid_point(board.point_place(g.bandit)), points=zone))
    if g.pilgrims:
        walking = "; ".join(
            _("{point}, walking {direction}").format(
                point=grid_point(board.point_place(p)), direction=compass_word(heading)
            )
            for p, heading in g.pilgrims
        )
        lines.append(_("Pilgrims: {pilgrims}.").format(pilgrims=walking))
    return _section(_("Also on the range"), [f"- {line}" for line in lines])


def _range(board: Board) -> str:
    last = board.square_name(len(board.squares) - 1)
    sample = board.point_place(board.pt(2, 2))
    lines = [
        _(
            "{size} by {size} squares, from a1 in the south-west to {last} in the north-east. "
            "Cowboys, the Bandit and Pilgrims stand on points, named after the square to their "
            "north-east: {point} is the south-west corner of {square}. A fence runs between two "
            "points."
        ).format(size=board.size, last=last, point=sample["point"], square=sample["square"]),
        _("Trees: {squares}.").format(squares=_squares(board, board.trees)),
        _("Homesteads: {squares}.").format(squares=_squares(board, board.homesteads)),
    ]
    if board.printed:
        text = _("Printed steers: {squares}.")
        lines.append(text.format(squares=_squares(board, board.printed)))
    if board.runs:
        runs = "; ".join("-".join(_point_name(i, j) for i, j in run) for run in board.runs)
        lines.append(_("Streams along: {runs}.").format(runs=runs))
    return _section(_("The range"), [f"- {line}" for line in lines])


def _point_name(i: int, j: int) -> str:
    return f"{LETTERS[i].upper()}{j + 1}"


def _moves(g: CowboyState, names: Sequence[str], viewer: int | None) -> str:
    if g.finished:
        return ""
    seat = g.turn if g.pending is None else g.pending.seat
    actions = turn_actions(g, seat) if g.pending is None else pending_actions(g)
    mine = seat == viewer
    title = _("Your moves") if mine else _("Moves for {name}").format(name=names[seat])
    return _section(title, move_lines(g, seat, actions))
