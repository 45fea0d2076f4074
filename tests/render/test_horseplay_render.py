"""The Horseplay Rustling picture as a player reads it: the last-move strip says what happened,
what vanished is ghosted where it stood, an open Stable and the piece a skipped capture costs
are marked, the legend explains the marks on the board, and pictures stay light on a phone."""

from __future__ import annotations

import io

from PIL import Image

import render
import render.horseplay as picture
import words
from games.horseplay.threats import threats
from render.horseplay import panels
from render.horseplay.layout import ALERT, box
from render.horseplay.panels import legend_items
from render.horseplay.story import story
from tests.games.test_horseplay import RULES, new, position


def sq(name: str) -> int:
    return (int(name[1:]) - 1) * 9 + "abcdefghi".index(name[0])


def played(state, text: str):
    seat = RULES.to_act(state)[0]
    action = RULES.parse_action(state, seat, text)
    step = RULES.apply(state, seat, action, rng=None)
    return step.state, action, step.events


def test_a_jumping_chain_is_told_and_its_victims_ghosted() -> None:
    before = position("c3:g d4:b f6:b b8:b")
    after, last, events = played(before, "c3xe5xg7")
    told = story(after, last, before, events)
    assert told.text == "Green c3xe5xg7 · took 2 (+20)"
    assert [(g.square, g.why) for g in told.gone] == [(sq("d4"), "taken"), (sq("f6"), "taken")]
    assert told.mover == 0


def test_a_huff_is_told_and_the_huffed_piece_ghosted_where_it_vanished() -> None:
    before = position("c3:g g3:g d4:b c7:b h8:b")
    after, last, events = played(before, "g3-h4")
    told = story(after, last, before, events)
    assert told.text == "Green g3-h4 · c3 huffed (−10)"
    assert [(g.square, g.why) for g in told.gone] == [(sq("c3"), "huffed")]
    # the moved piece itself: gone from the square it reached
    before = position("f6:G e7:b h8:b c3:g")
    after, last, events = played(before, "f6-g7")
    told = story(after, last, before, events)
    assert [(g.square, g.why) for g in told.gone] == [(sq("g7"), "huffed")]
    assert told.text == "Green f6-g7 · g7 huffed (−25)"


def test_a_stable_capture_ghosts_the_whole_colour() -> None:
    before = position("h8:g c1:g d6:b f6:b")
    after, last, events = played(before, "h8-i9")
    told = story(after, last, before, events)
    assert told.text == "Green h8-i9 · crowned · took Blue's Stable (+20)"
    assert {g.square for g in told.gone} == {sq("d6"), sq("f6")}


def test_the_start_and_a_picture_without_the_previous_state_still_read() -> None:
    state = new(2)
    assert story(state, None, None).text == "Green moves first"
    after, last, events = played(state, "c3-d4")
    assert story(after, last, None).text == "Last: Green c3-d4"
    assert story(after, last, None, events).text == "Green c3-d4", "told from its events"
    assert story(after, last, state).text == "Green c3-d4", "the move played again"


def _pixel(img: Image.Image, square: str) -> tuple[int, int, int]:
    left, top, _, _ = box(sq(square), 9)
    return img.getpixel((left + 3, top + 20))


def _ring(img: Image.Image, square: str) -> tuple[int, int, int]:
    """The pixel where a ring round the square's piece passes, on its left."""
    left, top, _, _ = box(sq(square), 9)
    return img.getpixel((left + 2, top + 36))


def test_an_open_stable_and_the_piece_that_threatens_it_are_marked() -> None:
    # Blue's c3 can jump b2 into a1, Green's empty Stable
    open_stable = position("b2:g e1:g c3:b d4:b h8:b")
    seen = threats(open_stable)
    assert seen.stables == {sq("a1")} and seen.raiders == {sq("c3")}
    drawn = picture.compose(open_stable)
    assert _pixel(drawn, "a1") == ALERT
    assert _ring(drawn, "c3") == ALERT, "the raider is ringed"
    assert _ring(drawn, "d4") != ALERT, "a piece that cannot reach a Stable is not"
    shut = position("a3:g e1:g c3:b d4:b h8:b")
    assert not threats(shut).stables and not threats(shut).raiders
    assert _pixel(picture.compose(shut), "a1") != ALERT
    assert _ring(picture.compose(shut), "c3") != ALERT
    # the legend explains the marks shown, never the rules
    texts = [t for _, t in legend_items(danger=True, raiders=True, huff=False, ghosts=False)]
    assert texts == ["an enemy can take it next", "can take a Stable next"]
    assert legend_items(danger=False, raiders=False, huff=False, ghosts=False) == []
    huff = position("c3:g g3:g h4:b b8:b")
    assert threats(huff).huff == sq("g3")


def test_pictures_share_one_palette_and_stay_light_at_four_players() -> None:
    picture.warm()
    state = new(4)
    shapes = set()
    for text in ("d2-c3", "b4-c5", "d8-c7", "h4-g5"):
        previous = state
        state, last, events = played(state, text)
        png = render.draw("horseplay", state, last=last, previous=previous, seat=0, events=events)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 150_000
        img = Image.open(io.BytesIO(png))
        assert img.mode == "P" and img.width == 720
        shapes.add(tuple(img.getpalette()))
    assert len(shapes) == 1, "a fixed palette, not one chosen per picture"


def test_at_four_players_the_whole_picture_fits_a_phone_screen() -> None:
    """Shown 300 px wide, the board and every panel (the acting player's too) are within the
    first 600 px of height, with the most legend lines a picture can have."""
    for size in (9, 11):
        state = RULES.new_game(["Ann", "Bo", "Cy", "Di"], {"size": size}, rng=None)
        img = picture.compose(state, seat=0)
        assert img.height * 300 / img.width <= 600
        assert picture.panels.LEGEND_MAX + img.height - picture.panels.legend_height([]) <= (
            600 * img.width / 300
        ), "even with every mark in the legend"


def test_the_stable_of_a_colour_that_is_out_is_drawn_as_nobodys() -> None:
    from render.horseplay import layers

    state = position("c3:g d4:r e7:b g5:k", players=4)
    after, _, _ = played(state, "c3xe5")  # Red's last piece goes: Red is out
    assert 1 not in after.live()
    left, top, right, bottom = box(sq("a9"), 9)
    drawn = picture.compose(after).crop((left, top, right, bottom))
    assert drawn.tobytes() == layers.plain_stable(9).tobytes()
    left, top, right, bottom = box(sq("i9"), 9)  # Blue is still in: its Stable keeps its frame
    kept = picture.compose(after).crop((left, top, right, bottom))
    assert kept.tobytes() != layers.plain_stable(9).tobytes()


def test_the_sent_picture_is_the_full_colour_picture_in_the_palette() -> None:
    """Boards are put together from pieces straight in the palette: what a player gets is
    exactly the full-colour drawing mapped onto it, marks, ghosts, arrow and texts included,
    whether or not the legend and panels change height from one move to the next."""
    import random

    from games.rng import SeededRng
    from render.layers import reduce

    picture.warm()
    pick = random.Random(5)
    for players, options in ((2, {}), (4, {"size": 11, "miss_a_turn": True})):
        state = RULES.new_game(["Ann", "Bo", "Cy", "Di"][:players], options, rng=SeededRng(5, 0))
        heights = set()
        for ply in range(40):
            if RULES.outcome(state) is not None:
                break
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            captures = [m for m in legal if m.is_capture]
            last = pick.choice(captures or legal)
            previous, state = state, RULES.apply(state, seat, last, rng=SeededRng(5, ply)).state
            if ply % 4:
                continue
            sent = Image.open(
                io.BytesIO(picture.draw(state, seat=seat, last=last, previous=previous))
            )
            drawn = reduce(
                picture.compose(state, seat=seat, last=last, previous=previous), picture.palette()
            )
            assert sent.size == drawn.size
            assert sent.tobytes() == drawn.tobytes(), f"ply {ply}: pixels differ"
            heights.add(sent.height)
        assert heights


def test_a_text_piece_is_the_line_pillow_draws_even_when_put_together_from_words() -> None:
    """The last-move strip, names and counts are texts put together from words drawn before:
    each piece, put at its offset from the anchor point, gives exactly the line Pillow draws
    whole there, whatever its first letter's bearing and anchor, the first time and from the
    cache; it is cut to the text's ink."""
    from PIL import ImageDraw

    from render.common import font
    from render.horseplay import marks

    lines = [
        "Blue moved c3 to e5, took 2 and crowned",
        "jumped d4 to f6 (Green's piece gone)",
        "Wyatt · 7 on board · 2 crowned",
        "Ann huffed at b2",
        "Žofia moved: +2 ×3",
        "12 pts",
        "Ελένη ☆ 3",
        " ",
    ]
    at = (300, 60)
    for size, bold in ((20, False), (24, True), (26, True)):
        face = font(size, bold)
        for text in lines:
            for anchor in ("la", "lm", "ls", "ra", "mm"):
                whole = Image.new("L", (600, 120), 0)
                ImageDraw.Draw(whole).text(at, text, font=face, fill=255, anchor=anchor)
                marks.text.cache_clear()
                for _ in range(2):
                    piece, dx, dy = marks.text(text, size, bold, anchor, (20, 30, 40))
                    put = Image.new("L", whole.size, 0)
                    put.paste(piece.getchannel("A"), (at[0] + dx, at[1] + dy))
                    assert put.tobytes() == whole.tobytes(), (text, anchor, size)
                    alpha = piece.getchannel("A")
                    assert alpha.getbbox() in (None, (0, 0, *alpha.size)), "not cut to its ink"


# The picture in other languages --------------------------------------------------------------


def _moves(state, *texts: str):
    """The positions after each move, with what each did."""
    out = []
    for text in texts:
        before = state
        state, last, events = played(state, text)
        out.append((state, last, before, events))
    return out


def _positions():
    """A start, a jump, a huff, a Stable taken (game over), a four-player 11x11 game with Miss a
    Turn squares and a crown in the centre, and a player who left."""
    four = RULES.new_game(["Ann", "Bo", "Cy", "Di"], {"size": 11, "centre_win": True}, rng=None)
    left = RULES.resign(four, 1, rng=None)
    return [
        (new(2), None, None, ()),
        *_moves(position("c3:g d4:b f6:b b8:b"), "c3xe5xg7"),
        *_moves(position("c3:g g3:g d4:b c7:b h8:b"), "g3-h4"),
        *_moves(position("h8:g c1:g d6:b f6:b"), "h8-i9"),
        *_moves(four, "e3-d4"),
        (left.state, None, four, left.events),
    ]


def test_pictures_draw_in_polish_with_every_text_whole(monkeypatch) -> None:
    """Every Polish text fits its room as it is; in the pseudo-locale (longer still) a text
    too long loses whole words, never part of one."""
    real = panels.fit
    cut: list[tuple[str, str]] = []

    def fit(text: str, size: int, width: float, bold: bool = False) -> str:
        out = real(text, size, width, bold)
        if out != text:
            cut.append((text, out))
        return out

    monkeypatch.setattr(panels, "fit", fit)
    for state, last, previous, events in _positions():
        for locale in ("pl", words.PSEUDO):
            cut.clear()
            png = render.draw(
                "horseplay",
                state,
                seat=0,
                last=last,
                previous=previous,
                events=events,
                locale=locale,
            )
            assert png[:8] == b"\x89PNG\r\n\x1a\n"
            if locale == "pl":
                assert cut == [], cut
            for text, out in cut:
                kept = out.removesuffix("…")
                assert text.startswith(kept) and text[len(kept)] in " ·,;:", (text, out)


def test_the_strip_speaks_polish() -> None:
    told = {}
    with words.use("pl"):
        for state, last, previous, events in _positions():
            told[len(told)] = story(state, last, previous, events).text
    assert told[0] == "Zaczyna Zielony"
    assert told[1] == "Zielony c3xe5xg7 · bije 2 (+20)"
    assert told[2] == "Zielony g3-h4 · zdmuchnięcie c3 (−10)"
    assert told[3] == "Zielony h8-i9 · damka · zdobywa Stajnię Niebieskich (+20)"
    assert told[5] == "Gracz odszedł: jego bierki zeszły z planszy"
    with words.use("pl"):
        assert panels.legend_items(danger=True, raiders=False, huff=False, ghosts=False)[-1] == (
            "warning",
            "wróg może to zaraz wziąć",
        )


def test_a_long_text_loses_whole_words() -> None:
    line = "Punkty rozstrzygają dopiero po 50 rundach bez bicia"
    short = panels.fit(line, 22, 300)
    assert short.endswith("…") and line.startswith(short[:-1])
    assert line[len(short) - 1] == " ", "cut between words"


def test_a_play_of_several_moves_tells_the_latest() -> None:
    """A move and one played at once after it: the strip tells the latest, drawn as ``last``."""
    before = position("c3:g d4:b h8:b")
    after, _, events = played(before, "c3xe5")
    later, last, more = played(after, "h8-g7")
    told = story(later, last, before, (*events, *more))
    assert told.text == "Blue h8-g7" and told.mover == 2 and told.gone == ()
