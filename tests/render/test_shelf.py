"""Pieces put away deflated come back exactly as they went, and the shelf stays bounded."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.shelf import Kept, Shelf


def _picture(seed: int) -> Image.Image:
    image = Image.new("P", (90, 40), 0)
    image.putpalette([(k * 7 + seed) % 256 for k in range(768)])
    ImageDraw.Draw(image).text((4, 4), f"range {seed}", fill=seed % 256)
    return image


def test_a_piece_comes_back_byte_for_byte_with_its_palette() -> None:
    shelf = Shelf(4)
    original = _picture(3)
    shelf.put("deal", original)
    back = shelf.get("deal")
    assert back is not None and back is not original
    assert (back.mode, back.size) == (original.mode, original.size)
    assert back.tobytes() == original.tobytes()
    assert back.getpalette() == original.getpalette()
    assert back.convert("RGB").tobytes() == original.convert("RGB").tobytes()


def test_what_is_done_to_a_piece_after_it_is_put_away_does_not_reach_the_shelf() -> None:
    shelf = Shelf(4)
    original = _picture(5)
    kept = original.tobytes()
    shelf.put("deal", original)
    original.paste(9, (0, 0, 90, 40))
    taken = shelf.get("deal")
    assert taken is not None and taken.tobytes() == kept
    taken.paste(1, (0, 0, 90, 40))
    again = shelf.get("deal")
    assert again is not None and again.tobytes() == kept


def test_the_least_recently_used_piece_goes_first() -> None:
    shelf = Shelf(2)
    shelf.put("a", _picture(1))
    shelf.put("b", _picture(2))
    assert shelf.get("a") is not None  # "a" is now the newest
    shelf.put("c", _picture(3))
    assert len(shelf) == 2
    assert "b" not in shelf and shelf.get("b") is None
    assert "a" in shelf and "c" in shelf


def test_a_full_colour_piece_comes_back_too() -> None:
    shelf = Shelf(1)
    original = _picture(7).convert("RGB")
    shelf.put(("card", 1), original)
    back = shelf.get(("card", 1))
    assert back is not None and back.mode == "RGB"
    assert back.tobytes() == original.tobytes()


def test_a_kept_piece_is_built_once_and_taken_back_from_the_shelf_rather_than_built_again() -> None:
    kept = Kept(drawn=1, shelved=4)
    built: list[int] = []

    def build(seed: int):
        def make() -> Image.Image:
            built.append(seed)
            return _picture(seed)

        return make

    first = kept.get("a", build(1))
    assert kept.get("a", build(1)) is first  # kept as drawn
    kept.get("b", build(2))  # "a" leaves the drawn cache for the shelf
    assert "a" in kept.shelf
    back = kept.get("a", build(1))
    assert built == [1, 2], "nothing was built again"
    assert back.tobytes() == first.tobytes() and back.getpalette() == first.getpalette()
