"""Engine speed: the four figures of issue 12, and a Hunters and Gatherers game.

Run: python benchmarks/bench_engine.py [--games N] [--positions N]
Prints, as JSON, medians (and the 95th percentile of whole games):

- ``game_ms``: a whole random 2-player base game with farmers (moves chosen as
  selfplay does: every legal placement equally likely, then a figure or none;
  each move checked by ``play``), from ``Game.new`` to the end. Target <= 3 ms.
- ``copy_us``: ``Game.copy()`` of a mid-game state (36 tiles on the map).
  Target <= 100 us.
- ``playout_ms``: a random playout from such a state to the end, on a copy,
  moves applied unchecked (``apply``), as a search does. Target <= 1.5 ms.
- ``listing_ms``: listing every legal placement of the tile in hand on such a
  state. Target <= 0.03 ms.
- ``expansions_game_ms``: a whole random 2-player game with Inns & Cathedrals
  and Traders & Builders (114 tiles, big followers, builders and their double
  turns, pigs, goods), measured; no target.

The machine may be shared: figures vary from run to run; compare medians.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Game, Options  # noqa: E402
from engine.selfplay import play_random_game, random_move  # noqa: E402

MID_GAME_TILES = 36


def time_games(games: int, options: Options) -> list[float]:
    times = []
    for seed in range(games):
        start = time.perf_counter()
        play_random_game(2, options, seed, checks=False)
        times.append(time.perf_counter() - start)
    return times


def mid_game(seed: int) -> Game:
    """A random 2-player base game with 36 tiles on the map."""
    game = Game.new(["A", "B"], Options(), seed=seed)
    rng = random.Random(seed)
    while len(game.board) < MID_GAME_TILES:
        game.play(random_move(game, rng))
    return game


def time_copies(positions: list[Game], repeats: int = 200) -> list[float]:
    times = []
    for game in positions:
        start = time.perf_counter()
        for _ in range(repeats):
            game.copy()
        times.append((time.perf_counter() - start) / repeats)
    return times


def time_playouts(positions: list[Game], repeats: int = 10) -> list[float]:
    rng = random.Random(0)
    times = []
    for game in positions:
        for _ in range(repeats):
            start = time.perf_counter()
            state = game.copy()
            while not state.is_over:
                state.apply(random_move(state, rng))
            times.append(time.perf_counter() - start)
    return times


def time_listing(positions: list[Game], repeats: int = 200) -> list[float]:
    times = []
    for game in positions:
        tile = game.tile
        start = time.perf_counter()
        for _ in range(repeats):
            list(game.legal_placements(tile))
        times.append((time.perf_counter() - start) / repeats)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--positions", type=int, default=50)
    args = parser.parse_args()
    base = time_games(args.games, Options(farmers="3rd"))
    hunters = time_games(args.games, Options(game="hunters-and-gatherers"))
    expansions = time_games(args.games, Options(inns_cathedrals=True, traders_builders=True))
    positions = [mid_game(seed) for seed in range(args.positions)]
    print(json.dumps({
        "game_ms": round(1000 * statistics.median(base), 3),
        "game_ms_p95": round(1000 * percentile(base, 0.95), 3),
        "copy_us": round(1e6 * statistics.median(time_copies(positions)), 2),
        "playout_ms": round(1000 * statistics.median(time_playouts(positions)), 3),
        "listing_ms": round(1000 * statistics.median(time_listing(positions)), 4),
        "hunters_game_ms": round(1000 * statistics.median(hunters), 3),
        "expansions_game_ms": round(1000 * statistics.median(expansions), 3),
        "games": args.games,
        "positions": args.positions,
    }))


if __name__ == "__main__":
    main()
