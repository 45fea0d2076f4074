"""Cattle Baron's position in words, for whoever cannot see its picture, in the active locale.

``describe`` says it in a few sentences (the picture's alt text, read aloud by screen readers):
whose turn, what their roll allows, and each player's stud and stock. ``text_board`` is the
whole table as Markdown a screen reader reads well: a heading per part, one line per player,
every number the picture shows (the round, each roll and place in the order, every die of the
herd, of each stud, stock and Swiss stock, every total) and the moves of the seat to act in the
notation, so a game can be played from text alone. Names are shown as given (the caller
escapes them for its medium).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cattle import talk_picture as says
from games.cattle.menu import group_kind, menu, notation, rank
from games.cattle.model import COLOURS, CattleAction, CattleState, Die, Pass, total
from games.cattle.talk_dice import COLOUR, DICE_MISSING, colour_words, die_words
from words import domain, join_and

_, ngettext, N_ = domain("cattle").functions()

Names = Sequence[str]

#: an embed's description holds 4,096 characters; the text board stays within this
TEXT_BOARD_MOST = 4000


# The turn -------------------------------------------------------------------------------------


def turn_words(state: CattleState, names: Names) -> str:
    """What the seat to act rolled and may do, one sentence."""
    seat = state.order[state.pos]
    roll = state.rolls[seat]
    brand = state.brand(seat)
    if menu(state, seat) == (Pass(),):
        text = _("Round {round}, {name} to act: rolled {roll}, can only pass.")
    elif roll == 1:
        text = _("Round {round}, {name} to act: rolled 1, may take one {brand} die, or pass.")
    elif roll == 2:
        text = _(
            "Round {round}, {name} to act: rolled 2, may take one or two {brand} dice, or pass."
        )
    elif roll == 3:
        text = _(
            "Round {round}, {name} to act: rolled 3, may rustle a stock or swiss a colour, or pass."
        )
    elif roll == 4:
        text = _(
            "Round {round}, {name} to act: rolled 4, may switch the stud with a die of their "
            "stock or of the herd, or pass."
        )
    elif roll == 5:
        text = _("Round {round}, {name} to act: rolled 5, may raid any die of the herd, or pass.")
    else:
        text = _(
            "Round {round}, {name} to act: rolled 6, may pasture the stud into stock for a new "
            "one from the herd, or pass."
        )
    return text.format(
        round=state.round,
        name=names[seat],
        roll=roll,
        brand=colour_words(brand, DICE_MISSING) if brand else "",
    )


def ending_words(state: CattleState, names: Names) -> str:
    """Who won, one sentence."""
    active = state.active()
    if state.herd:  # everyone else left
        return _("{name} is the last player left and wins.").format(name=names[active[0]])
    best = max(state.score(s) for s in active)
    winners = [names[s] for s in active if state.score(s) == best]
    if len(winners) == 1:
        text = _("{names} wins with a haul of {best}.")
    else:
        text = _("{names} share the win with a haul of {best}.")
    return text.format(names=join_and(winners), best=best)


# The alt text ---------------------------------------------------------------------------------


def _standing(state: CattleState, names: Names, seat: int) -> str:
    """One player's stud and stock in a sentence: "Ann: stud red 5, stock 12, Swiss 4."."""
    if seat in state.out:
        return _("{name} left the game.").format(name=names[seat])
    stud, stock, swiss = state.studs[seat], total(state.stocks[seat]), total(state.swiss[seat])
    if stud is None:  # the game is over: the studs went into stock
        return _("{name}: haul {haul} (stock {stock}, Swiss {swiss}).").format(
            name=names[seat], haul=state.score(seat), stock=stock, swiss=swiss
        )
    if state.swiss[seat]:
        text = _("{name}: stud {stud}, stock {stock}, Swiss {swiss}.")
    else:
        text = _("{name}: stud {stud}, stock {stock}.")
    return text.format(name=names[seat], stud=die_words(stud), stock=stock, swiss=swiss)


def describe(state: CattleState, names: Names) -> str:
    """The position in a few plain sentences: whose turn and what they may do, the herd, and
    every player's stud and stock (or, at the end, who won and every haul)."""
    players = " ".join(_standing(state, names, s) for s in range(len(state.names)))
    if state.finished:
        over = _("Game over.")
        return f"{over} {ending_words(state, names)} {players}"
    herd = ngettext(
        "{count} die in the herd.", "{count} dice in the herd.", len(state.herd)
    ).format(count=len(state.herd))
    return f"{turn_words(state, names)} {herd} {players}"


# The text board -------------------------------------------------------------------------------


def _faces(dice: Sequence[Die]) -> str:
    return " ".join(str(d.face) for d in dice)


def pile_words(dice: Sequence[Die]) -> str:
    """A pile's dice by colour, "red 6 5 5, blue 4" (a screen reader reads "red six five
    five"); "empty" for none."""
    if not dice:
        return says.empty()
    by_colour: dict[str, list[Die]] = {}
    for die in dice:
        by_colour.setdefault(die.colour, []).append(die)
    return ", ".join(
        _("{colour} {faces}").format(colour=colour_words(colour, COLOUR), faces=_faces(same))
        for colour, same in by_colour.items()
    )


def _herd(state: CattleState) -> list[str]:
    count = len(state.herd)
    lines = [
        "### "
        + ngettext("The herd: {count} die", "The herd: {count} dice", count).format(count=count)
    ]
    for colour in COLOURS[: state.options.colours]:
        dice = [d for d in state.herd if d.colour == colour]
        named = colour_words(colour, COLOUR)
        if not dice:
            lines.append("- " + _("{colour}: none left").format(colour=named))
            continue
        line = ngettext(
            "{colour}: {count} die: {faces}", "{colour}: {count} dice: {faces}", len(dice)
        )
        lines.append("- " + line.format(colour=named, count=len(dice), faces=_faces(dice)))
    return lines


def _status(state: CattleState, seat: int) -> str:
    """Where the seat stands in this round's order, with its roll."""
    roll, at = state.rolls[seat], state.order.index(seat)
    if at == state.pos:
        return _("to act now, rolled {roll}").format(roll=roll)
    if at < state.pos:
        return _("has acted this round, rolled {roll}").format(roll=roll)
    if roll == 3:
        text = _("turn {place} of {count} this round, rolled 3: THREE!")
    else:
        text = _("turn {place} of {count} this round, rolled {roll}")
    return text.format(place=at + 1, count=len(state.order), roll=roll)


def _haul(state: CattleState, seat: int) -> str:
    stock, swiss = state.stocks[seat], state.swiss[seat]
    fields = {
        "haul": state.score(seat),
        "stock": total(stock),
        "stock_dice": pile_words(stock),
        "swiss": total(swiss),
        "swiss_dice": pile_words(swiss),
    }
    if swiss:
        return _("haul {haul}: stock {stock} ({stock_dice}), Swiss {swiss} ({swiss_dice})").format(
            **fields
        )
    return _("haul {haul}: stock {stock} ({stock_dice})").format(**fields)


def _player(state: CattleState, names: Names, seat: int, viewer: int | None) -> str:
    """One player's line: place in the order and roll, stud, haul with every die."""
    name = says.you(names[seat]) if seat == viewer else names[seat]
    if seat in state.out:
        parts = [says.left_game(), _haul(state, seat)]
    elif state.finished:
        parts = [_haul(state, seat)]
    else:
        stud = state.studs[seat]
        assert stud is not None
        parts = [
            _status(state, seat),
            _("stud {die}").format(die=die_words(stud)),
            _haul(state, seat),
        ]
    return _("{name}: {details}").format(name=name, details="; ".join(parts))


def _players(state: CattleState, names: Names, viewer: int | None) -> list[str]:
    seats = range(len(state.names))
    if not state.finished:
        lines = ["### " + _("Players, in seat order")]
        return lines + ["- " + _player(state, names, s, viewer) for s in seats]
    lines = ["### " + _("Final hauls, best first")]
    active = sorted(state.active(), key=lambda s: (-state.score(s), s))
    lines += [f"{place}. {_player(state, names, s, viewer)}" for place, s in enumerate(active, 1)]
    return lines + ["- " + _player(state, names, s, viewer) for s in state.out]


def _heading(state: CattleState, names: Names) -> list[str]:
    if state.finished:
        return ["### " + _("Cattle Baron: game over"), ending_words(state, names)]
    order = ", ".join(
        _("{name} (rolled {roll})").format(name=names[s], roll=state.rolls[s]) for s in state.order
    )
    told = _("Order this round: {order}.").format(order=order)
    return [
        "### " + _("Cattle Baron: round {round}").format(round=state.round),
        turn_words(state, names),
        f"{told} {says.order_rule(state.options.ties)}.",
    ]


# The moves ------------------------------------------------------------------------------------


def _kind_words(kind: str) -> str:
    return {
        "grab1": _("Take one"),
        "grab2": _("Take two"),
        "rustle": _("Rustle a stock"),
        "swiss": _("Swiss a colour"),
        "switch_stock": _("Switch the stud with a die of the stock"),
        "switch_herd": _("Switch the stud with a die of the herd"),
        "raid": _("Raid the herd"),
        "pasture": _("Pasture for a die of the herd"),
    }.get(kind) or _("Pass")


def code(text: str) -> str:
    """``text`` as inline code (fenced with two backticks when it holds one)."""
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def _by_kind(state: CattleState, seat: int) -> dict[str, list[str]]:
    """The seat's moves in the notation by kind, the most useful of a kind first (as the
    buttons and menus order them), Pass last."""
    actions: list[CattleAction] = sorted(menu(state, seat), key=lambda a: -rank(state, seat, a))
    kinds: dict[str, list[str]] = {}
    for action in actions:
        kind = "pass" if isinstance(action, Pass) else group_kind(action)
        kinds.setdefault(kind, []).append(notation(state, action))
    return kinds


def moves_lines(state: CattleState, names: Names, viewer: int | None, room: int) -> list[str]:
    """The seat to act's moves in the notation, by kind; past ``room`` characters, each kind
    on one line with the words after its verb ("raid: red 6, red 5")."""
    seat = state.order[state.pos]
    mine = seat == viewer
    head = _("Your moves") if mine else _("Moves of {name}").format(name=names[seat])
    kinds = _by_kind(state, seat)
    kinds["pass"] = kinds.pop("pass")
    lines = ["### " + head, _("Each move as it is typed:")]
    full = [
        "- "
        + _("{kind}: {moves}").format(
            kind=_kind_words(kind), moves=", ".join(code(m) for m in moves)
        )
        for kind, moves in kinds.items()
    ]
    if sum(len(line) + 1 for line in full) <= room:
        return lines + full
    lines[1] = _("Each move as it is typed: the first word, then one of the choices after it.")
    for kind, moves in kinds.items():
        verb = " ".join(moves[0].split()[: 2 if kind.startswith("switch") else 1])
        rest = ", ".join(m[len(verb) + 1 :] for m in moves if m != verb)
        typed = f"{code(verb)} {rest}" if rest else code(verb)
        lines.append("- " + _("{kind}: {moves}").format(kind=_kind_words(kind), moves=typed))
    return lines


def text_board(state: CattleState, names: Names, viewer: int | None) -> str:
    """The whole table as Markdown: the round and whose turn, the herd by colour, one line per
    player, and the moves of the seat to act. Cattle Baron hides nothing, so ``viewer`` only
    marks the reader's own line and moves."""
    parts = ["\n".join(_heading(state, names))]
    if not state.finished:
        parts.append("\n".join(_herd(state)))
    parts.append("\n".join(_players(state, names, viewer)))
    if not state.finished:
        used = sum(len(p) + 2 for p in parts)
        parts.append("\n".join(moves_lines(state, names, viewer, TEXT_BOARD_MOST - used - 120)))
    return "\n\n".join(parts)
