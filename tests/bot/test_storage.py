"""The database: migrations, pragmas, and the one-move-one-version rule."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import aiosqlite
import pytest

from bot import storage
from bot.storage import Player, Storage, StorageError, VersionConflict

NOW = datetime(2026, 1, 1, tzinfo=UTC)


async def test_all_migrations_apply_to_an_empty_database(tmp_path) -> None:
    path = str(tmp_path / "empty.sqlite3")
    known = storage.migrations()
    assert [m.version for m in known] == list(range(1, len(known) + 1))
    async with aiosqlite.connect(path) as db:
        applied = await storage.migrate(db)
        assert applied == [m.version for m in known]
        async with db.execute("PRAGMA user_version") as cursor:
            assert (await cursor.fetchone())[0] == len(known)
        async with db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
            tables = {row[0] for row in await cursor.fetchall()}
        assert {"meta", "guild_settings", "games", "game_log", "timers"} <= tables
        assert await storage.migrate(db) == []  # idempotent


async def test_open_sets_wal_and_foreign_keys(tmp_path) -> None:
    db = await Storage.open(str(tmp_path / "sub" / "bot.sqlite3"))
    try:
        assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"
        assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as tx:
                await tx.execute(
                    "INSERT INTO game_log (game_id, version, action, created_at)"
                    " VALUES (999, 1, 'x', '')"
                )
    finally:
        await db.close()


async def test_a_database_from_a_newer_bot_is_refused(tmp_path) -> None:
    path = str(tmp_path / "new.sqlite3")
    async with aiosqlite.connect(path) as db:
        await db.execute("PRAGMA user_version = 99")
    with pytest.raises(StorageError, match="newer version"):
        await Storage.open(path)


async def test_a_failing_migration_leaves_nothing_behind(tmp_path, monkeypatch) -> None:
    good = storage.migrations()
    bad = storage.Migration(
        len(good) + 1, "V9__bad.sql", "CREATE TABLE half (x); SELECT nope FROM nowhere;"
    )
    monkeypatch.setattr(storage, "migrations", lambda: [*good, bad])
    path = str(tmp_path / "bad.sqlite3")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError):
            await storage.migrate(db)
        async with db.execute("PRAGMA user_version") as cursor:
            assert (await cursor.fetchone())[0] == len(good)
        async with db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half'") as cursor:
            assert (await cursor.fetchone())[0] == 0


async def test_a_write_at_a_stale_version_fails_and_changes_nothing(tmp_path) -> None:
    db = await Storage.open(str(tmp_path / "bot.sqlite3"))
    try:
        async with db.transaction() as tx:
            game = await storage.insert_game(
                tx,
                guild_id=1,
                channel_id=2,
                host=Player(3, "ann"),
                options={"game": "carcassonne"},
                seed=7,
                now=NOW,
            )
        async with db.transaction() as tx:
            await storage.update_game(
                tx,
                game,
                action="join",
                user_id=4,
                now=NOW,
                players=(Player(3, "ann"), Player(4, "bo")),
            )
        with pytest.raises(VersionConflict):
            async with db.transaction() as tx:
                await storage.update_game(
                    tx,
                    game,
                    action="join",
                    user_id=5,
                    now=NOW,
                    players=(Player(3, "ann"), Player(5, "cy")),
                )
        row = await db.game(1, game.id)
        assert row is not None and row.version == 2
        assert [p.name for p in row.players] == ["ann", "bo"]
        log = await db.fetchall(
            "SELECT version, action FROM game_log WHERE game_id = ?", (game.id,)
        )
        assert [(r["version"], r["action"]) for r in log] == [(1, "create"), (2, "join")]
        assert await db.game(999, game.id) is None  # another guild never sees it
    finally:
        await db.close()


async def test_one_open_game_per_channel_is_enforced_by_the_schema(tmp_path) -> None:
    db = await Storage.open(str(tmp_path / "bot.sqlite3"))
    try:
        async with db.transaction() as tx:
            await storage.insert_game(
                tx, guild_id=1, channel_id=2, host=Player(3, "ann"), options={}, seed=1, now=NOW
            )
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as tx:
                await storage.insert_game(
                    tx, guild_id=1, channel_id=2, host=Player(4, "bo"), options={}, seed=2, now=NOW
                )
    finally:
        await db.close()


async def test_guild_settings_round_trip(tmp_path) -> None:
    db = await Storage.open(str(tmp_path / "bot.sqlite3"))
    try:
        assert await db.guild_settings(1) == {}
        await db.set_guild_settings(1, {"reminder_hours": 12}, NOW)
        assert await db.guild_settings(1) == {"reminder_hours": 12}
    finally:
        await db.close()
