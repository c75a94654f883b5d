"""A turn's clock as players see it: when it runs out, when they are reminded next.

Both are pending timers of the game (``bot/scheduler.py``); this reads them so
that turn messages and ``/carcassonne status`` can show them as Discord
timestamps, which every reader sees in their own time zone.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

#: Timer events of a running turn.
REMINDER, DEADLINE = "reminder", "deadline"

Fetch = Callable[[str, tuple[Any, ...]], Awaitable[Iterable[Any]]]


@dataclass(frozen=True)
class TurnClock:
    deadline: datetime | None = None
    reminder: datetime | None = None


async def turn_clock(fetchall: Fetch, game_id: int) -> TurnClock:
    """The clock of a game's current turn; ``fetchall`` is ``Storage.fetchall`` or,
    inside a transaction, the connection's ``execute_fetchall``."""
    rows = await fetchall(
        "SELECT event, expires_at FROM timers WHERE game_id = ? AND event IN (?, ?)",
        (game_id, REMINDER, DEADLINE),
    )
    due = {row["event"]: datetime.fromisoformat(row["expires_at"]) for row in rows}
    return TurnClock(deadline=due.get(DEADLINE), reminder=due.get(REMINDER))
