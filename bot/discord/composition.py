"""The composition root: every storage-backed service of the bot, built once.

:func:`compose` builds, on one open storage, the timer
:class:`~bot.scheduler.Scheduler`, the application (:class:`bot.app.App`,
woken by the scheduler), the :class:`~bot.discord.languages.Readers`, the
:class:`~bot.discord.announcements.Announcer` (which tells the application
one fact after posting, :meth:`bot.app.App.posted`), the timer listeners
(:class:`~bot.discord.listeners.TimerListeners`, one table of timer kinds)
and the one cog of commands, each handed what it needs in its constructor.
Nothing is wired by assignment afterwards, and nothing reaches a service
through the client: the client only holds the result (for the components,
:func:`bot.discord.services.services_of`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import discord
from discord.ext import commands

from ..app import App
from ..i18n import Language, Messages
from ..scheduler import Scheduler
from ..storage import Shards, Storage
from ..thinking import Thinker
from .announcements import Announcer
from .cogs.archive import ArchiveCommands
from .cogs.carcassonne import Carcassonne
from .cogs.league import LeagueCommands
from .cogs.ratings import RatingCommands
from .languages import Readers
from .leagues import LeagueNews
from .listeners import TimerListeners
from .services import Services


@dataclass(frozen=True)
class Composed:
    """What the client registers: its services, the timer listener and the cog."""

    services: Services
    listeners: TimerListeners
    cog: Carcassonne
    #: ``/archive`` (issue 22): a top-level command of its own.
    archive: ArchiveCommands
    #: ``/leaderboard`` and ``/profile`` (issue 22).
    ratings: RatingCommands
    #: ``/league`` (issue 22): a command group of its own.
    league: LeagueCommands


def compose(
    client: commands.Bot,
    storage: Storage,
    *,
    catalogues: Callable[[Language], Messages],
    thinker: Thinker,
    clock: Callable[[], datetime],
    seed: int | None = None,
    shards: Shards | None = None,
) -> Composed:
    """The bot's services on ``storage``, for ``client`` (which sends the messages
    and fires the timers as events); ``seed`` makes seating and game seeds
    reproducible (tests, benchmarks); with ``shards``, the scheduler fires the timers
    of those shards' servers only (the others' are other processes')."""

    def guild_locale(guild_id: int) -> discord.Locale | None:
        guild = client.get_guild(guild_id)
        return guild.preferred_locale if guild is not None else None

    scheduler = Scheduler(storage, client.dispatch, clock=clock, shards=shards)
    app = App(storage, thinker, clock=clock, seed=seed, wake=scheduler.wake)
    readers = Readers(storage, catalogues, guild_locale)
    announcer = Announcer(client, readers, app.posted, app.lobby.set_thread)
    services = Services(storage=storage, app=app, readers=readers, announcer=announcer,
                        scheduler=scheduler)
    news = LeagueNews(client, app, readers, announcer)
    return Composed(services, TimerListeners(app, announcer, news),
                    Carcassonne(app, announcer, readers), ArchiveCommands(app, readers),
                    RatingCommands(app, readers), LeagueCommands(app, news, readers))
