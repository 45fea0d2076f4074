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
    Step,
)
from games.farm.advice import GAIN_RANK, NOTE_MAX, mixed_trades, rank
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
    animal_name,
    has_all,
    show,
    single,
    worth,
)
from games.farm.notation import FarmNotation
from games.farm.storage import FarmStorage
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
    title = "Super Farmer"
    min_players = 2
    max_players = 6
    options_type = FarmOptions
    #: the quick start of docs/rules/farm.md (kept equal by a test)
    quick_start = (
        "`/farm new`, friends click **Join**, the host clicks **Start** (2-6 players). "
        "**Goal:** be first to own a rabbit, a sheep, a pig, a cow and a horse, one of each "
        "at least. **Your turn:** at most one trade (a ready trade from the menu, or an offer"
        " to a player), then **Roll the dice**. Each animal shown breeds: you gain half of "
        "(what you own + what the dice show), rounded down. A **fox** eats your rabbits, a "
        "**wolf** your rabbits, sheep, pigs and cows, unless a small dog (fox) or a big dog "
        "(wolf) gives itself up instead. The picture shows the last move (the dice, what was "
        "eaten and bred, with +/- marks) and every pen; the menu puts the most useful trade "
        "first. Trade rates: 6 rabbits = 1 sheep, 2 sheep = 1 pig, 3 pigs = 1 cow, 2 cows = 1"
        " horse, 1 sheep = 1 small dog, 1 cow = 1 big dog; any mix of equal worth is allowed."
    )
    summary = (
        "Breed a farm: the first to own a rabbit, a sheep, a pig, a cow and a horse wins. "
        "Each turn you may make one trade (with the stock, or offer one to a player, who "
        "accepts or declines; you may withdraw it meanwhile), then you must roll the fox die "
        "and the wolf die. For each animal shown you gain half of (what "
        "you own + what the dice show), rounded down. A fox eats your rabbits unless a small "
        "dog gives itself up; a wolf eats rabbits, sheep, pigs and cows unless a big dog does. "
        "Worth in rabbits: sheep 6, pig 12, cow 36, horse 72, small dog 6, big dog 36."
    )
    notation = (
        "roll",
        "trade 6 rabbit for 1 sheep",
        "trade 2 pig 1 sheep 6 rabbit for 1 cow",
        "offer 6 rabbit for 1 sheep to bob",
        "accept",
        "decline",
        "withdraw",
    )

    # Setup ---------------------------------------------------------------------------------

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Rng
    ) -> FarmState:
        opts = FarmOptions.parse(options)
        names = tuple(str(p) for p in players)
        if not self.min_players <= len(names) <= self.max_players:
            raise IllegalAction(
                f"{self.title} needs {self.min_players}-{self.max_players} players."
            )
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
        match action:
            case Roll():
                return Choice("Roll the dice", primary=True, emoji="🎲")
            case Withdraw():
                to = state.names[state.offer.to] if state.offer else "your partner"
                return Choice(
                    "Withdraw the offer",
                    emoji="↩️",
                    note=f"waiting for {to}; withdraw to trade otherwise or roll",
                )
            case Accept():
                offer = state.offer
                assert offer is not None
                score, note = rank(state.herds[seat], offer.get, offer.give)
                return Choice(
                    f"Accept: give {show(offer.get)}, get {show(offer.give)}",
                    primary=True,
                    emoji="✅",
                    note=note,
                    rank=score,
                )
            case Decline():
                return Choice("Decline the offer", emoji="✖️")
            case Trade(give, get, anyway):
                delivered = tuple(min(n, s) for n, s in zip(get, state.stock, strict=True))
                score, note = rank(state.herds[seat], give, delivered)
                if anyway:
                    kind = next(i for i in range(7) if get[i])
                    short = f"stock has only {state.stock[kind]}: you get {state.stock[kind]}"
                    note = f"{short}; {note}" if note else short
                return Choice(
                    f"{show(give)} → {show(get)}",
                    group="Trade with the stock",
                    note=note[:NOTE_MAX],
                    rank=score,
                )
            case Offer(give, get, to):
                score, note = rank(state.herds[seat], give, get)
                return Choice(
                    f"{show(give)} → {show(get)}",
                    group=f"Offer to {state.names[to]}",
                    note=note,
                    rank=score,
                )
        raise TypeError(action)

    # Moves ---------------------------------------------------------------------------------

    def apply(
        self, state: FarmState, seat: int, action: FarmAction, *, rng: Rng
    ) -> Step[FarmState]:
        self.check_turn(state, seat)
        self._check(state, seat, action)
        events: list[Event] = []
        name = state.names[seat]
        match action:
            case Roll():
                if state.offer is not None:  # typed: the offer lapses, as the rules say
                    to = state.names[state.offer.to]
                    events.append(
                        Event.said(f"{name}'s offer to {to} lapses: {name} rolls instead.")
                    )
                    state = replace(state, offer=None)
                state = self._roll(state, seat, rng, events)
            case Withdraw():
                assert state.offer is not None
                to = state.names[state.offer.to]
                state = replace(state, offer=None)
                events.append(Event.said(f"{name} withdraws the offer to {to}."))
            case Trade(give, get, _):
                delivered = tuple(min(n, s) for n, s in zip(get, state.stock, strict=True))
                herds = list(state.herds)
                herds[seat] = add_counts(add_counts(herds[seat], give, -1), delivered)
                stock = add_counts(add_counts(state.stock, give), delivered, -1)
                state = replace(state, herds=tuple(herds), stock=stock, traded=True)
                text = f"{name} traded {show(give)} with the stock for {show(delivered)}"
                if delivered != get:
                    text += f" (asked for {show(get)}; the stock was short)"
                events.append(Event.said(text + "."))
                state = self._check_win(state, events, (seat,))
            case Offer(give, get, to):
                state = replace(state, offer=PendingOffer(seat, to, give, get))
                events.append(
                    Event.said(f"{name} offers {state.names[to]} {show(give)} for {show(get)}.")
                )
            case Accept():
                offer = state.offer
                assert offer is not None
                herds = list(state.herds)
                herds[offer.by] = add_counts(add_counts(herds[offer.by], offer.give, -1), offer.get)
                herds[offer.to] = add_counts(add_counts(herds[offer.to], offer.get, -1), offer.give)
                state = replace(state, herds=tuple(herds), offer=None, traded=True)
                events.append(
                    Event.said(
                        f"{name} accepts: {state.names[offer.by]} gives {show(offer.give)} "
                        f"for {show(offer.get)}."
                    )
                )
                state = self._check_win(state, events, (offer.by, offer.to))
            case Decline():
                offer = state.offer
                assert offer is not None
                state = replace(state, offer=None)
                events.append(Event.said(f"{name} declines {state.names[offer.by]}'s offer."))
        return Step(state, tuple(events))

    def _check(self, state: FarmState, seat: int, action: FarmAction) -> None:
        """Raise IllegalAction unless ``action`` is allowed for ``seat`` now."""
        offer = state.offer
        if offer is not None and seat == offer.to:
            if not isinstance(action, Accept | Decline):
                raise IllegalAction(
                    f"{state.names[offer.by]} is waiting for you to accept or decline their offer."
                )
            return
        if isinstance(action, Accept | Decline):
            raise IllegalAction("There is no offer to you to answer.")
        if isinstance(action, Withdraw):
            if offer is None:
                raise IllegalAction("You have no open offer to withdraw.")
            return
        if isinstance(action, Roll):
            return
        if offer is not None:
            raise IllegalAction(
                f"Your offer to {state.names[offer.to]} is still open: wait for an answer, or "
                "`withdraw` it first."
            )
        if state.traded:
            raise IllegalAction("You have already traded this turn; now roll.")
        give, get = action.give, action.get
        if any(n < 0 for n in give + get) or not any(give) or not any(get):
            raise IllegalAction("A trade needs animals on both sides.")
        if any(g and r for g, r in zip(give, get, strict=True)):
            raise IllegalAction("The same animal cannot be on both sides of a trade.")
        herd = state.herds[seat]
        lacking = [i for i in range(7) if give[i] > herd[i]]
        if lacking:
            i = lacking[0]
            raise IllegalAction(
                f"You have only {herd[i]} {animal_name(i, herd[i])}, not {give[i]}."
            )
        if worth(give) != worth(get):
            raise IllegalAction(
                f"{show(give)} is worth {worth(give)} rabbits but {show(get)} is worth "
                f"{worth(get)}; a trade must be of equal worth."
            )
        if state.options.strict_trades and sum(give) != 1 and sum(get) != 1:
            raise IllegalAction("With strict trades, one side must be a single animal.")
        if isinstance(action, Trade):
            delivered = tuple(min(n, s) for n, s in zip(get, state.stock, strict=True))
            if not any(delivered):
                raise IllegalAction(f"The stock has none of {show(get)} left.")
            if delivered != get and not action.anyway:
                confirm = self.format_action(state, replace(action, anyway=True))
                raise IllegalAction(
                    f"The stock can only deliver {show(delivered)} of {show(get)}. To trade "
                    f"anyway, add `anyway`: `{confirm}`."
                )
            if delivered == get and action.anyway:
                raise IllegalAction("The stock has enough; leave out `anyway`.")
        else:
            if action.to == seat or not 0 <= action.to < len(state.names):
                raise IllegalAction("Offer a trade to another player.")
            if action.to in state.out:
                raise IllegalAction(f"{state.names[action.to]} has left the game.")
            other = state.herds[action.to]
            lacking = [i for i in range(7) if get[i] > other[i]]
            if lacking:
                i = lacking[0]
                raise IllegalAction(
                    f"{state.names[action.to]} has only {other[i]} {animal_name(i, other[i])}."
                )

    def _roll(self, state: FarmState, seat: int, rng: Rng, events: list[Event]) -> FarmState:
        fox_face = rng.roll(FOX_DIE)
        wolf_face = rng.roll(WOLF_DIE)
        name = state.names[seat]
        attacks: list[str] = []  # what the fox and the wolf did, said with the roll itself
        herd = list(state.herds[seat])
        stock = list(state.stock)

        def lose(kind: int, count: int) -> None:
            herd[kind] -= count
            stock[kind] += count

        if fox_face == "fox":
            if herd[SMALL_DOG]:
                lose(SMALL_DOG, 1)
                attacks.append("the small dog chased the fox off and left")
            elif herd[RABBIT]:
                eaten = herd[RABBIT]
                lose(RABBIT, eaten)
                attacks.append(f"the fox ate {eaten} {animal_name(RABBIT, eaten)}")
            else:
                attacks.append("the fox found no rabbits")
        if wolf_face == "wolf":
            if herd[BIG_DOG]:
                lose(BIG_DOG, 1)
                attacks.append("the big dog chased the wolf off and left")
            else:
                eaten_counts = [herd[i] if i in (RABBIT, SHEEP, PIG, COW) else 0 for i in range(7)]
                if any(eaten_counts):
                    for i, n in enumerate(eaten_counts):
                        if n:
                            lose(i, n)
                    attacks.append(f"the wolf ate {show(eaten_counts)}")
                else:
                    attacks.append("the wolf found nothing to eat")
        said = f"{name} rolled {fox_face} and {wolf_face}"
        events.append(Event.said(said + (": " + "; ".join(attacks) if attacks else "") + "."))
        shown = [0] * 7
        for face in (fox_face, wolf_face):
            if face in ANIMALS:
                shown[ANIMALS.index(face)] += 1
        bred = [0] * 7
        capped = []
        for i in range(7):
            if not shown[i]:
                continue
            want = (herd[i] + shown[i]) // 2
            got = min(want, stock[i])
            if got < want and stock[i]:
                capped.append(f"the stock had only {stock[i]} {animal_name(i, stock[i])}")
            elif got < want:
                capped.append(f"the stock had no {animal_name(i, 2)} left")
            bred[i] = got
            herd[i] += got
            stock[i] -= got
        if any(bred) or capped:
            text = f"{name}'s herd bred {show(bred)}"
            if capped:
                text += " (" + "; ".join(capped) + ")"
            events.append(Event.said(text + "."))
        elif any(shown):
            events.append(Event.said(f"No pairs: {name}'s herd bred nothing.", minor=True))
        herds = list(state.herds)
        herds[seat] = tuple(herd)  # type: ignore[assignment]
        state = replace(
            state,
            herds=tuple(herds),
            stock=tuple(stock),  # type: ignore[arg-type]
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
        names = " and ".join(state.names[s] for s in winners)
        has, wins = ("has", "wins") if len(winners) == 1 else ("have", "win")
        five = "a rabbit, a sheep, a pig, a cow and a horse"
        events.append(Event.said(f"{names} {has} {five}, and {wins}!"))
        return replace(state, winners=winners, offer=None)

    def outcome(self, state: FarmState) -> Outcome | None:
        if not state.winners:
            return None
        full = all(has_all(state.herds[s]) for s in state.winners)
        return Outcome(
            winners=state.winners,
            reason="owns a rabbit, a sheep, a pig, a cow and a horse"
            if full
            else "the last player left",
            scores=tuple(worth(h) for h in state.herds),
        )

    def resign(self, state: FarmState, seat: int, *, rng: Rng) -> Step[FarmState]:
        """The herd goes back to the stock, an offer involving the seat is withdrawn, and its
        turns are skipped; with one player left, that player wins."""
        if state.winners:
            raise GameOver("The game is over.")
        if not 0 <= seat < len(state.names) or seat in state.out:
            raise IllegalAction("That player is not in the game.")
        name = state.names[seat]
        returned = state.herds[seat]
        herds = list(state.herds)
        herds[seat] = NONE
        gone = f"; {show(returned)} go back to the stock" if any(returned) else ""
        events = [Event.said(f"{name} leaves the game{gone}.")]
        offer = state.offer
        if offer is not None and seat in (offer.by, offer.to):
            by, to = state.names[offer.by], state.names[offer.to]
            events.append(Event.said(f"{by}'s offer to {to} is withdrawn."))
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
            events.append(Event.said(f"{state.names[left[0]]} is the last player left and wins!"))
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
        names = state.names
        if state.winners:
            return "won by " + " and ".join(names[s] for s in state.winners)
        if state.offer is not None:
            by, to = names[state.offer.by], names[state.offer.to]
            return f"{by} offered {to} a trade: waiting for {to}"
        if state.traded or not self.can_trade(state, state.turn):
            return f"{names[state.turn]} to roll"
        return f"{names[state.turn]} to trade or roll"

    def can_trade(self, state: FarmState, seat: int) -> bool:
        """Whether ``seat`` is on turn and may still trade (with the stock or a player)."""
        return any(not isinstance(a, Roll) for a in self.legal_actions(state, seat)) and (
            state.offer is None
        )


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
    "animal_name",
    "show",
    "worth",
]
