"""The storage: migrations, pragmas, the one-move-one-version rule, and indexes.

The tests of the storage interface run on both backends (the ``store`` fixture:
an SQLite file, then a database of the tests' own PostgreSQL server); those of a
backend's own machinery (SQLite's pragmas, PostgreSQL's log-in) on that one."""

from __future__ import annotations

import ast
import re
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import aiosqlite
import pytest

from bot.storage import (
    Conflict,
    DatabaseTooNew,
    Player,
    Scope,
    StorageError,
    VersionConflict,
    sqlite,
)
from bot.storage.databases import open_storage
from bot.storage.sqlite import HOT_QUERIES, SQLiteStorage

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def integrity_errors() -> tuple[type[Exception], ...]:
    """What either driver raises when a write breaks a constraint of the schema."""
    try:
        import asyncpg
    except ImportError:
        return (sqlite3.IntegrityError,)
    return (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
BOT = Path(__file__).resolve().parents[2] / "bot"


@pytest.fixture
async def store(any_database):
    db = await open_storage(any_database)
    try:
        yield db
    finally:
        await db.close()


ANN = Player(3, "ann")


async def new_game(store, *, guild: int = 1, channel: int = 2, host: Player = ANN):
    async with store.transaction() as tx:
        return await tx.insert_game(
            guild_id=guild, channel_id=channel, host=host, options={"game": "carcassonne"},
            now=NOW,
        )


async def test_all_migrations_apply_to_an_empty_database(tmp_path) -> None:
    path = str(tmp_path / "empty.sqlite3")
    known = sqlite.migrations()
    assert [m.version for m in known] == list(range(1, len(known) + 1))
    async with aiosqlite.connect(path) as db:
        applied = await sqlite.migrate(db)
        assert applied == [m.version for m in known]
        async with db.execute("PRAGMA user_version") as cursor:
            assert (await cursor.fetchone())[0] == len(known)
        async with db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
            tables = {row[0] for row in await cursor.fetchall()}
        assert {"meta", "guild_settings", "games", "game_log", "timers", "game_players"} <= tables
        assert await sqlite.migrate(db) == []  # idempotent


async def test_migration_3_indexes_the_players_of_existing_games(tmp_path) -> None:
    """A database written at schema 2 keeps its games, and V3 finds their players."""
    path = str(tmp_path / "old.sqlite3")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await sqlite.migrate(db, until=2) == [1, 2]
        await db.execute(
            "INSERT INTO games (guild_id, channel_id, host_id, options, seed, players, status,"
            " version, record, created_at, updated_at) VALUES (1, 2, 10, '{}', 1, ?, 'running',"
            " 3, ?, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')",
            (
                '[{"id": 10, "name": "ann"}, {"id": 11, "name": "bo"}]',
                '{"format": "carcassonne-record/1", "players": ["ann", "bo"],'
                ' "turns": [{"removed": 1}]}',
            ),
        )
    store = await open_storage(path)
    try:
        row = await store.game(1)
        assert row is not None and row.turn is None  # filled in by the bot at its start
        assert row.removed == frozenset({11})
        assert [g.row.id for g in await store.player_games(1, 10)] == [1]
        assert await store.player_games(1, 11) == []  # removed from it
    finally:
        await store.close()


async def test_open_sets_wal_and_foreign_keys(tmp_path) -> None:
    db = await SQLiteStorage.open(str(tmp_path / "sub" / "bot.sqlite3"))
    try:
        assert await db.explain("SELECT 1", ()) is not None
        assert (await db._one("PRAGMA journal_mode"))[0] == "wal"
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as tx:
                await tx._run(
                    "INSERT INTO game_log (game_id, version, action, created_at)"
                    " VALUES (999, 1, 'x', '')"
                )
    finally:
        await db.close()


async def test_a_database_from_a_newer_bot_is_refused(tmp_path) -> None:
    path = str(tmp_path / "new.sqlite3")
    async with aiosqlite.connect(path) as db:
        await db.execute("PRAGMA user_version = 99")
    with pytest.raises(DatabaseTooNew, match="newer version"):
        await open_storage(path)


async def test_a_failing_migration_leaves_nothing_behind(tmp_path, monkeypatch) -> None:
    good = sqlite.migrations()
    bad = sqlite.Migration(
        len(good) + 1, "V9__bad.sql", "CREATE TABLE half (x); SELECT nope FROM nowhere;"
    )
    monkeypatch.setattr(sqlite, "migrations", lambda: [*good, bad])
    path = str(tmp_path / "bad.sqlite3")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError):
            await sqlite.migrate(db)
        async with db.execute("PRAGMA user_version") as cursor:
            assert (await cursor.fetchone())[0] == len(good)
        async with db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half'") as cursor:
            assert (await cursor.fetchone())[0] == 0


async def test_a_migration_step_runs_inside_the_transaction_of_its_sql(
    tmp_path, monkeypatch
) -> None:
    """The Python step sees what the migration's SQL did; if it fails, the SQL is
    undone too and the version stays; once it succeeds, both are kept."""
    good = sqlite.migrations()
    seen: list[int] = []
    fail = True

    async def step(db: aiosqlite.Connection) -> None:
        async with db.execute("SELECT count(*) FROM half") as cursor:
            seen.append((await cursor.fetchone())[0])
        await db.execute("UPDATE half SET x = 2")
        if fail:
            raise RuntimeError("the step failed")

    stepped = sqlite.Migration(
        len(good) + 1, "V9__stepped.sql", "CREATE TABLE half (x); INSERT INTO half VALUES (1);",
        step,
    )
    monkeypatch.setattr(sqlite, "migrations", lambda: [*good, stepped])
    path = str(tmp_path / "stepped.sqlite3")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await sqlite.migrate(db, until=len(good))
        with pytest.raises(RuntimeError, match="the step failed"):
            await sqlite.migrate(db)
        assert seen == [1] and not db.in_transaction
        async with db.execute("PRAGMA user_version") as cursor:
            assert (await cursor.fetchone())[0] == len(good)
        async with db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half'") as cursor:
            assert (await cursor.fetchone())[0] == 0
        fail = False
        assert await sqlite.migrate(db) == [stepped.version]
        async with db.execute("SELECT x FROM half") as cursor:
            assert [row[0] for row in await cursor.fetchall()] == [2]


def test_every_migration_step_has_its_file(monkeypatch) -> None:
    assert set(sqlite.STEPS) <= {m.version for m in sqlite.migrations()}

    async def orphan(db: aiosqlite.Connection) -> None:
        pass

    monkeypatch.setitem(sqlite.STEPS, 99, orphan)
    with pytest.raises(StorageError, match="V99 have no migration file"):
        sqlite.migrations()


async def test_a_write_at_a_stale_version_fails_and_changes_nothing(store) -> None:
    game = await new_game(store)
    ann, bo, cy = Player(3, "ann"), Player(4, "bo"), Player(5, "cy")
    async with store.transaction() as tx:
        await tx.save_game(game, replace(game, players=(ann, bo)), action="join", user_id=4,
                           now=NOW)
    with pytest.raises(VersionConflict):
        async with store.transaction() as tx:
            await tx.save_game(game, replace(game, players=(ann, cy)), action="join",
                               user_id=5, now=NOW)
    row = await store.game(game.id, 1)
    assert row is not None and row.version == 2
    assert [p.name for p in row.players] == ["ann", "bo"]
    log = await store.game_log(game.id)
    assert [(e.version, e.action) for e in log] == [(1, "create"), (2, "join")]
    assert await store.game(game.id, 999) is None  # another guild never sees it


async def test_one_open_game_per_channel_is_enforced_by_the_schema(store) -> None:
    await new_game(store)
    with pytest.raises(Conflict):
        await new_game(store, host=Player(4, "bo"))


async def test_settings_round_trip_by_scope(store) -> None:
    assert await store.settings(Scope.SERVER, 1) == {}
    async with store.transaction() as tx:
        await tx.set_settings(Scope.SERVER, 1, {"reminder_hours": 12}, NOW)
        await tx.set_settings(Scope.PLAYER, 1, {"dm": True}, NOW)
    assert await store.settings(Scope.SERVER, 1) == {"reminder_hours": 12}
    assert await store.settings(Scope.PLAYER, 1) == {"dm": True}
    assert await store.settings(Scope.GAME, 1) == {}


async def test_a_players_games_are_found_in_sql(store) -> None:
    ann, bo = Player(3, "ann"), Player(4, "bo")
    mine = await new_game(store, channel=2)
    other = await new_game(store, channel=5, host=bo)
    elsewhere = await new_game(store, guild=9, channel=6)
    async with store.transaction() as tx:
        for row in (mine, elsewhere):
            await tx.save_game(
                row, replace(row, players=(ann, bo), status="running", turn=0, on_turn=ann.id),
                action="start", user_id=ann.id, now=NOW,
            )
        await tx.set_timer("deadline", NOW, now=NOW, game_id=mine.id, turn=0)
    found = await store.player_games(1, ann.id)
    assert [(g.row.id, g.row.on_turn, g.deadline) for g in found] == [(mine.id, ann.id, NOW)]
    assert [g.row.id for g in await store.player_games(1, bo.id)] == [mine.id]
    assert other.id not in [g.row.id for g in await store.player_games(1, bo.id)]  # a lobby


@pytest.mark.parametrize("name", sorted(HOT_QUERIES))
async def test_every_hot_query_is_answered_through_an_index(store, name) -> None:
    """No step of the plan reads a whole table (SQLite: a SCAN without an index;
    PostgreSQL: a Seq Scan, though sequential scans were discouraged)."""
    sql, params = HOT_QUERIES[name]
    plan = await store.explain(sql, params)
    assert plan, name
    for step in plan:
        scans_table = re.match(r"SCAN (\w+)(?: AS \w+)?$", step) or (
            step.startswith("SCAN ") and "INDEX" not in step
        ) or "Seq Scan" in step
        assert not scans_table, f"{name}: {step} (plan: {plan})"


def test_only_the_storage_backend_has_sql() -> None:
    """Every SQL statement of the bot is in bot/storage/ (and the migrations)."""
    statement = re.compile(
        r"\s*(SELECT\b.*\bFROM|INSERT INTO|UPDATE \w+ SET|DELETE FROM|CREATE|ALTER TABLE|PRAGMA)"
    )
    for path in BOT.rglob("*.py"):
        if path.is_relative_to(BOT / "storage"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not statement.match(node.value), f"SQL in {path.name}: {node.value!r}"


async def test_ai_seats_and_stand_ins_round_trip_and_the_schema_tells_ais_apart(store) -> None:
    """Issue 13: an AI seat keeps its level (in the players and in game_players, where
    only a negative id, nobody's account, may be an AI), and the turns an AI played
    for an absent player are kept with the game."""
    game = await new_game(store)
    ai = Player(-1, "AI Hard 1", "hard")
    async with store.transaction() as tx:
        saved = await tx.save_game(game, replace(game, players=(ANN, ai), stand_ins=frozenset(
            {4, 2})), action="ai-join", user_id=ANN.id, now=NOW)
    row = await store.game(game.id)
    assert row == saved and row.players == (ANN, ai) and row.stand_ins == {2, 4}
    assert row.people == (ANN,) and ai.is_ai and not ANN.is_ai
    seats = await store._all("SELECT seat, user_id, ai FROM game_players WHERE game_id = ?"
                             " ORDER BY seat", (game.id,))
    assert [tuple(seat) for seat in seats] == [(0, ANN.id, None), (1, -1, "hard")]
    for breaking in ("UPDATE game_players SET ai = 'hard' WHERE user_id = ?",
                     "UPDATE games SET stand_ins = '{}' WHERE id = ?"):
        with pytest.raises(integrity_errors()):
            async with store.transaction() as tx:
                await tx._run(breaking, (ANN.id if "user_id" in breaking else game.id,))


async def test_a_timer_is_hastened_only_while_it_waits_for_its_turn(store) -> None:
    game = await new_game(store)
    later = NOW.replace(hour=1)
    async with store.transaction() as tx:
        await tx.set_timer("ai_turn", later, now=NOW, game_id=game.id, turn=3)
        assert not await tx.hasten_timer(game.id, "ai_turn", 2, NOW)  # another turn
        assert await tx.hasten_timer(game.id, "ai_turn", 3, NOW)
        assert not await tx.hasten_timer(game.id, "ai_turn", 3, later)  # never put off
    timer = (await store.game_timers(game.id))["ai_turn"]
    assert timer.expires_at == NOW
    await store.dispatch_timer(timer, NOW)  # handed out: it is acted on as it is
    async with store.transaction() as tx:
        assert not await tx.hasten_timer(game.id, "ai_turn", 3, NOW - timedelta(minutes=1))


async def test_fault_9_a_full_disk_during_a_game_is_said_to_player_and_operator(
        table, caplog) -> None:
    """Issue 18, fault 9: SQLite's SQLITE_FULL during a move was "Something went wrong on
    my side" with a traceback. Here the database may grow no more (``PRAGMA
    max_page_count`` on the bot's own connection, its free pages filled) and moves are
    played until one needs a new page: the player reads that the disk is full and
    nothing happened; the log says it in one sentence, for the operator."""
    import logging

    game = await table.started("alice", "bob")
    writer = table.bot.storage._writer  # the bot's connection: its size limit, set here
    async with writer.execute("PRAGMA page_count") as cursor:
        [pages] = await cursor.fetchone()
    async with writer.execute(f"PRAGMA max_page_count = {pages}"):
        pass
    # Fill the free pages, then the game's log right after its last entry (where the
    # next move writes): a move then needs a new page.
    filler = 0
    for size in (4000, 400, 40, 4):
        while True:
            try:
                async with writer.execute(
                        "INSERT INTO game_log (game_id, version, action, created_at) "
                        "VALUES (?, ?, ?, '')", (game.id, 10**6 + filler, "x" * size)):
                    pass
            except sqlite3.OperationalError:
                break
            filler += 1
    with caplog.at_level(logging.ERROR, logger="bot"):
        for _ in range(30):
            before = await table.state()
            result = await table.place()
            if result.ephemeral:
                break
        else:
            pytest.fail("the database never ran out of room")
    assert "disk is full" in result.response.content, result.response.content
    assert "Something went wrong" not in result.response.content
    [said] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "is full" in said.getMessage() and said.exc_info is None
    after = await table.state()
    assert after.turn == before.turn and after.row.version == before.row.version


async def test_a_stale_write_from_another_process_is_refused(any_database) -> None:
    """Two bots on one database (two storages here): the second write of the same
    version is refused by the game row's version, whichever backend holds it."""
    first, second = await open_storage(any_database), await open_storage(any_database)
    try:
        game = await new_game(first)
        seen = await second.game(game.id)
        assert seen == game
        async with first.transaction() as tx:
            await tx.save_game(game, replace(game, players=(ANN, Player(4, "bo"))),
                               action="join", user_id=4, now=NOW)
        with pytest.raises(VersionConflict):
            async with second.transaction() as tx:
                await tx.save_game(seen, replace(seen, players=(ANN, Player(5, "cy"))),
                                   action="join", user_id=5, now=NOW)
        assert [p.name for p in (await second.game(game.id)).players] == ["ann", "bo"]
    finally:
        await first.close()
        await second.close()


# ------------------------------------------------------------- PostgreSQL's own


def test_the_postgres_dialect_numbers_placeholders_outside_quotes() -> None:
    postgres = pytest.importorskip("bot.storage.postgres")
    assert postgres.dialect("SELECT json_group_array(x) FROM t WHERE a = ? AND b = '?' AND c = ?"
                            ) == "SELECT json_agg(x) FROM t WHERE a = $1 AND b = '?' AND c = $2"


async def test_all_postgres_migrations_apply_to_an_empty_database(postgres_server) -> None:
    import asyncpg

    from bot.storage import postgres

    known = postgres.migrations()
    assert [m.name for m in known] == [m.name for m in sqlite.migrations()]
    db = await asyncpg.connect(postgres_server.create_database())
    try:
        assert await postgres.migrate(db) == [m.version for m in known]
        assert await postgres.schema_version(db) == len(known)
        tables = {row[0] for row in await db.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        assert {"meta", "guild_settings", "games", "game_log", "timers", "game_players",
                "schema_version"} <= tables
        assert await postgres.migrate(db) == []  # idempotent
    finally:
        await db.close()


async def test_postgres_migration_3_indexes_the_players_of_existing_games(
        postgres_server) -> None:
    """PostgreSQL's text of V3 moves the players as SQLite's does (seats from 0)."""
    import asyncpg

    from bot.storage import postgres

    url = postgres_server.create_database()
    db = await asyncpg.connect(url)
    try:
        assert await postgres.migrate(db, until=2) == [1, 2]
        await db.execute(
            "INSERT INTO games (guild_id, channel_id, host_id, options, seed, players, status,"
            " version, record, created_at, updated_at) VALUES (1, 2, 10, '{}', 1, $1, 'running',"
            " 3, $2, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')",
            '[{"id": 10, "name": "ann"}, {"id": 11, "name": "bo"}]',
            '{"format": "carcassonne-record/1", "turns": [{"removed": 1}]}',
        )
        assert await postgres.migrate(db, until=3) == [3]
    finally:
        await db.close()
    store = await open_storage(url)
    try:
        [row] = await store.player_games(1, 10)
        assert row.row.removed == frozenset({11}) and row.row.turn is None
        assert await store.player_games(1, 11) == []  # removed from it
    finally:
        await store.close()


async def test_a_postgres_database_from_a_newer_bot_is_refused(postgres_server) -> None:
    url = postgres_server.create_database()
    await (await open_storage(url)).close()
    postgres_server.sql("UPDATE schema_version SET version = 99", urlsplit(url).path[1:])
    with pytest.raises(DatabaseTooNew, match="newer version"):
        await open_storage(url)


async def test_a_failing_postgres_migration_leaves_nothing_behind(
        postgres_server, monkeypatch) -> None:
    import asyncpg

    from bot.storage import postgres

    good = postgres.migrations()
    bad = sqlite.Migration(
        len(good) + 1, "V9__bad.sql", "CREATE TABLE half (x INTEGER); SELECT nope FROM nowhere;"
    )
    monkeypatch.setattr(postgres, "migrations", lambda: [*good, bad])
    db = await asyncpg.connect(postgres_server.create_database())
    try:
        with pytest.raises(asyncpg.UndefinedTableError):
            await postgres.migrate(db)
        assert await postgres.schema_version(db) == len(good)
        assert await db.fetchval("SELECT to_regclass('half')") is None
    finally:
        await db.close()


async def test_postgres_start_up_failures_are_one_sentence(postgres_server) -> None:
    """The launcher's check says, in one line and without the password, what stops the
    start: no server there, a refused password, a database that does not exist, a
    role that may not create the tables."""
    from bot.launcher import StartupError, check_database

    postgres_server.sql("CREATE ROLE carol LOGIN PASSWORD 'right'")
    folder = postgres_server.folder
    cases = {
        f"postgresql://postgres@/x?host={folder}/nowhere": "Cannot reach the database server",
        f"postgresql://carol:wrong@/postgres?host={folder}": "refused the bot's login",
        f"postgresql://postgres@/missing?host={folder}": "refused the bot's login",
        # A database of another owner, where the role may not create tables.
        postgres_server.create_database().replace("postgres@", "carol:right@"):
            "cannot be opened for writing",
    }
    for url, said in cases.items():
        with pytest.raises(StartupError) as caught:
            await check_database(url)
        sentence = str(caught.value)
        assert said in sentence and "\n" not in sentence, sentence
        assert ":wrong@" not in sentence and ":right@" not in sentence, sentence


async def test_a_postgresql_url_without_its_driver_says_what_to_install(monkeypatch) -> None:
    import sys

    monkeypatch.delitem(sys.modules, "bot.storage.postgres", raising=False)
    monkeypatch.setitem(sys.modules, "asyncpg", None)  # as if it were not installed
    with pytest.raises(StorageError, match=r"pip install 'carcassonne-bot\[postgres\]'"):
        await open_storage("postgresql://carcassonne@localhost/carcassonne")


async def test_a_games_thread_is_kept_and_forgotten(store) -> None:
    """Issue 20 (V7): the thread a game is played in, and None once it is deleted."""
    game = await new_game(store)
    assert game.thread_id is None
    async with store.transaction() as tx:
        await tx.set_thread(game.id, 2**62)  # a snowflake beyond 32 bits
    assert (await store.game(game.id)).thread_id == 2**62
    async with store.transaction() as tx:
        await tx.set_thread(game.id, None)
    assert (await store.game(game.id)).thread_id is None


async def test_the_archive_lists_a_servers_finished_games_newest_first(store) -> None:
    """Issue 22: finished games (not running, not cancelled, not another server's),
    newest first and by page; a member's alone through their seats, removed or not."""
    ann, bo = Player(3, "ann"), Player(4, "bo")
    games = {}
    for channel, (status, players, guild) in enumerate([
            ("finished", (ann, bo), 1), ("running", (ann, bo), 1), ("cancelled", (ann, bo), 1),
            ("finished", (bo,), 1), ("finished", (ann, bo), 9), ("finished", (ann, bo), 1)]):
        row = await new_game(store, guild=guild, channel=10 + channel)
        async with store.transaction() as tx:
            games[channel] = await tx.save_game(
                row, replace(row, players=players, status=status, turn=0,
                             removed=frozenset({ann.id}) if channel == 5 else frozenset()),
                action="end", user_id=ann.id, now=NOW)
    ids = [row.id for row in await store.finished_games(1, limit=10)]
    assert ids == [games[5].id, games[3].id, games[0].id]
    assert await store.count_finished_games(1) == 3
    assert [r.id for r in await store.finished_games(1, limit=2, offset=2)] == [games[0].id]
    mine = await store.finished_games(1, user_id=ann.id, limit=10)
    assert [r.id for r in mine] == [games[5].id, games[0].id]
    assert mine[0].removed == frozenset({ann.id})
    assert await store.count_finished_games(1, user_id=ann.id) == 2
    assert await store.count_finished_games(1, user_id=99) == 0
