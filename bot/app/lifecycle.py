"""A game's life: the only writer of its status, its host and its seats.

Every change of a game is saved here, in the caller's transaction, together
with its timers (:meth:`bot.app.clock.Clock.follow`, called explicitly):
:meth:`Lifecycle.save_play` for a change the engine made (a move, a skip, a
removal, an end), :meth:`Lifecycle.save_change` for one it had no part in
(the lobby). Starting, ending, cancelling, closing a lobby, passing the host
role and taking a seat out of a game happen here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from engine import Game

from .. import records
from ..errors import DamagedGame, EarlierTurn, HostOnly, NoGame, Stale
from ..i18n import N_
from ..storage import GameRow, Player, Status, Storage, Timer, Transaction, VersionConflict
from .clock import Clock
from .leagues import rounds as leagues
from .results import RatingChange, record_end
from .settings import server_settings
from .state import GameState, Positions, find_row
from .vocabulary import Change, LobbyPayload

#: The kinds of noted messages that tidying may delete: a game's turn posts and reminders.
TURN_POSTS = ("turn", "reminder")


@dataclass(frozen=True)
class GameEnded:
    """A game finished or was cancelled: tidy its messages (the final one carries
    the score chart already)."""

    state: GameState
    tidy: bool
    messages: tuple[tuple[int, int], ...] = ()  # (channel id, message id)
    #: The turn posts to delete (the server's ``tidy_posts``): never the result.
    delete: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class LobbyExpired:
    """A lobby nobody started within the server's limit was closed."""

    state: GameState
    hours: int


class Lifecycle:
    """Saves every change of the games of one storage, with their timers."""

    def __init__(self, db: Storage, positions: Positions, timers: Clock,
                 clock: Callable[[], datetime]) -> None:
        self.db = db
        self.positions = positions
        self.timers = timers
        self.clock = clock

    # ---------------------------------------------------------------- saves

    async def save_play(
        self,
        tx: Transaction,
        row: GameRow,
        game: Game,
        *,
        action: Change,
        user_id: int | None,
        now: datetime,
        data: dict[str, Any],
        new_turn: bool = True,
    ) -> GameState:
        """Save a game the engine changed (a move, a skip, a removal, an end), with
        its timers, in the caller's transaction: the one way such a change is written.
        Another process that moved the game on first (its servers' shards are another
        process's a moment, or two processes race) makes this one an earlier turn's."""
        try:
            new = await tx.save_game(
                row, after_play(row, game, now, new_turn=new_turn), action=action,
                user_id=user_id, now=now, data=data,
            )
        except VersionConflict:
            raise EarlierTurn() from None
        ratings: tuple[RatingChange, ...] = ()
        if new.status == Status.FINISHED and row.status != Status.FINISHED:
            # statistics, ratings (issue 22); the changes go to the result message
            ratings = (await record_end(tx, new, game, now)).ratings
        if new.status == Status.FINISHED and row.status == Status.RUNNING:
            await leagues.game_finished(tx, new, game, now)  # a league's result (issue 22)
        await self.timers.follow(tx, new, now, same_turn=not new_turn)
        self.positions.remember(new, game)
        state = await self.positions.state(tx, new)
        return replace(state, ratings=ratings) if ratings else state

    async def save_change(
        self,
        tx: Transaction,
        row: GameRow,
        new: GameRow,
        *,
        action: Change,
        user_id: int | None,
        now: datetime,
        data: dict[str, Any] | None = None,
    ) -> GameRow:
        """Save a change the engine had no part in (lobby, cancel), with its timers. A
        change another process saved first (two processes race on one lobby) is refused
        as :class:`~bot.errors.Stale`: the player tries again on the game as it is."""
        try:
            saved = await tx.save_game(row, new, action=action, user_id=user_id, now=now,
                                       data=data)
        except VersionConflict:
            raise Stale(N_("The game changed at that very moment; please try again.")) from None
        await self.timers.follow(tx, saved, now)
        return saved

    async def opened(self, tx: Transaction, row: GameRow, now: datetime) -> None:
        """A lobby was opened (inserted as it is): its expiry."""
        await self.timers.follow(tx, row, now)

    async def summarise_old_games(self) -> int:
        """Fill in the turn and player on turn of games stored before schema 3."""
        rows = await self.db.games_to_summarise()
        now = self.clock()
        for row in rows:
            try:
                game = self.positions.of(row)
            except DamagedGame:
                continue
            async with self.db.transaction() as tx:
                new = await tx.save_game(
                    row, after_play(row, game, now, new_turn=False), action=Change.SUMMARISE,
                    user_id=None, now=now,
                )
            self.positions.remember(new, game)
        return len(rows)

    # ------------------------------------------------------------ the lobby

    async def start(self, tx: Transaction, row: GameRow, players: list[Player], game: Game,
                    *, user_id: int, now: datetime) -> GameState:
        """The lobby ``row`` starts, its ``players`` seated as ``game`` has them."""
        seated = replace(row, players=tuple(players), status=Status.RUNNING)
        return await self.save_play(
            tx, seated, game, action=Change.START, user_id=user_id, now=now,
            data={"seating": [p.id for p in players]},
        )

    async def leave_lobby(self, tx: Transaction, row: GameRow, user_id: int,
                          now: datetime) -> GameRow:
        """``user_id`` leaves the lobby: a leaving host hands the game on to the next
        person; when the last person leaves, the game closes (AI players do not play
        on their own)."""
        new = without(row, user_id)
        if not new.people:
            new = replace(new, status=Status.CANCELLED, finished_at=now)
        elif user_id == row.host_id:
            new = replace(new, host_id=new.people[0].id)
        return await self.save_change(tx, row, new, action=Change.LEAVE, user_id=user_id,
                                      now=now)

    async def hand_over_host(self, guild_id: int, game_id: int, absent_id: int) -> GameState:
        """The host ``absent_id`` left the server: the next player becomes host.

        In a lobby the absent host also leaves it (the last one out closes it);
        in a running game the role passes to the next player still in the game.
        Nothing changes if the role has moved on already.
        """
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await find_row(tx, guild_id, game_id=game_id)
            if row.host_id != absent_id or not row.is_open:
                return GameState(row)
            if row.status == Status.LOBBY:
                new = without(row, absent_id)
                if new.people:
                    new = replace(new, host_id=new.people[0].id)
                else:
                    new = replace(new, status=Status.CANCELLED, finished_at=now)
            else:
                new = pass_host(row, self.positions.of(row).active)
            saved = await self.save_change(
                tx, row, new, action=Change.HOST, user_id=None, now=now,
                data={"absent": absent_id, "host": new.host_id},
            )
        return GameState(saved)

    # -------------------------------------------------------------- the end

    async def cancel(
        self,
        guild_id: int,
        user_id: int,
        *,
        can_manage: bool,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> GameState:
        """End the channel's game without scoring (host, or a member with Manage Server)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await find_row(tx, guild_id, channel_id, game_id)
            if not row.is_open:
                raise NoGame(N_("That game is over already; there is nothing to cancel."))
            if user_id != row.host_id and not can_manage:
                raise HostOnly(N_("Only the host or a member with Manage Server can cancel "
                                  "the game."))
            new = replace(row, status=Status.CANCELLED, finished_at=now, on_turn=None)
            saved = await self.save_change(tx, row, new, action=Change.CANCEL, user_id=user_id,
                                           now=now)
        game = None
        if saved.record is not None and saved.damaged is None:
            try:
                game = self.positions.of(saved)
            except DamagedGame:
                game = None
        return GameState(saved, game)

    async def expire_lobby(self, timer: Timer) -> LobbyExpired | None:
        """A ``lobby_expiry`` timer: close a lobby nobody started in time."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await self.timers.claimed(tx, timer)
            if row is None or row.status != Status.LOBBY:
                return None
            new = replace(row, status=Status.CANCELLED, finished_at=now)
            saved = await self.save_change(tx, row, new, action=Change.EXPIRE, user_id=None,
                                           now=now)
        return LobbyExpired(GameState(saved), LobbyPayload.of(timer).hours)

    async def game_over(self, timer: Timer) -> GameEnded | None:
        """A ``game_over`` timer: the messages of a game that ended, to tidy."""
        async with self.db.transaction() as tx:
            row = await self.timers.claimed(tx, timer)
            if row is None or row.status not in (Status.FINISHED, Status.CANCELLED):
                return None
            settings = await server_settings(tx, row.guild_id)
            messages: tuple[tuple[int, int], ...] = ()
            delete: tuple[tuple[int, int], ...] = ()
            if settings.tidy or settings.tidy_posts:
                # The messages with components: the lobby, and those noted as they were sent
                # (the result has none: it is never among them).
                noted = await tx.messages(row.id)
                posts = tuple((m.channel_id, m.message_id) for m in noted
                              if settings.tidy_posts and m.kind in TURN_POSTS)
                messages = tuple((m.channel_id, m.message_id) for m in noted
                                 if (m.channel_id, m.message_id) not in posts)
                if row.lobby_message_id is not None:
                    messages = ((row.channel_id, row.lobby_message_id), *messages)
                delete = posts
                await tx.forget_messages(row.id)
        return GameEnded(GameState(row), tidy=settings.tidy or settings.tidy_posts,
                         messages=messages, delete=delete)


# ------------------------------------------------------------------ helpers


def remove_seat(row: GameRow, game: Game, seat: int) -> GameRow:
    """Take ``seat`` out of ``game``; when no person is left in it, the game ends
    (and is scored): AI players do not play on by themselves. A removed host hands
    the role to the next player; ``row`` as it is then."""
    game.remove_player(seat)
    people = [s for s, active in enumerate(game.active) if active and not row.players[s].is_ai]
    if not game.is_over and not people:
        game.end()
    if row.host_id == row.players[seat].id:
        row = pass_host(row, game.active)
    return row


def pass_host(row: GameRow, active: list[bool]) -> GameRow:
    """``row`` with the host role given to the next person still in the game (an AI
    is never host)."""
    seat = row.seat(row.host_id) or 0
    count = len(row.players)
    for step in range(1, count):
        other = (seat + step) % count
        if active[other] and not row.players[other].is_ai:
            return replace(row, host_id=row.players[other].id)
    return row


def without(row: GameRow, user_id: int) -> GameRow:
    return replace(row, players=tuple(p for p in row.players if p.id != user_id))


def after_play(row: GameRow, game: Game, now: datetime, *, new_turn: bool) -> GameRow:
    """``row`` as it stands once the engine changed its game to ``game``."""
    over = game.is_over
    seat = game.current_player
    return replace(
        row,
        record=records.stored(game),
        seed=game.seed,
        status=Status.FINISHED if over else row.status,
        finished_at=now if over else row.finished_at,
        turn_started_at=now if new_turn else row.turn_started_at,
        turn=game.turn,
        on_turn=row.players[seat].id if seat is not None and not over else None,
        removed=frozenset(p.id for p, active in zip(row.players, game.active, strict=True)
                          if not active),
    )
