"""The events phase: the card drawn after every turn, its effect, and passing the turn on.

Cards that place a token roll the compass for a random edge tile; the drawer picks the square
among that tile's board-edge squares, free and outside any closed area first. A card whose
token supply is empty does nothing. Choices (square, target, discard, what the Cavalry
removes) are actions of the drawer; a choice with one option is made at once.
"""

from __future__ import annotations

from collections.abc import Callable

from games.cowboy.board import face, opposite
from games.cowboy.fields import check_win, closed_regions, free, herds
from games.cowboy.state import BANDIT, HAND_LIMIT, KEPT_ITEMS, Pending, Work
from games.cowboy.tokens import moove, point_taken, stampede
from games.rng import Rng

#: a card's effect on the game, played by the seat that drew it
Effect = Callable[[Work, int, Rng], None]


def draw(w: Work, seat: int, rng: Rng) -> None:
    """``seat`` draws the top event card and it takes effect at once."""
    if not w.deck:
        if not w.discard:
            w.tell("deck_empty")
            return
        w.deck = rng.shuffle(w.discard)
        w.tell("reshuffle", minor=True, cards=len(w.discard))
        w.discard = []
    card = w.deck.pop(0)
    w.last_card = card
    w.last_drawer = seat
    w.trail = []
    if card not in ("moove", "stampede"):  # these tell what moved on the same line
        w.tell("draw", seat=seat, card=card)
    if card in KEPT_ITEMS:
        hand = w.hands[seat]
        hand.append(card)
        if len(hand) > HAND_LIMIT:
            choices = tuple(dict.fromkeys(hand))
            w.pending = Pending("discard", seat, choices, events=True)
            w.tell("must_discard", minor=True, seat=seat)
        else:
            w.tell("keep_item", minor=True, seat=seat, card=card)
        return
    w.discard.append(card)
    EFFECTS[card](w, seat, rng)


def _edge_tile(w: Work, rng: Rng) -> tuple[int, tuple[int, int]]:
    roll = rng.roll(8)
    tiles = w.board.edge_tiles(roll)
    tile = tiles[0] if len(tiles) == 1 else rng.choice(tiles)
    span = w.board.tile_span(*tile)
    w.tell("compass", minor=True, roll=roll, tile=span, random=len(tiles) > 1)
    return roll, tile


def _place_card(kind: str) -> Effect:
    def effect(w: Work, seat: int, rng: Rng) -> None:
        if w.supply[kind] == 0:
            w.tell("no_tokens", minor=True, token=kind)
            return
        _, tile = _edge_tile(w, rng)
        squares = w.board.tile_edge_squares(*tile)
        fenced = {s for r in closed_regions(w.board, w.fences) for s in r}
        open_free = [s for s in squares if free(w, s) and s not in fenced]
        choices = open_free or [s for s in squares if free(w, s)]
        if not choices:
            w.tell("edge_full", minor=True)
        elif len(choices) == 1:
            put_token(w, kind, choices[0])
        else:
            w.pending = Pending("place", seat, tuple(choices), events=True, token=kind)
            w.tell("choose_square", minor=True, seat=seat, token=kind)

    return effect


def put_token(w: Work, kind: str, s: int) -> None:
    {"steer": w.steers, "indian": w.indians, "twister": w.twisters}[kind].append(s)
    w.supply[kind] -= 1
    w.tell("arrives", token=kind, square=w.sq(s))
    check_win(w)


def _bandit(w: Work, seat: int, rng: Rng) -> None:
    if w.supply["bandit"] == 0:
        w.tell("bandit_busy", minor=True)
        return
    roll, tile = _edge_tile(w, rng)
    f = face(roll)
    p = w.board.outside_corner(roll) if f.dx and f.dy else w.board.tile_centre(*tile)
    if point_taken(w, p):
        w.tell("bandit_blocked", minor=True, point=w.where(p))
        return
    w.bandit = p
    w.supply["bandit"] -= 1
    w.tell("bandit", point=w.where(p))


def _pilgrims(w: Work, seat: int, rng: Rng) -> None:
    if w.supply["pilgrim"] == 0:
        w.tell("no_tokens", minor=True, token="pilgrim")
        return
    roll, tile = _edge_tile(w, rng)
    p = w.board.tile_centre(*tile)
    if point_taken(w, p):
        w.tell("pilgrims_blocked", minor=True, point=w.where(p))
        return
    heading = opposite(roll)
    w.pilgrims.append((p, heading))
    w.supply["pilgrim"] -= 1
    w.tell("pilgrims", point=w.where(p), heading=heading)


def _cavalry(w: Work, seat: int, rng: Rng) -> None:
    choices = sorted(w.indians) + ([BANDIT] if w.bandit is not None else [])
    if not choices:
        w.tell("cavalry_idle", minor=True)
    elif len(choices) == 1:
        remove(w, choices[0])
    else:
        w.pending = Pending("remove", seat, tuple(choices), events=True)
        w.tell("choose_remove", minor=True, seat=seat)


def remove(w: Work, what: int) -> None:
    if what == BANDIT:
        assert w.bandit is not None
        w.tell("cavalry", point=w.where(w.bandit))
        w.bandit = None
        w.supply["bandit"] += 1
    else:
        w.retire("indian", what)
        w.tell("cavalry", square=w.sq(what))


def _lose_turn(w: Work, seat: int, rng: Rng) -> None:
    others = tuple(s for s in w.active() if s != seat)
    if len(others) == 1:
        lose_turn(w, others[0], w.last_card or "")
    else:
        w.pending = Pending("target", seat, others, events=True, token=w.last_card or "")
        w.tell("choose_target", minor=True, seat=seat)


def lose_turn(w: Work, target: int, card: str) -> None:
    w.lost[target] += 1
    w.tell("lose_turn", seat=target, card=card)


def _stampede(w: Work, seat: int, rng: Rng) -> None:
    stampede(w, rng, seat)


def _moove(w: Work, seat: int, rng: Rng) -> None:
    moove(w, rng, seat)


EFFECTS: dict[str, Effect] = {
    "moove": _moove,
    "steer": _place_card("steer"),
    "twister": _place_card("twister"),
    "indian": _place_card("indian"),
    "cavalry": _cavalry,
    "noname": _lose_turn,
    "stampede": _stampede,
    "bandit": _bandit,
    "pilgrims": _pilgrims,
    "firewater": _lose_turn,
}


def discard_item(w: Work, seat: int, card: str) -> None:
    w.hands[seat].remove(card)
    w.discard.append(card)
    w.tell("discard", seat=seat, card=card)


# Passing the turn ---------------------------------------------------------------------------


def end_turn(w: Work, rng: Rng) -> None:
    """The acting player's turn is over: the events phase, then the next player."""
    if w.over:
        return
    w.phase, w.moved = "start", None
    draw(w, w.turn, rng)
    if not w.over and w.pending is None:
        next_turn(w)


def next_turn(w: Work) -> None:
    """Pass the turn on, skipping lost turns; the round limit ends the game."""
    if w.over:
        return
    w.phase, w.moved = "start", None
    n = len(w.names)
    while True:
        w.turn = (w.turn + 1) % n
        if w.turn == w.first:
            w.round += 1
            limit = w.options.max_rounds
            if limit and w.round > limit:
                _finish_by_rounds(w)
                return
        if w.turn in w.out:
            continue
        if w.lost[w.turn]:
            w.lost[w.turn] -= 1
            w.tell("skip", seat=w.turn)
            continue
        return


def _finish_by_rounds(w: Work) -> None:
    """The round limit: most steers wins, ties share, and at 0-0 nobody (the prairie wins)."""
    counts = herds(w)
    best = max(counts[s] for s in w.active())
    w.winners = tuple(s for s in w.active() if counts[s] == best) if best else ()
    w.finished = "rounds"
    w.round = w.options.max_rounds
    w.pending = None
    w.tell("rounds_over", rounds=w.options.max_rounds, seats=list(w.winners), steers=best)
