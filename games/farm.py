"""Super Farmer: breed animals with two dice, trade up, beware the fox and the wolf.

Rules: ``docs/rules/farm.md``. Herds and the stock are 7-tuples of counts in ``ANIMALS`` order;
animals are conserved (stock + every herd is constant).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.base import (
    Choice,
    Event,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    InvalidState,
    Options,
    Outcome,
    Ruleset,
    Step,
    option,
)
from games.rng import Rng

ANIMALS = ("rabbit", "sheep", "pig", "cow", "horse", "small_dog", "big_dog")
RABBIT, SHEEP, PIG, COW, HORSE, SMALL_DOG, BIG_DOG = range(7)
VALUE = (1, 6, 12, 36, 72, 6, 36)
STOCK = (60, 24, 20, 12, 6, 4, 2)
#: the animals a player needs one of each to win
NEEDED = (RABBIT, SHEEP, PIG, COW, HORSE)
#: twelve faces each; the fox die is rolled first, then the wolf die
FOX_DIE = ("rabbit",) * 6 + ("sheep",) * 2 + ("pig",) * 2 + ("horse", "fox")
WOLF_DIE = ("rabbit",) * 6 + ("sheep",) * 3 + ("pig", "cow", "wolf")

Counts = tuple[int, int, int, int, int, int, int]
NONE: Counts = (0, 0, 0, 0, 0, 0, 0)

_PLURAL = {"sheep": "sheep", "small_dog": "small dogs", "big_dog": "big dogs"}
_NAMES: dict[str, int] = {}
for _i, _a in enumerate(ANIMALS):
    for _n in (_a, _a.replace("_", " "), _a.replace("_", ""), _PLURAL.get(_a, _a + "s")):
        _NAMES[_n] = _i
        _NAMES[_n.replace(" ", "_")] = _i
        _NAMES[_n.replace(" ", "")] = _i


def animal_name(index: int, count: int = 1) -> str:
    name = ANIMALS[index]
    if count == 1:
        return name.replace("_", " ")
    return _PLURAL.get(name, name + "s")


def worth(counts: Sequence[int]) -> int:
    return sum(n * v for n, v in zip(counts, VALUE, strict=True))


def show(counts: Sequence[int]) -> str:
    """'2 pigs, 1 sheep and 6 rabbits' (largest animals first)."""
    parts = [f"{counts[i]} {animal_name(i, counts[i])}" for i in _BY_VALUE if counts[i]]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _notation(counts: Sequence[int]) -> str:
    return " ".join(f"{counts[i]} {ANIMALS[i]}" for i in _BY_VALUE if counts[i])


_BY_VALUE = (HORSE, COW, BIG_DOG, PIG, SHEEP, SMALL_DOG, RABBIT)


def _add(a: Sequence[int], b: Sequence[int], sign: int = 1) -> Counts:
    return tuple(x + sign * y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _single(index: int, count: int) -> Counts:
    counts = [0] * 7
    counts[index] = count
    return tuple(counts)  # type: ignore[return-value]


@dataclass(frozen=True)
class FarmOptions(Options):
    strict_trades: bool = option(
        False, "one side of every trade must be a single animal (the published game)"
    )
    start_with_rabbit: bool = option(
        False,
        "every pen starts with one rabbit from the stock (later board editions)",
        design=True,
    )


# Actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class Trade:
    """An exchange with the stock; ``anyway`` acknowledges that the stock is short."""

    give: Counts
    get: Counts
    anyway: bool = False


@dataclass(frozen=True)
class Offer:
    give: Counts
    get: Counts
    to: int


@dataclass(frozen=True)
class Accept:
    pass


@dataclass(frozen=True)
class Decline:
    pass


FarmAction = Roll | Trade | Offer | Accept | Decline


@dataclass(frozen=True)
class PendingOffer:
    by: int
    to: int
    give: Counts
    get: Counts


@dataclass(frozen=True)
class FarmState:
    names: tuple[str, ...]
    herds: tuple[Counts, ...]
    stock: Counts
    options: FarmOptions
    turn: int = 0
    traded: bool = False
    offer: PendingOffer | None = None
    last_roll: tuple[str, str] | None = None
    last_roller: int | None = None
    winners: tuple[int, ...] = ()
    rolls: int = 0
    #: seats that left the game (a forfeit): their turns are skipped and nobody trades with them
    out: tuple[int, ...] = ()

    def herd(self, seat: int) -> Counts:
        return self.herds[seat]


def _has_all(herd: Sequence[int]) -> bool:
    return all(herd[i] >= 1 for i in NEEDED)


class FarmRules(Ruleset[FarmState, FarmAction]):
    key = "farm"
    title = "Super Farmer"
    min_players = 2
    max_players = 6
    options_type = FarmOptions
    summary = (
        "Breed a farm: the first to own a rabbit, a sheep, a pig, a cow and a horse wins. "
        "Each turn you may make one trade (with the stock, or offer one to a player), then you "
        "must roll the fox die and the wolf die. For each animal shown you gain half of (what "
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
        start = _single(RABBIT, 1) if opts.start_with_rabbit else NONE
        stock = _add(STOCK, _single(RABBIT, len(names)), -1) if opts.start_with_rabbit else STOCK
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
        if offer is not None and seat == offer.to:
            return [Accept(), Decline()]
        actions: list[FarmAction] = [Roll()]
        if state.traded or offer is not None:
            return actions
        herd = state.herds[seat]
        for give_kind, get_kind, give_n, get_n in self._simple_rates():
            if herd[give_kind] < give_n:
                continue
            give, get = _single(give_kind, give_n), _single(get_kind, get_n)
            short = state.stock[get_kind] < get_n
            if state.stock[get_kind] > 0:
                actions.append(Trade(give, get, anyway=short))
        for partner in range(len(state.names)):
            if partner == seat or partner in state.out:
                continue
            other = state.herds[partner]
            for give_kind, get_kind, give_n, get_n in self._simple_rates():
                if herd[give_kind] >= give_n and other[get_kind] >= get_n:
                    actions.append(
                        Offer(_single(give_kind, give_n), _single(get_kind, get_n), partner)
                    )
        return actions

    @staticmethod
    def _simple_rates() -> list[tuple[int, int, int, int]]:
        """Every one-kind-for-one-kind exchange of equal worth with one side a single animal."""
        rates = []
        for a in _BY_VALUE[::-1]:
            for b in _BY_VALUE[::-1]:
                if a == b:
                    continue
                if VALUE[b] % VALUE[a] == 0:
                    rates.append((a, b, VALUE[b] // VALUE[a], 1))
                elif VALUE[a] % VALUE[b] == 0:
                    rates.append((a, b, 1, VALUE[a] // VALUE[b]))
        return rates

    def describe_action(self, state: FarmState, seat: int, action: FarmAction) -> Choice:
        match action:
            case Roll():
                return Choice("Roll the dice", primary=True, emoji="🎲")
            case Accept():
                offer = state.offer
                assert offer is not None
                return Choice(
                    f"Accept: give {show(offer.get)}, get {show(offer.give)}",
                    primary=True,
                    emoji="✅",
                )
            case Decline():
                return Choice("Decline the offer", emoji="✖️")
            case Trade(give, get, anyway):
                note = ""
                if anyway:
                    kind = next(i for i in range(7) if get[i])
                    note = f"stock has only {state.stock[kind]}: you get {state.stock[kind]}"
                return Choice(
                    f"{show(give)} → {show(get)}", group="Trade with the stock", note=note
                )
            case Offer(give, get, to):
                return Choice(f"{show(give)} → {show(get)}", group=f"Offer to {state.names[to]}")
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
                if state.offer is not None:
                    events.append(Event(f"{name}'s offer to {state.names[state.offer.to]} lapses."))
                    state = replace(state, offer=None)
                state = self._roll(state, seat, rng, events)
            case Trade(give, get, _):
                delivered = tuple(min(n, s) for n, s in zip(get, state.stock, strict=True))
                herds = list(state.herds)
                herds[seat] = _add(_add(herds[seat], give, -1), delivered)
                stock = _add(_add(state.stock, give), delivered, -1)
                state = replace(state, herds=tuple(herds), stock=stock, traded=True)
                text = f"{name} traded {show(give)} with the stock for {show(delivered)}"
                if delivered != get:
                    text += f" (asked for {show(get)}; the stock was short)"
                events.append(Event(text + "."))
                state = self._check_win(state, events, (seat,))
            case Offer(give, get, to):
                state = replace(state, offer=PendingOffer(seat, to, give, get))
                events.append(
                    Event(f"{name} offers {state.names[to]} {show(give)} for {show(get)}.")
                )
            case Accept():
                offer = state.offer
                assert offer is not None
                herds = list(state.herds)
                herds[offer.by] = _add(_add(herds[offer.by], offer.give, -1), offer.get)
                herds[offer.to] = _add(_add(herds[offer.to], offer.get, -1), offer.give)
                state = replace(state, herds=tuple(herds), offer=None, traded=True)
                events.append(
                    Event(
                        f"{name} accepts: {state.names[offer.by]} gives {show(offer.give)} "
                        f"for {show(offer.get)}."
                    )
                )
                state = self._check_win(state, events, (offer.by, offer.to))
            case Decline():
                offer = state.offer
                assert offer is not None
                state = replace(state, offer=None)
                events.append(Event(f"{name} declines {state.names[offer.by]}'s offer."))
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
        if isinstance(action, Roll):
            return
        if offer is not None:
            raise IllegalAction(
                f"Your offer to {state.names[offer.to]} is still open; wait for an answer or roll."
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
        events.append(Event(f"{name} rolled {fox_face} and {wolf_face}."))
        herd = list(state.herds[seat])
        stock = list(state.stock)

        def lose(kind: int, count: int) -> None:
            herd[kind] -= count
            stock[kind] += count

        if fox_face == "fox":
            if herd[SMALL_DOG]:
                lose(SMALL_DOG, 1)
                events.append(Event(f"The fox came; {name}'s small dog chased it off and left."))
            elif herd[RABBIT]:
                eaten = herd[RABBIT]
                lose(RABBIT, eaten)
                events.append(Event(f"The fox ate {name}'s {eaten} {animal_name(RABBIT, eaten)}."))
            else:
                events.append(Event("The fox came but found no rabbits."))
        if wolf_face == "wolf":
            if herd[BIG_DOG]:
                lose(BIG_DOG, 1)
                events.append(Event(f"The wolf came; {name}'s big dog chased it off and left."))
            else:
                eaten_counts = [herd[i] if i in (RABBIT, SHEEP, PIG, COW) else 0 for i in range(7)]
                if any(eaten_counts):
                    for i, n in enumerate(eaten_counts):
                        if n:
                            lose(i, n)
                    events.append(Event(f"The wolf ate {name}'s {show(eaten_counts)}."))
                else:
                    events.append(Event("The wolf came but found nothing to eat."))
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
            events.append(Event(text + "."))
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
        winners = tuple(sorted(s for s in set(seats) if _has_all(state.herds[s])))
        if not winners:
            return state
        names = " and ".join(state.names[s] for s in winners)
        has, wins = ("has", "wins") if len(winners) == 1 else ("have", "win")
        five = "a rabbit, a sheep, a pig, a cow and a horse"
        events.append(Event(f"{names} {has} {five}, and {wins}!"))
        return replace(state, winners=winners, offer=None)

    def outcome(self, state: FarmState) -> Outcome | None:
        if not state.winners:
            return None
        full = all(_has_all(state.herds[s]) for s in state.winners)
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
        events = [Event(f"{name} leaves the game{gone}.")]
        offer = state.offer
        if offer is not None and seat in (offer.by, offer.to):
            by, to = state.names[offer.by], state.names[offer.to]
            events.append(Event(f"{by}'s offer to {to} is withdrawn."))
            offer = None
        state = replace(
            state,
            herds=tuple(herds),
            stock=_add(state.stock, returned),
            offer=offer,
            out=tuple(sorted({*state.out, seat})),
        )
        if state.turn == seat:
            state = replace(state, turn=_next_seat(state, seat), traded=False)
        left = tuple(s for s in range(len(state.names)) if s not in state.out)
        if len(left) < 2:
            events.append(Event(f"{state.names[left[0]]} is the last player left and wins!"))
            state = replace(state, winners=left)
        return Step(state, tuple(events))

    def default_action(self, state: FarmState, seat: int) -> FarmAction:
        """Roll without trading; a pending offer to this seat is declined."""
        self.check_turn(state, seat)
        if state.offer is not None and seat == state.offer.to:
            return Decline()
        return Roll()

    def invariants(self, state: FarmState) -> list[str]:
        problems = []
        totals = state.stock
        for herd in state.herds:
            totals = _add(totals, herd)
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
        if state.winners:
            return "won by " + " and ".join(state.names[s] for s in state.winners)
        return super().status_line(state)

    # Notation ------------------------------------------------------------------------------

    def format_action(self, state: FarmState, action: FarmAction) -> str:
        match action:
            case Roll():
                return "roll"
            case Accept():
                return "accept"
            case Decline():
                return "decline"
            case Trade(give, get, anyway):
                text = f"trade {_notation(give)} for {_notation(get)}"
                return text + " anyway" if anyway else text
            case Offer(give, get, to):
                return f"offer {_notation(give)} for {_notation(get)} to {state.names[to]}"
        raise TypeError(action)

    def parse_action(self, state: FarmState, seat: int, text: str) -> FarmAction:
        words = text.strip().lower().replace(",", " ").split()
        if not words:
            raise InvalidAction("Type a move, e.g. `roll` or `trade 6 rabbit for 1 sheep`.")
        verb, rest = words[0], words[1:]
        action: FarmAction
        if verb in ("roll", "accept", "decline") and not rest:
            action = {"roll": Roll(), "accept": Accept(), "decline": Decline()}[verb]
        elif verb == "trade":
            anyway = bool(rest) and rest[-1] == "anyway"
            give, get = self._parse_exchange(rest[:-1] if anyway else rest, "trade")
            action = Trade(give, get, anyway)
        elif verb == "offer":
            if "to" not in rest:
                raise InvalidAction(
                    "Name who the offer is to: `offer 6 rabbit for 1 sheep to bob`."
                )
            # a name may contain the word "to" itself: take the first "to" followed by a name
            cuts = [i for i, w in enumerate(rest) if w == "to"]
            cut = next(
                (i for i in cuts if self._match_player(state, " ".join(rest[i + 1 :])) is not None),
                cuts[-1],
            )
            partner = self._parse_player(state, " ".join(rest[cut + 1 :]))
            give, get = self._parse_exchange(rest[:cut], "offer")
            action = Offer(give, get, partner)
        else:
            raise InvalidAction(
                f"I don't know the move `{text.strip()}`. Moves: " + "; ".join(self.notation)
            )
        self.check_turn(state, seat)
        self._check(state, seat, action)
        return action

    def _parse_exchange(self, words: list[str], verb: str) -> tuple[Counts, Counts]:
        if "for" not in words:
            raise InvalidAction(f"Say what you give and get: `{verb} 6 rabbit for 1 sheep`.")
        cut = words.index("for")
        return self._parse_bundle(words[:cut]), self._parse_bundle(words[cut + 1 :])

    def _parse_bundle(self, words: list[str]) -> Counts:
        counts = [0] * 7
        words = [w for w in words if w != "and"]
        i = 0
        if not words:
            raise InvalidAction("Name the animals, e.g. `6 rabbit`.")
        while i < len(words):
            if not re.fullmatch(r"\d{1,3}", words[i]):
                raise InvalidAction(f"Expected a number before an animal, got `{words[i]}`.")
            count = int(words[i])
            i += 1
            kind = None
            for width in (2, 1):
                key = " ".join(words[i : i + width])
                if i + width <= len(words) and key in _NAMES:
                    kind, i = _NAMES[key], i + width
                    break
            if kind is None:
                got = words[i] if i < len(words) else "nothing"
                raise InvalidAction(
                    f"Unknown animal `{got}`; animals are rabbit, sheep, pig, cow, horse, "
                    "small dog, big dog."
                )
            if count == 0:
                raise InvalidAction("Trade at least one of each animal you name.")
            counts[kind] += count
        return tuple(counts)  # type: ignore[return-value]

    @staticmethod
    def _match_player(state: FarmState, text: str) -> int | None:
        """The seat named by ``text``, compared as the move parser sees words (case, commas
        and runs of spaces ignored), so every formatted offer parses back; else a 1-based seat."""

        def words(name: str) -> str:
            return " ".join(name.lower().replace(",", " ").split())

        wanted = words(text).lstrip("@")
        for seat, name in enumerate(state.names):
            if words(name) == wanted:
                return seat
        if wanted.isdigit() and 1 <= int(wanted) <= len(state.names):
            return int(wanted) - 1
        return None

    @classmethod
    def _parse_player(cls, state: FarmState, text: str) -> int:
        seat = cls._match_player(state, text)
        if seat is not None:
            return seat
        raise InvalidAction(
            f"No player called `{text.strip()}`; players: {', '.join(state.names)}."
        )

    # Storage -------------------------------------------------------------------------------

    def dump(self, state: FarmState) -> dict[str, Any]:
        def counts(c: Counts) -> dict[str, int]:
            return dict(zip(ANIMALS, c, strict=True))

        offer = state.offer
        return {
            "format": self.format_version,
            "game": self.key,
            "options": state.options.to_dict(),
            "stock": counts(state.stock),
            "players": [
                {"name": n, "herd": counts(h)}
                for n, h in zip(state.names, state.herds, strict=True)
            ],
            "turn": state.turn,
            "traded": state.traded,
            "offer": None
            if offer is None
            else {
                "by": offer.by,
                "to": offer.to,
                "give": counts(offer.give),
                "get": counts(offer.get),
            },
            "last_roll": list(state.last_roll) if state.last_roll else None,
            "last_roller": state.last_roller,
            "winners": list(state.winners),
            "rolls": state.rolls,
            "out": list(state.out),
        }

    def load(self, data: Mapping[str, Any]) -> FarmState:
        self.check_version(data)
        try:
            players = data["players"]
            if not isinstance(players, list) or not (
                self.min_players <= len(players) <= self.max_players
            ):
                raise InvalidState(
                    f"{self.title} needs {self.min_players}-{self.max_players} players."
                )
            names = tuple(str(p["name"]) for p in players)
            herds = tuple(_counts(p.get("herd", {})) for p in players)
            stock = _counts(data["stock"])
            n = len(names)
            turn = _seat(data.get("turn", 0), n, "turn")
            out = tuple(sorted({_seat(s, n, "out") for s in data.get("out", ())}))
            winners = tuple(_seat(s, n, "winners") for s in data.get("winners", ()))
            if any(any(herds[s]) for s in out) or (turn in out and not winners):
                raise InvalidState("A player who left keeps no animals and has no turn.")
            offer_data = data.get("offer")
            offer = None
            if offer_data:
                offer = PendingOffer(
                    _seat(offer_data["by"], n, "offer.by"),
                    _seat(offer_data["to"], n, "offer.to"),
                    _counts(offer_data["give"]),
                    _counts(offer_data["get"]),
                )
                # an offer that could not be accepted would drive a herd negative
                if offer.by != turn or offer.to == offer.by:
                    raise InvalidState("An offer must be from the player on turn to another.")
                if offer.to in out:
                    raise InvalidState("An offer cannot go to a player who left.")
                if any(g > h for g, h in zip(offer.give, herds[offer.by], strict=True)) or any(
                    g > h for g, h in zip(offer.get, herds[offer.to], strict=True)
                ):
                    raise InvalidState("An offer names animals its players do not have.")
            last = data.get("last_roll")
            if last is not None and (
                len(last) != 2 or last[0] not in FOX_DIE or last[1] not in WOLF_DIE
            ):
                raise InvalidState(f"Bad last roll {last!r}.")
            last_roller = data.get("last_roller")
            return FarmState(
                names=names,
                herds=herds,
                stock=stock,
                options=FarmOptions.parse(data.get("options")),  # type: ignore[arg-type]
                turn=turn,
                traded=bool(data.get("traded", False)),
                offer=offer,
                last_roll=tuple(last) if last else None,  # type: ignore[arg-type]
                last_roller=None if last_roller is None else _seat(last_roller, n, "last_roller"),
                winners=winners,
                rolls=int(data.get("rolls", 0)),
                out=out,
            )
        except InvalidOptions as err:
            raise InvalidState(f"Cannot load Super Farmer game: {err}") from err
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise InvalidState(f"Cannot load Super Farmer game: {err!r}") from err

    def check_turn(self, state: FarmState, seat: int) -> None:
        if state.winners:
            raise GameOver("The game is over.")
        super().check_turn(state, seat)


def _counts(data: Mapping[str, Any]) -> Counts:
    unknown = set(data) - set(ANIMALS)
    if unknown:
        raise InvalidState(f"Unknown animals {sorted(unknown)}.")
    out = []
    for a in ANIMALS:
        n = data.get(a, 0)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidState(f"Bad count for {a}: {n!r}.")
        out.append(n)
    return tuple(out)  # type: ignore[return-value]


def _next_seat(state: FarmState, seat: int) -> int:
    """The next seat after ``seat`` still in the game."""
    n = len(state.names)
    return next((s for k in range(1, n + 1) if (s := (seat + k) % n) not in state.out), seat)


def _seat(value: Any, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InvalidState(f"Bad seat for {what}: {value!r}.")
    return value


RULES = FarmRules()
