"""Animations of a whole match: board pictures joined into one GIF.

Every board picture is a palette image of at most 256 colours, so a GIF keeps each frame
exactly (each frame carries its own palette): the last frame is the final board, pixel for
pixel. Pictures whose size differs from the final board's are fitted onto
its canvas. Pillow stores only the part of each frame that changed since the one before, which
keeps a long match small; ``fit`` drops frames evenly (never the first or the last) until the
file fits the size given.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image

#: milliseconds each move stays on screen, and the final board
FRAME_MS = 700
LAST_MS = 4000


def gif(
    frames: Sequence[Image.Image], *, frame_ms: int = FRAME_MS, last_ms: int = LAST_MS
) -> bytes:
    """One GIF of ``frames``, looping, the last one held longer; every frame takes the last
    one's size (the final board is kept exactly)."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    size = frames[-1].size
    prepared = [_paletted(_fitted(f, size)) for f in frames]
    durations = [frame_ms] * (len(prepared) - 1) + [last_ms]
    out = io.BytesIO()
    prepared[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=prepared[1:],
        duration=durations,
        loop=0,
        disposal=1,
        optimize=False,
    )
    return out.getvalue()


def _fitted(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``image`` on a canvas of ``size`` (the final board's): a smaller picture is padded with
    its own background (its bottom-left pixel), a larger one scaled down to fit, centred."""
    if image.size == size:
        return image
    if image.mode == "P" and image.width <= size[0] and image.height <= size[1]:
        # padding keeps the picture's own palette: no colour changes, no quantizing
        canvas = Image.new("P", size, image.getpixel((0, image.height - 1)))
        canvas.putpalette(image.getpalette() or [])
        canvas.paste(image, ((size[0] - image.width) // 2, 0))
        return canvas
    rgb = image.convert("RGB")
    scale = min(1.0, size[0] / rgb.width, size[1] / rgb.height)
    if scale < 1.0:
        shape = (max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale)))
        rgb = rgb.resize(shape, Image.Resampling.LANCZOS)
    background = image.convert("RGB").getpixel((0, image.height - 1))
    canvas = Image.new("RGB", size, background)
    canvas.paste(rgb, ((size[0] - rgb.width) // 2, 0))
    if image.mode == "P":
        # back onto the picture's own colours (quick: no new palette to work out)
        return canvas.quantize(palette=image, dither=Image.Dither.NONE)
    return canvas


def _paletted(image: Image.Image) -> Image.Image:
    """A palette image with exactly the picture's colours (a picture of more than 256
    colours is reduced to 256)."""
    if image.mode == "P" and "transparency" not in image.info:
        return image
    rgb = image.convert("RGB")
    if rgb.getcolors(256) is not None:
        method = Image.Quantize.MAXCOVERAGE
        return rgb.quantize(colors=256, method=method, dither=Image.Dither.NONE)
    return rgb.quantize(colors=256, dither=Image.Dither.NONE)


def pick(count: int, keep: int) -> list[int]:
    """``keep`` indexes out of ``range(count)``, spread evenly, always the first and last."""
    if count <= keep:
        return list(range(count))
    if keep <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (keep - 1)) for i in range(keep)})


def fit(
    frames: Sequence[Image.Image],
    limit: int,
    *,
    encode: Callable[[Sequence[Image.Image]], bytes] = gif,
) -> tuple[bytes, int]:
    """The animation of as many of ``frames`` as fit in ``limit`` bytes, and how many were
    kept (a file too big is tried again with fewer frames, in proportion, with a margin)."""
    chosen = list(range(len(frames)))
    while True:
        data = encode([frames[i] for i in chosen])
        if len(data) <= limit or len(chosen) <= 2:
            return data, len(chosen)
        share = min(0.85, 0.9 * limit / len(data))
        keep = pick(len(chosen), max(2, int(len(chosen) * share)))
        chosen = [chosen[i] for i in keep]


def frames_of(pictures: Sequence[bytes]) -> list[Image.Image]:
    out: list[Image.Image] = []
    for data in pictures:
        image = Image.open(io.BytesIO(data))
        image.load()
        out.append(image)
    return out
