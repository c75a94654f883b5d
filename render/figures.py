"""Figure sprites: one shape per role, filled with the player's colour.

Shapes carry the role and a mark (the player's number) carries the owner, so
that colour is never the only cue: a standing follower (thief, knight,
fisher, gatherer), the same figure lying down (farmer, hunter), a robed monk,
a hut, and the expansions' figures: the big follower (the same shapes, bigger,
with a second ring), the builder (a figure in a broad-brimmed hat) and the pig.
Every sprite has a black outline inside a white halo, so it shows
on fields, cities, snow and water alike; the mark is black or white,
whichever reads on the player's colour.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .text import text_sprite
from .theme import RGB, ink_on

#: Role -> shape.
SHAPES = {
    "thief": "standing", "knight": "standing", "fisher": "standing", "gatherer": "standing",
    "farmer": "lying", "hunter": "lying", "monk": "monk", "hut": "hut",
    "builder": "builder", "pig": "pig",
}
#: How much bigger a big follower is drawn than a follower (IC-2).
BIG_SCALE = 1.3

_MEEPLE_BODY = [(-0.22, -0.42), (0.22, -0.42), (0.82, -0.2), (0.9, 0.04), (0.36, 0.06),
                (0.62, 0.86), (0.62, 0.96), (0.14, 0.96), (0.0, 0.6), (-0.14, 0.96),
                (-0.62, 0.96), (-0.62, 0.86), (-0.36, 0.06), (-0.9, 0.04), (-0.82, -0.2)]
_MONK_ROBE = [(-0.3, -0.4), (0.3, -0.4), (0.55, 0.2), (0.72, 0.96), (-0.72, 0.96),
              (-0.55, 0.2)]
_HUT = [(-0.95, 0.0), (0.0, -0.9), (0.95, 0.0), (0.72, 0.0), (0.72, 0.92), (-0.72, 0.92),
        (-0.72, 0.0)]

_BUILDER_BODY = [(-0.25, -0.25), (0.25, -0.25), (0.7, 0.0), (0.7, 0.2), (0.3, 0.15),
                 (0.45, 0.96), (-0.45, 0.96), (-0.3, 0.15), (-0.7, 0.2), (-0.7, 0.0)]

_SUPERSAMPLE = 4


def shape_of(role: str) -> str:
    return SHAPES.get(role, "standing")


def _silhouette(shape: str, side: int) -> Image.Image:
    """A white-on-black mask of ``shape`` filling about 80% of a ``side`` square."""
    mask = Image.new("L", (side, side), 0)
    draw = ImageDraw.Draw(mask)
    half = side / 2
    r = side * 0.4

    def place(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(half + x * r, half + y * r) for x, y in points]

    if shape in ("standing", "lying"):
        draw.polygon(place(_MEEPLE_BODY), fill=255)
        draw.ellipse((half - 0.3 * r, half - 0.98 * r, half + 0.3 * r, half - 0.38 * r), fill=255)
        if shape == "lying":
            mask = mask.rotate(90, resample=Image.Resampling.BICUBIC)
            # A lying figure is flatter: squeeze it so it reads as lying down.
            squashed = mask.resize((side, round(side * 0.8)), Image.Resampling.BICUBIC)
            mask = Image.new("L", (side, side), 0)
            mask.paste(squashed, (0, round(side * 0.1)))
    elif shape == "monk":
        draw.polygon(place(_MONK_ROBE), fill=255)
        draw.ellipse((half - 0.32 * r, half - 0.98 * r, half + 0.32 * r, half - 0.34 * r),
                     fill=255)
        draw.polygon(place([(-0.34, -0.62), (0.0, -1.1), (0.34, -0.62)]), fill=255)  # hood
    elif shape == "builder":
        draw.polygon(place(_BUILDER_BODY), fill=255)
        draw.ellipse((half - 0.28 * r, half - 0.78 * r, half + 0.28 * r, half - 0.22 * r),
                     fill=255)
        draw.rectangle((half - 0.7 * r, half - 0.82 * r, half + 0.7 * r, half - 0.66 * r),
                       fill=255)  # the hat's brim
        draw.rectangle((half - 0.32 * r, half - 1.08 * r, half + 0.32 * r, half - 0.7 * r),
                       fill=255)  # the hat's crown
    elif shape == "pig":
        draw.ellipse((half - 0.95 * r, half - 0.45 * r, half + 0.6 * r, half + 0.55 * r),
                     fill=255)
        draw.ellipse((half + 0.3 * r, half - 0.55 * r, half + 0.98 * r, half + 0.15 * r),
                     fill=255)  # the head
        draw.polygon(place([(0.4, -0.45), (0.5, -0.9), (0.72, -0.5)]), fill=255)  # an ear
        for x in (-0.7, -0.35, 0.05, 0.35):
            draw.rectangle((half + x * r, half + 0.3 * r, half + (x + 0.2) * r, half + 0.85 * r),
                           fill=255)
    else:  # hut
        draw.polygon(place(_HUT), fill=255)
    return mask


#: Where the mark sits on each shape, and how tall its digits are (unit: the
#: sprite's half side); chosen so the mark fills the figure's torso.
_MARK_AT = {"standing": (0.0, 0.12, 0.62), "lying": (0.1, 0.0, 0.5),
            "monk": (0.0, 0.38, 0.6), "hut": (0.0, 0.42, 0.6), "builder": (0.0, 0.45, 0.55),
            "pig": (-0.15, 0.1, 0.5)}


@lru_cache(maxsize=512)
def figure_sprite(role: str, colour: RGB, size: int, mark: str = "", *,
                  big: bool = False) -> Image.Image:
    """An RGBA sprite of a figure of ``role`` in ``colour``, ``size`` px
    square, with ``mark`` (the player's number) written on its body. A ``big``
    follower has a second black ring round its white halo: with its size, it
    tells it from a follower without colour (IC-2)."""
    side = size * _SUPERSAMPLE
    shape = shape_of(role)
    body = _silhouette(shape, side)
    if big:  # leave room for the second ring
        body = body.resize((round(side * 0.84),) * 2, Image.Resampling.BICUBIC)
        framed = Image.new("L", (side, side), 0)
        framed.paste(body, ((side - body.width) // 2,) * 2)
        body = framed
    line = max(1, round(side * 0.035))
    outline = body.filter(ImageFilter.MaxFilter(_odd(line * 2 + 1)))
    halo = outline.filter(ImageFilter.MaxFilter(_odd(line * 2 + 1)))
    sprite = Image.new("RGBA", (side, side), (255, 255, 255, 0))
    if big:
        ring = halo.filter(ImageFilter.MaxFilter(_odd(line * 2 + 1)))
        sprite.paste((255, 255, 255, 255), (0, 0),
                     ring.filter(ImageFilter.MaxFilter(_odd(line + 1))))
        sprite.paste((0, 0, 0, 255), (0, 0), ring)
    sprite.paste((255, 255, 255, 255), (0, 0), halo)
    sprite.paste((0, 0, 0, 255), (0, 0), outline)
    sprite.paste(colour + (255,), (0, 0), body)
    if shape == "hut" and not mark:
        door = Image.new("L", (side, side), 0)
        d = ImageDraw.Draw(door)
        half, r = side / 2, side * 0.4
        d.rectangle((half - 0.2 * r, half + 0.35 * r, half + 0.2 * r, half + 0.92 * r), fill=255)
        sprite.paste((0, 0, 0, 255), (0, 0), ImageChops.multiply(door, body))
    if mark:
        _write_mark(sprite, body, shape, mark, colour)
    return sprite.resize((size, size), Image.Resampling.LANCZOS)


def _write_mark(sprite: Image.Image, body: Image.Image, shape: str, mark: str,
                colour: RGB) -> None:
    """The mark, centred on the figure's torso, kept inside its body. A lying figure's
    torso is too thin for a digit (its arms and legs cut a "2" or a "5" into pieces),
    so there the mark stands on a disc of the player's colour."""
    side = sprite.width
    dx, dy, height = _MARK_AT[shape]
    half = side / 2
    glyph = text_sprite(mark, round(height * half * 1.25), ink_on(colour))
    box = glyph.ink
    if box is None:
        return
    ink = glyph.image.crop(box)
    cx, cy = half + dx * half, half + dy * half
    left = round(cx - ink.width / 2)
    top = round(cy - ink.height / 2)
    layer = Image.new("RGBA", sprite.size, (0, 0, 0, 0))
    layer.paste(ink, (left, top))
    if shape == "lying":
        radius = max(ink.width, ink.height) * 0.75
        ImageDraw.Draw(sprite).ellipse((cx - radius, cy - radius, cx + radius, cy + radius),
                                       fill=colour + (255,))
    else:
        layer.putalpha(ImageChops.multiply(layer.getchannel("A"), body))
    sprite.alpha_composite(layer)


def _odd(n: int) -> int:
    return n if n % 2 else n + 1
