"""A game as the application reads it: the stored row, the engine's position, the clock.

The game record and its seed (kept apart: :mod:`bot.records`) are the source
of truth. A started game's engine position is kept in a small cache keyed by
game id and version (:class:`Positions`), and a move is applied to a copy of
the cached position (:func:`fresh_copy`); the version check of the save
guards it, and the record is replayed only on a cache miss. The cached
position itself is never played on, so one that a presenter is still
rendering never changes under it.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property

from engine import Event, Game, Options, Place

from .. import records
from ..errors import (
    DamagedGame,
    EarlierTurn,
    GameOver,
    NoGame,
    NoGameHere,
    NotPlaying,
    NotStarted,
    NotYourTurn,
)
from ..i18n import N_
from ..i18n.terms import STATUSES
from ..names import Name, seat_label, seat_names
from ..storage import GameRow, Player, Reads, Status, Storage, Timer
from .hours import away_until, player_hours
from .results import RatingChange, player_key
from .vocabulary import TimerKind

log = logging.getLogger(__name__)

_CACHE_SIZE = 256


def fresh_copy(game: Game) -> Game:
    """A copy of a cached engine position that a move may change (the cached one
    may be drawn by a presenter at the same moment). Every copy is made here."""
    return game.copy()


@dataclass(frozen=True)
class TurnClock:
    """When the running turn's deadline falls and its next reminder comes, if they do."""

    deadline: datetime | None = None
    reminder: datetime | None = None
    #: The players on vacation (:mod:`bot.app.hours`), and until when.
    away: tuple[tuple[int, datetime], ...] = ()
    #: Whether the player on turn may be called (mentioned) now: not in their quiet
    #: hours, nor on vacation, nor before the hours they wait to be called after.
    calls: bool = True

    @classmethod
    def of(cls, timers: dict[str, Timer],
           away: dict[int, datetime] | None = None, calls: bool = True) -> TurnClock:
        deadline, reminder = timers.get(TimerKind.DEADLINE), timers.get(TimerKind.REMINDER)
        return cls(
            deadline=deadline.expires_at if deadline else None,
            reminder=reminder.expires_at if reminder else None,
            away=tuple(sorted((away or {}).items())),
            calls=calls,
        )

    def away_until(self, user_id: int) -> datetime | None:
        """Until when ``user_id`` is on vacation, if they are."""
        return dict(self.away).get(user_id)


@dataclass(frozen=True)
class Sent:
    """When a player sent a typed move: the interaction's id (Discord's snowflake,
    which grows with time) and its creation time. A typed move counts only for a
    turn announced before it was sent."""

    id: int
    at: datetime


@dataclass(frozen=True)
class GameState:
    """A game as stored, and for a started game the engine's position."""

    row: GameRow
    game: Game | None = None
    #: The running turn's deadline and next reminder, where the game has them.
    clock: TurnClock = TurnClock()
    #: The rating changes of a rated game this very change ended (issue 22), as
    #: :func:`bot.app.results.record_end` computed them in its transaction; else none.
    ratings: tuple[RatingChange, ...] = ()

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def players(self) -> tuple[Player, ...]:
        return self.row.players

    @property
    def host(self) -> Player | None:
        return self.row.player(self.row.host_id)

    @property
    def options(self) -> Options:
        return Options.from_dict(self.row.options)

    @property
    def turn(self) -> int:
        """The engine's turn counter (record entries so far); 0 before the start."""
        return self.game.turn if self.game is not None else 0

    @property
    def current(self) -> Player | None:
        """The player on turn, or None outside a running game."""
        if (self.game is None or self.game.current_player is None
                or self.row.status != Status.RUNNING):
            return None
        return self.row.players[self.game.current_player]

    def seat(self, user_id: int) -> int | None:
        return self.row.seat(user_id)

    @cached_property
    def names(self) -> list[str]:
        """Each seat's name, told apart ("Sam", "Sam (2)"); an AI's marked as one
        ("🤖 AI Hard 1"). As written: a message escapes it (:mod:`bot.words`)."""
        players = self.row.players
        return [seat_label(p, name) for p, name in zip(players, seat_names(players), strict=True)]

    def name(self, who: Player | int) -> str:
        """A player's name as shown (raw: see :attr:`names`), by player or by seat."""
        if isinstance(who, int):
            return self.names[who]
        seat = self.seat(who.id)
        return self.names[seat] if seat is not None else seat_label(who, who.name)

    def is_removed(self, seat: int) -> bool:
        return self.game is not None and not self.game.active[seat]

    def rating_change(self, seat: int) -> RatingChange | None:
        """How the rated game that just ended changed ``seat``'s rating, if it did."""
        key = player_key(self.row.players[seat])
        return next((change for change in self.ratings if change.player == key), None)


@dataclass(frozen=True)
class Played:
    """A move was applied: the state after it and what it caused."""

    state: GameState
    mover: Player
    move: Place
    events: list[Event] = field(default_factory=list)
    #: An AI played it for the mover, who had missed their deadline.
    stand_in: bool = False


class Positions:
    """The engine positions of started games, replayed from their records once and
    cached by game id and version."""

    def __init__(self, db: Storage,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.db = db
        self.clock = clock
        self._cache: OrderedDict[int, tuple[int, Game]] = OrderedDict()
        self._marking: set[asyncio.Task[None]] = set()

    def of(self, row: GameRow) -> Game:
        """The engine position of a started game; shared, so never to be played on.

        A record that no longer replays raises :class:`DamagedGame` (and the
        game is marked so, once): the failure stays inside its own game.
        """
        if row.damaged is not None:
            raise DamagedGame(game_id=row.id)
        cached = self._cache.get(row.id)
        if cached is not None and cached[0] == row.version:
            self._cache.move_to_end(row.id)
            return cached[1]
        assert row.record is not None
        try:
            game = records.load(row.record, row.seed)
        except Exception as exc:
            self._mark_damaged(row, exc)
            raise DamagedGame(game_id=row.id) from None
        self.remember(row, game)
        return game

    def remember(self, row: GameRow, game: Game) -> None:
        self._cache[row.id] = (row.version, game)
        self._cache.move_to_end(row.id)
        while len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)

    def _mark_damaged(self, row: GameRow, exc: Exception) -> None:
        """Log a record that no longer replays and mark its game, in a transaction of
        its own (the caller may be inside one that is about to roll back)."""
        reason = records.problem(exc)
        log.error("game %s: its record no longer replays (%s)", row.id, reason)

        async def mark() -> None:
            async with self.db.transaction() as tx:
                await tx.mark_damaged(row.id, reason)

        task = asyncio.get_running_loop().create_task(mark())
        self._marking.add(task)
        task.add_done_callback(self._marking.discard)

    def running(self, row: GameRow) -> GameState:
        """A game as stored, with its position if it is running (:func:`require_turn`
        says what is wrong otherwise)."""
        return GameState(row, self.of(row) if row.status == Status.RUNNING else None)

    async def state(self, db: Reads, row: GameRow) -> GameState:
        """A game as stored, its position once started, and a running turn's clock."""
        game = self.of(row) if row.record is not None else None
        if row.status != Status.RUNNING:
            return GameState(row, game, TurnClock())
        now = self.clock()
        away = await away_until(db, row.id, now)
        calls = True
        if row.on_turn is not None and row.on_turn > 0:
            hours = await player_hours(db, row.on_turn)
            calls = (row.on_turn not in away
                     and hours.may_call(now, row.turn_started_at or now))
        clock = TurnClock.of(await db.game_timers(row.id), away, calls)
        return GameState(row, game, clock)


async def find_row(
    db: Reads, guild_id: int, channel_id: int | None = None, game_id: int | None = None
) -> GameRow:
    """Game ``game_id`` of this server, or else the channel's open game; NoGame if none.

    Every lookup goes through the server, so another server's game id is never reachable.
    """
    if game_id is not None:
        row = await db.game(game_id, guild_id)
        if row is None:
            raise NoGame(N_("That game does not exist on this server."))
        return row
    assert channel_id is not None
    row = await db.open_game(guild_id, channel_id)
    if row is None:
        raise NoGameHere()
    return row


def require_running(row: GameRow) -> None:
    """Raise unless the game has started and is not over (and can still be read)."""
    if row.status == Status.LOBBY:
        raise NotStarted()
    if row.status != Status.RUNNING:
        raise GameOver(status=STATUSES[row.status])
    if row.damaged is not None:
        raise DamagedGame(game_id=row.id)


def require_turn(state: GameState, user_id: int, turn: int | None = None) -> Player:
    """The player on turn, who must be ``user_id``, of a running game, and (for a move
    made for turn ``turn``) that turn must still be current."""
    require_running(state.row)
    current = state.current
    if current is None:
        raise GameOver(status=STATUSES[state.row.status])
    if turn is not None and turn != state.turn:
        raise EarlierTurn()
    if current.id != user_id:
        seat = state.seat(user_id)
        if seat is None or state.is_removed(seat):
            raise NotPlaying(current=Name(state.name(current)))
        raise NotYourTurn(current=Name(state.name(current)))
    return current
