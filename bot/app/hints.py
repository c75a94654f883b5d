"""Hints, the application layer: the player on turn asks the AI what it would play.

A hint is for casual games on a server that allows them (its ``hints``
setting, off by default): :func:`hints_allowed` is the rule of a game's row; a
rated game (issue 22) is not casual, and :meth:`Hints.asked` refuses a league
game too (its pairing is in another table). No button offers a hint: only
``/carcassonne hint`` asks, and is refused where hints are. The AI's
suggestion is computed in a worker process (:meth:`bot.thinking.Thinker.hint`,
the ``medium`` evaluation's best move, as the game review judges), and before
it is shown the game notes that this turn's player took a hint (``games.hints``,
a change of version of its own, logged as ``hint``), which the history says.
Nothing else changes: the turn, its timers and its clock stay as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from engine import Place

from ..errors import NotAllowed, Stale
from ..i18n import N_
from ..storage import GameRow, Storage
from ..thinking import Thinker
from .queries import Queries
from .settings import ServerSettings, server_settings
from .state import GameState, require_running, require_turn
from .vocabulary import Change


def is_casual(row: GameRow) -> bool:
    """A game that counts for no rating (issue 23: hints never in rated or league
    games): the host did not make it rated. Whether a league plays it is
    :meth:`Hints.asked`'s to check."""
    return not row.rated


def hints_allowed(settings: ServerSettings, row: GameRow) -> bool:
    """Whether the player on turn of ``row`` may ask for a hint: the server allows
    hints, and the game is casual (a rated or league game never gives one)."""
    return settings.hints and is_casual(row)


@dataclass(frozen=True)
class Hint:
    """The AI's suggestion for the player on turn, and the game it was made for."""

    state: GameState
    move: Place


class Hints:
    """The hints of every game of one storage."""

    def __init__(self, db: Storage, queries: Queries, thinker: Thinker, *,
                 clock: Callable[[], datetime]) -> None:
        self.db = db
        self.queries = queries
        self.thinker = thinker
        self.clock = clock

    async def asked(self, guild_id: int, channel_id: int, user_id: int) -> GameState:
        """The channel's game, if ``user_id`` may have a hint now: a refusal otherwise
        (checked before the AI thinks, so that it is answered at once)."""
        state = await self.queries.state(guild_id, channel_id=channel_id, latest=True)
        require_running(state.row)
        settings = await server_settings(self.db, guild_id)
        if settings.hints and not hints_allowed(settings, state.row):
            raise NotAllowed(N_("This game is rated: rated games give no hints."))
        if not hints_allowed(settings, state.row):
            raise NotAllowed(N_("Hints are off on this server. A member with Manage Server "
                                "can turn them on: `/carcassonne settings hints: True`."))
        if await self.db.league_game_of(state.id) is not None:
            raise NotAllowed(N_("League games give no hints."))
        require_turn(state, user_id)
        return state

    async def hint(self, state: GameState, user_id: int) -> Hint:
        """The AI's suggestion for ``user_id`` on turn in ``state`` (see :meth:`asked`),
        noted in the game's history before it is given."""
        row = state.row
        assert row.record is not None
        move = await self.thinker.hint(row.record, game_seed=row.seed)
        async with self.db.transaction() as tx:
            now = await tx.game(row.id)
            if now is None or (now.status, now.turn, now.on_turn) != \
                    (row.status, row.turn, row.on_turn):
                raise Stale(N_("The game moved on while the AI was thinking; ask again."))
            if now.turn not in now.hints:
                assert now.turn is not None
                await tx.save_game(now, replace(now, hints=now.hints | {now.turn}),
                                   action=Change.HINT, user_id=user_id, now=self.clock(),
                                   data={"turn": now.turn, "move": str(move)})
        return Hint(state, move)
