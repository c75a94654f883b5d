"""What players look at: a game's state, their games, its history, its record.

Reads only: no transaction, and no replay where the storage knows enough
(:meth:`Queries.my_games`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from .. import records
from ..errors import NoGameHere, NotAllowed
from ..i18n import N_
from ..storage import GameRow, Player, Storage
from .state import GameState, Positions, find_row


@dataclass(frozen=True)
class Exported:
    filename: str
    data: bytes
    state: GameState


@dataclass(frozen=True)
class MyGame:
    """A running game of the player: read from the storage alone, no replay."""

    row: GameRow
    deadline: datetime | None

    @property
    def since(self) -> datetime:
        return self.row.turn_started_at or self.row.updated_at

    @property
    def current(self) -> Player | None:
        return self.row.player(self.row.on_turn) if self.row.on_turn is not None else None


class Queries:
    """The reads of the games of one storage."""

    def __init__(self, db: Storage, positions: Positions) -> None:
        self.db = db
        self.positions = positions

    async def thread_home(self, guild_id: int, thread_id: int, parent_id: int) -> int | None:
        """The channel of the game played in thread ``thread_id`` (under ``parent_id``),
        or None if no game is played there (one game per thread)."""
        row = await self.db.latest_game(guild_id, parent_id)
        return parent_id if row is not None and row.thread_id == thread_id else None

    async def server_games(self, guild_id: int) -> list[MyGame]:
        """A server's running games, the longest waiting first."""
        games = [MyGame(row, None) for row in await self.db.running_games(guild_id)]
        return sorted(games, key=lambda game: game.since)

    async def state(
        self,
        guild_id: int,
        *,
        channel_id: int | None = None,
        game_id: int | None = None,
        latest: bool = False,
    ) -> GameState:
        """The channel's open game (``latest``: or else its last one), or game ``game_id``."""
        if latest and channel_id is not None and game_id is None:
            row = await self.db.latest_game(guild_id, channel_id)
            if row is None:
                raise NoGameHere()
        else:
            row = await find_row(self.db, guild_id, channel_id, game_id)
        return await self.positions.state(self.db, row)

    async def row(
        self, guild_id: int, *, channel_id: int | None = None, game_id: int | None = None
    ) -> GameRow:
        """The channel's open game, or game ``game_id``, as stored (no replay)."""
        return await find_row(self.db, guild_id, channel_id, game_id)

    async def started_state(
        self, guild_id: int, *, channel_id: int | None = None, game_id: int | None = None,
        missing: str,
    ) -> GameState:
        """The channel's open (or else last) game, or game ``game_id``, once it has
        started; ``missing`` is the refusal before that (saying what there is not to
        show yet)."""
        state = await self.state(guild_id, channel_id=channel_id, game_id=game_id, latest=True)
        if state.game is None:
            raise NotAllowed(missing)
        return state

    async def history(self, guild_id: int, channel_id: int) -> GameState:
        """The channel's open game, or else the last one played there."""
        return await self.started_state(
            guild_id, channel_id=channel_id,
            missing=N_("The game has not started yet: there are no moves to show.")
        )

    async def export(self, guild_id: int, *, channel_id: int | None = None,
                     game_id: int | None = None) -> Exported:
        """The game record as JSON, with the commitment to its seed; the seed itself
        only once the game is over (finished or cancelled: nothing is drawn any more)."""
        state = await self.started_state(
            guild_id, channel_id=channel_id, game_id=game_id,
            missing=N_("The game has not started yet: there is no record to export.")
        )
        assert state.game is not None
        record = records.shown(state.game, over=not state.row.is_open)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        return Exported(f"carcassonne-{state.id}-turn{state.turn}.json", data, state)

    async def my_games(self, guild_id: int, user_id: int) -> list[MyGame]:
        """The running games of this server that ``user_id`` plays in, theirs to move
        first: one query, no replay."""
        found = [MyGame(g.row, g.deadline) for g in await self.db.player_games(guild_id, user_id)]
        found.sort(key=lambda g: (g.row.on_turn != user_id, g.since))
        return found

    async def count_games(self) -> int:
        return await self.db.count_games()
