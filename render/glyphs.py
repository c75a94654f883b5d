"""Small pictures drawn onto tiles: pennants, goods, animals, buildings.

Each function draws one glyph centred on (cx, cy) within radius ``r``, in
pixels of the (supersampled) tile image. Shapes are bold and few so that they
still read at phone size; colour is backed up by shape throughout.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PIL import ImageDraw

from .theme import RGB, Theme

INK: RGB = (30, 26, 22)
WHITE: RGB = (255, 255, 255)


def _poly(points: Iterable[tuple[float, float]], cx: float, cy: float,
          r: float) -> list[tuple[float, float]]:
    """Points given in a [-1, 1] box, placed at (cx, cy) with radius r."""
    return [(cx + x * r, cy + y * r) for x, y in points]


def circle(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
           outline: RGB | None = None, width: int = 1) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


def pennant(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """A coat of arms: a shield with a white rim and a white cross-stripe."""
    shield = [(-0.8, -0.95), (0.8, -0.95), (0.8, 0.1), (0, 1.0), (-0.8, 0.1)]
    line = max(1, round(r * 0.16))
    draw.polygon(_poly(shield, cx, cy, r), fill=theme.pennant, outline=WHITE, width=line)
    draw.line(_poly([(-0.55, -0.25), (0.55, -0.25)], cx, cy, r), fill=WHITE, width=line)


def gold(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    nugget = [(-0.9, 0.2), (-0.5, -0.6), (0.1, -0.85), (0.8, -0.4), (0.95, 0.3),
              (0.4, 0.8), (-0.4, 0.75)]
    draw.polygon(_poly(nugget, cx, cy, r), fill=(242, 193, 46), outline=(120, 85, 10),
                 width=max(1, round(r * 0.14)))
    draw.polygon(_poly([(-0.35, -0.35), (0.05, -0.55), (0.2, -0.2), (-0.2, -0.05)], cx, cy, r),
                 fill=(255, 236, 150))


def mushrooms(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    draw.rectangle((cx - 0.25 * r, cy - 0.1 * r, cx + 0.25 * r, cy + 0.9 * r),
                   fill=(243, 233, 210), outline=INK, width=max(1, round(r * 0.1)))
    draw.pieslice((cx - r, cy - 0.9 * r, cx + r, cy + 0.7 * r), 180, 360, fill=(208, 52, 44),
                  outline=INK, width=max(1, round(r * 0.1)))
    for dx, dy in ((-0.5, -0.3), (0.1, -0.6), (0.55, -0.25)):
        circle(draw, cx + dx * r, cy + dy * r, r * 0.14, WHITE)


def fish(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """One fish, swimming east."""
    draw.ellipse((cx - r, cy - 0.5 * r, cx + 0.5 * r, cy + 0.5 * r), fill=WHITE)
    draw.polygon([(cx + 0.3 * r, cy), (cx + r, cy - 0.5 * r), (cx + r, cy + 0.5 * r)],
                 fill=WHITE)
    circle(draw, cx - 0.55 * r, cy - 0.08 * r, r * 0.12, theme.river_edge)


def _legs(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, xs: Iterable[float],
          top: float, bottom: float, colour: RGB, width: int) -> None:
    for x in xs:
        draw.line([(cx + x * r, cy + top * r), (cx + x * r, cy + bottom * r)], fill=colour,
                  width=width)


def deer(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    body, dark = (168, 104, 48), (70, 42, 18)
    w = max(1, round(r * 0.16))
    _legs(draw, cx, cy, r, (-0.5, -0.3, 0.3, 0.5), 0.1, 0.95, dark, w)
    draw.ellipse(_poly([(-0.75, -0.25), (0.6, 0.35)], cx, cy, r), fill=body, outline=dark,
                 width=max(1, w // 2))
    draw.polygon(_poly([(0.35, -0.1), (0.55, -0.6), (0.75, -0.55), (0.6, 0.0)], cx, cy, r),
                 fill=body)
    draw.ellipse(_poly([(0.5, -0.75), (0.95, -0.45)], cx, cy, r), fill=body, outline=dark,
                 width=max(1, w // 2))
    for points in ([(0.6, -0.72), (0.45, -1.0)], [(0.52, -0.92), (0.35, -0.98)],
                   [(0.75, -0.74), (0.85, -1.0)]):
        draw.line(_poly(points, cx, cy, r), fill=dark, width=w)
    circle(draw, cx - 0.72 * r, cy - 0.15 * r, r * 0.12, WHITE)  # tail


def mammoth(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    body, dark = (120, 96, 80), (50, 38, 30)
    w = max(1, round(r * 0.22))
    _legs(draw, cx, cy, r, (-0.55, -0.25, 0.2, 0.45), 0.2, 0.95, body, w + 1)
    draw.chord(_poly([(-0.9, -0.75), (0.75, 0.6)], cx, cy, r), 180, 360, fill=body)
    draw.rectangle(_poly([(-0.9, -0.1), (0.75, 0.35)], cx, cy, r), fill=body)
    draw.ellipse(_poly([(0.35, -0.7), (1.0, 0.05)], cx, cy, r), fill=body)
    draw.line(_poly([(0.85, -0.1), (0.95, 0.5), (0.8, 0.8)], cx, cy, r), fill=body, width=w,
              joint="curve")  # trunk
    draw.arc(_poly([(0.3, -0.2), (1.1, 0.6)], cx, cy, r), 20, 160, fill=(245, 240, 225),
             width=max(1, round(r * 0.14)))  # tusk
    circle(draw, cx + 0.7 * r, cy - 0.42 * r, r * 0.09, dark)


def tiger(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    body, dark = (235, 130, 30), (25, 20, 15)
    w = max(1, round(r * 0.18))
    _legs(draw, cx, cy, r, (-0.55, -0.35, 0.3, 0.5), 0.1, 0.9, body, w + 1)
    draw.ellipse(_poly([(-0.8, -0.3), (0.55, 0.35)], cx, cy, r), fill=body)
    draw.ellipse(_poly([(0.3, -0.65), (0.95, 0.0)], cx, cy, r), fill=body)
    draw.polygon(_poly([(0.38, -0.5), (0.45, -0.85), (0.6, -0.55)], cx, cy, r), fill=body)
    draw.polygon(_poly([(0.68, -0.55), (0.85, -0.85), (0.9, -0.45)], cx, cy, r), fill=body)
    draw.line(_poly([(-0.75, -0.05), (-1.0, -0.6)], cx, cy, r), fill=body, width=w)
    for x in (-0.5, -0.2, 0.1, 0.35):
        draw.line(_poly([(x, -0.3), (x + 0.12, 0.05)], cx, cy, r), fill=dark,
                  width=max(1, round(r * 0.12)))
    circle(draw, cx + 0.75 * r, cy - 0.35 * r, r * 0.08, dark)


def aurochs(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    body, horn = (40, 30, 26), (245, 238, 220)
    w = max(1, round(r * 0.2))
    _legs(draw, cx, cy, r, (-0.55, -0.3, 0.25, 0.45), 0.1, 0.95, body, w + 1)
    draw.ellipse(_poly([(-0.9, -0.45), (0.6, 0.4)], cx, cy, r), fill=body)
    draw.ellipse(_poly([(0.35, -0.45), (0.95, 0.15)], cx, cy, r), fill=body)
    draw.arc(_poly([(0.2, -1.0), (0.8, -0.2)], cx, cy, r), 200, 340, fill=horn, width=w)
    draw.arc(_poly([(0.55, -1.0), (1.15, -0.2)], cx, cy, r), 200, 340, fill=horn, width=w)


def critter(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """The Winter Edition's decoration: a red fox sitting in the snow."""
    body, dark = (214, 96, 30), (60, 30, 12)
    draw.ellipse(_poly([(-0.6, -0.2), (0.4, 0.95)], cx, cy, r), fill=body)
    draw.ellipse(_poly([(-0.35, -0.85), (0.35, -0.15)], cx, cy, r), fill=body)
    draw.polygon(_poly([(-0.3, -0.65), (-0.3, -1.05), (-0.05, -0.75)], cx, cy, r), fill=body)
    draw.polygon(_poly([(0.05, -0.75), (0.3, -1.05), (0.3, -0.65)], cx, cy, r), fill=body)
    draw.chord(_poly([(0.0, 0.3), (1.1, 1.0)], cx, cy, r), 0, 360, fill=body)
    circle(draw, cx + 0.95 * r, cy + 0.65 * r, r * 0.16, WHITE)
    draw.polygon(_poly([(-0.2, -0.35), (0.2, -0.35), (0.0, -0.1)], cx, cy, r), fill=WHITE)
    circle(draw, cx, cy - 0.12 * r, r * 0.07, dark)


def volcano(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    draw.polygon(_poly([(-1.0, 0.9), (-0.3, -0.35), (0.3, -0.35), (1.0, 0.9)], cx, cy, r),
                 fill=(105, 78, 60), outline=INK, width=max(1, round(r * 0.06)))
    draw.polygon(_poly([(-0.3, -0.35), (0.3, -0.35), (0.18, -0.15), (0.05, 0.3), (-0.1, -0.1)],
                       cx, cy, r), fill=(232, 70, 24))
    draw.line(_poly([(0.0, -0.3), (0.12, 0.1), (0.0, 0.55)], cx, cy, r), fill=(250, 160, 30),
              width=max(1, round(r * 0.1)))
    for dx, dy, k in ((-0.1, -0.6, 0.2), (0.15, -0.8, 0.17), (-0.05, -0.95, 0.13)):
        circle(draw, cx + dx * r, cy + dy * r, r * k, (170, 170, 170))


def fire(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    outer = [(0, -1.0), (0.45, -0.35), (0.7, 0.15), (0.55, 0.7), (0, 0.95), (-0.55, 0.7),
             (-0.7, 0.15), (-0.35, -0.2), (-0.2, -0.55)]
    inner = [(0.05, -0.35), (0.35, 0.2), (0.25, 0.65), (0, 0.8), (-0.3, 0.6), (-0.3, 0.15)]
    draw.polygon(_poly(outer, cx, cy, r), fill=(226, 60, 20), outline=INK,
                 width=max(1, round(r * 0.07)))
    draw.polygon(_poly(inner, cx, cy, r), fill=(252, 200, 40))


def dolmen(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    stone, dark = (150, 150, 145), (60, 60, 58)
    w = max(1, round(r * 0.07))
    for x0 in (-0.75, 0.35):
        draw.rectangle(_poly([(x0, -0.35), (x0 + 0.4, 0.9)], cx, cy, r), fill=stone,
                       outline=dark, width=w)
    draw.polygon(_poly([(-1.0, -0.3), (-0.9, -0.75), (0.95, -0.7), (1.0, -0.3)], cx, cy, r),
                 fill=stone, outline=dark, width=w)


def spring(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    circle(draw, cx, cy, r, theme.river, outline=theme.river_edge, width=max(1, round(r * 0.2)))
    circle(draw, cx, cy, r * 0.45, (200, 230, 255))


def cloister(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """A chapel seen from the front: walls, a pitched roof, a door, a cross."""
    w = max(1, round(r * 0.07))
    draw.rectangle(_poly([(-0.75, -0.2), (0.75, 0.95)], cx, cy, r), fill=theme.cloister_wall,
                   outline=INK, width=w)
    draw.polygon(_poly([(-0.95, -0.15), (0, -0.8), (0.95, -0.15)], cx, cy, r),
                 fill=theme.cloister_roof, outline=INK, width=w)
    draw.line(_poly([(0, -0.8), (0, -1.05)], cx, cy, r), fill=INK, width=w)
    draw.line(_poly([(-0.12, -0.95), (0.12, -0.95)], cx, cy, r), fill=INK, width=w)
    draw.chord(_poly([(-0.22, 0.35), (0.22, 0.8)], cx, cy, r), 180, 360, fill=INK)
    draw.rectangle(_poly([(-0.22, 0.57), (0.22, 0.95)], cx, cy, r), fill=INK)
    circle(draw, cx, cy + 0.1 * r, r * 0.13, INK)


def house(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """A little house: the roofs that fill a city."""
    draw.rectangle(_poly([(-0.6, -0.1), (0.6, 0.8)], cx, cy, r), fill=theme.cloister_wall)
    draw.polygon(_poly([(-0.85, 0.0), (0, -0.8), (0.85, 0.0)], cx, cy, r), fill=theme.city_roof)


def tree(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    draw.polygon(_poly([(0, -1.0), (0.75, 0.55), (-0.75, 0.55)], cx, cy, r),
                 fill=theme.forest_mark)
    draw.rectangle(_poly([(-0.12, 0.55), (0.12, 0.95)], cx, cy, r), fill=(70, 50, 30))


def junction(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """Where three or four roads meet: a small square (a village well)."""
    draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=theme.road_edge)
    draw.rectangle((cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5), fill=theme.road)


def dead_end(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    circle(draw, cx, cy, r, theme.road_edge)


def inn(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """The inn on the lake (Inns & Cathedrals): a blue pond with a house on its
    shore, a red roof, so it reads as neither a plain house nor a lake tile."""
    w = max(1, round(r * 0.1))
    draw.ellipse(_poly([(-1.0, 0.05), (0.35, 0.95)], cx, cy, r), fill=theme.lake,
                 outline=theme.river_edge, width=w)
    draw.rectangle(_poly([(-0.05, -0.3), (0.9, 0.55)], cx, cy, r), fill=(245, 232, 200),
                   outline=INK, width=w)
    draw.polygon(_poly([(-0.2, -0.25), (0.42, -0.95), (1.05, -0.25)], cx, cy, r),
                 fill=(190, 52, 40), outline=INK, width=w)
    draw.rectangle(_poly([(0.3, 0.15), (0.55, 0.55)], cx, cy, r), fill=INK)


def cathedral(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """A cathedral (Inns & Cathedrals): a nave with two spired towers, bigger and
    paler than a cloister, with a round window."""
    w = max(1, round(r * 0.08))
    stone, roof = (236, 226, 204), (92, 96, 120)
    draw.rectangle(_poly([(-0.55, -0.2), (0.55, 0.95)], cx, cy, r), fill=stone, outline=INK,
                   width=w)
    for x0, x1 in ((-0.95, -0.5), (0.5, 0.95)):
        draw.rectangle(_poly([(x0, -0.45), (x1, 0.95)], cx, cy, r), fill=stone, outline=INK,
                       width=w)
        draw.polygon(_poly([(x0 - 0.05, -0.45), ((x0 + x1) / 2, -1.05), (x1 + 0.05, -0.45)],
                           cx, cy, r), fill=roof, outline=INK, width=w)
    draw.polygon(_poly([(-0.55, -0.2), (0, -0.65), (0.55, -0.2)], cx, cy, r), fill=roof,
                 outline=INK, width=w)
    circle(draw, cx, cy + 0.15 * r, r * 0.2, (70, 110, 190), outline=INK, width=w)
    draw.rectangle(_poly([(-0.15, 0.5), (0.15, 0.95)], cx, cy, r), fill=INK)


def wine(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """Wine (Traders & Builders): a bunch of grapes on a white disc."""
    w = max(1, round(r * 0.1))
    circle(draw, cx, cy, r, WHITE, outline=INK, width=w)
    for dx, dy in ((-0.36, -0.3), (0.0, -0.3), (0.36, -0.3), (-0.18, 0.02), (0.18, 0.02),
                   (0.0, 0.34)):
        circle(draw, cx + dx * r, cy + dy * r, r * 0.2, (112, 38, 120), outline=INK, width=1)
    draw.line(_poly([(0.0, -0.5), (0.15, -0.8)], cx, cy, r), fill=(60, 110, 40), width=w * 2)


def grain(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """Grain (Traders & Builders): a sheaf, three ears bound in the middle."""
    w = max(1, round(r * 0.1))
    circle(draw, cx, cy, r, WHITE, outline=INK, width=w)
    ear = (214, 164, 40)
    for angle in (-0.35, 0.0, 0.35):
        tx, ty = math.sin(angle) * 0.7, -math.cos(angle) * 0.7
        draw.line([(cx, cy + 0.75 * r), (cx + tx * r, cy + ty * r)], fill=(150, 110, 30),
                  width=w * 2)
        draw.ellipse((cx + (tx - 0.14) * r, cy + (ty - 0.25) * r, cx + (tx + 0.14) * r,
                      cy + (ty + 0.25) * r), fill=ear, outline=INK, width=1)
    draw.line(_poly([(-0.25, 0.2), (0.25, 0.2)], cx, cy, r), fill=INK, width=w * 2)


def cloth(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, theme: Theme) -> None:
    """Cloth (Traders & Builders): a bolt of blue cloth, its end unrolled."""
    w = max(1, round(r * 0.1))
    circle(draw, cx, cy, r, WHITE, outline=INK, width=w)
    blue = (52, 96, 178)
    draw.polygon(_poly([(-0.2, -0.1), (0.7, 0.25), (0.55, 0.7), (-0.25, 0.45)], cx, cy, r),
                 fill=(130, 165, 225), outline=INK, width=1)
    draw.ellipse(_poly([(-0.75, -0.6), (0.05, 0.45)], cx, cy, r), fill=blue, outline=INK,
                 width=w)
    circle(draw, cx - 0.35 * r, cy - 0.08 * r, r * 0.14, (230, 236, 250))


GOODS = {
    "pennants": pennant, "gold": gold, "mushrooms": mushrooms, "deer": deer,
    "mammoth": mammoth, "tiger": tiger, "aurochs": aurochs, "volcano": volcano,
    "fire": fire, "dolmen": dolmen, "critter": critter, "inn": inn, "cathedral": cathedral,
    "wine": wine, "grain": grain, "cloth": cloth,
}


#: Goods drawn on a round token, as printed on the tiles: animals are
#: figures' size and some share a player's colour, so the token (a pale
#: disc with a thin rim, and no white halo) tells them from figures.
TOKENS = {"deer", "mammoth", "tiger", "aurochs", "critter"}
TOKEN: RGB = (246, 240, 222)


def draw_good(draw: ImageDraw.ImageDraw, what: str, cx: float, cy: float, r: float,
              theme: Theme) -> None:
    """Draw good ``what``; an unknown one shows its initial in a disc."""
    painter = GOODS.get(what)
    if painter is not None:
        if what in TOKENS:
            circle(draw, cx, cy, r * 1.12, TOKEN, outline=(120, 104, 80),
                    width=max(1, round(r * 0.08)))
            r *= 0.78
        painter(draw, cx, cy, r, theme)
        return
    circle(draw, cx, cy, r, WHITE, outline=INK, width=max(1, round(r * 0.12)))
    from .fonts import font
    draw.text((cx, cy), what[:1].upper(), fill=INK, font=font(max(6, round(r * 1.3))),
              anchor="mm")


def fish_positions(count: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Where ``count`` fish swim in a lake of radius ``r``: evenly on a ring."""
    if count <= 0:
        return []
    if count == 1:
        return [(cx, cy)]
    ring = r * 0.5
    return [(cx + ring * math.cos(a), cy + ring * math.sin(a))
            for a in (math.pi * (-0.5 + 2 * k / count) for k in range(count))]
