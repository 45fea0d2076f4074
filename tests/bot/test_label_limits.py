"""Every move's label fits Discord's limits in every shipped language without being cut: over
seeded random games of every game, at two players and at the largest table, each legal action's
label fits a button (80 characters), its note a select option's description (100), its group a
select option (100), and the bot's own board (``bot.ui.layout``: the "name: label" and
"group: label" options, the placeholders) fits as built, so ``cut`` never has to shorten a
text (and so never cuts one mid-word)."""

from __future__ import annotations

import random

import pytest

import games
import words
from bot.matches import Match, Seat
from bot.ui import layout
from games.rng import SeededRng

#: long names a table might have (Polish names, with their diacritics)
NAMES = ["Małgorzata", "Włodzimierz", "Przemysław", "Bartłomiej", "Krzysztof", "Zdzisława"]
NAMES += ["Grzegorz", "Wojciech"]
#: the moves of a game looked at (every few plies of a game to its end)
PLIES = 400


def match_of(key: str, state: object, players: int) -> Match:
    seats = [Seat(i, 100 + i, NAMES[i]) for i in range(players)]
    return Match(
        id=987654321,
        game=key,
        guild_id=1,
        channel_id=2,
        parent_id=None,
        status="active",
        host_id=100,
        seed=1,
        ply=123456,
        options={},
        seats=seats,
        created_at=0,
        updated_at=0,
        state=state,
    )


def positions(key: str, players: int, seed: int) -> list[object]:
    """The states of a seeded random game of ``key``, to its end (or ``PLIES`` moves)."""
    rules = games.get(key)
    pick = random.Random(seed)
    state = rules.new_game(NAMES[:players], rng=SeededRng(seed, 0))
    out = [state]
    for ply in range(1, PLIES):
        if rules.outcome(state) is not None:
            break
        seat = pick.choice(rules.to_act(state))
        action = pick.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        out.append(state)
    return out


def too_long(match: Match) -> list[str]:
    """The texts of a position's moves and board over Discord's limits."""
    rules, state = match.rules, match.state
    found = []
    for seat in rules.to_act(state):
        for action in rules.legal_actions(state, seat):
            choice = rules.describe_action(state, seat, action)
            for what, text, limit in (
                ("label", choice.label, layout.BUTTON_LABEL),
                ("note", choice.note or "", layout.OPTION_TEXT),
                ("group", choice.group or "", layout.OPTION_TEXT),
            ):
                if len(text) > limit:
                    found.append(f"{what} {len(text)} > {limit}: {text!r}")
    plan = layout.plan(match)
    for e in plan.buttons:
        if len(e.label) > layout.BUTTON_LABEL:
            found.append(f"button {len(e.label)}: {e.label!r}")
    for listing in plan.selects:
        if len(listing.title) > layout.PLACEHOLDER:
            found.append(f"placeholder {len(listing.title)}: {listing.title!r}")
        for __, text in listing.options:
            if len(text) > layout.OPTION_TEXT:
                found.append(f"option {len(text)}: {text!r}")
    for seat, group in plan.groups:
        for e in layout.group_entries(match, seat, group):
            if len(e.label) > layout.BUTTON_LABEL and layout.private_buttons([e]):
                found.append(f"private button {len(e.label)}: {e.label!r}")
        if len(group) > layout.OPTION_TEXT:
            found.append(f"group {len(group)}: {group!r}")
    return found


@pytest.mark.parametrize("locale", ["pl", "en"])
@pytest.mark.parametrize("key", sorted(games.RULESETS))
def test_every_label_of_every_game_fits_discord_uncut(key: str, locale: str) -> None:
    rules = games.get(key)
    found: list[str] = []
    checked = 0
    with words.use(locale):
        for players in sorted({max(2, rules.min_players), rules.max_players}):
            for seed in (3, 4):
                for state in positions(key, players, seed)[::3]:
                    match = match_of(key, state, players)
                    if not layout.people_acting(match):
                        continue
                    found += too_long(match)
                    checked += 1
    assert checked > 20, "positions with moves were looked at"
    assert not found, f"{len(found)} over the limits:\n" + "\n".join(sorted(set(found))[:30])
