"""Super Farmer computer players.

Easy trades with the stock for a missing animal (never giving away the last of a kind it
needs), buys a dog when it has animals to spare, answers offers that help it, then rolls.
Strong weighs every trade (and not trading) by playing its herd on from each choice many times
by itself, the same dice for every choice, and keeps the one that wins soonest. It offers
trades to another player only at a bigger table: at two, an offer the rival accepts gets the
rival a missing animal too.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from games.farm import (
    FOX_DIE,
    NEEDED,
    SIMPLE_RATES,
    VALUE,
    WOLF_DIE,
    Accept,
    Decline,
    Offer,
    Roll,
    Trade,
)
from games.farm.model import BIG_DOG, COW, HORSE, PIG, RABBIT, SHEEP, SMALL_DOG, has_all
from games.policies.base import Policy, best_index, derive
from games.rng import Rng

Herd = Sequence[int]

#: the one-kind-for-one-kind exchanges (give kind, get kind, give count, get count), by kind
RATES: list[tuple[int, int, int, int]] = sorted(SIMPLE_RATES)
#: the exchanges by the kind received: get kind -> [(give kind, give count, get count)]
RATES_FOR: dict[int, list[tuple[int, int, int]]] = {
    b: [(a, na, nb) for a, bb, na, nb in RATES if bb == b] for b in range(7)
}


def _after(herd: Herd, give: Herd, got: Herd) -> list[int]:
    return [h - g + r for h, g, r in zip(herd, give, got, strict=True)]


def trade_score(herd: Herd, give: Herd, got: Herd) -> float | None:
    """How much the easy player likes giving ``give`` for ``got``; None: not at all."""
    new = _after(herd, give, got)
    if has_all(new):
        return 1000.0
    if any(herd[k] > 0 and new[k] == 0 for k in NEEDED):
        return None  # never give away the last of a kind still needed
    missing_before = sum(1 for k in NEEDED if herd[k] == 0)
    missing_after = sum(1 for k in NEEDED if new[k] == 0)
    if missing_after < missing_before:
        gained = max(VALUE[k] for k in NEEDED if herd[k] == 0 and new[k] > 0)
        return 100.0 + gained
    if got[SMALL_DOG] and not herd[SMALL_DOG] and herd[SHEEP] >= 2 and give[SHEEP]:
        return 50.0
    if got[BIG_DOG] and not herd[BIG_DOG] and herd[COW] >= 2 and give[COW]:
        return 60.0
    return None


def _delivered(get: Herd, stock: Herd) -> tuple[int, ...]:
    return tuple(min(n, s) for n, s in zip(get, stock, strict=True))


def helps(herd: Herd, give: Herd, got: Herd) -> bool:
    """An exchange the easy player accepts: it gets a missing animal and loses no last one."""
    new = _after(herd, give, got)
    if has_all(new):
        return True
    if any(herd[k] > 0 and new[k] == 0 for k in NEEDED):
        return False
    return sum(1 for k in NEEDED if new[k] == 0) < sum(1 for k in NEEDED if herd[k] == 0)


# A fast model of one player's own turns, for looking ahead -----------------------------------


def best_stock_trade(herd: Herd, stock: Herd) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The easy player's stock trade, on bare counts (only kinds it could want are tried)."""
    return _best_stock_trade(tuple(herd), tuple(stock))


@functools.lru_cache(maxsize=1 << 14)
def _best_stock_trade(
    herd: tuple[int, ...], stock: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    # remembered: a look-ahead meets the same small herds over and over
    wanted = [k for k in NEEDED if herd[k] == 0]
    if not herd[SMALL_DOG] and herd[SHEEP] >= 2:
        wanted.append(SMALL_DOG)
    if not herd[BIG_DOG] and herd[COW] >= 2:
        wanted.append(BIG_DOG)
    best, best_score = None, 0.0
    for b in wanted:
        if stock[b] <= 0:
            continue
        for a, na, nb in RATES_FOR[b]:
            if herd[a] < na:
                continue
            give = [0] * 7
            give[a] = na
            got = [0] * 7
            got[b] = min(nb, stock[b])
            score = trade_score(herd, give, got)
            if score is not None and score > best_score:
                best, best_score = (tuple(give), tuple(got)), score
    return best


def breed(herd: list[int], stock: list[int], fox: str, wolf: str) -> None:
    """One roll of the dice on bare counts (predators first, then breeding), in place."""
    if fox == "fox":
        if herd[SMALL_DOG]:
            herd[SMALL_DOG] -= 1
            stock[SMALL_DOG] += 1
        else:
            stock[RABBIT] += herd[RABBIT]
            herd[RABBIT] = 0
    if wolf == "wolf":
        if herd[BIG_DOG]:
            herd[BIG_DOG] -= 1
            stock[BIG_DOG] += 1
        else:
            for k in (RABBIT, SHEEP, PIG, COW):
                stock[k] += herd[k]
                herd[k] = 0
    for face in {fox, wolf}:
        kind = _KIND.get(face)
        if kind is None:
            continue
        shown = (fox == face) + (wolf == face)
        got = min((herd[kind] + shown) // 2, stock[kind])
        herd[kind] += got
        stock[kind] -= got


_KIND = {"rabbit": RABBIT, "sheep": SHEEP, "pig": PIG, "cow": COW, "horse": HORSE}


def progress(herd: Herd) -> float:
    """A rough 0..1 measure of how near a herd is to winning (for unfinished lookahead)."""
    have = sum(1 for k in NEEDED if herd[k])
    worth = sum(n * v for n, v in zip(herd, VALUE, strict=True))
    return 0.5 * have / 5 + 0.5 * min(worth, 127) / 127


def solo_value(herd: Herd, stock: Herd, dice: list[list[tuple[str, str]]], turns: int) -> float:
    """Average over dice sequences of how soon the herd wins playing easy trades alone."""
    total = 0.0
    start = (tuple(herd), tuple(stock))
    for seq in dice:
        h, s = start
        won = False
        for t in range(turns):
            # the first roll follows the trade under test: no trade of its own first
            h, s, done = _turn(h, s, seq[t][0], seq[t][1], t > 0)
            if done:
                total += turns + (1 if done == 1 else 0) - t
                won = True
                break
        if not won:
            total += progress(h)
    return total / len(dice)


@functools.lru_cache(maxsize=1 << 15)
def _turn(
    herd: tuple[int, ...], stock: tuple[int, ...], fox: str, wolf: str, trade: bool
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """One turn of the look-ahead on bare counts: the easy stock trade (if ``trade``), then the
    roll. (herd, stock, 1 if the trade won, 2 if the roll won, else 0); remembered, as a
    look-ahead meets the same small herds over and over."""
    h, s = list(herd), list(stock)
    if trade:
        found = best_stock_trade(h, s)
        if found is not None:
            give, got = found
            for k in range(7):
                h[k] += got[k] - give[k]
                s[k] += give[k] - got[k]
            if has_all(h):
                return tuple(h), tuple(s), 1
    breed(h, s, fox, wolf)
    return tuple(h), tuple(s), 2 if has_all(h) else 0


def dice_sequences(rng: Rng, count: int, turns: int) -> list[list[tuple[str, str]]]:
    r = random.Random(derive(rng, "farm").randint(0, 2**31 - 1))
    return [
        list(zip(r.choices(FOX_DIE, k=turns), r.choices(WOLF_DIE, k=turns), strict=True))
        for _ in range(count)
    ]


class Easy(Policy):
    key = "farm"
    level = "easy"

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        offer = state.offer
        if offer is not None and seat == offer.to:
            return self.answer(state, seat, actions)
        herd = state.herds[seat]

        def score(a: Any) -> float:
            if isinstance(a, Trade):
                s = trade_score(herd, a.give, _delivered(a.get, state.stock))
                return -1.0 if s is None else s
            return 0.0 if isinstance(a, Roll) else -2.0

        return best_index(actions, score)

    def answer(self, state: Any, seat: int, actions: list[Any]) -> Any:
        offer = state.offer
        proposer = state.herds[offer.by]
        wins_for_them = has_all(_after(proposer, offer.give, offer.get))
        good = helps(state.herds[seat], offer.get, offer.give) and not wins_for_them
        want = Accept if good else Decline
        for a in actions:
            if isinstance(a, want):
                return a
        return next((a for a in actions if isinstance(a, Decline)), 0)


class Strong(Easy):
    level = "strong"
    #: look-ahead budget: dice sequences for every choice, then for the few best again (on
    #: fresh dice, so the choice is not made on the luck that put them on top), and turns
    #: per sequence
    ROLLOUTS = 24
    FINAL_ROLLOUTS = 64
    FINALISTS = 3
    TURNS = 32

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        offer = state.offer
        if offer is not None and seat == offer.to:
            return self.answer_strong(state, seat, actions, rng)
        herd, stock = state.herds[seat], state.stock
        trades = [i for i, a in enumerate(actions) if isinstance(a, Trade)]
        rolls = [i for i, a in enumerate(actions) if isinstance(a, Roll)]
        if not rolls:
            return super().pick(state, seat, actions, rng)
        for i in trades:  # a winning trade needs no thought
            a = actions[i]
            if has_all(_after(herd, a.give, _delivered(a.get, stock))):
                return i
        after: dict[int, tuple[Herd, Herd]] = {rolls[0]: (herd, stock)}
        for i in trades:
            a = actions[i]
            got = _delivered(a.get, stock)
            new_stock = [s + g - r for s, g, r in zip(stock, a.give, got, strict=True)]
            after[i] = (_after(herd, a.give, got), new_stock)
        dice = dice_sequences(rng, self.ROLLOUTS, self.TURNS)
        first = {i: solo_value(*after[i], dice, self.TURNS) for i in after}
        finalists = sorted(after, key=lambda i: (-first[i], i))[: self.FINALISTS]
        # the easy choice and rolling stay in the final: a trade must beat them on new dice
        easy = super().pick(state, seat, actions, rng)
        finalists += [i for i in (easy, rolls[0]) if i in after and i not in finalists]
        fresh = dice_sequences(derive(rng, "final"), self.FINAL_ROLLOUTS, self.TURNS)
        final = {i: solo_value(*after[i], fresh, self.TURNS) for i in finalists}
        best = max(finalists, key=lambda i: (final[i], i == easy, -i))
        if isinstance(actions[best], Roll):
            offered = self.offer_for(state, seat, actions, rng)
            if offered is not None:
                return offered
        return best

    def offer_for(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> int | None:
        """An offer for a missing animal the stock has run out of, one the partner would
        like too; made only now and then, so a partner who keeps declining is not pestered."""
        if len(state.herds) == 2:
            return None
        herd = state.herds[seat]
        for i, a in enumerate(actions):
            if not isinstance(a, Offer):
                continue
            kind = next(k for k in range(7) if a.get[k])
            if state.stock[kind] or not helps(herd, a.give, a.get):
                continue
            if helps(state.herds[a.to], a.get, a.give) and derive(rng, "offer").random() < 0.5:
                return i
        return None

    def answer_strong(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        """Accept when the exchange helps this herd more than the proposer's."""
        offer = state.offer
        mine, theirs = state.herds[seat], state.herds[offer.by]
        new_mine = _after(mine, offer.get, offer.give)
        new_theirs = _after(theirs, offer.give, offer.get)
        if has_all(new_mine) and not has_all(new_theirs):
            gain = 1.0
        elif has_all(new_theirs):
            gain = -1.0
        else:
            dice = dice_sequences(rng, self.FINAL_ROLLOUTS // 2, self.TURNS)
            stock = state.stock
            gain = (
                solo_value(new_mine, stock, dice, self.TURNS)
                - solo_value(mine, stock, dice, self.TURNS)
                - solo_value(new_theirs, stock, dice, self.TURNS)
                + solo_value(theirs, stock, dice, self.TURNS)
            )
        want = Accept if gain > 0 else Decline
        for a in actions:
            if isinstance(a, want):
                return a
        return super().answer(state, seat, actions)
