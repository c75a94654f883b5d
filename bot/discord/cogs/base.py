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

    async def where(self, interaction: discord.Interaction) -> tuple[int, int]:
        """The server and channel of a command (the group is guild-only). In a game's
        thread, the game's channel: its commands work there as in the channel."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent_id is not None:
            home = await self.app.queries.thread_home(interaction.guild_id, channel.id,
                                                      channel.parent_id)
            if home is not None:
                return interaction.guild_id, home
        return interaction.guild_id, interaction.channel_id
