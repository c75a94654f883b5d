"""The map: placed tiles, figures, recent moves, legal positions, labels.

:func:`map_frame` decides the crop and the scale (so tests and the bot can
find a position's pixels); :func:`render_board` paints it. The crop is the
placed tiles plus a one-tile margin, since every legal position lies there.
The pieces (:func:`paint_map`, :func:`paint_legend`...) are shared with the
turn picture, the preview and the feature view.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engine.geometry import PORT_INDEX
from engine.tiles import TRADE_GOODS
from engine.tilesets import find_tile

from . import glyphs
from .figures import BIG_SCALE, figure_sprite
from .labels import ENGLISH, Labels
from .layout import tile_layout
from .naming import Position, candidate_labels
from .text import Sprite, draw_text, paste, text_sprite, text_width
from .theme import RGB, Theme, player_colour, player_mark, resolve_theme
from .tileart import tile_image

if TYPE_CHECKING:
    from engine import Game, OrientedTile, PlacedTile, TileType

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
#: Pixels between a name and its score in a legend.
SCORE_GAP = 10
#: Room between a score and the edge of its chip.
SCORE_PAD = 5
#: Size of a recent-move badge, relative to a tile.
BADGE_SCALE = 0.3
#: The box a 400×860 px phone shows a message's own picture in (the channel
#: preview: its width less 88 px of avatar gutter and margins; at most 80% of its
#: height), and how wide a tile must look in it.
PHONE_PICTURE, PHONE_HEIGHT = 312, 688
PHONE_TILE = 56


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


def label_font_size(tile: int) -> int:
    """Axis and legend text size for a map of ``tile``-px tiles."""
    return max(12, min(22, round(tile * 0.2)))


# --------------------------------------------------------------------------
# The legend: each player's figure (colour and mark) and name.

@dataclass(frozen=True)
class LegendEntry:
    player: int
    text: str
    x: int
    row: int
    #: The score, drawn apart from the name so a right-to-left name cannot
    #: carry it to its left.
    score: str = ""
    #: Trade goods held (Traders & Builders): (kind, count) of each kind held.
    goods: tuple[tuple[str, int], ...] = ()


def legend_text(game: Game, player: int) -> str:
    """A player's legend text: the turn arrow and the name."""
    return (TURN_MARK if player == game.current_player else "") + short_name(
        game.players[player])


def legend_entries(game: Game, size: int, left: int, width: int, *,
                   scores: bool = False) -> list[LegendEntry]:
    """Where each legend entry goes, wrapped to ``width`` px."""
    sprite = legend_sprite_size(size)
    entries = []
    x, row = left, 0
    for player in range(len(game.players)):
        text = legend_text(game, player)
        score = str(game.scores[player]) if scores else ""
        goods = goods_held(game, player)
        span = sprite + 6 + text_width(text, size) + 18
        if score:
            span += text_width(score, size) + SCORE_GAP + 2 * SCORE_PAD
        span += sum(_goods_span(str(count), size) for _, count in goods)
        if x + span > width and x > left:
            x, row = left, row + 1
        entries.append(LegendEntry(player, text, x, row, score, goods))
        x += span
    return entries


def goods_held(game: Game, player: int) -> tuple[tuple[str, int], ...]:
    """The trade goods ``player`` holds, each kind held with its count (TB-11)."""
    return tuple((good, count) for good, count in zip(TRADE_GOODS, game.goods[player])
                 if count)


def _goods_span(count: str, size: int) -> int:
    return SCORE_GAP + size + 3 + text_width(count, size)


def legend_sprite_size(size: int) -> int:
    return size + 12


def legend_row_height(size: int) -> int:
    return size + 16


def legend_height(entries: list[LegendEntry], size: int) -> int:
    return 8 + legend_row_height(size) * (entries[-1].row + 1) if entries else 0


def paint_legend(image: Image.Image, entries: list[LegendEntry], top: int, size: int,
                 theme: Theme) -> None:
    """Each player's figure, in their colour with their mark, beside their name."""
    row_h = legend_row_height(size)
    sprite_size = legend_sprite_size(size)
    for entry in entries:
        y = top + entry.row * row_h
        sprite = figure_sprite("knight", player_colour(entry.player), sprite_size,
                               player_mark(entry.player))
        image.paste(sprite, (entry.x, y + (row_h - sprite_size) // 2), sprite)
        box = draw_text(image, (entry.x + sprite_size + 6, y + row_h // 2), entry.text, size,
                        theme.label, anchor="lm")
        if entry.score:
            # The score in a chip of its own, so a name ending in a digit ("AI Hard 1")
            # is not read together with it ("AI Hard 1 0").
            left, middle = box[2] + SCORE_GAP, y + row_h // 2
            width = text_width(entry.score, size) + 2 * SCORE_PAD
            ImageDraw.Draw(image).rounded_rectangle(
                (left, middle - size // 2 - 3, left + width, middle + size // 2 + 3),
                radius=size // 3, fill=theme.empty, outline=theme.grid)
            draw_text(image, (left + SCORE_PAD, middle), entry.score, size, theme.label,
                      anchor="lm")
            box = (box[0], box[1], left + width, box[3])
        right = box[2]
        for good, count in entry.goods:  # the goods' symbols, each with its count
            centre = right + SCORE_GAP + size // 2
            glyphs.draw_good(ImageDraw.Draw(image), good, centre, y + row_h // 2, size / 2,
                             theme)
            text_box = draw_text(image, (centre + size // 2 + 3, y + row_h // 2), str(count),
                                 size, theme.label, anchor="lm")
            right = text_box[2]


def short_name(name: str, limit: int = 18) -> str:
    name = " ".join(str(name).split())
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


# --------------------------------------------------------------------------
# The frame.

def map_frame(game: Game, *, extra: Iterable[Position] = (), scale: int | None = None,
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
    return window_frame(game, (x0, y0, cols, rows), scale=scale, legend=legend, footer=footer)


def window_frame(game: Game, window: tuple[int, int, int, int], *, scale: int | None = None,
                 legend: bool = True, footer: int = 0, header: int = 0,
                 scores: bool = False) -> MapFrame:
    """The frame of exactly the positions ``window = (x0, y0, cols, rows)``."""
    x0, y0, cols, rows = window
    tile = max(4, int(scale) if scale else DEFAULT_TILE)
    for _ in range(8):
        size = label_font_size(tile)
        left = _gutter_width(y0, rows, size)
        top = header + size + 10
        width = left + cols * tile + 8
        legend_h = (legend_height(legend_entries(game, size, left, width, scores=scores), size)
                    if legend else 0)
        height = top + rows * tile + 8 + legend_h + footer
        if width <= MAX_SIDE and height <= MAX_SIDE:
            break
        fit_w = (MAX_SIDE - left - 8) // cols
        fit_h = (MAX_SIDE - top - 8 - legend_h - footer) // rows
        tile = max(4, min(tile - 1, fit_w, fit_h))
    return MapFrame(x0, y0, cols, rows, tile, left, top, width, height, size)


def _gutter_width(y0: int, rows: int, size: int) -> int:
    return max(text_width(str(y), size) for y in range(y0, y0 + rows)) + 8


#: Labelled positions (label -> (x, y)), positions to label, or none.
Candidates = Mapping[str, Sequence[int]] | Iterable[Sequence[int]] | None

def candidate_mapping(candidates: Candidates) -> dict[str, Position]:
    """``candidates`` as label -> position: a mapping is kept, positions are labelled."""
    if not candidates:
        return {}
    if isinstance(candidates, Mapping):
        return {str(label): (int(p[0]), int(p[1])) for label, p in candidates.items()}
    return candidate_labels((int(p[0]), int(p[1])) for p in candidates)


def recent_tiles(game: Game) -> list[PlacedTile]:
    """The tiles placed since the player on turn last placed one, oldest
    first (none once the game is over)."""
    player = game.current_player
    if player is None:
        return []
    placed = game.board.tiles.values()
    last_own = max((p.turn for p in placed if p.player == player), default=-1)
    return sorted((p for p in placed if p.turn > last_own), key=lambda p: p.turn)


def new_picture(frame: MapFrame, theme: Theme) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank picture of the frame's size, tagged with its theme (for :func:`to_png`)."""
    image = Image.new("RGB", (frame.width, frame.height), theme.background)
    image.info["theme"] = theme.name
    return image, ImageDraw.Draw(image)


# --------------------------------------------------------------------------
# The board.

def render_board(game: Game, *, theme: str | Theme | None = None, highlight_last: bool = True,
                 candidates: Candidates = None, scale: int | None = None, recent: bool = True,
                 labels: Labels = ENGLISH) -> Image.Image:
    """The map of ``game``: a pure function of the game state.

    ``theme``: a :class:`~render.theme.Theme` or its name; default from the
    game (see :func:`~render.theme.resolve_theme`). ``highlight_last`` frames
    the latest placed tile. ``recent`` numbers the tiles placed since the
    player on turn last played (1 the oldest). ``candidates``: positions to
    mark with labels, either ``{label: (x, y)}`` or an iterable of positions
    (labelled A, B... in order of (y, x), see :mod:`render.naming`).
    ``scale``: tile size in px (default 96, shrunk so the picture stays
    within 2048 px). ``labels``: the words drawn (:class:`render.Labels`).
    """
    theme = resolve_theme(theme, game)
    return _board(game, theme, candidate_mapping(candidates), highlight_last, scale, None,
                  recent, labels)


def _board(game: Game, theme: Theme, candidates: dict[str, Position], highlight_last: bool,
           scale: int | None, inset: TileType | None, recent: bool,
           labels: Labels) -> Image.Image:
    """The map, its labels and legend; with ``inset``, that tile under the legend."""
    marked = recent_tiles(game) if recent else []
    size_guess = label_font_size(scale or DEFAULT_TILE)
    notes = size_guess + 10 if marked else 0
    frame = map_frame(game, extra=candidates.values(), scale=scale, footer=notes)
    size = inset_size(frame.width, frame.height) if inset is not None else 0
    if inset is not None:
        frame = map_frame(game, extra=candidates.values(), scale=scale,
                          footer=notes + size + 14)
    image, draw = new_picture(frame, theme)
    paint_map(image, draw, game, frame, theme, highlight_last=highlight_last, recent=marked)
    for label, (x, y) in candidates.items():
        paint_candidate(image, draw, frame, x, y, label, theme)
    paint_axes(image, frame, theme)
    entries = legend_entries(game, frame.font_size, frame.left, frame.width)
    legend_top = frame.map_box[3] + 8
    paint_legend(image, entries, legend_top, frame.font_size, theme)
    if marked:
        y = legend_top + legend_height(entries, frame.font_size)
        draw_text(image, (frame.left, y), labels.since_last_turn, frame.font_size - 2,
                  theme.label, anchor="la")
    if inset is not None:
        paint_inset(image, inset, theme, frame, labels, size)
    return image


def paint_map(image: Image.Image, draw: ImageDraw.ImageDraw, game: Game, frame: MapFrame,
              theme: Theme, *, highlight_last: bool = True,
              recent: Iterable[PlacedTile] = (),
              figure_scale: float | None = FIGURE_SCALE) -> None:
    """Empty positions, tiles, the last-tile frame, recent moves and the
    figures (``figure_scale=None``: no figures, for a caller that paints
    something under them first)."""
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
    for number, placed in enumerate(recent, start=1):
        if frame.contains(placed.x, placed.y):
            paint_recent(image, draw, frame, placed, number, game)
    if figure_scale is not None:
        paint_figures(image, game, frame, figure_scale)


def paint_figures(image: Image.Image, game: Game, frame: MapFrame,
                  scale: float = FIGURE_SCALE) -> None:
    """Every figure on the map inside the frame."""
    tiles = game.board.tiles
    for figure in game.figures:
        if frame.contains(figure.x, figure.y):
            placed = tiles[(figure.x, figure.y)]
            paint_figure(image, frame, placed, figure.segment, figure.role, figure.player,
                         scale=scale, figure=figure.figure)


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


def badge_corner(frame: MapFrame, placed: PlacedTile, game: Game) -> tuple[int, int, int, int]:
    """The box of a recent-move badge: the corner of the tile farthest from its figures."""
    t = frame.tile
    side = max(12, round(t * BADGE_SCALE))
    ox, oy = frame.origin(placed.x, placed.y)
    anchors = [figure_anchor(placed, f.segment) for f in game.figures
               if (f.x, f.y) == (placed.x, placed.y)]
    corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
    cx, cy = max(corners, key=lambda c: min((abs(c[0] - a[0]) + abs(c[1] - a[1])
                                             for a in anchors), default=9))
    left = ox + 3 if cx == 0 else ox + t - 3 - side
    top = oy + 3 if cy == 0 else oy + t - 3 - side
    return left, top, left + side, top + side


def paint_recent(image: Image.Image, draw: ImageDraw.ImageDraw, frame: MapFrame,
                 placed: PlacedTile, number: int, game: Game) -> None:
    """The order of a recent move: a white square with a black number in a tile corner."""
    box = badge_corner(frame, placed, game)
    side = box[2] - box[0]
    draw.rectangle(box, fill=WHITE, outline=BLACK, width=max(2, side // 12))
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    paste_centred(image, text_sprite(str(number), round(side * 0.72), BLACK), centre)


def paste_centred(image: Image.Image, sprite: Sprite, centre: tuple[float, float]) -> None:
    """Paste a text sprite so that its ink (not its line box) is centred on ``centre``."""
    box = sprite.ink
    if box is None:
        return
    left = round(centre[0] - (box[0] + box[2]) / 2)
    top = round(centre[1] - (box[1] + box[3]) / 2)
    paste(image, sprite.image, (left, top))


def figure_anchor(placed: PlacedTile, segment: int) -> tuple[float, float]:
    """Where a figure on ``segment`` of a placed tile stands, in the tile's unit square."""
    return tile_layout(placed.tile, placed.oriented.quarter_turns).anchor(segment)


#: Where a builder and a pig stand from their feature's anchor (tile units).
_BESIDE = {"builder": (0.17, 0.1), "pig": (-0.17, 0.12)}


def beside_anchor(anchor: tuple[float, float], figure: str) -> tuple[float, float]:
    """Where a figure of kind ``figure`` stands for a feature's ``anchor``: a
    builder or a pig beside it, kept on the tile."""
    dx, dy = _BESIDE.get(figure, (0.0, 0.0))
    return (min(0.88, max(0.12, anchor[0] + dx)), min(0.88, max(0.12, anchor[1] + dy)))


def figure_size(frame: MapFrame, scale: float = FIGURE_SCALE) -> int:
    return max(10, round(frame.tile * scale))


def paint_figure(image: Image.Image, frame: MapFrame, placed: PlacedTile, segment: int, role: str,
                 player: int, *, scale: float = FIGURE_SCALE,
                 figure: str = "meeple") -> tuple[int, int, int, int]:
    """A figure in its player's colour with their mark; returns the box it covers.
    A big follower is drawn bigger; a builder or a pig beside the feature's
    anchor, where a follower of the same feature may stand too."""
    big = figure == "big"
    size = figure_size(frame, scale * BIG_SCALE if big else scale)
    sprite = figure_sprite(role, player_colour(player), size, player_mark(player), big=big)
    cx, cy = frame.point(placed.x, placed.y, beside_anchor(
        figure_anchor(placed, segment), figure))
    left, top = cx - size // 2, cy - size // 2
    image.paste(sprite, (left, top), sprite)
    return left, top, left + size, top + size


def _blend(a: RGB, b: RGB, k: float) -> RGB:
    return (round(a[0] * (1 - k) + b[0] * k), round(a[1] * (1 - k) + b[1] * k),
            round(a[2] * (1 - k) + b[2] * k))


def paint_candidate(image: Image.Image, draw: ImageDraw.ImageDraw, frame: MapFrame, x: int,
                    y: int, label: str, theme: Theme) -> None:
    """Mark an empty position as a legal choice, with its label."""
    ox, oy = frame.origin(x, y)
    t = frame.tile
    inset = max(2, t // 24)
    draw.rectangle((ox + 1, oy + 1, ox + t - 2, oy + t - 2),
                   fill=_blend(theme.empty, theme.candidate, 0.22))
    draw.rectangle((ox + inset, oy + inset, ox + t - 1 - inset, oy + t - 1 - inset),
                   outline=theme.candidate, width=max(1, t // 40))
    size = max(9, min(48, round(t * (0.42 if len(label) == 1 else 0.32))))
    label_box(image, frame.centre(x, y), label, size)


def label_box(image: Image.Image, centre: tuple[float, float], text: str, size: int,
              fill: RGB = WHITE, ink: RGB = BLACK, *, disc: bool = False,
              ) -> tuple[int, int, int, int]:
    """Text in a white box (or disc) with a black rim, centred on ``centre``;
    returns the box."""
    box = label_box_at(centre, text, size, disc=disc)
    draw = ImageDraw.Draw(image)
    rim = max(1, size // 12)
    if disc:
        draw.ellipse(box, fill=fill, outline=ink, width=rim)
    else:
        pad = max(2, size // 5)
        draw.rounded_rectangle(box, radius=pad + 1, fill=fill, outline=ink, width=rim)
    paste_centred(image, text_sprite(text, size, ink), centre)
    return box


def label_box_at(centre: tuple[float, float], text: str, size: int, *,
                 disc: bool = False) -> tuple[int, int, int, int]:
    """The box :func:`label_box` would cover."""
    sprite = text_sprite(text, size, BLACK)
    ink = sprite.ink or (0, 0, 1, 1)
    w, h = ink[2] - ink[0], ink[3] - ink[1]
    pad = max(2, size // 5)
    if disc:
        w = h = max(w, h)
        pad = max(3, size // 3)
    cx, cy = centre
    return (round(cx - w / 2 - pad), round(cy - h / 2 - pad),
            round(cx + w / 2 + pad), round(cy + h / 2 + pad))


def paint_axes(image: Image.Image, frame: MapFrame, theme: Theme) -> None:
    """Column labels (x) above the map and row labels (y) to its left."""
    size = frame.font_size
    widest = max(text_width(str(v), size) for v in
                 (frame.x0, frame.x0 + frame.cols - 1, frame.y0, frame.y0 + frame.rows - 1))
    step = 1
    while step * frame.tile < widest + 4 and step < 10:
        step = {1: 2, 2: 5}.get(step, 10)
    half = frame.tile // 2
    for col in range(frame.cols):
        x = frame.x0 + col
        if x % step == 0 or step == 1:
            ox, _ = frame.origin(x, frame.y0)
            draw_text(image, (ox + half, frame.top - 5), str(x), size, theme.label, anchor="ms")
    for row in range(frame.rows):
        y = frame.y0 + row
        if y % step == 0 or step == 1:
            _, oy = frame.origin(frame.x0, y)
            draw_text(image, (frame.left - 6, oy + half), str(y), size, theme.label,
                      anchor="rm")


def port_segment(oriented: OrientedTile, port: str) -> int:
    """The segment of an oriented tile that a port name stands for."""
    return oriented.point_segment[PORT_INDEX[port]]


# --------------------------------------------------------------------------
# Move choices.

#: Why a record of a running game (exported without its seed) has no tile to place.
NEXT_TILE_UNKNOWN = ("the record does not say which tile comes next (the export of a running "
                     "game keeps the bag's order secret): name a tile to place")


def tile_arg(game: Game, tile: TileType | str | None) -> TileType:
    """The TileType meant by ``tile`` (None: the tile to play; an id; a TileType)."""
    if tile is None:
        if game.is_over:
            raise ValueError("the game is over: there is no tile to place")
        if game.tile is None:
            raise ValueError(NEXT_TILE_UNKNOWN)
        return game.tile
    return find_tile(tile) if isinstance(tile, str) else tile


def render_choices(game: Game, tile: TileType | str | None = None, *,
                   theme: str | Theme | None = None, labels: Labels = ENGLISH) -> Image.Image:
    """The map with every legal position of ``tile`` (default: the tile to
    play) marked by its label (:func:`render.naming.candidate_positions`),
    and the tile itself beside the legend."""
    from .naming import candidate_positions

    chosen = tile_arg(game, tile)
    candidates = candidate_positions(game, chosen)
    return _board(game, resolve_theme(theme, game), candidates, True, None, chosen, True, labels)


#: Size of the tile shown under the move choices, at least.
INSET_TILE = 96


def inset_size(width: int, height: int) -> int:
    """The size of the tile to place under a move-choice picture of a ``width`` ×
    ``height`` px map (the tile and its gap come on top): big enough that a phone,
    which shrinks the whole picture into :data:`PHONE_PICTURE` × :data:`PHONE_HEIGHT`
    px, still shows it :data:`PHONE_TILE` px wide, however wide or tall the map."""
    gap = 14
    by_width = PHONE_TILE * width / PHONE_PICTURE
    by_height = PHONE_TILE * (height + gap) / (PHONE_HEIGHT - PHONE_TILE)
    return max(INSET_TILE, math.ceil(max(by_width, by_height)))


def paint_inset(image: Image.Image, tile: TileType, theme: Theme, frame: MapFrame,
                labels: Labels, size: int) -> None:
    """The tile to place, ``size`` px, at the bottom right, with a caption. Its id is
    not drawn: the places of the picture are lettered, and a tile id (also a letter)
    beside them would read as one of them."""
    x = frame.width - size - 10
    y = frame.height - size - 8
    image.paste(tile_image(tile, 0, theme, size), (x, y))
    ImageDraw.Draw(image).rectangle((x - 1, y - 1, x + size, y + size), outline=BLACK)
    draw_text(image, (x - 10, y + size // 2), labels.to_place, max(14, frame.font_size),
              theme.label, anchor="rm")
