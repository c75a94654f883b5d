"""Durable timers and the one task that fires them.

A timer is a row of the ``timers`` table: an event name, when it is due (UTC),
and the game and turn it was set for. One task takes the earliest row, sleeps
until it is due, and hands it to a handler; with no rows it sleeps until it is
woken. Whoever adds or removes timers calls :meth:`Scheduler.wake`, and the
task looks again at once: a sooner timer is never missed and a removed one is
never waited for. Nothing polls.

The model is RoboDanny's ``cogs/reminder.py``, with these differences: every
timer is a row (none lives only in memory, so a restart loses nothing and a
timer that fell due while the bot was down fires when it is back); times are
UTC; a timer names its game and turn, so a handler can drop one that the game
has outlived; a game has at most one pending timer per event (a unique index),
so a move *replaces* its game's timers; and the clock is injected, so the
tests run the real dispatcher on simcord's virtual clock.

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
import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import aiosqlite

from .storage import Storage, utcnow_iso

log = logging.getLogger(__name__)

#: The longest single sleep. asyncio misbehaves with sleeps of more than about
#: 48 days; waking once a day to look again costs nothing and is not polling.
MAX_SLEEP = timedelta(days=1)
#: After an unexpected failure (say, the database is locked), wait this long.
RETRY_AFTER = timedelta(minutes=1)


@dataclass(frozen=True)
class Timer:
    id: int
    event: str
    expires_at: datetime
    game_id: int | None = None
    turn: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None

    @classmethod
    def from_row(cls, row: aiosqlite.Row) -> Timer:
        return cls(
            id=row["id"],
            event=row["event"],
            expires_at=datetime.fromisoformat(row["expires_at"]),
            game_id=row["game_id"],
            turn=row["turn"],
            data=json.loads(row["data"]),
            created_at=datetime.fromisoformat(row["created_at"]),
        )


Handler = Callable[[Timer], Awaitable[None]]


# Timer rows. These take a connection, so that a change of a game and of its
# timers can be one transaction.


async def set_timer(
    db: aiosqlite.Connection,
    event: str,
    expires_at: datetime,
    *,
    now: datetime,
    game_id: int | None = None,
    turn: int | None = None,
    data: dict[str, Any] | None = None,
) -> Timer:
    """Add a timer; for a game, it replaces the game's pending timer of that event."""
    if game_id is not None:
        await db.execute("DELETE FROM timers WHERE game_id = ? AND event = ?", (game_id, event))
    async with db.execute(
        "INSERT INTO timers (event, expires_at, game_id, turn, data, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
        (
            event,
            _due_text(expires_at),
            game_id,
            turn,
            json.dumps(data or {}, ensure_ascii=False),
            utcnow_iso(now),
        ),
    ) as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return Timer.from_row(row)


def _due_text(moment: datetime) -> str:
    """UTC, always to the microsecond: one fixed format, so text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


async def cancel_timers(
    db: aiosqlite.Connection, game_id: int, events: Iterable[str] | None = None
) -> int:
    """Remove a game's timers (of ``events`` only, if given); return how many."""
    if events is None:
        cursor = await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
    else:
        names = tuple(events)
        marks = ", ".join("?" * len(names))
        cursor = await db.execute(
            f"DELETE FROM timers WHERE game_id = ? AND event IN ({marks})", (game_id, *names)
        )
    return cursor.rowcount


async def game_timers(db: aiosqlite.Connection, game_id: int) -> dict[str, Timer]:
    """A game's pending timers by event."""
    async with db.execute("SELECT * FROM timers WHERE game_id = ?", (game_id,)) as cursor:
        rows = await cursor.fetchall()
    return {row["event"]: Timer.from_row(row) for row in rows}


async def claim(db: aiosqlite.Connection, timer: Timer) -> bool:
    """Take a due timer off the table; False if it is gone (replaced or fired already)."""
    cursor = await db.execute("DELETE FROM timers WHERE id = ?", (timer.id,))
    return cursor.rowcount == 1


class Scheduler:
    """Fires the ``timers`` rows of one database, earliest first, with one task.

    ``handler`` gets each due timer. It should :func:`claim` the timer in the
    transaction that acts on it, so that acting and forgetting are one; any
    timer the handler leaves behind (or fails on) is deleted afterwards, so a
    broken timer cannot fire over and over. A timer due while the bot was down
    fires as soon as it is back.
    """

    def __init__(
        self, storage: Storage, handler: Handler, *, clock: Callable[[], datetime]
    ) -> None:
        self.storage = storage
        self.handler = handler
        self.clock = clock
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
        timer = await self._earliest()
        now = self.clock()
        if timer is None or timer.expires_at > now:
            self.next_due = timer.expires_at if timer is not None else None
            if not self._woken:  # a wake() while we were reading: look again first
                wait = MAX_SLEEP if timer is None else min(timer.expires_at - now, MAX_SLEEP)
                await self._sleep(wait)
            return
        self.next_due = None
        try:
            await self.handler(timer)
        except Exception:
            log.exception("timer %s (%s, game %s) failed", timer.id, timer.event, timer.game_id)
        # Not in a finally: a timer interrupted by shutdown stays, and fires after.
        async with self.storage.transaction() as db:
            await claim(db, timer)

    async def _earliest(self) -> Timer | None:
        # Through the write lock (not the read connection): a wake() sent from
        # inside a transaction must find that transaction's timers committed.
        async with (
            self.storage.transaction() as db,
            db.execute("SELECT * FROM timers ORDER BY expires_at, id LIMIT 1") as cursor,
        ):
            row = await cursor.fetchone()
        return Timer.from_row(row) if row is not None else None

    async def _sleep(self, wait: timedelta) -> None:
        """Sleep for ``wait``, or until :meth:`wake`."""
        sleep = asyncio.ensure_future(asyncio.sleep(max(wait.total_seconds(), 0.0)))
        self._sleep_task = sleep
        try:
            await asyncio.wait({sleep})
        finally:
            sleep.cancel()
            self._sleep_task = None
