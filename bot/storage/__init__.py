"""What the bot keeps: the typed interface of its storage, and the values it holds.

The application (:mod:`bot.app`) speaks to the
database only through the methods below; no other module writes SQL. The
default backend is SQLite (:mod:`bot.storage.sqlite`), which needs nothing installed;
the second, PostgreSQL (:mod:`bot.storage.postgres`, for a bot that runs on several
machines), implements the same three classes:

- :class:`Reads`: lookups, on their own or inside a transaction;
- :class:`Transaction`: the writes, all-or-nothing (one action of one game is
  one transaction, its version bump and timers included);
- :class:`Storage`: opens transactions, reads outside them, and holds the
  bot's own facts (the timer queue, metadata).

Times are timezone-aware UTC datetimes; JSON-like values are plain dicts.

One module on purpose: the interface is read as a whole, and each backend
implements all of it; the values of finished games and ratings (issue 22) are
in :mod:`bot.storage.results`, those of leagues in :mod:`bot.storage.leagues`.
"""

from __future__ import annotations

import abc
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


LOBBY, RUNNING, FINISHED, CANCELLED = Status
OPEN_STATUSES = (LOBBY, RUNNING)


class Scope(StrEnum):
    """Whose settings: a server's defaults, one game's own, or a player's choices."""

    SERVER = "server"
    GAME = "game"
    PLAYER = "player"


# ------------------------------------------------------------------ errors


class StorageError(RuntimeError):
    """The database cannot be used as it is; the message is one sentence for the operator."""


class DatabaseTooNew(StorageError):
    def __init__(self, path: str, version: int, known: int) -> None:
        super().__init__(
            f"The database {path} was written by a newer version of the bot (schema "
            f"{version}, this one knows {known}): run the newer version, or restore a backup."
        )


class DatabaseDamaged(StorageError):
    def __init__(self, path: str, detail: str) -> None:
        super().__init__(
            f"The database {path} is damaged ({detail}); it was left as it is: "
            "restore a backup, or move the file away to start with an empty one."
        )


class DatabaseUnusable(StorageError):
    def __init__(
        self,
        path: str,
        detail: str,
        advice: str = "check that the file and its folder exist and that the bot's user "
        "may read and write them",
    ) -> None:
        super().__init__(f"The database {path} cannot be opened for writing ({detail}): {advice}.")


class ServerUnreachable(StorageError):
    """The database server did not answer (PostgreSQL)."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(
            f"Cannot reach the database server of {path} ({detail}): check that PostgreSQL "
            "runs there and that CARCASSONNE_DATABASE names its host and port."
        )


class LoginRefused(StorageError):
    """The database server refused the bot's role or password (PostgreSQL)."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(
            f"The database server refused the bot's login to {path} ({detail}): check the "
            "role, its password and the database name in CARCASSONNE_DATABASE."
        )


class DiskFull(StorageError):
    """The disk is full: at start (``at_start``) the bot cannot begin; later, the change
    being written was not kept, and the bot goes on once there is space again."""

    def __init__(self, path: str, *, at_start: bool = True) -> None:
        super().__init__(
            f"The disk that holds the database {path} is full: free some space and start again."
            if at_start else
            f"The disk that holds the database {path} is full: a change was not saved; "
            "free some space (the bot goes on)."
        )


class Conflict(StorageError):
    """A write broke a rule the storage keeps (say, one open game per channel)."""


class VersionConflict(Conflict):
    """Someone else changed the game between our read and our write."""


# ------------------------------------------------------------------ values


@dataclass(frozen=True)
class Player:
    """A seat at a game: a Discord user id and the display name they joined with,
    or an AI player: a negative id (nobody's account), its name and its level."""

    id: int
    name: str
    #: The level of an AI seat (one of :data:`engine.ai.PLAYER_LEVELS`); None for a person.
    ai: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.ai is not None


@dataclass(frozen=True)
class GameRow:
    """A game as stored. The record (engine format) and its seed are the game;
    ``turn`` and ``on_turn`` repeat what it says, so that lists of games need no replay."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    options: dict[str, Any]
    #: The seed the tiles are dealt from, never in the record: it tells the tiles
    #: to come. None before the start (and for a record stored without one).
    seed: int | None
    #: Join order in the lobby, seating order once the game runs.
    players: tuple[Player, ...]
    status: Status
    version: int
    record: dict[str, Any] | None
    lobby_message_id: int | None
    created_at: datetime
    updated_at: datetime
    turn_started_at: datetime | None
    finished_at: datetime | None
    #: The record's number of entries (the engine's ``turn``); None if not known yet.
    turn: int | None = 0
    #: The user on turn, or None.
    on_turn: int | None = None
    #: Users removed from the running game (their seats stay).
    removed: frozenset[int] = frozenset()
    #: Why the stored record no longer replays, or None.
    damaged: str | None = None
    #: The turns (record entry numbers) an AI played for a player who missed their
    #: deadline (the deadline policy ``ai``).
    stand_ins: frozenset[int] = frozenset()
    #: The turns (record entry numbers) on which the player on turn took a hint.
    hints: frozenset[int] = frozenset()
    #: The thread the game is played in (None: its channel).
    thread_id: int | None = None
    #: The host's choice: the game counts for ratings (issue 22).
    rated: bool = False

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def people(self) -> tuple[Player, ...]:
        """The seats people play (not AIs), in order."""
        return tuple(p for p in self.players if not p.is_ai)

    def player(self, user_id: int) -> Player | None:
        return next((p for p in self.players if p.id == user_id), None)

    def seat(self, user_id: int) -> int | None:
        return next((i for i, p in enumerate(self.players) if p.id == user_id), None)


@dataclass(frozen=True)
class Timer:
    """A durable timer: an event name, when it is due (UTC), and the game and
    turn it was set for, so that one its game has outlived is dropped."""

    id: int
    event: str
    expires_at: datetime
    game_id: int | None = None
    turn: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None


@dataclass(frozen=True)
class MessageRef:
    """A message the bot sent for a game with components on it."""

    channel_id: int
    message_id: int
    kind: str
    turn: int | None = None


@dataclass(frozen=True)
class LogEntry:
    """One change of a game (one version): who did what, when."""

    version: int
    action: str
    user_id: int | None
    data: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class PlayerGame:
    """A running game a player is seated in (not removed), with its turn deadline."""

    row: GameRow
    deadline: datetime | None


from .leagues import League, LeagueGame, LeaguePlayer  # noqa: E402
from .results import GameResult, Rating, RatingPoint, ResultPlayer  # noqa: E402

# --------------------------------------------------------------- interface


class Reads(abc.ABC):
    """Lookups; every one is served by an index (``tests/bot/test_storage.py`` checks)."""

    @abc.abstractmethod
    async def game(self, game_id: int, guild_id: int | None = None) -> GameRow | None:
        """A game by id; with ``guild_id``, only if it belongs to that server."""

    @abc.abstractmethod
    async def open_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel, if any."""

    @abc.abstractmethod
    async def latest_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        """The channel's open game, else the one created last there."""

    @abc.abstractmethod
    async def running_games(self, guild_id: int) -> list[GameRow]:
        """Every running game of a server (a change of its settings reaches them all)."""

    @abc.abstractmethod
    async def player_games(self, guild_id: int, user_id: int) -> list[PlayerGame]:
        """The running games of a server in which ``user_id`` still plays, oldest first."""

    @abc.abstractmethod
    async def finished_games(self, guild_id: int, *, user_id: int | None = None,
                             limit: int, offset: int = 0) -> list[GameRow]:
        """A server's finished games (played to the end or voted to an end, never
        cancelled ones), the newest first, ``limit`` of them after the first
        ``offset``; with ``user_id``, only those they had a seat in (the archive)."""

    @abc.abstractmethod
    async def count_finished_games(self, guild_id: int, *, user_id: int | None = None) -> int:
        """How many games :meth:`finished_games` lists in all."""

    @abc.abstractmethod
    async def hosted_lobbies(self, guild_id: int, user_id: int) -> int:
        """How many lobbies ``user_id`` hosts on a server."""

    @abc.abstractmethod
    async def games_to_summarise(self) -> list[GameRow]:
        """Running games whose ``turn`` is not known (stored by a bot before schema 3)."""

    @abc.abstractmethod
    async def settings(self, scope: Scope, key: int) -> dict[str, Any]:
        """The settings a server, game or player set (``{}``: none)."""

    @abc.abstractmethod
    async def game_timers(self, game_id: int) -> dict[str, Timer]:
        """A game's pending timers, by event."""

    @abc.abstractmethod
    async def votes(self, game_id: int, turn: int) -> set[int]:
        """Who voted to end a game at ``turn``."""

    @abc.abstractmethod
    async def messages(self, game_id: int) -> list[MessageRef]:
        """The messages with components noted for a game, oldest first."""

    @abc.abstractmethod
    async def turn_announcement(self, game_id: int, turn: int) -> int | None:
        """The id of the first message noted for a game's ``turn`` (its announcement)."""

    @abc.abstractmethod
    async def game_log(self, game_id: int) -> list[LogEntry]:
        """A game's changes, in order."""

    @abc.abstractmethod
    async def count_games(self) -> int: ...

    @abc.abstractmethod
    async def game_result(self, game_id: int) -> GameResult | None:
        """The result and statistics of a game that ended normally."""

    @abc.abstractmethod
    async def player_results(self, guild_id: int, kind: str, player: str) -> list[ResultPlayer]:
        """Every game of ``kind`` a player (a user id in decimal, or an AI's level)
        played to its end in a server, oldest first."""

    @abc.abstractmethod
    async def rating(self, guild_id: int, kind: str, player: str) -> Rating | None: ...

    @abc.abstractmethod
    async def leaderboard(self, guild_id: int, kind: str, *, min_games: int, offset: int,
                          limit: int) -> list[Rating]:
        """A page of a server's ratings of ``kind``, best first: players with at least
        ``min_games`` rated games, less the members who asked to be left off."""

    @abc.abstractmethod
    async def leaderboard_size(self, guild_id: int, kind: str, *, min_games: int) -> int:
        """How many players :meth:`leaderboard` has in all."""

    @abc.abstractmethod
    async def rating_history(self, guild_id: int, kind: str, player: str) -> list[RatingPoint]:
        """A player's rating after each of their rated games, oldest first."""

    @abc.abstractmethod
    async def hidden(self, guild_id: int, user_id: int) -> bool:
        """Whether a member asked to be left off the server's leaderboards."""

    # -------------------------------------------------------------- leagues

    @abc.abstractmethod
    async def league(self, league_id: int) -> League | None: ...

    @abc.abstractmethod
    async def channel_league(self, guild_id: int, channel_id: int) -> League | None:
        """The channel's open league, else the one created last there."""

    @abc.abstractmethod
    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        """A league's players, in the order they joined."""

    @abc.abstractmethod
    async def league_games(self, league_id: int) -> list[LeagueGame]:
        """A league's pairings, by round."""

    @abc.abstractmethod
    async def league_game_of(self, game_id: int) -> LeagueGame | None:
        """The league pairing a game is played for, if any."""


class Transaction(Reads):
    """Writes; the transaction commits when its block ends and rolls back on any error."""

    @abc.abstractmethod
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
        """A new lobby (version 1, logged as ``create``); :class:`Conflict` if the
        channel has an open game already."""

    @abc.abstractmethod
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
        """Write ``new`` over ``old`` if the stored game is still at ``old.version``;
        the game as saved (next version), with one log entry.

        Raises :class:`VersionConflict` when another change came first.
        """

    @abc.abstractmethod
    async def set_lobby_message(self, game_id: int, message_id: int) -> None: ...

    @abc.abstractmethod
    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """The thread a game is played in from now on (None: its channel)."""

    @abc.abstractmethod
    async def mark_damaged(self, game_id: int, reason: str) -> None:
        """Note that a game's record no longer replays (its version stays)."""

    @abc.abstractmethod
    async def set_settings(
        self, scope: Scope, key: int, settings: dict[str, Any], now: datetime
    ) -> None: ...

    @abc.abstractmethod
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
        """Add a timer; for a game it replaces the game's pending timer of that event.
        A timer of no game may name its server (``guild_id``): its shard fires it."""

    @abc.abstractmethod
    async def cancel_timers(self, game_id: int, events: tuple[str, ...] | None = None) -> None:
        """Remove a game's timers (of ``events`` only, if given)."""

    @abc.abstractmethod
    async def move_timers(self, game_id: int, events: tuple[str, ...], turn: int) -> None:
        """Keep a game's timers but set them for ``turn`` (the same player waits on)."""

    @abc.abstractmethod
    async def hasten_timer(self, game_id: int, event: str, turn: int, due: datetime) -> bool:
        """Bring a game's timer of ``event`` set for ``turn`` forward to ``due``, if it is
        later and not handed out yet; True if it did."""

    @abc.abstractmethod
    async def claim_timer(self, timer: Timer) -> bool:
        """Take a timer off the queue; False if it is gone (replaced or fired already)."""

    @abc.abstractmethod
    async def vote(self, game_id: int, user_id: int, turn: int, now: datetime) -> None: ...

    @abc.abstractmethod
    async def clear_votes(self, game_id: int, *, keep_turn: int | None = None) -> None:
        """Drop a game's votes to end it (except those cast at ``keep_turn``)."""

    @abc.abstractmethod
    async def remember_message(
        self, game_id: int, message: MessageRef, now: datetime
    ) -> None: ...

    @abc.abstractmethod
    async def forget_messages(self, game_id: int) -> None: ...

    @abc.abstractmethod
    async def set_meta(self, key: str, value: str | None) -> None:
        """Set (or with None, delete) one of the bot's own facts."""

    @abc.abstractmethod
    async def save_result(self, result: GameResult) -> None:
        """Store the result of a game that ended normally, with its players."""

    @abc.abstractmethod
    async def save_ratings(self, guild_id: int, kind: str, game_id: int,
                           ratings: list[tuple[Rating, float]], now: datetime) -> None:
        """Write each player's new rating (with its ordinal before ``game_id``, for
        the history)."""

    @abc.abstractmethod
    async def set_hidden(self, guild_id: int, user_id: int, hidden: bool,
                         now: datetime) -> None:
        """Leave a member off the server's leaderboards, or show them again."""

    @abc.abstractmethod
    async def insert_league(self, *, guild_id: int, channel_id: int, organiser_id: int,
                            name: str, format: str, options: dict[str, Any], rounds: int,
                            round_hours: int, time_rule: str, drop_rule: str,
                            starts_at: datetime | None, now: datetime) -> League:
        """A new league, signing up; :class:`Conflict` if the channel has an open one."""

    @abc.abstractmethod
    async def save_league(self, old: League, new: League, now: datetime) -> League:
        """Write ``new``'s status and round over ``old`` if still at ``old.version``
        (else :class:`VersionConflict`)."""

    @abc.abstractmethod
    async def add_league_player(self, league_id: int, player: LeaguePlayer,
                                now: datetime) -> bool:
        """Sign a player up; False if they are in already."""

    @abc.abstractmethod
    async def remove_league_player(self, league_id: int, user_id: int) -> bool: ...

    @abc.abstractmethod
    async def drop_league_player(self, league_id: int, user_id: int, round: int) -> None: ...

    @abc.abstractmethod
    async def insert_league_games(self, league_id: int, round: int,
                                  pairs: list[tuple[int, int | None]]) -> None:
        """A round's pairings, pending (a bye is done at once)."""

    @abc.abstractmethod
    async def set_league_game(self, pairing: LeagueGame, now: datetime) -> None:
        """Write a pairing's game, status and result."""


class Storage(Reads):
    """The database of one bot process. Close it with :meth:`close`."""

    @abc.abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    @abc.abstractmethod
    async def close(self) -> None: ...

    @abc.abstractmethod
    async def meta(self, key: str) -> str | None: ...

    @abc.abstractmethod
    async def meta_keys(self, prefix: str) -> list[str]: ...

    @abc.abstractmethod
    async def next_timer(self, shards: Shards | None = None) -> Timer | None:
        """The earliest timer not yet handed to a listener (of the games of the
        servers on ``shards`` only, if given)."""

    @abc.abstractmethod
    async def dispatch_timer(self, timer: Timer, now: datetime) -> bool:
        """Claim a timer for this process's listeners: note that it was handed out
        (it is not handed out again); False if another process took it first."""

    @abc.abstractmethod
    async def rearm_timers(self) -> int:
        """Hand out again the timers a stopped process had handed out but not acted on:
        all of them, for the one process of an unsharded bot. Shards have
        :meth:`release_stale_timers` only: a process cannot tell the timers of one
        that stopped from those of one still running the same shards."""

    @abc.abstractmethod
    async def release_stale_timers(self, before: datetime) -> int:
        """Hand out again the timers handed out before ``before`` and still not acted
        on: their process stopped (a live one acts within seconds)."""


@dataclass(frozen=True)
class Shards:
    """The Discord shards one process runs (``ids``) out of ``count``: it answers,
    and fires the timers of, the servers on them. A server's shard is Discord's
    ``(guild_id >> 22) % count``."""

    ids: tuple[int, ...]
    count: int

    def __post_init__(self) -> None:
        if not self.ids or self.count < 1 or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {self.ids} are not among 0 to {self.count - 1}")

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids


def shard_of(guild_id: int, count: int) -> int:
    """The shard a server's events come on (Discord's formula)."""
    return (guild_id >> 22) % count


#: How long a process may hold a timer it was handed before another process takes it
#: as left behind (by a process that stopped). Far longer than any action takes.
TIMER_LEASE = timedelta(minutes=5)


#: How a PostgreSQL database is named (CARCASSONNE_DATABASE): a connection URL.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
