"""Scale: moves per second and a move's p50/p95 with 1, 2 and 4 bot processes on one
PostgreSQL database, against one process on an SQLite file; and timers fired per second.

Run: python benchmarks/bench_scale.py --database postgresql://... [--games 10000]
[--seconds 10] [--processes 1 2 4] [--timers 2000]

Each "process" is a real OS process (``multiprocessing``, spawned) with its own
storage (connection pool) and :class:`bot.app.App`, as a shard process has; the
games are split among them by server, as shards split servers, and each process
plays moves on its own games as fast as it can for ``--seconds``: read the
game, choose the first legal placement, ``app.moves.place`` (one transaction
with its version check, timers and log). No Discord and no pictures: this
measures the application and the database, the part that processes share.
Before the runs, ``--games`` running two-player games are made (through the
application: create, join, start), so the database holds that many.

Timers: ``--timers`` due timers over the games, fired by one scheduler per
process (here tasks of this process, each on its own storage and shards) until
all are handed out; each is checked to be handed out once.

Printed, never asserted. Wall time by ``time.perf_counter``; the machine's load
(``os.getloadavg``) before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app import App  # noqa: E402
from bot.app import input as app_input  # noqa: E402
from bot.app.input import MoveRequest  # noqa: E402
from bot.errors import GameError  # noqa: E402
from bot.scheduler import Scheduler  # noqa: E402
from bot.storage import Player, Shards  # noqa: E402
from bot.storage.databases import open_storage  # noqa: E402

ANN, BO = Player(3, "ann"), Player(4, "bo")
#: The shard count the games' servers are spread over (any multiple of 4 works).
SHARDS = 8


def guild(n: int) -> int:
    """The server of game ``n`` (played in channel n + 1): on shard n % SHARDS."""
    return ((n // SHARDS + 1) * SHARDS + n % SHARDS) << 22


async def populate(database: str, games: int) -> None:
    storage = await open_storage(database)
    app = App(storage, seed=1)
    try:
        for n in range(games):
            await app.lobby.create(guild(n), n + 1, ANN, {"game": "carcassonne"})
            await app.lobby.join(guild(n), BO, channel_id=n + 1)
            await app.lobby.start(guild(n), ANN.id, channel_id=n + 1)
    finally:
        await storage.close()


async def play(database: str, games: list[int], seconds: float) -> list[float]:
    """Moves on ``games`` for ``seconds``: each move's wall time, in seconds."""
    storage = await open_storage(database)
    app = App(storage, seed=1)
    times: list[float] = []
    try:
        end = time.perf_counter() + seconds
        at = 0
        while time.perf_counter() < end:
            n = games[at % len(games)]
            at += 1
            started = time.perf_counter()
            state = await app.queries.state(guild(n), channel_id=n + 1, latest=True)
            if state.game is None or state.game.tile is None or state.current is None:
                continue  # over
            placement = app_input.placements(state, state.game.tile)[0]
            try:
                await app.moves.place(MoveRequest(guild(n), state.current.id, placement,
                                                  game_id=state.id, turn=state.turn))
            except GameError:
                continue
            times.append(time.perf_counter() - started)
    finally:
        await storage.close()
    return times


def process(database: str, games: list[int], seconds: float) -> list[float]:
    return asyncio.run(play(database, games, seconds))


def run(database: str, processes: int, games: int, seconds: float) -> str:
    shares = [[n for n in range(games) if n % SHARDS % processes == p] for p in range(processes)]
    context = multiprocessing.get_context("spawn")
    with context.Pool(processes) as pool:
        results = pool.starmap(process, [(database, share, seconds) for share in shares])
    times = sorted(t for result in results for t in result)
    if not times:
        return "no moves"
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return (f"{len(times) / seconds:8.1f} moves/s   p50 {statistics.median(times) * 1000:6.1f} ms"
            f"   p95 {p95 * 1000:6.1f} ms   ({len(times)} moves)")


async def fire_timers(database: str, processes: int, count: int, games: int) -> str:
    storages = [await open_storage(database) for _ in range(processes)]
    try:
        now = datetime.now(UTC)
        ids = []
        async with storages[0].transaction() as tx:
            for n in range(count):
                game = await storages[0].latest_game(guild(n % games), n % games + 1)
                assert game is not None
                timer = await tx.set_timer(f"bench{n // games}", now - timedelta(seconds=1),
                                           now=now, game_id=game.id, turn=10_000)
                ids.append(timer.id)
        fired: list[int] = []
        per = SHARDS // processes
        schedulers = [
            Scheduler(storage, lambda event, timer: fired.append(timer.id),
                      clock=lambda: datetime.now(UTC),
                      shards=None if processes == 1
                      else Shards(tuple(range(p * per, (p + 1) * per)), SHARDS))
            for p, storage in enumerate(storages)]
        started = time.perf_counter()
        for scheduler in schedulers:
            scheduler.start()
        while len(fired) < count and time.perf_counter() - started < 120:
            await asyncio.sleep(0.01)
        took = time.perf_counter() - started
        for scheduler in schedulers:
            await scheduler.stop()
        once = "each once" if sorted(fired) == sorted(ids) else "NOT each once"
        return f"{len(fired) / took:8.1f} timers/s   ({len(fired)} of {count}, {once})"
    finally:
        for storage in storages:
            await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", required=True,
                        help="an empty PostgreSQL database (postgresql://...)")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--timers", type=int, default=2000)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}   cpus: {os.cpu_count()}")
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "bench.sqlite3")
        for name, database in (("SQLite", sqlite), ("PostgreSQL", args.database)):
            started = time.perf_counter()
            asyncio.run(populate(database, args.games))
            print(f"{name}: {args.games} running games made in "
                  f"{time.perf_counter() - started:.0f} s")
        print(f"SQLite, 1 process:      {run(sqlite, 1, args.games, args.seconds)}")
        for processes in args.processes:
            print(f"PostgreSQL, {processes} process{'es' if processes > 1 else '  '}: "
                  f"{run(args.database, processes, args.games, args.seconds)}")
        print("timers, SQLite, 1 scheduler:       "
              + asyncio.run(fire_timers(sqlite, 1, args.timers, args.games)))
        for processes in args.processes:
            print(f"timers, PostgreSQL, {processes} scheduler(s): "
                  + asyncio.run(fire_timers(args.database, processes, args.timers, args.games)))
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
