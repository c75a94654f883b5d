"""A player's move: one call, one transaction, one result.

:meth:`Moves.place` is the path of every move a person makes, typed
(``/carcassonne place``) or confirmed in the turn panel: in one transaction
it reads the game, checks the turn once, reads the request against the
position (:mod:`bot.app.input`), has the engine apply the move to a copy of
the cached position, and saves it with its timers
(:meth:`bot.app.lifecycle.Lifecycle.save_play`). An AI's move comes through
:meth:`Moves.play`, in the AI's own transaction. Anything a player got wrong
raises a :class:`~bot.errors.GameError` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from engine import IllegalMoveError, Place, TileType

from ..errors import BadInput, EarlierTurn, InvalidMove
from ..illegal import FirstOfHand, IllegalMove
from ..storage import GameRow, MessageRef, Player, Reads, Storage, Transaction
from .input import MoveRequest, first_of_hand, letter, resolve, tile_for
from .lifecycle import Lifecycle
from .state import GameState, Played, Positions, Sent, find_row, fresh_copy, require_turn
from .vocabulary import Change


class Moves:
    """The moves of every game of one storage."""

    def __init__(self, db: Storage, positions: Positions, lifecycle: Lifecycle,
                 clock: Callable[[], datetime]) -> None:
        self.db = db
        self.positions = positions
        self.lifecycle = lifecycle
        self.clock = clock

    async def place(self, request: MoveRequest) -> Played:
        """Play the tile of the player on turn as ``request`` asks; the move as played,
        or the refusal."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await find_row(tx, request.guild_id, request.channel_id, request.game_id)
            before = self.positions.running(row)
            mover = require_turn(before, request.user_id, request.turn)
            tile = tile_for(before, request.tile)
            try:
                resolved = resolve(before, request, tile)
                if request.turn is None and request.sent is not None:
                    await _require_announced(tx, row, before.turn, request.sent)
                return await self._play(tx, before, mover, resolved.move, tile, now=now,
                                        where=resolved.where, named=True)
            except (BadInput, InvalidMove) as refusal:
                if not first_of_hand(request, before):
                    raise
                raise FirstOfHand(refusal, tile) from refusal

    async def play(
        self,
        tx: Transaction,
        before: GameState,
        user_id: int,
        move: Place,
        *,
        now: datetime,
        turn: int | None = None,
        stand_in: str | None = None,
    ) -> Played:
        """Play ``move`` for ``user_id``, the player on turn, in the caller's transaction:
        an AI player's move, or (``stand_in``: the AI's level) an AI's standing in for a
        person who missed their deadline. ``turn``: the turn the move was chosen for,
        which must still be current."""
        mover = require_turn(before, user_id, turn)
        tile = tile_for(before, move.tile)
        return await self._play(tx, before, mover, move, tile, now=now, stand_in=stand_in)

    async def _play(
        self,
        tx: Transaction,
        before: GameState,
        mover: Player,
        move: Place,
        tile: TileType,
        *,
        now: datetime,
        where: str | None = None,
        named: bool = False,
        stand_in: str | None = None,
    ) -> Played:
        """The engine applies the checked mover's ``move`` of ``tile``; saved. A refusal
        names the place as the player did (``where``; ``named``: a place chosen in the
        panel, by the picture's letter)."""
        cached = before.game
        assert cached is not None
        row = before.row
        game = fresh_copy(cached)
        turn_before = game.turn
        try:
            result = game.play(move)
        except IllegalMoveError as exc:
            if where is None and named:
                where = letter(before, tile, move.placement)
            raise IllegalMove.of(exc, cached, tile, where) from None
        data: dict[str, Any] = {"turn": turn_before, "move": str(move)}
        action = Change.AI if mover.is_ai else Change.PLACE
        if stand_in is not None:
            action, data["player"], data["level"] = Change.STAND_IN, mover.id, stand_in
            row = replace(row, stand_ins=row.stand_ins | {turn_before})
        state = await self.lifecycle.save_play(
            tx, row, game, action=action, user_id=None if stand_in else mover.id, now=now,
            data=data,
        )
        return Played(state, mover, move, list(result.events), stand_in=stand_in is not None)

    async def remember_message(self, game_id: int, message: MessageRef) -> None:
        """Note a message with components as it is sent, so that it can be tidied
        (and a typed move dated against it) without reading the channel's history."""
        async with self.db.transaction() as tx:
            await tx.remember_message(game_id, message, self.clock())


async def _require_announced(tx: Reads, row: GameRow, turn: int, sent: Sent) -> None:
    """Refuse a typed move sent before its turn was announced (the turn's first
    message; while it is not out yet, before the turn began)."""
    announced = await tx.turn_announcement(row.id, turn)
    if announced is not None:
        if sent.id < announced:
            raise EarlierTurn()
    elif row.turn_started_at is not None and sent.at <= row.turn_started_at:
        raise EarlierTurn()
