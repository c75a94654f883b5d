"""The lobby: open a game, join it, seat AI players, leave, start.

The number of seats, the options a game takes and the AI levels are the
engine's facts (:data:`engine.MIN_PLAYERS`, :attr:`engine.Options.max_players`,
:class:`engine.OptionsError`'s reasons, :data:`engine.ai.PLAYER_LEVELS`); the
changes of status and host a lobby goes through are :mod:`bot.app.lifecycle`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from engine import MIN_PLAYERS, EngineError, Game, Options, OptionsError, OptionsProblem
from engine.ai import PLAYER_LEVELS

from ..errors import (
    BadInput,
    GameError,
    GameOver,
    HostOnly,
    NotAllowed,
    OtherChannels,
    PlayerCount,
    Stale,
    TooManyLobbies,
)
from ..i18n import N_
from ..i18n.terms import OPTIONS, STATUSES
from ..names import seat_names
from ..storage import Conflict, GameRow, Player, Reads, Status, Storage, Transaction
from .lifecycle import Lifecycle
from .settings import server_settings
from .state import GameState, find_row
from .vocabulary import Change

#: The most seats any game may have (a command's bound for its AI players).
MOST_PLAYERS = Options(inns_cathedrals=True).max_players
#: Bits of the reproducible game seeds of a service made with a ``seed``: as
#: many as the engine's own, so that tests store seeds as large as real ones.
_SEED_BITS = 128

#: An AI player's name, in the server's language, from its level and its number
#: among the game's AIs of that level ("AI Hard 1").
AINamer = Callable[[str, int], str]


class Lobby:
    """The lobbies of one storage."""

    def __init__(self, db: Storage, lifecycle: Lifecycle, clock: Callable[[], datetime],
                 *, seed: int | None = None) -> None:
        """``seed`` (tests, benchmarks) makes seating and game seeds reproducible.
        Without it, seats are drawn from the system's randomness and each game's
        seed by the engine (from :mod:`secrets`), so nobody can know the tiles to come."""
        self.db = db
        self.lifecycle = lifecycle
        self.clock = clock
        self._reproducible = seed is not None
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()

    async def create(
        self, guild_id: int, channel_id: int, host: Player, options: dict[str, Any],
        ai: tuple[str, ...] = (), name_ai: AINamer | None = None,
    ) -> GameState:
        """Open a lobby in a channel that has no open game and that the server allows;
        with ``ai``, AI players of those levels take seats at once (named by ``name_ai``).
        A server that allows some channels only refuses elsewhere with
        :class:`~bot.errors.OtherChannels`, which carries their ids."""
        most = max_players(options)
        if len(ai) > most - 1:
            raise NotAllowed(N_("This game is full: {count} players at most."), count=most)
        for level in ai:
            require_level(level)
        stored = game_options(options)
        now = self.clock()
        try:
            async with self.db.transaction() as tx:
                settings = await server_settings(tx, guild_id)
                if not settings.allows(channel_id):
                    raise OtherChannels(settings.channels)
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
                    options=stored,
                    now=now,
                    rated=settings.rated,
                )
                if ai:
                    assert name_ai is not None
                    players = row.players
                    for level in ai:
                        players = with_ai(players, level, name_ai)
                    row = await tx.save_game(row, replace(row, players=players),
                                             action=Change.ADD_AI, user_id=host.id, now=now,
                                             data={"levels": list(ai)})
                await self.lifecycle.opened(tx, row, now)
        except Conflict:  # another lobby was opened here in the meantime
            raise NotAllowed(N_("This channel already has a game. Join it, or play in "
                                "another channel.")) from None
        return GameState(row)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.set_lobby_message(game_id, message_id)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """The thread game ``game_id`` is played in from now on (None: its channel)."""
        async with self.db.transaction() as tx:
            await tx.set_thread(game_id, thread_id)

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
            new = await self.lifecycle.save_change(
                tx, row, replace(row, players=(*row.players, user)), action=Change.JOIN,
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
        require_level(level)

        def seat(row: GameRow) -> tuple[tuple[Player, ...], dict[str, Any]]:
            _require_room(row)
            return with_ai(row.players, level, name_ai), {"levels": [level]}

        return await self._change_ais(guild_id, user_id, Change.ADD_AI, seat, channel_id,
                                      game_id)

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

        return await self._change_ais(guild_id, user_id, Change.REMOVE_AI, unseat, channel_id,
                                      game_id)

    async def _change_ais(
        self,
        guild_id: int,
        user_id: int,
        action: Change,
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
            new = await self.lifecycle.save_change(
                tx, row, replace(row, players=players), action=action, user_id=user_id,
                now=now, data=data)
        return GameState(new)

    async def toggle_rated(self, guild_id: int, user_id: int, *,
                           game_id: int | None = None) -> GameState:
        """The host makes the lobby a rated game, or a casual one again (issue 22)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await self._lobby(tx, guild_id, None, game_id)
            if user_id != row.host_id:
                raise HostOnly(N_("Only the host can choose whether the game is rated."))
            new = await self.lifecycle.save_change(
                tx, row, replace(row, rated=not row.rated), action=Change.RATED,
                user_id=user_id, now=now, data={"rated": not row.rated})
        return GameState(new)

    async def leave(
        self,
        guild_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """Leave a lobby (:meth:`~bot.app.lifecycle.Lifecycle.leave_lobby`)."""
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
            saved = await self.lifecycle.leave_lobby(tx, row, user_id, now)
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
            return await self._start(tx, row, user_id, now)

    async def _start(self, tx: Transaction, row: GameRow, user_id: int,
                     now: datetime) -> GameState:
        most = max_players(row.options)
        if not MIN_PLAYERS <= len(row.players) <= most:
            raise PlayerCount(len(row.players), MIN_PLAYERS, most)
        players = list(row.players)
        self._rng.shuffle(players)
        seed = self._rng.getrandbits(_SEED_BITS) if self._reproducible else None
        game = Game.new(seat_names(players), Options.from_dict(row.options), seed=seed)
        return await self.lifecycle.start(tx, row, players, game, user_id=user_id, now=now)

    async def open_started(self, tx: Transaction, guild_id: int, channel_id: int,
                           players: tuple[Player, ...], options: dict[str, Any],
                           now: datetime) -> GameState:
        """A game opened and started at once with ``players``, in the caller's transaction:
        a league's pairing (:mod:`bot.app.leagues`), whose league checked the channel and
        the options (:func:`game_options`) when it was made. :class:`~bot.storage.Conflict`
        if the channel (a thread of the league's) has an open game."""
        row = await tx.insert_game(guild_id=guild_id, channel_id=channel_id, host=players[0],
                                   options=options, now=now)
        row = await tx.save_game(row, replace(row, players=players), action=Change.JOIN,
                                 user_id=players[-1].id, now=now)
        return await self._start(tx, row, players[0].id, now)

    @staticmethod
    async def _lobby(
        tx: Reads,
        guild_id: int,
        channel_id: int | None,
        game_id: int | None,
        *,
        started: str = N_("This game has already started."),
    ) -> GameRow:
        row = await find_row(tx, guild_id, channel_id, game_id)
        if row.status == Status.RUNNING:
            raise Stale(started)
        if row.status != Status.LOBBY:
            raise GameOver(status=STATUSES[row.status])
        return row


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` as a game stores them (its kind and every option), or the refusal
    of options the engine does not take."""
    try:
        parsed = Options.from_dict(options)
    except OptionsError as exc:
        if exc.reason == OptionsProblem.NOT_FOR_THIS_GAME:
            raise NotAllowed(N_("{option}: a Carcassonne option; Hunters and Gatherers "
                                "is played without it."),
                             option=OPTIONS[exc.facts["option"]]) from None
        raise GameError(N_("Those options do not go together.")) from None
    except EngineError:
        raise GameError(N_("Those options do not go together.")) from None
    return {"game": parsed.game, **parsed.to_dict()}


def with_ai(players: tuple[Player, ...], level: str, name_ai: AINamer) -> tuple[Player, ...]:
    """``players`` and a new AI player of ``level``: the next negative id (nobody's
    account), named by ``name_ai`` with its number among the AIs of its level."""
    ais = [p for p in players if p.is_ai]
    number = 1 + sum(p.ai == level for p in ais)
    ai_id = min((p.id for p in ais), default=0) - 1
    return (*players, Player(ai_id, name_ai(level, number), level))


def require_level(level: str) -> None:
    if level not in PLAYER_LEVELS:
        raise BadInput(N_("There is no AI of that level."))


def max_players(options: dict[str, Any]) -> int:
    """Seats a game with these options may have (the engine's
    :attr:`~engine.Options.max_players`: a sixth only with Inns & Cathedrals)."""
    try:
        return Options.from_dict(options).max_players
    except EngineError:  # options that do not go together: refused on their own
        return Options().max_players


def _require_room(row: GameRow) -> None:
    most = max_players(row.options)
    if len(row.players) >= most:
        raise NotAllowed(N_("This game is full: {count} players at most."), count=most)
