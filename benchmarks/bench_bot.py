"""Bot speed: ``/carcassonne place``, its autocomplete and ``mygames``, end to end,
with thousands of other games in the database.

Run: python benchmarks/bench_bot.py [--others 5000] [--same-guild] [--games 2] [--seed 1]
[--database postgresql://...]

Fills a fresh SQLite file (or, with ``--database``, an empty PostgreSQL
database) with ``--others`` games (lobbies, running and
finished games, with records of every length; with ``--same-guild`` all in the
server where the timed games are played, and some with the timed player
seated), then plays ``--games`` whole two-player games in simcord's offline
Discord and prints, each from the simulated user's action to the bot's answer:

- ``/carcassonne place``: the slash command to the public turn message with
  the rendered map attached (gateway, handler, transaction, engine, render,
  upload); the move is chosen before the clock starts;
- the ``position`` autocomplete of ``place`` on every turn;
- ``/carcassonne mygames``;
- hostile input: the free-text options of ``place`` given 6,000 characters of
  several shapes, through autocomplete (which takes any length) and the parsers.

Wall time is measured with ``time.perf_counter`` (simcord virtualises
``time.monotonic``). Targets (issue 14, 9): place p95 <= 120 ms and p50 <= 50 ms,
autocomplete p95 <= 30 ms, mygames <= 20 ms, any 6,000-character input well
under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
import warnings
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord  # noqa: E402

from bot import create_bot, records  # noqa: E402
from bot.app import input as app_input  # noqa: E402
from bot.errors import GameError  # noqa: E402
from bot.naming import parse_follower_input, parse_position, parse_tile  # noqa: E402
from bot.storage import Player, Status  # noqa: E402
from bot.storage.databases import open_storage  # noqa: E402
from engine import MEEPLE, Game, Options, Place  # noqa: E402

NOW = datetime(2026, 1, 1, tzinfo=UTC)
OTHER_GUILD = 10_000
#: Every this many other games, the timed player (alice) is seated in one.
ALICE_EVERY = 250
HOSTILE = {
    "spaces then x": "1,1" + " " * 5997 + "x",
    "digits": "7" * 6000,
    "commas": ",".join("1" * 3000)[:6000],
    "superscripts": "A " + "²" * 5998,
    "letters": "ab" * 3000,
    "signs": "-+" * 3000,
}


def sample_games(count: int, seed: int) -> list[Game]:
    """Random games cut at random lengths (some finished)."""
    rng = random.Random(seed)
    games = []
    for index in range(count):
        game = Game.new(["Ana", "Béla", "Chen"][: 2 + index % 2], Options(), seed=seed + index)
        stop = rng.randrange(0, 80)
        while not game.is_over and game.turn < stop:
            placement = rng.choice(list(game.legal_placements()))
            figures = game.legal_figures(placement)
            meeple = rng.choice(figures).port if figures and rng.random() < 0.4 else None
            game.play(Place(game.tile.id, *placement, meeple and MEEPLE, meeple))
        games.append(game)
    return games


async def fill(path: str, others: int, seed: int, guild_id: int | None, alice: int) -> None:
    """``others`` games, in ``guild_id`` (or spread over 50 other servers)."""
    store = await open_storage(path)
    samples = sample_games(24, seed)
    try:
        async with store.transaction() as tx:
            for index in range(others):
                guild = guild_id if guild_id is not None else OTHER_GUILD + index % 50
                host = Player(30_000 + index, "Ana")
                row = await tx.insert_game(guild_id=guild, channel_id=20_000 + index, host=host,
                                           options={"game": "carcassonne"}, now=NOW)
                if index % 10 == 0:
                    continue  # a lobby
                game = samples[index % len(samples)]
                seated = [Player(30_000 + index + k * 100_000, n) for k, n in
                          enumerate(game.players)]
                if guild_id is not None and index % ALICE_EVERY == 1:
                    seated[1] = Player(alice, "alice")
                over = game.is_over
                await tx.save_game(
                    row,
                    replace(row, players=tuple(seated),
                            status=Status.FINISHED if over else Status.RUNNING,
                            record=records.stored(game), seed=game.seed,
                            turn_started_at=NOW, turn=game.turn,
                            on_turn=None if over else seated[game.current_player].id),
                    action="start", user_id=host.id, now=NOW,
                )
    finally:
        await store.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def bench(others: int, same_guild: bool, games: int, seed: int,
                database: str | None = None) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"place": [], "autocomplete": [], "mygames": [],
                                     "hostile": []}
    with tempfile.TemporaryDirectory() as folder:
        path = database or str(Path(folder) / "bench.sqlite3")
        bot = create_bot(database=path, seed=seed)
        async with simcord.run(bot, settle_timeout=60) as env:
            guild = env.create_guild("Bench")
            alice = guild.add_member(env.create_user("alice"))
            bob = guild.add_member(env.create_user("bob"))
            # The bot is running (its database open): fill a second file (or the same
            # PostgreSQL database), then restart on it, so that the bot finds the games
            # as after any start.
            full = database or str(Path(folder) / "full.sqlite3")
            await fill(full, others, seed, guild.id if same_guild else None, alice.id)
            await bot.close()
            bot = create_bot(database=full, seed=seed)
            await env.restart_bot(bot)
            members = {alice.id: alice, bob.id: bob}
            for number in range(games):
                channel = guild.create_text_channel(f"game-{number}")
                await alice.slash(channel, "carcassonne new")
                await bob.slash(channel, "carcassonne join")
                await alice.slash(channel, "carcassonne start")
                while True:
                    state = await bot.app.queries.state(guild.id, channel_id=channel.id,
                                                        latest=True)
                    if state.current is None:
                        break
                    actor = members[state.current.id]
                    start = time.perf_counter()
                    choices = await actor.autocomplete(
                        channel, "carcassonne place", "position", "")
                    times["autocomplete"].append(time.perf_counter() - start)
                    assert choices and choices[0]["value"] != "?", choices
                    placement = app_input.placements(state, state.game.tile)[0]
                    position = f"{placement.x},{placement.y},{placement.rotation}"
                    start = time.perf_counter()
                    result = await actor.slash(channel, "carcassonne place", position=position)
                    times["place"].append(time.perf_counter() - start)
                    assert not result.ephemeral and result.response.attachments, result
                    if state.turn % 10 == 0:
                        start = time.perf_counter()
                        mine = await alice.slash(channel, "carcassonne mygames")
                        times["mygames"].append(time.perf_counter() - start)
                        assert mine.ephemeral
                channel_for_input = channel
            await alice.slash(channel_for_input, "carcassonne new")
            await bob.slash(channel_for_input, "carcassonne join")
            await alice.slash(channel_for_input, "carcassonne start")
            on_turn = members[(await bot.app.queries.state(
                guild.id, channel_id=channel_for_input.id)).current.id]
            for text in HOSTILE.values():
                for option in ("position", "follower", "tile"):
                    start = time.perf_counter()
                    await on_turn.autocomplete(
                        channel_for_input, "carcassonne place", option, text, position=text)
                    times["hostile"].append(time.perf_counter() - start)
                for parse in (parse_position, parse_follower_input, parse_tile):
                    start = time.perf_counter()
                    with contextlib.suppress(GameError):  # a refusal: expected
                        parse(text)
                    times["hostile"].append(time.perf_counter() - start)
            total = await bot.app.queries.count_games()
        await bot.close()
    print(f"games in the database: {total} ({others} others"
          f"{' in the same server' if same_guild else ' in 50 other servers'}"
          f" + {games + 1} played)")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others", type=int, default=5000, help="other games in the database")
    parser.add_argument("--same-guild", action="store_true",
                        help="put the other games in the players' own server")
    parser.add_argument("--games", type=int, default=2, help="whole games to play and time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", help="an empty PostgreSQL database's URL, instead of "
                        "SQLite files")
    args = parser.parse_args()
    warnings.simplefilter("ignore", DeprecationWarning)
    times = asyncio.run(bench(args.others, args.same_guild, args.games, args.seed,
                              args.database))
    ms = {name: [t * 1000 for t in values] for name, values in times.items()}
    place = ms["place"]
    print(f"/carcassonne place, {len(place)} moves: p50 {statistics.median(place):.0f} ms, "
          f"p95 {percentile(place, 0.95):.0f} ms, max {max(place):.0f} ms "
          "(render and upload included)")
    auto = ms["autocomplete"]
    print(f"position autocomplete, {len(auto)} turns: p50 {statistics.median(auto):.1f} ms, "
          f"p95 {percentile(auto, 0.95):.1f} ms, max {max(auto):.1f} ms")
    mine = ms["mygames"]
    print(f"/carcassonne mygames, {len(mine)} calls: p50 {statistics.median(mine):.1f} ms, "
          f"max {max(mine):.1f} ms")
    hostile = ms["hostile"]
    print(f"6,000-character inputs, {len(hostile)} (autocomplete and parsers): "
          f"max {max(hostile):.1f} ms")


if __name__ == "__main__":
    main()
