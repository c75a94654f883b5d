"""The score-over-turns chart posted with a game's final scoring (and with its history).

A plain blocking function of numbers in, PNG bytes out, drawn with Pillow;
the bot calls it through ``asyncio.to_thread`` (``bot.images.chart`` does, for a game).
One line per player in the players' colours (the renderer's palette, so a
player is the same colour on the map and here) ending in their mark, a point
after every record entry, and the final scores last. Words come from
:class:`render.Labels`; names in any script draw through :mod:`render.text`.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine import Game

from .labels import ENGLISH, Labels
from .text import draw_text, fit_text, text_width
from .theme import ink_on, player_colour, player_mark

#: Near the size Discord shows an embed's image (at most 400 px wide on a desktop,
#: about 280 on a phone), with letters big enough to read there: at 900 px with 15 px
#: letters, a desktop showed them under 7 px high and a phone 5 px.
WIDTH, HEIGHT = 560, 340
#: The height of the axes' numbers, in the picture's pixels (the legend's are larger).
CHART_TEXT = 19
LEFT, TOP, BOTTOM = 50, 70, 60
#: Mid grey: the palette has black and white players, and both read on it.
BACKGROUND = (150, 154, 160)
GRID = (168, 172, 178)
AXIS = (40, 40, 40)
TEXT = (16, 16, 16)
#: The legend column is as wide as its longest entry, up to this share of the picture.
LEGEND_SHARE = 0.4


def score_table(game: Game) -> list[tuple[int, ...]]:
    """Scores after the start and after each record entry, then the final scores if over."""
    rows = [tuple(0 for _ in game.players), *game.after_turn]
    if game.is_over:
        rows.append(tuple(game.scores))
    return rows


def _step(top: int) -> int:
    """A round grid step giving about five lines up to ``top``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if top / step <= 6:
            return step
    return 1000


def score_chart(
    names: Sequence[str], scores: Sequence[Sequence[int]], *, final: bool = False,
    labels: Labels = ENGLISH,
) -> bytes:
    """PNG of each player's score over the game.

    ``scores[i]`` are the scores after point ``i``: the start, each record
    entry, and with ``final`` the end-of-game scoring as the last point.
    Each line is in the player's colour, edged in black or white so every
    colour shows, and ends in the player's mark; the legend beside it gives
    mark, name and score, every name drawn in full unless it would leave the
    picture, then shortened with an ellipsis.
    """
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small, label = CHART_TEXT, CHART_TEXT + 2
    finals = [str(scores[-1][seat]) if scores and seat < len(scores[-1]) else "0"
              for seat in range(len(names))]
    legend_w = min(round(WIDTH * LEGEND_SHARE),
                   max((text_width(n, label) + text_width(f, label) for n, f in
                        zip(names, finals)), default=0) + 90)
    points = max(len(scores), 2)
    top = max([max(row) for row in scores if row] + [10])
    step = _step(top)
    top = -(-top // step) * step
    x0, x1, y0, y1 = LEFT, WIDTH - legend_w - 16, HEIGHT - BOTTOM, TOP

    def x_at(i: int) -> float:
        return x0 + (x1 - x0) * i / (points - 1)

    def y_at(value: float) -> float:
        return y0 - (y0 - y1) * value / top

    draw_text(image, (12, 8), fit_text(labels.chart_title, 23, WIDTH - 24), 23, TEXT,
              anchor="la")
    for value in range(0, top + 1, step):
        y = y_at(value)
        draw.line([(x0, y), (x1, y)], fill=GRID, width=1)
        draw_text(image, (x0 - 8, y), str(value), small, TEXT, anchor="rm")
    turns = points - (2 if final else 1)
    tick = max(1, _step(max(turns, 1)) if turns > 12 else 1)
    for turn in range(0, turns + 1, tick):
        draw_text(image, (x_at(turn), y0 + 8), str(turn), small, TEXT, anchor="ma")
    if final:
        draw_text(image, (x_at(points - 1), y0 + 8), labels.chart_end, small, TEXT, anchor="ma")
    draw.line([(x0, y0), (x1, y0)], fill=AXIS, width=2)
    draw.line([(x0, y0), (x0, y1)], fill=AXIS, width=2)
    draw_text(image, ((x0 + x1) / 2, HEIGHT - 6), labels.chart_turn, small, TEXT, anchor="md")
    draw_text(image, (x0, y1 - 6), labels.chart_points, small, TEXT, anchor="ld")

    for seat in range(len(names)):
        colour = player_colour(seat)
        edge = ink_on(colour)
        line = [(x_at(i), y_at(row[seat])) for i, row in enumerate(scores) if seat < len(row)]
        if len(line) > 1:
            draw.line(line, fill=edge, width=7, joint="curve")
            draw.line(line, fill=colour, width=3, joint="curve")
        if line:
            _mark(image, draw, line[-1], seat, 9)
        legend_y = TOP + 12 + seat * 34
        _mark(image, draw, (x1 + 32, legend_y), seat, 13)
        # Name and score apart: a right-to-left name must not carry the score to its left.
        score_left = draw_text(image, (WIDTH - 12, legend_y), finals[seat], label, TEXT,
                               anchor="rm")[0]
        name = fit_text(names[seat], label, score_left - 12 - (x1 + 52))
        draw_text(image, (x1 + 52, legend_y), name, label, TEXT, anchor="lm")

    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _mark(image: Image.Image, draw: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int,
          r: int) -> None:
    """The player's mark in a disc of their colour."""
    colour = player_colour(seat)
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=ink_on(colour), width=2)
    draw_text(image, (cx, cy), player_mark(seat), round(r * 1.4), ink_on(colour), anchor="mm")


#: Drawn near the size Discord shows an embed's image (at most 400 px wide on a
#: desktop, about 280 on a phone), with letters big enough to read there: at 600 px
#: and 14 px letters a phone showed the numbers 6 px high.
RATING_WIDTH, RATING_HEIGHT = 480, 240
RATING_LINE = (30, 90, 200)
#: The height of the chart's numbers, in the picture's pixels.
RATING_TEXT = 19
#: At most this many grid lines' steps up the rating axis.
RATING_STEPS = 4
#: A dot for each game while there are at most this many.
RATING_DOTS = 30


def rating_chart(ratings: Sequence[int], *, title: str = "", colour_seat: int | None = None
                 ) -> bytes:
    """PNG of a player's rating after each of their rated games (issue 22): a small
    line chart, ``ratings[0]`` the rating before the first game, a dot per game
    while they are few, the last value marked and written at the end of the line.
    ``title`` is drawn at the top-left; ``colour_seat`` draws the line in that
    seat's colour (default: a plain blue)."""
    image = Image.new("RGB", (RATING_WIDTH, RATING_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small = RATING_TEXT
    values = list(ratings) or [0]
    if len(values) == 1:
        values = values * 2
    low, high = min(values), max(values)
    if high - low < 100:  # a short or flat history: a range of 100 around it
        middle = (low + high) // 2
        low, high = middle - 50, middle + 50
    step = next((s for s in (25, 50, 100, 200, 250, 500, 1000)
                 if (high - low) / s <= RATING_STEPS - 1), 2000)
    low = (low // step) * step
    high = max(-(-high // step) * step, low + step)
    ticks = range(low, high + 1, step)
    x0 = 18 + max(text_width(str(value), small) for value in ticks)
    x1 = RATING_WIDTH - 24 - text_width(str(values[-1]), small + 1)
    y0, y1 = RATING_HEIGHT - 22, 56

    def x_at(i: int) -> float:
        return x0 + (x1 - x0) * i / (len(values) - 1)

    def y_at(value: float) -> float:
        return y0 - (y0 - y1) * (value - low) / (high - low)

    if title:
        draw_text(image, (12, 10), fit_text(title, 22, RATING_WIDTH - 24), 22, TEXT,
                  anchor="la")
    for value in ticks:
        y = y_at(value)
        draw.line([(x0, y), (x1, y)], fill=GRID, width=2)
        draw_text(image, (x0 - 6, y), str(value), small, TEXT, anchor="rm")
    draw.line([(x0, y0), (x1, y0)], fill=AXIS, width=2)
    draw.line([(x0, y0), (x0, y1)], fill=AXIS, width=2)
    colour = player_colour(colour_seat) if colour_seat is not None else RATING_LINE
    line = [(x_at(i), y_at(v)) for i, v in enumerate(values)]
    draw.line(line, fill=ink_on(colour), width=8, joint="curve")
    draw.line(line, fill=colour, width=4, joint="curve")
    if len(values) <= RATING_DOTS:
        for x, y in line[1:-1]:
            draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=colour, outline=ink_on(colour))
    cx, cy = line[-1]
    draw.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=colour, outline=ink_on(colour), width=2)
    draw_text(image, (cx + 12, cy), str(values[-1]), small + 1, TEXT, anchor="lm")
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()
