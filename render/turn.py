"""The turn picture: what a player on a phone needs to take their turn.

The bot sends it as a picture of its own, outside the embed, so that Discord
shows it at the message's whole width: on a 400 px phone that is
:data:`PHONE_PICTURE` px (the avatar's gutter and the margins taken off). An
embed's image would be squeezed into a box about 400×300 px, and a tall
picture in it shrinks to a third. This picture is cut to where the action is
(the tile just placed, the tiles placed since the player on turn last played,
and the places the next tile can go), at most :data:`MAX_COLS` tiles across,
so that shown :data:`PHONE_PICTURE` px wide a tile is at least
:data:`PHONE_TILE` px and every label at least :data:`PHONE_TEXT` px high.
Under the map: the tile or tiles to place, no wider than the map, and the
players with their marks and scores. What the picture leaves out it says is
on the whole map, which letters every place and numbers every recent tile
(:func:`render_board`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from .board import (
    BLACK,
    DEFAULT_TILE,
    PHONE_PICTURE,
    PHONE_TILE,
    MapFrame,
    legend_entries,
    legend_height,
    new_picture,
    paint_axes,
    paint_candidate,
    paint_legend,
    paint_map,
    recent_tiles,
    window_frame,
)
from .figures import figure_sprite
from .labels import ENGLISH, Labels
from .naming import Position, candidate_positions
from .text import draw_text, fit_text, text_width, wrap_text
from .theme import player_colour, player_mark, resolve_theme
from .tileart import tile_image

if TYPE_CHECKING:
    from engine import Game, TileType

    from .theme import Theme

#: The smallest text that must read on a phone (:data:`PHONE_PICTURE` wide).
PHONE_TEXT = 11
#: The most positions the turn picture shows across and down: five across keep a
#: tile 56 px at :data:`PHONE_PICTURE`; four down keep the map wider than tall.
MAX_COLS, MAX_ROWS = 5, 4
TURN_TILE = DEFAULT_TILE
TURN_FIGURE = 0.42
#: Size of each tile to place, at most (a hand of three shrinks to the map's width).
HAND_TILE = 128
TITLE_SIZE = 28
TEXT_SIZE = 22
#: The notes under the picture: their size, the step from one line to the next
#: within a note, and the gap between two notes.
NOTE_SIZE = TEXT_SIZE - 2
NOTE_LINE = TEXT_SIZE + 2
NOTE_GAP = 8


def turn_window(game: Game, candidates: dict[str, Position],
                max_cols: int = MAX_COLS) -> tuple[int, int, int, int]:
    """``(x0, y0, cols, rows)``: the positions the turn picture shows.

    All of the last tile, recent tiles and candidate positions if they fit in
    ``max_cols`` × :data:`MAX_ROWS`; otherwise the window of that size holding
    the last tile that shows the most recent tiles (what the player missed),
    then keeps the last tile away from its border (so what it joined shows
    around it), then shows the most places, then the most of the map, the last
    tile nearest its middle on a tie.
    """
    last = game.last_placed
    lx, ly = last.x, last.y
    recent = [(p.x, p.y) for p in recent_tiles(game)]
    placed = list(game.board.tiles)
    interest = [(lx, ly), *recent, *candidates.values()]
    min_x = min(x for x, _ in interest)
    max_x = max(x for x, _ in interest)
    min_y = min(y for _, y in interest)
    max_y = max(y for _, y in interest)
    # At least three across (a tile of map each side of the last one), one more per
    # extra tile in hand so that the hand, under the map, is drawn large.
    cols = min(max_cols, max(2 + max(1, len(game.hand)), max_x - min_x + 1))
    rows = min(MAX_ROWS, max(3, max_y - min_y + 1))
    if max_x - min_x + 1 <= cols and max_y - min_y + 1 <= rows:
        x0 = min_x - (cols - (max_x - min_x + 1)) // 2
        y0 = min_y - (rows - (max_y - min_y + 1)) // 2
        return x0, y0, cols, rows

    def score(x0: int, y0: int) -> tuple[float, ...]:
        def inside(p: Sequence[int]) -> bool:
            return x0 <= p[0] < x0 + cols and y0 <= p[1] < y0 + rows
        centre = (x0 + (cols - 1) / 2, y0 + (rows - 1) / 2)
        inner = x0 < lx < x0 + cols - 1 and y0 < ly < y0 + rows - 1
        return (sum(map(inside, recent)), inner, sum(map(inside, candidates.values())),
                sum(map(inside, placed)), -abs(centre[0] - lx) - abs(centre[1] - ly), -x0, -y0)

    x0, y0 = max(((x, y) for x in range(lx - cols + 1, lx + 1)
                  for y in range(ly - rows + 1, ly + 1)), key=lambda p: score(*p))
    return x0, y0, cols, rows


@dataclass(frozen=True)
class TurnLayout:
    """What the turn picture shows and where (see :func:`turn_layout`)."""

    frame: MapFrame
    hand: tuple
    candidates: dict[str, Position]  # the lettered positions inside the window
    recent: tuple
    header: int
    #: Each note under the picture as the lines it is drawn in, within its width.
    notes: tuple[tuple[str, ...], ...]

    @property
    def notes_height(self) -> int:
        return notes_height(self.notes)


def notes_height(notes: tuple[tuple[str, ...], ...]) -> int:
    """How much height the notes take, each in its lines."""
    return sum(len(lines) * NOTE_LINE + NOTE_GAP for lines in notes)


def phone_tile(width: int, tile: int = TURN_TILE) -> float:
    """How wide a ``tile``-px tile looks in a picture ``width`` px wide on a phone."""
    return tile * PHONE_PICTURE / max(PHONE_PICTURE, width)


def phone_window(game: Game, candidates: dict[str, Position]) -> tuple[int, int, int, int]:
    """:func:`turn_window` with as many columns as keep a tile :data:`PHONE_TILE` px
    on a phone: the row labels' gutter grows with the numbers ("-18"), and takes
    its room from the map."""
    for max_cols in range(MAX_COLS, 3, -1):
        window = turn_window(game, candidates, max_cols)
        width = window_frame(game, window, scale=TURN_TILE, legend=False).width
        if phone_tile(width) >= PHONE_TILE:
            return window
    return turn_window(game, candidates, 3)


def turn_layout(game: Game, labels: Labels = ENGLISH) -> TurnLayout:
    """The frame and contents of the turn picture of ``game``."""
    hand = tuple(game.hand)
    candidates = candidate_positions(game) if hand else {}
    window = phone_window(game, candidates)
    x0, y0, cols, rows = window
    shown = {k: p for k, p in candidates.items()
             if x0 <= p[0] < x0 + cols and y0 <= p[1] < y0 + rows}
    marked = tuple(recent_tiles(game))
    notes = []
    if len(shown) < len(candidates):
        notes.append(labels.more_positions(len(candidates) - len(shown)))
    if marked:
        notes.append(labels.since_last_turn)
        # The numbers the window leaves out, said with where they are.
        away = [str(number) for number, placed in enumerate(marked, start=1)
                if not (x0 <= placed.x < x0 + cols and y0 <= placed.y < y0 + rows)]
        if away:
            notes.append(labels.recent_elsewhere.format(numbers=", ".join(away)))
    header = TITLE_SIZE + 22 if game.current_player is not None else 0
    # The notes are wrapped to the width of the map. More lines make the picture
    # taller, which can only narrow it (a picture too tall shrinks its tiles), so
    # wrapping again until the lines hold ends.
    wrapped: tuple[tuple[str, ...], ...] = tuple((note,) for note in notes)
    while True:
        footer = (HAND_TILE + 12 if hand else 0) + notes_height(wrapped)
        frame = window_frame(game, window, scale=TURN_TILE, header=header, footer=footer,
                             scores=True)
        fitted = tuple(tuple(wrap_text(note, NOTE_SIZE, frame.width - frame.left - 8))
                       or (note,) for note in notes)
        if fitted == wrapped:
            return TurnLayout(frame, hand, shown, marked, header, wrapped)
        wrapped = fitted


def render_turn(game: Game, *, theme: str | Theme | None = None,
                labels: Labels = ENGLISH) -> Image.Image:
    """The turn picture of ``game``, for the message that calls the next player.

    The map around the action with the legal positions of the tile to play
    lettered as on the move-choice picture (:func:`render.candidate_positions`),
    the tiles placed since the player on turn last played numbered 1, 2, 3...,
    then every tile in hand, large, and the players with marks and scores.
    Once the game is over: the last move and the final scores.
    """
    theme = resolve_theme(theme, game)
    layout = turn_layout(game, labels)
    frame = layout.frame
    image, draw = new_picture(frame, theme)
    paint_map(image, draw, game, frame, theme, recent=layout.recent, figure_scale=TURN_FIGURE)
    for label, (x, y) in layout.candidates.items():
        paint_candidate(image, draw, frame, x, y, label, theme)
    paint_axes(image, frame, theme)
    if layout.header:
        paint_title(image, game, frame.left, layout.header, theme, labels)
    y = frame.map_box[3] + 12
    if layout.hand:
        _paint_hand(image, draw, layout.hand, frame, y, theme, labels)
        y += HAND_TILE + 12
    entries = legend_entries(game, frame.font_size, frame.left, frame.width, scores=True)
    paint_legend(image, entries, y - 4, frame.font_size, theme)
    y += legend_height(entries, frame.font_size)
    for lines in layout.notes:
        for line in lines:
            draw_text(image, (frame.left, y), line, NOTE_SIZE, theme.label, anchor="la")
            y += NOTE_LINE
        y += NOTE_GAP
    return image


def paint_title(image: Image.Image, game: Game, left: int, header: int, theme: Theme,
                labels: Labels) -> None:
    player = game.current_player
    assert player is not None, "the turn picture is of the player on turn"
    size = TITLE_SIZE + 8
    sprite = figure_sprite("knight", player_colour(player), size, player_mark(player))
    middle = header // 2 + 2
    image.paste(sprite, (left, middle - size // 2), sprite)
    start = left + size + 8
    # A long name is cut with an ellipsis so the title ends inside the picture.
    room = image.width - start - 8 - text_width(labels.turn_title.format(name=""), TITLE_SIZE)
    name = fit_text(" ".join(str(game.players[player]).split()), TITLE_SIZE, room)
    title = labels.turn_title.format(name=name)
    draw_text(image, (start, middle), title, TITLE_SIZE, theme.label, anchor="lm")


def hand_tile(hand: Sequence[TileType], frame: MapFrame, labels: Labels) -> int:
    """The size of each tile in hand: :data:`HAND_TILE`, or less so that "to place"
    and the whole hand fit in the map's width (a wider picture would shrink every
    tile of the map on a phone)."""
    room = frame.width - frame.left - 8 - text_width(labels.to_place, TEXT_SIZE) - 16
    return max(TURN_TILE // 2, min(HAND_TILE, room // len(hand) - 16))


def _paint_hand(image: Image.Image, draw: ImageDraw.ImageDraw, hand: Sequence[TileType],
                frame: MapFrame, top: int, theme: Theme, labels: Labels) -> None:
    """"to place" and every tile in hand, within the map's width. No tile id is drawn:
    the places are lettered, and a tile's id (a letter too) would read as one of them;
    the messages name the tiles."""
    size = hand_tile(hand, frame, labels)
    left = frame.left
    draw_text(image, (left, top + HAND_TILE // 2), labels.to_place, TEXT_SIZE, theme.label,
              anchor="lm")
    x = left + text_width(labels.to_place, TEXT_SIZE) + 16
    for tile in hand:
        y = top + (HAND_TILE - size) // 2
        image.paste(tile_image(tile, 0, theme, size), (x, y))
        draw.rectangle((x - 1, y - 1, x + size, y + size), outline=BLACK)
        x += size + 16
