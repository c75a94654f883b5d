"""Bot speed: ``/carcassonne place`` end to end, with many other games in the database.

Run: python benchmarks/bench_bot.py [--others 500] [--games 3] [--seed 1]

Fills a fresh SQLite file with ``--others`` games (in lobby, running and
finished, with records of every length), then plays ``--games`` whole
two-player games in simcord's offline Discord by ``/carcassonne place``, and
prints the median, p95 and worst time of each command: from the simulated
user's slash command to the bot's public answer with the rendered map
attached (gateway, handler, database transaction, replay, render, upload).
The move is chosen before the clock starts. Wall time is measured with
``time.perf_counter`` (simcord virtualises ``time.monotonic``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
import warnings
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord  # noqa: E402

from bot import create_bot  # noqa: E402
from bot import storage as db  # noqa: E402
from bot.games import GameService  # noqa: E402
from bot.storage import Player, Storage  # noqa: E402
from engine import MEEPLE, Game, Options, Place  # noqa: E402

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def sample_records(count: int, seed: int) -> list[dict]:
    """Records of random games cut at random lengths (some finished)."""
    rng = random.Random(seed)
    records = []
    for index in range(count):
        game = Game.new(["Ana", "Béla", "Chen"][: 2 + index % 2], Options(), seed=seed + index)
        stop = rng.randrange(0, 80)
        while not game.is_over and game.turn < stop:
            placement = rng.choice(list(game.legal_placements()))
            figures = game.legal_figures(placement)
            meeple = rng.choice(figures).port if figures and rng.random() < 0.4 else None
            game.play(Place(game.tile.id, *placement, meeple and MEEPLE, meeple))
        records.append(game.to_record())
    return records


async def fill(path: str, others: int, seed: int) -> None:
    store = await Storage.open(path)
    records = sample_records(24, seed)
    try:
        async with store.transaction() as tx:
            for index in range(others):
                guild, channel = 10_000 + index % 50, 20_000 + index
                players = (Player(30_000 + index, "Ana"), Player(40_000 + index, "Béla"))
                row = await db.insert_game(tx, guild_id=guild, channel_id=channel, host=players[0],
                                           options={"game": "carcassonne"}, seed=index, now=NOW)
                if index % 10 == 0:
                    continue  # a lobby
                record = records[index % len(records)]
                names = record["players"]
                seated = tuple(Player(30_000 + index + k, n) for k, n in enumerate(names))
                status = "finished" if record.get("finished") else "running"
                await db.update_game(tx, row, action="start", user_id=players[0].id, now=NOW,
                                     players=seated, status=status, record=record,
                                     turn_started_at=NOW)
    finally:
        await store.close()


async def bench(others: int, games: int, seed: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "bench.sqlite3")
        await fill(path, others, seed)
        bot = create_bot(database=path, seed=seed)
        times: list[float] = []
        async with simcord.run(bot, settle_timeout=30) as env:
            guild = env.create_guild("Bench")
            alice = guild.add_member(env.create_user("alice"))
            bob = guild.add_member(env.create_user("bob"))
            members = {alice.id: alice, bob.id: bob}
            for number in range(games):
                channel = guild.create_text_channel(f"game-{number}")
                await alice.slash(channel, "carcassonne new")
                await bob.slash(channel, "carcassonne join")
                await alice.slash(channel, "carcassonne start")
                while True:
                    state = await bot.games.state(guild.id, channel_id=channel.id, latest=True)
                    if state.current is None:
                        break
                    placement = GameService.placements(state, state.game.tile)[0]
                    actor = members[state.current.id]
                    position = f"{placement.x},{placement.y},{placement.rotation}"
                    start = time.perf_counter()
                    result = await actor.slash(channel, "carcassonne place", position=position)
                    times.append(time.perf_counter() - start)
                    assert not result.ephemeral and result.response.attachments, result
            total = await bot.games.count_games()
        await bot.close()
    print(f"games in the database: {total} ({others} others + {games} played)")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others", type=int, default=500, help="other games in the database")
    parser.add_argument("--games", type=int, default=3, help="whole games to play and time")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warnings.simplefilter("ignore", DeprecationWarning)
    times = asyncio.run(bench(args.others, args.games, args.seed))
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(f"/carcassonne place, {len(ms)} moves: p50 {statistics.median(ms):.0f} ms, "
          f"p95 {p95:.0f} ms, max {ms[-1]:.0f} ms (render and upload included)")


if __name__ == "__main__":
    main()
