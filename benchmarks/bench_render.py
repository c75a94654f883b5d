"""How fast and how big the bot's pictures are: ``python benchmarks/bench_render.py``.

Times, with the tile-art cache and the theme palettes warm (as in the running bot),
picture plus PNG encoding:
- the turn picture of a late Winter Edition game (5 players, hands of 3) — target
  <= 30 ms and <= 150 KB;
- the full 84-tile Winter Edition map — target <= 50 ms;
- the feature view of that map — target <= 60 ms;
- the move-choice picture of a 60-tile Winter map, for comparison.
Prints median and 95th percentile in milliseconds and the PNG size. Not a test:
nothing fails. The machine may be shared: run it twice and keep the quieter run.
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
from render import (  # noqa: E402
    render_board,
    render_choices,
    render_features,
    render_turn,
    to_png,
)

PLAYERS = ["Ana", "Béla", "王小明", "محمد", "🐉 Drache"]


def seeded_game(turns: int | None, seed: int = 11, **options) -> Game:
    """A Winter Edition game played by seeded random legal moves."""
    players = PLAYERS if options.get("hand") else PLAYERS[:3]
    game = Game.new(players, Options(winter=True, **options), seed=seed)
    return play_random_moves(game, random.Random(2), turns)


def measure(label: str, work, runs: int = 40) -> None:
    work()  # warm the tile-art cache and the theme palette
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    size = f", {len(result) / 1000:.0f} KB PNG" if isinstance(result, bytes) else ""
    print(f"{label}: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms{size}")


def main() -> None:
    late = seeded_game(60, hand=3)
    turn = render_turn(late)
    print(f"turn picture: {len(late.board.tiles)}-tile board, {turn.width}x{turn.height} px")
    measure("turn picture, late Winter game (render_turn + to_png)",
            lambda: to_png(render_turn(late)))
    full = seeded_game(None)
    assert len(full.board.tiles) == 84, len(full.board.tiles)
    image = render_board(full)
    print(f"full map: {len(full.board.tiles)} tiles, {len(full.figures)} figures, "
          f"{image.width}x{image.height} px")
    measure("full 84-tile Winter map (render_board + to_png)", lambda: to_png(render_board(full)))
    measure("  of which render_board", lambda: render_board(full))
    measure("feature view of it (render_features + to_png)",
            lambda: to_png(render_features(full)))
    middle = seeded_game(60)
    measure("move-choice picture, 60-tile Winter map (render_choices + to_png)",
            lambda: to_png(render_choices(middle)))


if __name__ == "__main__":
    main()
