"""The listeners of the ``carcassonne_timer`` event: one handler per timer event.

The scheduler (:mod:`bot.scheduler`) fires every due timer as
``bot.dispatch("carcassonne_timer", timer)``. :class:`TimerListeners` looks
the timer's event up in :attr:`~TimerListeners.handlers`; each handler acts
in the database through the application (:mod:`bot.app`; one transaction,
which also deletes the timer) and then has the :class:`~bot.discord.announcements.Announcer`
say what happened. A handler that fails is logged and its timer dropped, so a
broken timer cannot fire over and over; a damaged game's timer fails inside
its own game.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from ..app.vocabulary import TimerKind
from ..storage import Timer

if TYPE_CHECKING:
    from .client import CarcassonneBot

log = logging.getLogger(__name__)


class TimerListeners:
    """Reminders, deadlines, AI turns, ended games and expired lobbies, by timer event."""

    def __init__(self, bot: CarcassonneBot) -> None:
        self.bot = bot
        self.handlers: dict[str, Callable[[Timer], Awaitable[None]]] = {
            TimerKind.REMINDER: self.on_reminder,
            TimerKind.DEADLINE: self.on_deadline,
            TimerKind.AI_TURN: self.on_ai_turn,
            TimerKind.GAME_OVER: self.on_game_over,
            TimerKind.LOBBY_EXPIRY: self.on_lobby_expiry,
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
        await self.bot.app.timers.drop(timer)

    async def on_reminder(self, timer: Timer) -> None:
        reminder = await self.bot.app.timers.remind(timer)
        if reminder is not None:
            await self.bot.announcer.reminder(reminder)

    async def on_deadline(self, timer: Timer) -> None:
        absence = await self.bot.app.absences.deadline(timer)
        if absence is not None:
            await self.bot.announcer.absence(absence)

    async def on_ai_turn(self, timer: Timer) -> None:
        played = await self.bot.app.ai.play(timer)
        if played is not None:
            await self.bot.announcer.ai_played(played)

    async def on_game_over(self, timer: Timer) -> None:
        ended = await self.bot.app.lifecycle.game_over(timer)
        if ended is not None:
            await self.bot.announcer.tidy(ended)

    async def on_lobby_expiry(self, timer: Timer) -> None:
        expired = await self.bot.app.lifecycle.expire_lobby(timer)
        if expired is not None:
            await self.bot.announcer.lobby_expired(expired)
