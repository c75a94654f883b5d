"""The preview of one placement: the tile in place and its follower spots numbered.

Spot ``k`` (from 1) is the ``k``-th option of ``game.legal_figures(placement,
tile)``, in the engine's order: the bot's follower menu and typed command use
the same numbers. Each number sits on its own feature (its centre on a cell
of the tile's layout that the feature owns), never on the chosen follower nor
on another number.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image

from engine import FigureOption, Placement
from engine.geometry import PORT_INDEX

from .board import (
    BLACK,
    WHITE,
    beside_anchor,
    figure_size,
    label_box,
    label_box_at,
    map_frame,
    new_picture,
    paint_axes,
    paint_highlight,
    paint_map,
    port_segment,
    tile_arg,
)
from .figures import BIG_SCALE, figure_sprite
from .labels import ENGLISH, Labels
from .layout import RASTER, tile_layout
from .naming import position_label
from .text import draw_text
from .theme import player_colour, player_mark, resolve_theme
from .tileart import tile_image

if TYPE_CHECKING:
    from engine import Game, TileType

    from .board import MapFrame
    from .theme import Theme

#: Tile size of the preview: big enough for a number on every feature.
PREVIEW_TILE = 176
#: How big the preview's figures are, relative to a tile.
PREVIEW_FIGURE = 0.3
#: The symbol after the number of a spot that takes only a hut.
HUT_MARK = "\u2302"
#: The symbol after the number of a spot, by the figure it takes: a hut, or the
#: expansions' big follower (a cross), builder (hammer and pick) and pig (a dot).
SPOT_MARKS = {"hut": HUT_MARK, "big": "\u271a", "builder": "\u2692", "pig": "\u25cf"}
#: Figures whose marks the preview explains in a line of its own.
_EXPLAINED = frozenset({"big", "builder", "pig"})

Box = tuple[int, int, int, int]


def render_preview(game: Game, placement: Placement | Sequence[int],
                   tile: TileType | str | None = None, *, theme: str | Theme | None = None,
                   figure: FigureOption | tuple[str, str] | None = None,
                   labels: Labels = ENGLISH) -> Image.Image:
    """The map around ``placement`` with ``tile`` (default: the tile to play)
    drawn in place and each spot where a figure may go numbered: spot ``k`` is
    option ``k`` of ``game.legal_figures(placement, tile)`` (a spot that takes
    only a hut has ``⌂`` after its number, a big follower's ``✚``, a builder's
    ``⚒``, a pig's ``●``, explained in a line under the picture). ``placement``: a Placement or
    (x, y, rotation). ``figure``: the follower or hut chosen, drawn standing
    there in the colour and with the mark of the player on turn (its number is
    then not drawn): one of ``game.legal_figures(placement, tile)``, or a
    ``(kind, port)`` pair such as ``("meeple", "N")``, ``("hut", "C")`` or
    ``("city", "N")``.

    Raises ValueError (the engine's IllegalMoveError) if the placement is
    illegal, or if no such figure may stand there.
    """
    tile = tile_arg(game, tile)
    x, y, rotation = (int(v) for v in placement)
    placement = Placement(x, y, rotation)
    problem = game.placement_problem(placement, tile)
    if problem is not None:
        raise problem
    theme = resolve_theme(theme, game)
    caption_size = 20
    options = game.legal_figures(placement, tile)
    explain = any(option.figure in _EXPLAINED for option in options)
    frame = map_frame(game, around=(x, y), scale=PREVIEW_TILE, margin=1, legend=False,
                      footer=(3 if explain else 2) * caption_size + 24 + 8 * explain)
    image, draw = new_picture(frame, theme)
    paint_map(image, draw, game, frame, theme, highlight_last=False)
    quarter = rotation // 90
    ox, oy = frame.origin(x, y)
    image.paste(tile_image(tile, quarter, theme, frame.tile), (ox, oy))
    paint_highlight(draw, frame, x, y, colour=theme.candidate)
    oriented = tile.orientations[quarter]
    taken: list[Box] = []
    chosen = _chosen_figure(options, figure) if figure is not None else None
    if chosen is not None:
        big = chosen.figure == "big"
        size = figure_size(frame, PREVIEW_FIGURE * BIG_SCALE if big else PREVIEW_FIGURE)
        player = game.current_player
        assert player is not None, "a preview is of the player on turn's move"
        sprite = figure_sprite(chosen.role, player_colour(player), size, player_mark(player),
                               big=big)
        cx, cy = frame.point(x, y, beside_anchor(tile_layout(tile, quarter).anchor(
            port_segment(oriented, chosen.port)), chosen.figure))
        image.paste(sprite, (cx - size // 2, cy - size // 2), sprite)
        taken.append((cx - size // 2, cy - size // 2, cx + size // 2, cy + size // 2))
    for number, option, centre in spot_positions(frame, placement, tile, options, taken):
        if option is chosen:
            continue
        text = str(number) + SPOT_MARKS.get(option.figure, "")
        label_box(image, centre, text, spot_size(frame), WHITE, BLACK, disc=True)
    paint_axes(image, frame, theme)
    caption = labels.preview_caption.format(tile=tile.id, position=position_label(x, y),
                                            rotation=rotation)
    top = frame.map_box[3] + 10
    draw_text(image, (frame.left, top), caption, caption_size, theme.label, anchor="la")
    note = labels.figure_spots if options else labels.no_figure
    draw_text(image, (frame.left, top + caption_size + 8), note, caption_size - 2, theme.label,
              anchor="la")
    if explain:
        draw_text(image, (frame.left, top + 2 * caption_size + 16), labels.figure_marks,
                  caption_size - 2, theme.label, anchor="la")
    return image


def spot_size(frame: MapFrame) -> int:
    return max(12, round(frame.tile * 0.13))


def spot_positions(frame: MapFrame, placement: Placement, tile: TileType,
                   options: Sequence[FigureOption], taken: list[Box],
                   ) -> list[tuple[int, FigureOption, tuple[int, int]]]:
    """``(number, option, centre)`` of each spot, in option order.

    A spot starts at its feature's anchor; if its disc would cover the chosen
    figure or an earlier spot, it moves to the nearest free cell of the same
    feature (the layout's ownership raster says which cells are the feature's).
    """
    layout = tile_layout(tile, placement.quarter_turns)
    oriented = tile.orientations[placement.quarter_turns]
    size = spot_size(frame)
    placed: list[tuple[int, FigureOption, tuple[int, int]]] = []
    boxes = list(taken)
    for number, option in enumerate(options, start=1):
        segment = port_segment(oriented, option.port)
        text = str(number) + SPOT_MARKS.get(option.figure, "")
        anchor = layout.anchor(segment)
        cells = [cell for cell, owner in enumerate(layout.owner) if owner == segment]
        cells.sort(key=lambda c: (math.dist(_cell_point(c), anchor), c))
        centre = frame.point(placement.x, placement.y, anchor)
        tried: list[int | None] = [*cells[::2]] or [None]
        for cell in tried:
            point = anchor if cell is None else _cell_point(cell)
            candidate = frame.point(placement.x, placement.y, point)
            box = label_box_at(candidate, text, size, disc=True)
            if not any(_overlap(box, other) for other in boxes):
                centre = candidate
                break
        boxes.append(label_box_at(centre, text, size, disc=True))
        placed.append((number, option, centre))
    return placed


def _cell_point(cell: int) -> tuple[float, float]:
    return ((cell % RASTER + 0.5) / RASTER, (cell // RASTER + 0.5) / RASTER)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _chosen_figure(options: Sequence[FigureOption],
                   figure: FigureOption | tuple[str, str]) -> FigureOption:
    """The legal figure option that ``figure`` names (see :func:`render_preview`)."""
    if isinstance(figure, FigureOption):
        if figure in options:
            return next(o for o in options if o == figure)
        raise ValueError(f"no {figure.role} can stand at {figure.port} on this placement")
    kind, port = figure
    if port not in PORT_INDEX:
        raise ValueError(f"no port {port!r}")
    for option in options:
        if option.port == port and kind in (option.figure, option.kind):
            return option
    raise ValueError(f"no {kind} can stand at {port} on this placement")

