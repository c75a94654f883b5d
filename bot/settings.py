"""Settings: a server's defaults and limits, a game's own turn clock.

Stored as JSON objects by scope (:class:`bot.storage.Scope`); a key that is
missing means the default below, so a new setting needs no migration.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import timedelta
from typing import Any

from .errors import GameError
from .i18n import N_, Language, Messages, parse_language
from .i18n.terms import POLICY_NAMES
from .storage import Reads, Scope

#: What a missed deadline does: say so; skip the turn; skip, and remove the player
#: after so many; or an AI plays the turn for the player (who is back in control
#: as soon as they act).
NOTHING, SKIP, REMOVE, AI_PLAYS = "nothing", "skip", "remove", "ai"
POLICIES = (NOTHING, SKIP, REMOVE, AI_PLAYS)

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
    policy: str = SKIP  # what a missed deadline does
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
    #: The language of public messages (None: the server's locale in Discord).
    language: Language | None = None
    #: The player on turn may ask the AI for a hint (casual games only: see
    #: :func:`bot.hints.hints_allowed`).
    hints: bool = False

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
            language=parse_language(data.get("language")),
            hints=bool(data.get("hints", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.rules.to_dict(),
            **self.limits.to_dict(),
            "channels": list(self.channels),
            "tidy": self.tidy,
            "language": self.language.value if self.language else None,
            "hints": self.hints,
        }

    def allows(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels


async def server_settings(db: Reads, guild_id: int) -> ServerSettings:
    """A server's settings as stored (defaults for what it never set)."""
    return ServerSettings.from_dict(await db.settings(Scope.SERVER, guild_id))
