"""Cattle Baron without its picture: the alt text (``describe``) and the text board hold what
the picture shows, in every language, and the text board's moves are enough to play a game."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

import words
from games.cattle import COLOURS, RULES, CattleState, Die, Pass
from games.cattle.talk_board import TEXT_BOARD_MOST, moves_lines
from games.rng import SeededRng

LOCALES = (words.ENGLISH, "pl", words.PSEUDO)
#: names without digits, so every number in a player's line is one of the board's
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
LONG = tuple(f"{n} " + "Wrangler" * 4 for n in NAMES)
POSITIONS = 30
#: Discord's limit for an attachment's description, which also holds the title and last move
ALT_MOST = 1024


def playout(
    players: int, seed: int, names: Sequence[str] = NAMES, **options: int
) -> list[CattleState]:
    """Every position of a whole game of random choices (a forfeit now and then)."""
    state = RULES.new_game(list(names[:players]), options, rng=SeededRng(seed))
    pick, ply, seen = random.Random(seed), 0, [state]
    while RULES.outcome(state) is None:
        ply += 1
        seat = RULES.to_act(state)[0]
        if players > 2 and pick.random() < 0.01:
            state = RULES.resign(state, seat, rng=SeededRng(seed, ply)).state
        else:
            action = pick.choice(RULES.legal_actions(state, seat))
            state = RULES.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        seen.append(state)
    return seen


def positions(players: int) -> list[CattleState]:
    """POSITIONS positions spread over a seeded game, its end among them."""
    options = {"colours": 8} if players % 2 else {}
    seen = playout(players, 100 + players, **options)
    step = max(1, len(seen) // (POSITIONS - 1))
    return [*seen[::step][: POSITIONS - 1], seen[-1]]


def numbers(text: str) -> Counter[int]:
    return Counter(int(n) for n in re.findall(r"\d+", text))


def sections(board: str) -> dict[int, list[str]]:
    """The text board's parts by position: each a list of lines, its heading first."""
    parts = board.split("\n\n")
    assert all(p.startswith("### ") for p in parts), board
    return {i: p.split("\n") for i, p in enumerate(parts)}


def seat_numbers(state: CattleState, seat: int, rank: int | None) -> Counter[int]:
    """What the picture shows of a player as numbers: the place mark, stud, roll, haul, stock
    and Swiss totals and every die's face (the final hauls: the rank)."""
    stock, swiss = state.stocks[seat], state.swiss[seat]
    found = [state.score(seat), sum(d.face for d in stock), *(d.face for d in stock)]
    if swiss:
        found += [sum(d.face for d in swiss), *(d.face for d in swiss)]
    if rank is not None:
        found.append(rank)
    if not state.finished and seat not in state.out:
        stud = state.studs[seat]
        assert stud is not None
        found += [stud.face, state.rolls[seat]]
        at = state.order.index(seat)
        if at > state.pos:
            found += [at + 1, len(state.order)]
    return Counter(found)


def player_lines(state: CattleState, lines: list[str]) -> dict[int, str]:
    """Each seat's line of the players' part (a list item, or a rank at the end)."""
    out: dict[int, str] = {}
    for line in lines[1:]:
        rank = re.match(r"(\d+)\. ", line)
        body = (line[rank.end() :] if rank else line.removeprefix("- ")).lstrip("⟦")
        seat = next(s for s, n in enumerate(state.names) if body.startswith(n))
        assert seat not in out
        out[seat] = line
    assert sorted(out) == list(range(len(state.names)))
    return out


def check_numbers(state: CattleState, board: str) -> None:
    parts = sections(board)
    heading = parts[0]
    if not state.finished:
        assert str(state.round) in heading[0]
        seat = state.order[state.pos]
        assert state.names[seat] in heading[1] and str(state.rolls[seat]) in heading[1]
        assert numbers(heading[2]) == Counter([state.rolls[s] for s in state.order])
        herd = parts[1]
        assert numbers(herd[0]) == Counter([len(state.herd)])
        rows = herd[1:]
        assert len(rows) == state.options.colours
        for colour, row in zip(COLOURS, rows, strict=False):
            faces = [d.face for d in state.herd if d.colour == colour]
            assert numbers(row) == Counter([len(faces), *faces] if faces else []), row
    players = parts[2 if not state.finished else 1]
    ranked = sorted(state.active(), key=lambda s: (-state.score(s), s))
    for seat, line in player_lines(state, players).items():
        rank = ranked.index(seat) + 1 if state.finished and seat not in state.out else None
        assert numbers(line) == seat_numbers(state, seat, rank), (seat, line)


def listed(board: str) -> list[str]:
    """The moves a text board lists, as typed: each code span, or in the short form a verb
    and the choices after it ("`raid` red 6, red 5")."""
    moves: list[str] = []
    part = board.split("\n\n")[-1]
    for line in part.split("\n")[2:]:
        spans = re.findall(r"`([^`]+)`", line)
        after = line.split("`")[-1].strip().rstrip("·⟧")  # (the pseudo-locale's padding)
        if len(spans) == 1 and after:
            moves += [f"{spans[0]} {rest.strip()}" for rest in after.split(",")]
        else:
            moves += spans
    return moves


def unmarked(text: str, names: Sequence[str]) -> list[str]:
    """Latin letters outside the pseudo-locale's brackets, code spans and names."""
    text = re.sub(r"`[^`]*`", "", text)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    outside, depth = [], 0
    for char in text:
        depth += (char == "⟦") - (char == "⟧")
        if depth == 0:
            outside.append(char)
    return re.findall(r"[A-Za-z]+", "".join(outside))


@pytest.mark.parametrize("players", range(2, 9))
def test_text_board_holds_every_number_the_picture_shows(players: int) -> None:
    for state in positions(players):
        for locale in LOCALES:
            with words.use(locale):
                board = RULES.narrator.text_board(state, state.names, None)
            check_numbers(state, board)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_text_board_names_every_die_by_colour(players: int) -> None:
    for state in positions(players)[::3]:
        board = RULES.narrator.text_board(state, state.names, None)
        lines = player_lines(state, sections(board)[2 if not state.finished else 1])
        for seat, line in lines.items():
            for dice in (state.stocks[seat], state.swiss[seat]):
                for colour in dict.fromkeys(d.colour for d in dice):
                    faces = " ".join(str(d.face) for d in dice if d.colour == colour)
                    assert f"{colour} {faces}" in line, (colour, faces, line)
            stud = state.studs[seat]
            if stud is not None:
                assert f"stud {stud.colour} {stud.face}" in line


@pytest.mark.parametrize("players", range(2, 9))
def test_listed_moves_are_the_legal_moves(players: int) -> None:
    for state in positions(players):
        if state.finished:
            continue
        seat = state.order[state.pos]
        legal = RULES.legal_actions(state, seat)
        for locale in LOCALES:
            with words.use(locale):
                board = RULES.narrator.text_board(state, state.names, seat)
            moves = listed(board)
            assert len(moves) == len(legal)
            assert {RULES.parse_action(state, seat, m) for m in moves} == set(legal)


def test_moves_in_little_room_name_the_verb_once_and_still_parse() -> None:
    state = next(
        s
        for s in playout(8, 5, colours=8, dice_per_colour=12)
        if not s.finished and s.rolls[s.order[s.pos]] in (4, 5)
    )
    seat = state.order[state.pos]
    lines = moves_lines(state, state.names, seat, room=0)
    short = "\n".join(lines)
    assert short.count("`raid") + short.count("`switch") <= 2, short
    assert len(short) < len("\n".join(moves_lines(state, state.names, seat, room=10_000)))
    moves = listed("\n\n" + short)
    parsed = [RULES.parse_action(state, seat, m) for m in moves]
    assert len(parsed) == len(set(parsed)) and set(parsed) == set(RULES.legal_actions(state, seat))


def test_a_game_is_played_to_its_end_from_the_text_board_alone() -> None:
    for players in range(2, 9):
        state = RULES.new_game(list(NAMES[:players]), rng=SeededRng(players))
        pick, ply = random.Random(players), 0
        while not state.finished:
            ply += 1
            seat = RULES.to_act(state)[0]
            with words.use("pl" if ply % 2 else words.ENGLISH):
                board = RULES.narrator.text_board(state, state.names, seat)
            typed = pick.choice(listed(board))
            action = RULES.parse_action(state, seat, typed)
            state = RULES.apply(state, seat, action, rng=SeededRng(players, ply)).state
        assert RULES.outcome(state) is not None
        final = RULES.narrator.text_board(state, state.names, 0)
        assert "game over" in final and not listed(final)


def walk(states: Sequence[CattleState]) -> Iterator[tuple[str, CattleState]]:
    for state in states:
        for locale in LOCALES:
            yield locale, state


@pytest.mark.parametrize("players", range(2, 9))
def test_describe_names_whose_turn_it_is_and_stays_short(players: int) -> None:
    for locale, state in walk(positions(players)):
        with words.use(locale):
            alt = RULES.narrator.describe(state, state.names)
        if locale != words.PSEUDO:  # (padded by a third)
            assert len(alt) <= 450, alt
        for name in (state.names[s] for s in state.active()):
            assert name in alt
        if state.finished:
            best = max(state.score(s) for s in state.active())
            assert str(best) in alt
            continue
        seat = state.order[state.pos]
        acting = {"en": f"{seat_name(state)} to act", "pl": f"ruch ma {seat_name(state)}"}
        assert acting.get(locale, state.names[seat]) in alt
        assert f"{len(state.herd)}" in alt
        for s in state.active():
            stud = state.studs[s]
            assert stud is not None and str(stud.face) in alt


def seat_name(state: CattleState) -> str:
    return state.names[state.order[state.pos]]


def test_the_largest_table_stays_within_its_limits() -> None:
    for seed in range(3):
        for state in playout(8, seed, LONG, colours=8, dice_per_colour=12):
            for locale in ("en", "pl"):
                with words.use(locale):
                    alt = RULES.narrator.describe(state, state.names)
                    board = RULES.narrator.text_board(state, state.names, 0)
                assert len(alt) <= ALT_MOST - 200, len(alt)
                assert len(board) <= TEXT_BOARD_MOST, len(board)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_every_word_is_from_the_catalogue(players: int) -> None:
    for state in positions(players):
        with words.use(words.PSEUDO):
            texts = [
                RULES.narrator.describe(state, state.names),
                RULES.narrator.text_board(state, state.names, 0),
                RULES.narrator.text_board(state, state.names, None),
            ]
        for text in texts:
            assert not unmarked(text, state.names), (unmarked(text, state.names), text)


def test_polish_boards_are_translated() -> None:
    state = positions(3)[10]
    with words.use("pl"):
        board = RULES.narrator.text_board(state, state.names, 0)
        alt = RULES.narrator.describe(state, state.names)
    english = ("herd", "stock", "stud", "Players", "rolled", "haul", "moves", "Round")
    for word in english:
        assert word not in re.sub(r"`[^`]*`", "", board), word
        assert word not in alt, word
    assert "### Stado:" in board and "### Gracze" in board


def test_the_reader_finds_their_own_line_and_moves() -> None:
    state = positions(3)[4]
    seat = state.order[state.pos]
    other = next(s for s in range(3) if s != seat)
    mine = RULES.narrator.text_board(state, state.names, seat)
    theirs = RULES.narrator.text_board(state, state.names, other)
    watching = RULES.narrator.text_board(state, state.names, None)
    assert f"{state.names[seat]} (you):" in mine and "### Your moves" in mine
    assert f"{state.names[other]} (you):" in theirs
    assert f"### Moves of {state.names[seat]}" in theirs
    assert "(you)" not in watching and f"### Moves of {state.names[seat]}" in watching
    assert listed(mine) == listed(theirs) == listed(watching)


def test_a_forced_pass_and_a_game_won_by_leaving_are_told() -> None:
    state = RULES.new_game(["Ann", "Bob"], {"colours": 2, "dice_per_colour": 4}, rng=SeededRng(1))
    seat = state.order[state.pos]
    brand = state.brand(seat)
    assert brand is not None
    bare = replace(
        state,
        herd=tuple(d for d in state.herd if d.colour != brand),
        rolls=tuple(1 for _ in state.rolls),
        studs=tuple(Die(s.colour, 1) if s else s for s in state.studs),
    )
    assert RULES.legal_actions(bare, bare.order[bare.pos]) == [Pass()]
    assert "can only pass" in RULES.narrator.describe(bare, bare.names)
    assert listed(RULES.narrator.text_board(bare, bare.names, None)) == ["pass"]
    won = RULES.resign(state, 1, rng=SeededRng(2)).state
    alt = RULES.narrator.describe(won, won.names)
    assert alt.startswith("Game over. Ann is the last player left and wins.")
    board = RULES.narrator.text_board(won, won.names, None)
    assert "1. Ann: haul 0" in board and "- Bob: left the game; haul 0" in board


def test_a_shared_win_is_told() -> None:
    end = playout(3, 9)[-1]
    tied = replace(
        end, stocks=(end.stocks[0], end.stocks[0], ()), swiss=(end.swiss[0],) * 2 + ((),)
    )
    best = tied.score(0)
    alt = RULES.narrator.describe(tied, tied.names)
    assert f"Ann and Bob share the win with a haul of {best}." in alt
    board = RULES.narrator.text_board(tied, tied.names, 2)
    assert board.split("\n")[1] == f"Ann and Bob share the win with a haul of {best}."
    assert "Cid (you): " in board and "haul 0: stock 0 (empty)" in board
    with words.use("pl"):
        alt = RULES.narrator.describe(tied, tied.names)
    assert alt.startswith("Koniec gry. Ann") and f"dzielą zwycięstwo z dorobkiem {best}." in alt
