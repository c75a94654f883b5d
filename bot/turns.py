"""Asynchronous play, the application layer: reminders, deadlines, absent players, limits.

Games here last days, so a turn has a clock: reminders to the player on turn
every so often (up to a limit), an optional deadline with a policy for players
who let it pass (nothing, skip the turn, or remove them after so many missed
turns), and ways out of a stalled game (the host removes a player; the others
vote to end it, which scores it). A lobby that is never started closes, and a
game in which every player misses turn after turn ends.

Every change of a game is saved through :class:`~bot.games.GameService` and
then :meth:`TurnService.after_change` runs in the same transaction, which
replaces the game's timers: a move and its new reminder are committed
together, or neither is. Timers carry the game and the turn they were set
for; a timer that finds its game at another turn (or another player on turn)
is dropped.

As in :mod:`bot.games`, nothing here knows Discord: results are plain values
and refusals are :class:`~bot.errors.GameError` s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from engine import Discard, Event, Game, Remove, Skip

from .errors import AlreadyVoted, GameError, HostOnly, NotAllowed
from .games import GameService, GameState, find_row, fresh_copy, pass_host, require_running
from .i18n import N_, parse_language
from .settings import (
    AI_PLAYS,
    MAX_SNOOZE_HOURS,
    NOTHING,
    REMOVE,
    SKIP,
    Limits,
    ServerSettings,
    SettingError,
    TurnRules,
    server_settings,
)
from .storage import (
    CANCELLED,
    FINISHED,
    LOBBY,
    RUNNING,
    GameRow,
    Player,
    Reads,
    Scope,
    Storage,
    Timer,
    Transaction,
)
from .turn_clock import (
    AI_TURN,
    AI_TURN_WAIT,
    DEADLINE,
    GAME_OVER,
    LOBBY_EXPIRY,
    REMINDER,
    TURN_TIMERS,
)

#: A deadline that ends a game nobody plays any more (Absence.action).
ABANDONED = "abandoned"
#: A bonus tile cannot be skipped (Absence.action).
BONUS = "bonus"


def timestamp(moment: datetime, style: str = "R") -> str:
    """Discord's ``<t:…>`` markup: every reader sees the time in their own zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


# ----------------------------------------------------------------- results


@dataclass(frozen=True)
class Reminder:
    """Remind ``player``: their turn has waited since ``since``."""

    state: GameState
    player: Player
    number: int
    limit: int
    since: datetime
    deadline: datetime | None
    dm: bool


@dataclass(frozen=True)
class Absence:
    """Something was done about an absent player: a missed deadline or a removal.

    ``action`` is ``nothing`` (deadline passed, policy nothing), ``bonus`` (a
    bonus tile cannot be skipped), ``skip``, ``remove``, ``ai`` (an AI is about
    to play the turn: its move says so), or ``abandoned`` (every person missed
    their turns: the game ended); ``by`` is the member who removed the player
    (None: the deadline did).
    """

    state: GameState
    player: Player
    action: str
    missed: int = 0
    remove_after: int = 0
    by: Player | None = None
    events: list[Event] = field(default_factory=list)
    #: With ``abandoned``: the rounds every player missed.
    idle_rounds: int = 0


@dataclass(frozen=True)
class Vote:
    state: GameState
    voters: tuple[Player, ...]
    missing: tuple[Player, ...]
    events: list[Event] = field(default_factory=list)

    @property
    def ended(self) -> bool:
        return not self.missing


@dataclass(frozen=True)
class GameEnded:
    """A game finished or was cancelled: tidy its messages (the final one carries
    the score chart already)."""

    state: GameState
    tidy: bool
    messages: tuple[tuple[int, int], ...] = ()  # (channel id, message id)


@dataclass(frozen=True)
class LobbyExpired:
    """A lobby nobody started within the server's limit was closed."""

    state: GameState
    hours: int


@dataclass(frozen=True)
class Snoozed:
    state: GameState
    until: datetime
    deadline: datetime | None


@dataclass(frozen=True)
class GameRules:
    state: GameState
    rules: TurnRules
    reminder: datetime | None
    deadline: datetime | None
    changed: bool = False


@dataclass(frozen=True)
class SettingsUpdate:
    settings: ServerSettings
    changed: bool


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


# ------------------------------------------------------------------ service


class TurnService:
    """The clock of every game of one storage."""

    def __init__(
        self,
        db: Storage,
        games: GameService,
        *,
        clock: Callable[[], datetime] | None = None,
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        self.db = db
        self.games = games
        self.clock = clock or games.clock
        #: Called whenever timers changed (the scheduler's :meth:`~bot.scheduler.Scheduler.wake`).
        self.wake = wake

    # ------------------------------------------------------------ settings

    async def server_settings(self, guild_id: int) -> ServerSettings:
        return await server_settings(self.db, guild_id)

    async def update_server_settings(
        self,
        guild_id: int,
        *,
        can_manage: bool,
        allow_channel: int | None = None,
        disallow_channel: int | None = None,
        all_channels: bool = False,
        tidy: bool | None = None,
        language: str | None = None,
        hints: bool | None = None,
        **values: Any,
    ) -> SettingsUpdate:
        """Change a server's settings (Manage Server); running games follow at once.

        ``language``: a language code, or ``auto`` for the server's locale in
        Discord. With nothing to change, anyone gets the settings as they are.
        """
        values = {k: v for k, v in values.items() if v is not None}
        changing = (
            values
            or allow_channel is not None
            or disallow_channel is not None
            or all_channels
            or tidy is not None
            or language is not None
            or hints is not None
        )
        if not changing:
            return SettingsUpdate(await self.server_settings(guild_id), changed=False)
        if not can_manage:
            raise NotAllowed(N_("Only members with Manage Server can change the server's "
                                "settings."))
        now = self.clock()
        async with self.db.transaction() as tx:
            current = await server_settings(tx, guild_id)
            channels = [] if all_channels else list(current.channels)
            if allow_channel is not None and allow_channel not in channels:
                channels.append(allow_channel)
            if disallow_channel is not None:
                if disallow_channel in channels:
                    channels.remove(disallow_channel)
                elif not channels:
                    raise NotAllowed(N_(
                        "Games may be opened in every channel; allow some channels first, "
                        "and the others are closed to new games."))
            settings = ServerSettings(
                rules=TurnRules.from_dict(values, current.rules),
                limits=Limits.from_dict(values, current.limits),
                channels=tuple(channels),
                tidy=current.tidy if tidy is None else tidy,
                language=current.language if language is None else parse_language(language),
                hints=current.hints if hints is None else hints,
            )
            await tx.set_settings(Scope.SERVER, guild_id, settings.to_dict(), now)
            if settings.rules != current.rules:
                # From what the storage knows of each game: no replay, and a game
                # whose record is damaged does not stop the others.
                for row in await tx.running_games(guild_id):
                    if row.on_turn is not None and row.turn is not None:
                        await self._schedule(tx, row, now)
        self.wake()
        return SettingsUpdate(settings, changed=True)

    async def rules(self, db: Reads, row: GameRow) -> TurnRules:
        """A game's turn rules: its own settings over its server's defaults."""
        server = await server_settings(db, row.guild_id)
        own = await db.settings(Scope.GAME, row.id)
        try:
            return TurnRules.from_dict(own, server.rules)
        except SettingError:
            return server.rules

    async def game_rules(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        *,
        can_manage: bool,
        **changes: Any,
    ) -> GameRules:
        """The turn rules of the channel's game; with ``changes``, set them first
        (host, or Manage Server). A running game's timers follow at once."""
        now = self.clock()
        changes = {k: v for k, v in changes.items() if v is not None}
        async with self.db.transaction() as tx:
            row = await find_row(tx, guild_id, channel_id)
            if changes:
                if user_id != row.host_id and not can_manage:
                    raise HostOnly(N_(
                        "Only the host (or a member with Manage Server) can change this game's "
                        "deadline and reminders."))
                own = await tx.settings(Scope.GAME, row.id)
                own.update(changes)
                server = await server_settings(tx, guild_id)
                TurnRules.from_dict(own, server.rules)  # check before saving
                await tx.set_settings(Scope.GAME, row.id, own, now)
                if row.status == RUNNING and row.on_turn is not None:
                    await self._schedule(tx, row, now)
            rules = await self.rules(tx, row)
            timers = await tx.game_timers(row.id)
        if changes:
            self.wake()
        return GameRules(
            GameState(row),
            rules,
            _due(timers.get(REMINDER)),
            _due(timers.get(DEADLINE)),
            changed=bool(changes),
        )

    async def set_dm(self, user_id: int, dm: bool) -> None:
        """Whether ``user_id`` also gets their reminders by direct message."""
        async with self.db.transaction() as tx:
            own = await tx.settings(Scope.PLAYER, user_id)
            own["dm"] = dm
            await tx.set_settings(Scope.PLAYER, user_id, own, self.clock())

    async def wants_dm(self, user_id: int, db: Reads | None = None) -> bool:
        own = await (db or self.db).settings(Scope.PLAYER, user_id)
        return bool(own.get("dm", False))

    # ---------------------------------------------------- the game's timers

    async def after_change(
        self,
        tx: Transaction,
        row: GameRow,
        game: Game | None,
        now: datetime,
        same_turn: bool = False,
    ) -> None:
        """Replace a changed game's timers, in the transaction that changed it.

        A lobby gets its expiry; a running game gets a reminder and a deadline
        for its new turn (or, with ``same_turn``, when the player on turn is
        still waiting, say because another player was removed, keeps them); a
        game that ended loses them and gets a ``game_over`` timer, due at once,
        to tidy its messages.
        """
        if row.status == LOBBY:
            limits = (await server_settings(tx, row.guild_id)).limits
            await tx.set_timer(
                LOBBY_EXPIRY, row.created_at + limits.lobby_expiry, now=now, game_id=row.id,
                data={"hours": limits.lobby_hours},
            )
        elif row.status == RUNNING and row.on_turn is not None and row.turn is not None:
            await tx.cancel_timers(row.id, (LOBBY_EXPIRY,))
            if same_turn:
                await tx.move_timers(row.id, TURN_TIMERS, row.turn)
            else:
                await self._schedule(tx, row, now)
            await tx.clear_votes(row.id, keep_turn=row.turn)
        else:
            await tx.cancel_timers(row.id, (*TURN_TIMERS, LOBBY_EXPIRY))
            await tx.clear_votes(row.id)
            if row.status in (FINISHED, CANCELLED):
                await tx.set_timer(GAME_OVER, now, now=now, game_id=row.id, turn=row.turn)
        self.wake()

    async def _schedule(self, tx: Transaction, row: GameRow, now: datetime) -> None:
        """The reminder and deadline of the turn that began at ``turn_started_at``; for
        an AI player, the timer of its move instead (kept if it is set already).

        Reminders fall due every interval after the turn began; those already
        past are not sent (they were, or the rules just changed). A deadline
        already past when the rules change gives the player a full one from now.
        """
        on_turn = row.player(row.on_turn) if row.on_turn is not None else None
        if on_turn is not None and on_turn.is_ai:
            await tx.cancel_timers(row.id, (REMINDER, DEADLINE))
            pending = (await tx.game_timers(row.id)).get(AI_TURN)
            if pending is None or pending.turn != row.turn:
                await tx.set_timer(AI_TURN, now + AI_TURN_WAIT, now=now, game_id=row.id,
                                   turn=row.turn, data={"player": on_turn.id})
            return
        await tx.cancel_timers(row.id, TURN_TIMERS)
        rules = await self.rules(tx, row)
        since = row.turn_started_at or now
        if rules.reminder_every:
            number = 1
            while since + number * rules.reminder_every < now:
                number += 1
            if number <= rules.reminder_limit:
                await tx.set_timer(
                    REMINDER,
                    since + number * rules.reminder_every,
                    now=now,
                    game_id=row.id,
                    turn=row.turn,
                    data={"player": row.on_turn, "n": number},
                )
        if rules.deadline:
            due = since + rules.deadline
            await tx.set_timer(
                DEADLINE,
                due if due > now else now + rules.deadline,
                now=now,
                game_id=row.id,
                turn=row.turn,
                data={"player": row.on_turn},
            )

    async def pending(self, game_id: int) -> dict[str, Timer]:
        return await self.db.game_timers(game_id)

    # --------------------------------------------------------------- firing

    async def remind(self, timer: Timer) -> Reminder | None:
        """A ``reminder`` timer: remind the player still on turn (and set the next one)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            found = await self._turn_timer(tx, timer)
            if found is None:
                return None
            row, game = found
            reminder = await self._remind(tx, row, game, await self.rules(tx, row), timer, now)
        self.wake()  # the next reminder is queued
        return reminder

    async def deadline(self, timer: Timer) -> Absence | None:
        """A ``deadline`` timer: the game's policy acts on the player still on turn."""
        now = self.clock()
        async with self.db.transaction() as tx:
            found = await self._turn_timer(tx, timer)
            if found is None:
                return None
            row, game = found
            return await self._deadline(tx, row, game, await self.rules(tx, row), timer, now)

    async def game_over(self, timer: Timer) -> GameEnded | None:
        """A ``game_over`` timer: the messages of a game that ended, to tidy."""
        async with self.db.transaction() as tx:
            row = await self._claimed(tx, timer)
            return await self._ended(tx, row) if row is not None else None

    async def expire_lobby(self, timer: Timer) -> LobbyExpired | None:
        """A ``lobby_expiry`` timer: close a lobby nobody started in time."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row = await self._claimed(tx, timer)
            return await self._expire_lobby(tx, row, timer, now) if row is not None else None

    async def drop(self, timer: Timer) -> None:
        """Forget a timer that cannot be acted on (unknown event, or its action failed)."""
        async with self.db.transaction() as tx:
            await tx.claim_timer(timer)

    @staticmethod
    async def _claimed(tx: Transaction, timer: Timer) -> GameRow | None:
        """Claim (delete) a timer in the transaction that acts on it; its game, if both
        the timer and the game are still there."""
        if not await tx.claim_timer(timer) or timer.game_id is None:
            return None
        return await tx.game(timer.game_id)

    async def _turn_timer(self, tx: Transaction, timer: Timer) -> tuple[GameRow, Game] | None:
        """The game of a claimed turn timer, unless the game has outlived it (another
        turn, another player on turn, the game over)."""
        row = await self._claimed(tx, timer)
        if (
            row is None
            or row.status != RUNNING
            or row.turn != timer.turn
            or row.on_turn is None
            or row.on_turn != timer.data.get("player")
        ):
            return None
        return row, self.games.position(row)

    async def _remind(
        self,
        tx: Transaction,
        row: GameRow,
        game: Game,
        rules: TurnRules,
        timer: Timer,
        now: datetime,
    ) -> Reminder:
        number = int(timer.data.get("n", 1))
        player = row.players[game.current_player]  # type: ignore[index]
        if rules.reminder_every and number < rules.reminder_limit:
            # From now, not from when it was due: after downtime, one reminder, not a burst.
            await tx.set_timer(
                REMINDER,
                now + rules.reminder_every,
                now=now,
                game_id=row.id,
                turn=game.turn,
                data={"player": player.id, "n": number + 1},
            )
        deadline = (await tx.game_timers(row.id)).get(DEADLINE)
        return Reminder(
            GameState(row, game),
            player,
            number,
            max(rules.reminder_limit, number),
            row.turn_started_at or row.updated_at,
            _due(deadline),
            await self.wants_dm(player.id, tx),
        )

    async def _deadline(
        self,
        tx: Transaction,
        row: GameRow,
        cached: Game,
        rules: TurnRules,
        timer: Timer,
        now: datetime,
    ) -> Absence:
        seat = cached.current_player
        assert seat is not None
        player = row.players[seat]
        if rules.policy == NOTHING:
            return Absence(GameState(row, cached), player, NOTHING)
        missed = missed_in_a_row(cached, seat, row.stand_ins) + 1
        idle = (await server_settings(tx, row.guild_id)).limits.idle_rounds
        game = fresh_copy(cached)
        first = len(game.events)
        if rules.policy == AI_PLAYS:
            if not _abandoned(row, game, idle, missing=seat):
                # The AI plays the turn (the ai_turn listener), unless the player acts first.
                await tx.cancel_timers(row.id, (REMINDER,))
                await tx.set_timer(AI_TURN, now, now=now, game_id=row.id, turn=row.turn,
                                   data={"player": player.id})
                self.wake()
                return Absence(GameState(row, cached), player, AI_PLAYS, missed)
            action = ABANDONED
            game.end()
        elif cached.is_bonus_turn and not (rules.policy == REMOVE
                                           and missed >= rules.remove_after):
            return Absence(GameState(row, cached), player, BONUS, missed, rules.remove_after)
        else:
            if rules.policy == REMOVE and missed >= rules.remove_after:
                action = REMOVE
                remove(row, game, seat)
            else:
                action = SKIP
                game.skip_turn()
            if not game.is_over and _abandoned(row, game, idle):
                action = ABANDONED
                game.end()
        if action == REMOVE and row.host_id == player.id:
            row = pass_host(row, game.active)
        state = await self.games.save_play(
            tx,
            row,
            game,
            action=action,
            user_id=None,
            now=now,
            data={"turn": timer.turn, "player": player.id, "missed": missed},
        )
        return Absence(
            state,
            player,
            action,
            missed,
            rules.remove_after,
            events=list(game.events[first:]),
            idle_rounds=idle,
        )

    async def _ended(self, tx: Transaction, row: GameRow) -> GameEnded | None:
        if row.status not in (FINISHED, CANCELLED):
            return None
        settings = await server_settings(tx, row.guild_id)
        messages: tuple[tuple[int, int], ...] = ()
        if settings.tidy:
            # The messages with components: the lobby, and those noted as they were sent.
            noted = await tx.messages(row.id)
            messages = tuple((m.channel_id, m.message_id) for m in noted)
            if row.lobby_message_id is not None:
                messages = ((row.channel_id, row.lobby_message_id), *messages)
            await tx.forget_messages(row.id)
        return GameEnded(GameState(row), tidy=settings.tidy, messages=messages)

    async def _expire_lobby(
        self, tx: Transaction, row: GameRow, timer: Timer, now: datetime
    ) -> LobbyExpired | None:
        if row.status != LOBBY:
            return None
        new = replace(row, status=CANCELLED, finished_at=now)
        saved = await self.games.save_change(tx, row, new, action="expire", user_id=None, now=now)
        return LobbyExpired(GameState(saved), int(timer.data.get("hours", 0)))

    # ------------------------------------------------------------ commands

    async def snooze(
        self, guild_id: int, channel_id: int, user_id: int, hours: int | None = None
    ) -> Snoozed:
        """The player on turn puts off their next reminder (the deadline stays)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, game = await self._running(tx, guild_id, channel_id)
            state = GameState(row, game)
            current = state.current
            assert current is not None
            if current.id != user_id:
                raise NotAllowed(N_("Only the player on turn gets reminders; it is {current}'s "
                                    "turn."), current=state.name(current))
            rules = await self.rules(tx, row)
            if rules.reminder_every is None:
                raise NotAllowed(N_("This game sends no reminders, so there is nothing to "
                                    "snooze."))
            if hours is not None and not 1 <= hours <= MAX_SNOOZE_HOURS:
                raise GameError(N_("Snooze for 1 to {hours} hours."), hours=MAX_SNOOZE_HOURS)
            wait = timedelta(hours=hours) if hours else rules.reminder_every
            timers = await tx.game_timers(row.id)
            pending = timers.get(REMINDER)
            number = int(pending.data.get("n", 1)) if pending else rules.reminder_limit
            until = now + wait
            await tx.set_timer(
                REMINDER,
                until,
                now=now,
                game_id=row.id,
                turn=game.turn,
                data={"player": user_id, "n": number},
            )
        self.wake()
        return Snoozed(state, until, _due(timers.get(DEADLINE)))

    async def kick(
        self,
        guild_id: int,
        channel_id: int,
        by: Player,
        target_id: int,
        *,
        can_manage: bool,
    ) -> Absence:
        """The host (or a moderator) removes a player from a running game; their
        followers leave the map. A removed host hands the role to the next player."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, cached = await self._running(tx, guild_id, channel_id)
            if by.id != row.host_id and not can_manage:
                raise HostOnly(N_("Only the host (or a member with Manage Server) can remove a "
                                  "player."))
            seat = row.seat(target_id)
            if seat is None or not cached.active[seat]:
                raise NotAllowed(N_("That member is not playing in this game."))
            if target_id == by.id:
                raise NotAllowed(N_(
                    "You cannot remove yourself. Players can `/carcassonne vote-end` a stalled "
                    "game, or the host can `/carcassonne cancel` it."))
            on_turn = seat == cached.current_player
            game = fresh_copy(cached)
            first = len(game.events)
            remove(row, game, seat)
            if row.host_id == target_id:
                row = pass_host(row, game.active)
            state = await self.games.save_play(
                tx,
                row,
                game,
                action="kick",
                user_id=by.id,
                now=now,
                data={"player": target_id},
                new_turn=on_turn,
            )
        return Absence(state, row.players[seat], REMOVE, by=by, events=list(game.events[first:]))

    async def vote_end(self, guild_id: int, channel_id: int, user_id: int) -> Vote:
        """Vote to end a stalled game; it ends (and is scored) when every active
        player but the one on turn has voted."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, cached = await self._running(tx, guild_id, channel_id)
            state = GameState(row, cached)
            seat = row.seat(user_id)
            if seat is None or not cached.active[seat]:
                raise NotAllowed(N_("Only the game's players can vote to end it."))
            # AI players have no vote: the people still in the game decide.
            current = state.current
            assert current is not None
            rules = await self.rules(tx, row)
            since = row.turn_started_at or row.updated_at
            if now - since < rules.stalled_after:
                raise NotAllowed(N_(
                    "The game is not stalled: {current}'s turn began {began}. You can vote to "
                    "end it from {time}."), current=state.name(current), began=timestamp(since),
                    time=timestamp(since + rules.stalled_after))
            active = [p for i, p in enumerate(row.players) if cached.active[i] and not p.is_ai]
            voted = await tx.votes(row.id, cached.turn)
            if user_id in voted:
                # Said to the voter alone: the table has seen the tally once already.
                raise AlreadyVoted(tuple(state.name(p) for p in active
                                         if p.id not in voted and p.id != current.id))
            await tx.vote(row.id, user_id, cached.turn, now)
            voted.add(user_id)
            voters = tuple(p for p in active if p.id in voted)
            missing = tuple(p for p in active if p.id not in voted and p.id != current.id)
            if missing:
                return Vote(state, voters, missing)
            game = fresh_copy(cached)
            first = len(game.events)
            game.end()
            ended = await self.games.save_play(
                tx,
                row,
                game,
                action="vote-end",
                user_id=user_id,
                now=now,
                data={"voters": [p.id for p in voters]},
                new_turn=False,
            )
        return Vote(ended, voters, (), list(game.events[first:]))

    async def my_games(self, guild_id: int, user_id: int) -> list[MyGame]:
        """The running games of this server that ``user_id`` plays in, theirs to move
        first: one query, no replay."""
        found = [MyGame(g.row, g.deadline) for g in await self.db.player_games(guild_id, user_id)]
        found.sort(key=lambda g: (g.row.on_turn != user_id, g.since))
        return found

    async def history(self, guild_id: int, channel_id: int) -> GameState:
        """The channel's open game, or else the last one played there."""
        return await self.games.started_state(
            guild_id, channel_id=channel_id,
            missing=N_("The game has not started yet: there are no moves to show.")
        )

    async def _running(self, tx: Reads, guild_id: int, channel_id: int) -> tuple[GameRow, Game]:
        """The channel's running game, with someone on turn."""
        row = await find_row(tx, guild_id, channel_id)
        require_running(row)
        game = self.games.position(row)
        if game.current_player is None:
            raise NotAllowed(N_("Nobody is on turn in this game."))
        return row, game


# ------------------------------------------------------------------ helpers


def missed_in_a_row(game: Game, seat: int, stand_ins: frozenset[int] = frozenset()) -> int:
    """How many of ``seat``'s latest turns in a row were missed at a deadline: skipped,
    or played by an AI standing in (``stand_ins``: those turns' record entries).

    Discards (a drawn tile that fits nowhere) are not the player's doing and
    neither count nor break the run, nor does a bonus tile an AI played for them
    (it comes with the turn before); a tile they placed themselves breaks it.
    """
    missed = 0
    for turn in range(len(game.history) - 1, -1, -1):
        entry = game.history[turn]
        if entry.player != seat or isinstance(entry.action, (Remove, Discard)):
            continue
        if turn in stand_ins:
            missed += not entry.bonus
        elif isinstance(entry.action, Skip):
            missed += 1
        else:
            break
    return missed


def _abandoned(row: GameRow, game: Game, rounds: int, missing: int | None = None) -> bool:
    """Whether every person still in the game (AI players never miss a turn) missed
    their last ``rounds`` turns; ``missing``: a seat that misses one more now."""
    seats = [seat for seat, active in enumerate(game.active)
             if active and not row.players[seat].is_ai]
    return bool(seats) and all(
        missed_in_a_row(game, seat, row.stand_ins) + (seat == missing) >= rounds
        for seat in seats)


def remove(row: GameRow, game: Game, seat: int) -> None:
    """Take ``seat`` out of ``game``; when no person is left in it, the game ends
    (and is scored): AI players do not play on by themselves."""
    game.remove_player(seat)
    people = [s for s, active in enumerate(game.active) if active and not row.players[s].is_ai]
    if not game.is_over and not people:
        game.end()


def _due(timer: Timer | None) -> datetime | None:
    return timer.expires_at if timer is not None else None

