"""Redraw the reference pictures of this folder: ``python docs/images/make_images.py``.

Every picture comes from a seeded game played by random legal moves, so the
output is the same on every run (and shows what the bot posts).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from PIL import Image  # noqa: E402

from engine import Game, Options  # noqa: E402
from engine.selfplay import play_random_moves  # noqa: E402
from engine.tilesets import tile_set  # noqa: E402
from render import (  # noqa: E402
    render_board,
    render_choices,
    render_features,
    render_hand,
    render_preview,
    render_tile,
    render_turn,
    to_png,
)
from render.text import draw_text  # noqa: E402
from render.theme import get_theme, theme_for_tile  # noqa: E402
from render.turn import PHONE_PICTURE  # noqa: E402
from render.vision import DEFICIENCIES, simulate_image  # noqa: E402


def played(players, options: Options, turns: int | None, seed: int) -> Game:
    return play_random_moves(Game.new(players, options, seed=seed), random.Random(seed), turns)


def save(name: str, image: Image.Image) -> None:
    (HERE / name).write_bytes(to_png(image))
    print(f"{name}: {image.width}x{image.height}")


def tile_sheet(set_name: str, theme_name: str | None = None, size: int = 96) -> Image.Image:
    tiles = list(tile_set(set_name).values())
    theme = get_theme(theme_name) if theme_name else theme_for_tile(tiles[0])
    cols = 12
    rows = (len(tiles) + cols - 1) // cols
    label = 14
    sheet = Image.new("RGB", (8 + cols * (size + 8), 8 + rows * (size + label + 12)),
                      theme.background)
    for i, tile in enumerate(tiles):
        x = 8 + (i % cols) * (size + 8)
        y = 8 + (i // cols) * (size + label + 12)
        sheet.paste(render_tile(tile, theme=theme, size=size), (x, y))
        draw_text(sheet, (x + size // 2, y + size + 3), tile.id, label, theme.label, anchor="ma")
    return sheet


def phone(image: Image.Image) -> Image.Image:
    """The picture as a 400 px phone shows it: at the message's width, 312 px."""
    width = PHONE_PICTURE
    return image.resize((width, round(image.height * width / image.width)),
                        Image.Resampling.LANCZOS)


def main() -> None:
    players = ["Ana", "Béla", "Chen", "Dóra"]
    base = played(players, Options(), 36, seed=8)
    save("board-classic.png", render_board(base))
    # Five players whose names need the CJK and emoji fonts and right-to-left text.
    world = ["Ana", "王小明", "محمد", "🐉 Drache", "Ελένη"]
    five = played(world, Options(winter=True, hand=3), 55, seed=11)
    turn = render_turn(five)
    save("turn-winter.png", turn)
    save("turn-winter-phone.png", phone(turn))
    save("board-five-players.png", render_board(five))
    features = render_features(five)
    save("features-winter.png", features)
    save("features-classic.png", render_features(base))
    for deficiency in DEFICIENCIES:
        save(f"cvd-{deficiency}.png", simulate_image(phone(turn), deficiency))
    save("choices-classic.png", render_choices(base))
    early = played(players, Options(), 10, seed=8)
    best = max(early.legal_placements("L"), key=lambda p: (len(early.legal_figures(p, "L")), p))
    save("preview-classic.png", render_preview(early, best, "L"))
    save("hand-classic.png", render_hand(["V", "L", "M"]))
    save("board-winter.png", render_board(played(players[:3], Options(winter=True), None, 5)))
    save("board-river.png", render_board(played(players[:2], Options(river=True), 24, 2)))
    hunters = played(players + ["Emre"], Options(game="hunters-and-gatherers"), 45, 4)
    save("board-hunters.png", render_board(hunters))
    save("choices-hunters.png", render_choices(hunters))
    save("tiles-base.png", tile_sheet("base"))
    save("tiles-river.png", tile_sheet("river"))
    save("tiles-winter.png", tile_sheet("winter", "winter"))
    save("tiles-hunters.png", tile_sheet("hunters"))


if __name__ == "__main__":
    main()
