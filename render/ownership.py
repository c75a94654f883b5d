"""The feature view: who owns which road, city, cloister, field, forest, river.

Every feature with figures on it is tinted on every tile it covers: with its
owner's colour, or striped with the colours of every player standing on it
when more than one does (contested; the owners, those with the most figures,
are the marks written on it). Each tinted piece also carries the owners'
marks, so no one needs colour to read it, and is outlined in black where it
meets an unclaimed piece or another owner's: a tint can look like the plain
field it lies on (red on green to a deuteranope, blue on the water of Hunters
and Gatherers), an outline cannot. Features nobody stands on are left plain.
Ownership comes from the engine (``game.feature_at``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .board import (
    BLACK,
    WHITE,
    figure_anchor,
    legend_entries,
    legend_height,
    map_frame,
    new_picture,
    paint_axes,
    paint_figures,
    paint_legend,
    paint_map,
)
from .labels import ENGLISH, Labels
from .layout import RASTER, tile_layout
from .text import draw_text
from .theme import RGB, ink_on, player_colour, player_mark, resolve_theme

if TYPE_CHECKING:
    from engine import Game, TileType

    from .theme import Theme

#: How strongly a claimed feature is tinted (0-255).
TINT = 150
#: Stripe width of a contested feature, relative to a tile.
STRIPE = 0.09
KEY_SIZE = 18
#: How thick a claimed piece's outline is, in pixels.
OUTLINE = 2


@lru_cache(maxsize=4096)
def segment_mask(tile: TileType, quarter_turns: int, segment: int, size: int) -> Image.Image:
    """An L mask of the pixels of ``segment`` on a ``size`` px tile."""
    layout = tile_layout(tile, quarter_turns)
    cells = bytes(255 if owner == segment else 0 for owner in layout.owner)
    return Image.frombytes("L", (RASTER, RASTER), cells).resize((size, size),
                                                                Image.Resampling.NEAREST)


@lru_cache(maxsize=4096)
def segment_outline(tile: TileType, quarter_turns: int, segment: int, size: int) -> Image.Image:
    """An L mask of the rim of ``segment`` on a ``size`` px tile, :data:`OUTLINE` px
    wide, where it meets another piece of the tile: not along the tile's edge, where
    the same feature goes on (the neighbour's edge matches)."""
    mask = segment_mask(tile, quarter_turns, segment, size)
    pad = OUTLINE
    padded = Image.new("L", (size + 2 * pad, size + 2 * pad), 255)
    padded.paste(mask, (pad, pad))
    inner = padded.filter(ImageFilter.MinFilter(2 * OUTLINE + 1)).crop(
        (pad, pad, pad + size, pad + size))
    return ImageChops.subtract(mask, inner)


@lru_cache(maxsize=256)
def stripes(colours: tuple[RGB, ...], size: int) -> Image.Image:
    """Diagonal stripes of ``colours``, ``size`` px square."""
    width = max(3, round(size * STRIPE))
    image = Image.new("RGB", (size, size), colours[0])
    draw = ImageDraw.Draw(image)
    for k, start in enumerate(range(-size, size, width)):
        colour = colours[k % len(colours)]
        draw.polygon([(start, 0), (start + width, 0), (start + width + size, size),
                      (start + size, size)], fill=colour)
    return image


def owners_text(owners: Iterable[int]) -> str:
    return "/".join(player_mark(p) for p in owners)


def render_features(game: Game, *, theme: str | Theme | None = None, scale: int | None = None,
                    labels: Labels = ENGLISH) -> Image.Image:
    """The whole map with every claimed feature tinted with its owner's colour
    and mark, contested ones striped, unclaimed ones plain, and a key."""
    theme = resolve_theme(theme, game)
    key_h = KEY_SIZE + 20
    frame = map_frame(game, scale=scale, footer=key_h)
    image, draw = new_picture(frame, theme)
    paint_map(image, draw, game, frame, theme, highlight_last=False, figure_scale=None)
    overlay = Image.new("RGB", image.size, BLACK)
    alpha = Image.new("L", image.size, 0)
    outlines: list[tuple[Image.Image, tuple[int, int]]] = []
    t = frame.tile
    marks: list[tuple[tuple[int, int], tuple[int, ...]]] = []
    seen: dict[int, tuple] = {}
    standing = {(f.x, f.y, f.segment) for f in game.figures}
    for (x, y), placed in game.board.tiles.items():
        if not frame.contains(x, y):
            continue
        ox, oy = frame.origin(x, y)
        quarter = placed.oriented.quarter_turns
        for segment in range(len(placed.tile.segments)):
            feature = game.feature_at(x, y, segment)
            if feature.id not in seen:
                present = tuple(sorted({f.player for f in feature.figures}))
                seen[feature.id] = (present, tuple(feature.owners))
            present, owners = seen[feature.id]
            if not owners:
                continue
            mask = segment_mask(placed.tile, quarter, segment, t)
            if len(present) > 1:
                overlay.paste(stripes(tuple(player_colour(p) for p in present), t), (ox, oy),
                              mask)
            else:
                overlay.paste(player_colour(owners[0]), (ox, oy, ox + t, oy + t), mask)
            alpha.paste(TINT, (ox, oy, ox + t, oy + t), mask)
            outlines.append((segment_outline(placed.tile, quarter, segment, t), (ox, oy)))
            if (x, y, segment) not in standing:
                marks.append((frame.point(x, y, figure_anchor(placed, segment)), owners))
    image.paste(overlay, (0, 0), alpha)
    for outline, corner in outlines:
        image.paste(BLACK, corner, outline)
    size = max(9, round(t * 0.15))
    for centre, owners in marks:
        _mark_disc(image, draw, centre, owners, size)
    paint_figures(image, game, frame)
    paint_axes(image, frame, theme)
    entries = legend_entries(game, frame.font_size, frame.left, frame.width)
    top = frame.map_box[3] + 8
    paint_legend(image, entries, top, frame.font_size, theme)
    _paint_key(image, draw, frame.left, top + legend_height(entries, frame.font_size) + 4,
               theme, labels)
    return image


def _mark_disc(image: Image.Image, draw: ImageDraw.ImageDraw, centre: tuple[float, float],
               owners: Sequence[int], size: int) -> None:
    """The owners' marks in a small disc: the owner's colour, or white when shared."""
    from .board import label_box

    fill = player_colour(owners[0]) if len(owners) == 1 else WHITE
    label_box(image, centre, owners_text(owners), size, fill, ink_on(fill), disc=True)


def contested_swatch(theme: Theme, size: int) -> Image.Image:
    """The key's contested swatch, drawn as a contested field is: two players' stripes
    tinted over the field."""
    field = Image.new("RGB", (size, size), theme.field)
    return Image.composite(stripes((player_colour(0), player_colour(2)), size), field,
                           Image.new("L", (size, size), TINT))


def _paint_key(image: Image.Image, draw: ImageDraw.ImageDraw, left: int, top: int, theme: Theme,
              labels: Labels) -> None:
    """The title, then a striped swatch for contested and a plain one for unclaimed."""
    s = KEY_SIZE
    box = draw_text(image, (left, top + s // 2), labels.features_title + ":", s, theme.label,
                    anchor="lm")
    x = box[2] + 14
    image.paste(contested_swatch(theme, s + 6), (x, top - 3))
    draw.rectangle((x, top - 3, x + s + 5, top + s + 2), outline=BLACK)
    x += s + 14
    x = draw_text(image, (x, top + s // 2), labels.contested, s, theme.label, anchor="lm")[2]
    x += 20
    draw.rectangle((x, top - 3, x + s + 5, top + s + 2), fill=theme.field, outline=BLACK)
    x += s + 14
    draw_text(image, (x, top + s // 2), labels.unclaimed, s, theme.label, anchor="lm")
