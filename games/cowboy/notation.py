"""Typed notation, button labels and the reasons a move is refused.

``move n``, ``fence``, ``cut``, ``rope c4 to e6``, ``rustle d5``, ``fight f2``, ``again``,
``end``; as one move from the start of a turn: two steps ``move n e``, a step and the end of
the turn ``move n end``, a step and its fence ``move n fence``; choices:
``reroll``/``keep``, ``bills``/``pay``, ``give c4``, ``place e6``, ``claim c4``,
``discard axe``, ``target bob``, ``remove f2``/``remove bandit``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.base import IllegalAction, InvalidAction
from games.cowboy import aliases
from games.cowboy.board import LETTERS, STEP_WORDS, STEPS
from games.cowboy.data import CARDS
from games.cowboy.fields import free_field_squares, herd, newly_closed, owner_map, steer_at
from games.cowboy.state import (
    BANDIT,
    STEP_THEN,
    WIN,
    Again,
    Claim,
    CowboyAction,
    CowboyState,
    Cut,
    Discard,
    End,
    Fence,
    Fight,
    Give,
    Keep,
    Pay,
    Place,
    Remove,
    Reroll,
    Ride,
    Rope,
    Rustle,
    Step,
    StepThen,
    Target,
    UseBills,
)
from games.cowboy.turn import fence_problem, ride_path, rides, step_target, stepped

#: a choice at least this useful is worth playing for a player whose time ran out
RANK_USEFUL = 50
#: a fence that closes a field (with steers in it: more)
RANK_CLOSES = 55
#: which item is the least loss to discard (higher: discard first)
_DISCARD_FIRST = {"axe": 6, "sixshooter": 5, "brander": 4, "lariat": 3, "bills": 2}
_DIRS = {d: d for d in STEPS} | {w: d for d, w in STEP_WORDS.items()} | aliases.DIRECTIONS
_WORDS: dict[str, CowboyAction] = {
    "fence": Fence(),
    "cut": Cut(),
    "again": Again(),
    "end": End(),
    "stay": End(),
    "reroll": Reroll(),
    "keep": Keep(),
    "bills": UseBills(),
    "pay": Pay(),
}
_CARD_NAMES: dict[str, str] = {}
for _id, _card in CARDS.items():
    for _n in (_id, _card.short, _card.name):
        _key = _n.lower().replace("'", "").replace("-", " ")
        _CARD_NAMES[_key] = _id
        _CARD_NAMES[_key.replace(" ", "")] = _id
_CARD_NAMES.update({"lariat": "lariat", "bag": "bills", "bag of bills": "bills"})
_CARD_NAMES.update(aliases.ITEMS)


def format_action(g: CowboyState, action: CowboyAction) -> str:
    sq = g.board.square_name
    match action:
        case Step(d):
            return f"move {d}"
        case Ride(first, then):
            return f"move {first} {then}"
        case StepThen(d, then):
            return f"move {d} {then}"
        case Fence():
            return "fence"
        case Cut():
            return "cut"
        case Again():
            return "again"
        case End():
            return "end"
        case Reroll():
            return "reroll"
        case Keep():
            return "keep"
        case UseBills():
            return "bills"
        case Pay():
            return "pay"
        case Rope(src, dst):
            return f"rope {sq(src)} to {sq(dst)}"
        case Rustle(s):
            return f"rustle {sq(s)}"
        case Fight(s):
            return f"fight {sq(s)}"
        case Give(s):
            return f"give {sq(s)}"
        case Place(s):
            return f"place {sq(s)}"
        case Claim(s):
            return f"claim {sq(s)}"
        case Discard(card):
            return f"discard {card}"
        case Target(seat):
            return f"target {g.names[seat]}"
        case Remove(s):
            return "remove bandit" if s == BANDIT else f"remove {sq(s)}"
    raise TypeError(action)


def parse_words(g: CowboyState, text: str) -> CowboyAction:
    """Turn text into an action (legal or not); ``InvalidAction`` if it does not parse."""
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise InvalidAction("cowboy.empty_move")
    verb, rest = aliases.VERBS.get(words[0], words[0]), words[1:]
    if verb in _DIRS and not rest:
        return Step(_DIRS[verb])
    if verb in ("move", "step", "ride", "go"):
        rest = [aliases.VERBS.get(w, w) for w in rest if w not in ("then", *aliases.LINKS)]
        if len(rest) == 2 and rest[0] in _DIRS and rest[1] in STEP_THEN:
            return StepThen(_DIRS[rest[0]], rest[1])
        if not 1 <= len(rest) <= 2 or any(w not in _DIRS for w in rest):
            raise InvalidAction("cowboy.which_way")
        if len(rest) == 2:
            return Ride(_DIRS[rest[0]], _DIRS[rest[1]])
        return Step(_DIRS[rest[0]])
    if verb in _WORDS and not rest:
        return _WORDS[verb]
    if verb == "rope":
        rest = [w for w in rest if w != "to" and w not in aliases.LINKS]
        if len(rest) != 2:
            raise InvalidAction("cowboy.rope_how")
        return Rope(_square(g, rest[0]), _square(g, rest[1]))
    one_square: dict[str, Callable[[int], CowboyAction]] = {
        "rustle": Rustle,
        "fight": Fight,
        "give": Give,
        "place": Place,
        "claim": Claim,
    }
    if verb in one_square:
        if len(rest) != 1:
            raise InvalidAction("cowboy.one_square", verb=verb)
        return one_square[verb](_square(g, rest[0]))
    if verb == "remove":
        if " ".join(rest) in ("bandit", "the bandit", *aliases.BANDIT):
            return Remove(BANDIT)
        if len(rest) != 1:
            raise InvalidAction("cowboy.remove_what")
        return Remove(_square(g, rest[0]))
    if verb == "discard":
        key = " ".join(rest).replace("'", "").replace("-", " ")
        card = _CARD_NAMES.get(key) or _CARD_NAMES.get(key.replace(" ", ""))
        if card is None:
            raise InvalidAction("cowboy.which_item")
        return Discard(card)
    if verb == "target":
        who = " ".join(rest).lstrip("@")
        for seat, name in enumerate(g.names):
            if name.lower() == who:
                return Target(seat)
        if who.isdigit() and 1 <= int(who) <= len(g.names):
            return Target(int(who) - 1)
        raise InvalidAction("cowboy.no_player", who=who[:40], players=list(g.names))
    raise InvalidAction("cowboy.unknown_move", text=text.strip()[:40])


def _square(g: CowboyState, text: str) -> int:
    s = g.board.parse_square(text)
    if s is None:
        last = g.board.square_name(len(g.board.squares) - 1)
        raise InvalidAction("cowboy.not_square", text=text[:10], last=last)
    return s


def normalise(g: CowboyState, seat: int, action: CowboyAction) -> CowboyAction:
    """Any square of a part names that part in a ``claim``; a two-step ride names the ride
    offered to the same intersection (``move e n`` is ``move n e`` when both lead there)."""
    if isinstance(action, Ride) and g.pending is None and g.phase == "start":
        path = ride_path(g, seat, action)
        for offered in rides(g, seat) if path is not None else ():
            if path is not None and (ride_path(g, seat, offered) or path)[1] == path[1]:
                return offered
        return action
    p = g.pending
    if isinstance(action, Claim) and p is not None and p.kind == "claim":
        for first, part in zip(p.choices, p.parts, strict=True):
            if action.square in part:
                return Claim(first)
    return action


def pending_data(g: CowboyState) -> dict[str, Any]:
    """What the pending choice asks, as data: its kind, who chooses, the roll or token or
    victim it is about, and the choices (squares by name, items, seats, ``bandit``)."""
    p = g.pending
    if p is None:
        return {}
    sq = g.board.square_name
    if p.kind in ("discard", "target"):
        choices: list[Any] = list(p.choices)
    elif p.kind == "remove":
        choices = ["bandit" if s == BANDIT else sq(s) for s in p.choices]
    else:
        choices = [sq(s) for s in p.choices]
    return {
        "kind": p.kind,
        "seat": p.seat,
        "victim": p.victim,
        "roll": p.roll,
        "token": p.token,
        "choices": choices,
    }


def refusal(g: CowboyState, seat: int, action: CowboyAction) -> IllegalAction:
    """Why ``action`` is not legal now, as a coded error (its words are the narrator's)."""
    if g.pending is not None:
        return IllegalAction("cowboy.choice_first", names=list(g.names), **pending_data(g))
    board = g.board
    sq = board.square_name
    here = board.point_place(g.cowboys[seat])
    owned = owner_map(g.fields)
    match action:
        case Step(d):
            if g.phase == "moved":
                return IllegalAction("cowboy.moved_already")
            return step_target(g, seat, d)[1] or IllegalAction("cowboy.cannot_move")
        case Ride(first, then):
            if g.phase != "start":
                return IllegalAction("cowboy.moved_already")
            mid, why = step_target(g, seat, first)
            if mid is None:
                return why or IllegalAction("cowboy.cannot_move")
            return step_target(g, seat, then, mid)[1] or IllegalAction("cowboy.ride_back")
        case StepThen(d):
            if g.phase != "start":
                return IllegalAction("cowboy.moved_already")
            after = stepped(g, seat, d)
            if after is None:
                return step_target(g, seat, d)[1] or IllegalAction("cowboy.cannot_move")
            return fence_problem(after, seat) or IllegalAction("cowboy.not_allowed")
        case Fence():
            return fence_problem(g, seat) or IllegalAction("cowboy.not_allowed")
        case Cut():
            return IllegalAction("cowboy.no_tree", point=here)
        case Again():
            if g.phase != "moved":
                return IllegalAction("cowboy.again_first")
            return IllegalAction("cowboy.nowhere_on")
        case Rope(src, dst):
            return _rope_refusal(g, seat, src, dst, here)
        case Rustle(s):
            if s not in board.around(g.cowboys[seat]):
                return IllegalAction("cowboy.steer_not_near", point=here)
            if owned.get(s) in (None, seat) or not steer_at(g, s):
                return IllegalAction("cowboy.no_rival_steer", square=sq(s))
            if not free_field_squares(g, seat):
                return IllegalAction("cowboy.no_room")
            return IllegalAction("cowboy.no_spare_token")
        case Fight(s):
            return IllegalAction("cowboy.no_indians", square=sq(s), point=here)
        case Reroll() | Keep() | UseBills() | Pay() | Give() | Place() | Claim() | Discard():
            return IllegalAction("cowboy.no_choice")
        case Target() | Remove():
            return IllegalAction("cowboy.no_choice")
    return IllegalAction("cowboy.not_allowed")


def _rope_refusal(
    g: CowboyState, seat: int, src: int, dst: int, here: dict[str, str]
) -> IllegalAction:
    sq = g.board.square_name
    owned = owner_map(g.fields)
    if src not in g.board.around(g.cowboys[seat]):
        return IllegalAction("cowboy.steer_not_near", point=here)
    if src not in g.steers:
        return IllegalAction("cowboy.no_roaming_steer", square=sq(src))
    if src in owned:
        return IllegalAction("cowboy.steer_penned", square=sq(src), owner=g.names[owned[src]])
    if not any(f.owner == seat for f in g.fields):
        return IllegalAction("cowboy.no_field")
    return IllegalAction("cowboy.not_free_square", square=sq(dst))


def fence_closes(g: CowboyState) -> tuple[bool, int]:
    """Whether a fence on the segment just ridden closes a new area, and its steers."""
    if g.moved is None:
        return False, 0
    fences = [e for e, _ in g.fences]
    new = newly_closed(g.board, frozenset(fences), g.moved)
    return bool(new), sum(1 for r in new for s in r if steer_at(g, s))


def _fence_rank(g: CowboyState, plain: int) -> int:
    """A fence on the segment just ridden: one that closes a field with steers, one that
    closes a field (``RANK_CLOSES``), else ``plain``."""
    closes, steers = fence_closes(g)
    return 80 + steers if closes and steers else RANK_CLOSES if closes else plain


def rank(g: CowboyState, seat: int, action: CowboyAction) -> int:
    """How useful ``action`` is (higher first), for ordering menus and for a player whose
    time ran out: a rope that wins, a fence that closes a field, a rope, a rustle..."""
    p = g.pending
    match action:
        case Rope():
            return 100 if herd(g, seat) + 1 >= WIN else 70
        case Fence():
            return _fence_rank(g, 20)
        case Rustle():
            return 40
        case Fight():
            return 35
        case Cut():
            return 30 if g.fences_left[seat] <= 2 else 10
        case StepThen(d, "fence"):
            # a step and a fence that closes nothing is a step like the others
            after = stepped(g, seat, d)
            return 5 if after is None else _fence_rank(after, 5)
        case Step() | StepThen():
            return 5
        case Ride():
            return 4
        case Again():
            return 3
        case Reroll() | Keep():
            assert p is not None
            good = p.roll >= 6  # a success already
            return 10 if good == isinstance(action, Keep) else 0
        case UseBills():
            return 10
        case Claim(s):
            return next((len(part) for part in (p.parts if p else ()) if s in part), 0)
        case Discard(card):
            doubled = g.hands[seat].count(card) > 1
            return 10 if doubled else _DISCARD_FIRST.get(card, 0)
        case Target(target):
            return herd(g, target)
    return 0


def best(g: CowboyState, seat: int, actions: Sequence[CowboyAction]) -> CowboyAction:
    """The most useful of ``actions`` (the first of equals)."""
    return max(actions, key=lambda a: rank(g, seat, a))


def column_letters(size: int) -> str:
    return LETTERS[:size]
