"""The score chart (render/chart.py, drawn with render's text and palette)."""

import io

from PIL import Image
from render_support import new_game, play

from render.chart import BACKGROUND, HEIGHT, WIDTH, score_chart, score_table
from render.theme import player_colour


def test_the_legend_is_never_cut_off_and_every_name_draws():
    # Regression of issue 10: the legend ran off the right edge and emoji
    # and CJK names drew as boxes.
    names = ["Ana", "Béla Kovács-Szabó", "王小明", "محمد علي", "🐉 Drache the Magnificent of Doom"]
    game = play(new_game(names, seed=3), 20, seed=1)
    image = Image.open(io.BytesIO(score_chart(names, score_table(game)))).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    right_edge = image.crop((WIDTH - 6, 0, WIDTH, HEIGHT))
    assert all(c == BACKGROUND for _, c in right_edge.getcolors(6 * HEIGHT))
    # Each legend row has its mark disc in the player's colour and ink for the name.
    rows = [y for y in range(HEIGHT) if player_colour(0) in
            {c for _, c in image.crop((0, y, WIDTH, y + 1)).getcolors(WIDTH)}]
    assert rows
    for seat in range(len(names)):
        colours = {c for _, c in image.getcolors(WIDTH * HEIGHT)}
        assert player_colour(seat) in colours, seat


def test_black_and_white_players_lines_show_on_the_chart():
    game = play(new_game(["A", "B", "C", "D", "E"], seed=2), 30, seed=2)
    image = Image.open(io.BytesIO(score_chart(list(game.players), score_table(game))))
    colours = {c for _, c in image.convert("RGB").getcolors(WIDTH * HEIGHT)}
    assert player_colour(3) in colours and player_colour(4) in colours
    assert BACKGROUND not in (player_colour(3), player_colour(4))
