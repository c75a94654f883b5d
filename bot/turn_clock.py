"""The timers of a game, by event name, and a turn's clock as players see it.

Every timer is a row of the storage's queue (:class:`bot.storage.Timer`); the
scheduler (:mod:`bot.scheduler`) fires it as the ``carcassonne_timer`` event,
and :mod:`bot.listeners` has one handler per event name below.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from .storage import Timer

#: Remind the player on turn (carries the reminder's number).
REMINDER = "reminder"
#: The turn's deadline: the policy acts on an absent player.
DEADLINE = "deadline"
#: A game ended: tidy its messages (due at once).
GAME_OVER = "game_over"
#: A lobby that was never started closes.
LOBBY_EXPIRY = "lobby_expiry"
#: An AI plays the turn: an AI player's, or an absent player's at their deadline.
AI_TURN = "ai_turn"

#: The timers of a running turn.
TURN_TIMERS = (REMINDER, DEADLINE, AI_TURN)

#: When an AI player's turn begins, its timer is set this far ahead, and brought
#: forward to "now" as soon as the message announcing the turn is out, so that
#: the AI's move always follows that message; the wait only matters if the
#: announcement never goes out (the bot stopped, the channel is closed to it).
AI_TURN_WAIT = timedelta(seconds=30)


@dataclass(frozen=True)
class TurnClock:
    """When the running turn's deadline falls and its next reminder comes, if they do."""

    deadline: datetime | None = None
    reminder: datetime | None = None

    @classmethod
    def of(cls, timers: dict[str, Timer]) -> TurnClock:
        deadline, reminder = timers.get(DEADLINE), timers.get(REMINDER)
        return cls(
            deadline=deadline.expires_at if deadline else None,
            reminder=reminder.expires_at if reminder else None,
        )
