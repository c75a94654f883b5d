"""The bot's SQLite database: connections, migrations and the game tables.

One writer connection behind an :class:`asyncio.Lock` takes every write in an
explicit ``BEGIN IMMEDIATE`` transaction, so one action of one game is one
commit. A second connection reads; in WAL mode it never sees a write that has
not committed, and reads never wait for writes.

Migrations are the numbered files ``bot/migrations/V{n}__{reason}.sql``,
applied in order, each in its own transaction together with
``PRAGMA user_version = n``. Applied files are never edited.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"V(?P<version>[1-9][0-9]*)__(?P<reason>\w+)\.sql\Z")

LOBBY, RUNNING, FINISHED, CANCELLED = "lobby", "running", "finished", "cancelled"
OPEN_STATUSES = (LOBBY, RUNNING)


class StorageError(RuntimeError):
    """The database is not what this version of the bot expects."""


class VersionConflict(StorageError):
    """Someone else changed the game between our read and our write."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    """The packaged migrations in order; the numbering must have no gaps."""
    found: list[Migration] = []
    for entry in resources.files("bot").joinpath("migrations").iterdir():
        match = _MIGRATION_NAME.fullmatch(entry.name)
        if match:
            found.append(Migration(int(match["version"]), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise StorageError(f"migration V{expected} is missing (found {migration.name})")
    return found


async def migrate(db: aiosqlite.Connection) -> list[int]:
    """Apply every migration newer than ``PRAGMA user_version``; return those applied."""
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    current = row[0] if row else 0
    known = migrations()
    if current > len(known):
        raise StorageError(
            f"the database is at schema version {current} but this bot knows only "
            f"{len(known)}: it was written by a newer version of the bot"
        )
    applied = []
    for migration in known[current:]:
        # executescript commits first and runs each statement in turn; the
        # explicit BEGIN/COMMIT makes the file and the version bump one unit.
        script = (
            f"BEGIN IMMEDIATE;\n{migration.sql}\n;\n"
            f"PRAGMA user_version = {migration.version};\nCOMMIT;"
        )
        try:
            await db.executescript(script)
        except Exception:
            if db.in_transaction:
                await db.rollback()
            raise
        log.info("applied migration %s", migration.name)
        applied.append(migration.version)
    return applied


def utcnow_iso(now: datetime) -> str:
    return now.astimezone(UTC).isoformat(timespec="seconds")


def parse_time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


@dataclass(frozen=True)
class Player:
    """A seat at a game: a Discord user id and the name the record uses."""

    id: int
    name: str

    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    options: dict[str, Any]
    seed: int
    players: tuple[Player, ...]
    status: str
    version: int
    record: dict[str, Any] | None
    lobby_message_id: int | None
    created_at: datetime
    updated_at: datetime
    turn_started_at: datetime | None
    finished_at: datetime | None

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def player(self, user_id: int) -> Player | None:
        return next((p for p in self.players if p.id == user_id), None)

    @classmethod
    def from_row(cls, row: aiosqlite.Row) -> GameRow:
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            players=tuple(Player(p["id"], p["name"]) for p in json.loads(row["players"])),
            status=row["status"],
            version=row["version"],
            record=json.loads(row["record"]) if row["record"] else None,
            lobby_message_id=row["lobby_message_id"],
            created_at=datetime.fromisoformat(row["created_at"]),
            updated_at=datetime.fromisoformat(row["updated_at"]),
            turn_started_at=parse_time(row["turn_started_at"]),
            finished_at=parse_time(row["finished_at"]),
        )


def _players_json(players: tuple[Player, ...] | list[Player]) -> str:
    return json.dumps([{"id": p.id, "name": p.name} for p in players], ensure_ascii=False)


class Storage:
    """The database of one bot process. Open with :meth:`open`, then :meth:`close`."""

    def __init__(
        self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Storage:
        """Connect, set the pragmas, and bring the schema up to date."""
        memory = path == ":memory:"
        if not memory:
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        try:
            if not memory:
                await _run(writer, "PRAGMA journal_mode = WAL")
            await migrate(writer)
            # An in-memory database exists once per connection: read where we write.
            reader = writer if memory else await _connect(path)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    @property
    def reader(self) -> aiosqlite.Connection:
        """The connection for reads outside a transaction (WAL lets it read while a write runs)."""
        return self._reader

    async def close(self) -> None:
        if self._reader is not self._writer:
            await self._reader.close()
        await self._writer.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; commits on success, rolls back on any error."""
        async with self._write_lock:
            db = self._writer
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                await db.rollback()
                raise
            else:
                await db.commit()

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> aiosqlite.Row | None:
        async with self._reader.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        async with self._reader.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    # ------------------------------------------------------------ metadata

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return row["value"] if row else None

    async def meta_keys(self, prefix: str) -> list[str]:
        rows = await self.fetchall(
            "SELECT key FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)
        )
        return [row["key"] for row in rows]

    async def delete_meta(self, key: str) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM meta WHERE key = ?", (key,))

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # ------------------------------------------------------ guild settings

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self.fetchone(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return json.loads(row["settings"]) if row else {}

    async def set_guild_settings(
        self, guild_id: int, settings: dict[str, Any], now: datetime
    ) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (guild_id, json.dumps(settings), utcnow_iso(now)),
            )

    # --------------------------------------------------------------- games

    async def open_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel, if any."""
        return await open_game(self._reader, guild_id, channel_id)

    async def latest_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        """The channel's open game, else the one that ended last there."""
        row = await self.fetchone(
            "SELECT * FROM games WHERE guild_id = ? AND channel_id = ?"
            " ORDER BY status IN (?, ?) DESC, id DESC LIMIT 1",
            (guild_id, channel_id, *OPEN_STATUSES),
        )
        return GameRow.from_row(row) if row else None

    async def game(self, guild_id: int, game_id: int) -> GameRow | None:
        """A game by id, only if it belongs to this guild."""
        return await game_by_id(self._reader, guild_id, game_id)

    async def count_games(self) -> int:
        row = await self.fetchone("SELECT count(*) AS n FROM games")
        return row["n"] if row else 0


# Queries that may run on either connection, so a transaction can use them too.


async def open_game(db: aiosqlite.Connection, guild_id: int, channel_id: int) -> GameRow | None:
    async with db.execute(
        "SELECT * FROM games WHERE guild_id = ? AND channel_id = ? AND status IN (?, ?)",
        (guild_id, channel_id, *OPEN_STATUSES),
    ) as cursor:
        row = await cursor.fetchone()
    return GameRow.from_row(row) if row else None


async def game_by_id(db: aiosqlite.Connection, guild_id: int, game_id: int) -> GameRow | None:
    async with db.execute(
        "SELECT * FROM games WHERE id = ? AND guild_id = ?", (game_id, guild_id)
    ) as cursor:
        row = await cursor.fetchone()
    return GameRow.from_row(row) if row else None


async def insert_game(
    db: aiosqlite.Connection,
    *,
    guild_id: int,
    channel_id: int,
    host: Player,
    options: dict[str, Any],
    seed: int,
    now: datetime,
) -> GameRow:
    stamp = utcnow_iso(now)
    async with db.execute(
        "INSERT INTO games (guild_id, channel_id, host_id, options, seed, players, status,"
        " version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING *",
        (
            guild_id,
            channel_id,
            host.id,
            json.dumps(options),
            seed,
            _players_json([host]),
            LOBBY,
            stamp,
            stamp,
        ),
    ) as cursor:
        row = await cursor.fetchone()
    assert row is not None
    game = GameRow.from_row(row)
    await log_action(db, game.id, 1, "create", host.id, {"options": options}, now)
    return game


async def update_game(
    db: aiosqlite.Connection,
    game: GameRow,
    *,
    action: str,
    user_id: int | None,
    now: datetime,
    data: dict[str, Any] | None = None,
    **changes: Any,
) -> int:
    """Write ``changes`` and bump the version if nobody else has; return the new version.

    ``changes`` are column values; ``players`` and ``record`` are encoded here.
    Raises :class:`VersionConflict` when the row is not at ``game.version``.
    """
    if "players" in changes:
        changes["players"] = _players_json(changes["players"])
    if "record" in changes and changes["record"] is not None:
        changes["record"] = json.dumps(changes["record"], ensure_ascii=False, separators=(",", ":"))
    for key in ("turn_started_at", "finished_at"):
        if isinstance(changes.get(key), datetime):
            changes[key] = utcnow_iso(changes[key])
    changes["updated_at"] = utcnow_iso(now)
    columns = ", ".join(f"{name} = ?" for name in changes)
    cursor = await db.execute(
        f"UPDATE games SET {columns}, version = version + 1 WHERE id = ? AND version = ?",
        (*changes.values(), game.id, game.version),
    )
    if cursor.rowcount != 1:
        raise VersionConflict(f"game {game.id} is no longer at version {game.version}")
    version = game.version + 1
    await log_action(db, game.id, version, action, user_id, data or {}, now)
    return version


async def log_action(
    db: aiosqlite.Connection,
    game_id: int,
    version: int,
    action: str,
    user_id: int | None,
    data: dict[str, Any],
    now: datetime,
) -> None:
    await db.execute(
        "INSERT INTO game_log (game_id, version, action, user_id, data, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, version, action, user_id, json.dumps(data, ensure_ascii=False), utcnow_iso(now)),
    )


async def _connect(path: str) -> aiosqlite.Connection:
    # isolation_level=None: no implicit transactions; we BEGIN explicitly.
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    for pragma in ("foreign_keys = ON", "busy_timeout = 5000", "synchronous = NORMAL"):
        await _run(db, f"PRAGMA {pragma}")
    return db


async def _run(db: aiosqlite.Connection, sql: str) -> None:
    """Execute and close the cursor: an unread result row keeps a statement open,
    and SQLite will not commit while one is."""
    async with db.execute(sql):
        pass
