"""The words on a Super Cowboy picture: whose turn or who won, and what the last move did."""

from __future__ import annotations

from games.cowboy.board import STEP_WORDS
from games.cowboy.cards import TOKEN_NOUN
from games.cowboy.data import CARDS
from games.cowboy.fields import herds
from games.cowboy.state import (
    BANDIT,
    Again,
    Claim,
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


def _names(g: CowboyState, seats: tuple[int, ...]) -> str:
    names = [g.names[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def status(g: CowboyState) -> str:
    """Who won, who must choose what, or whose turn it is."""
    if g.finished:
        if not g.winners:
            return "The prairie wins: nobody has a steer"
        who = _names(g, g.winners)
        several = len(g.winners) > 1
        if g.finished == "five":
            return f"{who} {'win' if several else 'wins'} with five steers!"
        if g.finished == "left":
            return f"{who} wins: the last player left"
        best = herds(g)[g.winners[0]]
        if several:
            return f"{who} share the win: {best} steers each"
        return f"{who} wins with {best} steer{'s' if best != 1 else ''}"
    limit = g.options.max_rounds
    rounds = f"Round {g.round}" + (f" of {limit}" if limit else "")
    p = g.pending
    if p is None:
        return f"{rounds} · {g.names[g.turn]} to play"
    return f"{g.names[p.seat]} {_choice(g)}"


def _choice(g: CowboyState) -> str:
    p = g.pending
    assert p is not None
    victim = g.names[p.victim] if 0 <= p.victim < len(g.names) else ""
    return {
        "reroll": f"rolled {p.roll}: reroll or keep?",
        "bills": "is caught: pay with the Bills?",
        "give": f"gives {victim} a steer (marked)",
        "rustled": "places the rustled steer (marked)",
        "claim": f"claims part of {victim}'s field (marked)",
        "place": f"places {TOKEN_NOUN.get(p.token, 'a token')} (marked)",
        "discard": "discards an item",
        "target": "picks who loses a turn",
        "remove": "picks what the Cavalry removes",
    }.get(p.kind, "chooses")


def last_move(g: CowboyState, last: object, previous: CowboyState | None) -> str:
    """One sentence on the move that led here (empty at the start)."""
    if previous is None or last is None:
        return f"New game: {g.names[g.turn]} rides first." if previous is None else ""
    actor = previous.pending.seat if previous.pending is not None else previous.turn
    text = f"{g.names[actor]} {_deed(g, last, previous, actor)}"
    if g.last_card is not None and g.deck != previous.deck and g.last_drawer is not None:
        drawer = "" if g.last_drawer == actor else f"{g.names[g.last_drawer]} "
        text += f"; {drawer}drew {CARDS[g.last_card].short}{_effect(g)}"
    return text + "."


def _deed(g: CowboyState, action: object, previous: CowboyState, actor: int) -> str:
    sq = g.board.square_name
    match action:
        case Step(d):
            return f"rode {STEP_WORDS[d]}"
        case Fence():
            moved = previous.moved
            return "built a fence" + (f" {g.board.edge_label(moved)}" if moved is not None else "")
        case Cut():
            return "cut wood"
        case Rope(src, dst):
            return f"roped the steer on {sq(src)} into {sq(dst)}"
        case Rustle(s):
            return f"tried to rustle the steer on {sq(s)}"
        case Fight(s):
            won = s not in g.indians and s in previous.indians
            return f"fought the Indians on {sq(s)}" + ("" if won else "; they got away")
        case Again():
            return "rode on"
        case End():
            return "ended the turn"
        case Reroll():
            return "rerolled with the Lucky Lariat"
        case Keep():
            return "kept the roll"
        case UseBills():
            return "paid with the Bag o' Bills"
        case Pay():
            return "took the penalty"
        case Give(s):
            return f"gave away the steer on {sq(s)}"
        case Place(s):
            return f"put the token on {sq(s)}"
        case Claim(s):
            return f"claimed the part with {sq(s)}"
        case Discard(card):
            return f"discarded {CARDS[card].short}"
        case Target(t):
            return f"made {g.names[t]} lose a turn"
        case Remove(s):
            return "sent the Cavalry: " + ("Bandit" if s == BANDIT else f"Indians on {sq(s)}")
    return "played"


def _effect(g: CowboyState) -> str:
    moved = sum(1 for t in g.trail if t.moved)
    if g.last_card in ("moove", "stampede") and g.trail:
        stopped = len(g.trail) - moved
        return f": {moved} moved" + (f", {stopped} stopped" if stopped else "")
    return ""
