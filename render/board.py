"""The map: placed tiles, figures, the last move, legal positions, labels.

:func:`map_frame` decides the crop and the scale (so tests and the bot can
find a position's pixels); :func:`render_board` paints it. The crop is the
placed tiles plus a one-tile margin, since every legal position lies there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.geometry import PORT_INDEX
from engine.tilesets import find_tile

from .figures import figure_sprite
from .fonts import font
from .layout import tile_layout
from .naming import Position, candidate_labels
from .theme import RGB, Theme, player_colour, resolve_theme
from .tileart import tile_image

#: Pixels per tile side when the board fits; it shrinks for big boards.
DEFAULT_TILE = 96
#: Largest side of any picture (Discord shows 2048 px wide images unscaled).
MAX_SIDE = 2048
#: Figures are drawn this big, relative to a tile.
FIGURE_SCALE = 0.36
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
#: What the legend writes before the player on turn.
TURN_MARK = "\u25b6 "


@dataclass(frozen=True)
class MapFrame:
    """Where the map lies on the picture.

    Columns ``x0 .. x0 + cols - 1`` and rows ``y0 .. y0 + rows - 1`` are shown;
    position (x, y) covers the ``tile``-px square whose top-left corner is
    :meth:`origin`. ``left`` and ``top`` are the label gutters.
    """

    x0: int
    y0: int
    cols: int
    rows: int
    tile: int
    left: int
    top: int
    width: int
    height: int
    font_size: int

    def origin(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of position (x, y)."""
        return self.left + (x - self.x0) * self.tile, self.top + (y - self.y0) * self.tile

    def centre(self, x: int, y: int) -> tuple[int, int]:
        ox, oy = self.origin(x, y)
        return ox + self.tile // 2, oy + self.tile // 2

    def point(self, x: int, y: int, unit: tuple[float, float]) -> tuple[int, int]:
        """The pixel of a point given in a tile's unit square."""
        ox, oy = self.origin(x, y)
        return ox + round(unit[0] * self.tile), oy + round(unit[1] * self.tile)

    def contains(self, x: int, y: int) -> bool:
        return self.x0 <= x < self.x0 + self.cols and self.y0 <= y < self.y0 + self.rows

    @property
    def map_box(self) -> tuple[int, int, int, int]:
        return (self.left, self.top, self.left + self.cols * self.tile,
                self.top + self.rows * self.tile)


def _label_font_size(tile: int) -> int:
    return max(11, min(20, round(tile * 0.2)))


def legend_entries(game, size: int, left: int, width: int) -> list[tuple[int, str, int, int]]:
    """(player, text, x, row) of each legend entry, wrapped to ``width`` px."""
    face = font(size)
    sprite = size + 8
    entries = []
    x, row = left, 0
    for player, name in enumerate(game.players):
        text = (TURN_MARK if player == game.current_player else "") + _short(name)
        span = sprite + 4 + int(face.getlength(text)) + 16
        if x + span > width and x > left:
            x, row = left, row + 1
        entries.append((player, text, x, row))
        x += span
    return entries


def _legend_height(game, size: int, left: int, width: int) -> int:
    entries = legend_entries(game, size, left, width)
    return 8 + (size + 12) * (entries[-1][3] + 1) if entries else 0


def map_frame(game, *, extra: Iterable[Position] = (), scale: int | None = None,
              margin: int = 1, around: Position | None = None,
              legend: bool = True, footer: int = 0) -> MapFrame:
    """The crop and scale of the map of ``game``.

    The crop covers the placed tiles (or only ``around`` ± ``margin`` when
    given) plus ``margin`` tiles and any ``extra`` positions. ``scale`` is
    the wanted tile size in px (default :data:`DEFAULT_TILE`); it shrinks
    until the picture's long side is at most :data:`MAX_SIDE`.
    """
    if around is not None:
        ax, ay = around
        min_x, min_y, max_x, max_y = ax, ay, ax, ay
    else:
        positions = list(game.board.tiles)
        min_x = min(x for x, _ in positions)
        max_x = max(x for x, _ in positions)
        min_y = min(y for _, y in positions)
        max_y = max(y for _, y in positions)
    for x, y in extra:
        min_x, max_x = min(min_x, x), max(max_x, x)
        min_y, max_y = min(min_y, y), max(max_y, y)
    x0, y0 = min_x - margin, min_y - margin
    cols, rows = max_x - min_x + 1 + 2 * margin, max_y - min_y + 1 + 2 * margin
    tile = int(scale) if scale else DEFAULT_TILE
    tile = max(4, tile)
    for _ in range(8):
        size = _label_font_size(tile)
        left = _gutter_width(x0, y0, rows, size)
        top = size + 10
        width = left + cols * tile + 8
        legend_h = _legend_height(game, size, left, width) if legend else 0
        height = top + rows * tile + 8 + legend_h + footer
        if width <= MAX_SIDE and height <= MAX_SIDE:
            break
        fit_w = (MAX_SIDE - left - 8) // cols
        fit_h = (MAX_SIDE - top - 8 - legend_h - footer) // rows
        tile = max(4, min(tile - 1, fit_w, fit_h))
    return MapFrame(x0, y0, cols, rows, tile, left, top, width, height, size)


def _gutter_width(x0: int, y0: int, rows: int, size: int) -> int:
    labels = [str(y) for y in range(y0, y0 + rows)]
    widest = max(font(size).getlength(text) for text in labels)
    return int(widest) + 12


def candidate_mapping(candidates) -> dict[str, Position]:
    """``candidates`` as label -> position: a mapping is kept, positions are labelled."""
    if not candidates:
        return {}
    if isinstance(candidates, Mapping):
        return {str(label): (int(p[0]), int(p[1])) for label, p in candidates.items()}
    return candidate_labels((int(p[0]), int(p[1])) for p in candidates)


def render_board(game, *, theme=None, highlight_last: bool = True, candidates=None,
                 scale: int | None = None) -> Image.Image:
    """The map of ``game``: a pure function of the game state.

    ``theme``: a :class:`~render.theme.Theme` or its name; default from the
    game (see :func:`~render.theme.resolve_theme`). ``highlight_last`` frames
    the latest placed tile. ``candidates``: positions to mark with labels,
    either ``{label: (x, y)}`` or an iterable of positions (labelled A, B...
    in order of (y, x), see :mod:`render.naming`). ``scale``: tile size in
    px (default 96, shrunk so the picture stays within 2048 px).
    """
    theme = resolve_theme(theme, game)
    return _board(game, theme, candidate_mapping(candidates), highlight_last, scale, None)


def _board(game, theme: Theme, labels: dict[str, Position], highlight_last: bool,
           scale: int | None, inset) -> Image.Image:
    """The map, its labels and legend; with ``inset``, that tile under the legend."""
    footer = INSET_TILE + 14 if inset is not None else 0
    frame = map_frame(game, extra=labels.values(), scale=scale, footer=footer)
    image = Image.new("RGB", (frame.width, frame.height), theme.background)
    draw = ImageDraw.Draw(image)
    paint_map(image, draw, game, frame, theme, highlight_last=highlight_last)
    for label, (x, y) in labels.items():
        paint_candidate(draw, frame, x, y, label, theme)
    paint_axes(draw, frame, theme)
    paint_legend(image, draw, game, frame, theme)
    if inset is not None:
        paint_inset(image, draw, inset, theme, frame)
    return image


def paint_map(image: Image.Image, draw: ImageDraw.ImageDraw, game, frame: MapFrame,
              theme: Theme, *, highlight_last: bool = True) -> None:
    """Empty positions, tiles, the last-tile frame and the figures."""
    left, top, right, bottom = frame.map_box
    draw.rectangle((left, top, right - 1, bottom - 1), fill=theme.grid)
    t = frame.tile
    tiles = game.board.tiles
    for row in range(frame.rows):
        for col in range(frame.cols):
            x, y = frame.x0 + col, frame.y0 + row
            ox, oy = frame.origin(x, y)
            placed = tiles.get((x, y))
            if placed is None:
                draw.rectangle((ox + 1, oy + 1, ox + t - 2, oy + t - 2), fill=theme.empty)
            else:
                image.paste(tile_image(placed.tile, placed.oriented.quarter_turns, theme, t),
                            (ox, oy))
    last = getattr(game, "last_placed", None)
    if highlight_last and last is not None and frame.contains(last.x, last.y):
        paint_highlight(draw, frame, last.x, last.y, colour=theme.highlight)
    for figure in game.figures:
        if frame.contains(figure.x, figure.y):
            placed = tiles[(figure.x, figure.y)]
            paint_figure(image, frame, placed, figure.segment, figure.role, figure.player)


def paint_highlight(draw: ImageDraw.ImageDraw, frame: MapFrame, x: int, y: int,
                    colour: RGB = WHITE) -> None:
    """A black-white-black frame around position (x, y): visible on any tile."""
    ox, oy = frame.origin(x, y)
    t = frame.tile
    w = max(2, t // 18)
    x1, y1 = ox + t - 1, oy + t - 1
    draw.rectangle((ox - w - 1, oy - w - 1, x1 + w + 1, y1 + w + 1), outline=BLACK, width=1)
    draw.rectangle((ox - w, oy - w, x1 + w, y1 + w), outline=colour, width=w)
    draw.rectangle((ox, oy, x1, y1), outline=BLACK, width=1)


def figure_anchor(placed, segment: int) -> tuple[float, float]:
    """Where a figure on ``segment`` of a placed tile stands, in the tile's unit square."""
    return tile_layout(placed.tile, placed.oriented.quarter_turns).anchor(segment)


def paint_figure(image: Image.Image, frame: MapFrame, placed, segment: int, role: str,
                 player: int) -> None:
    size = max(10, round(frame.tile * FIGURE_SCALE))
    sprite = figure_sprite(role, player_colour(player), size)
    cx, cy = frame.point(placed.x, placed.y, figure_anchor(placed, segment))
    image.paste(sprite, (cx - size // 2, cy - size // 2), sprite)


def _blend(a: RGB, b: RGB, k: float) -> RGB:
    return tuple(round(a[i] * (1 - k) + b[i] * k) for i in range(3))  # type: ignore[return-value]


def paint_candidate(draw: ImageDraw.ImageDraw, frame: MapFrame, x: int, y: int, label: str,
                    theme: Theme) -> None:
    """Mark an empty position as a legal choice, with its label."""
    ox, oy = frame.origin(x, y)
    t = frame.tile
    inset = max(2, t // 24)
    draw.rectangle((ox + 1, oy + 1, ox + t - 2, oy + t - 2),
                   fill=_blend(theme.empty, theme.candidate, 0.22))
    draw.rectangle((ox + inset, oy + inset, ox + t - 1 - inset, oy + t - 1 - inset),
                   outline=theme.candidate, width=max(1, t // 40))
    size = max(9, min(44, round(t * (0.42 if len(label) == 1 else 0.32))))
    label_box(draw, frame.centre(x, y), label, size)


def label_box(draw: ImageDraw.ImageDraw, centre: tuple[int, int], text: str, size: int,
              fill: RGB = WHITE, ink: RGB = BLACK) -> tuple[int, int, int, int]:
    """Text in a rounded white box with a black rim, centred on ``centre``."""
    face = font(size)
    left, top, right, bottom = draw.textbbox(centre, text, font=face, anchor="mm")
    pad = max(2, size // 5)
    box = (left - pad, top - pad, right + pad, bottom + pad)
    draw.rounded_rectangle(box, radius=pad + 1, fill=fill, outline=ink, width=max(1, size // 12))
    draw.text(centre, text, font=face, fill=ink, anchor="mm")
    return box


def paint_axes(draw: ImageDraw.ImageDraw, frame: MapFrame, theme: Theme) -> None:
    """Column labels (x) above the map and row labels (y) to its left."""
    face = font(frame.font_size)
    widest = max(face.getlength(str(v)) for v in
                 (frame.x0, frame.x0 + frame.cols - 1, frame.y0, frame.y0 + frame.rows - 1))
    step = 1
    while step * frame.tile < widest + 4 and step < 10:
        step = {1: 2, 2: 5}.get(step, 10)
    half = frame.tile // 2
    for col in range(frame.cols):
        x = frame.x0 + col
        if x % step == 0 or step == 1:
            ox, _ = frame.origin(x, frame.y0)
            draw.text((ox + half, frame.top - 5), str(x), font=face, fill=theme.label,
                      anchor="ms")
    for row in range(frame.rows):
        y = frame.y0 + row
        if y % step == 0 or step == 1:
            _, oy = frame.origin(frame.x0, y)
            draw.text((frame.left - 6, oy + half), str(y), font=face, fill=theme.label,
                      anchor="rm")


def paint_legend(image: Image.Image, draw: ImageDraw.ImageDraw, game, frame: MapFrame,
                 theme: Theme) -> None:
    """Each player's colour and figure beside their name, under the map."""
    size = frame.font_size
    face = font(size)
    row_h = size + 12
    sprite_size = size + 8
    top = frame.map_box[3] + 8
    for player, text, x, row in legend_entries(game, size, frame.left, frame.width):
        y = top + row * row_h
        sprite = figure_sprite("knight", player_colour(player), sprite_size)
        image.paste(sprite, (x, y + (row_h - sprite_size) // 2 - 2), sprite)
        draw.text((x + sprite_size + 4, y + row_h // 2 - 2), text, font=face, fill=theme.label,
                  anchor="lm")


def _short(name: str, limit: int = 18) -> str:
    name = " ".join(str(name).split())
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


def port_segment(oriented, port: str) -> int:
    """The segment of an oriented tile that a port name stands for."""
    return oriented.point_segment[PORT_INDEX[port]]


# --------------------------------------------------------------------------
# Move choices and the preview of one placement.

#: Tile size of the preview: big enough for a label on every port.
PREVIEW_TILE = 176


def _tile_arg(game, tile):
    """The TileType meant by ``tile`` (None: the tile to play; an id; a TileType)."""
    if tile is None:
        if game.tile is None:
            raise ValueError("the game is over: there is no tile to place")
        return game.tile
    return find_tile(tile) if isinstance(tile, str) else tile


def render_choices(game, tile=None, *, theme=None) -> Image.Image:
    """The map with every legal position of ``tile`` (default: the tile to
    play) marked by its label (:func:`render.naming.candidate_positions`),
    and the tile itself beside the legend."""
    from .naming import candidate_positions

    tile = _tile_arg(game, tile)
    labels = candidate_positions(game, tile)
    theme = resolve_theme(theme, game)
    return _board(game, theme, labels, True, None, tile)


#: Size of the tile shown under the move choices.
INSET_TILE = 80


def paint_inset(image: Image.Image, draw: ImageDraw.ImageDraw, tile, theme: Theme,
                frame: MapFrame) -> None:
    """The tile to place, at the bottom right, with a caption."""
    size = INSET_TILE
    face = font(max(12, frame.font_size))
    x = frame.width - size - 10
    y = frame.height - size - 8
    image.paste(tile_image(tile, 0, theme, size), (x, y))
    draw.rectangle((x - 1, y - 1, x + size, y + size), outline=BLACK)
    draw.text((x - 10, y + size // 2), f"to place: {tile.id}", font=face, fill=theme.label,
              anchor="rm")


def render_preview(game, placement, tile=None, *, theme=None, figure=None) -> Image.Image:
    """The map around ``placement`` with ``tile`` (default: the tile to play)
    drawn in place and each port where a figure may go labelled by its name
    (``N``, ``NNE``, ``C``...). ``placement``: a Placement or (x, y, rotation).
    ``figure``: the follower or hut chosen, drawn standing there in the colour
    of the player on turn (its port is then not labelled): one of
    ``game.legal_figures(placement, tile)``, or a ``(kind, port)`` pair such as
    ``("meeple", "N")``, ``("hut", "C")`` or ``("city", "N")``.

    Raises ValueError (the engine's IllegalMoveError) if the placement is
    illegal, or if no such figure may stand there.
    """
    tile = _tile_arg(game, tile)
    x, y, rotation = (int(v) for v in placement)
    from engine import Placement

    placement = Placement(x, y, rotation)
    problem = game.placement_problem(placement, tile)
    if problem is not None:
        raise problem
    theme = resolve_theme(theme, game)
    frame = map_frame(game, around=(x, y), scale=PREVIEW_TILE, margin=1)
    caption_size = frame.font_size + 2
    image = Image.new("RGB", (frame.width, frame.height), theme.background)
    draw = ImageDraw.Draw(image)
    paint_map(image, draw, game, frame, theme, highlight_last=False)
    quarter = rotation // 90
    ox, oy = frame.origin(x, y)
    image.paste(tile_image(tile, quarter, theme, frame.tile), (ox, oy))
    paint_highlight(draw, frame, x, y, colour=theme.candidate)
    layout = tile_layout(tile, quarter)
    oriented = tile.orientations[quarter]
    options = game.legal_figures(placement, tile)
    ports: dict[str, set[str]] = {}
    for option in options:
        ports.setdefault(option.port, set()).add(option.figure)
    if figure is not None:
        figure = _chosen_figure(options, figure)
        segment = port_segment(oriented, figure.port)
        size = max(10, round(frame.tile * FIGURE_SCALE))
        sprite = figure_sprite(figure.role, player_colour(game.current_player), size)
        cx, cy = frame.point(x, y, layout.anchor(segment))
        image.paste(sprite, (cx - size // 2, cy - size // 2), sprite)
        ports.pop(figure.port, None)
    boxes: list[tuple[int, int, int, int]] = []
    size = max(10, round(frame.tile * 0.14))
    for port in sorted(ports, key=lambda p: PORT_INDEX[p]):
        segment = port_segment(oriented, port)
        cx, cy = frame.point(x, y, layout.anchor(segment))
        text = port + (" \u2302" if "hut" in ports[port] and "meeple" not in ports[port] else "")
        cx, cy = _free_spot(draw, (cx, cy), text, size, boxes)
        boxes.append(label_box(draw, (cx, cy), text, size))
    paint_axes(draw, frame, theme)
    # Caption instead of the legend: what is shown, in the words the bot uses.
    face = font(caption_size)
    from .naming import position_label

    caption = f"{tile.id} at {position_label(x, y)}, rotation {rotation}"
    if not options:
        caption += ": no figure possible"
    top = frame.map_box[3] + 8
    draw.text((frame.left, top + 4), caption, font=face, fill=theme.label, anchor="lt")
    return image


def _chosen_figure(options, figure):
    """The legal figure option that ``figure`` names (see :func:`render_preview`)."""
    from engine import FigureOption

    if isinstance(figure, FigureOption):
        if figure in options:
            return figure
        raise ValueError(f"no {figure.role} can stand at {figure.port} on this placement")
    kind, port = figure
    for option in options:
        if option.port == port and kind in (option.figure, option.kind):
            return option
    raise ValueError(f"no {kind} can stand at {port} on this placement")


def _free_spot(draw, centre, text, size, boxes):
    """Nudge a label down or up until its box overlaps none placed before."""
    face = font(size)
    left, top, right, bottom = draw.textbbox(centre, text, font=face, anchor="mm")
    pad = max(2, size // 5) + 1
    height = bottom - top + 2 * pad
    cx, cy = centre
    for shift in (0, 1, -1, 2, -2, 3, -3):
        y = cy + shift * height
        box = (left - pad, top - pad + y - cy, right + pad, bottom + pad + y - cy)
        if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                   for b in boxes):
            return cx, y
    return centre
