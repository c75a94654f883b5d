"""The SQLite backend of :mod:`bot.storage`: the bot's queries, all in one module.

One module on purpose: every query of both backends (PostgreSQL runs these
same ones) is here with the code that reads its rows, so a change of the schema
is checked, with its migration and its indexes, in one place.

One writer connection behind an :class:`asyncio.Lock` takes every write in an
explicit ``BEGIN IMMEDIATE`` transaction, so one action of one game is one
commit. A second connection reads; in WAL mode it never sees a write that has
not committed, and reads never wait for writes.

Opening checks the file before anything is written to it (``PRAGMA
quick_check`` on a read-only connection), applies the migrations, and makes a
trial write; each failure is a :class:`~bot.storage.StorageError` of one
sentence, and every connection opened so far is closed (an aiosqlite
connection is a thread, which would otherwise keep the process alive).

Migrations are the numbered files ``bot/migrations/V{n}__{reason}.sql``,
applied in order, each in its own transaction together with
``PRAGMA user_version = n``. Applied files are never edited. What SQL alone
cannot do (say, stored records rewritten by the engine) is the migration's
Python step (:data:`STEPS`), run after its SQL in the same transaction.

The queries the bot runs on every interaction are named in :data:`HOT_QUERIES`;
a test checks that SQLite answers each of them through an index.

The queries are written in the SQL that PostgreSQL speaks too (``ON CONFLICT``,
``RETURNING``): :mod:`bot.storage.postgres` runs these same classes and queries through
its driver, translating the little that differs; only the migrations have a
PostgreSQL text of their own.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from .. import records
from . import (
    Conflict,
    DatabaseDamaged,
    DatabaseTooNew,
    DatabaseUnusable,
    DiskFull,
    GameResult,
    GameRow,
    League,
    LeagueGame,
    LeaguePlayer,
    LogEntry,
    MessageRef,
    Player,
    PlayerGame,
    Rating,
    RatingPoint,
    Reads,
    ResultPlayer,
    Scope,
    Shards,
    Status,
    Storage,
    StorageError,
    Timer,
    Transaction,
    VersionConflict,
)

log = logging.getLogger(__name__)

#: Seconds to wait for the worker thread of a connection that failed to end.
_THREAD_END = 5.0
_MIGRATION_NAME = re.compile(r"V(?P<version>[1-9][0-9]*)__(?P<reason>\w+)\.sql\Z")
_SETTINGS_TABLES = {
    Scope.SERVER: ("guild_settings", "guild_id"),
    Scope.GAME: ("game_settings", "game_id"),
    Scope.PLAYER: ("player_settings", "user_id"),
}

# ------------------------------------------------------------------ queries

_GAME = (
    "SELECT g.*, (SELECT json_group_array(p.user_id) FROM game_players AS p"
    " WHERE p.game_id = g.id AND p.removed = 1) AS removed_ids FROM games AS g"
)
GAME_BY_ID = f"{_GAME} WHERE g.id = ?"
GAME_IN_GUILD = f"{_GAME} WHERE g.id = ? AND g.guild_id = ?"
# The statuses are written out (not parameters) so that SQLite can use the
# partial index games_open_channel, whose WHERE is the same.
OPEN_GAME = (
    f"{_GAME} WHERE g.channel_id = ? AND g.guild_id = ? AND g.status IN ('lobby', 'running')"
)
LATEST_GAME = f"{_GAME} WHERE g.channel_id = ? AND g.guild_id = ? ORDER BY g.id DESC LIMIT 1"
RUNNING_GAMES = f"{_GAME} WHERE g.guild_id = ? AND g.status = 'running' ORDER BY g.id"
PLAYER_GAMES = (
    "SELECT g.*, (SELECT json_group_array(q.user_id) FROM game_players AS q"
    " WHERE q.game_id = g.id AND q.removed = 1) AS removed_ids, t.expires_at AS deadline"
    " FROM game_players AS p JOIN games AS g ON g.id = p.game_id"
    " LEFT JOIN timers AS t ON t.game_id = g.id AND t.event = 'deadline'"
    " WHERE p.user_id = ? AND p.removed = 0 AND g.guild_id = ? AND g.status = 'running'"
    " ORDER BY g.id"
)
# The archive (issue 22): games_guild_status (guild_id, status) serves a server's
# finished games newest first, game_players_user (user_id, game_id) a member's.
FINISHED_GAMES = (
    f"{_GAME} WHERE g.guild_id = ? AND g.status = 'finished' ORDER BY g.id DESC LIMIT ? OFFSET ?"
)
COUNT_FINISHED_GAMES = "SELECT count(*) FROM games WHERE guild_id = ? AND status = 'finished'"
_PLAYER_FINISHED = (
    " FROM game_players AS p JOIN games AS g ON g.id = p.game_id"
    " WHERE p.user_id = ? AND g.guild_id = ? AND g.status = 'finished'"
)
PLAYER_FINISHED_GAMES = (
    "SELECT g.*, (SELECT json_group_array(q.user_id) FROM game_players AS q"
    " WHERE q.game_id = g.id AND q.removed = 1) AS removed_ids"
    f"{_PLAYER_FINISHED} ORDER BY p.game_id DESC LIMIT ? OFFSET ?"
)
COUNT_PLAYER_FINISHED_GAMES = f"SELECT count(*){_PLAYER_FINISHED}"
HOSTED_LOBBIES = (
    "SELECT count(*) FROM games WHERE guild_id = ? AND host_id = ? AND status = 'lobby'"
)
GAMES_TO_SUMMARISE = f"{_GAME} WHERE g.turn IS NULL AND g.status = 'running'"
GAME_TIMERS = "SELECT * FROM timers WHERE game_id = ?"
VOTES = "SELECT user_id FROM end_votes WHERE game_id = ? AND turn = ?"
MESSAGES = (
    "SELECT channel_id, message_id, kind, turn FROM game_messages WHERE game_id = ?"
    " ORDER BY message_id"
)
TURN_ANNOUNCEMENT = "SELECT min(message_id) FROM game_messages WHERE game_id = ? AND turn = ?"
GAME_LOG = "SELECT * FROM game_log WHERE game_id = ? ORDER BY version"
NEXT_TIMER = "SELECT * FROM timers WHERE dispatched_at IS NULL ORDER BY expires_at, id LIMIT 1"
#: A timer's server (and so its shard) is its game's, else its own (a league's timer);
#: a timer of neither is shard 0's.
_ON_SHARDS = "(coalesce(g.guild_id, t.guild_id, 0) >> 22) % ? IN ({})"
DISPATCH_TIMER = "UPDATE timers SET dispatched_at = ? WHERE id = ? AND dispatched_at IS NULL"


def next_shard_timer(shards: Shards) -> tuple[str, tuple[int, ...]]:
    """The query of the earliest timer of the servers on ``shards``, and its parameters."""
    on_shards = _ON_SHARDS.format(", ".join("?" * len(shards.ids)))
    return (
        "SELECT t.* FROM timers AS t LEFT JOIN games AS g ON g.id = t.game_id"
        f" WHERE t.dispatched_at IS NULL AND {on_shards} ORDER BY t.expires_at, t.id LIMIT 1",
        (shards.count, *shards.ids),
    )


SAVE_GAME = (
    "UPDATE games SET host_id = ?, players = ?, status = ?, record = ?, seed = ?,"
    " turn_started_at = ?, finished_at = ?, turn = ?, on_turn = ?, damaged = ?, stand_ins = ?,"
    " hints = ?, rated = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?"
)
# Issue 22: results, statistics, ratings and leaderboards.
GAME_RESULT = "SELECT * FROM game_results WHERE game_id = ?"
RESULT_PLAYERS = "SELECT * FROM result_players WHERE game_id = ? ORDER BY seat"
PLAYER_RESULTS = (
    "SELECT * FROM result_players WHERE guild_id = ? AND kind = ? AND player = ?"
    " ORDER BY game_id"
)
RATING = "SELECT * FROM ratings WHERE guild_id = ? AND kind = ? AND player = ?"
_BOARD = (
    " FROM ratings AS r WHERE r.guild_id = ? AND r.kind = ? AND r.games >= ?"
    " AND NOT EXISTS (SELECT 1 FROM leaderboard_hidden AS h"
    " WHERE h.guild_id = r.guild_id AND h.user_id = r.user_id)"
)
LEADERBOARD = f"SELECT r.*{_BOARD} ORDER BY r.ordinal DESC, r.player LIMIT ? OFFSET ?"
LEADERBOARD_SIZE = f"SELECT count(*){_BOARD}"
RATING_HISTORY = (
    "SELECT game_id, ordinal, previous, created_at FROM rating_history"
    " WHERE guild_id = ? AND kind = ? AND player = ? ORDER BY game_id"
)
HIDDEN = "SELECT 1 FROM leaderboard_hidden WHERE guild_id = ? AND user_id = ?"
DELETE_GAME_TIMER = "DELETE FROM timers WHERE game_id = ? AND event = ?"
CLAIM_TIMER = "DELETE FROM timers WHERE id = ?"
HASTEN_TIMER = (
    "UPDATE timers SET expires_at = ? WHERE game_id = ? AND event = ? AND turn = ?"
    " AND dispatched_at IS NULL AND expires_at > ?"
)


# Leagues (issue 22). The statuses are written out for the partial index.
LEAGUE = "SELECT * FROM leagues WHERE id = ?"
CHANNEL_LEAGUE = (
    "SELECT * FROM leagues WHERE guild_id = ? AND channel_id = ? ORDER BY id DESC LIMIT 1"
)
LEAGUE_PLAYERS = (
    "SELECT * FROM league_players WHERE league_id = ? ORDER BY joined_at, user_id"
)
LEAGUE_GAMES = "SELECT * FROM league_games WHERE league_id = ? ORDER BY round, id"
LEAGUE_GAME_OF = "SELECT * FROM league_games WHERE game_id = ?"
SAVE_LEAGUE = (
    "UPDATE leagues SET status = ?, round = ?, round_ends_at = ?, updated_at = ?,"
    " version = version + 1 WHERE id = ? AND version = ?"
)
SET_LEAGUE_GAME = (
    "UPDATE league_games SET game_id = ?, status = ?, score_a = ?, score_b = ?,"
    " forfeit_by = ?, seats = ?, finished_at = ? WHERE id = ?"
)


def _settings_query(scope: Scope) -> str:
    table, key = _SETTINGS_TABLES[scope]
    return f"SELECT settings FROM {table} WHERE {key} = ?"


#: The queries of every interaction and every timer, with sample parameters:
#: each must be answered through an index (tests/bot/test_storage.py).
HOT_QUERIES: dict[str, tuple[str, tuple[Any, ...]]] = {
    "game by id": (GAME_BY_ID, (1,)),
    "game in a server": (GAME_IN_GUILD, (1, 1)),
    "open game of a channel": (OPEN_GAME, (1, 1)),
    "latest game of a channel": (LATEST_GAME, (1, 1)),
    "running games of a server": (RUNNING_GAMES, (1,)),
    "a player's games": (PLAYER_GAMES, (1, 1)),
    "lobbies a member hosts": (HOSTED_LOBBIES, (1, 1)),
    "a server's finished games": (FINISHED_GAMES, (1, 10, 0)),
    "how many finished games": (COUNT_FINISHED_GAMES, (1,)),
    "a member's finished games": (PLAYER_FINISHED_GAMES, (1, 1, 10, 0)),
    "how many finished games of a member": (COUNT_PLAYER_FINISHED_GAMES, (1, 1)),
    "a game's timers": (GAME_TIMERS, (1,)),
    "votes at a turn": (VOTES, (1, 1)),
    "a game's messages": (MESSAGES, (1,)),
    "a turn's announcement": (TURN_ANNOUNCEMENT, (1, 1)),
    "a game's log": (GAME_LOG, (1,)),
    "the next timer": (NEXT_TIMER, ()),
    "the next timer of some shards": next_shard_timer(Shards((1,), 2)),
    "save a game": (
        SAVE_GAME, (1, "[]", "running", None, None, None, None, 0, None, None, "[]", "[]", 0, "",
                    1, 1)
    ),
    "a game's result": (GAME_RESULT, (1,)),
    "a result's players": (RESULT_PLAYERS, (1,)),
    "a player's results": (PLAYER_RESULTS, (1, "carcassonne", "1")),
    "a rating": (RATING, (1, "carcassonne", "1")),
    "a leaderboard page": (LEADERBOARD, (1, "carcassonne", 3, 10, 0)),
    "a leaderboard's size": (LEADERBOARD_SIZE, (1, "carcassonne", 3)),
    "a rating's history": (RATING_HISTORY, (1, "carcassonne", "1")),
    "a member left off leaderboards": (HIDDEN, (1, 1)),
    "replace a game's timer": (DELETE_GAME_TIMER, (1, "reminder")),
    "claim a timer": (CLAIM_TIMER, (1,)),
    "hasten a game's timer": (HASTEN_TIMER, ("", 1, "ai_turn", 1, "")),
    **{f"{scope} settings": (_settings_query(scope), (1,)) for scope in Scope},
    "a league": (LEAGUE, (1,)),
    "a channel's league": (CHANNEL_LEAGUE, (1, 1)),
    "a league's players": (LEAGUE_PLAYERS, (1,)),
    "a league's games": (LEAGUE_GAMES, (1,)),
    "the league game of a game": (LEAGUE_GAME_OF, (1,)),
    "save a league": (SAVE_LEAGUE, ("running", 1, None, "", 1, 1)),
    "save a league game": (SET_LEAGUE_GAME, (1, "done", 0, 0, None, None, None, 1)),
}


# --------------------------------------------------------------- migrations


#: A migration's Python step: given the connection, inside the migration's transaction.
Step = Callable[[aiosqlite.Connection], Awaitable[None]]


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str
    #: Run after ``sql``, before the version bump, in the same transaction.
    step: Step | None = None


def migrations() -> list[Migration]:
    """The packaged migrations in order; the numbering must have no gaps, and every
    Python step belongs to a migration file."""
    found: list[Migration] = []
    for entry in resources.files("bot").joinpath("migrations").iterdir():
        match = _MIGRATION_NAME.fullmatch(entry.name)
        if match:
            version = int(match["version"])
            found.append(
                Migration(version, entry.name, entry.read_text("utf-8"), STEPS.get(version))
            )
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise StorageError(f"migration V{expected} is missing (found {migration.name})")
    orphans = sorted(set(STEPS) - {m.version for m in found})
    if orphans:
        raise StorageError(f"the Python steps of V{orphans[0]} have no migration file")
    return found


async def migrate(
    db: aiosqlite.Connection, path: str = "the database", *, until: int | None = None
) -> list[int]:
    """Apply every migration newer than ``PRAGMA user_version`` (up to version
    ``until``, to build an older schema for a test); return those applied."""
    current = await _user_version(db)
    known = migrations()
    if current > len(known):
        raise DatabaseTooNew(path, current, len(known))
    applied = []
    for migration in known[current:until]:
        # executescript commits first, then runs each statement in turn: the
        # script opens the transaction that the step and the version bump close.
        try:
            await db.executescript(f"BEGIN IMMEDIATE;\n{migration.sql}\n;")
            if migration.step is not None:
                await migration.step(db)
            await _execute(db, f"PRAGMA user_version = {migration.version}")
            await db.commit()
        except BaseException:
            if db.in_transaction:
                await db.rollback()
            raise
        log.info("applied migration %s", migration.name)
        applied.append(migration.version)
    return applied


async def _records_apart(db: aiosqlite.Connection) -> None:
    """V4: each stored record's seed moves to ``games.seed``, and the engine writes
    the record again (version 2). A record that no longer replays keeps its moves,
    less the seed, and its game is marked damaged."""
    last = 0
    while True:
        async with db.execute(
            "SELECT id, record FROM games WHERE record IS NOT NULL AND id > ? ORDER BY id"
            " LIMIT 200", (last,),
        ) as cursor:
            rows = list(await cursor.fetchall())
        if not rows:
            return
        for game_id, text in rows:
            upgraded = records.upgrade(json.loads(text))
            if upgraded.problem is not None:
                log.warning("game %s: its record does not replay (%s)", game_id, upgraded.problem)
            await _execute(
                db,
                "UPDATE games SET record = ?, seed = ?, damaged = coalesce(damaged, ?)"
                " WHERE id = ?",
                (_json(upgraded.record), _seed_text(upgraded.seed), upgraded.problem, game_id),
            )
        last = rows[-1][0]


#: The Python steps of migrations, by version.
STEPS: dict[int, Step] = {4: _records_apart}


async def _user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return row[0] if row else 0


# ------------------------------------------------------------------ values


def _stamp(moment: datetime) -> str:
    """UTC to the millisecond (a turn's start is compared with Discord's ids)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def _due(moment: datetime) -> str:
    """UTC, always to the microsecond: one fixed format, so text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _seed_text(seed: int | None) -> str | None:
    """A seed as stored: decimal text (128 bits do not fit an SQLite integer)."""
    return str(seed) if seed is not None else None


def _players_json(players: Iterable[Player]) -> str:
    return _json([{"id": p.id, "name": p.name, **({"ai": p.ai} if p.ai else {})}
                  for p in players])


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        options=json.loads(row["options"]),
        seed=int(row["seed"]) if row["seed"] is not None else None,
        players=tuple(Player(p["id"], p["name"], p.get("ai"))
                      for p in json.loads(row["players"])),
        status=Status(row["status"]),
        version=row["version"],
        record=json.loads(row["record"]) if row["record"] else None,
        lobby_message_id=row["lobby_message_id"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
        turn_started_at=_time(row["turn_started_at"]),
        finished_at=_time(row["finished_at"]),
        turn=row["turn"],
        on_turn=row["on_turn"],
        removed=frozenset(json.loads(row["removed_ids"] or "[]")),
        damaged=row["damaged"],
        stand_ins=frozenset(json.loads(row["stand_ins"])),
        hints=frozenset(json.loads(row["hints"])),
        thread_id=row["thread_id"],
        rated=bool(row["rated"]),
    )


def _result_player(row: sqlite3.Row) -> ResultPlayer:
    return ResultPlayer(
        seat=row["seat"], player=row["player"], user_id=row["user_id"], ai=row["ai"],
        name=row["name"], score=row["score"], place=row["place"], removed=bool(row["removed"]),
        points_during=json.loads(row["points_during"]),
        points_final=json.loads(row["points_final"]),
        followers_placed=json.loads(row["followers_placed"]),
        biggest_city=row["biggest_city"], longest_road=row["longest_road"], turns=row["turns"],
    )


def _rating(row: sqlite3.Row) -> Rating:
    return Rating(
        player=row["player"], user_id=row["user_id"], ai=row["ai"], name=row["name"],
        mu=row["mu"], sigma=row["sigma"], ordinal=row["ordinal"], games=row["games"],
        wins=row["wins"],
    )


def _timer(row: sqlite3.Row) -> Timer:
    return Timer(
        id=row["id"],
        event=row["event"],
        expires_at=datetime.fromisoformat(row["expires_at"]),
        game_id=row["game_id"],
        turn=row["turn"],
        data=json.loads(row["data"]),
        created_at=datetime.fromisoformat(row["created_at"]),
    )


def _league(row: sqlite3.Row) -> League:
    return League(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        organiser_id=row["organiser_id"], name=row["name"], format=row["format"],
        options=json.loads(row["options"]), rounds=row["rounds"],
        round_hours=row["round_hours"], status=row["status"], round=row["round"],
        round_ends_at=_time(row["round_ends_at"]), version=row["version"],
        created_at=datetime.fromisoformat(row["created_at"]), time_rule=row["time_rule"],
        drop_rule=row["drop_rule"], starts_at=_time(row["starts_at"]),
    )


def _league_game(row: sqlite3.Row) -> LeagueGame:
    return LeagueGame(
        id=row["id"], league_id=row["league_id"], round=row["round"],
        player_a=row["player_a"], player_b=row["player_b"], game_id=row["game_id"],
        status=row["status"], score_a=row["score_a"], score_b=row["score_b"],
        forfeit_by=row["forfeit_by"],
        seats=tuple(json.loads(row["seats"])) if row["seats"] else None,
    )


# ------------------------------------------------------------------- reads


class _Reads(Reads):
    """The lookups, on one connection: the reader, or a transaction's writer."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def _one(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        async with self._db.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        async with self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def _game_row(self, sql: str, params: tuple[Any, ...]) -> GameRow | None:
        row = await self._one(sql, params)
        return _game(row) if row is not None else None

    async def game(self, game_id: int, guild_id: int | None = None) -> GameRow | None:
        if guild_id is None:
            return await self._game_row(GAME_BY_ID, (game_id,))
        return await self._game_row(GAME_IN_GUILD, (game_id, guild_id))

    async def open_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        return await self._game_row(OPEN_GAME, (channel_id, guild_id))

    async def latest_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        return await self._game_row(LATEST_GAME, (channel_id, guild_id))

    async def running_games(self, guild_id: int) -> list[GameRow]:
        return [_game(row) for row in await self._all(RUNNING_GAMES, (guild_id,))]

    async def player_games(self, guild_id: int, user_id: int) -> list[PlayerGame]:
        rows = await self._all(PLAYER_GAMES, (user_id, guild_id))
        return [PlayerGame(_game(row), _time(row["deadline"])) for row in rows]

    async def finished_games(self, guild_id: int, *, user_id: int | None = None,
                             limit: int, offset: int = 0) -> list[GameRow]:
        if user_id is None:
            rows = await self._all(FINISHED_GAMES, (guild_id, limit, offset))
        else:
            rows = await self._all(PLAYER_FINISHED_GAMES, (user_id, guild_id, limit, offset))
        return [_game(row) for row in rows]

    async def count_finished_games(self, guild_id: int, *, user_id: int | None = None) -> int:
        row = (await self._one(COUNT_FINISHED_GAMES, (guild_id,)) if user_id is None
               else await self._one(COUNT_PLAYER_FINISHED_GAMES, (user_id, guild_id)))
        return row[0] if row else 0

    async def hosted_lobbies(self, guild_id: int, user_id: int) -> int:
        row = await self._one(HOSTED_LOBBIES, (guild_id, user_id))
        return row[0] if row else 0

    async def games_to_summarise(self) -> list[GameRow]:
        return [_game(row) for row in await self._all(GAMES_TO_SUMMARISE)]

    async def settings(self, scope: Scope, key: int) -> dict[str, Any]:
        row = await self._one(_settings_query(scope), (key,))
        return json.loads(row[0]) if row is not None else {}

    async def game_timers(self, game_id: int) -> dict[str, Timer]:
        return {row["event"]: _timer(row) for row in await self._all(GAME_TIMERS, (game_id,))}

    async def votes(self, game_id: int, turn: int) -> set[int]:
        return {row[0] for row in await self._all(VOTES, (game_id, turn))}

    async def messages(self, game_id: int) -> list[MessageRef]:
        rows = await self._all(MESSAGES, (game_id,))
        return [MessageRef(r["channel_id"], r["message_id"], r["kind"], r["turn"]) for r in rows]

    async def turn_announcement(self, game_id: int, turn: int) -> int | None:
        row = await self._one(TURN_ANNOUNCEMENT, (game_id, turn))
        return row[0] if row is not None else None

    async def game_log(self, game_id: int) -> list[LogEntry]:
        return [
            LogEntry(
                row["version"],
                row["action"],
                row["user_id"],
                json.loads(row["data"]),
                datetime.fromisoformat(row["created_at"]),
            )
            for row in await self._all(GAME_LOG, (game_id,))
        ]

    async def count_games(self) -> int:
        row = await self._one("SELECT count(*) FROM games")
        return row[0] if row else 0

    async def game_result(self, game_id: int) -> GameResult | None:
        row = await self._one(GAME_RESULT, (game_id,))
        if row is None:
            return None
        finished = _time(row["finished_at"])
        assert finished is not None
        return GameResult(
            game_id=row["game_id"], guild_id=row["guild_id"], kind=row["kind"],
            rated=bool(row["rated"]), turns=row["turns"], started_at=_time(row["started_at"]),
            finished_at=finished,
            players=tuple(_result_player(r) for r in await self._all(RESULT_PLAYERS,
                                                                       (game_id,))),
        )

    async def player_results(self, guild_id: int, kind: str, player: str) -> list[ResultPlayer]:
        return [_result_player(row)
                for row in await self._all(PLAYER_RESULTS, (guild_id, kind, player))]

    async def rating(self, guild_id: int, kind: str, player: str) -> Rating | None:
        row = await self._one(RATING, (guild_id, kind, player))
        return _rating(row) if row is not None else None

    async def leaderboard(self, guild_id: int, kind: str, *, min_games: int, offset: int,
                          limit: int) -> list[Rating]:
        rows = await self._all(LEADERBOARD, (guild_id, kind, min_games, limit, offset))
        return [_rating(row) for row in rows]

    async def leaderboard_size(self, guild_id: int, kind: str, *, min_games: int) -> int:
        row = await self._one(LEADERBOARD_SIZE, (guild_id, kind, min_games))
        return row[0] if row else 0

    async def rating_history(self, guild_id: int, kind: str, player: str) -> list[RatingPoint]:
        rows = await self._all(RATING_HISTORY, (guild_id, kind, player))
        return [RatingPoint(row["game_id"], row["ordinal"], row["previous"],
                            datetime.fromisoformat(row["created_at"])) for row in rows]

    async def hidden(self, guild_id: int, user_id: int) -> bool:
        return await self._one(HIDDEN, (guild_id, user_id)) is not None
    async def league(self, league_id: int) -> League | None:
        row = await self._one(LEAGUE, (league_id,))
        return _league(row) if row is not None else None

    async def channel_league(self, guild_id: int, channel_id: int) -> League | None:
        row = await self._one(CHANNEL_LEAGUE, (guild_id, channel_id))
        return _league(row) if row is not None else None

    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        return [LeaguePlayer(r["user_id"], r["name"], r["dropped_round"])
                for r in await self._all(LEAGUE_PLAYERS, (league_id,))]

    async def league_games(self, league_id: int) -> list[LeagueGame]:
        return [_league_game(r) for r in await self._all(LEAGUE_GAMES, (league_id,))]

    async def league_game_of(self, game_id: int) -> LeagueGame | None:
        row = await self._one(LEAGUE_GAME_OF, (game_id,))
        return _league_game(row) if row is not None else None


# ------------------------------------------------------------------ writes


class SQLiteTransaction(_Reads, Transaction):
    """The writes, on the writer connection inside ``BEGIN IMMEDIATE``."""

    #: What the driver raises when a write breaks a constraint (a unique index among
    #: them: :meth:`_breaks_unique` tells which).
    _unique_violation: type[Exception] = sqlite3.IntegrityError

    @staticmethod
    def _breaks_unique(exc: Exception) -> bool:
        """Whether ``exc`` is a unique index's: a CHECK, NOT NULL or foreign key failure
        is a fault to surface as it is, never "taken already" (issue 22)."""
        return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_CONSTRAINT_UNIQUE

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        """Execute a write; how many rows it changed."""
        async with self._db.execute(sql, params) as cursor:
            return cursor.rowcount

    async def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self._db.executemany(sql, rows)

    async def insert_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Player,
        options: dict[str, Any],
        now: datetime,
        rated: bool = False,
    ) -> GameRow:
        stamp = _stamp(now)
        try:
            row = await self._one(
                "INSERT INTO games (guild_id, channel_id, host_id, options, players,"
                " status, version, turn, rated, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', 1, 0, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, host.id, _json(options), _players_json([host]),
                 int(rated), stamp, stamp),
            )
        except self._unique_violation as exc:
            if not self._breaks_unique(exc):
                raise
            raise Conflict(f"channel {channel_id} has an open game already") from exc
        assert row is not None
        game_id = row[0]
        await self._seat(game_id, [host], frozenset())
        await self._log(game_id, 1, "create", host.id, {"options": options}, now)
        game = await self.game(game_id)
        assert game is not None
        return game

    async def save_game(
        self,
        old: GameRow,
        new: GameRow,
        *,
        action: str,
        user_id: int | None,
        now: datetime,
        data: dict[str, Any] | None = None,
    ) -> GameRow:
        changed = await self._run(
            SAVE_GAME,
            (
                new.host_id,
                _players_json(new.players),
                str(new.status),
                _json(new.record) if new.record is not None else None,
                _seed_text(new.seed),
                _stamp(new.turn_started_at) if new.turn_started_at else None,
                _stamp(new.finished_at) if new.finished_at else None,
                new.turn,
                new.on_turn,
                new.damaged,
                _json(sorted(new.stand_ins)),
                _json(sorted(new.hints)),
                int(new.rated),
                _stamp(now),
                old.id,
                old.version,
            ),
        )
        if changed != 1:
            raise VersionConflict(f"game {old.id} is no longer at version {old.version}")
        if new.players != old.players or new.removed != old.removed:
            await self._run("DELETE FROM game_players WHERE game_id = ?", (old.id,))
            await self._seat(old.id, new.players, new.removed)
        version = old.version + 1
        await self._log(old.id, version, action, user_id, data or {}, now)
        return replace(new, id=old.id, version=version, updated_at=now)

    async def _seat(self, game_id: int, players: Iterable[Player], removed: frozenset[int]) -> None:
        await self._run_many(
            "INSERT INTO game_players (game_id, seat, user_id, removed, ai) VALUES (?, ?, ?, ?, ?)",
            [(game_id, seat, p.id, int(p.id in removed), p.ai)
             for seat, p in enumerate(players)],
        )

    async def _log(
        self,
        game_id: int,
        version: int,
        action: str,
        user_id: int | None,
        data: dict[str, Any],
        now: datetime,
    ) -> None:
        await self._run(
            "INSERT INTO game_log (game_id, version, action, user_id, data, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, version, action, user_id, _json(data), _stamp(now)),
        )

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self._run(
            "UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id)
        )

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        await self._run("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))

    async def mark_damaged(self, game_id: int, reason: str) -> None:
        await self._run("UPDATE games SET damaged = ? WHERE id = ?", (reason, game_id))

    async def set_settings(
        self, scope: Scope, key: int, settings: dict[str, Any], now: datetime
    ) -> None:
        table, column = _SETTINGS_TABLES[scope]
        await self._run(
            f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?)"
            f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings,"
            " updated_at = excluded.updated_at",
            (key, _json(settings), _stamp(now)),
        )

    async def set_timer(
        self,
        event: str,
        expires_at: datetime,
        *,
        now: datetime,
        game_id: int | None = None,
        turn: int | None = None,
        data: dict[str, Any] | None = None,
        guild_id: int | None = None,
    ) -> Timer:
        if game_id is not None:
            await self._run(DELETE_GAME_TIMER, (game_id, event))
        row = await self._one(
            "INSERT INTO timers (event, expires_at, game_id, turn, data, created_at, guild_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (event, _due(expires_at), game_id, turn, _json(data or {}), _stamp(now), guild_id),
        )
        assert row is not None
        return _timer(row)

    async def cancel_timers(self, game_id: int, events: tuple[str, ...] | None = None) -> None:
        if events is None:
            await self._run("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return
        for event in events:
            await self._run(DELETE_GAME_TIMER, (game_id, event))

    async def move_timers(self, game_id: int, events: tuple[str, ...], turn: int) -> None:
        for event in events:
            await self._run(
                "UPDATE timers SET turn = ? WHERE game_id = ? AND event = ?", (turn, game_id, event)
            )

    async def hasten_timer(self, game_id: int, event: str, turn: int, due: datetime) -> bool:
        return await self._run(HASTEN_TIMER, (_due(due), game_id, event, turn, _due(due))) == 1

    async def claim_timer(self, timer: Timer) -> bool:
        return await self._run(CLAIM_TIMER, (timer.id,)) == 1

    async def vote(self, game_id: int, user_id: int, turn: int, now: datetime) -> None:
        await self._run(
            "INSERT INTO end_votes (game_id, user_id, turn, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, user_id) DO UPDATE SET turn = excluded.turn,"
            " created_at = excluded.created_at",
            (game_id, user_id, turn, _stamp(now)),
        )

    async def clear_votes(self, game_id: int, *, keep_turn: int | None = None) -> None:
        if keep_turn is None:
            await self._run("DELETE FROM end_votes WHERE game_id = ?", (game_id,))
        else:
            await self._run(
                "DELETE FROM end_votes WHERE game_id = ? AND turn != ?", (game_id, keep_turn)
            )

    async def remember_message(self, game_id: int, message: MessageRef, now: datetime) -> None:
        await self._run(
            "INSERT INTO game_messages (message_id, game_id, channel_id, kind, turn, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (message.message_id, game_id, message.channel_id, message.kind, message.turn,
             _stamp(now)),
        )

    async def forget_messages(self, game_id: int) -> None:
        await self._run("DELETE FROM game_messages WHERE game_id = ?", (game_id,))

    async def insert_league(self, *, guild_id: int, channel_id: int, organiser_id: int,
                            name: str, format: str, options: dict[str, Any], rounds: int,
                            round_hours: int, time_rule: str, drop_rule: str,
                            starts_at: datetime | None, now: datetime) -> League:
        stamp = _stamp(now)
        try:
            row = await self._one(
                "INSERT INTO leagues (guild_id, channel_id, organiser_id, name, format, options,"
                " rounds, round_hours, time_rule, drop_rule, starts_at, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (guild_id, channel_id, organiser_id, name, format, _json(options), rounds,
                 round_hours, time_rule, drop_rule, _due(starts_at) if starts_at else None,
                 stamp, stamp),
            )
        except self._unique_violation as exc:
            if not self._breaks_unique(exc):
                raise
            raise Conflict(f"channel {channel_id} has an open league already") from exc
        assert row is not None
        return _league(row)

    async def save_league(self, old: League, new: League, now: datetime) -> League:
        changed = await self._run(SAVE_LEAGUE, (
            new.status, new.round, _due(new.round_ends_at) if new.round_ends_at else None,
            _stamp(now), old.id, old.version))
        if changed != 1:
            raise VersionConflict(f"league {old.id} is no longer at version {old.version}")
        return replace(new, id=old.id, version=old.version + 1)

    async def add_league_player(self, league_id: int, player: LeaguePlayer,
                                now: datetime) -> bool:
        return await self._run(
            "INSERT INTO league_players (league_id, user_id, name, joined_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (league_id, player.user_id, player.name, _due(now))) == 1

    async def remove_league_player(self, league_id: int, user_id: int) -> bool:
        return await self._run(
            "DELETE FROM league_players WHERE league_id = ? AND user_id = ?",
            (league_id, user_id)) == 1

    async def drop_league_player(self, league_id: int, user_id: int, round: int) -> None:
        await self._run(
            "UPDATE league_players SET dropped_round = ? WHERE league_id = ? AND user_id = ?",
            (round, league_id, user_id))

    async def insert_league_games(self, league_id: int, round: int,
                                  pairs: list[tuple[int, int | None]]) -> None:
        await self._run_many(
            "INSERT INTO league_games (league_id, round, player_a, player_b, status)"
            " VALUES (?, ?, ?, ?, ?)",
            [(league_id, round, a, b, "pending" if b is not None else "done")
             for a, b in pairs])

    async def set_league_game(self, pairing: LeagueGame, now: datetime) -> None:
        await self._run(SET_LEAGUE_GAME, (
            pairing.game_id, pairing.status, pairing.score_a, pairing.score_b,
            pairing.forfeit_by, _json(list(pairing.seats)) if pairing.seats else None,
            _stamp(now) if pairing.status == "done" else None, pairing.id))

    async def set_meta(self, key: str, value: str | None) -> None:
        if value is None:
            await self._run("DELETE FROM meta WHERE key = ?", (key,))
            return
        await self._run(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def save_result(self, result: GameResult) -> None:
        duration = result.duration
        await self._run(
            "INSERT INTO game_results (game_id, guild_id, kind, rated, players, turns,"
            " started_at, finished_at, duration_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (result.game_id, result.guild_id, result.kind, int(result.rated),
             len(result.players), result.turns,
             _stamp(result.started_at) if result.started_at else None,
             _stamp(result.finished_at),
             round(duration.total_seconds()) if duration is not None else None),
        )
        await self._run_many(
            "INSERT INTO result_players (game_id, seat, guild_id, kind, player, user_id, ai,"
            " name, score, place, removed, points_during, points_final, followers_placed,"
            " biggest_city, longest_road, turns)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(result.game_id, p.seat, result.guild_id, result.kind, p.player, p.user_id, p.ai,
              p.name, p.score, p.place, int(p.removed), _json(p.points_during),
              _json(p.points_final), _json(p.followers_placed), p.biggest_city,
              p.longest_road, p.turns) for p in result.players],
        )

    async def save_ratings(self, guild_id: int, kind: str, game_id: int,
                           ratings: list[tuple[Rating, float]], now: datetime) -> None:
        stamp = _stamp(now)
        await self._run_many(
            "INSERT INTO ratings (guild_id, kind, player, user_id, ai, name, mu, sigma, ordinal,"
            " games, wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, kind, player) DO UPDATE SET name = excluded.name,"
            " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
            " games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at",
            [(guild_id, kind, r.player, r.user_id, r.ai, r.name, r.mu, r.sigma, r.ordinal,
              r.games, r.wins, stamp) for r, _ in ratings],
        )
        await self._run_many(
            "INSERT INTO rating_history (game_id, player, guild_id, kind, mu, sigma, ordinal,"
            " previous, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, r.player, guild_id, kind, r.mu, r.sigma, r.ordinal, previous, stamp)
             for r, previous in ratings],
        )

    async def set_hidden(self, guild_id: int, user_id: int, hidden: bool,
                         now: datetime) -> None:
        if hidden:
            await self._run(
                "INSERT INTO leaderboard_hidden (guild_id, user_id, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO NOTHING", (guild_id, user_id, _stamp(now)))
        else:
            await self._run("DELETE FROM leaderboard_hidden WHERE guild_id = ? AND user_id = ?",
                            (guild_id, user_id))


# ----------------------------------------------------------------- storage


class SQLiteStorage(_Reads, Storage):
    """The bot's SQLite file. Open with :meth:`open`, then :meth:`close`."""

    def __init__(
        self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection
    ) -> None:
        super().__init__(reader)
        self.path = path
        self._writer = writer
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> SQLiteStorage:
        """Check the file, connect, bring the schema up to date, and try a write."""
        memory = path == ":memory:"
        opened: list[aiosqlite.Connection] = []
        try:
            if not memory:
                await _check_file(path, opened)
            writer = await _connect(path, opened)
            if not memory:
                await _execute(writer, "PRAGMA journal_mode = WAL")
            await migrate(writer, path)
            # An in-memory database exists once per connection: read where we write.
            reader = writer if memory else await _connect(path, opened)
            storage = cls(path, writer, reader)
            async with storage.transaction() as tx:  # the trial write
                await tx.set_meta("storage:opened", _stamp(datetime.now(UTC)))
        except BaseException as exc:
            for db in opened:
                await _close_quietly(db)
            if isinstance(exc, sqlite3.Error):
                raise _storage_error(path, exc) from exc
            if isinstance(exc, OSError):
                raise DatabaseUnusable(path, exc.strerror or str(exc)) from exc
            raise
        return storage

    async def close(self) -> None:
        if self._db is not self._writer:
            await self._db.close()
        await self._writer.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SQLiteTransaction]:
        """One write, all of it or nothing. A full disk (SQLite's SQLITE_FULL) is
        :class:`~bot.storage.DiskFull`, which the player and the log both read as a
        sentence; nothing of the write is kept."""
        async with self._write_lock:
            db = self._writer
            try:
                await _execute(db, "BEGIN IMMEDIATE")
                try:
                    yield SQLiteTransaction(db)
                except BaseException:
                    await db.rollback()
                    raise
                else:
                    await db.commit()
            except sqlite3.Error as exc:
                if not _is_full(exc):
                    raise
                if db.in_transaction:  # a failed commit leaves it open
                    await db.rollback()
                raise DiskFull(self.path, at_start=False) from exc

    async def meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row is not None else None

    async def meta_keys(self, prefix: str) -> list[str]:
        rows = await self._all(
            "SELECT key FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)
        )
        return [row[0] for row in rows]

    async def next_timer(self, shards: Shards | None = None) -> Timer | None:
        # Through the write lock (not the reader): a timer added by a
        # transaction that just committed must be seen at once.
        sql, params = (NEXT_TIMER, ()) if shards is None else next_shard_timer(shards)
        async with self.transaction() as tx:
            row = await tx._one(sql, params)
        return _timer(row) if row is not None else None

    async def dispatch_timer(self, timer: Timer, now: datetime) -> bool:
        # Only if no one has: of two processes that read the same timer, PostgreSQL
        # makes the second UPDATE wait for the first and then finds it handed out.
        async with self.transaction() as tx:
            return await tx._run(DISPATCH_TIMER, (_stamp(now), timer.id)) == 1

    async def rearm_timers(self) -> int:
        async with self.transaction() as tx:
            return await tx._run(
                "UPDATE timers SET dispatched_at = NULL WHERE dispatched_at IS NOT NULL")

    async def release_stale_timers(self, before: datetime) -> int:
        async with self.transaction() as tx:
            return await tx._run(
                "UPDATE timers SET dispatched_at = NULL WHERE dispatched_at < ?",
                (_stamp(before),))

    async def explain(self, sql: str, params: tuple[Any, ...]) -> list[str]:
        """SQLite's query plan of ``sql``, one line per step (for the index test)."""
        return [row[3] for row in await self._all(f"EXPLAIN QUERY PLAN {sql}", params)]


# ------------------------------------------------------------- connecting


async def _check_file(path: str, opened: list[aiosqlite.Connection]) -> None:
    """Refuse a damaged database before anything writes to it."""
    file = Path(path).expanduser()
    if file.is_dir():
        raise DatabaseUnusable(path, "it is a folder")
    if not file.exists() or file.stat().st_size == 0:
        file.parent.mkdir(parents=True, exist_ok=True)
        return
    db = await _connect(f"file:{file}?mode=ro", opened, uri=True)
    try:
        async with db.execute("PRAGMA quick_check") as cursor:
            problems = [row[0] for row in await cursor.fetchall()]
        if problems != ["ok"]:
            raise DatabaseDamaged(path, "; ".join(problems[:3]))
        known = len(migrations())
        version = await _user_version(db)
        if version > known:
            raise DatabaseTooNew(path, version, known)
    except sqlite3.Error as exc:
        raise _storage_error(path, exc) from exc
    finally:
        opened.remove(db)
        await _close_quietly(db)


async def _connect(
    path: str, opened: list[aiosqlite.Connection], *, uri: bool = False
) -> aiosqlite.Connection:
    # isolation_level=None: no implicit transactions; we BEGIN explicitly.
    db = aiosqlite.connect(path, isolation_level=None, uri=uri)
    opened.append(db)
    await db
    db.row_factory = aiosqlite.Row
    for pragma in ("foreign_keys = ON", "busy_timeout = 5000", "synchronous = NORMAL"):
        await _execute(db, f"PRAGMA {pragma}")
    return db


async def _execute(db: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()) -> None:
    """Execute and close the cursor: an unread result row keeps a statement open,
    and SQLite will not commit while one is."""
    async with db.execute(sql, params):
        pass


async def _close_quietly(db: aiosqlite.Connection) -> None:
    """Close ``db``, opened or not, and wait for its worker thread to end.

    A connection that failed to open was stopped by aiosqlite without waiting: its
    thread still has an answer to hand to this event loop. Were the loop closed
    first (the launcher's one sentence, then exit), the thread would print "Event
    loop is closed" tracebacks, so the loop waits for it here.
    """
    try:
        await db.close()
    except Exception:  # closing a connection that never opened
        db.stop()
    thread = getattr(db, "_thread", None)  # aiosqlite keeps no public handle on it
    if thread is not None and thread.is_alive():
        await asyncio.to_thread(thread.join, _THREAD_END)


def _is_full(exc: sqlite3.Error) -> bool:
    """Whether SQLite said the disk (or the database's size limit) is full."""
    return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL \
        or "full" in str(exc).lower()


def _storage_error(path: str, exc: sqlite3.Error) -> StorageError:
    """One sentence for what SQLite said while opening the database."""
    text = str(exc)
    lowered = text.lower()
    if _is_full(exc):
        return DiskFull(path)
    if "malformed" in lowered or "not a database" in lowered or "corrupt" in lowered:
        return DatabaseDamaged(path, text)
    return DatabaseUnusable(path, text)
