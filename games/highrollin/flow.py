"""High Rollin' turn flow: rolls, stacking, the penalty, falls, scoring, rounds and games.

Every function takes the state and a list to append events to, and returns the new state. All
chance is drawn here, from the ``rng`` passed in, and every draw is told in an event.
"""

from __future__ import annotations

from dataclasses import replace

from games.base import Event
from games.highrollin.model import (
    COLOURS,
    GAME_SCORE,
    HIGH_FACE,
    MATCH_GAMES,
    MATCH_WINS,
    NO_DICE,
    TURN_DICE,
    Counts,
    Die,
    Fall,
    HighRollinState,
    add,
    count,
    deal,
    drop_chance,
    fall_points,
    knock_chance,
    placements,
    topple_chance,
)
from games.rng import Rng

State = HighRollinState


def dice_data(dice: tuple[Die, ...] | list[Die]) -> list[list[object]]:
    """Dice as event data: ``[["red", 6], ["blue", 1]]``."""
    return [[COLOURS[d.colour], d.face] for d in dice]


def wobble(kind: str, chance: float, **data: object) -> Event:
    """A check that changed nothing: kept in the history, never on the board."""
    return Event(kind, {"chance": chance, **data}, minor=True)


def new_round(state: State, rng: Rng, events: list[Event]) -> State:
    """Deal the piles, roll the four tower bases and roll off for the first player."""
    bases = tuple((Die(c, rng.roll(6)),) for c in range(len(COLOURS)))
    n = len(state.names)
    # the deal is always for the seats at the start; a seat that left puts its pile aside
    piles = deal(n)
    removed = NO_DICE
    for seat in state.out:
        removed = add(removed, piles[seat])
    state = replace(
        state,
        towers=bases,
        piles=tuple(NO_DICE if s in state.out else p for s, p in enumerate(piles)),
        removed=removed,
        hand=(),
        began=0,
        penalty=None,
    )
    throws, first = rolloff(n, rng, state.active())
    state = replace(state, rolloff=throws, turn=first)
    events.extend(announce_round(state))
    return state


def announce_round(state: State) -> list[Event]:
    """The round's start: the tower bases, every roll-off throw (a face per seat, None for a
    seat not rolling) and who starts."""
    data: dict[str, object] = {
        "round": state.round,
        "bases": dice_data([t[0] for t in state.towers]),
        "rolloff": [list(throw) for throw in state.rolloff],
    }
    if state.rolloff:
        data["first"] = first_player(state.rolloff)
    return [Event("round", data)]


def first_player(throws: tuple[tuple[int | None, ...], ...]) -> int:
    """The seat with the lowest face in the last throw of a roll-off (it has no tie)."""
    last = throws[-1]
    return min((f, s) for s, f in enumerate(last) if f is not None)[1]


def rolloff(
    players: int, rng: Rng, seats: tuple[int, ...] | None = None
) -> tuple[tuple[tuple[int | None, ...], ...], int]:
    """Everyone (in ``seats``) rolls one die; the lowest starts; ties for lowest roll again."""
    rolling = list(range(players) if seats is None else seats)
    throws = []
    while True:
        throw: list[int | None] = [None] * players
        for seat in rolling:
            throw[seat] = rng.roll(6)
        throws.append(tuple(throw))
        low = min(f for f in throw if f is not None)
        rolling = [s for s in rolling if throw[s] == low]
        if len(rolling) == 1:
            return tuple(throws), rolling[0]


def start_turn(
    state: State, counts: Counts, rng: Rng, events: list[Event], *, forced: bool = False
) -> State:
    """Roll ``counts`` from the pile; ``forced``: the pile allowed no other roll, so the roll
    itself is history only (the picture shows the dice; what follows is told)."""
    piles = list(state.piles)
    piles[state.turn] = add(piles[state.turn], counts, -1)
    dice = [c for c in range(len(COLOURS)) for _ in range(counts[c])]
    state = replace(state, piles=tuple(piles), began=len(dice))
    told = len(events)
    state = roll_hand(state, dice, rng, events)
    if forced and events[told].kind == "roll":
        events[told] = replace(events[told], minor=True)
    return state


def roll_hand(state: State, colours: list[int], rng: Rng, events: list[Event]) -> State:
    """Roll the given dice, then: a knock, a penalty, or stacking."""
    hand = tuple(sorted(Die(c, rng.roll(6)) for c in colours))
    seat = state.turn
    events.append(Event("roll", {"seat": seat, "dice": dice_data(hand)}))
    state = replace(state, hand=hand)
    tallest = max(len(t) for t in state.towers)
    chance = knock_chance(tallest) if state.options.towers == "wobbly" else 0.0
    if chance > 0:
        draw = rng.random()
        if draw < chance:
            tied = state.tallest()
            tower = tied[0] if len(tied) == 1 else rng.choice(tied)
            # the dice go back to the pile unplayed: the knock's line tells the roll
            events[-1] = replace(events[-1], minor=True)
            return tower_falls(state, tower, "knock", chance, draw, rng, events)
        events.append(wobble("shake", chance, draw=draw, height=tallest))
    if placements(state):
        return state
    high = max(d.face for d in hand)
    tied = [t for t in state.tallest() if len(state.towers[t]) > 1]
    rolled = next(i for i in range(len(events) - 1, -1, -1) if events[i].kind == "roll")
    events[rolled] = replace(events[rolled], minor=True)  # the penalty line tells the roll
    data = {"seat": seat, "penalty": high, "towers": tied, "dice": dice_data(hand)}
    events.append(Event("penalty", data))
    if not tied:
        return end_turn(state, events)
    if len(tied) > 1:
        return replace(state, penalty=high)
    return lift(replace(state, penalty=high), tied[0], rng, events)


def place(
    state: State, index: int, tower: int, rng: Rng, events: list[Event], *, alone: bool = False
) -> State:
    """Stack a rolled die; ``alone``: it was the only die that fit, and only there."""
    die = state.hand[index]
    seat = state.turn
    towers = list(state.towers)
    towers[tower] = (*towers[tower], die)
    height = len(towers[tower])
    hand = state.hand[:index] + state.hand[index + 1 :]
    state = replace(state, towers=tuple(towers), hand=hand)
    data = {"seat": seat, "die": dice_data([die])[0], "tower": tower, "height": height}
    told = len(events)
    events.append(Event("stack", {**data, "alone": alone}))
    chance = topple_chance(height) if state.options.towers == "wobbly" else 0.0
    if chance > 0:
        draw = rng.random()
        if draw < chance:
            # the fall's line tells the die that toppled it
            events[told] = replace(events[told], minor=True)
            state = tower_falls(state, tower, "topple", chance, draw, rng, events)
            return state
        events.append(wobble("wobble", chance, draw=draw, tower=tower))
    if hand:
        if not placements(state):
            # told in the stacking line ("...; 2 dice fit nowhere"), kept in the history too
            events[told] = replace(events[told], data={**events[told].data, "left": len(hand)})
            events.append(Event("stuck", {"seat": seat, "left": len(hand)}, minor=True))
        return state
    if state.began == TURN_DICE:
        events[told] = replace(events[told], minor=True)  # the score line says it all
        tops = [t[-1].face for t in state.towers]
        points = sum(tops)
        state = score(state, seat, points)
        total = state.scores[seat]
        events.append(
            Event("score", {"seat": seat, "tops": tops, "points": points, "total": total})
        )
        if over(state):
            return state
    else:
        # the pile is empty now: the going-out line that follows tells the rest, this die too
        events[told] = replace(events[told], minor=True)
        events.append(Event("emptied", {"seat": seat}, minor=True))
        state = end_turn(state, events)
        if events[-1].kind == "out":
            events[-1] = replace(events[-1], data={**events[-1].data, "die": data})
        return state
    return end_turn(state, events)


def stack_rest(
    state: State, steps: tuple[tuple[Die, int], ...], rng: Rng, events: list[Event]
) -> State:
    """Stack ``steps`` (the suggestion: die and tower) one by one until the dice run out, a
    tower falls or the game ends; told as one line (``stacked``), each die kept in the history."""
    seat, told, done = state.turn, len(events), []
    for die, tower in steps:
        state = place(state, state.hand.index(die), tower, rng, events)
        if state.fall is not None:
            break  # the fall's line tells the die that toppled it
        done.append([*dice_data([die])[0], tower])
        if not state.hand or over(state) or state.turn != seat:
            break
    for i in range(told, len(events)):
        if events[i].kind in ("stack", "stuck"):
            events[i] = replace(events[i], minor=True)
    left = len(state.hand) if state.turn == seat and state.fall is None else 0
    # a five-dice score's line says it all ("stacked all five dice and scores ...")
    if done and any(e.kind == "out" and "die" in e.data for e in events[told:]):
        done.pop()  # the going-out line tells the last die
    fell = next((i for i in range(told, len(events)) if events[i].kind == "fall"), None)
    if fell is not None and done:
        # "stacked red 1 on 1, then blue 2 on tower 3, and it toppled": one line
        events[fell] = replace(events[fell], data={**events[fell].data, "before": done})
        done = []
    scored = any(e.kind == "score" for e in events[told:])
    stacked = Event("stacked", {"seat": seat, "dice": done, "left": left}, minor=scored or not done)
    events.insert(told, stacked)
    return state


def lift(state: State, tower: int, rng: Rng, events: list[Event]) -> State:
    """The penalty: take dice off the top of ``tower`` (never the base) into the pile."""
    assert state.penalty is not None
    seat = state.turn
    stack = state.towers[tower]
    k = min(state.penalty, len(stack) - 1)
    lifted = stack[len(stack) - k :]
    towers = list(state.towers)
    towers[tower] = stack[: len(stack) - k]
    piles = list(state.piles)
    piles[seat] = add(piles[seat], count(lifted))
    state = replace(state, towers=tuple(towers), piles=tuple(piles), penalty=None)
    chance = drop_chance(k) if state.options.towers == "wobbly" else 0.0
    took = {"seat": seat, "count": k, "tower": tower}
    if chance > 0:
        draw = rng.random()
        if draw < chance:
            fallen = tuple(Die(d.colour, rng.roll(6)) for d in lifted)
            slip = {"chance": chance, "draw": draw, "faces": [d.face for d in fallen]}
            events.append(Event("slip", {**took, **slip}))
            fall = Fall("drop", tower, k, chance, fallen)
            state = replace(state, fall=fall)
            state = reward_others(state, fallen, events)
            return state if over(state) else end_turn(state, events)
        events.append(Event("lift", {**took, "dice": dice_data(lifted)}))
        events.append(wobble("held", chance, draw=draw))
    else:
        events.append(Event("lift", {**took, "dice": dice_data(lifted)}))
    return end_turn(state, events)


def tower_falls(
    state: State,
    tower: int,
    kind: str,
    chance: float,
    draw: float,
    rng: Rng,
    events: list[Event],
) -> State:
    """Dice fall off a tower (``kind``: a topple or a knock, with the ``chance`` that applied
    and the ``draw`` that felled it): the others score, 4-6 go to the culprit, 1-3 leave the
    round."""
    stack = state.towers[tower]
    height = len(stack)
    j = rng.randint(1, height - 1)
    fallen = tuple(Die(d.colour, rng.roll(6)) for d in stack[height - j :])
    towers = list(state.towers)
    towers[tower] = stack[: height - j]
    keep = tuple(d for d in fallen if d.face >= HIGH_FACE)
    gone = tuple(d for d in fallen if d.face < HIGH_FACE)
    piles = list(state.piles)
    piles[state.turn] = add(piles[state.turn], count(keep))
    state = replace(
        state,
        towers=tuple(towers),
        piles=tuple(piles),
        removed=add(state.removed, count(gone)),
        fall=Fall(kind, tower, height, chance, fallen),
    )
    data = {"seat": state.turn, "cause": kind, "tower": tower, "height": height}
    if kind == "topple":
        data["die"] = dice_data([stack[-1]])[0]
    data |= {"chance": chance, "draw": draw, "dice": dice_data(fallen)}
    events.append(Event("fall", data))
    state = reward_others(state, fallen, events)
    return state if over(state) else end_turn(state, events)


def reward_others(state: State, fallen: tuple[Die, ...], events: list[Event]) -> State:
    points = fall_points(fallen)
    others = [s for s in state.active() if s != state.turn]
    for seat in others:
        state = score(state, seat, points)
    totals = [state.scores[s] for s in others]
    data = {"seat": state.turn, "others": others, "points": points, "totals": totals}
    # told in the line of the fall (or slip) just before, kept in the history on its own
    fell = events[-1]
    events[-1] = replace(fell, data={**fell.data, "reward": data})
    events.append(Event("reward", data, minor=True))
    return state


def score(state: State, seat: int, points: int) -> State:
    scores = list(state.scores)
    scores[seat] += points
    return replace(state, scores=tuple(scores))


def end_turn(state: State, events: list[Event]) -> State:
    """Unstacked dice go back to the pile; an empty pile goes out; otherwise the next seat."""
    seat = state.turn
    piles = list(state.piles)
    piles[seat] = add(piles[seat], count(state.hand))
    state = replace(state, piles=tuple(piles), hand=(), began=0, penalty=None)
    if sum(piles[seat]) == 0:
        return go_out(state, events)
    return replace(state, turn=state.next_seat(seat))


def go_out(state: State, events: list[Event]) -> State:
    """Score one point per die in the other piles; ``apply`` then deals the next round."""
    seat = state.turn
    left = sum(sum(p) for s, p in enumerate(state.piles) if s != seat)
    state = score(state, seat, left)
    events.append(Event("out", {"seat": seat, "left": left, "total": state.scores[seat]}))
    return state


def over(state: State) -> bool:
    return max(state.scores) > GAME_SCORE


def round_over(state: State) -> bool:
    """The player to act went out: an empty pile and nothing in hand."""
    return not state.hand and state.penalty is None and sum(state.piles[state.turn]) == 0


def settle(state: State, rng: Rng, events: list[Event]) -> State:
    """After every move: end the game when a score passed 100, or deal a round after going out."""
    if over(state):
        return finish(state, rng, events)
    if round_over(state):
        return new_round(replace(state, round=state.round + 1), rng, events)
    return state


def finish(state: State, rng: Rng, events: list[Event]) -> State:
    """A score passed 100: the game ends at once; in a match, maybe the next game begins."""
    seat = state.turn
    piles = list(state.piles)
    piles[seat] = add(piles[seat], count(state.hand))
    state = replace(state, piles=tuple(piles), hand=(), began=0, penalty=None)
    top = max(state.scores[s] for s in state.active())
    winners = tuple(s for s in state.active() if state.scores[s] == top)
    table = [[s, state.scores[s]] for s in state.active()]
    if not state.options.match:
        events.append(Event("won", {"winners": list(winners), "table": table}))
        return replace(state, winners=winners)
    wins = list(state.wins)
    best = list(state.best)
    for s in winners:
        wins[s] += 1
        best[s] = max(best[s], top)
    state = replace(state, wins=tuple(wins), best=tuple(best))
    game = {"game": state.game, "winners": list(winners), "table": table}
    events.append(Event("game_won", game))
    most = max(wins[s] for s in state.active())
    if most < MATCH_WINS and state.game < MATCH_GAMES:
        state = replace(state, game=state.game + 1, round=1, scores=(0,) * len(state.names))
        events.append(Event("next_game", {"game": state.game}))
        return new_round(state, rng, events)
    if most >= MATCH_WINS:
        leaders = [s for s in state.active() if wins[s] == most]
    else:
        leaders = [s for s in state.active() if wins[s] > 0]
    high = max(best[s] for s in leaders)
    champs = tuple(s for s in leaders if best[s] == high)
    # "wins": most games won decides; "best": nobody won two, the best winning score decides
    decided = {"by": "wins" if most >= MATCH_WINS else "best", "wins": most}
    events.append(Event("match_won", {"winners": list(champs), **decided}))
    return replace(state, winners=champs)
