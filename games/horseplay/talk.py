"""Horseplay Rustling told in words: its events, outcomes and refusals (the narrator's words,
``games.horseplay.narrator``), the move menu's labels and notes, the status line and the words a
typed move may use.

Colours are data keys (``"green"``); each is worded in the form its sentence needs: the side's
name (``colour_name``: "alice (Green)"), whose it is (``colour_whose``: "Green's Stable", in
Polish a genitive), a piece with its colour (``piece``). The picture's words are in
``games.horseplay.talk_picture``, the position told for those who do not see the picture in
``games.horseplay.talk_board``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import words
from games.base import Event, GameError, Outcome, word_errors
from games.horseplay.board import COLOURS
from games.horseplay.state import HorseplayState
from games.horseplay.threats import Note
from words import domain, join_and

_DOMAIN = domain("horseplay")
_, ngettext, N_ = _DOMAIN.functions()
pgettext = _DOMAIN.pgettext

#: a move's note (select option description, button note) is at most this long
NOTE_LIMIT = 100


# Colours and pieces ------------------------------------------------------------------------


def colour_name(key: str) -> str:
    """A colour as the name of a side ("Green"): a player's colour, whose move it is."""
    return {
        "green": pgettext("colour", "Green"),
        "red": pgettext("colour", "Red"),
        "blue": pgettext("colour", "Blue"),
        "black": pgettext("colour", "Black"),
    }[key]


def colour_whose(key: str) -> str:
    """A colour as the owner of something ("Green" in "Green's Stable", "every Green piece")."""
    return {
        "green": pgettext("of colour", "Green"),
        "red": pgettext("of colour", "Red"),
        "blue": pgettext("of colour", "Blue"),
        "black": pgettext("of colour", "Black"),
    }[key]


def taken_piece(colour: str, crown: bool, square: str) -> str:
    """A piece taken in a jump ("a Blue man on d4"), as the object of "took"."""
    forms = {
        ("green", False): pgettext("taken", "a Green man on {square}"),
        ("green", True): pgettext("taken", "a Green crown on {square}"),
        ("red", False): pgettext("taken", "a Red man on {square}"),
        ("red", True): pgettext("taken", "a Red crown on {square}"),
        ("blue", False): pgettext("taken", "a Blue man on {square}"),
        ("blue", True): pgettext("taken", "a Blue crown on {square}"),
        ("black", False): pgettext("taken", "a Black man on {square}"),
        ("black", True): pgettext("taken", "a Black crown on {square}"),
    }
    return forms[colour, crown].format(square=square)


def huffed_piece(colour: str, crown: bool, square: str) -> str:
    """A huffed piece, as a clause ("the Green man on a3 is huffed")."""
    forms = {
        ("green", False): pgettext("huffed", "the Green man on {square} is huffed"),
        ("green", True): pgettext("huffed", "the Green crown on {square} is huffed"),
        ("red", False): pgettext("huffed", "the Red man on {square} is huffed"),
        ("red", True): pgettext("huffed", "the Red crown on {square} is huffed"),
        ("blue", False): pgettext("huffed", "the Blue man on {square} is huffed"),
        ("blue", True): pgettext("huffed", "the Blue crown on {square} is huffed"),
        ("black", False): pgettext("huffed", "the Black man on {square} is huffed"),
        ("black", True): pgettext("huffed", "the Black crown on {square} is huffed"),
    }
    return forms[colour, crown].format(square=square)


def crowned(colour: str, square: str) -> str:
    forms = {
        "green": _("The Green man on {square} is crowned."),
        "red": _("The Red man on {square} is crowned."),
        "blue": _("The Blue man on {square} is crowned."),
        "black": _("The Black man on {square} is crowned."),
    }
    return forms[colour].format(square=square)


def signed(points: int, minus: str = "-") -> str:
    """Points with their sign: +10, -25 (``minus``: the sign drawn for a loss)."""
    return f"+{points}" if points >= 0 else f"{minus}{-points}"


def who(names: Sequence[str], data: Mapping[str, Any]) -> str:
    """The player and the colour they moved: "alice (Green)"."""
    name = names[data["seat"]] if 0 <= data["seat"] < len(names) else "?"
    return _("{name} ({colour})").format(name=name, colour=colour_name(data["colour"]))


def seats(names: Sequence[str], chosen: Iterable[int]) -> str:
    return join_and(names[s] for s in chosen if 0 <= s < len(names))


# Events --------------------------------------------------------------------------------------


def _move(ev: Event, names: Sequence[str]) -> str:
    d = ev.data
    only = _("{who} moved {move} (its only move).")
    text = only if d.get("only") else _("{who} moved {move}.")
    return text.format(who=who(names, d), move=d["move"])


def _jump(ev: Event, names: Sequence[str]) -> str:
    d = ev.data
    taken = join_and(taken_piece(p["colour"], p["crown"], p["square"]) for p in d["taken"])
    return _("{who} took {taken} with {move} ({points}).").format(
        who=who(names, d), move=d["move"], taken=taken, points=signed(d["points"])
    )


def _huffed(ev: Event, names: Sequence[str]) -> str:
    d = ev.data
    return _("{who} could have taken: {huffed} ({points}).").format(
        who=who(names, d),
        huffed=huffed_piece(d["colour"], d["crown"], d["square"]),
        points=signed(d["points"]),
    )


def _stable(ev: Event, names: Sequence[str]) -> str:
    d = ev.data
    n = len(d["pieces"])
    text = ngettext(
        "{who} took {owner}'s Stable on {square}: the last {owner} piece leaves the board "
        "({points}).",
        "{who} took {owner}'s Stable on {square}: all {n} {owner} pieces leave the board "
        "({points}).",
        n,
    )
    return text.format(
        who=who(names, d),
        owner=colour_whose(d["owner"]),
        square=d["square"],
        n=n,
        points=signed(d["points"]),
    )


def _miss_square(ev: Event, names: Sequence[str]) -> str:
    return _("{who} ended on the Miss a Turn square {square} and will miss the next turn.").format(
        who=who(names, ev.data), square=ev.data["square"]
    )


def _centre_win(ev: Event, names: Sequence[str]) -> str:
    return _("{who} brought a crown to the centre Stable and wins outright!").format(
        who=who(names, ev.data)
    )


def _out(ev: Event, names: Sequence[str]) -> str:
    return _("{who} has no pieces left and is out.").format(who=who(names, ev.data))


def _misses(ev: Event, names: Sequence[str]) -> str:
    return _("{who} misses this turn.").format(who=who(names, ev.data))


def _passes(ev: Event, names: Sequence[str]) -> str:
    return _("{who} cannot move and passes.").format(who=who(names, ev.data))


def _quiet(ev: Event, names: Sequence[str]) -> str:
    rounds = ev.data["rounds"]
    return ngettext(
        "{rounds} round without a capture: the game ends on points.",
        "{rounds} rounds without a capture: the game ends on points.",
        rounds,
    ).format(rounds=rounds)


def _blocked(ev: Event, names: Sequence[str]) -> str:
    return _("No colour can move: the game ends on points.")


def _last_standing(ev: Event, names: Sequence[str]) -> str:
    winners = ev.data["seats"]
    return ngettext(
        "{names} wins: the last on the board.", "{names} win: the last on the board.", len(winners)
    ).format(names=seats(names, winners))


def _points_win(ev: Event, names: Sequence[str]) -> str:
    winners = ev.data["seats"]
    return ngettext(
        "{names} wins on points ({points}).", "{names} win on points ({points}).", len(winners)
    ).format(names=seats(names, winners), points=ev.data["points"])


def _leaves(ev: Event, names: Sequence[str]) -> str:
    d = ev.data
    seat = d["seat"]
    return _("{name} leaves the game: every {colours} piece leaves the board.").format(
        name=names[seat] if 0 <= seat < len(names) else "?",
        colours=join_and(colour_whose(c) for c in d["colours"]),
    )


#: every event kind of the game and its words
TELLERS = {
    "move": _move,
    "jump": _jump,
    "crowned": lambda ev, names: crowned(ev.data["colour"], ev.data["square"]),
    "huffed": _huffed,
    "stable": _stable,
    "miss_square": _miss_square,
    "centre_win": _centre_win,
    "out": _out,
    "misses": _misses,
    "passes": _passes,
    "quiet": _quiet,
    "blocked": _blocked,
    "last_standing": _last_standing,
    "points_win": _points_win,
    "leaves": _leaves,
}


# Outcomes ------------------------------------------------------------------------------------


def outcome_words(outcome: Outcome) -> str:
    """Why the game ended, one short clause."""
    reason = outcome.reason
    if reason == "centre":
        return _("a crown reached the centre Stable")
    if reason == "last":
        return _("last on the board")
    if reason == "quiet":
        rounds = int(outcome.data.get("rounds", 50))
        return ngettext(
            "{rounds} round without a capture", "{rounds} rounds without a capture", rounds
        ).format(rounds=rounds)
    if reason == "blocked":
        return _("no colour could move")
    return reason


# Refusals ------------------------------------------------------------------------------------


def _moves(found: Iterable[str]) -> str:
    return ", ".join(found)


def _error_words(err: GameError) -> str:
    d: dict[str, Any] = err.data
    what = err.code.split(".", 1)[1]
    if what == "players":
        return _("Horseplay Rustling needs {min}-{max} players.").format(**d)
    if what == "teams_need_four":
        return _("Team play needs four players.")
    if what == "not_in_game":
        return _("That player is not in the game.")
    if what == "not_legal":
        return _("{move} is not a legal move now.").format(**d)
    if what == "unreadable":
        return _(
            "I can't read `{text}` as a move; type squares like `c3-d4` or `c3xe5xg7`."
        ).format(**d)
    if what == "no_square":
        return _("{square} is not a square of the {size}x{size} board.").format(**d)
    if what == "whole_chain":
        return _("Several captures go that way; type the whole chain: {moves}.").format(
            moves=_moves(d["moves"])
        )
    if what == "no_piece":
        return _("There is no {colour} piece on {square}; pieces that can move: {starts}.").format(
            colour=colour_whose(d["colour"]), square=d["square"], starts=_moves(d["starts"])
        )
    if what == "must_capture":
        return _("A capture is compulsory: {moves}.").format(moves=_moves(d["moves"]))
    if what == "cannot_move":
        return _("The piece on {square} cannot move now.").format(**d)
    if what == "piece_can_play":
        return _("That is not a legal move; the piece on {square} can play: {moves}.").format(
            square=d["square"], moves=_moves(d["moves"])
        )
    return _save_words(what, d, err.code)


def _save_words(what: str, d: dict[str, Any], code: str) -> str:
    """Refusals of a saved game that cannot be loaded."""
    if what == "bad_field":
        return _("This saved game has a bad {field}: {value}.").format(**d)
    if what == "colour_not_in_play":
        return _("Colour {colour} is not in play in this saved game.").format(**d)
    if what == "size_mismatch":
        return _("Board size {size} does not match the size option {option}.").format(**d)
    if what == "bad_square":
        return _("{square} is not a square of the board.").format(**d)
    if what == "unreadable_save":
        return _("Cannot load this Horseplay Rustling game: {error}").format(**d)
    problem = _problem(what, d)
    if problem is None:
        return code
    return _("Cannot load this Horseplay Rustling game: {problem}.").format(problem=problem)


_COLOURED = (
    "piece_not_in_play",
    "uncrowned",
    "too_many",
    "mover_without_pieces",
    "mover_misses",
    "mover_blocked",
)


def _problem(what: str, d: dict[str, Any]) -> str | None:
    """What makes a saved game impossible (``state_problems``), as a clause."""
    if what in _COLOURED:
        return _coloured_problem(what, {**d, "colour": colour_name(d["colour"])})
    plain = {
        "board_squares": _("the board has {count} squares, not {wanted}"),
        "off_blue": _("a piece on {square}, which is not a blue square"),
        "capture_later": _("the last capture is later than the current round"),
        "winner_not_player": _("a winner who is not a player"),
        "left_not_player": _("a player who left is not a player"),
        "left_wins": _("a player who left cannot win"),
        "left_has_pieces": _("a player who left still has pieces on the board"),
        "finished_without_winners": _("a finished game must have winners and nobody to move"),
        "in_progress_with_winners": _("a game in progress has no winners and a colour to move"),
        "one_side": _("only one side is left on the board, so the game should be over"),
    }
    found = plain.get(what)
    return None if found is None else found.format(**d)


def _coloured_problem(what: str, d: dict[str, Any]) -> str:
    if what == "piece_not_in_play":
        return _("a {colour} piece on {square}, but {colour} is not in play").format(**d)
    if what == "uncrowned":
        return _("an uncrowned {colour} man on its crowning edge at {square}").format(**d)
    if what == "too_many":
        return ngettext(
            "{colour} has {n} piece, more than the {most} it starts with",
            "{colour} has {n} pieces, more than the {most} it starts with",
            d["n"],
        ).format(**d)
    if what == "mover_without_pieces":
        return _("{colour} is to move but has no pieces").format(**d)
    if what == "mover_misses":
        return _("{colour} is to move but must miss this turn").format(**d)
    return _("{colour} is to move but has no legal move").format(**d)


word_errors("horseplay", _error_words)


# The move menu and the status line -----------------------------------------------------------


def label(notation: str, taken: int) -> str:
    """A move's label: its notation, and how many pieces it takes."""
    if not taken:
        return notation
    return ngettext("{move} (takes {n})", "{move} (takes {n})", taken).format(
        move=notation, n=taken
    )


def every_move(notes: Sequence[Note]) -> str:
    """What every legal move does alike (the Stables they all leave open), said once."""
    squares = [n.data["square"] for n in notes]
    if not squares:
        return ""
    return ngettext(
        "Every move leaves your Stable {squares} open.",
        "Every move leaves your Stables {squares} open.",
        len(squares),
    ).format(squares=", ".join(squares))


def _note(note: Note) -> str:
    d = note.data
    kind = note.kind
    if kind == "huffed_self":
        return _("this piece could take: it will be huffed")
    if kind == "huffed_other":
        return _("you could take: your piece on {square} will be huffed").format(**d)
    if kind == "wins":
        return _("wins outright")
    if kind == "takes_stable":
        return _("takes {colour}'s Stable").format(colour=colour_whose(d["colour"]))
    if kind == "leaves_open":
        if d["own"]:
            return _("leaves your Stable {square} open").format(square=d["square"])
        return _("leaves {colour}'s Stable {square} open").format(
            colour=colour_whose(d["colour"]), square=d["square"]
        )
    if kind == "shuts":
        if d["own"]:
            return _("shuts your Stable {square}").format(square=d["square"])
        return _("shuts {colour}'s Stable {square}").format(
            colour=colour_whose(d["colour"]), square=d["square"]
        )
    if kind == "crowns":
        return _("crowns this man")
    if kind == "exposed":
        return _("can be taken on {square}").format(**d)
    if kind == "miss_square":
        return _("Miss a Turn square")
    raise KeyError(f"no words for note {kind!r}")


def note(notes: Sequence[Note]) -> str:
    """A move's notes joined, dropping the least important ones past ``NOTE_LIMIT``."""
    text = ""
    glue = pgettext("list separator", "; ")
    for part in notes:
        said = _note(part)
        joined = f"{text}{glue}{said}" if text else said
        if len(joined) <= NOTE_LIMIT:
            text = joined
    return text


def status_line(state: HorseplayState) -> str:
    """One plain line for status listings: whose move, the round, the points."""
    if state.finished:
        return _("won by {names}").format(names=seats(state.names, state.winners))
    scores = ", ".join(
        _("{colour} {points}").format(colour=colour_name(COLOURS[c]), points=state.scores[c])
        for c in state.colours
    )
    colour = state.to_move
    mover = who(state.names, {"seat": state.seat(colour), "colour": COLOURS[colour]})
    return _("{who} to move, round {round}; {scores}").format(
        who=mover, round=state.round, scores=scores
    )


# Typed moves ---------------------------------------------------------------------------------

#: the words a player may type between the squares of a move, in each language (separated by
#: spaces); they are read as a plain separator, so `c3 to d4` is `c3-d4`
MOVE_WORDS = N_("to takes move")


def canonical(text: str) -> str:
    """A typed move with the words of ``MOVE_WORDS`` (in any shipped language) taken out, so
    only the squares and their separators are left. Text in the notation has none of those
    words and is returned as it is."""
    known = _move_words()
    found = text.split()
    if not any(part in known for part in found):
        return text
    return " ".join(part for part in found if part not in known)


_words_cache: list[frozenset[str]] = []


def _move_words() -> frozenset[str]:
    if not _words_cache:
        found: set[str] = set()
        for locale in words.SHIPPED:
            found.update(_DOMAIN.in_locale(locale, MOVE_WORDS).lower().split())
        _words_cache.append(frozenset(found))
    return _words_cache[0]
