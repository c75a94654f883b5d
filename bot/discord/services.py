"""What the composition root built, and the one way a component reaches it.

:class:`Services` holds the storage-backed services
(:mod:`bot.discord.composition` builds them, once). Cogs and listeners get
them in their constructors. A :class:`discord.ui.DynamicItem`, which
discord.py builds from a custom id with no constructor of ours, and the
command tree's checks reach them through :func:`services_of` and nothing
else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

if TYPE_CHECKING:  # the values only: the modules below import this one
    from ..app import App
    from ..scheduler import Scheduler
    from ..storage import Storage
    from .announcements import Announcer
    from .languages import Readers


@dataclass(frozen=True)
class Services:
    """The services of one running bot, on one storage."""

    storage: Storage
    #: The application: lobby, moves, lifecycle, clock, absences, settings, AI, queries.
    app: App
    #: The messages each reader reads (a player's own, a server's public ones).
    readers: Readers
    announcer: Announcer
    scheduler: Scheduler


class ServedBot(commands.Bot):
    """A bot that carries its :class:`Services` (set once, when its storage is open)."""

    services: Services


def services_of(interaction: discord.Interaction) -> Services:
    """The services of the bot ``interaction`` came to (for components only)."""
    client = interaction.client
    if not isinstance(client, ServedBot):
        raise TypeError(f"{type(client).__name__} is not the Carcassonne bot")
    return client.services
