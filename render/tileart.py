"""Tile pictures, drawn from the tile data and cached.

A tile is drawn at a few times its final size from its :mod:`render.layout`
and scaled down, which smooths every edge (Pillow draws without
anti-aliasing). Pictures are cached per (tile, rotation, theme, size): a
board repaints from the cache in a few milliseconds.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.tiles import CITY, FOREST, LAKE, OPEN_AREA_KINDS, RIVER

from . import glyphs
from .layout import (
    CLOISTER_HALF,
    FIGURE_RADIUS,
    RASTER,
    RIVER_WIDTH,
    ROAD_WIDTH,
    TileLayout,
    tile_layout,
)
from .theme import RGB, Theme

WALL_WIDTH = 0.035
_LATTICE = 7  # raster cells between two houses or trees


def _darker(colour: RGB, k: float = 0.75) -> RGB:
    return (round(colour[0] * k), round(colour[1] * k), round(colour[2] * k))


def _supersampling(size: int) -> int:
    return max(2, min(4, math.ceil(200 / max(1, size))))


@lru_cache(maxsize=4096)
def tile_image(tile, quarter_turns: int, theme: Theme, size: int) -> Image.Image:
    """The picture of ``tile`` turned ``quarter_turns`` × 90°, ``size`` px square.

    Cached and shared: callers must not draw on it (paste it, or copy it)."""
    layout = tile_layout(tile, quarter_turns % 4)
    ss = _supersampling(size)
    big = size * ss
    image = Image.new("RGB", (big, big), theme.field)
    draw = ImageDraw.Draw(image)
    paint_layout(draw, tile, layout, theme, big, ss)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def paint_layout(draw: ImageDraw.ImageDraw, tile, layout: TileLayout, theme: Theme,
                 side: int, ss: int = 1) -> None:
    """Paint a tile's layout onto ``draw``, filling a ``side`` px square at (0, 0)."""

    def px(point):
        return (point[0] * side, point[1] * side)

    def pts(points):
        return [px(p) for p in points]

    kinds = [segment.kind for segment in tile.segments]
    busy = [(spot.centre, spot.radius) for spot in layout.spots]

    # Fields: a few marks, and hedges where two fields meet unparted.
    cell = side / RASTER
    for index in _lattice_cells(layout, lambda k: k in OPEN_AREA_KINDS or k is None, kinds,
                                busy, offset=3, min_depth=2):
        cx, cy = (index % RASTER + 0.5) * cell, (index // RASTER + 0.5) * cell
        _field_mark(draw, cx, cy, cell * 0.9, theme)
    for point in layout.hedges:
        cx, cy = px(point)
        glyphs._circle(draw, cx, cy, cell * 0.8, theme.hedge)

    # Water, then roads over it (bridges), then cities and forests over the
    # ends of the roads and rivers that run into them.
    for path in layout.paths:
        if path.kind == RIVER:
            draw.line(pts(path.points), fill=theme.river_edge,
                      width=round((RIVER_WIDTH + 0.03) * side), joint="curve")
    for path in layout.paths:
        if path.kind == RIVER:
            draw.line(pts(path.points), fill=theme.river, width=round(RIVER_WIDTH * side),
                      joint="curve")
    for pool in layout.pools:
        cx, cy = px(pool.centre)
        r = pool.radius * side
        glyphs._circle(draw, cx, cy, r, theme.lake, outline=theme.river_edge,
                       width=max(1, round(0.015 * side)))
    for path in layout.paths:
        if path.kind != RIVER:
            draw.line(pts(path.points), fill=theme.road_edge,
                      width=round((ROAD_WIDTH + 0.03) * side), joint="curve")
    for path in layout.paths:
        if path.kind != RIVER:
            draw.line(pts(path.points), fill=theme.road, width=round(ROAD_WIDTH * side),
                      joint="curve")

    for area in layout.areas:
        colour = theme.city if area.kind == CITY else theme.forest
        draw.polygon(pts(area.outline), fill=colour)
    for area in layout.areas:
        if area.kind == CITY:
            for wall in area.walls:
                draw.line(pts(wall), fill=theme.wall, width=round(WALL_WIDTH * side),
                          joint="curve")
        else:
            for wall in area.walls:
                draw.line(pts(wall), fill=_darker(theme.forest, 0.6),
                          width=round(0.02 * side), joint="curve")
    for index in _lattice_cells(layout, lambda k: k in (CITY, FOREST), kinds, busy):
        cx, cy = (index % RASTER + 0.5) * cell, (index // RASTER + 0.5) * cell
        if kinds[layout.owner[index]] == CITY:
            glyphs.house(draw, cx, cy, 0.055 * side, theme)
        else:
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


def _lattice_cells(layout: TileLayout, want, kinds, busy, offset: int = 0, min_depth: int = 3):
    """Cells on a staggered lattice inside regions whose kind ``want`` accepts,
    deep enough and clear of glyphs and of figure anchors."""
    keep_clear = busy + [(a, FIGURE_RADIUS * 0.8) for a in layout.anchors]
    for row in range(offset, RASTER, _LATTICE):
        shift = (_LATTICE // 2) if (row // _LATTICE) % 2 else 0
        for col in range(offset + shift, RASTER, _LATTICE):
            index = row * RASTER + col
            who = layout.owner[index]
            kind = kinds[who] if who >= 0 else None
            if not want(kind) or layout.depth[index] < min_depth:
                continue
            centre = ((col + 0.5) / RASTER, (row + 0.5) / RASTER)
            if any(math.hypot(centre[0] - c[0], centre[1] - c[1]) < r + 0.06
                   for c, r in keep_clear):
                continue
            yield index


def _field_mark(draw: ImageDraw.ImageDraw, cx, cy, r, theme: Theme) -> None:
    if theme.snow:
        draw.arc((cx - 2 * r, cy - r, cx + 2 * r, cy + r), 200, 340, fill=theme.field_mark,
                 width=max(1, round(r * 0.5)))
    else:
        for dx in (-0.6, 0.0, 0.6):
            draw.line([(cx + dx * r, cy + r * 0.5), (cx + dx * r * 1.6, cy - r * 0.7)],
                      fill=theme.field_mark, width=max(1, round(r * 0.35)))
