"""Cattle Baron in words: the round's announcements, why a pass was forced, the final hauls.

At most about three lines a move reach the channel; the detail of each tie (who is younger)
is a minor event that ``/game history`` keeps.
"""

from __future__ import annotations

from games.base import Event
from games.cattle.model import CattleState, join_names

#: what a THREE! lets the player do, told wherever the shout appears
THREE_MEANS = "a 3 may rustle a whole stock or swiss a colour"
#: what "younger" means on Discord, told wherever the tie rule appears
YOUNGER_MEANS = "the newer Discord account"


def opening_events(state: CattleState) -> tuple[Event, ...]:
    """Every roll, the acting order (saying how ties went), any THREE!; ties in detail minor."""
    names, rolls = state.names, state.rolls
    rolled = ", ".join(f"{names[s]} rolled {rolls[s]}" for s in state.active())
    events = [Event.said(f"Round {state.round}: {rolled}.")]
    by_seat = state.options.ties == "seat"
    ties: list[Event] = []
    for face in range(1, 7):
        tied = [s for s in state.order if rolls[s] == face]
        if len(tied) < 2:
            continue
        who = join_names([names[s] for s in sorted(tied)])
        if len(tied) == 2:
            why = "sits earlier" if by_seat else "is younger"
            text = f"{who} both rolled {face}; {names[tied[0]]} {why} and goes first."
        else:
            first = "in seat order" if by_seat else "youngest first"
            text = f"{who} all rolled {face}; {first}: {', '.join(names[s] for s in tied)}."
        ties.append(Event.said(text, minor=True))
    order = "Order this round: " + ", ".join(names[s] for s in state.order) + "."
    if ties:
        rule = "earlier seat" if by_seat else f"younger ({YOUNGER_MEANS})"
        order += f" Equal rolls: the {rule} first."
    events.append(Event.said(order))
    threes = [names[s] for s in state.order if rolls[s] == 3]
    if threes:
        verb = "shouts" if len(threes) == 1 else "shout"
        events.append(Event.said(f"{join_names(threes)} {verb} THREE! ({THREE_MEANS})."))
    return (*events, *ties)


def pass_reason(state: CattleState, seat: int) -> str:
    """Why the seat's roll leaves it nothing but a pass (its menu holds only Pass)."""
    roll, brand = state.rolls[seat], state.brand(seat)
    if roll in (1, 2):
        return f"no {brand} left in the herd"
    if roll == 3:
        return "nobody to rustle and no stock to swiss"
    if roll == 4:
        return "nothing to switch the stud with"
    return "the herd is empty"


def forced_pass(state: CattleState, seat: int) -> str:
    """'Buck rolled 2: no green left in the herd, passes.'"""
    name, roll = state.names[seat], state.rolls[seat]
    return f"{name} rolled {roll}: {pass_reason(state, seat)}, passes."


def final_events(
    state: CattleState, winners: tuple[int, ...], fates: list[Event]
) -> list[Event]:
    """The end once the herd is empty: each stud's fate (``fates``, minor), the winner and
    the hauls."""
    scores = [state.score(s) for s in range(len(state.names))]
    hauls = ", ".join(f"{state.names[s]} {scores[s]}" for s in state.active())
    best = max(scores[s] for s in state.active())
    who = [state.names[s] for s in winners]
    if len(who) == 1:
        won = f"{who[0]} wins with {best}!"
    else:
        won = f"{join_names(who)} share the win with {best}!"
    return [
        Event.said("The last cow has left the herd: the game is over."),
        *fates,
        Event.said(f"{won} Final hauls: {hauls}."),
    ]
