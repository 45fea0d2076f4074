"""The position in words, for players who cannot see the picture: ``describe`` (a sentence or
three for the picture's alt text, read aloud by screen readers) and ``text_board`` (the whole
position as Markdown, every number the picture shows, and the legal moves in the notation).

Nothing of High Rollin' is hidden: every player sees the same text board, but for "(you)" and
"Your moves".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from games.highrollin import suggest
from games.highrollin.menu import legal_actions, notation
from games.highrollin.model import (
    COLOURS,
    MATCH_GAMES,
    TURN_DICE,
    Action,
    Die,
    Fall,
    HighRollinState,
    Place,
    Roll,
    fits,
    roll_choices,
    topple_chance,
)
from games.highrollin.talk import picture
from games.highrollin.talk.choices import describe as describe_choice
from games.highrollin.talk.common import (
    _,
    colour_count,
    die,
    die_object,
    join_or,
    ngettext,
    percent,
    pgettext,
    table,
)

State = HighRollinState
#: an embed's description, the text board's room
LIMIT = 4000


def _sep() -> str:
    return pgettext("list separator", ", ")


def _die(d: Die) -> str:
    return die((COLOURS[d.colour], d.face))


def _dice(ds: Sequence[Die]) -> str:
    return _sep().join(_die(d) for d in ds)


def _named(state: State, names: Sequence[str]) -> State:
    """``state`` told with ``names`` (a stand-in's name, a name made safe for Markdown)."""
    return replace(state, names=tuple(names)) if len(names) == len(state.names) else state


def _md(name: str) -> str:
    """A player's name as plain text inside Markdown (its marks escaped)."""
    return re.sub(r"([\\*_~`|>#\[\]])", r"\\\1", name)


# The alt text -------------------------------------------------------------------------------


def describe(state: State, names: Sequence[str]) -> str:
    """Whose turn and what they must do, the towers, and each player's score and pile."""
    state = _named(state, names)
    return " ".join([*_turn_sentence(state), _tower_sentence(state), *_standing(state)])


def _turn_sentence(state: State) -> list[str]:
    if state.winners:
        return [picture.winners(state)]
    name, phase = state.names[state.turn], state.phase
    if phase == "roll":
        size = min(TURN_DICE, sum(state.piles[state.turn]))
        return [
            ngettext(
                "{name} to roll {n} die from the pile.",
                "{name} to roll {n} dice from the pile.",
                size,
            ).format(name=name, n=size)
        ]
    if phase == "place":
        return [
            _("{name} to stack one of the rolled dice: {dice}.").format(
                name=name, dice=_dice(state.hand)
            )
        ]
    if phase == "decide":
        return [
            _("{name} to roll again or stop (no die of {dice} fits).").format(
                name=name, dice=_dice(state.hand)
            )
        ]
    tied = state.tallest()
    k = _lifted(state)
    return [
        ngettext(
            "{name} takes a penalty: {n} die off tower {towers}.",
            "{name} takes a penalty: {n} dice off tower {towers}.",
            k,
        ).format(name=name, n=k, towers=join_or(str(t + 1) for t in tied))
    ]


def _lifted(state: State) -> int:
    """Dice the penalty takes off (the tallest towers are all this high plus a base)."""
    return min(state.penalty or 0, len(state.towers[state.tallest()[0]]) - 1)


def _tower_sentence(state: State) -> str:
    heights = _sep().join(str(len(t)) for t in state.towers)
    tops = _dice([t[-1] for t in state.towers])
    if state.options.match:
        return _(
            "Game {game} of {games}, round {round}: tower heights {heights}; tops {tops}."
        ).format(game=state.game, games=MATCH_GAMES, round=state.round, heights=heights, tops=tops)
    return _("Round {round}: tower heights {heights}; tops {tops}.").format(
        round=state.round, heights=heights, tops=tops
    )


def _standing(state: State) -> list[str]:
    parts = []
    for seat, name in enumerate(state.names):
        score = state.scores[seat]
        if seat in state.out:
            parts.append(_("{name} {score} (left the game)").format(name=name, score=score))
            continue
        left = sum(state.piles[seat])
        parts.append(
            ngettext(
                "{name} {score} ({n} die left)", "{name} {score} ({n} dice left)", left
            ).format(name=name, score=score, n=left)
        )
    said = [_("Scores: {players}.").format(players=_sep().join(parts))]
    if state.options.match:
        wins = table(enumerate(state.wins), state.names)
        said.append(_("Games won: {wins}.").format(wins=wins))
    return said


# The text board -----------------------------------------------------------------------------


def text_board(state: State, names: Sequence[str], viewer: int | None, title: str) -> str:
    """The position as Markdown: the round, the towers die by die, this turn, the players,
    and the moves of the seat to act in the notation (without their notes when the whole
    would pass ``LIMIT``)."""
    state = _named(state, [_md(n) for n in names])
    head = [f"### {title} · {picture.header(state)}", *_towers(state), *_turn(state)]
    head += _players(state, viewer)
    full = "\n".join(head + _moves(state, viewer, notes=True))
    if len(full) <= LIMIT:
        return full
    short = "\n".join(head + _moves(state, viewer, notes=False))
    return short if len(short) <= LIMIT else short[: LIMIT - 1].rsplit("\n", 1)[0] + "\n…"


def _towers(state: State) -> list[str]:
    lines = ["", "### " + _("Towers")]
    wobbly = state.options.towers == "wobbly"
    for i, tower in enumerate(state.towers):
        line = _("Tower {tower}, {height} high, top {top}; from the bottom: {dice}.").format(
            tower=i + 1, height=len(tower), top=_die(tower[-1]), dice=_dice(tower)
        )
        chance = topple_chance(len(tower) + 1) if wobbly else 0.0
        if chance:
            line += " " + _("Next die: {chance} chance it topples.").format(chance=percent(chance))
        lines.append(f"- {line}")
    if state.fall is not None:
        lines.append(f"- {_fall(state.fall)}")
    return lines


def _fall(fall: Fall) -> str:
    if fall.kind == "drop":
        return _("The penalty stack off tower {tower} slipped; fell: {dice}.").format(
            tower=fall.tower + 1, dice=_dice(fall.dice)
        )
    return _("Fell from tower {tower}: {dice}.").format(tower=fall.tower + 1, dice=_dice(fall.dice))


def _turn(state: State) -> list[str]:
    if state.winners:
        ranked = sorted(state.active(), key=lambda s: -state.scores[s])
        lines = ["", f"### {picture.winners(state)}"]
        scores = table(((s, state.scores[s]) for s in ranked), state.names)
        lines.append("- " + _("Final scores: {scores}.").format(scores=scores))
        if state.options.match:
            wins = table(((s, state.wins[s]) for s in ranked), state.names)
            lines.append("- " + _("Games won: {wins}.").format(wins=wins))
        return lines
    lines = ["", f"### {picture.turn_title(state)}"]
    if state.phase == "roll":
        return lines + [f"- {line}" for line in picture.roll_lines(state)]
    done = state.began - len(state.hand)
    lines.append("- " + _("Stacked so far: {done} of {dice}.").format(done=done, dice=state.began))
    for i, d in enumerate(state.hand):
        where = [t for t, tower in enumerate(state.towers) if fits(d, tower[-1])]
        if where:
            fit = _("Die {index}, {die}: fits tower {towers}.").format(
                index=i + 1, die=_die(d), towers=join_or(str(t + 1) for t in where)
            )
        else:
            fit = _("Die {index}, {die}: fits no tower.").format(index=i + 1, die=_die(d))
        lines.append(f"- {fit}")
    lines.append(f"- {picture.hint(state)}")
    if state.phase == "place":
        steps = [
            _("{die} on tower {tower}").format(die=_die(d), tower=t + 1)
            for d, t in suggest.plan(state)
        ]
        plan = _sep().join(steps)
        lines.append(
            "- " + _("{outlook}: {steps}.").format(outlook=picture.plan_line(state), steps=plan)
        )
    return lines


def _players(state: State, viewer: int | None) -> list[str]:
    lines = ["", "### " + _("Players")]
    for seat, name in enumerate(state.names):
        tags = []
        if seat in state.winners:
            tags.append(_("winner"))
        elif not state.winners and seat == state.turn:
            tags.append(_("to play"))
        if seat == viewer:
            tags.append(_("you"))
        if seat in state.out:
            tags.append(_("left the game"))
        who = _("{name} ({tags})").format(name=name, tags=_sep().join(tags)) if tags else name
        pile = state.piles[seat]
        parts = [
            _("score {score}").format(score=state.scores[seat]),
            ngettext("pile of {n} die: {dice}", "pile of {n} dice: {dice}", sum(pile)).format(
                n=sum(pile), dice=_sep().join(colour_count(c, pile[c]) for c in range(4))
            ),
        ]
        if state.options.match:
            won = state.wins[seat]
            parts.append(ngettext("{n} game won", "{n} games won", won).format(n=won))
        lines.append(f"- {who}: {'; '.join(parts)}.")
    return lines


def _moves(state: State, viewer: int | None, *, notes: bool) -> list[str]:
    if state.winners:
        return []
    seat = state.turn
    if seat == viewer:
        heading = _("Your moves")
    else:
        heading = _("Moves for {name}").format(name=state.names[seat])
    lines = ["", f"### {heading}"]
    actions = legal_actions(state, seat)
    for action in actions:
        move = f"- `{notation(action)}`"
        if notes:
            move = f"{move}: {_move_words(state, seat, action)}"
        lines.append(move)
    other = _other_roll(state, actions)
    if other is not None:
        size = sum(other.counts)
        lines.append(
            ngettext(
                "Any other mix of {n} die from the pile may be typed too, e.g. `{move}`.",
                "Any other mix of {n} dice from the pile may be typed too, e.g. `{move}`.",
                size,
            ).format(n=size, move=notation(other))
        )
    return lines


def _move_words(state: State, seat: int, action: Action) -> str:
    """What a move does, as the move menu says it (a placement without the menu's arrow)."""
    choice = describe_choice(state, seat, action)
    label = choice.label
    if isinstance(action, Place):
        d = state.hand[action.die]
        label = _("{die} onto tower {tower}").format(
            die=die_object((COLOURS[d.colour], d.face)), tower=action.tower + 1
        )
    return f"{label}; {choice.note}" if choice.note else label


def _other_roll(state: State, actions: Sequence[object]) -> Roll | None:
    """A legal roll the menu leaves out (any mix of the pile may be typed), if there is one."""
    if state.phase != "roll":
        return None
    for counts in roll_choices(state.piles[state.turn]):
        if Roll(counts) not in actions:
            return Roll(counts)
    return None


__all__ = ["LIMIT", "describe", "text_board"]
