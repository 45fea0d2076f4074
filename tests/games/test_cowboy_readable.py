"""Super Cowboy for reading instead of looking: the picture's alt text (``describe``) and the
text board, over random positions at every table size, in English, Polish and the
pseudo-locale. The text board holds every number and piece the picture shows, each in its
player's line or its section, and its moves are exactly the legal ones, typed as listed."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache

import pytest
from test_cowboy_kit import ALICE, BOB, RULES, position, ring

import words
from games.base import GameError
from games.cowboy import talk_board
from games.cowboy.fields import herds, owner_map, roaming, steer_squares
from games.cowboy.state import WIN, CowboyState
from games.cowboy.talk_names import card_short
from games.cowboy.turn import bandit_zone
from games.policies.cowboy import Easy
from games.rng import SeededRng
from tests.words_pseudo import unmarked_english

NAMES = ("alice", "bob", "carol", "dave")
LOCALES = (words.ENGLISH, "pl", words.PSEUDO)
PER_SIZE = 30
ALT_LIMIT = 1024  # Discord's limit on an attachment's description
#: the bot puts the game's title and the last move before the description
ALT_AIM = 400
BOARD_LIMIT = 4000
_SQUARE = re.compile(r"\b[a-p]\d{1,2}\b")
_POINT = re.compile(r"\b[A-Q]\d{1,2}\b")
_CODE = re.compile(r"`([^`]+)`")


def _playout(players: int, seed: int, wild: float = 0.25) -> Iterator[CowboyState]:
    """Every position of a game between steer-hungry players with a random streak."""
    state = RULES.new_game(NAMES[:players], {"max_rounds": 40}, rng=SeededRng(seed))
    pick, player = random.Random(seed), Easy()
    for ply in range(1, 3000):
        yield state
        if RULES.outcome(state) is not None:
            return
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        if pick.random() >= wild:
            action = player.choose(state, seat, rng=SeededRng(seed, -ply), actions=actions)
        else:
            action = pick.choice(actions)
        state = RULES.apply(state, seat, action, rng=SeededRng(seed, ply)).state


@cache
def positions(players: int) -> tuple[CowboyState, ...]:
    """``PER_SIZE`` positions from seeded games: spread over each game, its last one too."""
    out: list[CowboyState] = []
    for seed in range(3):
        game = list(_playout(players, 100 * players + seed))
        out += [*game[:: max(1, len(game) // 9)][:9], game[-1]]
    return tuple(out[:PER_SIZE])


CHOICES = [
    ("reroll", ""), ("bills", ""), ("give", ""), ("rustled", ""), ("claim", ""),
    ("place", "steer"), ("place", "indian"), ("place", "twister"), ("discard", ""),
    ("target", "firewater"), ("target", "noname"), ("remove", ""),
]  # fmt: skip


#: the seeds, among the first six, whose games first show one of the kinds of choice: seed 0 the
#: three tokens to place, a discard and a rustled steer, 1 both targets and a removal, 2 bills,
#: 5 a reroll and a gift
_CHOOSING_SEEDS = (0, 1, 2, 5)


@cache
def choosing() -> dict[tuple[str, str], CowboyState]:
    """A position of each kind of choice (and token to place): from seeded games where each
    comes up early, and a split field to claim built by hand."""
    found: dict[tuple[str, str], CowboyState] = {}
    for seed in _CHOOSING_SEEDS:
        for ply, g in enumerate(_playout(2 + seed % 3, seed, wild=0.4)):
            if ply > 400 or len(found) == len(CHOICES) - 1:
                break
            if g.pending is not None:
                found.setdefault((g.pending.kind, g.pending.token), g)
    assert len(found) == len(CHOICES) - 1, set(CHOICES) - set(found)
    field = [*ring(["d5", "d6"], BOB), ("D6-E6", ALICE)]
    claim = {"kind": "claim", "seat": 0, "victim": 1, "choices": ["d5", "d6"]}
    found["claim", ""] = position(
        fences=field, steers=["d5"], pending={**claim, "parts": [["d5"], ["d6"]]}
    )
    return found


def _all() -> list[tuple[int, int]]:
    return [(p, k) for p in (2, 3, 4) for k in range(PER_SIZE)]


def _sections(text: str) -> dict[str, list[str]]:
    """The text board's sections by heading, each a list of its lines."""
    out: dict[str, list[str]] = {}
    current: list[str] = []
    for line in text.splitlines():
        if line.startswith("### "):
            current = out.setdefault(line[4:], [])
        elif line:
            current.append(line)
    return out


def _line(lines: list[str], start: str) -> str:
    found = [line for line in lines if line.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


def _squares(text: str) -> list[str]:
    return _SQUARE.findall(text)


def _board(g: CowboyState, viewer: int | None = 0, locale: str = words.ENGLISH) -> str:
    with words.use(locale):
        return RULES.narrator.text_board(g, g.names, viewer)


# Every number and piece of the picture ----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_positions_cover_what_the_picture_can_show(players: int) -> None:
    seen = positions(players)
    assert len(seen) == PER_SIZE
    assert any(g.pending is not None for g in seen)
    assert any(g.fields for g in seen) and any(g.fences for g in seen)
    assert any(g.finished for g in seen)
    assert any(g.indians or g.twisters or g.bandit is not None or g.pilgrims for g in seen)


@pytest.mark.parametrize("players,k", _all())
def test_each_players_line_holds_their_numbers_and_cowboy(players: int, k: int) -> None:
    g = positions(players)[k]
    viewer = k % (players + 1) if k % (players + 1) < players else None
    text = _board(g, viewer)
    assert len(text) <= BOARD_LIMIT
    lines = _sections(text)["Players"]
    assert len(lines) == players
    counts = herds(g)
    for seat, name in enumerate(g.names):
        title = f"{name} (you)" if seat == viewer else name
        line = _line(lines, f"- {title}: ")
        assert f" {counts[seat]} of {WIN} steers" in line
        left = g.fences_left[seat]
        assert f" {left} fence{'' if left == 1 else 's'} left" in line
        if seat in g.out:
            assert "left the game" in line
            continue
        assert f"cowboy at {g.board.point_name(g.cowboys[seat])} (" in line
        for card in g.hands[seat]:
            assert card_short(card) in line
        if g.lost[seat]:
            assert f"loses {g.lost[seat]} turn" in line
        else:
            assert "loses" not in line


@pytest.mark.parametrize("players,k", _all())
def test_every_steer_field_fence_and_token_is_listed_by_square(players: int, k: int) -> None:
    g = positions(players)[k]
    board = g.board
    name = board.square_name
    sections = _sections(_board(g))
    steers = sections["Steers"]
    owned = owner_map(g.fields)
    standing = steer_squares(g)
    for seat, who in enumerate(g.names):
        mine = sorted(name(s) for s in standing if owned.get(s) == seat)
        if mine:
            listed = _squares(_line(steers, f"- In {who}'s fields: "))
            assert sorted(listed) == mine and len(listed) == herds(g)[seat]
        else:
            assert not any(line.startswith(f"- In {who}'s") for line in steers)
        fields = [f for f in g.fields if f.owner == seat]
        fences = sorted(board.edge_name(e) for e, owner in g.fences if owner == seat)
        if fields:
            line = _line(sections["Fields"], f"- {who}: ")
            assert sorted(_squares(line)) == sorted(name(s) for f in fields for s in f.squares)
            assert all(f"{len(f.squares)} square" in line for f in fields)
        if fences:
            assert sorted(re.findall(r"\b\w+-\w+\b", _line(sections["Fences"], f"- {who}: "))) == (
                fences
            )
    _listed(steers, "- Roaming: ", [name(s) for s in roaming(g)])
    _listed(steers, "- Stolen ", [name(s) for s in g.stolen])
    others = sections.get("Also on the range", [])
    _listed(others, "- Indians: ", [name(s) for s in g.indians])
    _listed(others, "- Twisters: ", [name(s) for s in g.twisters])
    if g.bandit is not None:
        line = _line(others, "- The Bandit at ")
        zone = sorted(board.point_name(p) for p in bandit_zone(g))
        assert line.startswith(f"- The Bandit at {board.point_name(g.bandit)} (")
        assert sorted(set(_POINT.findall(line))) == zone
    if g.pilgrims:
        line = _line(others, "- Pilgrims: ")
        assert [_POINT.findall(part)[0] for part in line.split(";")] == [
            board.point_name(p) for p, _heading in g.pilgrims
        ]


def _listed(lines: list[str], start: str, expected: list[str]) -> None:
    if expected:
        assert sorted(_squares(_line(lines, start))) == sorted(expected)
    else:
        assert not any(line.startswith(start) for line in lines)


@pytest.mark.parametrize("players,k", _all())
def test_the_head_and_the_range_tell_the_round_and_the_land(players: int, k: int) -> None:
    g = positions(players)[k]
    board = g.board
    sections = _sections(_board(g))
    head = next(iter(sections))
    assert head == f"Round {g.round} of {g.options.max_rounds}"
    said = sections[head][0]
    if g.finished:
        assert "win" in said
        assert all(g.names[s] in said for s in g.winners)
    elif g.pending is not None:
        assert said.startswith(g.names[g.pending.seat])
        assert "marked" not in said  # the squares are among the moves, not marks to look at
        if g.pending.kind == "reroll":
            assert f"rolled {g.pending.roll}" in said
    else:
        assert said.startswith(f"{g.names[g.turn]} to play: ")
    land = sections["The range"]
    assert land[0].startswith(f"- {board.size} by {board.size} squares")
    _listed(land, "- Trees: ", [board.square_name(s) for s in board.trees])
    _listed(land, "- Homesteads: ", [board.square_name(s) for s in board.homesteads])
    _listed(land, "- Printed steers: ", [board.square_name(s) for s in board.printed])
    streams = _line(land, "- Streams along: ")
    assert streams.count(";") == len(board.runs) - 1


# The moves, typed as listed -----------------------------------------------------------------------


def listed_moves(g: CowboyState, text: str) -> list[str]:
    """Every move the text board lists, as a player would type it: a code span that is a whole
    move, or a span of typed words finished by each square after it on its line."""
    seat = RULES.to_act(g)[0]
    out = []
    for line in text.splitlines():
        for match in _CODE.finditer(line):
            typed = match.group(1)
            try:
                RULES.parse_action(g, seat, typed)
            except GameError:
                rest = _squares(line[match.end() :])
                assert rest, line
                out += [f"{typed} {square}" for square in rest]
            else:
                out.append(typed)
    return out


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_listed_moves_are_exactly_the_legal_moves(players: int, locale: str) -> None:
    for g in positions(players):
        text = _board(g, None, locale)
        if g.finished:
            assert not _CODE.search(text)
            continue
        seat = RULES.to_act(g)[0]
        typed = listed_moves(g, text)
        parsed = [RULES.parse_action(g, seat, t) for t in typed]
        assert len(parsed) == len(set(parsed))
        assert set(parsed) == set(RULES.legal_actions(g, seat))


@pytest.mark.parametrize("kind", CHOICES)
def test_every_kind_of_choice_is_told_and_its_options_listed(kind: tuple[str, str]) -> None:
    g = choosing()[kind]
    chooser = g.names[RULES.to_act(g)[0]]
    said = _sections(_board(g))[f"Round {g.round} of {g.options.max_rounds}"][0]
    assert said.startswith(chooser) and "marked" not in said
    for locale in LOCALES:
        text = _board(g, None, locale)
        parsed = {RULES.parse_action(g, RULES.to_act(g)[0], t) for t in listed_moves(g, text)}
        assert parsed == set(RULES.legal_actions(g, RULES.to_act(g)[0]))
        with words.use(locale):
            alt = RULES.narrator.describe(g, g.names)
        assert chooser in alt.split(".")[1]
        if locale == words.PSEUDO:
            assert unmarked_english(text, g.names) == unmarked_english(alt, g.names) == []


def test_a_menu_of_many_squares_is_one_line_of_typed_words_and_squares() -> None:
    grouped = 0
    for players in (2, 3, 4):
        for g in positions(players):
            for line in _board(g).splitlines():
                if " and one of " in line:
                    grouped += 1
                    assert len(_squares(line.split(" and one of ", 1)[1])) >= 2
    assert grouped


def test_a_game_played_from_the_text_board_alone_reaches_its_end() -> None:
    """A player who reads only the text board, picks one of its listed moves and types it."""
    state = RULES.new_game(NAMES[:2], {"max_rounds": 12}, rng=SeededRng(7))
    pick = random.Random(7)
    for ply in range(1, 5000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        typed = pick.choice(listed_moves(state, _board(state, seat)))
        action = RULES.parse_action(state, seat, typed)
        state = RULES.apply(state, seat, action, rng=SeededRng(7, ply)).state
    assert RULES.outcome(state) is not None


# The alt text ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_alt_text_names_whose_turn_and_everyones_standing(players: int) -> None:
    for g in positions(players):
        with words.use(words.ENGLISH):
            text = RULES.narrator.describe(g, g.names)
        assert len(text) <= ALT_AIM, text
        if g.finished:
            opening = g.names[g.winners[0]] if g.winners else "The prairie wins"
            assert text.startswith(opening)
        else:
            acting = g.names[RULES.to_act(g)[0]]
            assert text.startswith(f"Round {g.round} of {g.options.max_rounds}. {acting} ")
        counts = herds(g)
        for seat, name in enumerate(g.names):
            if seat in g.out:
                assert f"{name} has left the game" in text
                continue
            steers = f"{counts[seat]} steer{'' if counts[seat] == 1 else 's'}"
            at = g.board.point_name(g.cowboys[seat])
            left = g.fences_left[seat]
            fences = f"{left} fence{'' if left == 1 else 's'} left"
            assert f"{name} has {steers}, {fences}, at {at}" in text


def test_the_alt_text_stays_within_discords_limit_with_the_longest_names() -> None:
    long = tuple(f"{n:x<32}"[:32] for n in NAMES)
    for g in positions(4):
        for locale in LOCALES:
            with words.use(locale):
                text = RULES.narrator.describe(g, long)
            # half the limit left for the title and the last move (the pseudo-locale's marks
            # make it a third longer)
            room = ALT_LIMIT * 2 // 3 if locale == words.PSEUDO else ALT_LIMIT // 2
            assert len(text) <= room, text


# Every locale -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_are_worded_in_every_locale_with_no_english_left_over(players: int) -> None:
    for k, g in enumerate(positions(players)):
        viewer = k % players
        english = _board(g, viewer)
        for locale in ("pl", words.PSEUDO):
            text = _board(g, viewer, locale)
            with words.use(locale):
                alt = RULES.narrator.describe(g, g.names)
            assert len(text) <= BOARD_LIMIT and 0 < len(alt) <= ALT_AIM + 100
            assert text.count("\n### ") == english.count("\n### ")
            assert len(text.splitlines()) == len(english.splitlines())
            if locale == words.PSEUDO:
                assert unmarked_english(text, g.names) == [], text
                assert unmarked_english(alt, g.names) == [], alt
            else:
                assert not re.search(r"\{\w*\}", text + alt)
                assert "Round" not in text and "steers" not in alt


def test_a_long_board_tells_its_fields_by_their_first_and_last_squares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    block = [f"{x}{y}" for x in "def" for y in (4, 5, 6)]
    g = position(
        cowboys=["G5", "G13"],
        steers=["d4", "g4"],
        fences=ring(block, ALICE),
        fields=[(ALICE, block)],
    )
    full = _board(g)
    assert "- alice: 9 squares (d4, e4, f4, d5, e5, f5, d6, e6, f6)." in full
    assert "- Rope the steer on g4: `rope g4 to` and one of e4, f4, d5, e5, f5, d6, e6, f6" in full
    monkeypatch.setattr(talk_board, "LIMIT", len(full) - 1)
    short = _board(g)
    assert len(short) < len(full)
    assert "- alice: 9 squares (d4 to f6)." in short
    listed = "(d4, e4, f4, d5, e5, f5, d6, e6, f6)"
    assert short.replace("(d4 to f6)", "") == full.replace(listed, "")
    range_ = "\n\n### The range\n"
    assert range_ in short
    monkeypatch.setattr(talk_board, "LIMIT", len(short) - 1)
    shorter = _board(g)
    assert range_ not in shorter and len(shorter) <= len(short) - 1
    assert _sections(shorter)["Your moves"] == _sections(full)["Your moves"]
    assert listed_moves(g, shorter) == listed_moves(g, full)
    needed = ("### Round", "### Players", "### Your moves")
    core = "\n\n".join(part for part in full.split("\n\n") if part.startswith(needed))
    monkeypatch.setattr(talk_board, "LIMIT", len(core))
    assert _board(g) == core
