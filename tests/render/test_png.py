"""The one PNG encoder every board goes through: what a player's app decodes is the board."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

import games
import render
from games.rng import SeededRng
from render import png


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("game,players", [("farm", 6), ("cattle", 8), ("cowboy", 2)])
def test_a_board_decodes_to_exactly_its_pixels_and_colours(game: str, players: int) -> None:
    rules = games.get(game)
    state = rules.new_game(
        [f"p{i}" for i in range(players)],
        rng=SeededRng(3),
        **rules.seat_extras(list(range(1, players + 1))),
    )
    pick = random.Random(3)
    for ply in range(12):
        seat = rules.to_act(state)[0]
        action = pick.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, seat, action, rng=SeededRng(3, ply)).state
    board = _decoded(render.draw(game, state))
    again = _decoded(png.encode(board))
    assert again.mode == "P" and again.size == board.size
    assert again.tobytes() == board.tobytes()
    assert again.convert("RGB").tobytes() == board.convert("RGB").tobytes()


def test_a_short_palette_and_odd_sizes_survive() -> None:
    image = Image.new("P", (7, 3), 0)
    image.putpalette([255, 0, 0, 0, 128, 0, 10, 20, 30])
    image.putpixel((6, 2), 2)
    image.putpixel((0, 1), 1)
    out = _decoded(png.encode(image)).convert("RGB")
    assert out.getpixel((6, 2)) == (10, 20, 30)
    assert out.getpixel((0, 1)) == (0, 128, 0)
    assert out.getpixel((3, 0)) == (255, 0, 0)


def test_a_picture_many_times_larger_than_pillows_chunks_decodes_exactly() -> None:
    """Its bytes are taken in one piece, not 64 KiB at a time: every row arrives whole."""
    import random

    rng = random.Random(7)
    width, height = 1001, 377  # about 370 KiB, an odd width
    noise = Image.frombytes("P", (width, height), rng.randbytes(width * height))
    noise.putpalette(rng.randbytes(768))
    again = _decoded(png.encode(noise))
    assert again.size == noise.size
    assert again.tobytes() == noise.tobytes()
    assert again.getpalette() == noise.getpalette()


def test_pictures_that_are_not_plain_palette_ones_keep_what_they_have() -> None:
    rgba = Image.new("RGBA", (5, 5), (10, 20, 30, 40))
    assert _decoded(png.encode(rgba)).getpixel((2, 2)) == (10, 20, 30, 40)
    clear = Image.new("P", (4, 4), 1)
    clear.putpalette([0, 0, 0, 200, 100, 0])
    clear.info["transparency"] = 0
    clear.putpixel((0, 0), 0)
    out = _decoded(png.encode(clear)).convert("RGBA")
    assert out.getpixel((0, 0))[3] == 0 and out.getpixel((1, 1)) == (200, 100, 0, 255)


def test_boards_that_share_rows_with_earlier_ones_decode_exactly() -> None:
    """Bands of rows deflated for one board are reused by the next: each board a game shows,
    move after move, still decodes to exactly its own pixels, as does one changed in a
    single row, one whose rows repeat within it, and one whose height is no multiple of the
    band."""
    png._bands.clear()
    rules = games.get("cowboy")
    state = rules.new_game(["p0", "p1", "p2"], rng=SeededRng(5), **rules.seat_extras([1, 2, 3]))
    pick = random.Random(5)
    boards = []
    for ply in range(8):
        seat = rules.to_act(state)[0]
        action = pick.choice(rules.legal_actions(state, seat))
        previous = state
        state = rules.apply(state, seat, action, rng=SeededRng(5, ply)).state
        boards.append(_decoded(render.draw("cowboy", state, previous=previous, last=action)))
    assert png._bands, "bands were kept"
    for board in boards:
        assert _decoded(png.encode(board)).tobytes() == board.tobytes()
    changed = boards[-1].copy()
    changed.putpixel((changed.width // 2, png.BAND * 3 + 5), (changed.getpixel((0, 0)) + 1) % 8)
    assert _decoded(png.encode(changed)).tobytes() == changed.tobytes()
    stacked = Image.new("P", (boards[0].width, png.BAND * 5 + 3), 0)
    stacked.putpalette(boards[0].getpalette() or [])
    band = boards[0].crop((0, 0, boards[0].width, png.BAND))
    for i in range(5):
        stacked.paste(band, (0, i * png.BAND))
    assert _decoded(png.encode(stacked)).tobytes() == stacked.tobytes()


def test_pictures_of_other_widths_whose_rows_hold_the_same_bytes_decode_exactly() -> None:
    """The same bytes cut into rows of another width are other bands (each row has its filter
    byte in front): a band kept for one picture never stands in for another's."""
    png._bands.clear()
    pick = random.Random(8)
    data = bytes(pick.randrange(4) for _ in range(20 * 8))
    for width, height in ((20, 8), (10, 16), (40, 4), (8, 20)):
        image = Image.frombytes("P", (width, height), data)
        image.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])
        assert _decoded(png.encode(image)).tobytes() == data


def test_a_board_drawn_one_column_wider_is_sent_as_the_board_itself() -> None:
    """Boards are drawn one column to the right of their PNG rows' filter bytes: what is sent
    decodes to exactly the picture, even when a piece hung over its left edge (its overhang is
    cut off, as on a picture of the board's own size)."""
    from render.flat import Canvas, Palette
    from render.ground import Ground
    from render.layers import Layers

    pick = random.Random(7)
    colours = [(pick.randrange(256), pick.randrange(256), pick.randrange(256)) for _ in range(40)]
    ground = Image.new("RGB", (61, 37), colours[0])
    for _ in range(30):
        x, y = pick.randrange(61), pick.randrange(37)
        ground.paste(pick.choice(colours), (x, y, x + 7, y + 5))
    palette = Image.new("P", (1, 1))
    palette.putpalette([c for colour in colours for c in colour])
    piece = Image.new("RGBA", (9, 6), (*colours[5], 255))
    piece.putpixel((0, 0), (*colours[6], 128))  # soft: blended over what lies under it
    board = Layers(Ground(ground), palette)
    expected = ground.copy()
    for x, y in ((-1, 3), (-4, 20), (10, 10), (56, 33)):
        board.paste(piece, (x, y), piece)
        expected.paste(piece, (x, y), piece)
    sent = _decoded(board.png())
    assert sent.size == (61, 37)
    assert sent.tobytes() == board.image.tobytes()
    assert (
        sent.convert("RGB").tobytes()
        == expected.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB").tobytes()
    )

    flat = Palette(colours[:8], [(colours[0], colours[1])])
    canvas = Canvas(flat, (23, 11), colours[0])
    canvas.rect((-3, 2, 4, 8), colours[2])
    canvas.line((-2, 0, 6, 9), colours[3], 2)
    canvas.outline((15, 1, 22, 10), colours[4], 2)
    whole = Image.new("P", (23, 11), flat.ink(colours[0]))
    whole.putpalette(flat.flat)
    draw = ImageDraw.Draw(whole)
    draw.rectangle((-3, 2, 4, 8), fill=flat.ink(colours[2]))
    draw.line((-2, 0, 6, 9), fill=flat.ink(colours[3]), width=2)
    draw.rectangle((15, 1, 22, 10), outline=flat.ink(colours[4]), width=2)
    sent = _decoded(canvas.png())
    assert sent.tobytes() == whole.tobytes() == canvas.image.tobytes()


def test_a_filled_rectangle_is_the_one_pillow_draws_wherever_it_lies() -> None:
    """Boxes, panels and bars of the flat boards are drawn one column to the right, in the
    rows their PNG deflates: the same pixels as drawing them on the picture itself, corners
    included, over any edge, off the picture, a single pixel, or between pixels."""
    from render.flat import Canvas, Palette

    pick = random.Random(11)
    colours = [(pick.randrange(256), pick.randrange(256), pick.randrange(256)) for _ in range(8)]
    flat = Palette(colours, [(colours[0], colours[1])])
    boxes = [
        (2, 3, 9, 7),
        (-3, -2, 4, 5),
        (18, 6, 30, 14),
        (5, 9, 5, 9),
        (-9, 0, -2, 4),
        (24, 12, 40, 20),
        (3.5, 1.25, 10.75, 4.5),
        (0, 0, 22, 10),
    ]
    for k, box in enumerate(boxes):
        canvas = Canvas(flat, (23, 11), colours[0])
        canvas.rect(box, colours[1 + k % 7])
        whole = Image.new("P", (23, 11), flat.ink(colours[0]))
        whole.putpalette(flat.flat)
        ImageDraw.Draw(whole).rectangle(box, fill=flat.ink(colours[1 + k % 7]))
        assert canvas.image.tobytes() == whole.tobytes(), box
        assert _decoded(canvas.png()).tobytes() == whole.tobytes(), box
