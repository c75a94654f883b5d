"""Shared helpers of the render tests: seeded games and colour checks."""

from __future__ import annotations

import random

from engine import Game, Move, Options, Placement


def play(game: Game, turns: int | None = None, *, seed: int = 1,
         figure_rate: float = 0.6) -> Game:
    """Play legal random moves (seeded): ``turns`` of them, or to the end."""
    rng = random.Random(seed)
    played = 0
    while not game.is_over and (turns is None or played < turns):
        x, y, rotations = rng.choice(sorted(game.placement_groups()))
        placement = Placement(x, y, rotations[0])
        options = game.legal_figures(placement)
        option = rng.choice(options) if options and rng.random() < figure_rate else None
        meeple = option.port if option and option.figure == "meeple" else None
        hut = option.port if option and option.figure == "hut" else None
        game.play(Move(game.tile.id, x, y, rotations[0], meeple=meeple, hut=hut))
        played += 1
    return game


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
