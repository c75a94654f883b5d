"""The application layer: one async function per player action, no Discord in sight.

Each action loads the game from the database, checks who may do what, applies
the change (through the engine for moves), and writes it back in one
transaction together with the game's new version; then it returns a plain
result for the Discord layer to present. Anything a player got wrong raises
:class:`GameError` with a sentence they can act on, and changes nothing.

The game record is the source of truth. A running game is rebuilt from it by
the engine's replay (a few milliseconds for a whole game) and kept in a small
cache keyed by game id and version; moves are always played on a fresh replay,
so a game that a presenter is still rendering is never changed under it.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from engine import (
    EngineError,
    Event,
    FigureKind,
    FigureOption,
    Game,
    IllegalMoveError,
    Options,
    Place,
    Placement,
    TileType,
)

from . import storage
from .naming import FollowerChoice, placement_label
from .storage import CANCELLED, FINISHED, LOBBY, RUNNING, GameRow, Player, Storage
from .turn_clock import TurnClock, turn_clock

MIN_PLAYERS, MAX_PLAYERS = 2, 5
_CACHE_SIZE = 128

NO_GAME_HERE = "There is no game in this channel. Open one with `/carcassonne new`."
NOT_STARTED = "This game has not started yet; the host starts it with `/carcassonne start`."
EARLIER_TURN = (
    "That is from an earlier turn; the game has moved on. "
    "Use the latest message, or `/carcassonne place`."
)


class GameError(Exception):
    """A player's action cannot be done; the message says why, for them."""


class NoGame(GameError):
    pass


class NotAllowed(GameError):
    pass


class Stale(GameError):
    """The action was meant for an earlier state of the game (an old button or value)."""


class InvalidMove(GameError):
    pass


@dataclass(frozen=True)
class GameState:
    """A game as stored, and for a started game the engine's position."""

    row: GameRow
    game: Game | None = None
    #: The running turn's deadline and next reminder, where the game has them.
    clock: TurnClock = TurnClock()

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
        if self.game is None or self.game.current_player is None or self.row.status != RUNNING:
            return None
        return self.row.players[self.game.current_player]

    def seat(self, user_id: int) -> int | None:
        for index, player in enumerate(self.row.players):
            if player.id == user_id:
                return index
        return None


@dataclass(frozen=True)
class Played:
    """A move was applied: the state after it and what it caused."""

    state: GameState
    mover: Player
    move: Place
    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True)
class Exported:
    filename: str
    data: bytes
    state: GameState


def _now() -> datetime:
    return datetime.now(UTC)


class GameService:
    """Every game action of the bot, on one database."""

    def __init__(
        self,
        db: Storage,
        *,
        clock: Callable[[], datetime] = _now,
        seed: int | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self._cache: OrderedDict[int, tuple[int, Game]] = OrderedDict()
        #: Called as ``hook(tx, row, game, now)`` in the transaction of every start,
        #: move and cancel, with the game as saved, so that what depends on the
        #: game (the turn timers of bot.turns) changes with it, or not at all.
        self.turn_hooks: list[Callable[[Any, GameRow, Game | None, datetime], Awaitable[None]]] = []

    async def _run_turn_hooks(
        self, tx: Any, row: GameRow, game: Game | None, now: datetime
    ) -> None:
        for hook in self.turn_hooks:
            await hook(tx, row, game, now)

    # ---------------------------------------------------------------- reads

    async def state(
        self,
        guild_id: int,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
        latest: bool = False,
    ) -> GameState:
        """The channel's open game (``latest``: or else its last one), or game ``game_id``."""
        if latest and channel_id is not None and game_id is None:
            row = await self.db.latest_game(guild_id, channel_id)
            if row is None:
                raise NoGame(NO_GAME_HERE)
        else:
            row = await find_row(self.db.reader, guild_id, channel_id, game_id)
        clock = await turn_clock(self.db.fetchall, row.id) if row.status == RUNNING else TurnClock()
        return replace(self._state(row), clock=clock)

    async def started_state(
        self, guild_id: int, *, channel_id: int | None = None, missing: str
    ) -> GameState:
        """The channel's open (or else last) game, once it has started; ``missing``
        says what there is not to show before that."""
        state = await self.state(guild_id, channel_id=channel_id, latest=True)
        if state.game is None:
            raise NotAllowed(f"The game has not started yet: {missing}.")
        return state

    def _state(self, row: GameRow) -> GameState:
        return GameState(row, self._game(row) if row.record is not None else None)

    def _game(self, row: GameRow) -> Game:
        """The engine position of a stored game; shared, so never to be played on."""
        cached = self._cache.get(row.id)
        if cached is not None and cached[0] == row.version:
            self._cache.move_to_end(row.id)
            return cached[1]
        game = replay(row)
        self._cache[row.id] = (row.version, game)
        self._cache.move_to_end(row.id)
        while len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)
        return game

    # --------------------------------------------------------------- lobby

    async def create(
        self, guild_id: int, channel_id: int, host: Player, options: dict[str, Any]
    ) -> GameState:
        """Open a lobby in a channel that has no open game."""
        try:
            parsed = Options.from_dict(options)
        except EngineError as exc:
            raise GameError(f"Those options do not go together: {exc}.") from None
        now = self.clock()
        try:
            async with self.db.transaction() as tx:
                if await storage.open_game(tx, guild_id, channel_id) is not None:
                    raise NotAllowed(
                        "This channel already has a game. Join it, or play in another channel."
                    )
                row = await storage.insert_game(
                    tx,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host=host,
                    options={"game": parsed.game, **parsed.to_dict()},
                    seed=self._rng.getrandbits(62),
                    now=now,
                )
        except sqlite3.IntegrityError:
            raise NotAllowed("This channel already has a game.") from None
        return GameState(row)

    async def set_lobby_message(self, guild_id: int, game_id: int, message_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE games SET lobby_message_id = ? WHERE id = ? AND guild_id = ?",
                (message_id, game_id, guild_id),
            )

    async def join(
        self,
        guild_id: int,
        user: Player,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        async with self.db.transaction() as tx:
            row = await self._lobby(tx, guild_id, channel_id, game_id)
            if row.player(user.id) is not None:
                raise NotAllowed("You are already in this game.")
            if len(row.players) >= MAX_PLAYERS:
                raise NotAllowed(f"This game is full: {MAX_PLAYERS} players at most.")
            players = (*row.players, user)
            version = await storage.update_game(
                tx, row, action="join", user_id=user.id, now=self.clock(), players=players
            )
        return GameState(_replace(row, players=players, version=version))

    async def leave(
        self,
        guild_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """Leave a lobby. A leaving host hands the game on; the last one out closes it."""
        async with self.db.transaction() as tx:
            row = await self._lobby(
                tx,
                guild_id,
                channel_id,
                game_id,
                started="You cannot leave a game that has started; the host can cancel it.",
            )
            if row.player(user_id) is None:
                raise NotAllowed("You are not in this game.")
            players = tuple(p for p in row.players if p.id != user_id)
            changes: dict[str, Any] = {"players": players}
            if not players:
                changes |= {"status": CANCELLED, "finished_at": self.clock()}
            elif user_id == row.host_id:
                changes["host_id"] = players[0].id
            version = await storage.update_game(
                tx, row, action="leave", user_id=user_id, now=self.clock(), **changes
            )
        return GameState(_replace(row, version=version, **changes))

    async def start(
        self,
        guild_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """Seat the players at random and deal the first tile (host only)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await self._lobby(
                tx, guild_id, channel_id, game_id, started="This game has already started."
            )
            if user_id != row.host_id:
                raise NotAllowed("Only the host can start the game.")
            if not MIN_PLAYERS <= len(row.players) <= MAX_PLAYERS:
                raise NotAllowed(
                    f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players; "
                    f"this one has {len(row.players)}."
                )
            players = list(row.players)
            self._rng.shuffle(players)
            game = Game.new(_record_names(players), Options.from_dict(row.options), seed=row.seed)
            record = game.to_record()
            status = FINISHED if game.is_over else RUNNING
            changes: dict[str, Any] = {
                "players": tuple(players),
                "status": status,
                "record": record,
                "turn_started_at": now,
            }
            if game.is_over:
                changes["finished_at"] = now
            version = await storage.update_game(
                tx,
                row,
                action="start",
                user_id=user_id,
                now=now,
                data={"seating": [p.id for p in players]},
                **changes,
            )
            await self._run_turn_hooks(tx, _replace(row, version=version, **changes), game, now)
            clock = await turn_clock(tx.execute_fetchall, row.id)
        new_row = _replace(row, version=version, **changes)
        self._cache[row.id] = (version, game)
        return GameState(new_row, game, clock)

    async def _lobby(
        self,
        tx: Any,
        guild_id: int,
        channel_id: int | None,
        game_id: int | None,
        *,
        started: str = "This game has already started.",
    ) -> GameRow:
        row = await find_row(tx, guild_id, channel_id, game_id)
        if row.status == RUNNING:
            raise Stale(started)
        if row.status != LOBBY:
            raise Stale(f"That game is over ({row.status}).")
        return row

    # ---------------------------------------------------------------- play

    async def place(
        self,
        guild_id: int,
        user_id: int,
        placement: Placement,
        follower: FollowerChoice | None = None,
        *,
        tile: str | None = None,
        channel_id: int | None = None,
        game_id: int | None = None,
        turn: int | None = None,
    ) -> Played:
        """Play the tile of the player on turn; ``turn`` (from a button) must still be current."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await find_row(tx, guild_id, channel_id, game_id)
            game = replay(row) if row.record is not None else None
            self.require_turn(GameState(row, game), user_id, turn)
            assert game is not None
            seat = _seat(row, user_id)
            assert seat is not None
            tile_id = tile or game.tile.id  # type: ignore[union-attr]
            move = Place(
                tile_id,
                placement.x,
                placement.y,
                placement.rotation,
                FigureKind(follower.figure) if follower else None,
                follower.port if follower else None,
            )
            try:
                result = game.play(move)
            except IllegalMoveError as exc:
                raise InvalidMove(f"You cannot play that: {exc}.") from None
            changes: dict[str, Any] = {"record": game.to_record(), "turn_started_at": now}
            if game.is_over:
                changes |= {"status": FINISHED, "finished_at": now}
            version = await storage.update_game(
                tx,
                row,
                action="place",
                user_id=user_id,
                now=now,
                data={"turn": turn if turn is not None else game.turn - 1, "move": str(move)},
                **changes,
            )
            await self._run_turn_hooks(tx, _replace(row, version=version, **changes), game, now)
            clock = await turn_clock(tx.execute_fetchall, row.id)
        new_row = _replace(row, version=version, **changes)
        self._cache[row.id] = (version, game)
        return Played(GameState(new_row, game, clock), row.players[seat], move,
                      list(result.events))

    # --------------------------------------------------------- the rest

    async def cancel(
        self,
        guild_id: int,
        user_id: int,
        *,
        can_manage: bool,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """End the channel's game without scoring (host, or a member with Manage Server)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await find_row(tx, guild_id, channel_id, game_id)
            if not row.is_open:
                raise NoGame("That game is over already; there is nothing to cancel.")
            if user_id != row.host_id and not can_manage:
                raise NotAllowed(
                    "Only the host or a member with Manage Server can cancel the game."
                )
            changes = {"status": CANCELLED, "finished_at": now}
            version = await storage.update_game(
                tx, row, action="cancel", user_id=user_id, now=now, **changes
            )
            await self._run_turn_hooks(tx, _replace(row, version=version, **changes), None, now)
        return self._state(_replace(row, version=version, **changes))

    async def export(self, guild_id: int, *, channel_id: int | None = None) -> Exported:
        """The game record as JSON; the seed only once the game is over (it tells the future)."""
        state = await self.started_state(
            guild_id, channel_id=channel_id, missing="there is no record to export"
        )
        assert state.game is not None
        record = state.game.to_record(include_seed=state.row.status == FINISHED)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        return Exported(f"carcassonne-{state.id}-turn{state.turn}.json", data, state)

    # ---------------------------------------------------- move listings

    @staticmethod
    def require_turn(state: GameState, user_id: int, turn: int | None = None) -> None:
        """Raise unless ``user_id`` is the player on turn of a running game, and
        (for a button or value of turn ``turn``) that turn is still current."""
        require_running(state.row)
        current = state.current
        if current is None:
            raise Stale(f"That game is over ({state.row.status}).")
        if turn is not None and turn != state.turn:
            raise Stale(EARLIER_TURN)
        if current.id != user_id:
            if state.seat(user_id) is None:
                raise NotAllowed(f"You are not playing in this game; it is {current.name}'s turn.")
            raise NotAllowed(f"It is not your turn: it is {current.name}'s.")

    @staticmethod
    def hand(state: GameState) -> tuple[TileType, ...]:
        return state.game.hand if state.game is not None and state.row.status == RUNNING else ()

    @staticmethod
    def tile_for(state: GameState, tile: str | None) -> TileType:
        """The hand's tile ``tile`` (default: the first); ``GameError`` if not in hand."""
        hand = GameService.hand(state)
        if not hand:
            raise NotAllowed("Nobody is on turn in this game.")
        if tile is None:
            return hand[0]
        for candidate in hand:
            if candidate.id == tile:
                return candidate
        raise Stale(f"Tile {tile} is not in the hand now ({', '.join(t.id for t in hand)}).")

    @staticmethod
    def placements(state: GameState, tile: TileType) -> list[Placement]:
        assert state.game is not None
        return sorted(state.game.legal_placements(tile), key=_placement_order)

    @staticmethod
    def figures(state: GameState, placement: Placement, tile: TileType) -> list[FigureOption]:
        assert state.game is not None
        return state.game.legal_figures(placement, tile)

    @staticmethod
    def check_placement(state: GameState, placement: Placement, tile: TileType) -> None:
        """Raise :class:`InvalidMove` with the engine's reason if ``placement`` is illegal."""
        assert state.game is not None
        problem = state.game.placement_problem(placement, tile)
        if problem is not None:
            raise InvalidMove(f"{placement_label(placement)} is not legal: {problem}.")

    async def count_games(self) -> int:
        return await self.db.count_games()


async def find_row(
    db: Any, guild_id: int, channel_id: int | None = None, game_id: int | None = None
) -> GameRow:
    """Game ``game_id`` of this server, or else the channel's open game; NoGame if none.

    ``db`` is the storage's reader or a transaction. Every lookup goes through
    the guild, so another server's game id is never reachable.
    """
    if game_id is not None:
        row = await storage.game_by_id(db, guild_id, game_id)
        if row is None:
            raise NoGame("That game does not exist on this server.")
        return row
    assert channel_id is not None
    row = await storage.open_game(db, guild_id, channel_id)
    if row is None:
        raise NoGame(NO_GAME_HERE)
    return row


def require_running(row: GameRow) -> None:
    """Raise unless the game has started and is not over."""
    if row.status == LOBBY:
        raise NotAllowed(NOT_STARTED)
    if row.status != RUNNING:
        raise Stale(f"That game is over ({row.status}).")


def replay(row: GameRow) -> Game:
    """The engine position of a started game, fresh from its record (safe to play on)."""
    assert row.record is not None
    return Game.from_record(row.record)


def _placement_order(p: Placement) -> tuple[int, int, int]:
    return (p.y, p.x, p.rotation)


def _seat(row: GameRow, user_id: int) -> int | None:
    return next((i for i, p in enumerate(row.players) if p.id == user_id), None)


def _record_names(players: list[Player]) -> list[str]:
    """Names for the record: display names, made unique if two players share one."""
    names: list[str] = []
    for player in players:
        name = player.name.strip() or f"player {len(names) + 1}"
        candidate, n = name, 2
        while candidate in names:
            candidate, n = f"{name} ({n})", n + 1
        names.append(candidate)
    return names


def _replace(row: GameRow, **changes: Any) -> GameRow:
    if isinstance(changes.get("players"), list):
        changes["players"] = tuple(changes["players"])
    return replace(row, **changes)
