"""Super Farmer's picture in words: the header, the last-move strip told from the move's
events, the pens' tags and the stock's legend, in the active locale.

The picture (``render.farm``) lays them out; names arrive already fitted to their room. A
strip is a title and parts: words, ``Chip``s (an animal with a +/- count) and ``"\\n"`` (a new
line).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import Event
from games.farm.model import ANIMALS, BY_VALUE, FarmState
from words import domain, join_and

_D = domain("farm")
_, ngettext, N_ = _D.functions()
pgettext = _D.pgettext


@dataclass(frozen=True)
class Chip:
    """An animal with a count: ``sign`` +1 gained, -1 lost, 0 a plain count (None: no count)."""

    kind: int
    count: int | None
    sign: int = 0


Part = str | Chip
Story = tuple[str, list[Part]]


def chips(herd: Mapping[str, int] | Sequence[int], sign: int = 0) -> list[Chip]:
    """Chips for animals, largest first, like the move messages."""
    counts = [int(herd.get(a, 0)) for a in ANIMALS] if isinstance(herd, Mapping) else list(herd)
    return [Chip(k, abs(counts[k]), sign) for k in BY_VALUE if counts[k]]


def story(state: FarmState, events: Sequence[Event], names: Sequence[str]) -> Story:
    """The strip's title and parts: the open offer, else what the last move's ``events`` did;
    an empty title when there is nothing to tell (the goal is the rules', not the picture's)."""
    if state.offer is not None:
        by, to = names[state.offer.by], names[state.offer.to]
        parts: list[Part] = [*chips(state.offer.give), _("for"), *chips(state.offer.get)]
        waiting = _("waiting for {name}").format(name=to)
        return _("{by} offers {to}:").format(by=by, to=to), [*parts, "\n", waiting]
    kinds = {e.kind: e.data for e in events}
    for kind, teller in _TELLERS.items():
        if kind in kinds:
            return teller(kinds, names)
    if state.last_roller is not None and state.last_roll is not None:
        return "", [_("last roll: {name}").format(name=names[state.last_roller])]
    return "", []


def _rolled(told: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> Story:
    roll = told["roll"]
    parts: list[Part] = []
    for attack in roll.get("attacks", ()):
        if attack["result"] == "dog":
            dog = "small_dog" if attack["predator"] == "fox" else "big_dog"
            parts += [_("lost"), Chip(ANIMALS.index(dog), 1, -1)]
        elif attack["result"] == "ate":
            ate = _("fox ate") if attack["predator"] == "fox" else _("wolf ate")
            parts += [ate, *chips(attack.get("animals", {}), -1)]
    bred = told.get("breed", {}).get("animals", {})
    if any(bred.values()):
        parts += [_("bred"), *chips(bred, +1)]
    title = _("{name} rolled").format(name=names[roll["seat"]])
    return title, parts or [_("no pairs: nothing bred")]


def _traded(told: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> Story:
    trade = told["trade"]
    title = _("{name} traded with the stock").format(name=names[trade["seat"]])
    return title, [_("gave"), *chips(trade["give"], -1), _("got"), *chips(trade["got"], +1)]


def _accepted(told: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> Story:
    offer = told["accept"]
    by, to = names[offer["by"]], names[offer["to"]]
    gave = _("{name} gave").format(name=by)
    return _("{name} accepted the offer").format(name=to), [
        gave,
        *chips(offer["give"], -1),
        _("got"),
        *chips(offer["get"], +1),
    ]


def _declined(told: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> Story:
    offer = told["decline"]
    by, to = names[offer["by"]], names[offer["to"]]
    title = _("{to} declined {by}'s offer").format(to=to, by=by)
    return title, [_("no animals changed hands")]


def _withdrew(told: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> Story:
    offer = told["withdraw"]
    by, to = names[offer["by"]], names[offer["to"]]
    title = _("{by} withdrew the offer to {to}").format(by=by, to=to)
    return title, [_("{name} may trade otherwise or roll").format(name=by)]


def _left(told: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> Story:
    leave = told["leave"]
    title = _("{name} left the game").format(name=names[leave["seat"]])
    returned = chips(leave.get("returned", {}), -1)
    return title, [_("back to the stock"), *returned] if returned else []


_TELLERS = {
    "roll": _rolled,
    "trade": _traded,
    "accept": _accepted,
    "decline": _declined,
    "withdraw": _withdrew,
    "leave": _left,
}


def turn_title(name: str) -> str:
    return _("{name}'s turn").format(name=name)


def header(state: FarmState, names: Sequence[str], can_trade: bool) -> str:
    """Who won, or whose move it is and what it may be."""
    if state.winners:
        who = join_and(names[s] for s in state.winners)
        return ngettext("{names} wins!", "{names} win!", len(state.winners)).format(names=who)
    if state.offer is not None:
        by, to = names[state.offer.by], names[state.offer.to]
        return _("{to} to answer {by}'s offer").format(to=to, by=by)
    if can_trade:
        return _("{name} to trade or roll").format(name=names[state.turn])
    return _("{name} to roll").format(name=names[state.turn])


def stock_tab() -> str:
    return _("STOCK")


def you(name: str) -> str:
    """The viewer's own pen."""
    return _("{name} (you)").format(name=name)


#: pen tags: what a seat is doing or waiting for
TAGS = {
    "winner": lambda: _("WINNER"),
    "left": lambda: _("LEFT"),
    "answer": lambda: _("? ANSWER OFFER"),
    "waiting": lambda: _("WAITING"),
    "trade_or_roll": lambda: _("▶ TRADE OR ROLL"),
    "roll": lambda: _("▶ TO ROLL"),
}

#: the tag of a pen missing one needed animal
NEEDS = (
    lambda: _("needs a rabbit"),
    lambda: _("needs a sheep"),
    lambda: _("needs a pig"),
    lambda: _("needs a cow"),
    lambda: _("needs a horse"),
)


def tag(key: str) -> str:
    return TAGS[key]()


def needs(animal: int) -> str:
    return NEEDS[animal]()
