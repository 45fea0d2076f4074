"""Super Farmer's narrator: every event kind and outcome of the game in words, in the active
locale. The rules emit data (``games.farm``); this is the only place they become sentences.

Event kinds and their fields (seats are ints, animals ``{"pig": 2}`` largest first):

- ``roll``: ``seat``, ``fox`` and ``wolf`` (the faces), ``attacks``: what each predator shown
  did, ``{"predator": "fox"|"wolf", "result": "dog"|"ate"|"nothing", "animals": {...}}``;
- ``breed``: ``seat``, ``animals`` bred, ``short``: ``[{"animal", "left"}]`` where the stock
  could not pay the full litter; ``no_pairs``: ``seat`` (minor: the dice bred nothing);
- ``trade``: ``seat``, ``give``, ``got`` (and ``asked`` when the stock was short);
- ``offer``, ``accept``: ``by``, ``to``, ``give``, ``get``; ``decline``, ``withdraw``,
  ``lapse`` (the proposer rolled instead), ``void`` (a player in it left): ``by``, ``to``;
- ``win``: ``seats``; ``leave``: ``seat``, ``returned``; ``last_left``: ``seat``.

Outcome reasons: ``herd`` (owns one of each needed animal), ``last_left``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import words
from games.base import Event, Narrator, Outcome, word_errors
from games.farm import talk_animals as animals
from games.farm import talk_text
from games.farm.model import FarmAction, FarmState
from games.farm.talk_errors import farm_words
from words import domain

_D = domain("farm")
_, ngettext, N_ = _D.functions()
pgettext = _D.pgettext

Teller = Callable[[Mapping[str, Any], Sequence[str]], str]


def _roll(data: Mapping[str, Any], names: Sequence[str]) -> str:
    name = names[data["seat"]]
    fox, wolf = animals.name(data["fox"]), animals.name(data["wolf"])
    attacks = [_attack(a) for a in data.get("attacks", ())]
    if not attacks:
        return _("{name} rolled {fox} and {wolf}.").format(name=name, fox=fox, wolf=wolf)
    said = pgettext("clause separator", "; ").join(attacks)
    return _("{name} rolled {fox} and {wolf}: {attacks}.").format(
        name=name, fox=fox, wolf=wolf, attacks=said
    )


def _attack(attack: Mapping[str, Any]) -> str:
    fox = attack["predator"] == "fox"
    result = attack["result"]
    if result == "dog":
        return (
            _("the small dog chased the fox off and left")
            if fox
            else _("the big dog chased the wolf off and left")
        )
    if result == "ate":
        eaten = animals.objects(attack.get("animals", {}))
        return (_("the fox ate {animals}") if fox else _("the wolf ate {animals}")).format(
            animals=eaten
        )
    return _("the fox found no rabbits") if fox else _("the wolf found nothing to eat")


def _breed(data: Mapping[str, Any], names: Sequence[str]) -> str:
    name = names[data["seat"]]
    bred = data.get("animals", {})
    short = [_short(s) for s in data.get("short", ())]
    if not short:
        return _("{name}'s herd bred {animals}.").format(name=name, animals=animals.objects(bred))
    notes = pgettext("clause separator", "; ").join(short)
    if not any(bred.values()):
        return _("{name}'s herd bred nothing ({notes}).").format(name=name, notes=notes)
    return _("{name}'s herd bred {animals} ({notes}).").format(
        name=name, animals=animals.objects(bred), notes=notes
    )


def _short(short: Mapping[str, Any]) -> str:
    kind, left = animals.index(short["animal"]), int(short["left"])
    if left:
        return _("the stock had only {animals}").format(animals=animals.counted(kind, left))
    return _("the stock had no {animals} left").format(animals=animals.none_of(kind))


def _trade(data: Mapping[str, Any], names: Sequence[str]) -> str:
    fields = {
        "name": names[data["seat"]],
        "give": animals.objects(data["give"]),
        "got": animals.objects(data["got"]),
    }
    if data.get("asked"):
        return _(
            "{name} traded {give} with the stock for {got} (asked for {asked}; the stock was "
            "short)."
        ).format(asked=animals.objects(data["asked"]), **fields)
    return _("{name} traded {give} with the stock for {got}.").format(**fields)


def _exchange(data: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    return {
        "by": names[data["by"]],
        "to": names[data["to"]],
        "give": animals.objects(data.get("give", {})),
        "get": animals.objects(data.get("get", {})),
    }


def _win(data: Mapping[str, Any], names: Sequence[str]) -> str:
    seats = list(data["seats"])
    who = words.join_and(names[s] for s in seats)
    return ngettext(
        "{names} has a rabbit, a sheep, a pig, a cow and a horse, and wins!",
        "{names} have a rabbit, a sheep, a pig, a cow and a horse, and win!",
        len(seats),
    ).format(names=who)


def _leave(data: Mapping[str, Any], names: Sequence[str]) -> str:
    name = names[data["seat"]]
    returned = data.get("returned") or {}
    if not any(returned.values()):
        return _("{name} leaves the game.").format(name=name)
    return _("{name} leaves the game; {animals} go back to the stock.").format(
        name=name, animals=animals.objects(returned)
    )


TELLERS: dict[str, Teller] = {
    "roll": _roll,
    "breed": _breed,
    "no_pairs": lambda d, n: _("No pairs: {name}'s herd bred nothing.").format(name=n[d["seat"]]),
    "trade": _trade,
    "offer": lambda d, n: _("{by} offers {to} {give} for {get}.").format(**_exchange(d, n)),
    "accept": lambda d, n: _("{to} accepts: {by} gives {give} for {get}.").format(
        **_exchange(d, n)
    ),
    "decline": lambda d, n: _("{to} declines {by}'s offer.").format(**_exchange(d, n)),
    "withdraw": lambda d, n: _("{by} withdraws the offer to {to}.").format(**_exchange(d, n)),
    "lapse": lambda d, n: _("{by}'s offer to {to} lapses: {by} rolls instead.").format(
        **_exchange(d, n)
    ),
    "void": lambda d, n: _("{by}'s offer to {to} is withdrawn.").format(**_exchange(d, n)),
    "win": _win,
    "leave": _leave,
    "last_left": lambda d, n: _("{name} is the last player left and wins!").format(
        name=n[d["seat"]]
    ),
}


class Moves(Protocol):
    """What the narrator reads of the rules to tell a position: who may act, their legal
    moves and the notation."""

    def to_act(self, state: FarmState) -> tuple[int, ...]: ...

    def legal_actions(self, state: FarmState, seat: int) -> list[FarmAction]: ...

    def format_action(self, state: FarmState, action: FarmAction) -> str: ...

    def can_trade(self, state: FarmState, seat: int) -> bool: ...


class FarmNarrator(Narrator):
    """Super Farmer told: its events, refusals, outcome, menu and picture texts, and the
    position as text (``describe``, ``text_board``), which read the legal moves of ``rules``."""

    domain = "farm"

    def __init__(self, rules: Moves) -> None:
        self.rules = rules

    def describe(self, state: FarmState, names: Sequence[str]) -> str:
        return talk_text.describe(state, names, self._can_trade(state))

    def text_board(self, state: FarmState, names: Sequence[str], viewer: int | None) -> str:
        rules = self.rules
        acting = sorted(rules.to_act(state), key=lambda seat: seat != viewer)
        moves = [
            (seat, [rules.format_action(state, a) for a in rules.legal_actions(state, seat)])
            for seat in acting
        ]
        return talk_text.text_board(state, names, viewer, self._can_trade(state), moves)

    def _can_trade(self, state: FarmState) -> bool:
        """Whether the seat on turn may still trade, as the picture's header says."""
        return (
            not state.traded
            and state.offer is None
            and not state.winners
            and self.rules.can_trade(state, state.turn)
        )

    def tell(self, event: Event, names: Sequence[str]) -> str:
        teller = TELLERS.get(event.kind)
        if teller is None:
            raise KeyError(f"no words for event {event.kind!r}")
        return teller(event.data, names)

    def lines(self, events: Sequence[Event], names: Sequence[str]) -> list[str]:
        """One line per event, except that a roll and what the herd bred from it share one:
        "alice rolled sheep and rabbit. alice's herd bred 1 sheep."."""
        told: list[str] = []
        for i, event in enumerate(events):
            text = self.event(event, names)
            joined = i > 0 and event.kind == "breed" and events[i - 1].kind == "roll" and told
            if joined and text:
                told[-1] = pgettext("two sentences on one line", "{first} {second}").format(
                    first=told[-1], second=text
                )
            elif text:
                told.append(text)
        return told

    def outcome(self, outcome: Outcome, names: Sequence[str]) -> str:
        if outcome.reason == "herd":
            return _("owns a rabbit, a sheep, a pig, a cow and a horse")
        if outcome.reason == "last_left":
            return _("the last player left")
        return outcome.reason


word_errors("farm", farm_words)
