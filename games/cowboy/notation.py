"""Typed notation, button labels and the reasons a move is refused.

``move n``, ``fence``, ``cut``, ``rope c4 to e6``, ``rustle d5``, ``fight f2``, ``again``,
``end``; choices: ``reroll``/``keep``, ``bills``/``pay``, ``give c4``, ``place e6``,
``claim c4``, ``discard axe``, ``target bob``, ``remove f2``/``remove bandit``.
"""

from __future__ import annotations

from dataclasses import replace

from games.base import Choice, InvalidAction
from games.cowboy.board import LETTERS, STEP_WORDS, STEPS
from games.cowboy.cards import TOKEN_NOUN
from games.cowboy.data import CARDS
from games.cowboy.fields import closed_regions, free_field_squares, herd, owner_map, steer_at
from games.cowboy.state import (
    BANDIT,
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
    Rope,
    Rustle,
    Step,
    Target,
    UseBills,
)
from games.cowboy.turn import (
    AXE_FENCES,
    CUT_FENCES,
    FIGHT_WIN,
    SIX_SHOOTER_WIN,
    fence_problem,
    step_target,
)

MENU = 25  # options per select menu
#: a choice at least this useful is worth playing for a player whose time ran out
RANK_USEFUL = 50
#: which item is the least loss to discard (higher: discard first)
_DISCARD_FIRST = {"axe": 6, "sixshooter": 5, "brander": 4, "lariat": 3, "bills": 2}
_DIRS = {d: d for d in STEPS} | {w: d for d, w in STEP_WORDS.items()}
_ARROWS = {"n": "⬆️", "e": "➡️", "s": "⬇️", "w": "⬅️"}
_WORDS = {
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


def format_action(g: CowboyState, action: CowboyAction) -> str:
    sq = g.board.square_name
    match action:
        case Step(d):
            return f"move {d}"
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
        raise InvalidAction("Type a move, e.g. `move n`, `fence`, `rope c4 to e6` or `end`.")
    verb, rest = words[0], words[1:]
    if verb in _DIRS and not rest:
        return Step(_DIRS[verb])
    if verb in ("move", "step", "ride", "go"):
        if len(rest) != 1 or rest[0] not in _DIRS:
            raise InvalidAction("Say which way: `move n`, `move e`, `move s` or `move w`.")
        return Step(_DIRS[rest[0]])
    if verb in _WORDS and not rest:
        return _WORDS[verb]
    if verb == "rope":
        rest = [w for w in rest if w != "to"]
        if len(rest) != 2:
            raise InvalidAction("Say which steer and where it goes: `rope c4 to e6`.")
        return Rope(_square(g, rest[0]), _square(g, rest[1]))
    one_square = {"rustle": Rustle, "fight": Fight, "give": Give, "place": Place, "claim": Claim}
    if verb in one_square:
        if len(rest) != 1:
            raise InvalidAction(f"Name one square: `{verb} d5`.")
        return one_square[verb](_square(g, rest[0]))
    if verb == "remove":
        if rest == ["bandit"] or rest == ["the", "bandit"]:
            return Remove(BANDIT)
        if len(rest) != 1:
            raise InvalidAction("Say what the Cavalry removes: `remove f2` or `remove bandit`.")
        return Remove(_square(g, rest[0]))
    if verb == "discard":
        key = " ".join(rest).replace("'", "").replace("-", " ")
        card = _CARD_NAMES.get(key) or _CARD_NAMES.get(key.replace(" ", ""))
        if card is None:
            raise InvalidAction(
                "Name the item: `discard sixshooter`, `lariat`, `axe`, `bills` or `brander`."
            )
        return Discard(card)
    if verb == "target":
        who = " ".join(rest).lstrip("@")
        for seat, name in enumerate(g.names):
            if name.lower() == who:
                return Target(seat)
        if who.isdigit() and 1 <= int(who) <= len(g.names):
            return Target(int(who) - 1)
        raise InvalidAction(f"No player called `{who}`; players: {', '.join(g.names)}.")
    raise InvalidAction(
        f"I don't know the move `{text.strip()[:40]}`. Moves: move n, fence, cut, "
        "rope c4 to e6, rustle d5, fight f2, again, end."
    )


def _square(g: CowboyState, text: str) -> int:
    s = g.board.parse_square(text)
    if s is None:
        last = g.board.square_name(len(g.board.squares) - 1)
        raise InvalidAction(f"`{text[:10]}` is not a square; squares run from a1 to {last}.")
    return s


def normalise(g: CowboyState, action: CowboyAction) -> CowboyAction:
    """Any square of a part names that part in a ``claim``."""
    p = g.pending
    if isinstance(action, Claim) and p is not None and p.kind == "claim":
        for first, part in zip(p.choices, p.parts, strict=True):
            if action.square in part:
                return Claim(first)
    return action


def prompt(g: CowboyState) -> str:
    """What the pending choice asks, in words."""
    p = g.pending
    if p is None:
        return ""
    who = g.names[p.seat]
    sq = g.board.square_name
    squares = (
        ", ".join(sq(s) for s in p.choices[:12])
        if p.kind not in ("discard", "target", "remove")
        else ""
    )
    match p.kind:
        case "reroll":
            return f"{who} rolled {p.roll}: `reroll` with the Lucky Lariat or `keep`"
        case "bills":
            return f"{who} is caught: use the Bag o' Bills (`bills`) or take the penalty (`pay`)"
        case "give":
            return f"{who} gives {g.names[p.victim]} a steer: `give` one of {squares}"
        case "rustled":
            return f"{who} places the rustled steer: `place` on {squares}"
        case "claim":
            return f"{who} claims a part of {g.names[p.victim]}'s field: `claim` {squares}"
        case "place":
            return f"{who} places {TOKEN_NOUN.get(p.token, p.token)}: `place` on {squares}"
        case "discard":
            return f"{who} discards an item: " + ", ".join(f"`discard {c}`" for c in p.choices)
        case "target":
            names = ", ".join(f"`target {g.names[s]}`" for s in p.choices)
            return f"{who} picks who loses a turn: {names}"
    removes = ", ".join(
        "`remove bandit`" if s == BANDIT else f"`remove {sq(s)}`" for s in p.choices
    )
    return f"{who} picks what the Cavalry removes: {removes}"


def why_not(g: CowboyState, seat: int, action: CowboyAction) -> str:
    """A player-facing reason why ``action`` is not legal now."""
    if g.pending is not None:
        return f"First a choice: {prompt(g)}."
    board = g.board
    sq = board.square_name
    here = g.cowboys[seat]
    around = board.around(here)
    near = f"one of the four squares around your cowboy on {board.point_name(here)}"
    owned = owner_map(g.fields)
    match action:
        case Step(d):
            if g.phase == "moved":
                return "You have moved this turn; pick an action, `again` to ride on, or `end`."
            return step_target(g, seat, d)[1] or "You cannot move there."
        case Fence():
            return fence_problem(g, seat)
        case Cut():
            return f"There is no tree in {near}."
        case Again():
            if g.phase != "moved":
                return "`again` is one more step after your first one: move first."
            return "There is nowhere to ride on to."
        case Rope(src, dst):
            if src not in around:
                return f"The steer must stand in {near}."
            if src not in g.steers:
                return f"There is no roaming steer on {sq(src)}."
            if src in owned:
                return f"The steer on {sq(src)} is penned in {g.names[owned[src]]}'s field."
            if not any(f.owner == seat for f in g.fields):
                return "You own no field yet: close one with fences first."
            return f"{sq(dst)} is not a free square in one of your fields."
        case Rustle(s):
            if s not in around:
                return f"The steer must stand in {near}."
            if owned.get(s) in (None, seat) or not steer_at(g, s):
                return f"There is no steer in an opponent's field on {sq(s)}."
            if not free_field_squares(g, seat):
                return "You need a free square in a field of yours to put a rustled steer."
            return "No spare steer token is left to replace a printed steer."
        case Fight(s):
            return f"There are no Indians on {sq(s)} in {near}."
        case Reroll() | Keep() | UseBills() | Pay() | Give() | Place() | Claim() | Discard():
            return "There is no choice to make now."
        case Target() | Remove():
            return "There is no choice to make now."
    return "That is not allowed now."


def _fence_closes(g: CowboyState) -> tuple[bool, int]:
    """Whether a fence on the segment just ridden closes a new area, and its steers."""
    if g.moved is None:
        return False, 0
    fences = [e for e, _ in g.fences]
    before = closed_regions(g.board, fences)
    new = closed_regions(g.board, [*fences, g.moved]) - before
    return bool(new), sum(1 for r in new for s in r if steer_at(g, s))


def rank(g: CowboyState, seat: int, action: CowboyAction) -> int:
    """How useful ``action`` is (higher first), for ordering menus and for a player whose
    time ran out: a rope that wins, a fence that closes a field, a rope, a rustle..."""
    p = g.pending
    match action:
        case Rope():
            return 100 if herd(g, seat) + 1 >= WIN else 70
        case Fence():
            closes, steers = _fence_closes(g)
            return 80 + steers if closes and steers else 55 if closes else 20
        case Rustle():
            return 40
        case Fight():
            return 35
        case Cut():
            return 30 if g.fences_left[seat] <= 2 else 10
        case Step():
            return 5
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


def best(g: CowboyState, seat: int, actions: list[CowboyAction]) -> CowboyAction:
    """The most useful of ``actions`` (the first of equals)."""
    return max(actions, key=lambda a: rank(g, seat, a))


def describe(g: CowboyState, seat: int, action: CowboyAction) -> Choice:
    choice = _describe(g, seat, action)
    r = rank(g, seat, action)
    return replace(choice, rank=r) if r else choice


def _describe(g: CowboyState, seat: int, action: CowboyAction) -> Choice:
    board = g.board
    sq = board.square_name
    p = g.pending
    match action:
        case Step(d):
            return Choice(f"Ride {STEP_WORDS[d]}", emoji=_ARROWS[d])
        case Fence():
            edge = board.edge_label(g.moved) if g.moved is not None else ""
            closes, steers = _fence_closes(g)
            note = "closes a field" if closes else ""
            if steers:
                note += f" with {steers} steer{'s' if steers > 1 else ''}"
            return Choice(f"Build a fence {edge}", primary=True, emoji="🪵", note=note)
        case Cut():
            gain = AXE_FENCES if "axe" in g.hands[seat] else CUT_FENCES
            return Choice(f"Cut wood (+{gain} fences)", emoji="🪓")
        case Again():
            return Choice("Ride on (one more step)", emoji="🐎")
        case End():
            return Choice("End the turn", emoji="🛑")
        case Rope(src, dst):
            dsts = free_field_squares(g, seat)
            group = f"Rope the steer on {sq(src)}"
            if len(dsts) > MENU:
                group += f" ({dsts.index(dst) // MENU + 1})"
            note = "your fifth steer: you win" if herd(g, seat) + 1 >= WIN else ""
            return Choice(f"Pen it on {sq(dst)}", group=group, note=note)
        case Rustle(s):
            victim = owner_map(g.fields)[s]
            owner = g.names[victim]
            caught = "anything but 6-8 is caught (Butt Brander)"
            odds = (
                caught if "brander" in g.hands[victim] else "D8: 6-8 takes it, 1-2 you are caught"
            )
            return Choice(f"Rustle {owner}'s steer on {sq(s)}", group="Rustle a steer", note=odds)
        case Fight(s):
            need = SIX_SHOOTER_WIN if "sixshooter" in g.hands[seat] else FIGHT_WIN
            note = f"D8: {need}+ drives them off, else they move"
            return Choice(f"Fight the Indians on {sq(s)}", group="Fight Indians", note=note)
        case Reroll():
            return Choice("Reroll with the Lucky Lariat", primary=True, emoji="🎲")
        case Keep():
            assert p is not None
            caught = p.roll <= 2 or "brander" in g.hands[p.victim]
            result = "caught rustling" if caught else "the steer evades you"
            return Choice(f"Keep the roll of {p.roll}: {result}")
        case UseBills():
            return Choice("Pay them off with the Bag o' Bills", primary=True, emoji="💰")
        case Pay():
            return Choice("Take the penalty: a steer, else 3 fences, else jail")
        case Give(s):
            assert p is not None
            return Choice(f"Give the steer on {sq(s)}", group=f"Give {g.names[p.victim]} a steer")
        case Place(s):
            assert p is not None
            what = "the rustled steer" if p.kind == "rustled" else TOKEN_NOUN.get(p.token, "")
            group = f"Place {what}"
            if len(p.choices) > MENU:
                group += f" ({p.choices.index(s) // MENU + 1})"
            them = "them" if p.token == "indian" else "it"
            return Choice(f"Put {them} on {sq(s)}", group=group)
        case Claim(s):
            size = next((len(part) for part in (p.parts if p else ()) if s in part), 0)
            return Choice(f"Claim the part with {sq(s)} ({size} squares)", group="Claim a part")
        case Discard(card):
            return Choice(f"Discard {CARDS[card].short}", group="Discard an item")
        case Target(target):
            return Choice(f"{g.names[target]} loses a turn", group="Who loses a turn")
        case Remove(s):
            label = "Remove the Bandit" if s == BANDIT else f"Remove the Indians on {sq(s)}"
            return Choice(label, group="The Cavalry removes")
    raise TypeError(action)


def column_letters(size: int) -> str:
    return LETTERS[:size]
