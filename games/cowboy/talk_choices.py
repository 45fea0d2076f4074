"""Super Cowboy's choices in words: the buttons and menus of each legal action, what a pending
choice asks, and the status line, in the active locale."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.base import MOVE_BUTTONS, Choice
from games.cowboy import notation
from games.cowboy.fields import free_field_squares, herd, herds, owner_map, roaming
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
    Ride,
    Rope,
    Rustle,
    Step,
    StepThen,
    Target,
    UseBills,
)
from games.cowboy.talk_names import CAN, card_short, edge, everyone, step_word, who
from games.cowboy.turn import (
    AXE_FENCES,
    CUT_FENCES,
    FIGHT_WIN,
    SIX_SHOOTER_WIN,
    looked_ahead,
    ride_path,
    stepped,
    turn_actions,
)
from games.memo import last_answer
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

MENU = 25  # options per select menu
ARROWS = {"n": "⬆️", "e": "➡️", "s": "⬇️", "w": "⬅️"}
#: a two-step ride's arrow, by where it leads
RIDE_ARROWS = {
    "nn": "⏫",
    "ss": "⏬",
    "ee": "⏩",
    "ww": "⏪",
    "ne": "↗️",
    "nw": "↖️",
    "se": "↘️",
    "sw": "↙️",
}
#: squares a prompt lists at most
LISTED = 12
#: a choice with at most this many options shows them as buttons (one tap each), not a menu
AS_BUTTONS = MOVE_BUTTONS


def prompt(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """What a pending choice (``notation.pending_data``) asks, in words."""
    kind = data.get("kind")
    name = who(names, data.get("seat"))
    victim = who(names, data.get("victim"))
    choices = list(data.get("choices", ()))
    squares = ", ".join(str(c) for c in choices[:LISTED])
    told = {"name": name, "victim": victim, "squares": squares, "roll": data.get("roll")}
    if kind == "reroll":
        return _("{name} rolled {roll}: `reroll` with the Lucky Lariat or `keep`").format(**told)
    if kind == "bills":
        return _(
            "{name} is caught: use the Bag o' Bills (`bills`) or take the penalty (`pay`)"
        ).format(**told)
    if kind == "give":
        return _("{name} gives {victim} a steer: `give` one of {squares}").format(**told)
    if kind == "rustled":
        return _("{name} places the rustled steer: `place` on {squares}").format(**told)
    if kind == "claim":
        return _("{name} claims a part of {victim}'s field: `claim` {squares}").format(**told)
    if kind == "place":
        return _place_prompt(str(data.get("token", ""))).format(**told)
    if kind == "discard":
        listed = ", ".join(f"`discard {c}`" for c in choices)
        return _("{name} discards an item: {choices}").format(name=name, choices=listed)
    if kind == "target":
        listed = ", ".join(f"`target {who(names, s)}`" for s in choices)
        return _("{name} picks who loses a turn: {choices}").format(name=name, choices=listed)
    listed = ", ".join(f"`remove {c}`" for c in choices)
    return _("{name} picks what the Cavalry removes: {choices}").format(name=name, choices=listed)


def _place_prompt(token: str) -> str:
    if token == "indian":
        return _("{name} places Indians: `place` on {squares}")
    if token == "twister":
        return _("{name} places a twister: `place` on {squares}")
    return _("{name} places a roaming steer: `place` on {squares}")


def status_line(g: CowboyState) -> str:
    """One plain line for status listings: the round, who acts, everyone's steers."""
    counts = ", ".join(
        _("{name} {n}").format(name=n, n=c) for n, c in zip(g.names, herds(g), strict=True)
    )
    if g.finished and not g.winners:
        return _("the prairie wins: nobody has a steer ({counts})").format(counts=counts)
    if g.finished:
        return _("won by {names} ({counts})").format(
            names=everyone(g.names, g.winners), counts=counts
        )
    limit = g.options.max_rounds
    if limit:
        rounds = _("round {round}/{limit}").format(round=g.round, limit=limit)
    else:
        rounds = _("round {round}").format(round=g.round)
    if g.pending is not None:
        doing = prompt(notation.pending_data(g), g.names)
    else:
        doing = _("{name} to play").format(name=g.names[g.turn])
    return _("{rounds}; {doing}; steers: {counts}").format(
        rounds=rounds, doing=doing, counts=counts
    )


def describe(g: CowboyState, seat: int, action: CowboyAction) -> Choice:
    """How the action UI shows ``action``: its label, menu, note and rank. When every legal
    action fits the buttons (``AS_BUTTONS``), none goes into a menu: one tap each; otherwise
    the buttons left beside the steps, the fence, cutting wood and ending the turn go to the
    most decisive actions of the menus (``on_buttons``)."""
    choice = _turn_choice(g, seat, action) or _pending_choice(g, seat, action)
    if choice.group is not None and g.pending is None and _lifted(g, seat, action):
        choice = replace(choice, group=None)
        if isinstance(action, Rope):  # the label alone must name the steer
            label = _("Rope the steer on {square} into {field}").format(
                square=g.board.square_name(action.src), field=g.board.square_name(action.dst)
            )
            choice = replace(choice, label=label)
    r = notation.rank(g, seat, action)
    return replace(choice, rank=r) if r else choice


def _lifted(g: CowboyState, seat: int, action: CowboyAction) -> bool:
    """Whether a turn action of a menu is a button after all."""
    return len(turn_actions(g, seat)) <= AS_BUTTONS or action in on_buttons(g, seat)


def _single(g: CowboyState, action: CowboyAction) -> bool:
    """The turn actions that are always buttons: a step that ends the turn (from the start of
    the turn, or after riding on), the fence, cutting wood, ending the turn."""
    if isinstance(action, StepThen):
        return action.then == "end"
    if isinstance(action, Step):
        return g.phase != "start"
    return isinstance(action, Fence | Cut | End)


@last_answer(CowboyState)  # each action of one board asks
def on_buttons(g: CowboyState, seat: int) -> list[CowboyAction]:
    """The turn actions of the menus shown as buttons, as many as the buttons have room for
    beside the steps that end the turn, the fence, cutting wood and ending the turn, in the
    order of ``_by_use``. Empty when every action is a button already."""
    if g.pending is not None:
        return []
    actions = turn_actions(g, seat)
    if len(actions) <= AS_BUTTONS:
        return []
    room = AS_BUTTONS - sum(1 for a in actions if _single(g, a))
    lifted: list[CowboyAction] = []
    for group in _by_use(g, seat, actions):
        if len(group) <= room:
            lifted += group
            room -= len(group)
    return lifted


def _by_use(
    g: CowboyState, seat: int, actions: Sequence[CowboyAction]
) -> list[Sequence[CowboyAction]]:
    """The menus' turn actions in the order they get the free buttons, each rope with every
    square it may pen the steer on: ropes, rustles and fights, a step and a fence that closes a
    field, two-step rides to a steer, the other steps and fences, plain steps, other rides."""
    ropes: dict[int, list[CowboyAction]] = {}
    for a in actions:
        if isinstance(a, Rope):
            ropes.setdefault(a.src, []).append(a)
    gambles = [a for a in actions if isinstance(a, Rustle | Fight)]
    fences = [a for a in actions if isinstance(a, StepThen) and a.then == "fence"]
    closing = [a for a in fences if notation.rank(g, seat, a) >= notation.RANK_CLOSES]
    rides = [a for a in actions if isinstance(a, Ride)]
    near = [a for a in rides if _to_a_steer(g, seat, a)]
    steps = [a for a in actions if isinstance(a, Step)]
    rest = [a for a in fences if a not in closing] + steps + [a for a in rides if a not in near]
    return [*ropes.values(), *([a] for a in [*gambles, *closing, *near, *rest])]


def _to_a_steer(g: CowboyState, seat: int, ride: Ride) -> bool:
    """Whether a two-step ride ends next to a roaming steer."""
    path = ride_path(g, seat, ride)
    return path is not None and bool(set(roaming(g)).intersection(g.board.around(path[1])))


def _turn_choice(g: CowboyState, seat: int, action: CowboyAction) -> Choice | None:
    sq = g.board.square_name
    match action:
        case StepThen(d, "end"):
            return Choice(_("Ride {direction}").format(direction=step_word(d)), emoji=ARROWS[d])
        case StepThen(d):
            return _step_fence_choice(g, seat, d)
        case Step(d) if g.phase == "start":
            return _step_choice(g, seat, d)
        case Step(d):
            return Choice(_("Ride {direction}").format(direction=step_word(d)), emoji=ARROWS[d])
        case Fence():
            return _fence_choice(g)
        case Cut():
            gain = AXE_FENCES if "axe" in g.hands[seat] else CUT_FENCES
            label = ngettext("Cut wood (+{n} fence)", "Cut wood (+{n} fences)", gain)
            return Choice(label.format(n=gain), emoji="🪓")
        case Again():
            return Choice(_("Ride on (one more step)"), emoji="🐎")
        case Ride(first, then):
            told = {"first": step_word(first), "then": step_word(then)}
            emoji = RIDE_ARROWS.get(first + then) or RIDE_ARROWS.get(then + first)
            if _to_a_steer(g, seat, action):
                label = _("Ride {first}, then {then} to a steer").format(**told)
            else:
                label = _("Ride {first}, then {then}").format(**told)
            if action in on_buttons(g, seat):
                return Choice(label, emoji=emoji)
            return Choice(label, group=_("Ride two steps"), emoji=emoji)
        case End():
            return Choice(_("End the turn"), emoji="🛑")
        case Rope(src, dst):
            dsts = free_field_squares(g, seat)
            group = _("Rope the steer on {square}").format(square=sq(src))
            if len(dsts) > MENU:
                page = dsts.index(dst) // MENU + 1
                group = _("{menu} ({page})").format(menu=group, page=page)
            note = _("your fifth steer: you win") if herd(g, seat) + 1 >= WIN else ""
            return Choice(_("Pen it on {square}").format(square=sq(dst)), group=group, note=note)
        case Rustle(s):
            victim = owner_map(g.fields)[s]
            if "brander" in g.hands[victim]:
                odds = _("anything but 6-8 is caught (Butt Brander)")
            else:
                odds = _("D8: 6-8 takes it, 1-2 you are caught")
            label = _("Rustle {owner}'s steer on {square}").format(
                owner=g.names[victim], square=sq(s)
            )
            return Choice(label, group=_("Rustle a steer"), note=odds)
        case Fight(s):
            need = SIX_SHOOTER_WIN if "sixshooter" in g.hands[seat] else FIGHT_WIN
            note = _("D8: {need}+ drives them off, else they move").format(need=need)
            label = _("Fight the Indians on {square}").format(square=sq(s))
            return Choice(label, group=_("Fight Indians"), note=note)
    return None


def _fence_choice(g: CowboyState) -> Choice:
    where = edge(g.board.edge_place(g.moved)) if g.moved is not None else ""
    label = _("Build a fence {edge}").format(edge=where) if where else _("Build a fence")
    return Choice(label, primary=True, emoji="🪵", note=_fence_note(g))


def _fence_note(g: CowboyState) -> str:
    """What a fence on the segment just ridden closes, if anything."""
    closes, steers = notation.fence_closes(g)
    if steers:
        return ngettext(
            "closes a field with {n} steer", "closes a field with {n} steers", steers
        ).format(n=steers)
    return _("closes a field") if closes else ""


def _step_fence_choice(g: CowboyState, seat: int, d: str) -> Choice:
    """One step and the fence on the segment ridden; marked when it closes a field."""
    after = stepped(g, seat, d)
    note = "" if after is None else _fence_note(after)
    label = _("Ride {direction} and fence").format(direction=step_word(d))
    group = _("Ride and build a fence")
    return Choice(label, group=group, primary=bool(note), emoji="🪵", note=note)


def _step_choice(g: CowboyState, seat: int, d: str) -> Choice:
    """A plain step from the start of the turn, offered for what may be done where it leads
    (the fence and the end of the turn have their own moves)."""
    ahead = looked_ahead(g, seat, d)
    more = [] if ahead is None else ahead[1]
    kinds = dict.fromkeys(type(a).__name__ for a in more if not isinstance(a, Fence | End))
    can = [_(CAN[k]) for k in kinds if k in CAN]
    label = _("Ride {direction}, then more").format(direction=step_word(d))
    note = _("then: {actions}").format(actions=", ".join(can))
    return Choice(label, group=_("Ride and act there"), emoji=ARROWS[d], note=note)


def _pending_choice(g: CowboyState, seat: int, action: CowboyAction) -> Choice:
    choice = _pending_menu(g, action)
    p = g.pending
    if p is not None and choice.group is not None and len(p.choices) <= AS_BUTTONS:
        return replace(choice, group=None)
    return choice


def _pending_menu(g: CowboyState, action: CowboyAction) -> Choice:
    sq = g.board.square_name
    p = g.pending
    match action:
        case Reroll():
            return Choice(_("Reroll with the Lucky Lariat"), primary=True, emoji="🎲")
        case Keep():
            assert p is not None
            if p.roll <= 2 or "brander" in g.hands[p.victim]:
                label = _("Keep the roll of {roll}: caught rustling")
            else:
                label = _("Keep the roll of {roll}: the steer evades you")
            return Choice(label.format(roll=p.roll))
        case UseBills():
            return Choice(_("Pay them off with the Bag o' Bills"), primary=True, emoji="💰")
        case Pay():
            return Choice(_("Take the penalty: a steer, else 3 fences, else jail"))
        case Give(s):
            assert p is not None
            group = _("Give {name} a steer").format(name=g.names[p.victim])
            return Choice(_("Give the steer on {square}").format(square=sq(s)), group=group)
        case Place(s):
            assert p is not None
            return _place_choice(g, s)
        case Claim(s):
            size = next((len(part) for part in (p.parts if p else ()) if s in part), 0)
            label = ngettext(
                "Claim the part with {square} ({n} square)",
                "Claim the part with {square} ({n} squares)",
                size,
            ).format(square=sq(s), n=size)
            return Choice(label, group=_("Claim a part"))
        case Discard(card):
            label = _("Discard {item}").format(item=card_short(card))
            return Choice(label, group=_("Discard an item"))
        case Target(target):
            label = _("{name} loses a turn").format(name=g.names[target])
            return Choice(label, group=_("Who loses a turn"))
        case Remove(s):
            if s == BANDIT:
                label = _("Remove the Bandit")
            else:
                label = _("Remove the Indians on {square}").format(square=sq(s))
            return Choice(label, group=_("The Cavalry removes"))
    raise TypeError(action)


def _place_choice(g: CowboyState, s: int) -> Choice:
    p = g.pending
    assert p is not None
    sq = g.board.square_name
    if p.kind == "rustled":
        group = _("Place the rustled steer")
    elif p.token == "indian":
        group = _("Place Indians")
    elif p.token == "twister":
        group = _("Place a twister")
    else:
        group = _("Place a roaming steer")
    if len(p.choices) > MENU:
        group = _("{menu} ({page})").format(menu=group, page=p.choices.index(s) // MENU + 1)
    if p.token == "indian" and p.kind != "rustled":
        label = _("Put them on {square}")
    else:
        label = _("Put it on {square}")
    return Choice(label.format(square=sq(s)), group=group)
