"""``/leaderboard`` and ``/profile`` (issue 22): top-level guild-only commands, apart
from ``/carcassonne`` (whose subcommands and text are near Discord's limits)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ...app.ratings import require_player
from ..boards import leaderboard_answer, member_name, profile_answer
from .lobby import AI_CHOICES, GAME_CHOICES

if TYPE_CHECKING:
    from ...app import App
    from ..languages import Readers


class RatingCommands(commands.Cog):
    """The leaderboard and profiles of a server, for everyone in its channel."""

    def __init__(self, app: App, readers: Readers) -> None:
        self.app = app
        self.readers = readers
        super().__init__()

    @app_commands.command(name="leaderboard", description="The server's rated players, best first")
    @app_commands.describe(game="Which game (default: Carcassonne)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction,
                          game: str = "carcassonne") -> None:
        assert interaction.guild_id is not None
        public = await self.readers.public(interaction.guild_id)
        post = await leaderboard_answer(public, self.app.ratings, interaction.guild,
                                        interaction.guild_id, game, 0)
        await interaction.response.send_message(**post.send_kwargs())

    @app_commands.command(name="profile", description="A player's games, wins and rating here")
    @app_commands.describe(member="Whose profile (default: yours)",
                           game="Which game (default: Carcassonne)",
                           ai="An AI level's profile instead")
    @app_commands.choices(game=GAME_CHOICES, ai=AI_CHOICES)
    @app_commands.guild_only()
    async def profile(self, interaction: discord.Interaction, member: discord.User | None = None,
                      game: str = "carcassonne", ai: str | None = None) -> None:
        assert interaction.guild_id is not None
        user = member or interaction.user
        key = ai if ai is not None else str(user.id)
        found = require_player(await self.app.ratings.profile(interaction.guild_id, game, key))
        name = (await member_name(interaction.guild, user.id) or found.name
                or user.display_name)
        public = await self.readers.public(interaction.guild_id)
        await interaction.response.defer(thinking=True)
        post = await profile_answer(public, found, name)
        await interaction.followup.send(allowed_mentions=discord.AllowedMentions.none(),
                                        **post.send_kwargs())
