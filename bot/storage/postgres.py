"""The PostgreSQL backend of :mod:`bot.storage`: ``CARCASSONNE_DATABASE=postgresql://...``.

One source of queries: those of :mod:`bot.storage.sqlite`, written in the SQL both
databases speak. The classes here are that backend's, with only the way a
query is run changed: :func:`dialect` translates the little that differs
(``?`` placeholders become ``$1``, ``$2``...; ``json_group_array`` becomes
``json_agg``), and asyncpg runs it. Values travel as SQLite's backend writes
them: JSON as text into ``json`` columns (which keep the text as written, as
SQLite does), times as ISO 8601 text into ``timestamptz`` columns (the
connection's codec passes text both ways, in UTC), seeds as decimal text.

Writes: one transaction per action, on a connection of a small pool, behind
an in-process lock as SQLite's one writer (so a process never deadlocks on
itself). A stale write is refused as in SQLite, by the game row's version
(``... WHERE id = ? AND version = ?``); between processes too, as PostgreSQL
makes a second ``UPDATE`` of the row wait for the first to commit and then
finds the version changed.

Migrations: the numbered files of ``bot/migrations``, each replaced by its
namesake in ``bot/migrations/postgresql`` where the SQL differs. PostgreSQL
has no ``user_version``: the schema's version is the one row of the table
``schema_version``. Each migration is one transaction, under an advisory lock
so that two bots starting at once apply it once.

Opening makes the checks SQLite's makes: the server is reached and logs the
bot in, the schema is not newer than this bot, and a trial write succeeds;
each failure is a :class:`~bot.storage.StorageError` of one sentence.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from . import (
    DatabaseTooNew,
    DatabaseUnusable,
    DiskFull,
    LoginRefused,
    ServerUnreachable,
    StorageError,
    sqlite,
)

log = logging.getLogger(__name__)

#: Connections of the pool: reads run side by side, writes one at a time.
POOL_SIZE = 4
#: Seconds to wait for the server to answer a connection.
CONNECT_TIMEOUT = 10.0
#: The schema a PostgreSQL database begins at. No such database holds data written
#: before it, so the Python steps of earlier migrations (SQLite's V4 rewrite of old
#: records) have nothing to do here; a later step needs a PostgreSQL twin.
FIRST_SCHEMA = 6
#: The advisory lock the migrations are applied under (any constant; "carc" in ASCII).
_MIGRATION_LOCK = 0x63617263
_PLACEHOLDER = re.compile(r"'[^']*'|\?")


# ------------------------------------------------------------------ dialect


@functools.cache
def dialect(sql: str) -> str:
    """A query of :mod:`bot.storage.sqlite` in PostgreSQL's words: numbered placeholders
    (a ``?`` inside a quoted literal stays), and ``json_agg`` for SQLite's
    ``json_group_array`` (both aggregate to a JSON array; empty, SQL's NULL)."""
    numbers = iter(range(1, 1000))

    def number(match: re.Match[str]) -> str:
        return f"${next(numbers)}" if match[0] == "?" else match[0]

    return _PLACEHOLDER.sub(number, sql).replace("json_group_array(", "json_agg(")


def migrations() -> list[sqlite.Migration]:
    """The numbered migrations with PostgreSQL's text where it has its own; every
    file of ``bot/migrations/postgresql`` must be the namesake of a shared one."""
    shared = sqlite.migrations()
    own = {
        entry.name: entry.read_text("utf-8")
        for entry in resources.files("bot").joinpath("migrations", "postgresql").iterdir()
        if entry.name.endswith(".sql")
    }
    strays = sorted(set(own) - {m.name for m in shared})
    if strays:
        raise StorageError(f"the PostgreSQL migration {strays[0]} has no namesake in "
                           "bot/migrations")
    later_steps = sorted(v for v in sqlite.STEPS if v > FIRST_SCHEMA)
    if later_steps:
        raise StorageError(f"migration V{later_steps[0]} has a Python step for SQLite "
                           "and none for PostgreSQL")
    return [sqlite.Migration(m.version, m.name, own.get(m.name, m.sql)) for m in shared]


async def schema_version(db: asyncpg.Connection) -> int:
    """The schema's version (0: an empty database)."""
    if await db.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return await db.fetchval("SELECT version FROM schema_version")


async def migrate(
    db: asyncpg.Connection, path: str = "the database", *, until: int | None = None
) -> list[int]:
    """Apply every migration newer than the schema's version (up to version
    ``until``, to build an older schema for a test); return those applied."""
    known = migrations()
    target = len(known) if until is None else until
    applied: list[int] = []
    while True:
        async with db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            current = await schema_version(db)  # read under the lock: another bot's counts
            if current > len(known):
                raise DatabaseTooNew(path, current, len(known))
            if current >= target:
                return applied
            migration = known[current]
            await db.execute(migration.sql)
            if current == 0:
                await db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                await db.execute("INSERT INTO schema_version VALUES ($1)", migration.version)
            else:
                await db.execute("UPDATE schema_version SET version = $1", migration.version)
        log.info("applied migration %s", migration.name)
        applied.append(migration.version)


# ------------------------------------------------------------------ classes


class _PostgresReads(sqlite._Reads):
    """SQLite's lookups, run on a pool (outside a transaction) or a connection."""

    @property
    def _pg(self) -> Any:
        """The asyncpg pool or connection (the SQLite base types it as aiosqlite's)."""
        return self._db

    async def _one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return await self._pg.fetchrow(dialect(sql), *params)

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return await self._pg.fetch(dialect(sql), *params)


class PostgresTransaction(_PostgresReads, sqlite.SQLiteTransaction):
    """SQLite's writes, on the connection of one PostgreSQL transaction."""

    _unique_violation = asyncpg.UniqueViolationError

    @staticmethod
    def _breaks_unique(exc: Exception) -> bool:
        return True  # UniqueViolationError is a unique index's only

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        status = await self._pg.execute(dialect(sql), *params)
        return int(status.rsplit(" ", 1)[-1])  # "UPDATE 1", "INSERT 0 1", "DELETE 2"

    async def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self._pg.executemany(dialect(sql), rows)


class PostgresStorage(_PostgresReads, sqlite.SQLiteStorage):
    """A PostgreSQL database. Open with :meth:`open`, then :meth:`close`."""

    def __init__(self, path: str, pool: asyncpg.Pool) -> None:
        sqlite._Reads.__init__(self, pool)
        self.path = path
        self._pool = pool
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, url: str) -> PostgresStorage:
        """Log in, bring the schema up to date, and try a write."""
        path = shown_url(url)
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT, init=_init,
                server_settings={"timezone": "UTC", "datestyle": "ISO"},
            )
        except Exception as exc:
            raise _storage_error(path, exc) from exc
        try:
            async with pool.acquire() as db:
                await migrate(db, path)
            storage = cls(path, pool)
            async with storage.transaction() as tx:  # the trial write
                await tx.set_meta("storage:opened", sqlite._stamp(datetime.now(UTC)))
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, asyncpg.PostgresError | OSError):
                raise _storage_error(path, exc) from exc
            raise
        return storage

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        """One write, all of it or nothing; a full disk is :class:`~bot.storage.DiskFull`."""
        async with self._write_lock, self._pool.acquire() as db:
            try:
                async with db.transaction():
                    yield PostgresTransaction(db)
            except asyncpg.DiskFullError as exc:
                raise DiskFull(self.path, at_start=False) from exc

    @asynccontextmanager
    async def raw_transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction on a connection of the pool, for bulk work in PostgreSQL's
        own terms (the copy from SQLite, :mod:`bot.storage.copy`)."""
        async with self._write_lock, self._pool.acquire() as db, db.transaction():
            yield db

    async def explain(self, sql: str, params: tuple[Any, ...]) -> list[str]:
        """The generic plan of ``sql`` (for the index test), sequential scans
        discouraged: one still in it reads a table that no index serves. The plan
        is the one made for any parameters, so they are all given as NULL."""
        async with self._pool.acquire() as db, db.transaction():
            await db.execute("SET LOCAL enable_seqscan = off;"
                             " SET LOCAL plan_cache_mode = force_generic_plan")
            await db.execute(f"PREPARE hot AS {dialect(sql)}")
            try:
                nulls = f"({', '.join(['NULL'] * len(params))})" if params else ""
                rows = await db.fetch(f"EXPLAIN EXECUTE hot{nulls}")
            finally:
                await db.execute("DEALLOCATE hot")
        return [row[0] for row in rows]


# ------------------------------------------------------------- connecting


async def _init(db: asyncpg.Connection) -> None:
    """Times pass as ISO 8601 text, as the SQLite backend writes and reads them."""
    await db.set_type_codec(
        "timestamptz", schema="pg_catalog", encoder=str, decoder=str, format="text"
    )


def shown_url(url: str) -> str:
    """The URL without its password: the name of the database in messages and logs."""
    parts = urlsplit(url)
    netloc = parts.netloc.rpartition("@")
    user = netloc[0].partition(":")[0]
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "password"], safe="/")
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[2]}" if user else netloc[2],
                                     query=query))


def _storage_error(path: str, exc: BaseException) -> StorageError:
    """One sentence for what stopped the opening of a PostgreSQL database."""
    detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if isinstance(exc, asyncpg.InvalidPasswordError
                  | asyncpg.InvalidAuthorizationSpecificationError
                  | asyncpg.InvalidCatalogNameError):
        return LoginRefused(path, detail)
    if isinstance(exc, asyncpg.DiskFullError):
        return DiskFull(path)
    if isinstance(exc, OSError | TimeoutError | asyncpg.CannotConnectNowError):
        return ServerUnreachable(path, detail)
    if isinstance(exc, asyncpg.PostgresError):
        return DatabaseUnusable(path, detail, "check that the bot's role owns the database "
                                "or may create tables and write in it")
    return DatabaseUnusable(path, detail, "check CARCASSONNE_DATABASE, a URL such as "
                            "postgresql://carcassonne:password@localhost/carcassonne")
