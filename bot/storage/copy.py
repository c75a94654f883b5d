"""Moving a bot's games from its SQLite file to PostgreSQL (``python -m bot.storage copy``).

A server among friends starts on SQLite; a bot that outgrows one process moves
to PostgreSQL (the README's "Many servers"). The copy takes every table as it
is, row by row and column by column: games with their records and seeds,
lobbies, seats, the move log, timers, votes, remembered messages, and every
server's, game's and player's settings. Both backends store values alike
(JSON as text, times as ISO 8601 text, seeds as decimal text), so nothing is
converted. Only the ``meta`` facts of the old process (its command-sync hashes)
stay behind: the new database's bot syncs its commands once.

The copy is checked before it is reported: each table has as many rows on
both sides, and every running game replays to the same position from the
copied record as from the original. The target must be empty of games (a
copy never merges two bots' games), and the bot should be stopped while it
runs: what changes in the file during the copy is not copied.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from .. import records
from . import POSTGRES_SCHEMES, GameRow, Storage, StorageError
from .databases import open_storage

#: The tables copied, each after those it refers to (games before its dependents).
TABLES = (
    "guild_settings", "player_settings", "games", "game_players", "game_settings",
    "game_log", "timers", "end_votes", "game_messages",
    # issue 22: results, statistics and ratings
    "game_results", "result_players", "ratings", "rating_history", "leaderboard_hidden",
    # issue 22: leagues
    "leagues", "league_players", "league_games",
)
#: Tables whose ``id`` PostgreSQL numbers itself: it carries on after the copied ids.
NUMBERED = ("games", "timers", "leagues", "league_games")


class CopyError(StorageError):
    """The copy cannot be made, or did not come out the same: one sentence why."""


@dataclass(frozen=True)
class Copied:
    """What was copied: rows by table, and the running games replayed on both sides."""

    rows: dict[str, int]
    running_games_checked: int

    def summary(self) -> str:
        counts = ", ".join(f"{table} {count}" for table, count in self.rows.items())
        return (f"copied {counts}; {self.running_games_checked} running games replay "
                "the same on both sides")


async def copy_database(source: str, target: str) -> Copied:
    """Copy the SQLite file ``source`` into the empty PostgreSQL database ``target``
    (a ``postgresql://`` URL), and check the copy."""
    if source.startswith(POSTGRES_SCHEMES):
        raise CopyError("--from is the SQLite file to copy, not a PostgreSQL URL.")
    if not target.startswith(POSTGRES_SCHEMES):
        raise CopyError("--to is the PostgreSQL database to copy into: a postgresql:// URL.")
    if not Path(source).is_file():
        raise CopyError(f"There is no SQLite file at {source}.")
    # Opening brings both schemas up to date (the same numbered migrations).
    old = await open_storage(source)
    try:
        new = await open_storage(target)
        try:
            if await new.count_games():
                raise CopyError(f"{_shown(target)} already has games; copy into an empty "
                                "database.")
            rows = await _copy_tables(source, new)
            checked = await _check(old, new, rows)
        finally:
            await new.close()
    finally:
        await old.close()
    return Copied(rows, checked)


async def _copy_tables(source: str, new: Storage) -> dict[str, int]:
    """Every table's rows, in one PostgreSQL transaction (all of it or nothing)."""
    from .postgres import PostgresStorage

    assert isinstance(new, PostgresStorage)
    copied: dict[str, int] = {}
    async with aiosqlite.connect(f"file:{source}?mode=ro", uri=True) as db:
        tables = {}
        for table in TABLES:
            async with db.execute(f"SELECT * FROM {table}") as cursor:
                columns = [column[0] for column in cursor.description]
                tables[table] = (columns, [tuple(row) for row in await cursor.fetchall()])
    async with new.raw_transaction() as pg:
        for table, (columns, values) in tables.items():
            if values:
                # Rows as the SQLite file holds them (times as text, which the connection's
                # codec passes to timestamptz columns; COPY would want binary times).
                numbered = ", ".join(f"${n}" for n in range(1, len(columns) + 1))
                await pg.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({numbered})", values)
            copied[table] = len(values)
        for table in NUMBERED:
            await pg.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)")
    return copied


async def _check(old: Storage, new: Storage, copied: dict[str, int]) -> int:
    """Counts on the PostgreSQL side, and each running game replayed from both."""
    from .postgres import PostgresStorage

    assert isinstance(new, PostgresStorage)
    async with new.raw_transaction() as pg:
        for table, count in copied.items():
            found = await pg.fetchval(f"SELECT COUNT(*) FROM {table}")
            if found != count:
                raise CopyError(f"{table}: {count} rows copied but {found} arrived.")
        running = [row["id"] for row in
                   await pg.fetch("SELECT id FROM games WHERE status = 'running' ORDER BY id")]
    for game_id in running:
        before, after = await old.game(game_id), await new.game(game_id)
        if before is None or after is None or _position(before) != _position(after):
            raise CopyError(f"game {game_id} does not replay the same after the copy.")
    return len(running)


def _shown(url: str) -> str:
    from .postgres import shown_url

    return shown_url(url)


def _position(row: GameRow) -> object:
    """What a running game is: its record replayed, as the record it writes back."""
    if row.record is None:
        return None
    return records.load(row.record, row.seed).to_record()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bot.storage copy --from FILE --to URL``: one line, and exit 0 or 1."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage",
        description="Copy a bot's games from its SQLite file into an empty PostgreSQL "
                    "database, and check the copy. Stop the bot first.")
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser("copy", help="copy every game, lobby, timer and setting")
    copy.add_argument("--from", dest="source", required=True, metavar="SQLITE_PATH")
    copy.add_argument("--to", dest="target", required=True, metavar="POSTGRESQL_URL")
    arguments = parser.parse_args(argv)
    try:
        copied = asyncio.run(copy_database(arguments.source, arguments.target))
    except (StorageError, sqlite3.Error) as exc:
        print(f"python -m bot.storage: {exc}", file=sys.stderr)
        return 1
    print(copied.summary())
    return 0
