"""Settings: a server's defaults and limits, a game's own turn clock, a player's choices.

Stored as JSON objects by scope (:class:`bot.storage.Scope`); a key that is
missing means the default below, so a new setting needs no migration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta
from typing import Any, Protocol

from ..errors import GameError, HostOnly, NotAllowed
from ..i18n import N_, Language, Messages, parse_language
from ..i18n.terms import POLICY_NAMES
from ..storage import GameRow, Reads, Scope, Status, Storage, Transaction
from .state import GameState, find_row
from .vocabulary import Policy, TimerKind

NOTHING, SKIP, REMOVE, AI_PLAYS = Policy
POLICIES = tuple(Policy)

#: Without reminders, a turn counts as stalled (for a vote to end) after this.
STALLED_WITHOUT_REMINDERS = timedelta(hours=24)

# Bounds of the settings, shared with the slash command options.
MAX_REMINDER_HOURS = 168
MAX_REMINDERS = 10
MAX_DEADLINE_HOURS = 336
MAX_REMOVE_AFTER = 10
MAX_SNOOZE_HOURS = 72
MAX_LOBBY_LIMIT = 25
MAX_LOBBY_HOURS = 720
MAX_IDLE_ROUNDS = 20
MAX_VACATION_DAYS = 30
MAX_VACATIONS = 10


class SettingError(GameError):
    """A setting out of its bounds."""


class UnknownPolicy(SettingError):
    """A deadline policy that is none of :data:`POLICIES` (a stale or forged value)."""

    def text(self, t: Messages) -> str:
        names = [t.term(POLICY_NAMES[policy]) for policy in POLICIES]
        return t.gettext("The policy is one of {policies}.", policies=t.list(names, "or"))


@dataclass(frozen=True)
class TurnRules:
    """How long a turn may wait: a server's defaults, or one game's own."""

    reminder_hours: int = 12  # 0: no reminders
    reminder_limit: int = 3
    deadline_hours: int = 0  # 0: no deadline
    policy: Policy = Policy.SKIP  # what a missed deadline does
    remove_after: int = 3  # with REMOVE: missed turns in a row before removal

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: TurnRules | None = None) -> TurnRules:
        """``base`` with the keys of ``data`` that are set; ``SettingError`` if out of bounds."""
        values = (base or cls()).to_dict()
        values.update({k: data[k] for k in cls.names() if data.get(k) is not None})
        rules = cls(**values)
        rules.check()
        return rules

    def to_dict(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in self.names()}

    def check(self) -> None:
        if not 0 <= self.reminder_hours <= MAX_REMINDER_HOURS:
            raise SettingError(N_("Reminders can be 1 to {hours} hours apart (0: none)."),
                               hours=MAX_REMINDER_HOURS)
        if not 1 <= self.reminder_limit <= MAX_REMINDERS:
            raise SettingError(N_("A turn gets 1 to {count} reminders."), count=MAX_REMINDERS)
        if not 0 <= self.deadline_hours <= MAX_DEADLINE_HOURS:
            raise SettingError(N_("A deadline is 1 to {hours} hours (0: none)."),
                               hours=MAX_DEADLINE_HOURS)
        if self.policy not in POLICIES:
            raise UnknownPolicy()
        object.__setattr__(self, "policy", Policy(self.policy))
        if not 1 <= self.remove_after <= MAX_REMOVE_AFTER:
            raise SettingError(N_("Removal comes after 1 to {count} missed turns."),
                               count=MAX_REMOVE_AFTER)

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
class Limits:
    """What keeps a server's games from growing without end."""

    lobby_limit: int = 3  # open lobbies one member may host at once
    lobby_hours: int = 72  # a lobby not started by then is closed
    idle_rounds: int = 3  # a game ends when every player missed this many turns in a row
    vacation_days: int = 7  # days of vacation a player may take in one game (0: none)
    vacations: int = 2  # vacations a player may take in one game (0: none)

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: Limits | None = None) -> Limits:
        values = {f.name: getattr(base or cls(), f.name) for f in fields(cls)}
        values.update({k: data[k] for k in values if data.get(k) is not None})
        limits = cls(**values)
        limits.check()
        return limits

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def check(self) -> None:
        if not 1 <= self.lobby_limit <= MAX_LOBBY_LIMIT:
            raise SettingError(N_("A member may host 1 to {count} open games."),
                               count=MAX_LOBBY_LIMIT)
        if not 1 <= self.lobby_hours <= MAX_LOBBY_HOURS:
            raise SettingError(N_("A lobby stays open 1 to {hours} hours."), hours=MAX_LOBBY_HOURS)
        if not 1 <= self.idle_rounds <= MAX_IDLE_ROUNDS:
            raise SettingError(N_("A game ends after 1 to {count} idle rounds."),
                               count=MAX_IDLE_ROUNDS)
        if not 0 <= self.vacation_days <= MAX_VACATION_DAYS:
            raise SettingError(N_("A player may take 0 to {count} vacation days a game."),
                               count=MAX_VACATION_DAYS)
        if not 0 <= self.vacations <= MAX_VACATIONS:
            raise SettingError(N_("A player may take 0 to {count} vacations a game."),
                               count=MAX_VACATIONS)

    @property
    def lobby_expiry(self) -> timedelta:
        return timedelta(hours=self.lobby_hours)


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings: default turn rules, limits, where games may be opened,
    tidying, the language, hints."""

    rules: TurnRules = field(default_factory=TurnRules)
    limits: Limits = field(default_factory=Limits)
    channels: tuple[int, ...] = ()  # empty: every channel
    tidy: bool = False  # remove the buttons of a finished game's messages
    #: Tidying deletes a finished game's turn posts (the result and the lobby stay).
    tidy_posts: bool = False
    #: ``start`` opens a thread for the game (where the bot may create one).
    threads: bool = True
    #: The language of public messages (None: the server's locale in Discord).
    language: Language | None = None
    #: The player on turn may ask the AI for a hint (casual games only: see
    #: :func:`bot.app.hints.hints_allowed`).
    hints: bool = False
    #: A deadline that would fall inside the quiet hours of the player on turn
    #: moves to their end (:mod:`bot.app.hours`).
    quiet_deadlines: bool = True
    #: New lobbies are rated games unless their host says otherwise (issue 22).
    rated: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ServerSettings:
        try:
            rules = TurnRules.from_dict(data)
        except SettingError:  # stored by an older version with other bounds
            rules = TurnRules()
        try:
            limits = Limits.from_dict(data)
        except SettingError:
            limits = Limits()
        return cls(
            rules=rules,
            limits=limits,
            channels=tuple(int(c) for c in data.get("channels", ())),
            tidy=bool(data.get("tidy", False)),
            tidy_posts=bool(data.get("tidy_posts", False)),
            threads=bool(data.get("threads", True)),
            language=parse_language(data.get("language")),
            hints=bool(data.get("hints", False)),
            quiet_deadlines=bool(data.get("quiet_deadlines", True)),
            rated=bool(data.get("rated", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.rules.to_dict(),
            **self.limits.to_dict(),
            "channels": list(self.channels),
            "tidy": self.tidy,
            "tidy_posts": self.tidy_posts,
            "threads": self.threads,
            "language": self.language.value if self.language else None,
            "hints": self.hints,
            "quiet_deadlines": self.quiet_deadlines,
            "rated": self.rated,
        }

    def allows(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels


async def server_settings(db: Reads, guild_id: int) -> ServerSettings:
    """A server's settings as stored (defaults for what it never set)."""
    return ServerSettings.from_dict(await db.settings(Scope.SERVER, guild_id))


async def game_rules(db: Reads, row: GameRow) -> TurnRules:
    """A game's turn rules: its own settings over its server's defaults."""
    server = await server_settings(db, row.guild_id)
    own = await db.settings(Scope.GAME, row.id)
    try:
        return TurnRules.from_dict(own, server.rules)
    except SettingError:
        return server.rules


# ----------------------------------------------------------------- service


class Reschedules(Protocol):
    """What follows a change of turn rules: the game's turn timers
    (:meth:`bot.app.clock.Clock.schedule`)."""

    async def schedule(self, tx: Transaction, row: GameRow, now: datetime) -> None: ...

    def wake(self) -> None: ...


@dataclass(frozen=True)
class SettingsUpdate:
    settings: ServerSettings
    changed: bool


@dataclass(frozen=True)
class GameRules:
    """A game's turn rules, after a change (``changed``) or as they were."""

    state: GameState
    rules: TurnRules
    reminder: datetime | None
    deadline: datetime | None
    changed: bool = False


class Settings:
    """A server's settings, a game's turn rules, a player's choices."""

    def __init__(self, db: Storage, timers: Reschedules, clock: Callable[[], datetime]) -> None:
        self.db = db
        self.timers = timers
        self.clock = clock

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
        tidy_posts: bool | None = None,
        threads: bool | None = None,
        language: str | None = None,
        hints: bool | None = None,
        quiet_deadlines: bool | None = None,
        rated: bool | None = None,
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
            or tidy_posts is not None
            or threads is not None
            or language is not None
            or hints is not None
            or quiet_deadlines is not None
            or rated is not None
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
                tidy_posts=current.tidy_posts if tidy_posts is None else tidy_posts,
                threads=current.threads if threads is None else threads,
                language=current.language if language is None else parse_language(language),
                hints=current.hints if hints is None else hints,
                quiet_deadlines=(current.quiet_deadlines if quiet_deadlines is None
                                 else quiet_deadlines),
                rated=current.rated if rated is None else rated,
            )
            await tx.set_settings(Scope.SERVER, guild_id, settings.to_dict(), now)
            if (settings.rules != current.rules
                    or settings.quiet_deadlines != current.quiet_deadlines):
                # From what the storage knows of each game: no replay, and a game
                # whose record is damaged does not stop the others.
                for row in await tx.running_games(guild_id):
                    if row.on_turn is not None and row.turn is not None:
                        await self.timers.schedule(tx, row, now)
        self.timers.wake()
        return SettingsUpdate(settings, changed=True)

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
                if row.status == Status.RUNNING and row.on_turn is not None:
                    await self.timers.schedule(tx, row, now)
            rules = await game_rules(tx, row)
            timers = await tx.game_timers(row.id)
        if changes:
            self.timers.wake()
        reminder, deadline = timers.get(TimerKind.REMINDER), timers.get(TimerKind.DEADLINE)
        return GameRules(
            GameState(row),
            rules,
            reminder.expires_at if reminder else None,
            deadline.expires_at if deadline else None,
            changed=bool(changes),
        )
