"""Super Farmer's menu in words: each legal action's label, group and note (the ``Choice``) and
the status line, in the active locale."""

from __future__ import annotations

from games.base import Choice
from games.farm import talk_animals as animals
from games.farm.advice import Advice, rank
from games.farm.model import (
    RABBIT,
    SMALL_DOG,
    Accept,
    Decline,
    FarmAction,
    FarmState,
    Offer,
    Roll,
    Trade,
    Withdraw,
    single,
)
from words import domain, join_and

_D = domain("farm")
_, ngettext, N_ = _D.functions()
pgettext = _D.pgettext

#: the longest note a choice shows (a select option's description)
NOTE_MAX = 100


def advice(found: Advice) -> str:
    """Why a trade helps, short: what matters most first, cut by whole parts to fit."""
    if found.wins:
        return _("completes your farm: you win")
    parts = []
    if found.gains:
        parts.append(_("gets you {animals}").format(animals=animals.ones(found.gains)))
    if found.loses:
        parts.append(
            ngettext(
                "gives up your only {animals}", "gives up your only {animals}", len(found.loses)
            ).format(animals=animals.kinds(found.loses))
        )
    for dog in found.dogs:
        parts.append(
            _("guards your {animals} from the fox").format(
                animals=animals.objects(single(RABBIT, found.guards[RABBIT]))
            )
            if dog == SMALL_DOG
            else _("guards your herd from the wolf")
        )
    return _fit(parts)


#: the mark of each of the trades that matter (``Advice.matters``), shown before its label
MARKS = {"win": "🏆", "set": "⭐", "guard": "🛡️"}


def mark(found: Advice) -> str | None:
    return MARKS.get(found.matters or "")


def _fit(parts: list[str]) -> str:
    separator = pgettext("clause separator", "; ")
    while len(separator.join(parts)) > NOTE_MAX and len(parts) > 1:
        parts.pop()
    return shorten(separator.join(parts), NOTE_MAX)


def shorten(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut after a whole word with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def describe(state: FarmState, seat: int, action: FarmAction) -> Choice:
    """How the menu shows ``action`` to ``seat``."""
    match action:
        case Roll():
            return Choice(_("Roll the dice"), primary=True, emoji="🎲")
        case Withdraw():
            # no note: the board already says whom the offer waits for
            return Choice(_("Withdraw the offer"), emoji="↩️")
        case Accept():
            offer = state.offer
            assert offer is not None
            score, why = rank(state.herds[seat], offer.get, offer.give)
            label = _("Accept: give {give}, get {get}").format(
                give=animals.objects(offer.get), get=animals.objects(offer.give)
            )
            return Choice(label, primary=True, emoji="✅", note=advice(why), rank=score)
        case Decline():
            return Choice(_("Decline the offer"), emoji="✖️")
        case Trade(give, get, anyway):
            delivered = tuple(min(n, s) for n, s in zip(get, state.stock, strict=True))
            score, why = rank(state.herds[seat], give, delivered)
            note = advice(why)
            if anyway:
                kind = next(i for i in range(7) if get[i])
                short = _("stock has only {n}: you get {n}").format(n=state.stock[kind])
                note = pgettext("clause separator", "; ").join(p for p in (short, note) if p)
            return Choice(
                _exchange(give, get),
                group=_("Trade with the stock"),
                note=shorten(note, NOTE_MAX),
                rank=score,
                emoji=mark(why),
            )
        case Offer(give, get, to):
            score, why = rank(state.herds[seat], give, get)
            return Choice(
                _exchange(give, get),
                group=_("Offer to {name}").format(name=state.names[to]),
                note=advice(why),
                rank=score,
                emoji=mark(why),
            )
    raise TypeError(action)


def _exchange(give: tuple[int, ...], get: tuple[int, ...]) -> str:
    return _("{give} → {get}").format(give=animals.subject(give), get=animals.subject(get))


def status_line(state: FarmState, can_trade: bool) -> str:
    """One plain line for status listings: who won, or whose move and what it may be."""
    names = state.names
    if state.winners:
        return _("won by {names}").format(names=join_and(names[s] for s in state.winners))
    if state.offer is not None:
        by, to = names[state.offer.by], names[state.offer.to]
        return _("{by} offered {to} a trade: waiting for {to}").format(by=by, to=to)
    if can_trade:
        return _("{name} to trade or roll").format(name=names[state.turn])
    return _("{name} to roll").format(name=names[state.turn])
