"""Shared picture helpers: caches built once under concurrent first use, fixed palettes, text
drawn from cached words."""

from __future__ import annotations

import threading
import time

import pytest
from PIL import Image, ImageChops, ImageDraw

import render
from render.common import build_once, draw_text, font, length
from render.layers import reduce


def test_threads_asking_at_once_build_a_cached_value_once() -> None:
    calls = []

    @build_once
    def slow(n: int) -> list[int]:
        calls.append(n)
        time.sleep(0.05)
        return [n]

    results: list[list[int]] = []
    threads = [threading.Thread(target=lambda: results.append(slow(3))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert calls == [3]
    assert all(r is results[0] for r in results)
    assert slow(4) == [4] and calls == [3, 4]


def test_fonts_are_shared() -> None:
    assert font(24, True) is font(24, True)
    assert font(24) is not font(24, True)


def test_a_fixed_palette_keeps_exact_colours_and_maps_others_to_the_nearest() -> None:
    pal = Image.new("P", (1, 1))
    pal.putpalette([255, 0, 0, 0, 0, 255] + [255, 255, 255] * 254)
    img = Image.new("RGB", (4, 1), (255, 255, 255))
    img.putpixel((0, 0), (250, 5, 5))
    img.putpixel((1, 0), (0, 0, 255))
    out = reduce(img, pal).convert("RGB")
    assert [out.getpixel((x, 0)) for x in range(4)] == [
        (255, 0, 0),
        (0, 0, 255),
        (255, 255, 255),
        (255, 255, 255),
    ]


def test_warm_takes_chosen_games_and_refuses_unknown_ones() -> None:
    render.warm(["farm"])
    with pytest.raises(KeyError, match="nonesuch"):
        render.warm(["nonesuch"])


def test_a_one_off_piece_leaves_nothing_behind_in_the_palette_cache() -> None:
    """A move's arrow is drawn once: once its own cache lets it go, the palette cache neither
    keeps it alive nor keeps patches made with it, or a long-running bot would grow with every
    move."""
    import gc
    import weakref

    from render import layers
    from render.ground import Ground

    palette = Image.new("P", (1, 1))
    palette.putpalette([0, 0, 0, 255, 255, 255, 200, 30, 30, 10, 20, 30] + [0] * 756)
    ground = Ground(Image.new("RGB", (40, 40), (10, 20, 30)))
    kept = Image.new("RGBA", (12, 12), (255, 255, 255, 128))  # soft, held by its cache
    arrow = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    arrow.paste((200, 30, 30, 255), (4, 4, 16, 16))
    board = layers.Layers(ground, palette)
    board.paste(arrow, (5, 5), arrow)
    board.paste(kept, (10, 10), kept)  # blended over the arrow
    assert board.image.getpixel((9, 9)) == 2  # the arrow's red, through its own mask
    gone = weakref.ref(arrow)
    del arrow, board
    gc.collect()
    assert gone() is None, "the palette cache kept the piece alive"
    probe = Image.new("RGBA", (2, 2), (255, 255, 255, 128))
    layers.Layers(ground, palette).paste(probe, (0, 0), probe)  # the next patch kept sweeps up
    dead = [k for k, (refs, _) in layers._cache.items() if any(r() is None for r in refs)]
    assert dead == []


@pytest.mark.parametrize("anchor", ["la", "lm", "ls", "mm"])
def test_a_line_drawn_from_cached_words_is_the_line_pillow_draws(anchor: str) -> None:
    lines = [
        "Wyatt roped 3 steers at c4 and moved to d5, Bob's fence went down.",
        "12/20 steers · 3 fences  (you)",
        "Žofia Ærø: +2 ×3 — just in time",
        "a\u0301b cowboy \u0301c",  # a mark opening a word belongs to the space before it
        "Ελένη and Дмитрий 日本 🎲",
        "שלום Alice and עולם",  # right-to-left words change places: drawn whole
    ]
    for size, bold in ((18, False), (24, True), (27, False)):
        f = font(size, bold)
        for text in lines:
            for x in (0, 3, 7.25, 11.5):
                width = int(f.getlength(text)) + 24
                expected = Image.new("RGB", (width, 64), (250, 246, 236))
                ImageDraw.Draw(expected).text(
                    (x, 30), text, font=f, fill=(33, 33, 33), anchor=anchor
                )
                for _ in range(2):  # the second time from the cache
                    drawn = Image.new("RGB", (width, 64), (250, 246, 236))
                    draw_text(drawn, (x, 30), text, f, (33, 33, 33), anchor)
                    assert ImageChops.difference(expected, drawn).getbbox() is None, (text, x)
                assert length(f, text) == f.getlength(text)
