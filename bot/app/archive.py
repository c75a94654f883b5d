"""The archive (issue 22): a server's finished games, each with its statistics, and
its replay, turn by turn, all read from the stored record.

Finished means played to the end or voted to an end; a cancelled game is not
kept, and a game still running is not shown (its tiles to come are secret).
Every lookup goes through the server, so another server's game is never
reached. Nothing is stored for it: a record replays in milliseconds, so each
step is the record replayed to that turn (:func:`engine.replays.replayed_to`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.replays import replayed_to
from engine.statistics import GameStatistics, game_statistics

from ..errors import BadInput, GameError, NotAllowed
from ..i18n import N_
from ..storage import GameRow, Status, Storage
from .state import GameState, Positions, find_row

#: Games on one page of the archive (one menu to choose from).
PAGE_SIZE = 10


@dataclass(frozen=True)
class ArchivePage:
    """One page of a server's finished games, newest first (of ``user_id``'s only, if
    given). A game whose record no longer replays is listed without its position."""

    games: tuple[GameState, ...]
    page: int
    pages: int
    total: int
    user_id: int | None = None


@dataclass(frozen=True)
class Archived:
    """A finished game as it ended, and each player's statistics."""

    state: GameState
    statistics: GameStatistics

    @property
    def turns(self) -> int:
        return self.state.turn


@dataclass(frozen=True)
class ReplayStep:
    """A finished game after its first ``turn`` record entries (0: the start tile
    alone), of ``last`` in all. ``state.game`` is that position."""

    state: GameState
    turn: int
    last: int

    @property
    def events(self) -> list:
        """What record entry ``turn`` caused (at the last one, the final scoring too)."""
        assert self.state.game is not None
        return [e for e in self.state.game.events if e.turn == self.turn - 1
                or (self.turn == self.last and e.turn >= self.last)]


class NotArchived(NotAllowed):
    """A game the archive does not show: not over yet, or cancelled."""


def require_archived(row: GameRow) -> None:
    if row.status == Status.CANCELLED:
        raise NotArchived(N_("Game #{game} was cancelled: the archive keeps finished games "
                             "only."), game=row.id)
    if row.status != Status.FINISHED:
        raise NotArchived(N_("Game #{game} is not over yet: the archive shows finished games "
                             "only."), game=row.id)
    if row.record is None:  # finished before it started: nothing to show
        raise NotArchived(N_("Game #{game} has no moves to show."), game=row.id)


class Archive:
    """The reads of the archive, on one storage."""

    def __init__(self, db: Storage, positions: Positions) -> None:
        self.db = db
        self.positions = positions

    async def page(self, guild_id: int, *, user_id: int | None = None,
                   page: int = 1) -> ArchivePage:
        """Page ``page`` (from 1; past the last: the last) of the server's finished games."""
        total = await self.db.count_finished_games(guild_id, user_id=user_id)
        pages = max(1, -(-total // PAGE_SIZE))
        page = min(max(page, 1), pages)
        rows = await self.db.finished_games(guild_id, user_id=user_id, limit=PAGE_SIZE,
                                            offset=(page - 1) * PAGE_SIZE)
        return ArchivePage(tuple(self._listed(row) for row in rows), page, pages, total,
                           user_id)

    def _listed(self, row: GameRow) -> GameState:
        if row.record is None:
            return GameState(row)
        try:
            return GameState(row, self.positions.of(row))
        except GameError:  # a damaged record: listed, its scores unknown
            return GameState(row)

    async def _row(self, guild_id: int, game_id: int) -> GameRow:
        row = await find_row(self.db, guild_id, game_id=game_id)
        require_archived(row)
        if row.damaged is not None:
            raise NotArchived(N_("The record of game #{game} can no longer be read: it cannot "
                                 "be shown."), game=row.id)
        return row

    async def game(self, guild_id: int, game_id: int) -> Archived:
        """Finished game ``game_id`` of this server, as it ended, with its statistics."""
        row = await self._row(guild_id, game_id)
        state = GameState(row, self.positions.of(row))
        assert state.game is not None
        return Archived(state, game_statistics(state.game))

    async def step(self, guild_id: int, game_id: int, turn: int | None) -> ReplayStep:
        """Finished game ``game_id`` after its first ``turn`` record entries (None: all)."""
        row = await self._row(guild_id, game_id)
        last = self.positions.of(row).turn
        turn = last if turn is None else turn
        if turn < 0:
            raise NotAllowed(N_("This is the start of the game: there is no turn before it."))
        if turn > last:
            raise NotAllowed(N_("This is the end of game #{game}: there is no turn after it."),
                             game=row.id)
        assert row.record is not None
        game = replayed_to(row.record, turn, seed=row.seed)
        return ReplayStep(GameState(row, game), turn, last)

    async def jump(self, guild_id: int, game_id: int, typed: str) -> ReplayStep:
        """The step of a turn number as typed (the replay's "jump to a turn")."""
        row = await self._row(guild_id, game_id)
        last = self.positions.of(row).turn
        text = typed.strip()
        if not text.isdecimal() or int(text) > last:
            raise BadInput(N_("Game #{game} has turns 0 to {last}: write one of those numbers."),
                           game=row.id, last=last)
        return await self.step(guild_id, game_id, int(text))
