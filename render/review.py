"""The picture of a reviewed turn: the move played and the AI's better one.

The game review (``engine.ai.review``) finds the turns where a player lost
the most expected points. Each is drawn as the turn picture of that moment
(the map around the action, the player on turn in the title, the scores as
they stood) with both moves on it: the AI's choice drawn in place, framed,
its follower standing in the player's colour and mark, with a ✓ badge; the
move played faded, with a ✗ badge (where both are at the same position,
the AI's is drawn and the ✗ badge sits beside the ✓). Colour is never the
only cue: the badges and the fading tell the two apart, and the key under
the map says which is which.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from .board import (
    BLACK,
    WHITE,
    figure_size,
    label_box,
    legend_entries,
    legend_height,
    paint_axes,
    paint_highlight,
    paint_legend,
    paint_map,
    tile_arg,
    window_frame,
)
from .figures import figure_sprite
from .labels import ENGLISH, Labels
from .layout import tile_layout
from .text import draw_text, wrap_text
from .theme import player_colour, player_mark, resolve_theme
from .tileart import tile_image
from .turn import (
    MAX_COLS,
    MAX_ROWS,
    NOTE_GAP,
    NOTE_LINE,
    NOTE_SIZE,
    TITLE_SIZE,
    TURN_FIGURE,
    TURN_TILE,
    paint_title,
)

if TYPE_CHECKING:
    from engine import Game, Place, PlacedTile

    from .board import MapFrame
    from .theme import Theme

#: The badges of the two moves (symbols, not words).
BETTER_MARK, PLAYED_MARK = "\u2713", "\u2717"
#: How much of the background shows through the move played.
FADE = 0.55


def render_review(game: Game, better: Place, played: Place, *, points: str,
                  theme: str | Theme | None = None, labels: Labels = ENGLISH) -> Image.Image:
    """The turn of ``game`` (the position before the move, the player on turn
    to play) with the AI's ``better`` move and the move ``played`` drawn on it
    (each an ``engine.Place`` legal there); ``points``: how many expected
    points the better move is worth more, as the reader writes numbers ("2.5").

    Both moves are shown in one window of the map when they fit in a phone's
    width (at most :data:`~render.turn.MAX_COLS` × :data:`~render.turn.MAX_ROWS`
    positions); else the AI's move in a window above and the move played in
    one below it."""
    theme = resolve_theme(theme, game)
    same_place = (better.x, better.y) == (played.x, played.y)
    key = [labels.review_better.format(points=points),
           labels.review_played_here if same_place else labels.review_played]
    header = TITLE_SIZE + 22
    windows = _windows(game, better, played)
    frames = [window_frame(game, windows[0], scale=TURN_TILE, header=header, legend=False)]
    if len(windows) > 1:
        below = window_frame(game, windows[1], scale=TURN_TILE, legend=False)
        frames.append(replace(below, top=frames[0].map_box[3] + below.top))
    width = max(frame.width for frame in frames)
    first = frames[0]
    entries = legend_entries(game, first.font_size, first.left, width, scores=True)
    notes = [wrap_text(text, NOTE_SIZE, width - first.left - 2 * NOTE_SIZE - 8)
             for text in key]
    height = (frames[-1].map_box[3] + 12 + legend_height(entries, first.font_size)
              + sum(len(lines) * NOTE_LINE + NOTE_GAP for lines in notes))
    image = Image.new("RGB", (width, height), theme.background)
    image.info["theme"] = theme.name
    draw = ImageDraw.Draw(image)
    for frame in frames:
        paint_map(image, draw, game, frame, theme, highlight_last=False,
                  figure_scale=TURN_FIGURE)
    played_frame = frames[-1]
    if not same_place:
        _paint_move(image, played_frame, game, played, theme, fade=True)
        _badge(image, played_frame, played, PLAYED_MARK, corner=0)
    _paint_move(image, first, game, better, theme, fade=False)
    paint_highlight(draw, first, better.x, better.y, colour=theme.candidate)
    _badge(image, first, better, BETTER_MARK, corner=0)
    if same_place:
        _badge(image, first, better, PLAYED_MARK, corner=1)
    for frame in frames:
        paint_axes(image, frame, theme)
    paint_title(image, game, first.left, header, theme, labels)
    y = frames[-1].map_box[3] + 12
    paint_legend(image, entries, y - 4, first.font_size, theme)
    y += legend_height(entries, first.font_size)
    for mark, lines in zip((BETTER_MARK, PLAYED_MARK), notes):
        label_box(image, (first.left + NOTE_SIZE // 2 + 4, y + NOTE_SIZE // 2 + 2), mark,
                  NOTE_SIZE, WHITE, BLACK)
        for line in lines:
            draw_text(image, (first.left + 2 * NOTE_SIZE + 4, y), line, NOTE_SIZE, theme.label,
                      anchor="la")
            y += NOTE_LINE
        y += NOTE_GAP
    return image


def _windows(game: Game, better: Place, played: Place) -> list[tuple[int, int, int, int]]:
    """The window around both moves (and the tile placed last, if it fits too), or
    if they are too far apart for one, a window around each."""
    last = game.last_placed
    both: list[Place | PlacedTile] = [better, played]
    for points in ([*both, last], both):
        xs = [p.x for p in points]
        ys = [p.y for p in points]
        cols, rows = max(xs) - min(xs) + 3, max(ys) - min(ys) + 3
        if cols <= MAX_COLS and rows <= MAX_ROWS:
            return [(min(xs) - 1, min(ys) - 1, max(cols, 3), max(rows, 3))]
    return [(move.x - 2, move.y - 1, 5, 3) for move in (better, played)]


def _paint_move(image: Image.Image, frame: MapFrame, game: Game, move: Place, theme: Theme, *,
               fade: bool) -> None:
    """The tile of ``move`` in place and its figure, if any, in the colour and
    mark of the player on turn."""
    tile = tile_arg(game, move.tile)
    quarter = move.rotation // 90
    picture = tile_image(tile, quarter, theme, frame.tile)
    if fade:
        picture = Image.blend(picture, Image.new("RGB", picture.size, theme.empty), FADE)
    image.paste(picture, frame.origin(move.x, move.y))
    if move.figure is None:
        return
    option = next(option for option in game.legal_figures(move.placement, tile)
                  if option.figure == move.figure and move.port in option.ports)
    player = game.current_player
    assert player is not None, "a review is of the player on turn's move"
    size = figure_size(frame, TURN_FIGURE * 1.2)
    sprite = figure_sprite(option.role, player_colour(player), size, player_mark(player))
    cx, cy = frame.point(move.x, move.y, tile_layout(tile, quarter).anchor(option.segment))
    image.paste(sprite, (cx - size // 2, cy - size // 2), sprite)


def _badge(image: Image.Image, frame: MapFrame, move: Place, mark: str, *, corner: int) -> None:
    """A ✓ or ✗ in the top-left (``corner`` 0) or top-right (1) corner of a position."""
    ox, oy = frame.origin(move.x, move.y)
    size = max(12, round(frame.tile * 0.26))
    x = ox + size // 2 + 4 if corner == 0 else ox + frame.tile - size // 2 - 4
    label_box(image, (x, oy + size // 2 + 4), mark, size, WHITE, BLACK)
