"""How fast the bot's pictures are: run ``python benchmarks/bench_render.py``.

Times, with the tile art cache warm (as in the running bot):
- a full 84-tile Winter Edition board: render_board + to_png;
- a move-choice image of a 60-tile Winter board: render_choices + to_png.
Prints median and 95th percentile in milliseconds. Not a test: nothing fails.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Game, Options  # noqa: E402
from engine.selfplay import play_random_moves  # noqa: E402
from render import render_board, render_choices, to_png  # noqa: E402


def seeded_game(turns: int | None, seed: int = 11) -> Game:
    """A Winter Edition game of three players, played by seeded random legal moves."""
    game = Game.new(["Ana", "Béla", "Chen"], Options(winter=True), seed=seed)
    return play_random_moves(game, random.Random(2), turns)


def measure(label: str, work, runs: int = 40) -> None:
    work()  # warm the tile-art cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    size = f" ({len(result) / 1024:.0f} KiB PNG)" if isinstance(result, bytes) else ""
    print(f"{label}: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms{size}")


def main() -> None:
    full = seeded_game(None)
    assert len(full.board.tiles) == 84, len(full.board.tiles)
    image = render_board(full)
    print(f"full board: {len(full.board.tiles)} tiles, {len(full.figures)} figures, "
          f"{image.width}x{image.height} px")
    measure("full 84-tile Winter board (render_board + to_png)",
            lambda: to_png(render_board(full)))
    measure("  of which render_board", lambda: render_board(full))
    middle = seeded_game(60)
    choices = render_choices(middle)
    print(f"move choices: {middle.tile.id} on a {len(middle.board.tiles)}-tile board, "
          f"{choices.width}x{choices.height} px")
    measure("move-choice image (render_choices + to_png)",
            lambda: to_png(render_choices(middle)))
    measure("  of which render_choices", lambda: render_choices(middle))


if __name__ == "__main__":
    main()
