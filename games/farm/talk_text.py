"""Super Farmer's position as text, in the active locale: ``describe`` (a sentence or two for a
picture's alt text, read aloud by screen readers) and ``text_board`` (the whole position as
Markdown a screen reader reads well: headings, one line per player, every number the picture
shows, and the legal moves in the notation).

The rules hand over what only they know (whether the seat on turn may still trade, and each
acting seat's legal moves already in the notation); names arrive as they are to be shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.farm import talk_animals as animals
from games.farm.model import (
    BIG_DOG,
    COW,
    HORSE,
    NEEDED,
    PIG,
    RABBIT,
    SHEEP,
    SMALL_DOG,
    VALUE,
    FarmState,
)
from words import domain, join_and

_D = domain("farm")
_, ngettext, N_ = _D.functions()
pgettext = _D.pgettext

#: the longest ``describe`` with every herd named; beyond it each player's progress is told
DESCRIBE_MAX = 500
#: the longest text board (an embed's description)
BOARD_MAX = 4000
#: the exchange rates the board shows under the stock, as (kind given, kind got): so many of
#: the first (their worths' ratio) buy one of the second
RATE_PAIRS = (
    (RABBIT, SHEEP),
    (SHEEP, PIG),
    (PIG, COW),
    (COW, HORSE),
    (SHEEP, SMALL_DOG),
    (COW, BIG_DOG),
)
DOGS = (SMALL_DOG, BIG_DOG)

#: an acting seat's legal moves, in the notation
SeatMoves = tuple[int, Sequence[str]]


def _separator() -> str:
    return pgettext("clause separator", "; ")


# The alt text ------------------------------------------------------------------------------


def describe(state: FarmState, names: Sequence[str], can_trade: bool) -> str:
    """Whose turn and what they may do, then every player's herd, in two sentences; with many
    large herds, each player's progress instead of the herd."""
    turn = _turn_sentence(state, names, can_trade)
    herds = _("Herds: {herds}.").format(
        herds=_separator().join(_herd_clause(state, names, s) for s in range(len(names)))
    )
    text = f"{turn} {herds}"
    if len(text) <= DESCRIBE_MAX:
        return text
    progress = _("Herds: {herds}.").format(
        herds=_separator().join(_progress_clause(state, names, s) for s in range(len(names)))
    )
    return f"{turn} {progress}"


def _turn_sentence(state: FarmState, names: Sequence[str], can_trade: bool) -> str:
    if state.winners:
        who = join_and(names[s] for s in state.winners)
        return ngettext(
            "{names} has won the game.", "{names} have won the game.", len(state.winners)
        ).format(names=who)
    offer = state.offer
    if offer is not None:
        return _("{to} to accept or decline {by}'s offer of {give} for {get}.").format(
            to=names[offer.to],
            by=names[offer.by],
            give=animals.objects(offer.give),
            get=animals.objects(offer.get),
        )
    if can_trade:
        return _("{name} is on turn and may trade once, then must roll.").format(
            name=names[state.turn]
        )
    return _("{name} is on turn and must roll.").format(name=names[state.turn])


def _herd_clause(state: FarmState, names: Sequence[str], seat: int) -> str:
    if seat in state.out:
        return _("{name} has left the game").format(name=names[seat])
    return _("{name}: {animals}").format(
        name=names[seat], animals=animals.subject(state.herds[seat])
    )


def _progress_clause(state: FarmState, names: Sequence[str], seat: int) -> str:
    if seat in state.out:
        return _("{name} has left the game").format(name=names[seat])
    have = sum(1 for i in NEEDED if state.herds[seat][i])
    return ngettext(
        "{name} has {have} of the 5 needed animals",
        "{name} has {have} of the 5 needed animals",
        have,
    ).format(name=names[seat], have=have)


# The text board ----------------------------------------------------------------------------


def text_board(
    state: FarmState,
    names: Sequence[str],
    viewer: int | None,
    can_trade: bool,
    moves: Sequence[SeatMoves],
) -> str:
    """The whole position as Markdown: the turn (with an open offer) and the last roll, one line
    per pen, the stock and its rates, then the legal moves of each acting seat (``moves``, the
    viewer's first), as many as fit in ``BOARD_MAX`` characters. Nothing in the game is hidden:
    every reader reads the same board, but for their own pen marked and their moves first."""
    lines = [_heading(_("Turn")), _turn_sentence(state, names, can_trade), _last_roll(state, names)]
    lines += [_heading(_("Pens"))]
    lines += [f"- {_pen_line(state, names, seat, viewer)}" for seat in range(len(names))]
    lines += [_heading(_("Stock")), _stock_line(state), _rates_line()]
    text = "\n".join(lines)
    for k, (seat, notation) in enumerate(moves):
        heading = (
            _("Your moves") if seat == viewer else _("Moves for {name}").format(name=names[seat])
        )
        how = _("Choose one in the move menu, or type it with `/farm move`.") if k == 0 else ""
        text += "\n" + _moves_section(heading, how, notation, BOARD_MAX - len(text) - 1)
    return text


def _heading(title: str) -> str:
    return f"### {title}"


def _last_roll(state: FarmState, names: Sequence[str]) -> str:
    if state.last_roll is None or state.last_roller is None:
        return _("Nobody has rolled yet.")
    fox, wolf = state.last_roll
    return _("Last roll, by {name}: the fox die shows {fox}, the wolf die {wolf}.").format(
        name=names[state.last_roller], fox=animals.name(fox), wolf=animals.name(wolf)
    )


def _pen_line(state: FarmState, names: Sequence[str], seat: int, viewer: int | None) -> str:
    """A pen as the picture shows it: the seat's number, name, what it is doing, its five
    needed animals and two dogs counted (none left out), how many of the five it owns, and the
    one it still needs when it lacks only one."""
    herd = state.herds[seat]
    name, number = names[seat], seat + 1
    who = (_("{name}, seat {seat} (you)") if seat == viewer else _("{name}, seat {seat}")).format(
        name=name, seat=number
    )
    have = sum(1 for i in NEEDED if herd[i])
    parts = [who]
    status = _status(state, seat, have)
    if status:
        parts.append(status)
    parts += [
        join_and(animals.SUBJECT[i](herd[i]) for i in NEEDED),
        _("dogs: {dogs}").format(dogs=join_and(animals.SUBJECT[i](herd[i]) for i in DOGS)),
        ngettext("{have} of the 5 needed animals", "{have} of the 5 needed animals", have).format(
            have=have
        ),
    ]
    if have == len(NEEDED) - 1 and seat not in state.out and not state.winners:
        missing = [i for i in NEEDED if not herd[i]]
        parts.append(_("still needs {animals}").format(animals=animals.ones(missing)))
    return _separator().join(parts)


def _status(state: FarmState, seat: int, have: int) -> str:
    """What the seat is doing or waiting for, as the pen's tag says (empty: nothing)."""
    if seat in state.winners:
        return _("the winner")
    if seat in state.out:
        return _("has left the game")
    if state.winners:
        return ""
    offer = state.offer
    if offer is not None and offer.to == seat:
        return _("to accept or decline an offer")
    if offer is not None and offer.by == seat:
        return _("waiting for an answer to the offer")
    if seat == state.turn:
        return _("on turn")
    return ""


def _stock_line(state: FarmState) -> str:
    counted = join_and(animals.SUBJECT[i](n) for i, n in enumerate(state.stock))
    return _("The stock holds {animals}.").format(animals=counted)


def _rates_line() -> str:
    rates = [
        _("{give} = {get}").format(
            give=animals.SUBJECT[a](VALUE[b] // VALUE[a]), get=animals.SUBJECT[b](1)
        )
        for a, b in RATE_PAIRS
    ]
    return _("Exchange rates: {rates}.").format(rates=_separator().join(rates))


def _moves_section(heading: str, how: str, notation: Sequence[str], room: int) -> str:
    """A heading, how to play (``how``, if any) and one move a line, each in the notation; the
    moves that do not fit in ``room`` characters (offers to players, listed last) are counted
    instead."""
    lines = [_heading(heading), *([how] if how else [])]
    used = sum(len(line) + 1 for line in lines)
    for k, move in enumerate(notation):
        line = f"- `{move}`"
        left = len(notation) - k
        rest = ngettext(
            "…and {n} more move, not listed here.", "…and {n} more moves, not listed here.", left
        ).format(n=left)
        if used + len(line) + 1 + (len(rest) + 2 if left > 1 else 0) > room:
            lines.append(rest)
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)
