"""The events phase: the card drawn after every turn, its effect, and passing the turn on.

Cards that place a token roll the compass for a random edge tile; the drawer picks the square
among that tile's board-edge squares, free and outside any closed area first. A card whose
token supply is empty does nothing. Choices (square, target, discard, what the Cavalry
removes) are actions of the drawer; a choice with one option is made at once.
"""

from __future__ import annotations

from games.cowboy.board import face, opposite
from games.cowboy.data import CARDS
from games.cowboy.fields import check_win, closed_regions, free, herds
from games.cowboy.state import BANDIT, HAND_LIMIT, KEPT_ITEMS, Pending, Work
from games.cowboy.tokens import compass_text, moove, point_taken, stampede
from games.rng import Rng

TOKEN_NOUN = {"steer": "a roaming steer", "indian": "Indians", "twister": "a twister"}


def draw(w: Work, seat: int, rng: Rng) -> None:
    """``seat`` draws the top event card and it takes effect at once."""
    if not w.deck:
        if not w.discard:
            w.say("The event deck is empty and nothing is discarded; no event.")
            return
        w.deck = rng.shuffle(w.discard)
        w.say(
            f"The event deck ran out: the {len(w.discard)} discards are shuffled into a new deck.",
            minor=True,
        )
        w.discard = []
    card = w.deck.pop(0)
    w.last_card = card
    w.last_drawer = seat
    w.trail = []
    c = CARDS[card]
    if card not in ("moove", "stampede"):  # these tell what moved on the same line
        w.say(f"{w.name(seat)} draws {c.name} — {c.text}")
    if card in KEPT_ITEMS:
        hand = w.hands[seat]
        hand.append(card)
        if len(hand) > HAND_LIMIT:
            choices = tuple(dict.fromkeys(hand))
            w.pending = Pending("discard", seat, choices, events=True)
            w.say(f"{w.name(seat)} holds three items and must discard one.")
        else:
            w.say(f"{w.name(seat)} keeps {c.short}.")
        return
    w.discard.append(card)
    EFFECTS[card](w, seat, rng)


def _edge_tile(w: Work, rng: Rng) -> tuple[int, tuple[int, int]]:
    roll = rng.roll(8)
    tiles = w.board.edge_tiles(roll)
    tile = tiles[0] if len(tiles) == 1 else rng.choice(tiles)
    pick = " (one of the two middle tiles, at random)" if len(tiles) > 1 else ""
    w.say(
        f"The compass shows {compass_text(roll)}: the tile {w.board.tile_span(*tile)}{pick}.",
        minor=True,
    )
    return roll, tile


def _place_card(kind: str) -> object:
    def effect(w: Work, seat: int, rng: Rng) -> None:
        if w.supply[kind] == 0:
            w.say(f"No {kind} tokens are left in the supply; nothing happens.")
            return
        _, tile = _edge_tile(w, rng)
        squares = w.board.tile_edge_squares(*tile)
        fenced = {s for r in closed_regions(w.board, w.fences) for s in r}
        open_free = [s for s in squares if free(w, s) and s not in fenced]
        choices = open_free or [s for s in squares if free(w, s)]
        if not choices:
            w.say("Every edge square of that tile is taken; nothing is placed.")
        elif len(choices) == 1:
            put_token(w, kind, choices[0])
        else:
            w.pending = Pending("place", seat, tuple(choices), events=True, token=kind)
            w.say(f"{w.name(seat)} chooses the square for {TOKEN_NOUN[kind]}.")

    return effect


def put_token(w: Work, kind: str, s: int) -> None:
    {"steer": w.steers, "indian": w.indians, "twister": w.twisters}[kind].append(s)
    w.supply[kind] -= 1
    noun = TOKEN_NOUN[kind]
    w.say(
        f"{noun[0].upper()}{noun[1:]} {'arrive' if kind == 'indian' else 'arrives'} on {w.sq(s)}."
    )
    check_win(w)


def _bandit(w: Work, seat: int, rng: Rng) -> None:
    if w.supply["bandit"] == 0:
        w.say("The Bandit is already on the range; nothing happens.")
        return
    roll, tile = _edge_tile(w, rng)
    f = face(roll)
    p = w.board.outside_corner(roll) if f.dx and f.dy else w.board.tile_centre(*tile)
    if point_taken(w, p):
        w.say(f"Someone stands on {w.where(p)}; the Bandit does not show up.")
        return
    w.bandit = p
    w.supply["bandit"] -= 1
    w.say(f"The Bandit rides in to {w.where(p)}: nobody may stop next to him.")


def _pilgrims(w: Work, seat: int, rng: Rng) -> None:
    if w.supply["pilgrim"] == 0:
        w.say("No Pilgrim tokens are left; nothing happens.")
        return
    roll, tile = _edge_tile(w, rng)
    p = w.board.tile_centre(*tile)
    if point_taken(w, p):
        w.say(f"Someone stands on {w.where(p)}; the Pilgrims pass by.")
        return
    heading = opposite(roll)
    w.pilgrims.append((p, heading))
    w.supply["pilgrim"] -= 1
    w.say(f"Pilgrims arrive on {w.where(p)}, heading {face(heading).word}.")


def _cavalry(w: Work, seat: int, rng: Rng) -> None:
    choices = sorted(w.indians) + ([BANDIT] if w.bandit is not None else [])
    if not choices:
        w.say("There are no Indians and no Bandit; the Cavalry rides by.")
    elif len(choices) == 1:
        remove(w, choices[0])
    else:
        w.pending = Pending("remove", seat, tuple(choices), events=True)
        w.say(f"{w.name(seat)} chooses what the Cavalry removes.")


def remove(w: Work, what: int) -> None:
    if what == BANDIT:
        assert w.bandit is not None
        w.say(f"The Cavalry drives the Bandit off {w.where(w.bandit)}.")
        w.bandit = None
        w.supply["bandit"] += 1
    else:
        w.retire("indian", what)
        w.say(f"The Cavalry drives the Indians off {w.sq(what)}.")


def _lose_turn(w: Work, seat: int, rng: Rng) -> None:
    others = tuple(s for s in w.active() if s != seat)
    if len(others) == 1:
        lose_turn(w, others[0], w.last_card or "")
    else:
        w.pending = Pending("target", seat, others, events=True, token=w.last_card or "")
        w.say(f"{w.name(seat)} chooses the opponent who loses a turn.")


def lose_turn(w: Work, target: int, card: str) -> None:
    w.lost[target] += 1
    why = {
        "noname": "the Man With No Name glares at them",
        "firewater": "they drink the Fire Water",
    }
    w.say(f"{w.name(target)} loses a turn: {why.get(card, 'bad luck')}.")


def _stampede(w: Work, seat: int, rng: Rng) -> None:
    stampede(w, rng, lead=f"{w.name(seat)} draws {CARDS['stampede'].name}")


def _moove(w: Work, seat: int, rng: Rng) -> None:
    moove(w, rng, lead=f"{w.name(seat)} draws {CARDS['moove'].name}")


EFFECTS = {
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
    w.say(f"{w.name(seat)} discards {CARDS[card].short}.")


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
            w.say(f"{w.name(w.turn)} loses this turn.")
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
    rounds = w.options.max_rounds
    over = f"{rounds} rounds are over" if rounds != 1 else "The only round is over"
    if not w.winners:
        w.say(f"{over} and nobody has a steer: the prairie wins.")
        return
    who = " and ".join(w.name(s) for s in w.winners)
    steers = f"{best} steer{'' if best == 1 else 's'}"
    if len(w.winners) == 1:
        w.say(f"{over}: {who} wins with {steers}.")
    else:
        w.say(f"{over}: {who} share the win with {steers} each.")
