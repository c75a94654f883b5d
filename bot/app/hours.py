"""Players' own hours: a time zone, quiet hours, how they are called, vacations.

A player's choices are theirs on every server, kept with their language
(``Scope.PLAYER``, a JSON object: a missing key means the default). A vacation
is a player's in one game, kept with that game's settings (``Scope.GAME``,
under ``vacations``): how many days and times they took, and until when.

What the clock (:mod:`bot.app.clock`) does with them:

- a reminder never comes during the player's quiet hours, nor (when they asked
  to be called only after some hours) before the turn has waited that long: it
  waits for the moment it may (:meth:`PlayerHours.calling_time`);
- a deadline that would fall inside the quiet hours of the player on turn moves
  to their end, unless the server turned that off (``quiet_deadlines``);
- a vacation pauses the player's turn: their deadline and reminders move on by
  its length, and come back when it ends (or earlier, if they end it).
"""

from __future__ import annotations

import re
import zoneinfo
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from enum import StrEnum
from functools import cache
from typing import Any

from ..errors import BadInput
from ..i18n import N_
from ..storage import GameRow, Reads, Scope, Transaction
from .vocabulary import TURN_TIMERS

#: The longest wait a player may ask for before being called.
MAX_CALL_AFTER_HOURS = 48
#: The longest vacation one may ask for at once (a server's limit may be lower).
MAX_VACATION_DAYS = 30
#: The key of a player's language among their settings (:mod:`bot.discord.languages`).
LANGUAGE = "language"
#: ``language`` to follow the player's Discord language again.
AUTOMATIC = "auto"
#: The key of a game's vacations among its settings.
VACATIONS = "vacations"
DAY = timedelta(days=1)


class Call(StrEnum):
    """How a player is called when their turn comes, and reminded."""

    #: A mention in the game's channel.
    MENTION = "mention"
    #: A mention, and the reminders by direct message too.
    DM = "dm"
    #: No mention until the turn has waited ``call_after`` hours.
    LATER = "later"


def parse_call(value: str) -> Call:
    try:
        return Call(value)
    except ValueError:
        raise BadInput(N_("Choose how your turn calls you from the list.")) from None


@cache
def time_zones() -> tuple[str, ...]:
    """Every IANA time zone name this system knows, sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def parse_zone(name: str) -> str:
    """An IANA zone name as typed (any case); ``SettingError`` if there is none such."""
    wanted = name.strip().replace(" ", "_").casefold()
    for zone in time_zones():
        if zone.casefold() == wanted:
            return zone
    raise BadInput(N_("There is no time zone {zone}: pick one from the list, such as "
                          "Europe/Paris."), zone=name.strip()[:40])


_QUIET = re.compile(r"\s*(\d{1,2})(?::(\d\d))?\s*-\s*(\d{1,2})(?::(\d\d))?\s*")


def parse_quiet(text: str) -> tuple[int, int] | None:
    """Quiet hours as typed, ``22-7`` or ``22:30-07:00``, as minutes of the day
    (start, end); ``off`` (or ``0``, ``none``, empty) for none."""
    if text.strip().casefold() in ("", "off", "none", "no", "0", "-"):
        return None
    found = _QUIET.fullmatch(text)
    if found is not None:
        h1, m1, h2, m2 = (int(g or 0) for g in found.groups())
        if h1 < 24 and h2 < 24 and m1 < 60 and m2 < 60 and (h1, m1) != (h2, m2):
            return h1 * 60 + m1, h2 * 60 + m2
    raise BadInput(N_("Quiet hours are written from-to in your time, such as 22-7 or "
                          "22:30-07:00 (off: none)."))


def clock_time(minutes: int) -> str:
    """Minutes of the day as ``22:30``."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@dataclass(frozen=True)
class PlayerHours:
    """A player's time zone, quiet hours and way of being called."""

    zone: str | None = None  # an IANA name; None: UTC
    quiet: tuple[int, int] | None = None  # minutes of the day, in the zone: from, to
    call: Call = Call.MENTION
    call_after: int = 0  # hours, with Call.LATER

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerHours:
        zone = data.get("zone")
        quiet = data.get("quiet")
        call = data.get("call") or (Call.DM if data.get("dm") else Call.MENTION)
        try:
            return cls(
                zone=zone if zone in time_zones() else None,
                quiet=(int(quiet[0]), int(quiet[1])) if quiet else None,
                call=Call(call),
                call_after=max(0, min(int(data.get("call_after", 0)), MAX_CALL_AFTER_HOURS)),
            )
        except (ValueError, TypeError, IndexError):  # stored by hand, or damaged
            return cls()

    def to_dict(self) -> dict[str, Any]:
        return {"zone": self.zone, "quiet": list(self.quiet) if self.quiet else None,
                "call": self.call.value, "call_after": self.call_after,
                "dm": self.call == Call.DM}

    @property
    def tz(self) -> tzinfo:
        return zoneinfo.ZoneInfo(self.zone) if self.zone else UTC

    @property
    def dm(self) -> bool:
        return self.call == Call.DM

    def quiet_end(self, at: datetime) -> datetime | None:
        """If ``at`` falls inside the quiet hours, the moment they end; else None."""
        if self.quiet is None:
            return None
        start, end = self.quiet
        local = at.astimezone(self.tz)
        minute = local.hour * 60 + local.minute
        if start < end:
            inside, day = start <= minute < end, local.date()
        else:  # over midnight
            inside = minute >= start or minute < end
            day = local.date() + DAY if minute >= start else local.date()
        return self._at(day, end) if inside else None

    def _at(self, day: date, minutes: int) -> datetime:
        local = datetime.combine(day, time(minutes // 60, minutes % 60), tzinfo=self.tz)
        return local.astimezone(UTC)

    def out_of_quiet(self, at: datetime) -> datetime:
        """``at``, or the end of the quiet hours it falls in."""
        return self.quiet_end(at) or at

    def calling_time(self, at: datetime, turn_began: datetime) -> datetime:
        """The first moment from ``at`` the player may be called (pinged, reminded,
        sent a direct message) on a turn that began at ``turn_began``."""
        if self.call == Call.LATER:
            at = max(at, turn_began + timedelta(hours=self.call_after))
        return self.out_of_quiet(at)

    def may_call(self, now: datetime, turn_began: datetime) -> bool:
        return self.calling_time(now, turn_began) <= now


async def player_hours(db: Reads, user_id: int) -> PlayerHours:
    return PlayerHours.from_dict(await db.settings(Scope.PLAYER, user_id))


# --------------------------------------------------------------- vacations


@dataclass(frozen=True)
class Vacation:
    """A player's vacations in one game: days and times taken, until when (if on one)."""

    days: float = 0
    times: int = 0
    until: datetime | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Vacation:
        until = data.get("until")
        return cls(float(data.get("days", 0)), int(data.get("times", 0)),
                   datetime.fromisoformat(until) if until else None)

    def to_dict(self) -> dict[str, Any]:
        return {"days": self.days, "times": self.times,
                "until": self.until.isoformat() if self.until else None}

    def away(self, now: datetime) -> bool:
        return self.until is not None and self.until > now


async def vacations(db: Reads, game_id: int) -> dict[int, Vacation]:
    """A game's vacations, by player."""
    stored = (await db.settings(Scope.GAME, game_id)).get(VACATIONS) or {}
    return {int(user): Vacation.from_dict(data) for user, data in stored.items()}


async def away_until(db: Reads, game_id: int, now: datetime) -> dict[int, datetime]:
    """Who is on vacation in a game, until when."""
    return {user: v.until for user, v in (await vacations(db, game_id)).items()
            if v.until is not None and v.away(now)}


async def save_vacation(tx: Transaction, game_id: int, user_id: int, vacation: Vacation,
                         now: datetime) -> None:
    own = await tx.settings(Scope.GAME, game_id)
    stored = dict(own.get(VACATIONS) or {})
    stored[str(user_id)] = vacation.to_dict()
    own[VACATIONS] = stored
    await tx.set_settings(Scope.GAME, game_id, own, now)


async def shift_turn_timers(tx: Transaction, row: GameRow, by: timedelta,
                            now: datetime) -> None:
    """Move the running turn's timers on by ``by`` (back, if negative; never before now)."""
    for kind, timer in (await tx.game_timers(row.id)).items():
        if kind in TURN_TIMERS:
            await tx.set_timer(kind, max(timer.expires_at + by, now), now=now, game_id=row.id,
                               turn=timer.turn, data=timer.data)
