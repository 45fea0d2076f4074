"""Horseplay Rustling for a player who does not see the picture: the alt text (``describe``)
names whose move it is and each colour's pieces within Discord's limit; the text board holds
every number and mark the picture shows, every piece by square and the legal moves in the
notation (each parsing back to a legal move), in English, Polish and the pseudo-locale; and a
whole game can be played choosing only among the moves the text board lists."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import words
from games.horseplay import QUIET_ROUNDS, geometry, square_name, talk_board, threats
from games.horseplay.board import colour_of, is_crown
from games.rng import ScriptedRng, SeededRng
from tests.games.test_horseplay import NAMES, RULES, new, position

LOCALES = ("en", "pl", words.PSEUDO)
SQUARE = r"[a-k](?:1[01]|[1-9])"
MOVE = re.compile(rf"(?<![\w-]){SQUARE}(?:[-x]{SQUARE})+(?![\w-])")
#: Discord's names are at most 32 characters
LONG_NAMES = [
    "Bartholomew the Horse Whisperer",
    "Maximiliana Featherstonehaugh-Ro",
    "Cornelius Van Der Ranch the 3rd",
    "Wilhelmina Stallion-Smythe Esq.",
]
#: the picture's colour names, as ``who`` words them, per locale
COLOUR_NAMES = {
    "en": ("Green", "Red", "Blue", "Black"),
    "pl": ("Zielony", "Czerwony", "Niebieski", "Czarny"),
}


def positions(players: int, count: int = 30) -> list[Any]:
    """``count`` positions of seeded random games for ``players`` (board size and options
    chosen by the seed), the game's end among them now and then."""
    out = []
    seed = 0
    while len(out) < count:
        pick = random.Random(players * 1000 + seed)
        seed += 1
        options: dict[str, Any] = {"size": pick.choice((9, 11))}
        options["flying_crowns"] = pick.random() < 0.4
        options["centre_win"] = pick.random() < 0.3
        options["forced_capture"] = pick.random() < 0.25
        options["miss_a_turn"] = pick.random() < 0.8
        if players == 4:
            options["teams"] = pick.random() < 0.5
        state = RULES.new_game(NAMES[:players], options, rng=SeededRng(seed))
        stop = pick.randrange(0, 160)
        for _ in range(stop):
            acting = RULES.to_act(state)
            if not acting:
                break
            legal = RULES.legal_actions(state, acting[0])
            captures = [m for m in legal if m.is_capture]
            chosen = pick.choice(captures if captures and pick.random() < 0.7 else legal)
            state = RULES.apply(state, acting[0], chosen, rng=ScriptedRng([])).state
        out.append(state)
    return out


def sections(text: str) -> list[list[str]]:
    """The text board's sections (each from its ``###`` heading), as lines."""
    found: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("### "):
            found.append([line])
        elif line:
            assert found, f"text before the first heading: {line!r}"
            found[-1].append(line)
    return found


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"(?<![\w-])-?\d+(?![\w])", text)]


def squares_in(text: str) -> set[str]:
    return set(re.findall(rf"(?<![\w-]){SQUARE}(?![\w])", text))


def pieces_of(state: Any, colour: int) -> tuple[set[str], set[str]]:
    """A colour's men and crowns by square, as the picture draws them."""
    men, crowns = set(), set()
    for sq, cell in enumerate(state.board):
        if cell and colour_of(cell) == colour:
            (crowns if is_crown(cell) else men).add(square_name(sq, state.size))
    return men, crowns


def listed_moves(text: str) -> list[str]:
    """The moves the text board lists for the colour to move (its last section)."""
    last = sections(text)[-1]
    return [m for line in last[1:] for m in MOVE.findall(line)]


def unmarked(text: str) -> list[str]:
    """Letter runs of a pseudo-locale text outside every ⟦...⟧ that are not notation."""
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    text = MOVE.sub(" ", text)
    text = re.sub(rf"(?<![\w-]){SQUARE}(?![\w])", " ", text)
    return re.findall(r"[^\W\d_]+", text)


# The text board holds every number and piece of the picture --------------------------------


def check_numbers(state: Any, text: str, locale: str) -> None:
    parts = sections(text)
    summary, colours, pieces, marks = parts[:4]
    size = state.size
    quiet = max(0, state.round - 1 - state.last_capture_round)
    shown = numbers(" ".join(summary[1:]))
    for n in (size, state.round, quiet, QUIET_ROUNDS):
        assert n in shown, (n, summary)
    live = state.live()
    assert len(colours) == 1 + len(state.colours), "a line per colour"
    assert len(pieces) == 1 + len(state.colours), "a line per colour"
    for line, pieces_line, c in zip(colours[1:], pieces[1:], state.colours, strict=True):
        assert state.names[state.seat(c)] in line and state.names[state.seat(c)] in pieces_line
        if locale in COLOUR_NAMES:
            assert COLOUR_NAMES[locale][c] in line, (c, line)
        men, crowns = pieces_of(state, c)
        expected = [state.scores[c]]
        if c in live:
            expected.append(len(men) + len(crowns))
        if crowns:
            expected.append(len(crowns))
        assert sorted(numbers(line)) == sorted(expected), (line, expected)
        assert squares_in(pieces_line) == men | crowns, (pieces_line, men, crowns)
        if locale == "en" and (men or crowns):
            said = dict(
                part.split(" on ") for part in pieces_line.split(": ", 1)[1][:-1].split("; ")
            )
            assert squares_in(said.get("men", said.get("man", ""))) == men
            assert squares_in(said.get("crowns", said.get("crown", ""))) == crowns
    check_marks(state, " ".join(marks[1:]))


def check_marks(state: Any, text: str) -> None:
    """The squares the picture marks: Stables, centre, Miss a Turn, threats, the huff."""
    size = state.size
    geo = geometry(size)
    marked = squares_in(text)
    corners = {square_name(sq, size) for sq in (*geo.stables, geo.centre)}
    assert corners <= marked
    if state.options.miss_a_turn and size == 11:
        assert {square_name(sq, size) for sq in geo.miss} <= marked
    if not state.finished:
        seen = threats(state)
        assert {square_name(sq, size) for sq in seen.stables | seen.taken} <= marked
        if seen.huff is not None:
            assert square_name(seen.huff, size) in marked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_text_board_holds_every_number_and_piece_of_the_picture(players: int) -> None:
    finished = 0
    for state in positions(players):
        finished += state.finished
        for locale in LOCALES:
            with words.use(locale):
                text = RULES.narrator.text_board(state, state.names, None)
            assert len(text) <= 4000
            assert "{" not in text and "}" not in text
            check_numbers(state, text, locale)
            if locale == words.PSEUDO:
                assert unmarked(text) == [], unmarked(text)
            if state.finished:
                assert len(sections(text)) == 4, "no moves once the game is over"
                continue
            seat = RULES.to_act(state)[0]
            legal = {RULES.format_action(state, m) for m in RULES.legal_actions(state, seat)}
            listed = listed_moves(text)
            assert len(listed) == len(set(listed)) == len(legal)
            parsed = {
                RULES.format_action(state, RULES.parse_action(state, seat, m)) for m in listed
            }
            assert parsed == legal == set(listed)
    assert finished < 30, "most positions are games going on"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_describe_names_whose_move_and_each_colours_pieces(players: int) -> None:
    for state in positions(players):
        for locale in LOCALES:
            with words.use(locale):
                said = RULES.narrator.describe(state, state.names)
                long = RULES.narrator.describe(state, LONG_NAMES[:players])
            assert "{" not in said and "\n" not in said
            assert len(long) <= 1024 - 200, "room for the title and the last move"
            if locale != words.PSEUDO:
                assert len(said) <= 400, said
            else:
                assert unmarked(said) == [], said
            live = state.live()
            for c in state.colours:
                assert state.names[state.seat(c)] in said
                if c in live:
                    assert str(sum(1 for p in state.board if p and colour_of(p) == c)) in said
            if state.finished:
                continue
            mover = state.names[state.seat(state.to_move)]
            first = said.split(".")[0]
            assert mover in first, (first, mover)
            if locale in COLOUR_NAMES:
                assert COLOUR_NAMES[locale][state.to_move] in first
            n = len(RULES.legal_actions(state, state.seat(state.to_move)))
            assert str(n) in first
            for sq in threats(state).stables:
                assert square_name(sq, state.size) in said


# Examples --------------------------------------------------------------------------------


def test_the_text_board_of_the_opening_in_english() -> None:
    text = RULES.narrator.text_board(new(2), NAMES[:2], 0)
    assert text.splitlines()[:4] == [
        "### Horseplay Rustling",
        "Board 9×9, round 1.",
        "Rounds without a capture: 0 of 50; points decide only after 50 rounds with no capture.",
        "Your move, alice (Green).",
    ]
    assert "- alice (Green, you): 12 pieces on the board; 0 points." in text
    assert "- bob (Blue): 12 pieces on the board; 0 points." in text
    assert "- alice (Green): men on c1, e1, g1, b2, d2, f2, h2, a3, c3, e3, g3, i3." in text
    assert "- Stables: a1 (Green), i9 (Blue)." in text
    assert "- Nobody's Stables, plain squares: i1, e5, a9." in text
    assert "### Your 8 legal moves" in text
    assert listed_moves(text) == [
        "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4", "i3-h4"
    ]  # fmt: skip
    spectator = RULES.narrator.text_board(new(2), NAMES[:2], None)
    assert "you" not in spectator.lower() and "### alice (Green): 8 legal moves" in spectator
    assert "alice (Green) to move." in spectator
    assert RULES.narrator.text_board(new(2), NAMES[:2], 1).count("(Blue, you)") == 1


def test_threats_and_the_huff_are_said_in_english_and_polish() -> None:
    # bob's man on d4 can be jumped by c3, so a plain move huffs c3; Blue's crown on b2 can
    # end its move on Green's Stable a1
    state = position("c3:g e1:g d4:b b2:B h8:b")
    said = RULES.narrator.describe(state, NAMES[:2])
    assert said.startswith("alice (Green) to move, with ")
    assert "Stable an enemy can take next turn: a1 (Green)." in said
    text = RULES.narrator.text_board(state, NAMES[:2], 0)
    assert "- Stable an enemy can take next turn: a1 (Green)." in text
    assert (
        "- alice (Green) could take: a move that does not take loses the piece on c3 "
        "(huffed)." in text
    )
    assert "- `c3xe5` (takes 1)" in text
    assert "- bob (Blue): men on d4, h8; crown on b2." in text
    assert "- Piece an enemy can take next turn: d4 (Blue)." in text
    with words.use("pl"):
        polish = RULES.narrator.text_board(state, NAMES[:2], 0)
        short = RULES.narrator.describe(state, NAMES[:2])
    assert "Stajnia, którą wróg może zająć w następnej turze: a1 (Zielony)." in short
    assert short.startswith("Ruch: alice (Zielony), ")
    assert "- alice (Zielony) ma bicie: ruch bez bicia kosztuje bierkę na c3" in polish
    assert "- bob (Niebieski): pionki na d4, h8; damka na b2." in polish
    assert "- bob (Niebieski): 3 bierki na planszy; 1 damka; 0 punktów." in polish
    assert "- Bierka, którą wróg może zbić w następnej turze: d4 (Niebieski)." in polish


def test_a_finished_game_says_who_won_and_lists_no_moves() -> None:
    state = position("c3:g d4:b")
    won = RULES.apply(state, 0, RULES.parse_action(state, 0, "c3xe5"), rng=ScriptedRng([])).state
    said = RULES.narrator.describe(won, NAMES[:2])
    assert said == (
        "Game over: alice won (last on the board). Pieces on the board: alice (Green) 1, "
        "bob (Blue) out."
    )
    text = RULES.narrator.text_board(won, NAMES[:2], None)
    assert "Game over: alice won (last on the board)." in text
    assert "- bob (Blue): out of the game; 0 points." in text
    assert listed_moves(text) == [] and "legal move" not in text
    with words.use("pl"):
        assert RULES.narrator.describe(won, NAMES[:2]).startswith(
            "Koniec gry: wygrywa alice (ostatni na planszy)."
        )


def test_the_text_board_shortens_gracefully(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many flying crowns: every move is listed within 4,000 characters, by piece; with more
    room a line per move with its notes; with less, what each takes goes, then whole pieces,
    and the count of moves left out is said."""
    crowns = "c3 e3 g3 i3 b4 d6 f6 h6 j6 c7 e5 g5 i5 k5 d2"
    blue = "b10 d10 f10 h10 j10 c11 e11 g11 i11 k9 j8 b8 d8 h8"
    board = " ".join([*(f"{sq}:G" for sq in crowns.split()), *(f"{sq}:b" for sq in blue.split())])
    state = position(board, size=11, flying_crowns=True)
    legal = {RULES.format_action(state, m) for m in RULES.legal_actions(state, 0)}
    assert len(legal) > 50
    for locale in LOCALES:
        with words.use(locale):
            text = RULES.narrator.text_board(state, LONG_NAMES[:2], 0)
        assert len(text) <= 4000 and set(listed_moves(text)) == legal
    full = RULES.narrator.text_board(state, NAMES[:2], 0)
    assert "- f6: `f6xc9xa7` (takes 2), `f6xc9xa11` (takes 2), `f6xi9xk7` (takes 2)," in full
    monkeypatch.setattr(talk_board, "LIMIT", 8000)
    roomy = RULES.narrator.text_board(state, NAMES[:2], 0)
    assert "\n- `f6xi9xk11` (takes 2): takes Blue's Stable\n" in roomy, "a line per move"
    assert set(listed_moves(roomy)) == legal
    monkeypatch.setattr(talk_board, "LIMIT", len(full) - 1)
    grouped = RULES.narrator.text_board(state, NAMES[:2], 0)
    assert len(grouped) < len(full) and set(listed_moves(grouped)) == legal
    assert "- f6: `f6xc9xa7`, `f6xc9xa11`, `f6xi9xk7`, `f6xi9xk11`, `f6-e7`, `f6-g7`\n" in grouped
    monkeypatch.setattr(talk_board, "LIMIT", len(grouped) - 1)
    cut = RULES.narrator.text_board(state, NAMES[:2], 0)
    shown = listed_moves(cut)
    assert len(cut) < len(grouped) and 0 < len(shown) < len(legal) and set(shown) <= legal
    left = re.search(r"- (\d+) more moves, not listed: type one with `/horseplay move`.", cut)
    assert left is not None and int(left.group(1)) == len(legal) - len(shown)


def test_the_text_board_marks_the_centre_and_miss_a_turn_squares() -> None:
    state = new(4, size=11, centre_win=True, miss_a_turn=True)
    text = RULES.narrator.text_board(state, NAMES, 2)
    assert "- Centre Stable f6: a crown that ends a move there wins." in text
    assert "- Miss a Turn squares: d4, h4, d8, h8." in text
    assert "- Stables: a1 (Green), k1 (Black), a11 (Red), k11 (Blue)." in text
    assert "Nobody's" not in text
    assert "- carol (Blue, you): " in text and "### alice (Green): " in text
    teams = RULES.narrator.text_board(new(4, teams=True), NAMES, None)
    assert "Teams: alice (Green) and carol (Blue) against bob (Red) and dave (Black)." in teams
    with words.use("pl"):
        polish = RULES.narrator.text_board(new(4, teams=True), NAMES, None)
    assert "Drużyny: alice (Zielony) i carol (Niebieski) przeciw bob (Czerwony)" in polish


# Playing from the text alone ------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_a_whole_game_played_from_the_text_board_alone(players: int, seed: int) -> None:
    """Each turn the player to act reads the text board (in English or Polish), picks one of
    the moves it lists and types it; the game reaches its end."""
    pick = random.Random(seed)
    state = RULES.new_game(NAMES[:players], {"size": pick.choice((9, 11))}, rng=SeededRng(seed))
    names = list(state.names)
    plies = 0
    while RULES.to_act(state):
        seat = RULES.to_act(state)[0]
        with words.use(pick.choice(("en", "pl"))):
            text = RULES.narrator.text_board(state, names, seat)
        listed = listed_moves(text)
        assert listed, text
        typed = pick.choice(listed)
        state = RULES.apply(
            state, seat, RULES.parse_action(state, seat, typed), rng=ScriptedRng([])
        ).state
        plies += 1
        assert plies < 3000
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners
    with words.use("pl"):
        assert RULES.narrator.describe(state, names).startswith("Koniec gry: ")
