"""Asynchronous play, the application layer: reminders, deadlines, absent players.

Games here last days, so a turn has a clock: reminders to the player on turn
every so often (up to a limit), an optional deadline with a policy for players
who let it pass (nothing, skip the turn, or remove them after so many missed
turns), and ways out of a stalled game (the host removes a player; the others
vote to end it, which scores it).

Every change of a game goes through :func:`bot.storage.update_game` (one
transaction with the game's version bump) and then :meth:`TurnService.after_change`
in that same transaction, which replaces the game's timers: a move and its
new reminder are committed together, or neither is. Timers carry the game
and the turn they were set for; a timer that finds its game at another turn
(or another player on turn) is dropped.

As in :mod:`bot.games`, nothing here knows Discord: results are plain values
and refusals are :class:`~bot.games.GameError` s with a sentence for the player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from engine import Discard, Event, Game, Remove, Skip

from . import storage
from .games import (
    GameError,
    GameService,
    GameState,
    NotAllowed,
    find_row,
    replay,
    require_running,
)
from .scheduler import Timer, cancel_timers, claim, game_timers, set_timer
from .storage import CANCELLED, FINISHED, RUNNING, GameRow, Player, Storage, utcnow_iso
from .turn_clock import DEADLINE, REMINDER, turn_clock

GAME_OVER = "game_over"
TURN_TIMERS = (REMINDER, DEADLINE)

NOTHING, SKIP, REMOVE = "nothing", "skip", "remove"
POLICIES = (NOTHING, SKIP, REMOVE)

#: Without reminders, a turn counts as stalled (for a vote to end) after this.
STALLED_WITHOUT_REMINDERS = timedelta(hours=24)

# Bounds of the settings, shared with the slash command options.
MAX_REMINDER_HOURS = 168
MAX_REMINDERS = 10
MAX_DEADLINE_HOURS = 336
MAX_REMOVE_AFTER = 10
MAX_SNOOZE_HOURS = 72


def timestamp(moment: datetime, style: str = "R") -> str:
    """Discord's ``<t:…>`` markup: every reader sees the time in their own zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


# ---------------------------------------------------------------- settings


@dataclass(frozen=True)
class TurnRules:
    """How long a turn may wait: a server's defaults, or one game's own."""

    reminder_hours: int = 12  # 0: no reminders
    reminder_limit: int = 3
    deadline_hours: int = 0  # 0: no deadline
    policy: str = SKIP  # what a missed deadline does
    remove_after: int = 3  # with REMOVE: missed turns in a row before removal

    KEYS = ("reminder_hours", "reminder_limit", "deadline_hours", "policy", "remove_after")

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: TurnRules | None = None) -> TurnRules:
        """``base`` with the keys of ``data`` that are set; ``GameError`` if out of bounds."""
        values = (base or cls()).to_dict()
        values.update({k: data[k] for k in cls.KEYS if data.get(k) is not None})
        rules = cls(**values)
        rules.check()
        return rules

    def to_dict(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in self.KEYS}

    def check(self) -> None:
        if not 0 <= self.reminder_hours <= MAX_REMINDER_HOURS:
            raise GameError(f"Reminders can be 1 to {MAX_REMINDER_HOURS} hours apart (0: none).")
        if not 1 <= self.reminder_limit <= MAX_REMINDERS:
            raise GameError(f"A turn gets 1 to {MAX_REMINDERS} reminders.")
        if not 0 <= self.deadline_hours <= MAX_DEADLINE_HOURS:
            raise GameError(f"A deadline is 1 to {MAX_DEADLINE_HOURS} hours (0: none).")
        if self.policy not in POLICIES:
            raise GameError(f"The policy is one of {', '.join(POLICIES)}.")
        if not 1 <= self.remove_after <= MAX_REMOVE_AFTER:
            raise GameError(f"Removal comes after 1 to {MAX_REMOVE_AFTER} missed turns.")

    @property
    def reminder_every(self) -> timedelta | None:
        return timedelta(hours=self.reminder_hours) if self.reminder_hours else None

    @property
    def deadline(self) -> timedelta | None:
        return timedelta(hours=self.deadline_hours) if self.deadline_hours else None

    @property
    def stalled_after(self) -> timedelta:
        return self.reminder_every or STALLED_WITHOUT_REMINDERS


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings: default turn rules, where games may be opened, tidying."""

    rules: TurnRules = field(default_factory=TurnRules)
    channels: tuple[int, ...] = ()  # empty: every channel
    tidy: bool = False  # remove the buttons of a finished game's messages

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ServerSettings:
        try:
            rules = TurnRules.from_dict(data)
        except GameError:  # stored by an older version with other bounds
            rules = TurnRules()
        return cls(
            rules=rules,
            channels=tuple(int(c) for c in data.get("channels", ())),
            tidy=bool(data.get("tidy", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {**self.rules.to_dict(), "channels": list(self.channels), "tidy": self.tidy}

    def allows(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels


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
    bonus tile cannot be skipped), ``skip`` or ``remove``; ``by`` is who
    removed the player (None: the deadline did).
    """

    state: GameState
    player: Player
    action: str
    missed: int = 0
    remove_after: int = 0
    by: Player | None = None
    events: list[Event] = field(default_factory=list)


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
    state: GameState
    deadline: datetime | None

    @property
    def since(self) -> datetime:
        return self.state.row.turn_started_at or self.state.row.updated_at


Fired = Reminder | Absence | GameEnded


# ------------------------------------------------------------------ service


class TurnService:
    """The clock of every game of one database."""

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

    async def server_settings(
        self, guild_id: int, db: aiosqlite.Connection | None = None
    ) -> ServerSettings:
        if db is None:
            return ServerSettings.from_dict(await self.db.guild_settings(guild_id))
        return ServerSettings.from_dict(
            await _json_row(db, "SELECT settings FROM guild_settings WHERE guild_id = ?", guild_id)
        )

    async def update_server_settings(
        self,
        guild_id: int,
        *,
        can_manage: bool,
        allow_channel: int | None = None,
        disallow_channel: int | None = None,
        all_channels: bool = False,
        tidy: bool | None = None,
        **rules: Any,
    ) -> SettingsUpdate:
        """Change a server's settings (Manage Server); running games follow at once.

        With nothing to change, anyone gets the settings as they are.
        """
        rules = {k: v for k, v in rules.items() if v is not None}
        changing = (
            rules
            or allow_channel is not None
            or disallow_channel is not None
            or all_channels
            or tidy is not None
        )
        if not changing:
            return SettingsUpdate(await self.server_settings(guild_id), changed=False)
        if not can_manage:
            raise NotAllowed("Only members with Manage Server can change the server's settings.")
        now = self.clock()
        async with self.db.transaction() as tx:
            current = await self.server_settings(guild_id, tx)
            channels = [] if all_channels else list(current.channels)
            if allow_channel is not None and allow_channel not in channels:
                channels.append(allow_channel)
            if disallow_channel is not None:
                if disallow_channel in channels:
                    channels.remove(disallow_channel)
                elif not channels:
                    raise NotAllowed(
                        "Games may be opened in every channel; allow some channels first, "
                        "and the others are closed to new games."
                    )
            settings = ServerSettings(
                rules=TurnRules.from_dict(rules, current.rules),
                channels=tuple(channels),
                tidy=current.tidy if tidy is None else tidy,
            )
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (guild_id, json.dumps(settings.to_dict()), utcnow_iso(now)),
            )
            if settings.rules != current.rules:
                async with tx.execute(
                    "SELECT * FROM games WHERE guild_id = ? AND status = ?", (guild_id, RUNNING)
                ) as cursor:
                    rows = [GameRow.from_row(r) for r in await cursor.fetchall()]
                for row in rows:
                    game = replay(row)
                    if game.current_player is not None:
                        await self._schedule(tx, row, game, now)
        self.wake()
        return SettingsUpdate(settings, changed=True)

    async def rules(self, db: aiosqlite.Connection, row: GameRow) -> TurnRules:
        """A game's turn rules: its own settings over its server's defaults."""
        server = await self.server_settings(row.guild_id, db)
        own = await _json_row(db, "SELECT settings FROM game_settings WHERE game_id = ?", row.id)
        try:
            return TurnRules.from_dict(own, server.rules)
        except GameError:
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
            game = replay(row) if row.record is not None else None
            if changes:
                if user_id != row.host_id and not can_manage:
                    raise NotAllowed(
                        "Only the host (or a member with Manage Server) can change this game's "
                        "deadline and reminders."
                    )
                own = await _json_row(
                    tx, "SELECT settings FROM game_settings WHERE game_id = ?", row.id
                )
                own.update(changes)
                server = await self.server_settings(guild_id, tx)
                TurnRules.from_dict(own, server.rules)  # check before saving
                await tx.execute(
                    "INSERT INTO game_settings (game_id, settings, updated_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id) DO UPDATE SET settings = excluded.settings,"
                    " updated_at = excluded.updated_at",
                    (row.id, json.dumps(own), utcnow_iso(now)),
                )
                if row.status == RUNNING and game is not None and game.current_player is not None:
                    await self._schedule(tx, row, game, now)
            rules = await self.rules(tx, row)
            timers = await game_timers(tx, row.id)
        if changes:
            self.wake()
        return GameRules(
            GameState(row, game),
            rules,
            _due(timers.get(REMINDER)),
            _due(timers.get(DEADLINE)),
            changed=bool(changes),
        )

    async def set_dm(self, user_id: int, dm: bool) -> None:
        """Whether ``user_id`` also gets their reminders by direct message."""
        now = self.clock()
        async with self.db.transaction() as tx:
            own = await _json_row(
                tx, "SELECT settings FROM player_settings WHERE user_id = ?", user_id
            )
            own["dm"] = dm
            await tx.execute(
                "INSERT INTO player_settings (user_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (user_id, json.dumps(own), utcnow_iso(now)),
            )

    async def wants_dm(self, user_id: int, db: aiosqlite.Connection | None = None) -> bool:
        sql = "SELECT settings FROM player_settings WHERE user_id = ?"
        if db is None:
            row = await self.db.fetchone(sql, (user_id,))
            own = json.loads(row["settings"]) if row else {}
        else:
            own = await _json_row(db, sql, user_id)
        return bool(own.get("dm", False))

    async def check_channel(self, guild_id: int, channel_id: int) -> None:
        """Refuse to open a game in a channel the server has not allowed."""
        settings = await self.server_settings(guild_id)
        if not settings.allows(channel_id):
            where = ", ".join(f"<#{c}>" for c in settings.channels)
            raise NotAllowed(f"Games on this server are played in {where}.")

    # ---------------------------------------------------- the game's timers

    async def on_change(
        self, tx: aiosqlite.Connection, row: GameRow, game: Game | None, now: datetime
    ) -> None:
        """The hook :class:`~bot.games.GameService` calls in every move's transaction."""
        await self.after_change(tx, row, game, now)

    async def after_change(
        self,
        tx: aiosqlite.Connection,
        row: GameRow,
        game: Game | None,
        now: datetime,
        *,
        same_turn: bool = False,
    ) -> None:
        """Replace a changed game's timers, in the transaction that changed it.

        A running game gets a reminder and a deadline for its new turn (or, with
        ``same_turn``, when the player on turn is still waiting, say because
        another player was removed, keeps them); a game that ended loses them and
        gets a ``game_over`` timer, due at once, to tidy its messages.
        """
        if row.status == RUNNING and game is not None and game.current_player is not None:
            if same_turn:
                await tx.execute(
                    "UPDATE timers SET turn = ? WHERE game_id = ? AND event IN (?, ?)",
                    (game.turn, row.id, *TURN_TIMERS),
                )
            else:
                await self._schedule(tx, row, game, now)
            await tx.execute(
                "DELETE FROM end_votes WHERE game_id = ? AND turn != ?", (row.id, game.turn)
            )
        else:
            await cancel_timers(tx, row.id, TURN_TIMERS)
            await tx.execute("DELETE FROM end_votes WHERE game_id = ?", (row.id,))
            if row.status in (FINISHED, CANCELLED):
                await set_timer(
                    tx,
                    GAME_OVER,
                    now,
                    now=now,
                    game_id=row.id,
                    turn=game.turn if game is not None else None,
                )
        self.wake()

    async def _schedule(
        self, tx: aiosqlite.Connection, row: GameRow, game: Game, now: datetime
    ) -> None:
        """The reminder and deadline of the turn that began at ``turn_started_at``.

        Reminders fall due every interval after the turn began; those already
        past are not sent (they were, or the rules just changed). A deadline
        already past when the rules change gives the player a full one from now.
        """
        await cancel_timers(tx, row.id, TURN_TIMERS)
        assert game.current_player is not None
        rules = await self.rules(tx, row)
        player = row.players[game.current_player]
        since = row.turn_started_at or now
        if rules.reminder_every:
            number = 1
            while since + number * rules.reminder_every < now:
                number += 1
            if number <= rules.reminder_limit:
                await set_timer(
                    tx,
                    REMINDER,
                    since + number * rules.reminder_every,
                    now=now,
                    game_id=row.id,
                    turn=game.turn,
                    data={"player": player.id, "n": number},
                )
        if rules.deadline:
            due = since + rules.deadline
            await set_timer(
                tx,
                DEADLINE,
                due if due > now else now + rules.deadline,
                now=now,
                game_id=row.id,
                turn=game.turn,
                data={"player": player.id},
            )

    async def pending(self, game_id: int) -> dict[str, Timer]:
        rows = await self.db.fetchall("SELECT * FROM timers WHERE game_id = ?", (game_id,))
        return {row["event"]: Timer.from_row(row) for row in rows}

    # --------------------------------------------------------------- firing

    async def fire(self, timer: Timer) -> Fired | None:
        """Act on a due timer in one transaction; what to announce, or None.

        The timer is claimed (deleted) in the transaction that acts on it. A
        timer its game has outlived (another turn, another player on turn, the
        game over) is dropped.
        """
        now = self.clock()
        async with self.db.transaction() as tx:
            if not await claim(tx, timer) or timer.game_id is None:
                return None
            row = await _game_row(tx, timer.game_id)
            if row is None:
                return None
            if timer.event == GAME_OVER:
                return await self._ended(tx, row, timer)
            if row.status != RUNNING or row.record is None:
                return None
            game = replay(row)
            seat = game.current_player
            if (
                seat is None
                or game.turn != timer.turn
                or row.players[seat].id != timer.data.get("player")
            ):
                return None
            rules = await self.rules(tx, row)
            if timer.event == REMINDER:
                return await self._remind(tx, row, game, rules, timer, now)
            if timer.event == DEADLINE:
                return await self._deadline(tx, row, game, rules, timer, now)
        return None

    async def _remind(
        self,
        tx: aiosqlite.Connection,
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
            await set_timer(
                tx,
                REMINDER,
                now + rules.reminder_every,
                now=now,
                game_id=row.id,
                turn=game.turn,
                data={"player": player.id, "n": number + 1},
            )
        deadline = (await game_timers(tx, row.id)).get(DEADLINE)
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
        tx: aiosqlite.Connection,
        row: GameRow,
        game: Game,
        rules: TurnRules,
        timer: Timer,
        now: datetime,
    ) -> Absence:
        seat = game.current_player
        assert seat is not None
        player = row.players[seat]
        if rules.policy == NOTHING:
            return Absence(GameState(row, game), player, NOTHING)
        missed = missed_in_a_row(game, seat) + 1
        if rules.policy == REMOVE and missed >= rules.remove_after:
            action, result = REMOVE, game.remove_player(seat)
        elif game.is_bonus_turn:
            return Absence(GameState(row, game), player, "bonus", missed, rules.remove_after)
        else:
            action, result = SKIP, game.skip_turn()
        new_row = await self._save(
            tx,
            row,
            game,
            action=action,
            user_id=None,
            now=now,
            data={"turn": timer.turn, "player": player.id, "missed": missed},
            new_turn=True,
        )
        await self.after_change(tx, new_row, game, now)
        return Absence(
            await _state(tx, new_row, game),
            player,
            action,
            missed,
            rules.remove_after,
            events=list(result.events),
        )

    async def _ended(
        self, tx: aiosqlite.Connection, row: GameRow, timer: Timer
    ) -> GameEnded | None:
        if row.status not in (FINISHED, CANCELLED):
            return None
        settings = await self.server_settings(row.guild_id, tx)
        messages: tuple[tuple[int, int], ...] = ()
        if settings.tidy:
            # The messages with buttons: the lobby, and those noted as they were sent.
            async with tx.execute(
                "SELECT channel_id, message_id FROM game_messages WHERE game_id = ?"
                " ORDER BY message_id",
                (row.id,),
            ) as cursor:
                messages = tuple(
                    (r["channel_id"], r["message_id"]) for r in await cursor.fetchall()
                )
            if row.lobby_message_id is not None:
                messages = ((row.channel_id, row.lobby_message_id), *messages)
            await tx.execute("DELETE FROM game_messages WHERE game_id = ?", (row.id,))
        game = replay(row) if row.record is not None else None
        return GameEnded(GameState(row, game), tidy=settings.tidy, messages=messages)

    async def _save(
        self,
        tx: aiosqlite.Connection,
        row: GameRow,
        game: Game,
        *,
        action: str,
        user_id: int | None,
        now: datetime,
        data: dict[str, Any],
        new_turn: bool,
    ) -> GameRow:
        """Write a game the engine changed, as a move is written (the same save path)."""
        changes: dict[str, Any] = {"record": game.to_record()}
        if new_turn:
            changes["turn_started_at"] = now
        if game.is_over:
            changes |= {"status": FINISHED, "finished_at": now}
        version = await storage.update_game(
            tx, row, action=action, user_id=user_id, now=now, data=data, **changes
        )
        return replace(row, version=version, updated_at=now, **changes)

    # ------------------------------------------------------------ commands

    async def snooze(
        self, guild_id: int, channel_id: int, user_id: int, hours: int | None = None
    ) -> Snoozed:
        """The player on turn puts off their next reminder (the deadline stays)."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, game = await self._running(tx, guild_id, channel_id)
            seat = game.current_player
            assert seat is not None
            if row.players[seat].id != user_id:
                raise NotAllowed(
                    "Only the player on turn gets reminders; "
                    f"it is {row.players[seat].name}'s turn."
                )
            rules = await self.rules(tx, row)
            if rules.reminder_every is None:
                raise NotAllowed("This game sends no reminders, so there is nothing to snooze.")
            if hours is not None and not 1 <= hours <= MAX_SNOOZE_HOURS:
                raise GameError(f"Snooze for 1 to {MAX_SNOOZE_HOURS} hours.")
            wait = timedelta(hours=hours) if hours else rules.reminder_every
            timers = await game_timers(tx, row.id)
            current = timers.get(REMINDER)
            number = int(current.data.get("n", 1)) if current else rules.reminder_limit
            until = now + wait
            await set_timer(
                tx,
                REMINDER,
                until,
                now=now,
                game_id=row.id,
                turn=game.turn,
                data={"player": user_id, "n": number},
            )
        self.wake()
        return Snoozed(GameState(row, game), until, _due(timers.get(DEADLINE)))

    async def kick(
        self, guild_id: int, channel_id: int, user_id: int, target_id: int, *, can_manage: bool
    ) -> Absence:
        """The host removes a player from a running game; their followers leave the map."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, game = await self._running(tx, guild_id, channel_id)
            if user_id != row.host_id and not can_manage:
                raise NotAllowed(
                    "Only the host (or a member with Manage Server) can remove a player."
                )
            seat = next((i for i, p in enumerate(row.players) if p.id == target_id), None)
            if seat is None or not game.active[seat]:
                raise NotAllowed("That member is not playing in this game.")
            if target_id == user_id:
                raise NotAllowed(
                    "You cannot remove yourself. Players can `/carcassonne vote-end` a stalled "
                    "game, or the host can `/carcassonne cancel` it."
                )
            on_turn = seat == game.current_player
            result = game.remove_player(seat)
            new_row = await self._save(
                tx,
                row,
                game,
                action="kick",
                user_id=user_id,
                now=now,
                data={"player": target_id},
                new_turn=on_turn,
            )
            await self.after_change(tx, new_row, game, now, same_turn=not on_turn)
            state = await _state(tx, new_row, game)
        return Absence(
            state,
            row.players[seat],
            REMOVE,
            by=row.player(user_id),
            events=list(result.events),
        )

    async def vote_end(self, guild_id: int, channel_id: int, user_id: int) -> Vote:
        """Vote to end a stalled game; it ends (and is scored) when every active
        player but the one on turn has voted."""
        now = self.clock()
        async with self.db.transaction() as tx:
            row, game = await self._running(tx, guild_id, channel_id)
            seat = next((i for i, p in enumerate(row.players) if p.id == user_id), None)
            if seat is None or not game.active[seat]:
                raise NotAllowed("Only the game's players can vote to end it.")
            current = row.players[game.current_player]  # type: ignore[index]
            rules = await self.rules(tx, row)
            since = row.turn_started_at or row.updated_at
            if now - since < rules.stalled_after:
                raise NotAllowed(
                    f"The game is not stalled: {current.name}'s turn began "
                    f"{timestamp(since)}. You can vote to end it from "
                    f"{timestamp(since + rules.stalled_after)}."
                )
            await tx.execute(
                "INSERT INTO end_votes (game_id, user_id, turn, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO UPDATE SET turn = excluded.turn,"
                " created_at = excluded.created_at",
                (row.id, user_id, game.turn, utcnow_iso(now)),
            )
            async with tx.execute(
                "SELECT user_id FROM end_votes WHERE game_id = ? AND turn = ?", (row.id, game.turn)
            ) as cursor:
                voted = {r["user_id"] for r in await cursor.fetchall()}
            active = [p for i, p in enumerate(row.players) if game.active[i]]
            voters = tuple(p for p in active if p.id in voted)
            missing = tuple(p for p in active if p.id not in voted and p.id != current.id)
            if missing:
                return Vote(GameState(row, game), voters, missing)
            first = len(game.events)
            game.end()
            new_row = await self._save(
                tx,
                row,
                game,
                action="vote-end",
                user_id=user_id,
                now=now,
                data={"voters": [p.id for p in voters]},
                new_turn=False,
            )
            await self.after_change(tx, new_row, game, now)
        return Vote(GameState(new_row, game), voters, (), list(game.events[first:]))

    async def my_games(self, guild_id: int, user_id: int) -> list[MyGame]:
        """The running games of this server that ``user_id`` plays in, theirs to move first."""
        rows = await self.db.fetchall(
            "SELECT * FROM games WHERE guild_id = ? AND status = ? ORDER BY id",
            (guild_id, RUNNING),
        )
        found = []
        for raw in rows:
            row = GameRow.from_row(raw)
            seat = next((i for i, p in enumerate(row.players) if p.id == user_id), None)
            if seat is None or row.record is None:
                continue
            state = await self.games.state(guild_id, game_id=row.id)
            if state.game is None or not state.game.active[seat]:
                continue
            deadline = (await self.pending(row.id)).get(DEADLINE)
            found.append(MyGame(state, _due(deadline)))
        found.sort(
            key=lambda g: (g.state.current is None or g.state.current.id != user_id, g.since)
        )
        return found

    async def history(self, guild_id: int, channel_id: int) -> GameState:
        """The channel's open game, or else the last one played there."""
        return await self.games.started_state(
            guild_id, channel_id=channel_id, missing="there are no moves to show"
        )

    async def remember_message(
        self, game_id: int, channel_id: int, message_id: int, kind: str, turn: int | None = None
    ) -> None:
        """Note a message with buttons, so that it can be tidied when the game ends."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT OR IGNORE INTO game_messages"
                " (message_id, game_id, channel_id, kind, turn, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (message_id, game_id, channel_id, kind, turn, utcnow_iso(self.clock())),
            )

    async def _running(
        self, tx: aiosqlite.Connection, guild_id: int, channel_id: int
    ) -> tuple[GameRow, Game]:
        """The channel's running game, with someone on turn."""
        row = await find_row(tx, guild_id, channel_id)
        require_running(row)
        game = replay(row)
        if game.current_player is None:
            raise NotAllowed("Nobody is on turn in this game.")
        return row, game


# ------------------------------------------------------------------ helpers


def missed_in_a_row(game: Game, seat: int) -> int:
    """How many of ``seat``'s latest turns in a row were skipped at a deadline.

    Discards (a drawn tile that fits nowhere) are not the player's doing and
    neither count nor break the run; a placed tile does break it.
    """
    missed = 0
    for entry in reversed(game.history):
        if entry.player != seat or isinstance(entry.action, (Remove, Discard)):
            continue
        if not isinstance(entry.action, Skip):
            break
        missed += 1
    return missed


async def _state(tx: aiosqlite.Connection, row: GameRow, game: Game) -> GameState:
    """A changed game as saved, with its new turn's clock (read in the same transaction)."""
    return GameState(row, game, await turn_clock(tx.execute_fetchall, row.id))


def _due(timer: Timer | None) -> datetime | None:
    return timer.expires_at if timer is not None else None


async def _game_row(db: aiosqlite.Connection, game_id: int) -> GameRow | None:
    async with db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
        row = await cursor.fetchone()
    return GameRow.from_row(row) if row is not None else None


async def _json_row(db: aiosqlite.Connection, sql: str, key: int) -> dict[str, Any]:
    async with db.execute(sql, (key,)) as cursor:
        row = await cursor.fetchone()
    return json.loads(row[0]) if row is not None else {}
