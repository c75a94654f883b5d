"""The listeners of the ``carcassonne_timer`` event: one handler per timer event.

The scheduler (:mod:`bot.scheduler`) fires every due timer as
``bot.dispatch("carcassonne_timer", timer)``. :class:`TimerListeners` looks
the timer's kind up in one table, :attr:`~TimerListeners.handlers`
(:class:`~bot.app.vocabulary.TimerKind` to handler); each handler acts
in the database through the application (:mod:`bot.app`; one transaction,
which also deletes the timer) and then has the :class:`~bot.discord.announcements.Announcer`
say what happened. A handler that fails is logged and its timer dropped, so a
broken timer cannot fire over and over; a damaged game's timer fails inside
its own game.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from ..app import App
from ..app.vocabulary import TimerKind
from ..storage import Timer
from .announcements import Announcer
from .leagues import LeagueNews

log = logging.getLogger(__name__)


class TimerListeners:
    """Reminders, deadlines, AI turns, ended games and expired lobbies, by timer event."""

    def __init__(self, app: App, announcer: Announcer, leagues: LeagueNews) -> None:
        self.app = app
        self.announcer = announcer
        self.leagues = leagues
        self.handlers: dict[str, Callable[[Timer], Awaitable[None]]] = {
            TimerKind.REMINDER: self.on_reminder,
            TimerKind.DEADLINE: self.on_deadline,
            TimerKind.AI_TURN: self.on_ai_turn,
            TimerKind.GAME_OVER: self.on_game_over,
            TimerKind.LOBBY_EXPIRY: self.on_lobby_expiry,
            TimerKind.LEAGUE_OPEN: leagues.open_round,
            TimerKind.LEAGUE_RESULT: leagues.result,
            TimerKind.LEAGUE_ROUND: leagues.time_up,
            TimerKind.LEAGUE_START: leagues.start_date,
            TimerKind.LEAGUE_OVER: leagues.over,
        }

    async def on_carcassonne_timer(self, timer: Timer) -> None:
        handler = self.handlers.get(timer.event)
        try:
            if handler is None:
                log.warning("timer %s has an unknown event %r; dropped", timer.id, timer.event)
            else:
                await handler(timer)
                return
        except Exception:
            log.exception("timer %s (%s, game %s) failed", timer.id, timer.event, timer.game_id)
        await self.app.timers.drop(timer)

    async def on_reminder(self, timer: Timer) -> None:
        reminder = await self.app.timers.remind(timer)
        if reminder is not None:
            await self.announcer.reminder(reminder)

    async def on_deadline(self, timer: Timer) -> None:
        absence = await self.app.absences.deadline(timer)
        if absence is not None:
            await self.announcer.absence(absence)

    async def on_ai_turn(self, timer: Timer) -> None:
        played = await self.app.ai.play(timer)
        if played is not None:
            await self.announcer.ai_played(played)

    async def on_game_over(self, timer: Timer) -> None:
        ended = await self.app.lifecycle.game_over(timer)
        if ended is not None:
            await self.announcer.tidy(ended)

    async def on_lobby_expiry(self, timer: Timer) -> None:
        expired = await self.app.lifecycle.expire_lobby(timer)
        if expired is not None:
            await self.announcer.lobby_expired(expired)
