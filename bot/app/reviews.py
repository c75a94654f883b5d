"""Game reviews, the application layer: where each player lost the most points.

Only a finished game is reviewed: a running game's review would tell its
players what to play, and a cancelled one never ended. The review itself
(``engine.ai.review``: every decision ranked by the ``medium`` evaluation,
as the player saw it) takes about a second for a whole game, so it runs in a
worker process (:meth:`bot.thinking.Thinker.review`); nothing is stored, and
the latest reviews are kept in memory, so that asking again (another player,
another language) does not take the worker again.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from engine.ai import GameReview

from ..errors import NotAllowed
from ..i18n import N_
from ..i18n.terms import STATUSES
from ..storage import Status
from ..thinking import Thinker
from .queries import Queries
from .state import GameState

#: Reviews kept in memory, the latest asked for: a finished game's review never
#: changes, and it can take the worker seconds (hands of 3 tiles: tens).
KEPT = 32


class NotFinished(NotAllowed):
    message = N_("Only a finished game has a review; this one is {status}.")


@dataclass(frozen=True)
class Reviewed:
    """A finished game and its review."""

    state: GameState
    review: GameReview


class Reviews:
    """The reviews of the games of one storage."""

    def __init__(self, queries: Queries, thinker: Thinker) -> None:
        self.queries = queries
        self.thinker = thinker
        self._kept: OrderedDict[tuple[int, int], GameReview] = OrderedDict()

    async def finished(self, guild_id: int, channel_id: int, game_id: int | None = None
                       ) -> GameState:
        """Game ``game_id`` of this server, or else the channel's latest game, if it is
        finished: :class:`NotFinished` otherwise (before the review is computed)."""
        if game_id is None:
            state = await self.queries.state(guild_id, channel_id=channel_id, latest=True)
        else:
            state = await self.queries.state(guild_id, game_id=game_id)
        if state.row.status != Status.FINISHED:
            raise NotFinished(status=STATUSES[state.row.status])
        return state

    async def review(self, state: GameState) -> Reviewed:
        """The review of the finished game of ``state`` (see :meth:`finished`),
        computed once for each version of the game while it is kept."""
        row = state.row
        key = (row.id, row.version)
        review = self._kept.get(key)
        if review is None:
            assert row.record is not None
            review = await self.thinker.review(row.record, game_seed=row.seed,
                                               stand_ins=row.stand_ins)
        self._kept[key] = review
        self._kept.move_to_end(key)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return Reviewed(state, review)
