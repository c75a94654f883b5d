"""Engine speed: a whole random game, and listing a tile's placements mid-game.

Run: python benchmarks/bench_engine.py [--games N]
Prints the median and p95 time of a random 2-player base game with farmers
(moves chosen as selfplay does, no invariant checks), and the median time of
listing every legal placement of the tile in hand on mid-game boards.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from engine import Game, Options
from engine.selfplay import play_random_game, random_move


def time_games(games: int, options: Options) -> list[float]:
    times = []
    for seed in range(games):
        start = time.perf_counter()
        play_random_game(2, options, seed, checks=False)
        times.append(time.perf_counter() - start)
    return times


def time_listing(boards: int, repeats: int = 200) -> list[float]:
    """Per mid-game board (36 tiles placed): time to list all placements."""
    times = []
    for seed in range(boards):
        game = Game.new(["A", "B"], Options(), seed=seed)
        rng = random.Random(seed)
        while len(game.board) < 36 and not game.is_over:
            game.play(random_move(game, rng))
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
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    base = time_games(args.games, Options(farmers="3rd"))
    hunters = time_games(args.games, Options(game="hunters-and-gatherers"))
    listing = time_listing(50)
    print(json.dumps({
        "base_game_ms_median": round(1000 * statistics.median(base), 3),
        "base_game_ms_p95": round(1000 * percentile(base, 0.95), 3),
        "hunters_game_ms_median": round(1000 * statistics.median(hunters), 3),
        "hunters_over_base": round(statistics.median(hunters) / statistics.median(base), 2),
        "placement_listing_ms_median": round(1000 * statistics.median(listing), 4),
        "placement_listing_ms_p95": round(1000 * percentile(listing, 0.95), 4),
        "games": args.games,
    }))


if __name__ == "__main__":
    main()
