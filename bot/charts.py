"""The score-over-turns chart posted with a game's final scoring (and with its history).

A plain blocking function of numbers in, PNG bytes out, drawn with Pillow;
call it through ``asyncio.to_thread`` (``bot.images.chart`` does, for a game).
One line per player in the players' colours (the renderer's palette, so a
player is the same colour on the map and here), a point after every record
entry, and the final scores last.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine import Game
from render.fonts import font
from render.theme import player_colour

WIDTH, HEIGHT = 900, 480
LEFT, RIGHT, TOP, BOTTOM = 56, 180, 24, 44
BACKGROUND = (250, 250, 247)
GRID = (222, 222, 216)
AXIS = (90, 90, 90)
TEXT = (40, 40, 40)


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
    names: Sequence[str], scores: Sequence[Sequence[int]], *, final: bool = False
) -> bytes:
    """PNG of each player's score over the game.

    ``scores[i]`` are the scores after point ``i``: the start, each record
    entry, and with ``final`` the end-of-game scoring as the last point.
    """
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small, label = font(13), font(15)
    points = max(len(scores), 2)
    top = max([max(row) for row in scores if row] + [10])
    step = _step(top)
    top = -(-top // step) * step
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM, TOP

    def x_at(i: int) -> float:
        return x0 + (x1 - x0) * i / (points - 1)

    def y_at(value: float) -> float:
        return y0 - (y0 - y1) * value / top

    for value in range(0, top + 1, step):
        y = y_at(value)
        draw.line([(x0, y), (x1, y)], fill=GRID, width=1)
        draw.text((x0 - 8, y), str(value), fill=TEXT, font=small, anchor="rm")
    turns = points - (2 if final else 1)
    tick = max(1, _step(max(turns, 1)) if turns > 12 else 1)
    for turn in range(0, turns + 1, tick):
        draw.text((x_at(turn), y0 + 8), str(turn), fill=TEXT, font=small, anchor="mt")
    if final:
        draw.text((x_at(points - 1), y0 + 8), "end", fill=TEXT, font=small, anchor="mt")
    draw.line([(x0, y0), (x1, y0)], fill=AXIS, width=2)
    draw.line([(x0, y0), (x0, y1)], fill=AXIS, width=2)
    draw.text(((x0 + x1) / 2, HEIGHT - 6), "turn", fill=TEXT, font=small, anchor="ms")

    for seat, name in enumerate(names):
        colour = player_colour(seat)
        line = [(x_at(i), y_at(row[seat])) for i, row in enumerate(scores) if seat < len(row)]
        if len(line) > 1:
            draw.line(line, fill=colour, width=3, joint="curve")
        if line:
            end_x, end_y = line[-1]
            draw.ellipse([end_x - 4, end_y - 4, end_x + 4, end_y + 4], fill=colour)
        final_score = scores[-1][seat] if scores and seat < len(scores[-1]) else 0
        legend_y = TOP + 8 + seat * 26
        draw.rectangle([x1 + 20, legend_y - 6, x1 + 36, legend_y + 6], fill=colour)
        draw.text(
            (x1 + 44, legend_y), f"{name[:14]}: {final_score}", fill=TEXT, font=label, anchor="lm"
        )

    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()
