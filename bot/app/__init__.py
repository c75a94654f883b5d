"""The application: what players can do with games, and no Discord in sight.

It takes ids and values and returns result values; a refusal is a
:class:`~bot.errors.GameError`. One module per concept:

- :mod:`~bot.app.vocabulary`: timer kinds, deadline policies, absence actions,
  a game's log actions, typed timer payloads;
- :mod:`~bot.app.state`: a game as read (:class:`~bot.app.state.GameState`), the
  cache of engine positions, the checks of who is on turn;
- :mod:`~bot.app.input`: a move request read against the game (tile, place,
  follower) into the engine's move;
- :mod:`~bot.app.lifecycle`: the only writer of a game's status, host and
  seats; every save, with its timers;
- :mod:`~bot.app.lobby`: open, join, AI seats, leave, start;
- :mod:`~bot.app.moves`: a player's move, one call and one transaction;
- :mod:`~bot.app.clock`: the timers: scheduling, claiming, reminders;
- :mod:`~bot.app.absence`: deadlines, removals, votes to end, snoozes;
- :mod:`~bot.app.settings`: a server's settings, a game's turn rules;
- :mod:`~bot.app.hours`, :mod:`~bot.app.me`: a player's time zone, quiet hours,
  way of being called, and vacations;
- :mod:`~bot.app.ai_turns`, :mod:`~bot.app.hints`, :mod:`~bot.app.reviews`: the AI;
- :mod:`~bot.app.queries`: state, my games, history, export;
- :mod:`~bot.app.archive`: a server's finished games, their statistics and replays;
- :mod:`~bot.app.results`, :mod:`~bot.app.ratings`: a finished game's statistics and
  ratings; leaderboards and profiles;
- :mod:`~bot.app.leagues`: leagues, their rounds and standings.

:class:`App` builds them all on one storage.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from ..storage import MessageRef, Storage
from ..thinking import Thinker
from .absence import Absences
from .ai_turns import AITurns
from .archive import Archive
from .clock import Clock
from .hints import Hints
from .leagues.service import Leagues
from .lifecycle import Lifecycle
from .lobby import Lobby
from .me import Me
from .moves import Moves
from .queries import Queries
from .ratings import Ratings
from .reviews import Reviews
from .settings import Settings
from .state import GameState, Positions

log = logging.getLogger(__name__)


def _now() -> datetime:
    return datetime.now(UTC)


class App:
    """Every service of the application, on one storage, each handed what it needs."""

    def __init__(
        self,
        db: Storage,
        thinker: Thinker | None = None,
        *,
        clock: Callable[[], datetime] = _now,
        seed: int | None = None,
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        """``seed`` (tests, benchmarks) makes seating and game seeds reproducible;
        ``wake`` is called whenever timers changed (the scheduler's)."""
        self.db = db
        self.clock = clock
        self.positions = Positions(db, clock)
        self.timers = Clock(db, self.positions, clock, wake)
        self.settings = Settings(db, self.timers, clock)
        self.me = Me(db, self.positions, self.timers.wake, clock)
        self.lifecycle = Lifecycle(db, self.positions, self.timers, clock)
        self.lobby = Lobby(db, self.lifecycle, clock, seed=seed)
        self.moves = Moves(db, self.positions, self.lifecycle, clock)
        self.absences = Absences(db, self.positions, self.lifecycle, self.timers, clock)
        self.queries = Queries(db, self.positions)
        self.archive = Archive(db, self.positions)
        thinker = thinker or Thinker()
        self.ai = AITurns(db, self.positions, self.moves, self.timers, thinker, clock)
        self.hints = Hints(db, self.queries, thinker, clock=clock)
        self.reviews = Reviews(self.queries, thinker)
        self.ratings = Ratings(db, clock)
        self.leagues = Leagues(db, self.positions, self.lobby, self.lifecycle, clock)

    async def posted(self, state: GameState, message: MessageRef | None, *,
                     announces_turn: bool) -> None:
        """A game's message is out (or, if it could not be, is waiting): the one fact
        the Discord side tells the application after posting.

        ``message``, a message with components, is noted with its game: the first
        of a turn dates that turn for typed moves, and tidying a finished game
        removes the buttons of exactly these. If it announces a turn, an AI on
        turn moves now, so its move always comes after the message. Best effort
        both: the message is out, a missed note costs only a button left after the
        game, and the AI's move comes anyway, a little later
        (:data:`~bot.app.vocabulary.AI_TURN_WAIT`).
        """
        if message is not None:
            try:
                await self.moves.remember_message(state.id, message)
            except Exception:
                log.exception("could not note message %s of game %s", message.message_id,
                              state.id)
        if announces_turn:
            try:
                await self.ai.announced(state)
            except Exception:
                log.exception("could not hasten the AI's turn in game %s", state.id)
