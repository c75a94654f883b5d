"""Fixtures: the real bot on a real SQLite file, in simcord's offline Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
import simcord
from bot_support import Table, bot_env

SEED = 3


@pytest.fixture
def database(tmp_path) -> str:
    return str(tmp_path / "bot.sqlite3")


@pytest_asyncio.fixture
async def env(database) -> AsyncIterator[simcord.Env]:
    async with bot_env(database, SEED) as env:
        yield env


@pytest_asyncio.fixture
async def table(env) -> Table:
    guild = env.create_guild("Meeple Hall")
    channel = guild.create_text_channel("carcassonne")
    return Table(env, guild, channel)
