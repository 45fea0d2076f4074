"""Super Farmer: breed animals with two dice, trade up, beware the fox and the wolf.

Rules: ``docs/rules/farm.md``. The values live in ``model``, the notation in ``notation``, the
saved form in ``storage``; this module is the turn itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.base import (
    Choice,
    Event,
    GameOver,
    IllegalAction,
    Outcome,
    Ruleset,
    StandingOrder,
    Step,
)
from games.farm import talk_menu
from games.farm.advice import GAIN_RANK, mixed_trades, rank
from games.farm.model import (
    ANIMALS,
    BIG_DOG,
    BY_VALUE,
    COW,
    FOX_DIE,
    NEEDED,
    NONE,
    PIG,
    RABBIT,
    SHEEP,
    SMALL_DOG,
    STOCK,
    VALUE,
    WOLF_DIE,
    Accept,
    Decline,
    FarmAction,
    FarmOptions,
    FarmState,
    Offer,
    PendingOffer,
    Roll,
    Trade,
    Withdraw,
    add_counts,
    as_counts,
    has_all,
    herd_data,
    single,
    worth,
)
from games.farm.notation import FarmNotation
from games.farm.storage import FarmStorage
from games.farm.talk import FarmNarrator
from games.farm.talk_rules import QUICK_START, ROLL_ORDER, ROLL_ORDER_HELP, SUMMARY, TITLE
from games.rng import Rng


def _simple_rates() -> tuple[tuple[int, int, int, int], ...]:
    """Every one-kind-for-one-kind exchange of equal worth with one side a single animal:
    (give kind, get kind, give count, get count)."""
    rates = []
    for a in BY_VALUE[::-1]:
        for b in BY_VALUE[::-1]:
            if a == b:
                continue
            if VALUE[b] % VALUE[a] == 0:
                rates.append((a, b, VALUE[b] // VALUE[a], 1))
            elif VALUE[a] % VALUE[b] == 0:
                rates.append((a, b, 1, VALUE[a] // VALUE[b]))
    return tuple(rates)


SIMPLE_RATES = _simple_rates()


class FarmRules(FarmNotation, FarmStorage, Ruleset[FarmState, FarmAction]):
    key = "farm"
    title = TITLE
    min_players = 2
    max_players = 6
    options_type = FarmOptions
    #: the quick start of docs/rules/farm.md (kept equal by a test)
    quick_start = QUICK_START
    summary = SUMMARY
    notation = (
        "roll",
        "trade 6 rabbit for 1 sheep",
        "trade 2 pig 1 sheep 6 rabbit for 1 cow",
        "offer 6 rabbit for 1 sheep to bob",
        "accept",
        "decline",
        "withdraw",
    )

    def __init__(self) -> None:
        #: the game's words; its text board lists this ruleset's legal moves
        self.narrator = FarmNarrator(self)
        self.standing_orders = (
            StandingOrder("roll", ROLL_ORDER, ROLL_ORDER_HELP, self.roll_when_nothing_to_trade),
        )

    # Setup ---------------------------------------------------------------------------------

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Rng
    ) -> FarmState:
        opts = FarmOptions.parse(options)
        names = tuple(str(p) for p in players)
        if not self.min_players <= len(names) <= self.max_players:
            raise IllegalAction("farm.players", min=self.min_players, max=self.max_players)
        start = single(RABBIT, 1) if opts.start_with_rabbit else NONE
        stock = (
            add_counts(STOCK, single(RABBIT, len(names)), -1) if opts.start_with_rabbit else STOCK
        )
        return FarmState(names=names, herds=(start,) * len(names), stock=stock, options=opts)

    def players(self, state: FarmState) -> tuple[str, ...]:
        return state.names

    def options(self, state: FarmState) -> FarmOptions:
        return state.options

    # Whose move ----------------------------------------------------------------------------

    def to_act(self, state: FarmState) -> tuple[int, ...]:
        if state.winners:
            return ()
        if state.offer is not None:
            return (state.offer.to, state.turn)
        return (state.turn,)

    def legal_actions(self, state: FarmState, seat: int) -> list[FarmAction]:
        if state.winners or seat not in self.to_act(state):
            return []
        offer = state.offer
        if offer is not None:
            return [Accept(), Decline()] if seat == offer.to else [Withdraw()]
        actions: list[FarmAction] = [Roll()]
        if state.traded:
            return actions
        herd = state.herds[seat]
        for give_kind, get_kind, give_n, get_n in SIMPLE_RATES:
            if herd[give_kind] < give_n:
                continue
            give, get = single(give_kind, give_n), single(get_kind, get_n)
            short = state.stock[get_kind] < get_n
            if state.stock[get_kind] > 0:
                actions.append(Trade(give, get, anyway=short))
        for give, get in mixed_trades(herd, state.stock):
            actions.append(Trade(give, get))
        for partner in range(len(state.names)):
            if partner == seat or partner in state.out:
                continue
            other = state.herds[partner]
            for give_kind, get_kind, give_n, get_n in SIMPLE_RATES:
                if herd[give_kind] >= give_n and other[get_kind] >= get_n:
                    actions.append(
                        Offer(single(give_kind, give_n), single(get_kind, get_n), partner)
                    )
        return actions

    def describe_action(self, state: FarmState, seat: int, action: FarmAction) -> Choice:
        return talk_menu.describe(state, seat, action)

    # Moves ---------------------------------------------------------------------------------

    def apply(
        self, state: FarmState, seat: int, action: FarmAction, *, rng: Rng
    ) -> Step[FarmState]:
        self.check_turn(state, seat)
        self._check(state, seat, action)
        events: list[Event] = []
        match action:
            case Roll():
                if state.offer is not None:  # typed: the offer lapses, as the rules say
                    events.append(Event("lapse", {"by": seat, "to": state.offer.to}))
                    state = replace(state, offer=None)
                state = self._roll(state, seat, rng, events)
            case Withdraw():
                assert state.offer is not None
                events.append(Event("withdraw", {"by": seat, "to": state.offer.to}))
                state = replace(state, offer=None)
            case Trade(give, get, _):
                delivered = tuple(min(n, s) for n, s in zip(get, state.stock, strict=True))
                herds = list(state.herds)
                herds[seat] = add_counts(add_counts(herds[seat], give, -1), delivered)
                stock = add_counts(add_counts(state.stock, give), delivered, -1)
                state = replace(state, herds=tuple(herds), stock=stock, traded=True)
                told = {"seat": seat, "give": herd_data(give), "got": herd_data(delivered)}
                if delivered != get:
                    told["asked"] = herd_data(get)
                events.append(Event("trade", told))
                state = self._check_win(state, events, (seat,))
            case Offer(give, get, to):
                state = replace(state, offer=PendingOffer(seat, to, give, get))
                events.append(Event("offer", _offer_data(state.offer)))
            case Accept():
                offer = state.offer
                assert offer is not None
                herds = list(state.herds)
                herds[offer.by] = add_counts(add_counts(herds[offer.by], offer.give, -1), offer.get)
                herds[offer.to] = add_counts(add_counts(herds[offer.to], offer.get, -1), offer.give)
                state = replace(state, herds=tuple(herds), offer=None, traded=True)
                events.append(Event("accept", _offer_data(offer)))
                state = self._check_win(state, events, (offer.by, offer.to))
            case Decline():
                offer = state.offer
                assert offer is not None
                state = replace(state, offer=None)
                events.append(Event("decline", {"by": offer.by, "to": offer.to}))
        return Step(state, tuple(events))

    def _check(self, state: FarmState, seat: int, action: FarmAction) -> None:
        """Raise IllegalAction unless ``action`` is allowed for ``seat`` now."""
        offer = state.offer
        if offer is not None and seat == offer.to:
            if not isinstance(action, Accept | Decline):
                raise IllegalAction("farm.answer_offer", name=state.names[offer.by])
            return
        if isinstance(action, Accept | Decline):
            raise IllegalAction("farm.no_offer")
        if isinstance(action, Withdraw):
            if offer is None:
                raise IllegalAction("farm.nothing_to_withdraw")
            return
        if isinstance(action, Roll):
            return
        if offer is not None:
            raise IllegalAction("farm.offer_open", name=state.names[offer.to])
        if state.traded:
            raise IllegalAction("farm.traded")
        self._check_exchange(state, seat, action)

    def _check_exchange(self, state: FarmState, seat: int, action: Trade | Offer) -> None:
        give, get = action.give, action.get
        if any(n < 0 for n in give + get) or not any(give) or not any(get):
            raise IllegalAction("farm.empty_side")
        if any(g and r for g, r in zip(give, get, strict=True)):
            raise IllegalAction("farm.both_sides")
        herd = state.herds[seat]
        lacking = [i for i in range(7) if give[i] > herd[i]]
        if lacking:
            i = lacking[0]
            raise IllegalAction("farm.lacking", animal=ANIMALS[i], have=herd[i], need=give[i])
        if worth(give) != worth(get):
            raise IllegalAction(
                "farm.unequal",
                give=herd_data(give),
                get=herd_data(get),
                give_worth=worth(give),
                get_worth=worth(get),
            )
        if state.options.strict_trades and sum(give) != 1 and sum(get) != 1:
            raise IllegalAction("farm.strict")
        if isinstance(action, Trade):
            self._check_stock(state, action)
            return
        if action.to == seat or not 0 <= action.to < len(state.names):
            raise IllegalAction("farm.offer_self")
        partner = state.names[action.to]
        if action.to in state.out:
            raise IllegalAction("farm.partner_left", name=partner)
        other = state.herds[action.to]
        lacking = [i for i in range(7) if get[i] > other[i]]
        if lacking:
            i = lacking[0]
            raise IllegalAction(
                "farm.partner_lacks", name=partner, animal=ANIMALS[i], have=other[i]
            )

    def _check_stock(self, state: FarmState, action: Trade) -> None:
        get = action.get
        delivered = tuple(min(n, s) for n, s in zip(get, state.stock, strict=True))
        if not any(delivered):
            raise IllegalAction("farm.stock_out", get=herd_data(get))
        if delivered != get and not action.anyway:
            confirm = self.format_action(state, replace(action, anyway=True))
            raise IllegalAction(
                "farm.stock_short",
                delivered=herd_data(delivered),
                get=herd_data(get),
                confirm=confirm,
            )
        if delivered == get and action.anyway:
            raise IllegalAction("farm.stock_enough")

    def _roll(self, state: FarmState, seat: int, rng: Rng, events: list[Event]) -> FarmState:
        fox_face = rng.roll(FOX_DIE)
        wolf_face = rng.roll(WOLF_DIE)
        herd = list(state.herds[seat])
        stock = list(state.stock)
        attacks = _attacks(fox_face, wolf_face, herd, stock)
        events.append(
            Event("roll", {"seat": seat, "fox": fox_face, "wolf": wolf_face, "attacks": attacks})
        )
        shown = [0] * 7
        for face in (fox_face, wolf_face):
            if face in ANIMALS:
                shown[ANIMALS.index(face)] += 1
        bred = [0] * 7
        short = []
        for i in range(7):
            if not shown[i]:
                continue
            want = (herd[i] + shown[i]) // 2
            got = min(want, stock[i])
            if got < want:
                short.append({"animal": ANIMALS[i], "left": stock[i]})
            bred[i] = got
            herd[i] += got
            stock[i] -= got
        if any(bred) or short:
            events.append(
                Event("breed", {"seat": seat, "animals": herd_data(bred), "short": short})
            )
        elif any(shown):
            events.append(Event("no_pairs", {"seat": seat}, minor=True))
        herds = list(state.herds)
        herds[seat] = as_counts(herd)
        state = replace(
            state,
            herds=tuple(herds),
            stock=as_counts(stock),
            last_roll=(fox_face, wolf_face),
            last_roller=seat,
            rolls=state.rolls + 1,
        )
        state = self._check_win(state, events, (seat,))
        if not state.winners:
            state = replace(state, turn=_next_seat(state, seat), traded=False)
        return state

    def _check_win(
        self, state: FarmState, events: list[Event], seats: tuple[int, ...]
    ) -> FarmState:
        winners = tuple(sorted(s for s in set(seats) if has_all(state.herds[s])))
        if not winners:
            return state
        events.append(Event("win", {"seats": list(winners)}))
        return replace(state, winners=winners, offer=None)

    def outcome(self, state: FarmState) -> Outcome | None:
        if not state.winners:
            return None
        full = all(has_all(state.herds[s]) for s in state.winners)
        return Outcome(
            winners=state.winners,
            reason="herd" if full else "last_left",
            scores=tuple(worth(h) for h in state.herds),
        )

    def resign(self, state: FarmState, seat: int, *, rng: Rng) -> Step[FarmState]:
        """The herd goes back to the stock, an offer involving the seat is withdrawn, and its
        turns are skipped; with one player left, that player wins."""
        if state.winners:
            raise GameOver("rules.game_over")
        if not 0 <= seat < len(state.names) or seat in state.out:
            raise IllegalAction("farm.not_playing")
        returned = state.herds[seat]
        herds = list(state.herds)
        herds[seat] = NONE
        events = [Event("leave", {"seat": seat, "returned": herd_data(returned)})]
        offer = state.offer
        if offer is not None and seat in (offer.by, offer.to):
            events.append(Event("void", {"by": offer.by, "to": offer.to}))
            offer = None
        state = replace(
            state,
            herds=tuple(herds),
            stock=add_counts(state.stock, returned),
            offer=offer,
            out=tuple(sorted({*state.out, seat})),
        )
        if state.turn == seat:
            state = replace(state, turn=_next_seat(state, seat), traded=False)
        left = tuple(s for s in range(len(state.names)) if s not in state.out)
        if len(left) < 2:
            events.append(Event("last_left", {"seat": left[0]}))
            state = replace(state, winners=left)
        return Step(state, tuple(events))

    def default_action(self, state: FarmState, seat: int) -> FarmAction:
        """At a deadline: an offer to this seat is declined, an offer by it withdrawn; on turn,
        the stock trade that wins, else the most useful one that gets a missing animal without
        giving up the last of another, then (next move) the roll."""
        self.check_turn(state, seat)
        offer = state.offer
        if offer is not None:
            return Decline() if seat == offer.to else Withdraw()
        best: FarmAction = Roll()
        best_rank = GAIN_RANK - 1
        for action in self.legal_actions(state, seat):
            if isinstance(action, Trade) and not action.anyway:
                score, _ = rank(state.herds[seat], action.give, action.get)
                if score > best_rank:
                    best, best_rank = action, score
        return best

    def forced_action(self, state: FarmState, seat: int) -> FarmAction | None:
        """The roll right after a trade: it is compulsory and nothing else may be done. A turn
        with no trade possible still asks: that roll is the player's turn, and forcing it
        would let the opening (empty pens, nothing to trade) play itself for many rounds."""
        if state.winners or state.offer is not None or seat != state.turn or not state.traded:
            return None
        return Roll()

    def roll_when_nothing_to_trade(self, state: FarmState, seat: int) -> Roll | None:
        """The standing order "roll for me when I cannot trade": the roll, when ``seat`` is on
        turn, no offer is open and the roll is its only legal move (no trade with the stock
        and no offer to any player is possible, or it has traded this turn); else None."""
        if state.winners or state.offer is not None or seat != state.turn:
            return None
        return Roll() if self.legal_actions(state, seat) == [Roll()] else None

    def invariants(self, state: FarmState) -> list[str]:
        problems = []
        totals = state.stock
        for herd in state.herds:
            totals = add_counts(totals, herd)
        expected = STOCK
        if totals != expected:
            problems.append(f"animals not conserved: {totals} != {expected}")
        for seat, herd in enumerate(state.herds):
            if min(herd) < 0:
                problems.append(f"negative herd for seat {seat}: {herd}")
        if min(state.stock) < 0:
            problems.append(f"negative stock {state.stock}")
        for seat in state.out:
            if any(state.herds[seat]):
                problems.append(f"seat {seat} left the game but still has animals")
        if not state.winners and state.turn in state.out:
            problems.append(f"seat {state.turn} left the game but is on turn")
        return problems

    def status_line(self, state: FarmState) -> str:
        can_trade = not state.traded and self.can_trade(state, state.turn)
        return talk_menu.status_line(state, can_trade)

    def can_trade(self, state: FarmState, seat: int) -> bool:
        """Whether ``seat`` is on turn and may still trade (with the stock or a player)."""
        return any(not isinstance(a, Roll) for a in self.legal_actions(state, seat)) and (
            state.offer is None
        )


def _attacks(fox: str, wolf: str, herd: list[int], stock: list[int]) -> list[dict[str, Any]]:
    """What the fox and the wolf shown did to ``herd`` (changed in place with ``stock``)."""

    def lose(kind: int, count: int) -> None:
        herd[kind] -= count
        stock[kind] += count

    attacks: list[dict[str, Any]] = []
    if fox == "fox":
        if herd[SMALL_DOG]:
            lose(SMALL_DOG, 1)
            attacks.append({"predator": "fox", "result": "dog"})
        elif herd[RABBIT]:
            eaten = single(RABBIT, herd[RABBIT])
            lose(RABBIT, herd[RABBIT])
            attacks.append({"predator": "fox", "result": "ate", "animals": herd_data(eaten)})
        else:
            attacks.append({"predator": "fox", "result": "nothing"})
    if wolf == "wolf":
        if herd[BIG_DOG]:
            lose(BIG_DOG, 1)
            attacks.append({"predator": "wolf", "result": "dog"})
        else:
            eaten_counts = [herd[i] if i in (RABBIT, SHEEP, PIG, COW) else 0 for i in range(7)]
            for i, n in enumerate(eaten_counts):
                if n:
                    lose(i, n)
            result = "ate" if any(eaten_counts) else "nothing"
            attacks.append({"predator": "wolf", "result": result})
            if result == "ate":
                attacks[-1]["animals"] = herd_data(eaten_counts)
    return attacks


def _offer_data(offer: PendingOffer | None) -> dict[str, Any]:
    assert offer is not None
    return {
        "by": offer.by,
        "to": offer.to,
        "give": herd_data(offer.give),
        "get": herd_data(offer.get),
    }


def _next_seat(state: FarmState, seat: int) -> int:
    """The next seat after ``seat`` still in the game."""
    n = len(state.names)
    return next((s for k in range(1, n + 1) if (s := (seat + k) % n) not in state.out), seat)


RULES = FarmRules()

__all__ = [
    "ANIMALS",
    "FOX_DIE",
    "NEEDED",
    "RULES",
    "STOCK",
    "VALUE",
    "WOLF_DIE",
    "Accept",
    "Decline",
    "FarmOptions",
    "FarmRules",
    "FarmState",
    "Offer",
    "PendingOffer",
    "Roll",
    "Trade",
    "Withdraw",
    "worth",
]
