"""The turn picture: what a player on a phone needs to take their turn.

Discord shows a message's picture about 400 px wide on a phone until it is
tapped. This picture is cut to where the action is (the tile just placed,
the tiles placed since the player on turn last played, and the places the
next tile can go) and drawn so that, shown 400 px wide, a tile is at least
:data:`PHONE_TILE` px and every label at least :data:`PHONE_TEXT` px high.
Under the map: the tile or tiles to place, large, and the players with their
marks and scores. The whole map stays one tap away (:func:`render_board`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from .board import (
    BLACK,
    DEFAULT_TILE,
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

#: How wide a phone shows a message's picture, and what must read at that width.
PHONE_WIDTH = 400
PHONE_TILE = 56
PHONE_TEXT = 11
#: The most positions the turn picture shows across and down.
MAX_COLS, MAX_ROWS = 6, 5
TURN_TILE = DEFAULT_TILE
TURN_FIGURE = 0.42
#: Size of each tile to place.
HAND_TILE = 128
TITLE_SIZE = 28
TEXT_SIZE = 20
#: The notes under the picture: their size, the step from one line to the next
#: within a note, and the gap between two notes.
NOTE_SIZE = TEXT_SIZE - 2
NOTE_LINE = TEXT_SIZE + 2
NOTE_GAP = 8


def turn_window(game, candidates: dict[str, Position]) -> tuple[int, int, int, int]:
    """``(x0, y0, cols, rows)``: the positions the turn picture shows.

    All of the last tile, recent tiles and candidate positions if they fit in
    :data:`MAX_COLS` × :data:`MAX_ROWS`; otherwise the window of that size
    holding the last tile, away from its border (so what it joined shows
    around it), that shows the most of the others (recent tiles count
    double), nearest the last tile on a tie.
    """
    last = game.last_placed
    lx, ly = last.x, last.y
    recent = [(p.x, p.y) for p in recent_tiles(game)]
    interest = [(lx, ly), *recent, *candidates.values()]
    min_x = min(x for x, _ in interest)
    max_x = max(x for x, _ in interest)
    min_y = min(y for _, y in interest)
    max_y = max(y for _, y in interest)
    cols = min(MAX_COLS, max(3, max_x - min_x + 1))
    rows = min(MAX_ROWS, max(3, max_y - min_y + 1))
    if max_x - min_x + 1 <= cols and max_y - min_y + 1 <= rows:
        x0 = min_x - (cols - (max_x - min_x + 1)) // 2
        y0 = min_y - (rows - (max_y - min_y + 1)) // 2
        return x0, y0, cols, rows

    def score(x0: int, y0: int):
        def inside(p):
            return x0 <= p[0] < x0 + cols and y0 <= p[1] < y0 + rows
        shown = 2 * sum(map(inside, recent)) + sum(map(inside, candidates.values()))
        centre = (x0 + (cols - 1) / 2, y0 + (rows - 1) / 2)
        return shown, -abs(centre[0] - lx) - abs(centre[1] - ly), -x0, -y0

    # cols and rows are at least 3: a window can keep one tile on each side.
    x0, y0 = max(((x, y) for x in range(lx - cols + 2, lx)
                  for y in range(ly - rows + 2, ly)), key=lambda p: score(*p))
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


def turn_layout(game, labels: Labels = ENGLISH) -> TurnLayout:
    """The frame and contents of the turn picture of ``game``."""
    hand = tuple(game.hand)
    candidates = candidate_positions(game) if hand else {}
    window = turn_window(game, candidates)
    x0, y0, cols, rows = window
    shown = {k: p for k, p in candidates.items()
             if x0 <= p[0] < x0 + cols and y0 <= p[1] < y0 + rows}
    marked = tuple(recent_tiles(game))
    notes = []
    if len(shown) < len(candidates):
        notes.append(labels.more_positions(len(candidates) - len(shown)))
    if marked:
        notes.append(labels.since_last_turn)
    header = TITLE_SIZE + 22 if game.current_player is not None else 0
    # The notes are wrapped to the width of the map. More lines make the picture
    # taller, which can only narrow it (a picture too tall shrinks its tiles), so
    # wrapping again until the lines hold ends.
    wrapped = tuple((note,) for note in notes)
    while True:
        footer = (HAND_TILE + 24 if hand else 0) + notes_height(wrapped)
        frame = window_frame(game, window, scale=TURN_TILE, header=header, footer=footer,
                             scores=True)
        fitted = tuple(tuple(wrap_text(note, NOTE_SIZE, frame.width - frame.left - 8))
                       or (note,) for note in notes)
        if fitted == wrapped:
            return TurnLayout(frame, hand, shown, marked, header, wrapped)
        wrapped = fitted


def render_turn(game, *, theme=None, labels: Labels = ENGLISH) -> Image.Image:
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
    hand_width = _hand_width(layout.hand, labels)
    if hand_width + frame.left + 8 > frame.width:
        image = Image.new("RGB", (hand_width + frame.left + 8, frame.height), theme.background)
        image.info["theme"] = theme.name
        draw = ImageDraw.Draw(image)
    paint_map(image, draw, game, frame, theme, recent=layout.recent, figure_scale=TURN_FIGURE)
    for label, (x, y) in layout.candidates.items():
        paint_candidate(image, draw, frame, x, y, label, theme)
    paint_axes(image, frame, theme)
    if layout.header:
        paint_title(image, game, frame.left, layout.header, theme, labels)
    y = frame.map_box[3] + 12
    if layout.hand:
        _paint_hand(image, draw, layout.hand, frame.left, y, theme, labels)
        y += HAND_TILE + 24
    entries = legend_entries(game, frame.font_size, frame.left, frame.width, scores=True)
    paint_legend(image, entries, y - 4, frame.font_size, theme)
    y += legend_height(entries, frame.font_size)
    for lines in layout.notes:
        for line in lines:
            draw_text(image, (frame.left, y), line, NOTE_SIZE, theme.label, anchor="la")
            y += NOTE_LINE
        y += NOTE_GAP
    return image


def paint_title(image: Image.Image, game, left: int, header: int, theme, labels) -> None:
    player = game.current_player
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


def _hand_width(hand, labels: Labels) -> int:
    if not hand:
        return 0
    return text_width(labels.to_place, TEXT_SIZE) + 16 + len(hand) * (HAND_TILE + 16)


def _paint_hand(image: Image.Image, draw: ImageDraw.ImageDraw, hand, left: int, top: int,
                theme, labels: Labels) -> None:
    """"to place" and every tile in hand, large, each with its id under it."""
    draw_text(image, (left, top + HAND_TILE // 2), labels.to_place, TEXT_SIZE, theme.label,
              anchor="lm")
    x = left + text_width(labels.to_place, TEXT_SIZE) + 16
    for tile in hand:
        image.paste(tile_image(tile, 0, theme, HAND_TILE), (x, top))
        draw.rectangle((x - 1, top - 1, x + HAND_TILE, top + HAND_TILE), outline=BLACK)
        draw_text(image, (x + HAND_TILE // 2, top + HAND_TILE + 2), tile.id, TEXT_SIZE - 4,
                  theme.label, anchor="ma")
        x += HAND_TILE + 16
