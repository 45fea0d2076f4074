"""High Rollin's events in words: one sentence per event, as the board's message tells them.

Names are never declined: every sentence keeps a player's name where it reads in the
nominative (Polish says "gracza {name}" where English says "{name}'s").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.base import Event
from games.highrollin.model import GAME_SCORE, HIGH_FACE
from games.highrollin.talk.common import (
    _,
    dice,
    die_object,
    join_or,
    names_of,
    ngettext,
    pgettext,
    risk,
    table,
)

Data = Mapping[str, Any]
Names = Sequence[str]


def tell(event: Event, names: Names) -> str:
    """``event`` in words (a KeyError for a kind High Rollin' never emits)."""
    return TELLERS[event.kind](event.data, names)


def _round(data: Data, names: Names) -> str:
    text = _("Round {round}: the towers start on {bases}.").format(
        round=data["round"], bases=dice(data["bases"])
    )
    throws = data.get("rolloff") or []
    if not throws:
        return text
    parts = []
    for i, throw in enumerate(throws):
        shown = pgettext("list separator", ", ").join(
            _("{name} {face}").format(name=names[s], face=f)
            for s, f in enumerate(throw)
            if f is not None
        )
        parts.append(
            shown
            if i == 0
            else _("tied for lowest, they roll again: {throws}").format(throws=shown)
        )
    rolloff = _("Roll for first player: {throws}; {first} rolled lowest and starts.").format(
        throws="; ".join(parts), first=names[data["first"]]
    )
    return _("{round} {rolloff}").format(round=text, rolloff=rolloff)


def _roll(data: Data, names: Names) -> str:
    return _("{name} rolled {dice}.").format(name=names[data["seat"]], dice=dice(data["dice"]))


def _shake(data: Data, names: Names) -> str:
    return _("The roll shook the tallest tower ({height} high) but it stood ({odds}).").format(
        height=data["height"], odds=risk(data)
    )


def _fall(data: Data, names: Names) -> str:
    tower = data["tower"] + 1
    if data["cause"] == "knock":
        cause = _("{name}'s roll knocked over tower {tower} ({height} high)").format(
            name=names[data["seat"]], tower=tower, height=data["height"]
        )
    elif data.get("before"):
        before = pgettext("list separator", ", ").join(
            _("{die} on {tower}").format(die=die_object(d[:2]), tower=d[2] + 1)
            for d in data["before"]
        )
        cause = _(
            "{name} stacked {before}, then {die} on tower {tower}, and it toppled ({height} high)"
        ).format(
            name=names[data["seat"]],
            before=before,
            die=die_object(data["die"]),
            tower=tower,
            height=data["height"],
        )
    elif "die" in data:
        cause = _("{name} stacked {die} on tower {tower}, and it toppled ({height} high)").format(
            name=names[data["seat"]],
            die=die_object(data["die"]),
            tower=tower,
            height=data["height"],
        )
    else:
        cause = _("Tower {tower} toppled ({height} high)").format(
            tower=tower, height=data["height"]
        )
    fallen = data["dice"]
    n = len(fallen)
    fell = ngettext("{n} die fell and landed {dice}", "{n} dice fell and landed {dice}", n).format(
        n=n, dice=dice(fallen)
    )
    keep = sum(1 for d in fallen if d[1] >= HIGH_FACE)
    reward = data.get("reward")
    parts = []
    if keep:
        parts.append(
            ngettext(
                "{n} die showing 4-6 goes to {name}'s pile",
                "{n} dice showing 4-6 go to {name}'s pile",
                keep,
            ).format(n=keep, name=names[data["seat"]])
        )
    if n - keep:
        parts.append(
            ngettext(
                "{n} die showing 1-3 leaves the round",
                "{n} dice showing 1-3 leave the round",
                n - keep,
            ).format(n=n - keep)
        )
    text = _("{cause}: {fell}; {rest}.").format(cause=cause, fell=fell, rest="; ".join(parts))
    return _with_reward(text, reward, names)


def _with_reward(text: str, reward: Data | None, names: Names) -> str:
    """A fall's line and, after it, what the others score for it (when the event says)."""
    if reward is None:
        return text
    return _("{fall} {reward}").format(fall=text, reward=_reward(reward, names))


def _penalty(data: Data, names: Names) -> str:
    text = _penalty_only(data, names)
    if "dice" not in data:
        return text
    rolled = _("{name} rolled {dice}.").format(name=names[data["seat"]], dice=dice(data["dice"]))
    return _("{roll} {penalty}").format(roll=rolled, penalty=text)


def _penalty_only(data: Data, names: Names) -> str:
    name, penalty, towers = names[data["seat"]], data["penalty"], data["towers"]
    if not towers:
        return _(
            "None of {name}'s dice can be stacked: a penalty of {penalty}, but every tower is "
            "just its base, so there is nothing to lift."
        ).format(name=name, penalty=penalty)
    if len(towers) > 1:
        return _(
            "None of {name}'s dice can be stacked: a penalty of {penalty}; {name} picks which "
            "of the tallest towers to lift from ({towers})."
        ).format(name=name, penalty=penalty, towers=join_or(str(t + 1) for t in towers))
    return _(
        "None of {name}'s dice can be stacked: a penalty of {penalty} from tower {tower}."
    ).format(name=name, penalty=penalty, tower=towers[0] + 1)


def _stack(data: Data, names: Names) -> str:
    fields = {
        "name": names[data["seat"]],
        "die": die_object(data["die"]),
        "tower": data["tower"] + 1,
        "height": data["height"],
    }
    if data.get("alone"):
        text = _(
            "{name} stacked {die} on tower {tower} ({height} high): the only die that fits, "
            "and only there."
        ).format(**fields)
    else:
        text = _("{name} stacked {die} on tower {tower} ({height} high).").format(**fields)
    left = data.get("left")
    if not left:
        return text
    rest = ngettext(
        "{n} die left fits nowhere: roll it again or stop.",
        "{n} dice left fit nowhere: roll them again or stop.",
        left,
    ).format(n=left)
    return _("{stacked} {left}").format(stacked=text, left=rest)


def _stacked(data: Data, names: Names) -> str:
    """Stacking the rest as suggested: each die and its tower, in one line."""
    moves = pgettext("list separator", ", ").join(
        _("{die} on {tower}").format(die=die_object(d[:2]), tower=d[2] + 1) for d in data["dice"]
    )
    name, left = names[data["seat"]], data["left"]
    if not left:
        return _("{name} stacked {moves}.").format(name=name, moves=moves)
    return ngettext(
        "{name} stacked {moves}; {n} die fits nowhere: roll it again or stop.",
        "{name} stacked {moves}; {n} dice fit nowhere: roll them again or stop.",
        left,
    ).format(name=name, moves=moves, n=left)


def _wobble(data: Data, names: Names) -> str:
    return _("Tower {tower} wobbled but stood ({odds}).").format(
        tower=data["tower"] + 1, odds=risk(data)
    )


def _stuck(data: Data, names: Names) -> str:
    n = data["left"]
    return ngettext(
        "{name} can stack no more; {n} die left: roll again or stop.",
        "{name} can stack no more; {n} dice left: roll again or stop.",
        n,
    ).format(name=names[data["seat"]], n=n)


def _score(data: Data, names: Names) -> str:
    points = data["points"]
    return ngettext(
        "{name} stacked all five dice and scores the top faces of towers 1-4: {terms} = "
        "{points} (now {total}).",
        "{name} stacked all five dice and scores the top faces of towers 1-4: {terms} = "
        "{points} (now {total}).",
        points,
    ).format(
        name=names[data["seat"]],
        terms=" + ".join(str(f) for f in data["tops"]),
        points=points,
        total=data["total"],
    )


def _emptied(data: Data, names: Names) -> str:
    return _("{name} stacked every die (the turn began with fewer than five).").format(
        name=names[data["seat"]]
    )


def _lift(data: Data, names: Names) -> str:
    n = data["count"]
    return ngettext(
        "{name} lifted {n} die off tower {tower} into the pile ({dice}).",
        "{name} lifted {n} dice off tower {tower} into the pile ({dice}).",
        n,
    ).format(name=names[data["seat"]], n=n, tower=data["tower"] + 1, dice=dice(data["dice"]))


def _slip(data: Data, names: Names) -> str:
    n = data["count"]
    text = ngettext(
        "{name} lifted {n} die off tower {tower} into the pile, but the stack slipped and "
        "landed {faces}; the dice stay {name}'s.",
        "{name} lifted {n} dice off tower {tower} into the pile, but the stack slipped and "
        "landed {faces}; the dice stay {name}'s.",
        n,
    ).format(
        name=names[data["seat"]],
        n=n,
        tower=data["tower"] + 1,
        faces=pgettext("list separator", ", ").join(str(f) for f in data["faces"]),
    )
    return _with_reward(text, data.get("reward"), names)


def _held(data: Data, names: Names) -> str:
    return _("The stack held ({odds}).").format(odds=risk(data))


def _reward(data: Data, names: Names) -> str:
    others, points = data["others"], data["points"]
    fields = {
        "who": names_of(others, names),
        "points": points,
        "totals": table(zip(others, data["totals"], strict=True), names),
        "name": names[data["seat"]],
    }
    if len(others) > 1:
        return ngettext(
            "{who} score {points} each for the fallen dice: {totals}. {name}'s turn ends.",
            "{who} score {points} each for the fallen dice: {totals}. {name}'s turn ends.",
            points,
        ).format(**fields)
    return ngettext(
        "{who} scores {points} for the fallen dice: {totals}. {name}'s turn ends.",
        "{who} scores {points} for the fallen dice: {totals}. {name}'s turn ends.",
        points,
    ).format(**fields)


def _out(data: Data, names: Names) -> str:
    n = data["left"]
    if "die" in data:
        last = data["die"]
        return ngettext(
            "{name} stacked {die} on tower {tower}, the last die, and went out: {n} die left "
            "in the other piles gives {n} (score {total}).",
            "{name} stacked {die} on tower {tower}, the last die, and went out: {n} dice left "
            "in the other piles give {n} (score {total}).",
            n,
        ).format(
            name=names[data["seat"]],
            die=die_object(last["die"]),
            tower=last["tower"] + 1,
            n=n,
            total=data["total"],
        )
    return ngettext(
        "{name} went out: {n} die left in the other piles gives {n} (score {total}).",
        "{name} went out: {n} dice left in the other piles give {n} (score {total}).",
        n,
    ).format(name=names[data["seat"]], n=n, total=data["total"])


def _won(data: Data, names: Names) -> str:
    winners = data["winners"]
    return ngettext(
        "A score passed {past}: {names} wins ({table}).",
        "A score passed {past}: {names} win ({table}).",
        len(winners),
    ).format(past=GAME_SCORE, names=names_of(winners, names), table=table(data["table"], names))


def _game_won(data: Data, names: Names) -> str:
    winners = data["winners"]
    return ngettext(
        "Game {game} is over: {names} wins it ({table}).",
        "Game {game} is over: {names} win it ({table}).",
        len(winners),
    ).format(game=data["game"], names=names_of(winners, names), table=table(data["table"], names))


def _next_game(data: Data, names: Names) -> str:
    return _("Game {game} of the match begins.").format(game=data["game"])


def _match_won(data: Data, names: Names) -> str:
    winners = data["winners"]
    if data["by"] == "wins":
        wins = data["wins"]
        why = ngettext("{n} game win", "{n} game wins", wins).format(n=wins)
    else:
        why = _("nobody won two games, so the highest winning game score decides")
    return ngettext(
        "{names} wins the match ({why}).", "{names} win the match ({why}).", len(winners)
    ).format(names=names_of(winners, names), why=why)


def _stop(data: Data, names: Names) -> str:
    n = data["back"]
    return ngettext(
        "{name} stops: {n} die goes back to the pile, no score.",
        "{name} stops: {n} dice go back to the pile, no score.",
        n,
    ).format(name=names[data["seat"]], n=n)


def _leave(data: Data, names: Names) -> str:
    n = data["dice"]
    return ngettext(
        "{name} leaves the game; {n} die leaves the round.",
        "{name} leaves the game; {n} dice leave the round.",
        n,
    ).format(name=names[data["seat"]], n=n)


def _last_left(data: Data, names: Names) -> str:
    return _("{name} is the last player left and wins!").format(name=names[data["seat"]])


def _next_player(data: Data, names: Names) -> str:
    return _("{name} plays next.").format(name=names[data["seat"]])


TELLERS: dict[str, Callable[[Data, Names], str]] = {
    "round": _round,
    "roll": _roll,
    "shake": _shake,
    "fall": _fall,
    "penalty": _penalty,
    "stack": _stack,
    "stacked": _stacked,
    "wobble": _wobble,
    "stuck": _stuck,
    "score": _score,
    "emptied": _emptied,
    "lift": _lift,
    "slip": _slip,
    "held": _held,
    "reward": _reward,
    "out": _out,
    "won": _won,
    "game_won": _game_won,
    "next_game": _next_game,
    "match_won": _match_won,
    "stop": _stop,
    "leave": _leave,
    "last_left": _last_left,
    "next_player": _next_player,
}
