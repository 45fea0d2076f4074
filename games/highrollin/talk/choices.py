"""High Rollin's moves as the action UI shows them (labels and notes), the status line, and
the words a player may type for the notation's words in a shipped language."""

from __future__ import annotations

import functools
import unicodedata

import words
from games.base import Choice
from games.highrollin import suggest
from games.highrollin.menu import even, fit_chance, hand_counts, place_rank, suggested
from games.highrollin.model import (
    COLOURS,
    Action,
    Again,
    HighRollinState,
    Lift,
    Place,
    Rest,
    Roll,
    Stop,
    roll_choices,
    topple_chance,
)
from games.highrollin.talk.common import (
    _,
    die_object,
    mix,
    ngettext,
    percent,
    pgettext,
    table,
)

State = HighRollinState
SQUARES = ("🟥", "🟦", "🟩", "🟨")


def describe(state: State, seat: int, action: Action) -> Choice:
    match action:
        case Roll(counts):
            return _describe_roll(state, seat, counts)
        case Place(index, tower):
            d = state.hand[index]
            height = len(state.towers[tower]) + 1
            chance = topple_chance(height) if state.options.towers == "wobbly" else 0
            label = _("Stack {die} on tower {tower}").format(
                die=die_object([COLOURS[d.colour], d.face]), tower=tower + 1
            )
            if chance:
                label = _("{label} ({chance} it topples)").format(
                    label=label, chance=percent(chance)
                )
            return Choice(label, emoji=SQUARES[d.colour], rank=place_rank(state, action))
        case Rest():
            return _describe_rest(state)
        case Again():
            n = len(state.hand)
            fit = percent(round(fit_chance(state, hand_counts(state)), 2))
            label = ngettext(
                "Roll the {n} die again ({chance} fit)", "Roll the {n} dice again ({chance} fit)", n
            )
            return Choice(label.format(n=n, chance=fit), primary=True, emoji="🎲")
        case Stop():
            return Choice(_("Stop (no score; dice back to your pile)"), emoji="✋")
        case Lift(tower):
            assert state.penalty is not None
            k = min(state.penalty, len(state.towers[tower]) - 1)
            label = ngettext("Lift {n} die off tower {tower}", "Lift {n} dice off tower {tower}", k)
            return Choice(label.format(n=k, tower=tower + 1), emoji="🫳")
    raise TypeError(action)


def _describe_rest(state: State) -> Choice:
    """ "Stack the rest": the picture shows where each die goes (arrows under the dice) and
    what it scores or risks, so the button needs no note."""
    n = suggest.outlook(state)[0]
    label = ngettext("Stack the {n} die as suggested", "Stack the {n} dice as suggested", n)
    return Choice(label.format(n=n), primary=True, emoji="🧱", rank=10_000)


def _describe_roll(state: State, seat: int, counts: tuple[int, int, int, int]) -> Choice:
    if len(roll_choices(state.piles[seat])) == 1:
        n = sum(counts)
        label = ngettext("Roll your {n} die: {mix}", "Roll your {n} dice: {mix}", n)
        return Choice(label.format(n=n, mix=mix(counts)), primary=True, emoji="🎲")
    chance = fit_chance(state, counts)
    rank = round(1000 * chance)
    fit = percent(round(chance, 2))
    if counts == suggested(state, seat):
        return Choice(
            _("Roll {mix} (suggested, {chance} fit)").format(mix=mix(counts), chance=fit),
            primary=True,
            emoji="🎲",
            rank=rank + 1,
        )
    if counts == even(state.piles[seat], sum(counts)):
        label = _("Roll {mix} (even pile, {chance} fit)")
    else:
        label = _("Roll {mix} ({chance} fit)")
    return Choice(label.format(mix=mix(counts), chance=fit), rank=rank)


def status_line(state: State) -> str:
    """Whose turn and what they must do, and the scores: "ann to roll · ann 12, bob 30"."""
    scores = table(enumerate(state.scores), state.names)
    if state.winners:
        winners = words.join_and(state.names[s] for s in state.winners)
        return _("won by {names} ({table})").format(names=winners, table=scores)
    name = state.names[state.turn]
    phase = state.phase
    if phase == "roll":
        return _("{name} to roll · {table}").format(name=name, table=scores)
    if phase == "place":
        return _("{name} to stack · {table}").format(name=name, table=scores)
    if phase == "decide":
        return _("{name} to roll again or stop · {table}").format(name=name, table=scores)
    return _("{name} to pick the penalty tower · {table}").format(name=name, table=scores)


# Typed moves ---------------------------------------------------------------------------------

#: the notation's words (and a few it accepts) that typed words of another language stand for
CANONICAL = frozenset(
    {"roll", "again", "reroll", "stop", "place", "stack", "rest", "lift", "on", "to", "tower"}
    | {"die", "from"}
    | {"off", "all", "and", *COLOURS, *(c[0] for c in COLOURS), *(c + "s" for c in COLOURS)}
)


def _typed_words() -> dict[str, str]:
    """Each notation word and what a player may type for it in the active locale (words
    separated by spaces)."""
    # TRANSLATORS: words a player may type for a notation word, separated by spaces
    return {
        "roll": pgettext("typed move", "roll"),
        "again": pgettext("typed move", "again"),
        "stop": pgettext("typed move", "stop"),
        "place": pgettext("typed move", "place"),
        "stack": pgettext("typed move", "stack"),
        "rest": pgettext("typed move", "rest"),
        "lift": pgettext("typed move", "lift"),
        "on": pgettext("typed move", "on"),
        "tower": pgettext("typed move", "tower"),
        "die": pgettext("typed move", "die"),
        "all": pgettext("typed move", "all"),
        "and": pgettext("typed move", "and"),
        "red": pgettext("typed move", "red"),
        "blue": pgettext("typed move", "blue"),
        "green": pgettext("typed move", "green"),
        "yellow": pgettext("typed move", "yellow"),
    }


def _lift_words() -> dict[str, str]:
    """Words typed only after ``lift`` (where a colour's letter means something else)."""
    return {"from": pgettext("typed move, after lift", "from")}


def _plain(word: str) -> str:
    """``word`` without accents: "połóż" -> "poloz"."""
    word = word.replace("ł", "l").replace("Ł", "L")
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


@functools.cache
def _aliases(lift: bool) -> dict[str, str]:
    """Typed word -> notation word, over every shipped language but English; the notation's
    own words are never taken over."""
    found: dict[str, str] = {}
    plain: dict[str, str] = {}
    for locale in words.SHIPPED:
        if locale == words.ENGLISH:
            continue
        with words.use(locale):
            table = _lift_words() if lift else _typed_words()
        for canonical, typed in table.items():
            for word in typed.lower().split():
                if word in CANONICAL:
                    continue
                found.setdefault(word, canonical)
                if len(word) > 1:
                    plain.setdefault(_plain(word), canonical)
    return {**plain, **found}


def canonical(typed: list[str]) -> list[str]:
    """Typed words as the notation's words: a notation word stays itself; a word of a shipped
    language becomes the notation word it stands for; anything else is kept (and refused)."""
    if not typed:
        return typed
    general = _aliases(False)
    first = typed[0]
    verb = first if first in CANONICAL else general.get(first, general.get(_plain(first), first))
    table = {**general, **_aliases(True)} if verb == "lift" else general
    rest = [w if w in CANONICAL else table.get(w, table.get(_plain(w), w)) for w in typed[1:]]
    return [verb, *rest]
