"""The timers of every game: what is due, claiming one, scheduling a turn's.

Every timer is a row of the storage's queue (:class:`bot.storage.Timer`) of
a :class:`~bot.app.vocabulary.TimerKind`; the scheduler (:mod:`bot.scheduler`)
fires it as the ``carcassonne_timer`` event, and :mod:`bot.discord.listeners` has one
handler per kind. Timers carry the game and the turn they were set for; a
timer that finds its game at another turn (or another player on turn) is
dropped.

:meth:`Clock.follow` replaces a changed game's timers in the transaction that
changed it (:mod:`bot.app.lifecycle` calls it with every save): a move and its
new reminder are committed together, or neither is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from engine import Game

from ..storage import GameRow, Player, Status, Storage, Timer, Transaction
from .hours import PlayerHours, away_until, player_hours
from .settings import TurnRules, game_rules, server_settings
from .state import GameState, Positions
from .vocabulary import AI_TURN_WAIT, TURN_TIMERS, LobbyPayload, TimerKind, TurnPayload


@dataclass(frozen=True)
class Reminder:
    """Remind ``player``: their turn has waited since ``since``."""

    state: GameState
    player: Player
    number: int
    limit: int
    since: datetime
    deadline: datetime | None
    dm: bool

    @property
    def counted(self) -> bool:
        """Whether it is one of the turn's reminders (not only its late call)."""
        return self.number != CALL


#: The number of a reminder that is only the call of a turn that could not call its
#: player when it began (reminders off, or all sent): it counts as none of them.
CALL = 0


def due(timer: Timer | None) -> datetime | None:
    """When a timer is due, if there is one."""
    return timer.expires_at if timer is not None else None


class Clock:
    """The timer queue of one storage, and the wake-up call of its scheduler."""

    def __init__(self, db: Storage, positions: Positions, clock: Callable[[], datetime],
                 wake: Callable[[], None] = lambda: None) -> None:
        self.db = db
        self.positions = positions
        self.clock = clock
        #: Called whenever timers changed (the scheduler's :meth:`~bot.scheduler.Scheduler.wake`).
        self._wake = wake

    def wake(self) -> None:
        self._wake()

    async def pending(self, game_id: int) -> dict[str, Timer]:
        return await self.db.game_timers(game_id)

    # ------------------------------------------------------------ scheduling

    async def follow(self, tx: Transaction, row: GameRow, now: datetime,
                     *, same_turn: bool = False) -> None:
        """Replace a changed game's timers, in the transaction that changed it.

        A lobby gets its expiry; a running game gets a reminder and a deadline
        for its new turn (or, with ``same_turn``, when the player on turn is
        still waiting, say because another player was removed, keeps them); a
        game that ended loses them and gets a ``game_over`` timer, due at once,
        to tidy its messages.
        """
        if row.status == Status.LOBBY:
            limits = (await server_settings(tx, row.guild_id)).limits
            await tx.set_timer(
                TimerKind.LOBBY_EXPIRY, row.created_at + limits.lobby_expiry, now=now,
                game_id=row.id, data=LobbyPayload(limits.lobby_hours).to_dict(),
            )
        elif row.status == Status.RUNNING and row.on_turn is not None and row.turn is not None:
            await tx.cancel_timers(row.id, (TimerKind.LOBBY_EXPIRY,))
            if same_turn:
                await tx.move_timers(row.id, TURN_TIMERS, row.turn)
            else:
                await self.schedule(tx, row, now)
            await tx.clear_votes(row.id, keep_turn=row.turn)
        else:
            await tx.cancel_timers(row.id, (*TURN_TIMERS, TimerKind.LOBBY_EXPIRY))
            await tx.clear_votes(row.id)
            if row.status in (Status.FINISHED, Status.CANCELLED):
                await tx.set_timer(TimerKind.GAME_OVER, now, now=now, game_id=row.id,
                                   turn=row.turn)
        self.wake()

    async def schedule(self, tx: Transaction, row: GameRow, now: datetime) -> None:
        """The reminder and deadline of the turn that began at ``turn_started_at``; for
        an AI player, the timer of its move instead (kept if it is set already).

        Reminders fall due every interval after the turn began; those already
        past are not sent (they were, or the rules just changed). A deadline
        already past when the rules change gives the player a full one from now.
        """
        on_turn = row.player(row.on_turn) if row.on_turn is not None else None
        if on_turn is not None and on_turn.is_ai:
            await tx.cancel_timers(row.id, (TimerKind.REMINDER, TimerKind.DEADLINE))
            pending = (await tx.game_timers(row.id)).get(TimerKind.AI_TURN)
            if pending is None or pending.turn != row.turn:
                await tx.set_timer(TimerKind.AI_TURN, now + AI_TURN_WAIT, now=now,
                                   game_id=row.id, turn=row.turn,
                                   data=TurnPayload(on_turn.id).turn())
            return
        await tx.cancel_timers(row.id, TURN_TIMERS)
        rules = await game_rules(tx, row)
        since = row.turn_started_at or now
        assert row.on_turn is not None
        hours = await player_hours(tx, row.on_turn)
        # A vacation pauses the turn: what was due from now is due as much later.
        away = (await away_until(tx, row.id, now)).get(row.on_turn)
        pause = away - now if away is not None else timedelta(0)
        # A turn that could not call its player (quiet hours, a vacation, a later
        # call) calls them as soon as it may: with the next reminder, or (reminders
        # off, or all sent) by a call of its own, reminder number 0.
        call = hours.calling_time(now + pause, since)
        reminded = False
        if rules.reminder_every:
            number = 1
            while since + number * rules.reminder_every < now:
                number += 1
            if number <= rules.reminder_limit:
                at = hours.calling_time(since + number * rules.reminder_every + pause, since)
                await tx.set_timer(
                    TimerKind.REMINDER,
                    min(at, call) if call > now else at,
                    now=now,
                    game_id=row.id,
                    turn=row.turn,
                    data=TurnPayload(row.on_turn, number).reminder(),
                )
                reminded = True
        if not reminded and call > now:
            await tx.set_timer(TimerKind.REMINDER, call, now=now, game_id=row.id,
                               turn=row.turn, data=TurnPayload(row.on_turn, CALL).reminder())
        if rules.deadline:
            at = since + rules.deadline
            at = (at if at > now else now + rules.deadline) + pause
            if (await server_settings(tx, row.guild_id)).quiet_deadlines:
                at = hours.out_of_quiet(at)
            await tx.set_timer(
                TimerKind.DEADLINE,
                at,
                now=now,
                game_id=row.id,
                turn=row.turn,
                data=TurnPayload(row.on_turn).turn(),
            )

    async def play_now(self, tx: Transaction, row: GameRow, player: Player,
                       now: datetime) -> None:
        """An AI plays the turn at once, for ``player`` (who missed their deadline):
        the ai_turn listener plays it, unless the player acts first."""
        await tx.cancel_timers(row.id, (TimerKind.REMINDER,))
        await tx.set_timer(TimerKind.AI_TURN, now, now=now, game_id=row.id, turn=row.turn,
                           data=TurnPayload(player.id).turn())
        self.wake()

    async def snooze(self, tx: Transaction, row: GameRow, turn: int, user_id: int,
                     until: datetime, rules: TurnRules, now: datetime) -> datetime | None:
        """Put off the next reminder of ``user_id``'s turn to ``until``; the deadline."""
        timers = await tx.game_timers(row.id)
        pending = timers.get(TimerKind.REMINDER)
        number = TurnPayload.of(pending).number if pending else rules.reminder_limit
        await tx.set_timer(TimerKind.REMINDER, until, now=now, game_id=row.id, turn=turn,
                           data=TurnPayload(user_id, number).reminder())
        return due(timers.get(TimerKind.DEADLINE))

    # ----------------------------------------------------------------- firing

    @staticmethod
    async def claimed(tx: Transaction, timer: Timer) -> GameRow | None:
        """Claim (delete) a timer in the transaction that acts on it; its game, if both
        the timer and the game are still there."""
        if not await tx.claim_timer(timer) or timer.game_id is None:
            return None
        return await tx.game(timer.game_id)

    async def turn_timer(self, tx: Transaction, timer: Timer) -> tuple[GameRow, Game] | None:
        """The game of a claimed turn timer, unless the game has outlived it (another
        turn, another player on turn, the game over)."""
        row = await self.claimed(tx, timer)
        if (
            row is None
            or row.status != Status.RUNNING
            or row.turn != timer.turn
            or row.on_turn is None
            or row.on_turn != TurnPayload.of(timer).player
        ):
            return None
        return row, self.positions.of(row)

    async def drop(self, timer: Timer) -> None:
        """Forget a timer that cannot be acted on (unknown event, or its action failed)."""
        async with self.db.transaction() as tx:
            await tx.claim_timer(timer)

    async def remind(self, timer: Timer) -> Reminder | None:
        """A ``reminder`` timer: remind the player still on turn (and set the next one)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            found = await self.turn_timer(tx, timer)
            if found is None:
                return None
            row, game = found
            rules = await game_rules(tx, row)
            number = TurnPayload.of(timer).number
            assert game.current_player is not None
            player = row.players[game.current_player]
            hours = await player_hours(tx, player.id)
            since = row.turn_started_at or row.updated_at
            held = self._held(hours, now, since, await away_until(tx, row.id, now), player.id)
            if held is not None:  # quiet hours, a vacation: the same reminder, later
                await tx.set_timer(TimerKind.REMINDER, held, now=now, game_id=row.id,
                                   turn=game.turn, data=timer.data)
                reminder = None
            else:
                reminder = await self._next(tx, row, game, rules, number, hours, since, now)
        self.wake()  # the next reminder is queued
        return reminder

    async def _next(self, tx: Transaction, row: GameRow, game: Game, rules: TurnRules,
                    number: int, hours: PlayerHours, since: datetime,
                    now: datetime) -> Reminder:
        """Queue the reminder after this one (if any), and this one's facts."""
        player = row.players[game.current_player or 0]
        if rules.reminder_every and CALL < number < rules.reminder_limit:
            # From now, not from when it was due: after downtime, one reminder, not a burst.
            await tx.set_timer(
                TimerKind.REMINDER,
                hours.calling_time(now + rules.reminder_every, since),
                now=now,
                game_id=row.id,
                turn=game.turn,
                data=TurnPayload(player.id, number + 1).reminder(),
            )
        deadline = (await tx.game_timers(row.id)).get(TimerKind.DEADLINE)
        reminder = Reminder(
            GameState(row, game),
            player,
            number,
            max(rules.reminder_limit, number),
            since,
            due(deadline),
            hours.dm,
        )
        return reminder

    @staticmethod
    def _held(hours: PlayerHours, now: datetime, since: datetime,
              away: dict[int, datetime], user_id: int) -> datetime | None:
        """When a reminder due now may come instead, if not now: after the player's
        vacation, out of their quiet hours (chosen since it was set)."""
        at = max(now, away.get(user_id, now))
        at = hours.calling_time(at, since)
        return at if at > now else None
