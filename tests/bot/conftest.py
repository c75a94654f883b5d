"""Fixtures: the real bot on a real SQLite file, in simcord's offline Discord; and a
real PostgreSQL server for the tests of that backend (skipped where it is not installed)."""

from __future__ import annotations

import importlib.util
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
import simcord
from bot_support import Table, bot_env, games_in_channels
from postgres_support import PostgresServer, binaries

SEED = 3
#: The storage backends the storage tests run on.
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def database(tmp_path) -> str:
    return str(tmp_path / "bot.sqlite3")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session, started at its first use."""
    found = binaries()
    if found is None:
        pytest.skip("PostgreSQL is not installed (no initdb on PATH or under "
                    "/usr/lib/postgresql/*/bin): its tests skip")
    if importlib.util.find_spec("asyncpg") is None:
        pytest.skip("asyncpg is not installed (pip install -e '.[postgres]'): "
                    "the PostgreSQL tests skip")
    server = PostgresServer(found)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def any_database(request, tmp_path) -> str:
    """A new empty database of each backend in turn: an SQLite file, a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "bot.sqlite3")
    return request.getfixturevalue("postgres_server").create_database()


@pytest_asyncio.fixture
async def env(database) -> AsyncIterator[simcord.Env]:
    async with bot_env(database, SEED) as env:
        yield env


@pytest_asyncio.fixture
async def table(env) -> Table:
    guild = env.create_guild("Meeple Hall")
    channel = guild.create_text_channel("carcassonne")
    await games_in_channels(env, guild)
    return Table(env, guild, channel)
