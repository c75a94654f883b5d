"""The score-over-turns chart: a PNG with a line in each player's colour."""

from __future__ import annotations

import io

from PIL import Image

from engine import Game, Place
from render.chart import HEIGHT, WIDTH, score_chart, score_table
from render.theme import player_colour


def test_the_chart_draws_each_player_in_their_colour() -> None:
    game = Game.new(["Ana", "Béla", "Chen"], seed=7)
    for _ in range(30):
        placement = next(game.legal_placements())
        game.play(Place(game.tile.id, placement.x, placement.y, placement.rotation))
    game.end()
    table = score_table(game)
    assert len(table) == game.turn + 2  # the start, every entry, the final scoring
    assert table[-1] == tuple(game.scores)
    png = score_chart(list(game.players), table, final=True)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    colours = {colour for _count, colour in image.getcolors(WIDTH * HEIGHT)}
    assert all(player_colour(seat) in colours for seat in range(3))
