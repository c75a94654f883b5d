"""What every group of ``/carcassonne`` subcommands shares: the bot and its services."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from ...app import App
    from ..announcements import Announcer
    from ..client import CarcassonneBot


class Commands:
    """A set of subcommands of the one ``/carcassonne`` group
    (:mod:`bot.discord.cogs.carcassonne`)."""

    bot: CarcassonneBot

    @property
    def app(self) -> App:
        return self.bot.app

    @property
    def announcer(self) -> Announcer:
        return self.bot.announcer

    @staticmethod
    def where(interaction: discord.Interaction) -> tuple[int, int]:
        """The server and channel of a command (the group is guild-only)."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        return interaction.guild_id, interaction.channel_id
