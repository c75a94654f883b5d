"""Ratings at scale (issue 22): the end of a rated game (its statistics stored and its
players' OpenSkill ratings updated, in one transaction) and the leaderboard and
profile queries, with 10,000 rated games in one server.

Run: python benchmarks/bench_ratings.py [--database FILE_OR_URL] [--games 10000]
[--players 300] [--queries 300]

Without ``--database``, a new SQLite file in a temporary folder; a
``postgresql://`` URL (an empty database) runs the same on PostgreSQL. Each game
seats 2 to 5 of ``--players`` members at random and ends as one of four games
played to their end by the engine's first legal moves (so the statistics and
places are real ones); each end is :func:`bot.app.results.record_end` in its own
transaction, as the bot does when a game ends. Then ``--queries`` leaderboard
pages (random page) and profiles (random member) are read through
:class:`bot.app.ratings.Ratings`.

Printed, never asserted: median and p95 of each, in milliseconds, by
``time.perf_counter``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app.ratings import PAGE_SIZE, Ratings  # noqa: E402
from bot.app.results import record_end  # noqa: E402
from bot.storage import Player  # noqa: E402
from bot.storage.databases import open_storage  # noqa: E402
from engine import Game, Options, Place  # noqa: E402

GUILD = 1 << 22
KIND = "carcassonne"
START = datetime(2026, 1, 1, tzinfo=UTC)


def finished_game(players: int, seed: int) -> Game:
    """A game of ``players`` played to its end by first legal placements."""
    game = Game.new([f"p{n}" for n in range(players)], Options(), seed=seed)
    while not game.is_over:
        placement = next(game.legal_placements(), None)
        if placement is None:
            game.end()
            break
        game.play(Place(game.tile.id, *placement))
    return game


def figures(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"{name}: n={len(ms)} median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms"


async def main(database: str, games: int, players: int, queries: int) -> None:
    rng = random.Random(22)
    ended = {n: finished_game(n, seed=n) for n in range(2, 6)}
    storage = await open_storage(database)
    try:
        pool = [Player(1000 + n, f"member {n}") for n in range(players)]
        updates: list[float] = []
        began = time.perf_counter()
        for n in range(games):
            seated = tuple(rng.sample(pool, rng.randint(2, 5)))
            now = START + timedelta(minutes=n)
            async with storage.transaction() as tx:
                row = await tx.insert_game(guild_id=GUILD, channel_id=n + 1, host=seated[0],
                                           options={"game": KIND}, now=now, rated=True)
            row = replace(row, players=seated, rated=True)
            game = ended[len(seated)]
            start = time.perf_counter()
            async with storage.transaction() as tx:
                await record_end(tx, row, game, now)
            updates.append(time.perf_counter() - start)
        print(f"{games} rated games ended in {time.perf_counter() - began:.1f} s "
              f"({database.split('://')[0] if '://' in database else 'SQLite'})")
        print(figures("end of a rated game (statistics + ratings, one transaction)", updates))
        ratings = Ratings(storage, lambda: START)
        size = (await ratings.leaderboard(GUILD, KIND)).pages
        boards, profiles = [], []
        for _ in range(queries):
            page = rng.randrange(size)
            start = time.perf_counter()
            board = await ratings.leaderboard(GUILD, KIND, page)
            boards.append(time.perf_counter() - start)
            assert len(board.entries) <= PAGE_SIZE
            member = rng.choice(pool)
            start = time.perf_counter()
            await ratings.profile(GUILD, KIND, str(member.id))
            profiles.append(time.perf_counter() - start)
        print(f"leaderboard: {size} pages of {PAGE_SIZE}")
        print(figures("leaderboard page (size + page)", boards))
        print(figures("profile (results, rating, history)", profiles))
    finally:
        await storage.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--queries", type=int, default=300)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(main(arguments.database or str(Path(folder) / "ratings.sqlite3"),
                         arguments.games, arguments.players, arguments.queries))
