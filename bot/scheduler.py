"""Durable timers, fired as events by one task.

A timer is a row of the storage's queue: an event name, when it is due
(UTC), and the game and turn it was set for. One task takes the earliest
timer, sleeps until it is due, and fires it as the ``carcassonne_timer``
event (``bot.dispatch``); the listeners of :mod:`bot.discord.listeners` act on it,
one per timer event. With no timer it sleeps until it is woken: whoever adds
or removes timers calls :meth:`Scheduler.wake`, and the task looks again at
once, so a sooner timer is never missed and a removed one never waited for.
Nothing polls.

The model is RoboDanny's ``cogs/reminder.py``, with these differences: every
timer is a row (none lives only in memory, so a restart loses nothing and a
timer that fell due while the bot was down fires when it is back); times are
UTC; a timer names its game and turn, so a listener can drop one that the
game has outlived; a game has at most one pending timer per event, so a move
*replaces* its game's timers; a fired timer is marked as handed out, and the
listener deletes it in the transaction that acts on it (a process that stops
in between hands it out again when it starts); and the clock is injected, so
the tests run the real dispatcher on simcord's virtual clock.

Several processes (shards, issue 21) share one PostgreSQL database: each
scheduler is given its process's :class:`~bot.storage.Shards` and takes the
timers of those servers' games only; handing a timer out is a claim (an
``UPDATE`` that only one process's succeeds), so none fires twice. Other
processes may add timers this one is not woken for, and one may stop holding
timers it was handed: a sharded scheduler therefore sleeps at most
:data:`SHARED_LOOK`, and each look hands out again the timers held past
:data:`~bot.storage.TIMER_LEASE`. That lease is also the only way a sharded
process takes timers back: at its start it cannot tell the timers of a process
that stopped from those of one still running its shards (a rolling restart),
which are acting on them; taking these back fired them twice. Unsharded,
nothing of this runs, and a start takes back at once every timer handed out
(the one process that held them has stopped).

Waking is an :class:`asyncio.Event` with a timeout in all but name: the task
waits in an ordinary ``asyncio.sleep`` (in a small child task) that
:meth:`~Scheduler.wake` cancels. We do not wait on a bare ``Event``: a sleep is
a timer of the event loop, which simcord's virtual clock drives and knows to
be idle, while a task parked on an ``Event`` is to it an unknown wait, and
every simulated action would time out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from .storage import TIMER_LEASE, Shards, Storage

log = logging.getLogger(__name__)

#: The event every due timer is fired as (listeners: ``on_carcassonne_timer``).
TIMER_EVENT = "carcassonne_timer"
#: The longest single sleep. asyncio misbehaves with sleeps of more than about
#: 48 days; waking once a day to look again costs nothing and is not polling.
MAX_SLEEP = timedelta(days=1)
#: After an unexpected failure (say, the database is locked), wait this long.
RETRY_AFTER = timedelta(minutes=1)
#: With shards, other processes add timers too (a game's server changing hands, an
#: AI turn), and only a look tells: the longest sleep is this short then.
SHARED_LOOK = timedelta(minutes=5)


class Scheduler:
    """Fires the timers of one storage, earliest first, with one task."""

    def __init__(
        self,
        storage: Storage,
        dispatch: Callable[..., Any],
        *,
        clock: Callable[[], datetime],
        shards: Shards | None = None,
    ) -> None:
        self.storage = storage
        self.dispatch = dispatch
        self.clock = clock
        #: The shards of this process: it fires their servers' timers only (None: all).
        self.shards = shards
        self._longest = MAX_SLEEP if shards is None else SHARED_LOOK
        self._stale_looked: datetime | None = None
        #: When the timer the task is waiting for is due (None: no timer, or busy).
        self.next_due: datetime | None = None
        self._task: asyncio.Task[None] | None = None
        self._sleep_task: asyncio.Task[None] | None = None
        self._woken = False

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = asyncio.create_task(self._run(), name="carcassonne-timers")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def wake(self) -> None:
        """Timers were added or removed: look for the earliest one again, now.

        Safe to call inside a transaction that is still to commit: the task
        reads the timers through the write lock, so it sees them after it.
        """
        self._woken = True
        if self._sleep_task is not None and not self._sleep_task.done():
            self._sleep_task.cancel()

    async def _run(self) -> None:
        if self.shards is None:  # with shards, the lease (_release_stale) takes them back
            rearmed = await self.storage.rearm_timers()
            if rearmed:
                log.info("%d timers handed out before the last stop are due again", rearmed)
        while True:
            try:
                await self._step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the timer dispatcher failed; trying again shortly")
                await self._sleep(RETRY_AFTER)

    async def _step(self) -> None:
        self._woken = False
        if self.shards is not None:
            await self._release_stale()
        timer = await self.storage.next_timer(self.shards)
        now = self.clock()
        if timer is None or timer.expires_at > now:
            self.next_due = timer.expires_at if timer is not None else None
            if not self._woken:  # a wake() while we were reading: look again first
                longest = self._longest
                wait = longest if timer is None else min(timer.expires_at - now, longest)
                await self._sleep(wait)
            return
        self.next_due = None
        if await self.storage.dispatch_timer(timer, now):  # else another process has it
            self.dispatch(TIMER_EVENT, timer)

    async def _release_stale(self) -> None:
        """Now and then, take back the timers a stopped process was handed: with
        several processes, the one that runs its shards next may not restart."""
        now = self.clock()
        if self._stale_looked is not None and now - self._stale_looked < SHARED_LOOK:
            return
        self._stale_looked = now
        released = await self.storage.release_stale_timers(now - TIMER_LEASE)
        if released:
            log.info("%d timers handed out over %s ago are due again", released, TIMER_LEASE)

    async def _sleep(self, wait: timedelta) -> None:
        """Sleep for ``wait``, or until :meth:`wake`."""
        sleep = asyncio.ensure_future(asyncio.sleep(max(wait.total_seconds(), 0.0)))
        self._sleep_task = sleep
        try:
            await asyncio.wait({sleep})
        finally:
            sleep.cancel()
            self._sleep_task = None
