"""Cattle Baron's pieces: dice, piles, options, actions and the state, with their storage.

A die is ``Die(colour, face)``; the herd, every stock and every Swiss stock are sorted tuples of
dice, so equal piles compare equal. Dice are conserved: each colour always has
``dice_per_colour`` dice across the herd, the studs and all stocks.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Self

from games.base import InvalidState, Options, option
from games.cattle.texts import HELP_COLOURS, HELP_DICE_PER_COLOUR, HELP_TIES

#: colour names used in the notation, in the order players are given them; letters are unique
COLOURS = (
    "red", "blue", "green", "yellow", "orange", "purple",
    "white", "black", "cyan", "tan", "lime", "maroon",
)  # fmt: skip
LETTERS = ("R", "B", "G", "Y", "O", "P", "W", "K", "C", "T", "L", "M")
INDEX = {c: i for i, c in enumerate(COLOURS)}
BY_LETTER = {letter.lower(): c for letter, c in zip(LETTERS, COLOURS, strict=True)}


class Die(NamedTuple):
    colour: str
    face: int

    def __str__(self) -> str:
        return f"{self.colour} {self.face}"


Pile = tuple[Die, ...]


def die_key(die: Die) -> tuple[int, int]:
    """Piles are sorted by colour (palette order), then highest face first."""
    return (INDEX[die.colour], -die.face)


def pile(dice: Iterable[Die]) -> Pile:
    return tuple(sorted(dice, key=die_key))


def total(dice: Iterable[Die]) -> int:
    return sum(d.face for d in dice)


def take(dice: Pile, die: Die) -> Pile:
    out = list(dice)
    out.remove(die)
    return tuple(out)


def distinct(dice: Iterable[Die]) -> list[Die]:
    return list(dict.fromkeys(dice))


#: the ``colours`` option: 0 means twice the players, at least AUTO_LOW and at most MOST_COLOURS
AUTO_LOW = 4
MOST_COLOURS = 8
#: games saved before colours were capped at MOST_COLOURS may hold up to this many
LEGACY_COLOURS = 12


def colours_for(players: int, wanted: int) -> int:
    """The colours in play: ``wanted``, or 0 for twice the players within AUTO_LOW..8."""
    if wanted:
        return wanted
    return max(AUTO_LOW, min(MOST_COLOURS, 2 * players))


@dataclass(frozen=True)
class CattleOptions(Options):
    colours: int = option(
        0,
        HELP_COLOURS,
        min=0,
        max=MOST_COLOURS,
        design=True,
    )
    dice_per_colour: int = option(8, HELP_DICE_PER_COLOUR, min=4, max=12)
    ties: str = option(
        "younger",
        HELP_TIES,
        choices=("younger", "seat"),
        design=True,
    )

    @classmethod
    def parse(cls, values: Mapping[str, Any] | None) -> Self:
        """As ``Options.parse``, but games saved with 9-12 colours (once allowed) still load."""
        colours = values.get("colours") if isinstance(values, Mapping) else None
        if (
            values is not None
            and isinstance(colours, int)
            and MOST_COLOURS < colours <= LEGACY_COLOURS
        ):
            rest = super().parse({k: v for k, v in values.items() if k != "colours"})
            return replace(rest, colours=colours)
        return super().parse(values)


# Actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grab:
    """Roll 1 or 2: one or two dice of your brand from the herd (highest face first)."""

    dice: tuple[Die, ...]


@dataclass(frozen=True)
class Rustle:
    target: int


@dataclass(frozen=True)
class Swiss:
    colour: str


@dataclass(frozen=True)
class Switch:
    source: str  # "stock" or "herd"
    die: Die


@dataclass(frozen=True)
class Raid:
    die: Die


@dataclass(frozen=True)
class Pasture:
    die: Die


@dataclass(frozen=True)
class Pass:
    pass


CattleAction = Grab | Rustle | Swiss | Switch | Raid | Pasture | Pass


@dataclass(frozen=True)
class CattleState:
    names: tuple[str, ...]
    #: account creation order key per seat: larger = younger (acts first on equal rolls)
    seniority: tuple[int, ...]
    options: CattleOptions
    herd: Pile
    studs: tuple[Die | None, ...]
    stocks: tuple[Pile, ...]
    swiss: tuple[Pile, ...]
    #: this round's roll per seat, and the seats from lowest roll to highest
    rolls: tuple[int, ...]
    order: tuple[int, ...]
    #: index into ``order`` of the seat to act
    pos: int = 0
    #: the seat still holds the stud it rolled this round (matters when the herd runs out)
    kept: tuple[bool, ...] = ()
    round: int = 1
    #: once the herd is empty: each seat's last stud roll (None: its rolled 6 went to stock)
    final_rolls: tuple[int | None, ...] = ()
    #: seats that left the game (a forfeit): their dice went back to the herd
    out: tuple[int, ...] = ()
    #: how many seats at the start of this round's order have nothing to do but pass (the
    #: round's announcement tells their passes together)
    passes: int = 0

    @functools.cached_property
    def herd_colours(self) -> Counter[str]:
        """How many dice of each colour the herd holds, counted once per state (every choice
        of a menu is ranked by it); read it, never change it."""
        return Counter(d.colour for d in self.herd)

    @property
    def finished(self) -> bool:
        """The herd is empty, or fewer than two players are left."""
        return not self.herd or len(self.out) >= len(self.names) - 1

    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.names)) if s not in self.out)

    def brand(self, seat: int) -> str | None:
        stud = self.studs[seat]
        return stud.colour if stud else None

    def score(self, seat: int) -> int:
        return total(self.stocks[seat]) + total(self.swiss[seat])


def roll_order(
    rolls: Sequence[int], seniority: Sequence[int], out: Sequence[int] = ()
) -> tuple[int, ...]:
    """Lowest roll first; on equal rolls the younger (larger seniority key) first. Seats that
    left the game (``out``) do not act."""
    seats = [s for s in range(len(rolls)) if s not in out]
    return tuple(sorted(seats, key=lambda s: (rolls[s], -seniority[s], -s)))


def die_out(die: Die) -> dict[str, Any]:
    """A die as data (in a dump and in an event): ``{"colour": "red", "face": 5}``."""
    return {"colour": die.colour, "face": die.face}


def _stud_out(stud: Die | None) -> dict[str, Any] | None:
    return None if stud is None else die_out(stud)


def dice_out(dice: Pile) -> list[dict[str, Any]]:
    return [die_out(d) for d in dice]


def die_in(data: Mapping[str, Any], colours: Sequence[str]) -> Die:
    colour, face = data["colour"], whole(data["face"])
    if colour not in colours or not 1 <= face <= 6:
        raise InvalidState("cattle.bad_die", die=repr(dict(data)))
    return Die(colour, face)


def whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState("cattle.not_whole", value=repr(value))
    return value


def check_seniority(values: Sequence[int], n: int) -> tuple[int, ...]:
    if isinstance(values, str | bytes) or len(values) != n:
        raise InvalidState("cattle.bad_seniority", players=n)
    return tuple(whole(v) for v in values)


def dump_state(state: CattleState) -> dict[str, Any]:
    """The JSON-safe body of a dump (the ruleset adds format and game)."""
    return {
        "options": state.options.to_dict(),
        "round": state.round,
        "herd": dice_out(state.herd),
        "players": [
            {
                "name": state.names[s],
                "stud": _stud_out(state.studs[s]),
                "stock": dice_out(state.stocks[s]),
                "swiss": dice_out(state.swiss[s]),
            }
            for s in range(len(state.names))
        ],
        "seniority": list(state.seniority),
        "rolls": list(state.rolls),
        "order": list(state.order),
        "next": state.pos,
        "kept_roll": list(state.kept),
        "final_rolls": list(state.final_rolls),
        "out": list(state.out),
        "passes": state.passes,
    }


def load_state(data: Mapping[str, Any], players_range: tuple[int, int]) -> CattleState:
    """Rebuild a state from a (possibly edited) dump; InvalidState unless it is consistent."""
    try:
        opts = CattleOptions.parse(data.get("options"))
        assert isinstance(opts, CattleOptions)
        players = data["players"]
        n = len(players)
        opts = replace(opts, colours=colours_for(n, opts.colours))
        low, high = players_range
        if not low <= n <= min(high, opts.colours):
            raise InvalidState("cattle.saved_players", low=low, high=high)
        colours = COLOURS[: opts.colours]

        def dice(items: Iterable[Mapping[str, Any]]) -> Pile:
            return pile(die_in(d, colours) for d in items)

        state = CattleState(
            names=tuple(str(p["name"]) for p in players),
            seniority=check_seniority(data.get("seniority", list(range(n))), n),
            options=opts,
            herd=dice(data["herd"]),
            studs=tuple(
                None if p.get("stud") is None else die_in(p["stud"], colours) for p in players
            ),
            stocks=tuple(dice(p.get("stock", ())) for p in players),
            swiss=tuple(dice(p.get("swiss", ())) for p in players),
            rolls=tuple(whole(r) for r in data["rolls"]),
            order=tuple(whole(s) for s in data["order"]),
            pos=whole(data.get("next", 0)),
            kept=tuple(bool(k) for k in data.get("kept_roll", [True] * n)),
            round=whole(data.get("round", 1)),
            final_rolls=tuple(None if r is None else whole(r) for r in data.get("final_rolls", ())),
            out=tuple(sorted({whole(s) for s in data.get("out", ())})),
            passes=whole(data.get("passes", 0)),
        )
        if any(not 0 <= s < n for s in state.out):
            raise InvalidState("cattle.saved_leaver")
        found = problems(state)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise InvalidState("cattle.cannot_load", detail=repr(err)) from err
    if found:
        # (an invariant's description is for whoever edited the dump, as the tests read it)
        raise InvalidState("cattle.cannot_load", detail=found[0])
    return state


def problems(state: CattleState) -> list[str]:
    """Broken invariants: dice conserved per colour, sorted piles, a sane round."""
    n, opts = len(state.names), state.options
    found: list[str] = []
    counts: Counter[str] = Counter(d.colour for d in state.herd)
    for seat in range(n):
        counts.update(d.colour for d in state.stocks[seat] + state.swiss[seat])
        stud = state.studs[seat]
        if stud is not None:
            counts[stud.colour] += 1
    for colour in COLOURS[: opts.colours]:
        if counts[colour] != opts.dice_per_colour:
            found.append(f"{counts[colour]} {colour} dice instead of {opts.dice_per_colour}")
    if set(counts) - set(COLOURS[: opts.colours]):
        found.append("dice of a colour not in play")
    for name, dice in [("herd", state.herd), *(("stock", s) for s in state.stocks + state.swiss)]:
        if dice != pile(dice):
            found.append(f"{name} pile not in order")
    sizes = {
        len(state.studs),
        len(state.stocks),
        len(state.swiss),
        len(state.rolls),
        len(state.kept),
    }
    if sizes != {n} or len(state.seniority) != n:
        return [*found, "per-player lists of the wrong length"]
    if sorted(state.order) != list(state.active()) or not 0 <= state.pos < len(state.order):
        found.append("acting order is not one turn for every player")
    if not 0 <= state.passes <= len(state.order):
        found.append("more passes told with the round than players acting")
    if any(not 1 <= r <= 6 for r in state.rolls):
        found.append("a roll outside 1-6")
    elif state.order != roll_order(state.rolls, state.seniority, state.out):
        found.append("acting order does not follow the rolls")
    for seat in state.out:
        if state.studs[seat] is not None or state.stocks[seat] or state.swiss[seat]:
            found.append(f"seat {seat} left the game but keeps dice")
    if not state.herd:
        if any(s is not None for s in state.studs) or len(state.final_rolls) != n:
            found.append("a finished game keeps no studs and has every final roll")
    elif not state.finished:
        if any(state.studs[s] is None for s in state.active()) or state.final_rolls:
            found.append("a running game needs a stud for every player")
        for seat in state.active():
            stud = state.studs[seat]
            if (
                state.kept[seat]
                and stud is not None
                and stud != Die(stud.colour, state.rolls[seat])
            ):
                found.append(f"seat {seat}'s stud does not show its roll")
            if not state.kept[seat] and seat not in state.order[: state.pos]:
                found.append(f"seat {seat} changed stud before acting")
    if state.round < 1:
        found.append("round numbers start at 1")
    return found
