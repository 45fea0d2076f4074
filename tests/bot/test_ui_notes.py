"""Over random games of every ruleset and table size, every legal move can be reached from the
board and every move's note reaches the player, whichever layout the board gets: a select
option's description, or the text shown with the buttons (the board's ``notes_text``, a private
menu's ``group_text``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import discord
import pytest

import games
from bot import ui
from bot.matches import Match, Seat
from games.rng import SeededRng

PLIES = 120
SEEDS = (1, 2)
CASES = [
    (key, players, seed)
    for key, rules in sorted(games.RULESETS.items())
    for players in range(rules.min_players, rules.max_players + 1)
    for seed in SEEDS
]


def positions(key: str, players: int, seed: int) -> Iterator[Match]:
    """The positions of one random game (random legal moves, seeded dice)."""
    rules = games.get(key)
    names = [f"rider{i}" for i in range(players)]
    extras = rules.seat_extras([1000 + i for i in range(players)])
    state = rules.new_game(names, {}, rng=SeededRng(seed, 0), **extras)
    pick = random.Random(seed)
    for ply in range(PLIES):
        acting = rules.to_act(state)
        if not acting:
            return
        yield Match(
            id=41,
            game=key,
            guild_id=1,
            channel_id=2,
            parent_id=None,
            status="active",
            host_id=1000,
            seed=seed,
            ply=ply,
            options={},
            seats=[Seat(i, 1000 + i, n) for i, n in enumerate(names)],
            created_at=0,
            updated_at=0,
            state=state,
        )
        seat = pick.choice(acting)
        action = pick.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, seat, action, rng=SeededRng(seed, ply + 1)).state


def escape(text: str) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def said_beside(text: str, label: str, note: str) -> bool:
    """A line of ``text`` names the button and ends with its note."""
    return any(
        f"**{escape(label)}**" in line and line.endswith(f": {escape(note)}")
        for line in text.splitlines()
    )


def shown(match: Match, view: Any, text: str, found: dict[tuple[int, int], str | None]) -> None:
    """Record, for each move reachable from ``view``, the note the player sees with it."""
    notes = {
        (seat, i): match.rules.describe_action(match.state, seat, a)
        for seat in match.to_act()
        for i, a in enumerate(match.rules.legal_actions(match.state, seat))
    }
    for row in view.to_components():
        for c in row["components"]:
            kind, *rest = c["custom_id"].split(":")[1:]
            if kind == "a":
                key = (int(rest[2]), int(rest[3]))
                choice = notes[key]
                label = c.get("label") or choice.label  # as shown (with a seat's name)
                found[key] = choice.note if said_beside(text, label, choice.note) else None
            elif kind == "s":
                seat = int(rest[2])
                for o in c["options"]:
                    key = (seat, int(o["value"]))
                    found[key] = o.get("description")
            elif kind == "g":
                for o in c["options"]:
                    seat, gi = map(int, o["value"].split("."))
                    opened(match, seat, gi, found)
            elif kind == "q":  # a piece's button
                opened(match, int(rest[2]), int(rest[3]), found)


def opened(match: Match, seat: int, gi: int, found: dict[tuple[int, int], str | None]) -> None:
    """The private menu of the seat's group number ``gi``, as the player gets it."""
    group = ui.groups_of(match, seat)[gi]
    private = ui.group_view(match, seat, group)
    shown(match, private, ui.group_text(match, seat, group), found)


def check(match: Match) -> Counter[str]:
    """Every move of ``match`` can be reached and shows its note; returns where notes were
    shown ("text" beside buttons, "select" as descriptions)."""
    rules = match.rules
    view = ui.build_view(match)
    assert view is not None
    found: dict[tuple[int, int], str | None] = {}
    shown(match, view, ui.notes_text(match), found)
    buttons = {(e.seat, e.index) for e in ui.plan(match).buttons}
    where: Counter[str] = Counter()
    for seat in match.to_act():
        for i, action in enumerate(rules.legal_actions(match.state, seat)):
            assert (seat, i) in found, f"move {i} of seat {seat} cannot be reached"
            note = rules.describe_action(match.state, seat, action).note
            if not note:
                continue
            expected = note if len(note) <= 100 else note[:99] + "…"
            assert found[(seat, i)] == expected, (
                f"ply {match.ply}: the note of {rules.format_action(match.state, action)!r} "
                f"({note!r}) is not shown with it"
            )
            where["text" if (seat, i) in buttons else "select"] += 1
    return where


@pytest.mark.parametrize(("key", "players", "seed"), CASES)
def test_every_note_reaches_the_player(key: str, players: int, seed: int) -> None:
    for match in positions(key, players, seed):
        check(match)


def test_notes_were_checked_beside_buttons_and_in_menus() -> None:
    where: Counter[str] = Counter()
    # (notes beside buttons are rare: a board's note only warns, compares or explains)
    for key in sorted(games.RULESETS):
        for seed in (1, 2, 3):
            for match in positions(key, 2, seed):
                where += check(match)
    assert where["text"] >= 5 and where["select"] > 20, where
