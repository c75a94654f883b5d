"""Single tiles and the tiles in hand, each in its four rotations."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from engine.geometry import ROTATIONS
from engine.tiles import TileType
from engine.tilesets import find_tile

from .labels import ENGLISH, Labels
from .text import draw_text, text_width
from .theme import Theme, get_theme, theme_for_tile
from .tileart import tile_image

HAND_TILE = 112


def _tile(tile: TileType | str) -> TileType:
    """A TileType, given one or its id."""
    return find_tile(tile) if isinstance(tile, str) else tile


def render_tile(tile: TileType | str, rotation: int = 0, *, theme: str | Theme | None = None,
                size: int = 128) -> Image.Image:
    """One tile (a TileType or its id) turned ``rotation`` degrees clockwise."""
    tile = _tile(tile)
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rotation!r}")
    theme = get_theme(theme) if theme is not None else theme_for_tile(tile)
    return tile_image(tile, rotation // 90, theme, int(size)).copy()


def render_hand(tiles: Iterable[TileType | str], *, theme: str | Theme | None = None,
                size: int = HAND_TILE,
                labels: Labels = ENGLISH) -> Image.Image:
    """Every tile in hand, each in its four rotations labelled 0, 90, 180 and 270.

    A title counts the tiles, then one row per tile with its id at the left:
    the player picks a tile and a rotation from this picture.
    """
    chosen = [_tile(t) for t in tiles]
    if not chosen:
        raise ValueError("no tiles to draw")
    theme = get_theme(theme) if theme is not None else theme_for_tile(chosen[0])
    label_size = max(14, size // 6)
    gap = max(8, size // 10)
    title_h = label_size + 2 * gap
    id_width = max(text_width(t.id, label_size) for t in chosen) + 2 * gap
    row_h = size + label_size + 2 * gap
    width = id_width + 4 * (size + gap) + gap
    height = title_h + len(chosen) * row_h
    image = Image.new("RGB", (width, height), theme.background)
    image.info["theme"] = theme.name
    draw_text(image, (gap, gap), labels.hand_title.format(count=len(chosen)), label_size,
              theme.label, anchor="la")
    for row, tile in enumerate(chosen):
        top = title_h + row * row_h
        draw_text(image, (gap, top + size // 2), tile.id, label_size, theme.label, anchor="lm")
        for q, rotation in enumerate(ROTATIONS):
            left = id_width + q * (size + gap)
            image.paste(tile_image(tile, q, theme, size), (left, top))
            draw_text(image, (left + size // 2, top + size + 4), f"{rotation}\u00b0",
                      label_size, theme.label, anchor="ma")
    return image
