"""Horseplay Rustling's position in words, for a player who does not see the picture.

``describe`` says it in a sentence or two (the picture's alt text, read aloud by screen
readers): whose move and how many moves they have, each colour's pieces and any Stable an
enemy can take. ``text_board`` says all of it as Markdown a screen reader reads well: every
number and mark the picture shows (the round, the rounds without a capture, each colour's
pieces, crowns and points, the Stables, the centre, the Miss a Turn squares, what an enemy
can take, the piece a plain move huffs), every piece by square, and the legal moves of the
colour to move in the notation, so a game can be played from the text alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import Outcome
from games.horseplay.board import (
    BLACK,
    BLUE,
    COLOURS,
    GREEN,
    RED,
    Move,
    colour_of,
    geometry,
    is_crown,
    notation_of,
)
from games.horseplay.board import square_name as name_of
from games.horseplay.state import BLOCKED, QUIET, QUIET_ROUNDS, HorseplayState
from games.horseplay.talk import colour_name, label, note, outcome_words, seats, who
from games.horseplay.talk_picture import title
from games.horseplay.threats import assess, threats
from words import domain

_DOMAIN = domain("horseplay")
_, ngettext, N_ = _DOMAIN.functions()
pgettext = _DOMAIN.pgettext

#: the most a text board may hold (an embed's description holds 4,096)
LIMIT = 4000


# Shared pieces of both ------------------------------------------------------------------------


def _listed(items: Iterable[str]) -> str:
    """Items as a plain list ("a1, c1, b2")."""
    return pgettext("list separator", ", ").join(items)


def _coloured(state: HorseplayState, squares: Iterable[int]) -> str:
    """Squares in reading order, each with the colour of its piece ("d4 (Blue)")."""
    return _listed(
        _("{square} ({colour})").format(
            square=name_of(sq, state.size),
            colour=colour_name(COLOURS[colour_of(state.board[sq])]),
        )
        for sq in sorted(squares)
    )


def _squares(squares: Iterable[int], size: int) -> str:
    """Squares in reading order from a1, as a list."""
    return _listed(name_of(sq, size) for sq in sorted(squares))


def _who(state: HorseplayState, names: Sequence[str], colour: int) -> str:
    return who(names, state.actor(colour))


def _pieces(state: HorseplayState, colour: int) -> tuple[list[int], list[int]]:
    """The squares of a colour's men and of its crowns."""
    men: list[int] = []
    crowns: list[int] = []
    for sq, cell in enumerate(state.board):
        if cell and colour_of(cell) == colour:
            (crowns if is_crown(cell) else men).append(sq)
    return men, crowns


def _glue(parts: Iterable[str]) -> str:
    return pgettext("list separator", "; ").join(parts)


def _item(player: str, said: Iterable[str]) -> str:
    """A list item on one colour: who plays it, then what is said of it."""
    return "- " + _("{player}: {said}.").format(player=player, said=_glue(said))


def _over(state: HorseplayState, names: Sequence[str]) -> str:
    """How the game ended, one sentence."""
    data = {"rounds": QUIET_ROUNDS} if state.reason == QUIET else {}
    why = outcome_words(Outcome(state.winners, state.reason, None, data))
    winners = list(state.winners)
    return ngettext(
        "Game over: {names} won ({why}).", "Game over: {names} won ({why}).", len(winners)
    ).format(names=seats(names, winners), why=why)


def _threatened_stables(state: HorseplayState, stables: Iterable[int]) -> str:
    """The Stables an enemy can take next turn, one sentence ("" when none)."""
    owners = {geometry(state.size).stables[c]: c for c in state.colours}
    found = sorted(stables)
    if not found:
        return ""
    items = [
        _("{square} ({colour})").format(
            square=name_of(sq, state.size), colour=colour_name(COLOURS[owners[sq]])
        )
        for sq in found
    ]
    return ngettext(
        "Stable an enemy can take next turn: {stables}.",
        "Stables an enemy can take next turn: {stables}.",
        len(found),
    ).format(stables=_listed(items))


# The alt text -------------------------------------------------------------------------------


def describe(state: HorseplayState, names: Sequence[str]) -> str:
    """The position in a few short sentences: whose move and what they can do (or how the
    game ended), each colour's pieces, any Stable an enemy can take next turn."""
    said = [_over(state, names) if state.finished else _turn(state, names)]
    if state.finished and state.reason in (QUIET, BLOCKED):
        said.append(_points(state))
    said.append(_standing(state, names))
    if not state.finished:
        said.append(_threatened_stables(state, threats(state).stables))
    return " ".join(s for s in said if s)


def _turn(state: HorseplayState, names: Sequence[str]) -> str:
    legal = state.legal(state.to_move)
    captures = sum(1 for m in legal if m.is_capture)
    text = ngettext(
        "{who} to move, with {n} possible move.",
        "{who} to move, with {n} possible moves.",
        len(legal),
    ).format(who=_who(state, names, state.to_move), n=len(legal))
    if captures == len(legal):
        text += " " + ngettext("It is a capture.", "All are captures.", captures)
    elif captures:
        text += " " + ngettext(
            "{n} of them is a capture.", "{n} of them are captures.", captures
        ).format(n=captures)
    return text


def _standing(state: HorseplayState, names: Sequence[str]) -> str:
    """Each colour's pieces on the board, one sentence."""
    live = state.live()
    items = []
    for c in state.colours:
        if c not in live:
            items.append(_("{who} out").format(who=_who(state, names, c)))
            continue
        men, crowns = _pieces(state, c)
        item = _("{who} {n}").format(who=_who(state, names, c), n=len(men) + len(crowns))
        if crowns:
            item += " " + ngettext("({n} crowned)", "({n} crowned)", len(crowns)).format(
                n=len(crowns)
            )
        items.append(item)
    return _("Pieces on the board: {colours}.").format(colours=_listed(items))


def _points(state: HorseplayState) -> str:
    scores = _listed(
        _("{colour} {points}").format(colour=colour_name(COLOURS[c]), points=state.scores[c])
        for c in state.colours
    )
    return _("Points: {scores}.").format(scores=scores)


# The text board -----------------------------------------------------------------------------


def text_board(state: HorseplayState, names: Sequence[str], viewer: int | None) -> str:
    """The whole position as Markdown: headings, one line per colour, every piece by square,
    the marks, and the legal moves of the colour to move in the notation (shortened to fit
    ``LIMIT``: moves grouped by piece without their notes, then without what they take, then
    the last pieces left out). ``names`` go in as they are: a caller showing the text as
    Markdown escapes them first."""
    head = "\n\n".join(
        (
            _summary(state, names, viewer),
            _colours(state, names, viewer),
            _pieces_section(state, names),
            _marks(state, names),
        )
    )
    if state.finished:
        return head
    room = LIMIT - len(head) - 2
    return f"{head}\n\n{_moves(state, names, viewer, room)}"


def _heading(text: str) -> str:
    return f"### {text}"


def _summary(state: HorseplayState, names: Sequence[str], viewer: int | None) -> str:
    quiet = max(0, state.round - 1 - state.last_capture_round)
    lines = [
        _heading(title()),
        _("Board {size}×{size}, round {round}.").format(size=state.size, round=state.round),
        ngettext(
            "Rounds without a capture: {quiet} of {rounds}; points decide only after {rounds} "
            "round with no capture.",
            "Rounds without a capture: {quiet} of {rounds}; points decide only after {rounds} "
            "rounds with no capture.",
            QUIET_ROUNDS,
        ).format(quiet=quiet, rounds=QUIET_ROUNDS),
    ]
    if state.options.teams:
        lines.append(
            _("Teams: {green} and {blue} against {red} and {black}.").format(
                **{COLOURS[c]: _who(state, names, c) for c in (GREEN, BLUE, RED, BLACK)}
            )
        )
    if state.finished:
        lines.append(_over(state, names))
        return "\n".join(lines)
    colour = state.to_move
    mover = _who(state, names, colour)
    if viewer is not None and viewer == state.seat(colour):
        lines.append(_("Your move, {who}.").format(who=mover))
    else:
        lines.append(_("{who} to move.").format(who=mover))
    return "\n".join(lines)


def _colours(state: HorseplayState, names: Sequence[str], viewer: int | None) -> str:
    """A line per colour: who plays it, its pieces and crowns, its points, whether it is out
    or misses its next turn."""
    live = state.live()
    lines = [_heading(_("Colours"))]
    for c in state.colours:
        seat = state.seat(c)
        name = names[seat] if 0 <= seat < len(names) else "?"
        if viewer == seat:
            player = _("{name} ({colour}, you)").format(name=name, colour=colour_name(COLOURS[c]))
        else:
            player = _who(state, names, c)
        points = state.scores[c]
        said = []
        if c in live:
            men, crowns = _pieces(state, c)
            n = len(men) + len(crowns)
            said.append(
                ngettext("{n} piece on the board", "{n} pieces on the board", n).format(n=n)
            )
            if crowns:
                crowned = len(crowns)
                said.append(ngettext("{n} crowned", "{n} crowned", crowned).format(n=crowned))
        else:
            said.append(_("out of the game"))
        said.append(ngettext("{n} point", "{n} points", abs(points)).format(n=points))
        if c in state.missing:
            said.append(_("misses the next turn"))
        lines.append(_item(player, said))
    return "\n".join(lines)


def _pieces_section(state: HorseplayState, names: Sequence[str]) -> str:
    """Every piece by square, a line per colour."""
    lines = [_heading(_("Pieces by square"))]
    size = state.size
    for c in state.colours:
        men, crowns = _pieces(state, c)
        said = []
        if men:
            said.append(
                ngettext("man on {squares}", "men on {squares}", len(men)).format(
                    squares=_squares(men, size)
                )
            )
        if crowns:
            said.append(
                ngettext("crown on {squares}", "crowns on {squares}", len(crowns)).format(
                    squares=_squares(crowns, size)
                )
            )
        if not said:
            said.append(_("no pieces"))
        lines.append(_item(_who(state, names, c), said))
    return "\n".join(lines)


def _marks(state: HorseplayState, names: Sequence[str]) -> str:
    """The squares the picture marks: Stables, the centre, Miss a Turn squares, and what an
    enemy can do next turn."""
    size = state.size
    geo = geometry(size)
    live = state.live()
    owned = {geo.stables[c]: c for c in state.colours if c in live}
    stables = [
        _("{square} ({colour})").format(square=name_of(sq, size), colour=colour_name(COLOURS[c]))
        for sq, c in sorted(owned.items())
    ]
    lines = [
        _heading(_("Squares to know")),
        "- "
        + _(
            "Stables: {stables}. A move that ends on an enemy's Stable takes every piece of "
            "that colour."
        ).format(stables=_listed(stables)),
    ]
    plain = [sq for sq in geo.stables if sq not in owned]
    if not state.options.centre_win:
        plain.append(geo.centre)
    if plain:
        lines.append(
            "- "
            + ngettext(
                "Nobody's Stable, a plain square: {squares}.",
                "Nobody's Stables, plain squares: {squares}.",
                len(plain),
            ).format(squares=_squares(plain, size))
        )
    if state.options.centre_win:
        lines.append(
            "- "
            + _("Centre Stable {square}: a crown that ends a move there wins.").format(
                square=name_of(geo.centre, size)
            )
        )
    if state.options.miss_a_turn and geo.miss:
        lines.append(
            "- "
            + _(
                "Miss a Turn squares: {squares}. A piece that ends a move there misses its "
                "colour's next turn."
            ).format(squares=_squares(geo.miss, size))
        )
    if not state.finished:
        lines.extend(_dangers(state, names))
    return "\n".join(lines)


def _dangers(state: HorseplayState, names: Sequence[str]) -> list[str]:
    seen = threats(state)
    size = state.size
    lines = []
    stables = _threatened_stables(state, seen.stables)
    if stables:
        lines.append(f"- {stables}")
    if seen.taken:
        lines.append(
            "- "
            + ngettext(
                "Piece an enemy can take next turn: {squares}.",
                "Pieces an enemy can take next turn: {squares}.",
                len(seen.taken),
            ).format(squares=_coloured(state, seen.taken))
        )
    if seen.huff is not None:
        lines.append(
            "- "
            + _(
                "{who} could take: a move that does not take loses the piece on {square} (huffed)."
            ).format(who=_who(state, names, state.to_move), square=name_of(seen.huff, size))
        )
    if not lines:
        lines.append("- " + _("No Stable and no piece is under threat."))
    return lines


# The moves ----------------------------------------------------------------------------------


def _moves(state: HorseplayState, names: Sequence[str], viewer: int | None, room: int) -> str:
    """The legal moves of the colour to move, as much of them as fits ``room``."""
    colour = state.to_move
    legal = state.legal(colour)
    mover = _who(state, names, colour)
    n = len(legal)
    if viewer is not None and viewer == state.seat(colour):
        heading = ngettext("Your {n} legal move", "Your {n} legal moves", n)
    else:
        heading = ngettext("{who}: {n} legal move", "{who}: {n} legal moves", n)
    lines = [
        _heading(heading.format(who=mover, n=n)),
        _(
            "Choose its piece under the board, then the move, or type it in the notation "
            "with `/horseplay move`."
        ),
    ]
    top = "\n".join(lines)
    for body in (
        _with_notes(state, legal),
        "\n".join(_piece_lines(state, legal, taken=True)),
        "\n".join(_piece_lines(state, legal, taken=False)),
    ):
        text = f"{top}\n{body}"
        if len(text) <= room:
            return text
    return _cut(state, legal, top, room)


def _with_notes(state: HorseplayState, legal: list[Move]) -> str:
    """A line per move: its notation, what it takes, and its notes (as in the move menu)."""
    lines = []
    for m in legal:
        # the notation as code, as every game's text board writes a move to type
        named = label(f"`{notation_of(m, state.size)}`", len(m.taken))
        said = note(assess(state, m).notes)
        lines.append("- " + (_("{move}: {note}").format(move=named, note=said) if said else named))
    return "\n".join(lines)


def _piece_lines(state: HorseplayState, legal: list[Move], taken: bool) -> list[str]:
    """A line per piece that can move: its square, then its moves in the notation (with
    ``taken``, each capture with how many pieces it takes)."""
    starts: dict[int, list[str]] = {}
    for m in legal:
        written = f"`{notation_of(m, state.size)}`"
        starts.setdefault(m.start, []).append(label(written, len(m.taken)) if taken else written)
    return [
        "- " + _("{square}: {moves}").format(square=name_of(sq, state.size), moves=_listed(moves))
        for sq, moves in starts.items()
    ]


def _cut(state: HorseplayState, legal: list[Move], top: str, room: int) -> str:
    """The moves by piece, as many pieces as fit, and how many moves are left unlisted."""
    lines = _piece_lines(state, legal, taken=False)
    counts: dict[int, int] = {}
    for m in legal:
        counts[m.start] = counts.get(m.start, 0) + 1
    per_piece = list(counts.values())
    while True:
        left = sum(per_piece[len(lines) :])
        more = "- " + ngettext(
            "{n} more move, not listed: type one with `/horseplay move`.",
            "{n} more moves, not listed: type one with `/horseplay move`.",
            left,
        ).format(n=left)
        text = "\n".join((top, *lines, more))
        if len(text) <= room or not lines:
            return text
        lines.pop()
