"""Several bot processes on one PostgreSQL database, each on its own shards (issue 21).

Each "process" is a bot of its own in a simcord world of its own, on the shards it
is given; they share one PostgreSQL database, as the processes of a sharded bot do.
They play their servers' games side by side; one dies and a new process for its
shards takes over its games and timers; and two processes that race on one game
make one move, never two.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Coroutine
from contextlib import asynccontextmanager
from typing import Any

from bot_support import Table, bot_env, games_in_channels
from conftest import SEED
from test_async_reminders import HOUR, reminders

from bot import create_bot
from bot.storage import Shards, shard_of

COUNT = 2


@asynccontextmanager
async def shard_table(url: str, shard: int, seed: int = SEED):
    """A bot process on ``shard`` of :data:`COUNT`, with a server of that shard."""
    # A sharded process looks at the shared timers every 5 minutes: 12 virtual hours
    # are 144 looks at PostgreSQL, more than the usual 5 wall-clock seconds.
    async with bot_env(url, seed, shards=Shards((shard,), COUNT), settle_timeout=60) as env:
        # The processes are one application, which syncs its commands once (the first
        # to start); here each is in a Discord world of its own, which must have them.
        await env.bot.sync_commands(force=True)
        guild = env.create_guild(f"Shard {shard} Hall", shard_id=shard)
        assert shard_of(guild.id, COUNT) == shard
        await games_in_channels(env, guild)
        yield Table(env, guild, guild.create_text_channel("carcassonne"))


async def play(table: Table, moves: int) -> None:
    for _ in range(moves):
        result = await table.place()
        assert not result.ephemeral, result.response.content


def elsewhere(script: Coroutine[Any, Any, None]) -> Awaitable[None]:
    """Run ``script`` in a process of its own: a thread with its own event loop
    (simcord runs one world per event loop) and a context of its own (none of the
    test's simcord scope), alongside the test's."""
    return asyncio.get_running_loop().run_in_executor(
        None, contextvars.Context().run, asyncio.run, script)


async def test_two_shard_processes_play_and_a_new_one_takes_over_a_dead_ones_timers(
        postgres_server) -> None:
    url = postgres_server.create_database()

    async def process_two() -> None:
        async with shard_table(url, 1, SEED + 1) as two:
            assert two.bot.shard_ids == [1]
            await two.started("carol", "dave")
            await play(two, 6)
            await two.env.advance_time(12 * HOUR)
            assert len(reminders(two.channel)) == 1  # its own, once

    async def process_one() -> None:
        async with shard_table(url, 0) as one:
            assert one.bot.shard_ids == [0]
            await one.started("alice", "bob")
            await play(one, 3)
            # The process dies in the middle of its game; a new process runs shard 0.
            before = await one.state()
            await one.bot.close()
            await one.env.restart_bot(create_bot(database=url, seed=SEED,
                                                 shards=Shards((0,), COUNT)))
            assert (await one.state()).row.version == before.row.version
            # The game's reminder comes from the new process, once.
            await one.env.advance_time(12 * HOUR)
            sent = reminders(one.channel)
            assert len(sent) == 1 and before.current.id in [m.id for m in sent[0].mentions]
            await play(one, 2)  # and the game goes on there
            assert (await one.state()).row.version == before.row.version + 2

    await asyncio.gather(process_one(), elsewhere(process_two()))
