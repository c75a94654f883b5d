"""The application layer: one async function per player action, no Discord in sight.

Each action loads the game through the storage, checks who may do what,
applies the change (through the engine for moves), and saves it in one
transaction together with the game's new version; then it returns a plain
result for the Discord layer to present. Anything a player got wrong raises a
:class:`~bot.errors.GameError` and changes nothing.

The game record and its seed (kept apart: :mod:`bot.records`) are the source
of truth. A started game's engine position is
kept in a small cache keyed by game id and version, and a move is applied to
a copy of the cached position (:func:`fresh_copy`); the version check of the
save guards it, and the record is replayed only on a cache miss. The cached
position itself is never played on, so one that a presenter is still
rendering never changes under it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from engine import (
    MEEPLE,
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
from engine.options import HUNTERS_AND_GATHERERS

from . import records
from .errors import (
    BadInput,
    DamagedGame,
    EarlierTurn,
    GameError,
    GameOver,
    HostOnly,
    NoFollowerLeft,
    NoGame,
    NoGameHere,
    NotAllowed,
    NotPlaying,
    NotStarted,
    NotYourTurn,
    PlayerCount,
    Stale,
    TooManyLobbies,
)
from .i18n import N_
from .i18n.terms import FIGURES, OPTIONS, STATUSES
from .illegal import IllegalMove
from .names import seat_names, shown_seat
from .naming import FollowerChoice
from .settings import server_settings
from .storage import (
    AI_LEVELS,
    CANCELLED,
    FINISHED,
    LOBBY,
    RUNNING,
    Conflict,
    GameRow,
    MessageRef,
    Player,
    Reads,
    Storage,
    Transaction,
)
from .turn_clock import TurnClock

log = logging.getLogger(__name__)

#: Seats a game may have; a sixth only with Inns & Cathedrals (:func:`max_players`).
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Options Hunters and Gatherers is played without (``farmers`` only as the default).
CARCASSONNE_ONLY = ("river", "winter", "small_city", "farmers", "inns_cathedrals",
                    "traders_builders")
_CACHE_SIZE = 256
#: Bits of the reproducible game seeds of a service made with a ``seed``: as
#: many as the engine's own, so that tests store seeds as large as real ones.
_SEED_BITS = 128

#: An AI player's name, in the server's language, from its level and its number
#: among the game's AIs of that level ("AI Hard 1").
AINamer = Callable[[str, int], str]

#: Called in the transaction of every change of a game, with the game as saved:
#: ``hook(tx, row, game, now, same_turn)``; the turn timers of :mod:`bot.turns`
#: change with the game that way, or not at all.
ChangeHook = Callable[[Transaction, GameRow, Game | None, datetime, bool], Awaitable[None]]


def fresh_copy(game: Game) -> Game:
    """A copy of a cached engine position that a move may change (the cached one
    may be drawn by a presenter at the same moment). Every copy is made here."""
    return game.copy()


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
        return self.row.seat(user_id)

    @cached_property
    def names(self) -> list[str]:
        """Each seat's name, told apart and safe to show ("Sam", "Sam (2)"); an AI's
        marked as one ("🤖 AI Hard 1")."""
        players = self.row.players
        return [shown_seat(p, name) for p, name in zip(players, seat_names(players))]

    def name(self, who: Player | int) -> str:
        """A player's shown name, by player or by seat."""
        if isinstance(who, int):
            return self.names[who]
        seat = self.seat(who.id)
        return self.names[seat] if seat is not None else shown_seat(who, who.name)

    def is_removed(self, seat: int) -> bool:
        return self.game is not None and not self.game.active[seat]


@dataclass(frozen=True)
class Played:
    """A move was applied: the state after it and what it caused."""

    state: GameState
    mover: Player
    move: Place
    events: list[Event] = field(default_factory=list)
    #: An AI played it for the mover, who had missed their deadline.
    stand_in: bool = False


@dataclass(frozen=True)
class Exported:
    filename: str
    data: bytes
    state: GameState


def _now() -> datetime:
    return datetime.now(UTC)


class GameService:
    """Every game action of the bot, on one storage."""

    def __init__(
        self,
        db: Storage,
        *,
        clock: Callable[[], datetime] = _now,
        seed: int | None = None,
    ) -> None:
        """``seed`` (tests, benchmarks) makes seating and game seeds reproducible.
        Without it, seats are drawn from the system's randomness and each game's
        seed by the engine (from :mod:`secrets`), so nobody can know the tiles to come."""
        self.db = db
        self.clock = clock
        self._reproducible = seed is not None
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self._cache: OrderedDict[int, tuple[int, Game]] = OrderedDict()
        self.change_hooks: list[ChangeHook] = []
        self._marking: set[asyncio.Task[None]] = set()

    # ----------------------------------------------------------- positions

    def position(self, row: GameRow) -> Game:
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
        self._remember(row, game)
        return game

    def _remember(self, row: GameRow, game: Game) -> None:
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

    async def summarise_old_games(self) -> int:
        """Fill in the turn and player on turn of games stored before schema 3."""
        rows = await self.db.games_to_summarise()
        now = self.clock()
        for row in rows:
            try:
                game = self.position(row)
            except DamagedGame:
                continue
            async with self.db.transaction() as tx:
                new = await tx.save_game(
                    row, _after_play(row, game, now, new_turn=False), action="summarise",
                    user_id=None, now=now,
                )
            self._remember(new, game)
        return len(rows)

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
                raise NoGameHere()
        else:
            row = await find_row(self.db, guild_id, channel_id, game_id)
        return await self._state(self.db, row)

    async def row(
        self, guild_id: int, *, channel_id: int | None = None, game_id: int | None = None
    ) -> GameRow:
        """The channel's open game, or game ``game_id``, as stored (no replay)."""
        return await find_row(self.db, guild_id, channel_id, game_id)

    async def _state(self, db: Reads, row: GameRow) -> GameState:
        game = self.position(row) if row.record is not None else None
        clock = TurnClock.of(await db.game_timers(row.id)) if row.status == RUNNING else TurnClock()
        return GameState(row, game, clock)

    async def started_state(
        self, guild_id: int, *, channel_id: int | None = None, missing: str
    ) -> GameState:
        """The channel's open (or else last) game, once it has started; ``missing``
        is the refusal before that (saying what there is not to show yet)."""
        state = await self.state(guild_id, channel_id=channel_id, latest=True)
        if state.game is None:
            raise NotAllowed(missing)
        return state

    # ---------------------------------------------------------------- saves

    async def save_play(
        self,
        tx: Transaction,
        row: GameRow,
        game: Game,
        *,
        action: str,
        user_id: int | None,
        now: datetime,
        data: dict[str, Any],
        new_turn: bool = True,
    ) -> GameState:
        """Save a game the engine changed (a move, a skip, a removal, an end), with
        its timers, in the caller's transaction: the one way such a change is written."""
        new = await tx.save_game(
            row, _after_play(row, game, now, new_turn=new_turn), action=action,
            user_id=user_id, now=now, data=data,
        )
        await self._changed(tx, new, game, now, same_turn=not new_turn)
        self._remember(new, game)
        return await self._state(tx, new)

    async def save_change(
        self,
        tx: Transaction,
        row: GameRow,
        new: GameRow,
        *,
        action: str,
        user_id: int | None,
        now: datetime,
        data: dict[str, Any] | None = None,
    ) -> GameRow:
        """Save a change the engine had no part in (lobby, cancel), with its timers."""
        saved = await tx.save_game(row, new, action=action, user_id=user_id, now=now, data=data)
        await self._changed(tx, saved, None, now, same_turn=False)
        return saved

    async def _changed(
        self, tx: Transaction, row: GameRow, game: Game | None, now: datetime, *, same_turn: bool
    ) -> None:
        for hook in self.change_hooks:
            await hook(tx, row, game, now, same_turn)

    # --------------------------------------------------------------- lobby

    async def create(
        self, guild_id: int, channel_id: int, host: Player, options: dict[str, Any],
        ai: tuple[str, ...] = (), name_ai: AINamer | None = None,
    ) -> GameState:
        """Open a lobby in a channel that has no open game and that the server allows;
        with ``ai``, AI players of those levels take seats at once (named by ``name_ai``)."""
        most = max_players(options)
        if len(ai) > most - 1:
            raise NotAllowed(N_("This game is full: {count} players at most."), count=most)
        for level in ai:
            _require_level(level)
        if options.get("game") == HUNTERS_AND_GATHERERS:
            for name in CARCASSONNE_ONLY:
                if options.get(name, False) not in (False, "3rd"):
                    raise NotAllowed(N_("{option}: a Carcassonne option; Hunters and Gatherers "
                                        "is played without it."), option=OPTIONS[name])
        try:
            parsed = Options.from_dict(options)
        except EngineError:
            raise GameError(N_("Those options do not go together.")) from None
        now = self.clock()
        try:
            async with self.db.transaction() as tx:
                settings = await server_settings(tx, guild_id)
                if not settings.allows(channel_id):
                    where = " ".join(f"<#{c}>" for c in settings.channels)
                    raise NotAllowed(N_("Games on this server are played in {channels}."),
                                     channels=where)
                if await tx.open_game(guild_id, channel_id) is not None:
                    raise NotAllowed(N_("This channel already has a game. Join it, or play in "
                                        "another channel."))
                hosted = await tx.hosted_lobbies(guild_id, host.id)
                if hosted >= settings.limits.lobby_limit:
                    raise TooManyLobbies(count=hosted, limit=settings.limits.lobby_limit)
                row = await tx.insert_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host=host,
                    options={"game": parsed.game, **parsed.to_dict()},
                    now=now,
                )
                if ai:
                    assert name_ai is not None
                    players = row.players
                    for level in ai:
                        players = with_ai(players, level, name_ai)
                    row = await tx.save_game(row, replace(row, players=players),
                                             action="add-ai", user_id=host.id, now=now,
                                             data={"levels": list(ai)})
                await self._changed(tx, row, None, now, same_turn=False)
        except Conflict:  # another lobby was opened here in the meantime
            raise NotAllowed(N_("This channel already has a game. Join it, or play in "
                                "another channel.")) from None
        return GameState(row)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.set_lobby_message(game_id, message_id)

    async def join(
        self,
        guild_id: int,
        user: Player,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await self._lobby(tx, guild_id, channel_id, game_id)
            if row.player(user.id) is not None:
                raise NotAllowed(N_("You are already in this game."))
            _require_room(row)
            new = await self.save_change(
                tx, row, replace(row, players=(*row.players, user)), action="join",
                user_id=user.id, now=now,
            )
        return GameState(new)

    async def add_ai(
        self,
        guild_id: int,
        user_id: int,
        level: str,
        name_ai: AINamer,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """The host seats an AI player of ``level`` in the lobby."""
        _require_level(level)

        def seat(row: GameRow) -> tuple[tuple[Player, ...], dict[str, Any]]:
            _require_room(row)
            return with_ai(row.players, level, name_ai), {"levels": [level]}

        return await self._change_ais(guild_id, user_id, "add-ai", seat, channel_id, game_id)

    async def remove_ai(
        self,
        guild_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """The host takes the AI player added last out of the lobby."""
        def unseat(row: GameRow) -> tuple[tuple[Player, ...], dict[str, Any]]:
            ais = [p for p in row.players if p.is_ai]
            if not ais:
                raise NotAllowed(N_("There is no AI player in this game to remove."))
            last = min(ais, key=lambda p: p.id)  # ids count down as AIs are added
            return tuple(p for p in row.players if p != last), {"player": last.id}

        return await self._change_ais(guild_id, user_id, "remove-ai", unseat, channel_id,
                                      game_id)

    async def _change_ais(
        self,
        guild_id: int,
        user_id: int,
        action: str,
        change: Callable[[GameRow], tuple[tuple[Player, ...], dict[str, Any]]],
        channel_id: int | None,
        game_id: int | None,
    ) -> GameState:
        """The host changes a lobby's AI seats: ``change`` gives the new players and
        what the log notes."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await self._lobby(tx, guild_id, channel_id, game_id)
            if user_id != row.host_id:
                raise HostOnly(N_("Only the host can add or remove AI players."))
            players, data = change(row)
            new = await self.save_change(tx, row, replace(row, players=players), action=action,
                                         user_id=user_id, now=now, data=data)
        return GameState(new)

    async def leave(
        self,
        guild_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """Leave a lobby. A leaving host hands the game on to the next person; when the
        last person leaves, the game closes (AI players do not play on their own)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await self._lobby(
                tx,
                guild_id,
                channel_id,
                game_id,
                started=N_("You cannot leave a game that has started; the host can cancel it."),
            )
            if row.player(user_id) is None:
                raise NotAllowed(N_("You are not in this game."))
            new = _without(row, user_id)
            if not new.people:
                new = replace(new, status=CANCELLED, finished_at=now)
            elif user_id == row.host_id:
                new = replace(new, host_id=new.people[0].id)
            saved = await self.save_change(tx, row, new, action="leave", user_id=user_id, now=now)
        return GameState(saved)

    async def start(
        self,
        guild_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """Seat the players at random and deal the first tile (host only); the
        engine draws the game's seed, unless the service is reproducible."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await self._lobby(tx, guild_id, channel_id, game_id)
            if user_id != row.host_id:
                raise HostOnly(N_("Only the host can start the game."))
            most = max_players(row.options)
            if not MIN_PLAYERS <= len(row.players) <= most:
                raise PlayerCount(len(row.players), MIN_PLAYERS, most)
            players = list(row.players)
            self._rng.shuffle(players)
            seed = self._rng.getrandbits(_SEED_BITS) if self._reproducible else None
            game = Game.new(seat_names(players), Options.from_dict(row.options), seed=seed)
            seated = replace(row, players=tuple(players), status=RUNNING)
            return await self.save_play(
                tx, seated, game, action="start", user_id=user_id, now=now,
                data={"seating": [p.id for p in players]},
            )

    async def _lobby(
        self,
        tx: Reads,
        guild_id: int,
        channel_id: int | None,
        game_id: int | None,
        *,
        started: str = N_("This game has already started."),
    ) -> GameRow:
        row = await find_row(tx, guild_id, channel_id, game_id)
        if row.status == RUNNING:
            raise Stale(started)
        if row.status != LOBBY:
            raise GameOver(status=STATUSES[row.status])
        return row

    async def hand_over_host(self, guild_id: int, game_id: int, absent_id: int) -> GameState:
        """The host ``absent_id`` left the server: the next player becomes host.

        In a lobby the absent host also leaves it (the last one out closes it);
        in a running game the role passes to the next player still in the game.
        Nothing changes if the role has moved on already.
        """
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await find_row(tx, guild_id, game_id=game_id)
            if row.host_id != absent_id or not row.is_open:
                return GameState(row)
            if row.status == LOBBY:
                new = _without(row, absent_id)
                if new.people:
                    new = replace(new, host_id=new.people[0].id)
                else:
                    new = replace(new, status=CANCELLED, finished_at=now)
            else:
                new = pass_host(row, self.position(row).active)
            saved = await self.save_change(
                tx, row, new, action="host", user_id=None, now=now,
                data={"absent": absent_id, "host": new.host_id},
            )
        return GameState(saved)

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
        sent: Sent | None = None,
        where: str | None = None,
    ) -> Played:
        """Play the tile of the player on turn (``where``: the place as the player
        named it, for a refusal).

        The move names the turn it was made for: ``turn`` (from a button, a
        menu or a suggested value) must still be current, and a typed move
        without one (``sent``) must have been sent after its turn was announced,
        so a player who moves twice in a row never plays a tile they have not seen.
        """
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await find_row(tx, guild_id, channel_id, game_id)
            before = self.running_state(row)
            self.require_turn(before, user_id, turn)
            if turn is None and sent is not None:
                await self._require_announced(tx, row, before.turn, sent)
            chosen = self.tile_for(before, tile)
            move = Place(
                chosen.id,
                placement.x,
                placement.y,
                placement.rotation,
                FigureKind(follower.figure) if follower else None,
                follower.port if follower else None,
            )
            return await self.play_move(tx, before, user_id, move, now=now, where=where)

    def running_state(self, row: GameRow) -> GameState:
        """A game as stored, with its position if it is running (``require_turn`` says
        what is wrong otherwise)."""
        return GameState(row, self.position(row) if row.status == RUNNING else None)

    async def play_move(
        self,
        tx: Transaction,
        before: GameState,
        user_id: int,
        move: Place,
        *,
        now: datetime,
        turn: int | None = None,
        where: str | None = None,
        stand_in: str | None = None,
    ) -> Played:
        """Play ``move`` for ``user_id``, the player on turn, in the caller's transaction:
        the one way a tile is played, by a person, an AI player, or (``stand_in``: the
        AI's level) an AI standing in for a person who missed their deadline. ``turn``:
        the turn the move was chosen for, which must still be current."""
        self.require_turn(before, user_id, turn)
        cached = before.game
        assert cached is not None
        row = before.row
        seat = row.seat(user_id)
        assert seat is not None
        mover = row.players[seat]
        chosen = self.tile_for(before, move.tile)
        game = fresh_copy(cached)
        turn_before = game.turn
        try:
            result = game.play(move)
        except IllegalMoveError as exc:
            raise IllegalMove.of(exc, cached, chosen, where) from None
        data: dict[str, Any] = {"turn": turn_before, "move": str(move)}
        action = "ai" if mover.is_ai else "place"
        if stand_in is not None:
            action, data["player"], data["level"] = "stand-in", user_id, stand_in
            row = replace(row, stand_ins=row.stand_ins | {turn_before})
        state = await self.save_play(
            tx, row, game, action=action, user_id=None if stand_in else user_id, now=now,
            data=data,
        )
        return Played(state, mover, move, list(result.events), stand_in=stand_in is not None)

    @staticmethod
    async def _require_announced(tx: Reads, row: GameRow, turn: int, sent: Sent) -> None:
        """Refuse a typed move sent before its turn was announced (the turn's first
        message; while it is not out yet, before the turn began)."""
        announced = await tx.turn_announcement(row.id, turn)
        if announced is not None:
            if sent.id < announced:
                raise EarlierTurn()
        elif row.turn_started_at is not None and sent.at <= row.turn_started_at:
            raise EarlierTurn()

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
                raise NoGame(N_("That game is over already; there is nothing to cancel."))
            if user_id != row.host_id and not can_manage:
                raise HostOnly(N_("Only the host or a member with Manage Server can cancel "
                                  "the game."))
            new = replace(row, status=CANCELLED, finished_at=now, on_turn=None)
            saved = await self.save_change(tx, row, new, action="cancel", user_id=user_id, now=now)
        game = None
        if saved.record is not None and saved.damaged is None:
            try:
                game = self.position(saved)
            except DamagedGame:
                game = None
        return GameState(saved, game)

    async def export(self, guild_id: int, *, channel_id: int | None = None) -> Exported:
        """The game record as JSON, with the commitment to its seed; the seed itself
        only once the game is over (finished or cancelled: nothing is drawn any more)."""
        state = await self.started_state(
            guild_id, channel_id=channel_id,
            missing=N_("The game has not started yet: there is no record to export.")
        )
        assert state.game is not None
        record = records.shown(state.game, over=not state.row.is_open)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        return Exported(f"carcassonne-{state.id}-turn{state.turn}.json", data, state)

    async def count_games(self) -> int:
        return await self.db.count_games()

    async def remember_message(self, game_id: int, message: MessageRef) -> None:
        """Note a message with components as it is sent, so that it can be tidied
        (and a typed move dated against it) without reading the channel's history."""
        async with self.db.transaction() as tx:
            await tx.remember_message(game_id, message, self.clock())

    # ---------------------------------------------------- move listings

    @staticmethod
    def require_turn(state: GameState, user_id: int, turn: int | None = None) -> None:
        """Raise unless ``user_id`` is the player on turn of a running game, and
        (for a move made for turn ``turn``) that turn is still current."""
        require_running(state.row)
        current = state.current
        if current is None:
            raise GameOver(status=STATUSES[state.row.status])
        if turn is not None and turn != state.turn:
            raise EarlierTurn()
        if current.id != user_id:
            seat = state.seat(user_id)
            if seat is None or state.is_removed(seat):
                raise NotPlaying(current=state.name(current))
            raise NotYourTurn(current=state.name(current))

    @staticmethod
    def hand(state: GameState) -> tuple[TileType, ...]:
        """The tiles the player on turn may choose from, each type once."""
        if state.game is None or state.row.status != RUNNING:
            return ()
        return tuple({t.id: t for t in state.game.hand}.values())

    @staticmethod
    def tile_for(state: GameState, tile: str | None) -> TileType:
        """The hand's tile ``tile`` (any case; default: the first); ``GameError`` if not in hand."""
        hand = GameService.hand(state)
        if not hand:
            raise NotAllowed(N_("Nobody is on turn in this game."))
        if tile is None:
            return hand[0]
        for candidate in hand:
            if candidate.id.lower() == tile.lower():
                return candidate
        raise Stale(N_("Tile {tile} is not in your hand now ({hand})."), tile=tile[:8],
                    hand=" ".join(t.id for t in hand))

    @staticmethod
    def placements(state: GameState, tile: TileType) -> list[Placement]:
        assert state.game is not None
        return sorted(state.game.legal_placements(tile), key=_placement_order)

    @staticmethod
    def figures(state: GameState, placement: Placement, tile: TileType) -> list[FigureOption]:
        assert state.game is not None
        return state.game.legal_figures(placement, tile)

    @staticmethod
    def no_follower_left(state: GameState) -> NoFollowerLeft | None:
        """Why nothing can stand on a placement when the player on turn has no follower
        left in supply, neither a follower nor a big one (a hut may be left, but not for
        this tile), else None."""
        game = state.game
        assert game is not None
        player = game.current_player
        if player is None:
            return None
        supply = game.supply(player)
        if supply.meeples or supply.big:
            return None
        return NoFollowerLeft(figure=FIGURES[MEEPLE, str(state.options.game)])

    @staticmethod
    def check_placement(state: GameState, placement: Placement, tile: TileType,
                        where: str | None = None) -> None:
        """Raise :class:`~bot.illegal.IllegalMove` if ``placement`` is illegal (``where``:
        the place as the player named it)."""
        assert state.game is not None
        problem = state.game.placement_problem(placement, tile)
        if problem is not None:
            raise IllegalMove.of(problem, state.game, tile, where)


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
    if row.status == LOBBY:
        raise NotStarted()
    if row.status != RUNNING:
        raise GameOver(status=STATUSES[row.status])
    if row.damaged is not None:
        raise DamagedGame(game_id=row.id)


def pass_host(row: GameRow, active: list[bool]) -> GameRow:
    """``row`` with the host role given to the next person still in the game (an AI
    is never host)."""
    seat = row.seat(row.host_id) or 0
    count = len(row.players)
    for step in range(1, count):
        other = (seat + step) % count
        if active[other] and not row.players[other].is_ai:
            return replace(row, host_id=row.players[other].id)
    return row


def with_ai(players: tuple[Player, ...], level: str, name_ai: AINamer) -> tuple[Player, ...]:
    """``players`` and a new AI player of ``level``: the next negative id (nobody's
    account), named by ``name_ai`` with its number among the AIs of its level."""
    ais = [p for p in players if p.is_ai]
    number = 1 + sum(p.ai == level for p in ais)
    ai_id = min((p.id for p in ais), default=0) - 1
    return (*players, Player(ai_id, name_ai(level, number), level))


def _require_level(level: str) -> None:
    if level not in AI_LEVELS:
        raise BadInput(N_("There is no AI of that level."))


def max_players(options: dict[str, Any]) -> int:
    """Seats a game with these options may have: 6 with Inns & Cathedrals, else 5
    (IC-8, TB-O8)."""
    return 6 if options.get("inns_cathedrals") else 5


def _require_room(row: GameRow) -> None:
    most = max_players(row.options)
    if len(row.players) >= most:
        raise NotAllowed(N_("This game is full: {count} players at most."), count=most)


def _without(row: GameRow, user_id: int) -> GameRow:
    return replace(row, players=tuple(p for p in row.players if p.id != user_id))


def _after_play(row: GameRow, game: Game, now: datetime, *, new_turn: bool) -> GameRow:
    """``row`` as it stands once the engine changed its game to ``game``."""
    over = game.is_over
    seat = game.current_player
    return replace(
        row,
        record=records.stored(game),
        seed=game.seed,
        status=FINISHED if over else row.status,
        finished_at=now if over else row.finished_at,
        turn_started_at=now if new_turn else row.turn_started_at,
        turn=game.turn,
        on_turn=row.players[seat].id if seat is not None and not over else None,
        removed=frozenset(p.id for p, active in zip(row.players, game.active) if not active),
    )


def _placement_order(p: Placement) -> tuple[int, int, int]:
    return (p.y, p.x, p.rotation)
