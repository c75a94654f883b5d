"""Tile pictures, drawn from the tile data and cached.

A tile is drawn at a few times its final size from its :mod:`render.layout`
and scaled down, which smooths every edge (Pillow draws without
anti-aliasing). Pictures are cached per (tile, rotation, theme, size): a
board repaints from the cache in a few milliseconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.tiles import CITY, LAKE, RIVER, TileType

from . import glyphs
from .layout import (
    CLOISTER_HALF,
    RASTER,
    RIVER_WIDTH,
    ROAD_WIDTH,
    TileLayout,
    tile_layout,
)
from .theme import RGB, Theme

WALL_WIDTH = 0.035


def _darker(colour: RGB, k: float = 0.75) -> RGB:
    return (round(colour[0] * k), round(colour[1] * k), round(colour[2] * k))


def _supersampling(size: int) -> int:
    return max(2, min(4, math.ceil(200 / max(1, size))))


@lru_cache(maxsize=1024)
def tile_image(tile: TileType, quarter_turns: int, theme: Theme, size: int) -> Image.Image:
    """The picture of ``tile`` turned ``quarter_turns`` × 90°, ``size`` px square.

    Cached and shared: callers must not draw on it (paste it, or copy it)."""
    layout = tile_layout(tile, quarter_turns % 4)
    ss = _supersampling(size)
    big = size * ss
    image = Image.new("RGB", (big, big), theme.field)
    draw = ImageDraw.Draw(image)
    paint_layout(draw, tile, layout, theme, big, ss)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def paint_layout(draw: ImageDraw.ImageDraw, tile: TileType, layout: TileLayout, theme: Theme,
                 side: int, ss: int = 1) -> None:
    """Paint a tile's layout onto ``draw``, filling a ``side`` px square at (0, 0)."""

    def px(point: tuple[float, float]) -> tuple[float, float]:
        return (point[0] * side, point[1] * side)

    def pts(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [px(p) for p in points]

    kinds = [segment.kind for segment in tile.segments]

    # Fields: a few marks, and hedges where two fields meet unparted.
    cell = side / RASTER
    for what, point in layout.decorations:
        if what == "grass":
            cx, cy = px(point)
            _field_mark(draw, cx, cy, cell * 0.9, theme)
    for point in layout.hedges:
        cx, cy = px(point)
        glyphs.circle(draw, cx, cy, cell * 0.8, theme.hedge)

    # Water, then roads over it (bridges), then cities and forests over the
    # ends of the roads and rivers that run into them.
    for path in layout.paths:
        if path.kind == RIVER:
            draw.polygon(pts(stroke(path.points, RIVER_WIDTH + 0.03)), fill=theme.river_edge)
    for path in layout.paths:
        if path.kind == RIVER:
            draw.polygon(pts(stroke(path.points, RIVER_WIDTH)), fill=theme.river)
    for pool in layout.pools:
        cx, cy = px(pool.centre)
        r = pool.radius * side
        glyphs.circle(draw, cx, cy, r, theme.lake, outline=theme.river_edge,
                       width=max(1, round(0.015 * side)))
    for path in layout.paths:
        if path.kind != RIVER:
            draw.polygon(pts(stroke(path.points, ROAD_WIDTH + 0.03)), fill=theme.road_edge)
    for path in layout.paths:
        if path.kind != RIVER:
            draw.polygon(pts(stroke(path.points, ROAD_WIDTH)), fill=theme.road)

    for area in layout.areas:
        colour = theme.city if area.kind == CITY else theme.forest
        draw.polygon(pts(area.outline), fill=colour)
    for clearing in layout.clearings:  # a field inside cities (IC9, TB6...)
        cx, cy = px(clearing.centre)
        glyphs.circle(draw, cx, cy, clearing.radius * side, theme.field, outline=theme.wall,
                       width=round(WALL_WIDTH * side))
    for area in layout.areas:
        if area.kind == CITY:
            for wall in area.walls:
                draw.line(pts(wall), fill=theme.wall, width=round(WALL_WIDTH * side),
                          joint="curve")
        else:
            for wall in area.walls:
                draw.line(pts(wall), fill=_darker(theme.forest, 0.6),
                          width=round(0.02 * side), joint="curve")
    for what, point in layout.decorations:
        cx, cy = px(point)
        if what == "house":
            glyphs.house(draw, cx, cy, 0.055 * side, theme)
        elif what == "tree":
            glyphs.tree(draw, cx, cy, 0.06 * side, theme)

    for how, point in layout.markers:
        cx, cy = px(point)
        if how == "junction":
            glyphs.junction(draw, cx, cy, 0.06 * side, theme)
        elif how == "dead-end":
            glyphs.dead_end(draw, cx, cy, 0.05 * side, theme)
        elif how == "spring":
            glyphs.spring(draw, cx, cy, 0.065 * side, theme)
    if layout.cloister is not None:
        cx, cy = px(layout.cloister)
        glyphs.cloister(draw, cx, cy, CLOISTER_HALF * side * 1.1, theme)

    for pool in layout.pools:
        if pool.segment is None or kinds[pool.segment] != LAKE:
            continue
        cx, cy = px(pool.centre)
        count = tile.segments[pool.segment].count("fish")
        for fx, fy in glyphs.fish_positions(count, cx, cy, pool.radius * side):
            glyphs.fish(draw, fx, fy, 0.045 * side, theme)
    for spot in layout.spots:
        cx, cy = px(spot.centre)
        glyphs.draw_good(draw, spot.what, cx, cy, spot.radius * side, theme)

    draw.rectangle((0, 0, side - 1, side - 1), outline=theme.tile_edge, width=max(1, ss))


def stroke(points: Sequence[tuple[float, float]], width: float) -> list[tuple[float, float]]:
    """The outline of a polyline drawn ``width`` wide, with square ends.

    Pillow's wide lines leave notches between segments; a polygon does not,
    and its ends stay flush with the tile's edge where a road leaves it."""
    half = width / 2
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    last = len(points) - 1
    for i, (x, y) in enumerate(points):
        ax, ay = points[max(0, i - 1)]
        bx, by = points[min(last, i + 1)]
        tx, ty = bx - ax, by - ay
        length = math.hypot(tx, ty) or 1.0
        nx, ny = -ty / length * half, tx / length * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]


def _field_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float,
                theme: Theme) -> None:
    if theme.snow:
        draw.arc((cx - 2 * r, cy - r, cx + 2 * r, cy + r), 200, 340, fill=theme.field_mark,
                 width=max(1, round(r * 0.5)))
    else:
        for dx in (-0.6, 0.0, 0.6):
            draw.line([(cx + dx * r, cy + r * 0.5), (cx + dx * r * 1.6, cy - r * 0.7)],
                      fill=theme.field_mark, width=max(1, round(r * 0.35)))
