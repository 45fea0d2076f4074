"""High Rollin' for players who cannot see the picture: the alt text (``describe``) names whose
turn it is and each player's standing within Discord's limit, and the text board carries every
number the picture shows, in the right section, and moves that can be typed back, in English,
Polish and the pseudo-locale."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable

import pytest

import words
from games.highrollin import RULES, HighRollinState, Roll
from games.highrollin.menu import suggested
from games.highrollin.model import TURN_DICE, fits, topple_chance
from games.highrollin.talk import board
from games.highrollin.talk.common import percent
from games.rng import SeededRng
from tests.games.highrollin_kit import REST, make, play

LOCALES = (words.ENGLISH, "pl", words.PSEUDO)
NAMES = ("Ann", "Bob", "Cy", "Dee")
#: Discord's limit on an attachment's description, and an embed description's
ALT_LIMIT, BOARD_LIMIT = 1024, 4000
PER_SIZE = 30
NARRATOR = RULES.narrator


def positions(players: int, count: int = PER_SIZE) -> list[HighRollinState]:
    """``count`` positions of seeded random games at one table size: every phase, wobbly and
    steady towers, single games and matches, finished games and a player who left."""
    out: list[HighRollinState] = []
    seed = players * 1000
    while len(out) < count:
        seed += 1
        options = {"towers": ("wobbly", "steady")[seed % 2], "match": seed % 3 == 0}
        state = RULES.new_game(NAMES[:players], options, rng=SeededRng(seed))
        pick = random.Random(seed)
        if seed % 5 == 0:
            state = RULES.resign(state, (state.turn + 1) % players, rng=SeededRng(seed, 0)).state
        seen = [state]
        ply = 0
        while RULES.outcome(state) is None:
            ply += 1
            action = pick.choice(RULES.legal_actions(state, state.turn))
            state = RULES.apply(state, state.turn, action, rng=SeededRng(seed, ply)).state
            seen.append(state)
        # a few from along the game, a penalty to lift when there was one, and its end
        rare = [s for s in seen if s.phase == "lift" or s.fall is not None][:2]
        out += [*rare, *pick.sample(seen[1:-1], max(0, min(3, len(seen) - 2))), seen[-1]]
    return out[:count]


POSITIONS = {n: positions(n) for n in (2, 3, 4)}
ALL = [(n, i) for n in POSITIONS for i in range(PER_SIZE)]


def unmarked(text: str, names: Iterable[str]) -> list[str]:
    """English words of a pseudo-locale ``text`` outside its brackets (names and the move
    notation in backquotes aside)."""
    rest = re.sub(r"`[^`]*`", " ", text)
    while "⟦" in rest:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
        if inner == rest:
            break
        rest = inner
    return [w for w in re.findall(r"[A-Za-z]{2,}", rest) if not any(w in n for n in names)]


def numbers(text: str) -> Counter[int]:
    return Counter(int(n) for n in re.findall(r"\d+", text))


def has(text: str, expected: Iterable[int]) -> bool:
    """Every expected number is in ``text``, each as often as expected."""
    return not Counter(expected) - numbers(text)


def sections(text: str) -> list[tuple[str, list[str]]]:
    """The text board's sections in order: (heading, its lines)."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("### "):
            out.append((line[4:], []))
        elif line.strip():
            assert out, f"text before the first heading: {line!r}"
            out[-1][1].append(line)
    return out


def listed_moves(text: str) -> list[str]:
    """The moves the text board lists for the seat to act (its last section's items)."""
    _, lines = sections(text)[-1]
    return [m.group(1) for line in lines if (m := re.match(r"- `([^`]+)`", line))]


# The text board ----------------------------------------------------------------------------


def turn_numbers(state: HighRollinState) -> list[list[int]]:
    """What the picture's turn box prints, as numbers per line (computed from the state)."""
    if state.winners:
        lines = [[state.scores[s] for s in state.active()]]
        if state.options.match:
            lines.append([state.wins[s] for s in state.active()])
        return lines
    if state.phase == "roll":
        left = sum(state.piles[state.turn])
        roll = [left] if left < TURN_DICE else [n for n in suggested(state, state.turn) if n]
        lines = [roll]
        if state.rolloff and all(len(t) == 1 for t in state.towers):
            lines.append([f for f in state.rolloff[-1] if f])
        return lines
    lines = [[state.began - len(state.hand), state.began]]
    for i, die in enumerate(state.hand):
        where = [t + 1 for t, tower in enumerate(state.towers) if fits(die, tower[-1])]
        lines.append([i + 1, die.face, *where])
    if state.phase == "lift":
        tied = state.tallest()
        k = min(state.penalty or 0, len(state.towers[tied[0]]) - 1)
        lines.append([state.penalty or 0, k, *(t + 1 for t in tied)])
    return lines


def check_board(state: HighRollinState, text: str) -> None:
    parts = sections(text)
    head, towers, turn, players = parts[:4]
    # the header: the round, and the game of the match or the score to pass
    expected = [state.round, state.game, 3] if state.options.match else [state.round, 100]
    assert has(head[0], expected), head
    # each tower, die by die from the bottom, and the next die's topple chance
    for i, tower in enumerate(state.towers):
        line = towers[1][i]
        assert has(line, [i + 1, len(tower), *(d.face for d in tower)]), (tower, line)
        chance = topple_chance(len(tower) + 1) if state.options.towers == "wobbly" else 0.0
        assert (percent(chance) in line) == bool(chance), line
    if state.fall is not None:
        assert has(towers[1][4], [state.fall.tower + 1, *(d.face for d in state.fall.dice)])
    assert len(towers[1]) == 4 + (state.fall is not None)
    # this turn: the dice in hand and where each fits, the penalty, the suggestion, the end
    told = "\n".join([turn[0], *turn[1]])
    for expected in turn_numbers(state):
        assert any(has(line, expected) for line in [turn[0], *turn[1]]), (expected, told)
    # one line per player: its pile by colour, its score, its games won
    assert len(players[1]) == len(state.names)
    for seat, line in enumerate(players[1]):
        assert state.names[seat] in line
        expected = [*state.piles[seat], state.scores[seat]]
        if state.options.match:
            expected.append(state.wins[seat])
        assert has(line, expected), (expected, line)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_text_board_holds_every_number_the_picture_shows(locale: str, players: int) -> None:
    for state in POSITIONS[players]:
        with words.use(locale):
            text = NARRATOR.text_board(state, state.names, 0)
            check_board(state, text)
        assert len(text) <= BOARD_LIMIT
        if locale == words.PSEUDO:
            assert unmarked(text, state.names) == [], text


@pytest.mark.parametrize("locale", LOCALES)
def test_text_board_moves_parse_back_to_the_legal_moves(locale: str) -> None:
    for players in POSITIONS:
        for state in POSITIONS[players]:
            with words.use(locale):
                text = NARRATOR.text_board(state, state.names, None)
            listed = listed_moves(text)
            if state.winners:
                assert listed == [] and len(sections(text)) == 4
                continue
            legal = RULES.legal_actions(state, state.turn)
            assert [RULES.parse_action(state, state.turn, m) for m in listed] == legal
            # the roll the menu leaves out, offered as an example, is legal too
            for example in re.findall(r"e\.g\. `([^`]+)`", text):
                RULES.parse_action(state, state.turn, example)


def test_text_board_says_who_reads_it_and_escapes_names() -> None:
    state = next(s for s in POSITIONS[3] if not s.winners)
    names = ("*star*", "under_score", "`tick`")
    turn = state.turn
    other = (turn + 1) % 3
    mine = NARRATOR.text_board(state, names, turn)
    theirs = NARRATOR.text_board(state, names, other)
    watching = NARRATOR.text_board(state, names, None)
    assert "### Your moves" in mine
    assert "### Moves for " in theirs and "### Moves for " in watching
    rows = sections(theirs)[3][1]
    assert "you" in rows[other] and "to play" in rows[turn]
    assert all("you" not in row for row in sections(watching)[3][1])
    assert r"\*star\*" in mine and r"under\_score" in mine and r"\`tick\`" in mine


def test_a_slipped_penalty_stack_lies_under_its_tower() -> None:
    state = make(("r2 b2 g2 y2", "b6 r6", "g4", "y4"), [(1, 3, 3, 3), REST])
    # a penalty of 3 off tower 1 slips: the dice land 1, 5 and 6
    state, _ = play(state, Roll((1, 3, 1, 0)), [3, 3, 3, 3, 3, 0.5, 0.05, 1, 5, 6])
    assert state.fall is not None and state.fall.kind == "drop"
    for locale in LOCALES:
        with words.use(locale):
            text = NARRATOR.text_board(state, state.names, None)
            check_board(state, text)
    fell = sections(NARRATOR.text_board(state, state.names, None))[1][1][4]
    assert fell == "- The penalty stack off tower 1 slipped; fell: blue 1, green 5, yellow 6."


def test_a_long_move_list_drops_its_notes_before_passing_the_limit(monkeypatch) -> None:
    state = next(s for s in POSITIONS[4] if s.phase == "place" and len(s.hand) > 2)
    full = NARRATOR.text_board(state, state.names, None)
    monkeypatch.setattr(board, "LIMIT", len(full) - 1)
    short = NARRATOR.text_board(state, state.names, None)
    assert len(short) < len(full)
    assert listed_moves(short) == listed_moves(full)
    assert all(line.endswith("`") for line in sections(short)[-1][1])


# The alt text ------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_describe_names_whose_turn_and_every_standing(locale: str, players: int) -> None:
    for state in POSITIONS[players]:
        with words.use(locale):
            said = NARRATOR.describe(state, state.names)
        acting = state.winners or (state.turn,)
        first = re.split(r"[.!]", said)[0]
        for seat, name in enumerate(state.names):
            assert (name in first) == (seat in acting), said
        assert has(said, [len(t) for t in state.towers]), said
        for seat, name in enumerate(state.names):
            assert re.search(rf"{name}\W+{state.scores[seat]}\b", said), (name, said)
        if locale == words.PSEUDO:
            assert unmarked(said, state.names) == [], said
        else:
            assert len(said) <= 400, said


@pytest.mark.parametrize("locale", LOCALES)
def test_longest_names_stay_within_discords_limits(locale: str) -> None:
    """Names as long as Discord allows (32), at the largest table: the alt text leaves room
    for the title and the last move; the text board fits an embed."""
    names = tuple(f"{n:_<31}!" for n in NAMES)
    for state in POSITIONS[4]:
        with words.use(locale):
            said = NARRATOR.describe(state, names)
            text = NARRATOR.text_board(state, names, 0)
        assert names[state.winners[0] if state.winners else state.turn] in said
        assert len(said) <= (ALT_LIMIT if locale == words.PSEUDO else 640), said
        assert len(text) <= BOARD_LIMIT


# Playing from text alone -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_played_from_the_text_board_alone(players: int) -> None:
    """Each move picked from the moves the text board lists, typed back, to the end."""
    names = NAMES[:players]
    state = RULES.new_game(names, {"match": players == 3}, rng=SeededRng(players, 7))
    pick = random.Random(players)
    for ply in range(1, 3000):
        if RULES.outcome(state) is not None:
            break
        seat = state.turn
        with words.use("pl"):
            text = NARRATOR.text_board(state, names, seat)
        assert sections(text)[-1][0] == "Twoje ruchy"
        action = RULES.parse_action(state, seat, pick.choice(listed_moves(text)))
        state = RULES.apply(state, seat, action, rng=SeededRng(players, ply)).state
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners
    text = NARRATOR.text_board(state, names, None)
    assert all(names[s] in sections(text)[2][0] for s in outcome.winners)
