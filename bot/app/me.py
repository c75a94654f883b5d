"""``/carcassonne me``: a player's own settings, and their vacations.

The values and the rules they follow are in :mod:`bot.app.hours`; this is the
service that reads and changes them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from ..errors import BadInput, NotAllowed
from ..i18n import N_, parse_language
from ..storage import GameRow, Scope, Storage, Transaction
from .hours import (
    AUTOMATIC,
    DAY,
    LANGUAGE,
    Call,
    PlayerHours,
    Vacation,
    parse_call,
    parse_quiet,
    parse_zone,
    player_hours,
    save_vacation,
    shift_turn_timers,
    vacations,
)
from .settings import server_settings
from .state import GameState, Positions


@dataclass(frozen=True)
class MyHours:
    """A player's settings, and their vacations in this server's running games."""

    hours: PlayerHours
    language: str | None
    away: tuple[tuple[GameState, Vacation], ...] = ()
    changed: bool = False
    #: The games a vacation just began or ended in (to be told in their channels).
    told: tuple[GameState, ...] = ()
    #: Left off this server's leaderboards at their request (issue 22).
    hidden: bool = False


class Me:
    """A player's own settings, and their vacations."""

    def __init__(self, db: Storage, positions: Positions, reschedule: Callable[[], None],
                 clock: Callable[[], datetime]) -> None:
        self.db = db
        self.positions = positions
        self.wake = reschedule
        self.clock = clock

    async def hours(self, user_id: int) -> PlayerHours:
        return await player_hours(self.db, user_id)

    async def me(
        self,
        guild_id: int,
        user_id: int,
        *,
        language: str | None = None,
        zone: str | None = None,
        quiet: str | None = None,
        call: str | None = None,
        call_after: int | None = None,
        vacation: int | None = None,
        leaderboard: bool | None = None,
    ) -> MyHours:
        """A player's settings; with changes, saved first, all or none. ``language``:
        a language code, or ``auto`` for the player's Discord language; ``vacation``:
        days of vacation from now in every running game of theirs here (0: back now);
        ``leaderboard``: shown on this server's leaderboards, or left off them."""
        now = self.clock()
        changed = any(v is not None
                      for v in (language, zone, quiet, call, call_after, vacation, leaderboard))
        told: list[GameState] = []
        async with self.db.transaction() as tx:
            own = await tx.settings(Scope.PLAYER, user_id)
            hours = PlayerHours.from_dict(own)
            if zone is not None:
                hours = replace(hours, zone=parse_zone(zone))
            if quiet is not None:
                hours = replace(hours, quiet=parse_quiet(quiet))
            if call is not None:
                hours = replace(hours, call=parse_call(call))
            if call_after is not None:
                hours = replace(hours, call_after=call_after,
                                call=Call.LATER if call is None and call_after else hours.call)
            if language == AUTOMATIC:
                own.pop(LANGUAGE, None)
            elif language is not None:
                chosen = parse_language(language)
                if chosen is None:
                    raise BadInput(N_("Choose a language from the list."))
                own[LANGUAGE] = chosen.value
            if changed:
                own.update(hours.to_dict())
                await tx.set_settings(Scope.PLAYER, user_id, own, now)
            if vacation is not None:
                told = await self._vacation(tx, guild_id, user_id, vacation, now)
            if leaderboard is not None:
                await tx.set_hidden(guild_id, user_id, not leaderboard, now)
            hidden = await tx.hidden(guild_id, user_id)
            away = []
            for row in await self._games(tx, guild_id, user_id):
                mine = (await vacations(tx, row.id)).get(user_id)
                if mine is not None and mine.away(now):
                    away.append((GameState(row), mine))
        if changed:
            self.wake()
        return MyHours(hours, own.get(LANGUAGE), tuple(away), changed, tuple(told), hidden)

    @staticmethod
    async def _games(tx: Transaction, guild_id: int, user_id: int) -> list[GameRow]:
        return [row for row in await tx.running_games(guild_id)
                if (player := row.player(user_id)) is not None and not player.is_ai
                and user_id not in row.removed]

    async def _vacation(self, tx: Transaction, guild_id: int, user_id: int, days: int,
                        now: datetime) -> list[GameState]:
        limits = (await server_settings(tx, guild_id)).limits
        games = await self._games(tx, guild_id, user_id)
        if not games:
            raise NotAllowed(N_("You are in no running game on this server."))
        told = []
        if days == 0:  # back early: the unused whole days are given back
            for row in games:
                mine = (await vacations(tx, row.id)).get(user_id, Vacation())
                if mine.until is None or not mine.away(now):
                    continue
                left = mine.until - now
                await save_vacation(tx, row.id, user_id, Vacation(
                    max(0.0, mine.days - math.floor(left / DAY)), mine.times, None), now)
                if row.on_turn == user_id:
                    await shift_turn_timers(tx, row, -left, now)
                told.append(await self.positions.state(tx, row))
            if not told:
                raise NotAllowed(N_("You are not on vacation."))
            return told
        for row in games:
            mine = (await vacations(tx, row.id)).get(user_id, Vacation())
            if mine.away(now):
                raise NotAllowed(N_("You are on vacation already; end it first (vacation: 0)."))
            if limits.vacation_days == 0 or limits.vacations == 0:
                raise NotAllowed(N_("This server allows no vacations."))
            if mine.times >= limits.vacations:
                raise NotAllowed(N_("You have taken all {count} vacations game #{game} allows."),
                                 count=limits.vacations, game=row.id)
            days_left = limits.vacation_days - math.ceil(mine.days)
            if days > days_left:
                raise NotAllowed(N_("Game #{game} allows you {left} more vacation days (of "
                                    "{days})."), game=row.id, left=max(days_left, 0),
                                 days=limits.vacation_days)
        until = now + days * DAY
        for row in games:
            mine = (await vacations(tx, row.id)).get(user_id, Vacation())
            await save_vacation(tx, row.id, user_id,
                                 Vacation(mine.days + days, mine.times + 1, until), now)
            if row.on_turn == user_id:
                await shift_turn_timers(tx, row, until - now, now)
            told.append(await self.positions.state(tx, row))
        return told
