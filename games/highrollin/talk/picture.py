"""The board picture's texts: header, towers, this turn's box, the players, and the last-move
strip told from the play's events (``strip``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import words
from games.base import Event
from games.highrollin import suggest
from games.highrollin.menu import suggested
from games.highrollin.model import GAME_SCORE, MATCH_GAMES, TURN_DICE, HighRollinState
from games.highrollin.talk.common import (
    _,
    die_object,
    join_or,
    mix,
    ngettext,
    percent,
    pgettext,
    short_dice,
)

State = HighRollinState


def title() -> str:
    return _("HIGH ROLLIN'")


def header(state: State) -> str:
    if state.options.match:
        return _("Game {game} of {games} · round {round}").format(
            game=state.game, games=MATCH_GAMES, round=state.round
        )
    return _("Round {round} · first past {past}").format(round=state.round, past=GAME_SCORE)


def last() -> str:
    return _("Last:")


def tower(i: int) -> str:
    return _("Tower {tower}").format(tower=i + 1)


def height(n: int) -> str:
    return _("{height} high").format(height=n)


def next_chance(chance: float) -> str:
    """Under a tower: the chance the next die topples it (in whole percent)."""
    return _("next {chance}").format(chance=percent(round(chance, 2)))


def fell() -> str:
    return _("fell:")


def winners(state: State) -> str:
    names = words.join_and(state.names[s] for s in state.winners)
    n = len(state.winners)
    if state.options.match:
        return ngettext("{names} wins the match!", "{names} win the match!", n).format(names=names)
    return ngettext("{names} wins the game!", "{names} win the game!", n).format(names=names)


def games_won(ranked: Sequence[int], state: State) -> str:
    wins = " · ".join(
        _("{name} {score}").format(name=state.names[s], score=state.wins[s]) for s in ranked
    )
    return _("Games won: {wins}").format(wins=wins)


def scores(ranked: Sequence[int], state: State) -> str:
    return " · ".join(
        _("{name} {score}").format(name=state.names[s], score=state.scores[s]) for s in ranked
    )


def turn_title(state: State) -> str:
    name = state.names[state.turn]
    phase = state.phase
    if phase == "roll":
        return _("{name} to choose dice and roll").format(name=name)
    if phase == "place":
        return _("{name} must stack").format(name=name)
    if phase == "decide":
        return _("{name}: roll again or stop").format(name=name)
    return _("{name} takes a penalty").format(name=name)


def roll_lines(state: State) -> list[str]:
    """The turn box before a roll: the suggestion and the round's roll-off."""
    left = sum(state.piles[state.turn])
    if left < TURN_DICE:
        lines = [
            ngettext(
                "Rolls the last {n} die in the pile", "Rolls the last {n} dice in the pile", left
            ).format(n=left)
        ]
    else:
        lines = [_("Suggested: {mix}").format(mix=mix(suggested(state, state.turn)))]
    if state.rolloff and all(len(t) == 1 for t in state.towers):
        throw = state.rolloff[-1]
        shown = pgettext("list separator", ", ").join(
            _("{name} {face}").format(name=state.names[s], face=f) for s, f in enumerate(throw) if f
        )
        lines.append(_("Roll-off: {throws}; lowest starts").format(throws=shown))
    return lines


def stacked(state: State) -> str:
    return _("stacked {done} of {dice}").format(
        done=state.began - len(state.hand), dice=state.began
    )


def fits_on(towers: Sequence[int]) -> str:
    """Under a rolled die: the towers it fits ("→1,3"), or that it fits none."""
    if not towers:
        return _("no fit")
    return "→" + ",".join(str(t + 1) for t in towers)


def planned(state: State) -> list[int | None]:
    """Each rolled die's tower in the suggestion ("Stack the rest"), None if it stays."""
    towers: list[int | None] = [None] * len(state.hand)
    for die, tower in suggest.plan(state):
        i = next(i for i, d in enumerate(state.hand) if d == die and towers[i] is None)
        towers[i] = tower
    return towers


def plan_line(state: State) -> str:
    """Under the rolled dice while stacking: what the suggestion under them does."""
    n, safe = suggest.outlook(state)
    parts = []
    if n == len(state.hand) and state.began == TURN_DICE:
        tops = [t[-1].face for t in state.towers]
        for d, t in suggest.plan(state):
            tops[t] = d.face
        parts.append(_("scores {points}").format(points=sum(tops)))
    elif n == len(state.hand):
        parts.append(_("every die stacks"))
    else:
        left = len(state.hand) - n
        parts.append(ngettext("{n} die fits nowhere", "{n} dice fit nowhere", left).format(n=left))
    if safe < 1:
        parts.append(_("{chance} risk of a fall").format(chance=percent(round(1 - safe, 2))))
    return _("Suggested: {outlook}").format(outlook=" · ".join(parts))


def hint(state: State) -> str:
    """Beside the rolled dice: what the phase asks (wrapped to a narrow column)."""
    if state.phase == "lift":
        tied = state.tallest()
        k = min(state.penalty or 0, len(state.towers[tied[0]]) - 1)
        return ngettext(
            "Penalty {penalty}: lift {n} die off tower {towers}",
            "Penalty {penalty}: lift {n} dice off tower {towers}",
            k,
        ).format(penalty=state.penalty, n=k, towers=join_or(str(t + 1) for t in tied))
    if state.phase == "decide":
        return _("None fits: roll again or stop")
    return _("Stack one: compulsory while any fits")


def player(name: str, *, won: bool, you: bool) -> str:
    label = ("★ " if won else "") + name
    return _("{name} (you)").format(name=label) if you else label


def match_wins(label: str, wins: int) -> str:
    return ngettext("{name} · {n} win", "{name} · {n} wins", wins).format(name=label, n=wins)


# The last-move strip ---------------------------------------------------------------------------


def strip(events: Iterable[Event], names: Sequence[str]) -> str:
    """What the last play did in a few words, from its events: the main happening and the
    points it gave ("ann stacked all five; tops 5+6+2+4 · ann +17")."""
    kinds: dict[str, Mapping[str, Any]] = {}
    gains: dict[int, int] = {}
    for event in events:
        kinds[event.kind] = event.data
        _gain(event, gains)
    text = _story(kinds, names)
    if not text:
        return ""
    # (a new round the move began is in the header: "Round 3")
    told = _gains(gains, _actor(kinds), names)
    return f"{text} · {told}" if told else text


def _gain(event: Event, gains: dict[int, int]) -> None:
    data = event.data
    if event.kind == "score":
        gains[data["seat"]] = gains.get(data["seat"], 0) + data["points"]
    elif event.kind == "out":
        gains[data["seat"]] = gains.get(data["seat"], 0) + data["left"]
    elif event.kind == "reward":
        for seat in data["others"]:
            gains[seat] = gains.get(seat, 0) + data["points"]


def _actor(kinds: Mapping[str, Mapping[str, Any]]) -> int | None:
    kinds_told = ("fall", "slip", "score", "stacked", "stack", "penalty", "roll", "stop", "lift")
    for kind in (*kinds_told, "leave"):
        if kind in kinds:
            return int(kinds[kind]["seat"])
    return None


def _story(kinds: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> str:
    if "fall" in kinds or "slip" in kinds:
        return _fallen(kinds)
    if "score" in kinds:
        data = kinds["score"]
        tops = "+".join(str(f) for f in data["tops"])
        return _("{name} stacked all five; tops {tops}").format(name=names[data["seat"]], tops=tops)
    if "stacked" in kinds:
        data = kinds["stacked"]
        return _("{name} stacked {dice}").format(
            name=names[data["seat"]], dice=short_dice(data["dice"])
        )
    if "stack" in kinds:
        data = kinds["stack"]
        return _("{name} stacked {die} on tower {tower}").format(
            name=names[data["seat"]], die=die_object(data["die"]), tower=data["tower"] + 1
        )
    if "penalty" in kinds:
        return _("{name} rolled: nothing fits, a penalty").format(
            name=names[kinds["penalty"]["seat"]]
        )
    if "roll" in kinds:
        data = kinds["roll"]
        return _("{name} rolled {dice}").format(
            name=names[data["seat"]], dice=short_dice(data["dice"])
        )
    return _turn_end(kinds, names)


def _turn_end(kinds: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> str:
    if "stop" in kinds:
        data = kinds["stop"]
        n = data["back"]
        return ngettext(
            "{name} stopped: {n} die back to the pile",
            "{name} stopped: {n} dice back to the pile",
            n,
        ).format(name=names[data["seat"]], n=n)
    if "lift" in kinds:
        data = kinds["lift"]
        n = data["count"]
        return ngettext(
            "{name} lifted {n} die off tower {tower}", "{name} lifted {n} dice off tower {tower}", n
        ).format(name=names[data["seat"]], n=n, tower=data["tower"] + 1)
    if "leave" in kinds:
        return _("{name} left the game").format(name=names[kinds["leave"]["seat"]])
    return ""


def _fallen(kinds: Mapping[str, Mapping[str, Any]]) -> str:
    if "slip" in kinds:
        n = len(kinds["slip"]["faces"])
        return ngettext(
            "The penalty stack slipped: {n} fell", "The penalty stack slipped: {n} fell", n
        ).format(n=n)
    data = kinds["fall"]
    n, tower = len(data["dice"]), data["tower"] + 1
    if data["cause"] == "knock":
        return ngettext(
            "Tower {tower} was knocked over: {n} fell",
            "Tower {tower} was knocked over: {n} fell",
            n,
        ).format(tower=tower, n=n)
    return ngettext("Tower {tower} toppled: {n} fell", "Tower {tower} toppled: {n} fell", n).format(
        tower=tower, n=n
    )


def _gains(gains: Mapping[int, int], actor: int | None, names: Sequence[str]) -> str:
    """ "ann +17, others +5" (or each of the others by name when they gained differently)."""
    gains = {s: g for s, g in gains.items() if g}
    parts = []
    if actor is not None and actor in gains:
        parts.append(_("{name} {points}").format(name=names[actor], points=f"{gains[actor]:+d}"))
    others = {s: g for s, g in gains.items() if s != actor}
    if len(others) > 1 and len(set(others.values())) == 1:
        points = f"{next(iter(others.values())):+d}"
        parts.append(_("others {points}").format(points=points))
    else:
        parts += [
            _("{name} {points}").format(name=names[s], points=f"{g:+d}") for s, g in others.items()
        ]
    return pgettext("list separator", ", ").join(parts)
