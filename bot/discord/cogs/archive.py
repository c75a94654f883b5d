"""``/archive [member]`` (issue 22): the server's finished games, newest first, paged;
each one's final map, scores, statistics and record, and its replay turn by turn.

A top-level command of its own, guild-only (``/carcassonne`` has no room left for
another subcommand). The answer is private, with a Share button under a game or a
replay's turn (:mod:`bot.discord.archive`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ..archive import archive_post, member_name

if TYPE_CHECKING:
    from ...app import App
    from ..languages import Readers


class ArchiveCommands(commands.Cog):
    def __init__(self, app: App, readers: Readers) -> None:
        self.app = app
        self.readers = readers
        super().__init__()

    @app_commands.command(name="archive", description="This server's finished games, "
                                                      "with replays")
    @app_commands.describe(member="Only the games this member played")
    @app_commands.guild_only()
    async def archive(self, interaction: discord.Interaction,
                      member: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        page = await self.app.archive.page(interaction.guild_id,
                                           user_id=member.id if member else None)
        t = await self.readers.private(interaction)
        name = (member_name(page) or member.display_name) if member is not None else None
        post = await archive_post(t, page, name)
        await interaction.response.send_message(ephemeral=True, **post.send_kwargs())
