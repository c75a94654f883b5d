"""Fixtures: the real bot on a real SQLite file, in simcord's offline Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
import simcord
from bot_support import Table, is_player_error

from bot import create_bot

SEED = 20260101


@pytest.fixture
def database(tmp_path) -> str:
    return str(tmp_path / "bot.sqlite3")


@pytest_asyncio.fixture
async def env(database) -> AsyncIterator[simcord.Env]:
    """Like simcord's own ``simcord_env``, and it closes the bot (its database) at the end."""
    env = simcord.Env(create_bot(database=database, seed=SEED))
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        await env.bot.close()
        unexpected = [error for error in env.errors if not is_player_error(error)]
        if unexpected:
            raise ExceptionGroup("the bot raised errors", unexpected)


@pytest_asyncio.fixture
async def table(env) -> Table:
    guild = env.create_guild("Meeple Hall")
    channel = guild.create_text_channel("carcassonne")
    return Table(env, guild, channel)
