"""AI turns, the application layer: an AI player's move, and an absent player's.

An AI plays a turn when the ``ai_turn`` timer of its game fires (a durable
timer, like reminders: :mod:`bot.scheduler`). That timer is set with the
change that gives the turn to an AI player (:meth:`bot.app.clock.Clock.follow`),
and, under the deadline policy ``ai``, at a person's deadline, for them. Its
listener calls :meth:`AITurns.play`, which

1. reads the game, outside any transaction, and drops a timer the game has
   outlived (another turn, another player on turn, the game over);
2. has the :class:`~bot.thinking.Thinker` choose the move in its worker
   process (the event loop goes on meanwhile: other games, other players);
3. in one transaction, takes the timer off the queue and plays the move
   through :meth:`bot.app.moves.Moves.play`, which checks the turn (the move
   names the turn it was chosen for) and saves at the version it read. A
   player who acted in the meantime made the AI's move stale: it is refused,
   and nothing changes.

A timer handed out but not acted on when the bot stopped is handed out again
at the next start (:meth:`bot.storage.Storage.rearm_timers`; with shards, when
its lease is over), so an AI turn pending at a restart is played once. If the
worker fails, the turn is tried again a minute later; after :data:`ATTEMPTS`
failures the AI plays the first legal move, so that a game never waits on a
broken worker.

Nothing here knows Discord: the listener has the announcer say what was played.
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Callable
from datetime import datetime, timedelta

from engine import Game, InvalidActionError, Place, parse_action

from ..errors import GameError
from ..storage import GameRow, Player, Reads, Status, Storage, Timer, Transaction
from ..thinking import Thinker
from .clock import Clock
from .moves import Moves
from .state import GameState, Played, Positions
from .vocabulary import TimerKind, TurnPayload

log = logging.getLogger(__name__)

#: The level of the AI that plays for a person who missed their deadline.
STAND_IN_LEVEL = "medium"
#: Tries of a turn whose move could not be had from the worker.
ATTEMPTS = 3
#: After a failed try, the next one comes this much later.
RETRY_AFTER = timedelta(minutes=1)


def agent_seed(game_id: int, turn: int) -> int:
    """The AI's own seed for one turn of one game (never the game's seed, which
    tells the tiles to come): a turn tried again is played the same way, in any
    process."""
    return zlib.crc32(f"{game_id}/{turn}".encode())


class AITurns:
    """The AI turns of every game of one storage."""

    def __init__(self, db: Storage, positions: Positions, moves: Moves, timers: Clock,
                 thinker: Thinker, clock: Callable[[], datetime]) -> None:
        self.db = db
        self.positions = positions
        self.moves = moves
        self.timers = timers
        self.thinker = thinker
        self.clock = clock

    async def play(self, timer: Timer) -> Played | None:
        """An ``ai_turn`` timer: the AI's move, played and saved; None if the game has
        outlived the timer, or the move is to be tried again."""
        pending = await self._pending(self.db, timer)
        if pending is None or pending.game_id is None:
            return None
        row = await self.db.game(pending.game_id)
        player = _due_player(row, pending)
        if row is None or player is None:
            async with self.db.transaction() as tx:
                await tx.claim_timer(pending)
            return None
        assert row.record is not None and row.turn is not None
        level = player.ai or STAND_IN_LEVEL
        move: Place | None = None
        try:
            text = await self.thinker.move(row.record, level, game_seed=row.seed,
                                           seed=agent_seed(row.id, row.turn))
            action = parse_action(text)
            if not isinstance(action, Place):
                raise InvalidActionError(f"{text!r} places no tile")
            move = action
        except Exception:
            log.exception("game %s, turn %s: the AI's move could not be had", row.id, row.turn)
        return await self._apply(pending, player, move, None if player.is_ai else level)

    async def announced(self, state: GameState) -> None:
        """The message announcing an AI player's turn is out: its move comes now."""
        current = state.current
        if current is None or not current.is_ai:
            return
        async with self.db.transaction() as tx:
            hastened = await tx.hasten_timer(state.id, TimerKind.AI_TURN, state.turn, self.clock())
        if hastened:
            self.timers.wake()

    @staticmethod
    async def _pending(db: Reads, timer: Timer) -> Timer | None:
        """The timer as it stands now (another player's removal may have moved it to
        the next record entry); None if it was acted on or replaced."""
        if timer.game_id is None:
            return None
        pending = (await db.game_timers(timer.game_id)).get(TimerKind.AI_TURN)
        return pending if pending is not None and pending.id == timer.id else None

    async def _apply(self, timer: Timer, player: Player, move: Place | None,
                     stand_in: str | None) -> Played | None:
        """Play ``move`` (chosen at ``timer``'s turn; None: it could not be had) in one
        transaction with taking the timer, if the game still waits for it."""
        now = self.clock()
        async with self.db.transaction() as tx:
            pending = await self._pending(tx, timer)
            if pending is None or pending.game_id is None:
                return None
            row = await tx.game(pending.game_id)
            if row is None or _due_player(row, pending) is None:
                await tx.claim_timer(pending)
                return None
            if pending.turn != timer.turn:  # the game moved on under the AI: think again
                await self._again(tx, pending, now, attempts=0)
                return None
            tries = TurnPayload.of(pending).attempts + 1
            before = self.positions.running(row)
            assert before.game is not None
            if move is None and tries < ATTEMPTS:
                await self._again(tx, pending, now + RETRY_AFTER, tries)
                return None
            if not await tx.claim_timer(pending):  # another process acted on it first
                return None
            if move is not None:
                try:
                    return await self.moves.play(tx, before, player.id, move, now=now,
                                                 turn=pending.turn, stand_in=stand_in)
                except GameError as exc:
                    log.warning("game %s, turn %s: the AI's move %s is refused (%s)", row.id,
                                row.turn, move, exc)
                    if tries < ATTEMPTS:
                        await self._again(tx, pending, now, tries)
                        return None
            log.warning("game %s, turn %s: the AI plays its first legal move", row.id, row.turn)
            return await self.moves.play(tx, before, player.id, first_move(before.game),
                                         now=now, turn=pending.turn, stand_in=stand_in)

    async def _again(self, tx: Transaction, timer: Timer, due: datetime, attempts: int) -> None:
        """Set the turn's timer again (a new one, not handed out) for another try."""
        await tx.set_timer(TimerKind.AI_TURN, due, now=self.clock(), game_id=timer.game_id,
                           turn=timer.turn, data=TurnPayload.retried(timer, attempts))
        self.timers.wake()


def _due_player(row: GameRow | None, timer: Timer) -> Player | None:
    """The player an ``ai_turn`` timer plays for, if the game still waits on them at
    the timer's turn (and its record can be read)."""
    if (
        row is None
        or row.status != Status.RUNNING
        or row.damaged is not None
        or row.turn != timer.turn
        or row.on_turn is None
        or row.on_turn != TurnPayload.of(timer).player
    ):
        return None
    return row.player(row.on_turn)


def first_move(game: Game) -> Place:
    """The first legal move of the player on turn: what an AI plays when its worker
    keeps failing, so that the game goes on."""
    return next(game.legal_actions())
