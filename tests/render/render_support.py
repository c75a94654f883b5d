"""Shared helpers of the render tests: seeded games and colour checks."""

from __future__ import annotations

import random

from PIL import Image

from engine import Game, Options
from engine.selfplay import play_random_moves


def play(game: Game, turns: int | None = None, *, seed: int = 1) -> Game:
    """Play legal random moves (seeded): ``turns`` of them, or to the end."""
    return play_random_moves(game, random.Random(seed), turns)


def new_game(players=("Ana", "Béla", "Chen"), seed: int = 3, **options) -> Game:
    return Game.new(list(players), Options(**options), seed=seed)


def distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def close(a, b, tolerance: int = 12) -> bool:
    return distance(a[:3], b[:3]) <= tolerance


def nearest(colour, palette: dict[str, tuple[int, int, int]]) -> str:
    """The name of the palette colour nearest to ``colour``."""
    return min(palette, key=lambda name: (sum((colour[i] - palette[name][i]) ** 2
                                              for i in range(3)), name))


def pixels(image: Image.Image) -> list:
    """Every pixel of ``image``, row by row (``getdata`` is deprecated from Pillow 13)."""
    flattened = getattr(image, "get_flattened_data", None)
    return list(flattened() if flattened else image.getdata())
