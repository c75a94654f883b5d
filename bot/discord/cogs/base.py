"""What every group of ``/carcassonne`` subcommands shares: the services it is given."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from ...app import App
    from ..announcements import Announcer
    from ..languages import Readers


class Commands(commands.Cog):
    """A set of subcommands of the one ``/carcassonne`` group
    (:mod:`bot.discord.cogs.carcassonne`), which hands it its services.

    A :class:`~discord.ext.commands.Cog` (never added alone) so that its
    commands are typed as a cog's methods; the one cog puts the sets together.
    """

    #: The application: every command is one call to it.
    app: App
    #: Says in the channel what happened.
    announcer: Announcer
    #: The messages of the one who typed a command, or of the server.
    readers: Readers

    @staticmethod
    def where(interaction: discord.Interaction) -> tuple[int, int]:
        """The server and channel of a command (the group is guild-only)."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        return interaction.guild_id, interaction.channel_id
