"""``/league``: a server's leagues (issue 22), a top-level guild-only command group.

One league per channel: every subcommand acts on the league of the channel it
is typed in (or of the channel a league game's thread is in).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ...app.leagues.service import MAX_ROUNDS, MAX_START_HOURS
from ...app.settings import MAX_DEADLINE_HOURS
from ...words import leagues as words
from ..channel_access import require_posting
from ..gate import player_of
from .lobby import FARMER_CHOICES, GAME_CHOICES

if TYPE_CHECKING:
    from ...app import App
    from ..languages import Readers
    from ..leagues import LeagueNews

TIME_RULE_CHOICES = [
    app_commands.Choice(name="Score the games as they stand", value="score"),
    app_commands.Choice(name="AI players finish the games", value="ai"),
]
DROP_RULE_CHOICES = [
    app_commands.Choice(name="Forfeit their games", value="forfeit"),
    app_commands.Choice(name="An AI plays their games", value="ai"),
]
FORMAT_CHOICES = [
    app_commands.Choice(name="Round robin: everyone plays everyone", value="round-robin"),
    app_commands.Choice(name="Swiss: pairs of equal standing", value="swiss"),
    app_commands.Choice(name="Knockout: single elimination", value="knockout"),
]


@app_commands.guild_only()
class LeagueCommands(commands.GroupCog, group_name="league",
                     group_description="Leagues: rounds of 2-player games"):
    def __init__(self, app: App, news: LeagueNews, readers: Readers) -> None:
        self.app = app
        self.news = news
        self.readers = readers
        super().__init__()

    @staticmethod
    def where(interaction: discord.Interaction) -> tuple[int, int]:
        """The server and the league's channel (a thread's parent in a thread)."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent_id is not None:
            return interaction.guild_id, channel.parent_id
        return interaction.guild_id, interaction.channel_id

    async def say(self, interaction: discord.Interaction, text: str | None = None,
                  embed: discord.Embed | None = None) -> None:
        await interaction.response.send_message(
            text, embeds=[embed] if embed is not None else [],
            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="create", description="Open a league in this channel")
    @app_commands.describe(
        name="The league's name", format="Round robin, Swiss or knockout (default round robin)",
        game="Which game (default Carcassonne)", farmers="How farmers score",
        round_hours="Hours a round lasts (default 72)",
        rounds="Swiss: rounds (default: enough for a winner)",
        time_up="When a round's time is up (default: score as they stand)",
        dropped="A dropped player's games (default: forfeit)",
        start_in="Start by itself in so many hours (default: the organiser starts it)")
    @app_commands.choices(format=FORMAT_CHOICES, game=GAME_CHOICES, farmers=FARMER_CHOICES,
                          time_up=TIME_RULE_CHOICES, dropped=DROP_RULE_CHOICES)
    async def create(self, interaction: discord.Interaction, name: str,
                     format: str = "round-robin", game: str = "carcassonne",
                     farmers: str = "3rd",
                     round_hours: app_commands.Range[int, 1, MAX_DEADLINE_HOURS] = 72,
                     rounds: app_commands.Range[int, 0, MAX_ROUNDS] = 0,
                     time_up: str = "score", dropped: str = "forfeit",
                     start_in: app_commands.Range[int, 0, MAX_START_HOURS] = 0) -> None:
        guild_id, channel_id = self.where(interaction)
        require_posting(interaction)
        options = {"game": game, **({"farmers": farmers} if game == "carcassonne" else {})}
        view = await self.app.leagues.create(
            guild_id, channel_id, interaction.user.id, name, format=format, options=options,
            round_hours=round_hours, rounds_wanted=rounds, time_rule=time_up,
            drop_rule=dropped, start_in=start_in)
        t = await self.readers.public(guild_id)
        await self.say(interaction, words.created_text(t, view))

    @app_commands.command(name="join", description="Join this channel's league")
    async def join(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        view = await self.app.leagues.join(guild_id, channel_id, player_of(interaction.user))
        t = await self.readers.public(guild_id)
        await self.say(interaction, words.roster_text(t, view, interaction.user.id, joined=True))

    @app_commands.command(name="leave", description="Leave the league before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        view = await self.app.leagues.leave(guild_id, channel_id, interaction.user.id)
        t = await self.readers.public(guild_id)
        await self.say(interaction, words.roster_text(t, view, interaction.user.id,
                                                      joined=False))

    @app_commands.command(name="start", description="Start the league (organiser)")
    async def start(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        view = await self.app.leagues.start(guild_id, channel_id, interaction.user.id,
                                            can_manage=interaction.permissions.manage_guild)
        t = await self.readers.public(guild_id)
        await self.say(interaction, words.started_text(t, view))

    @app_commands.command(name="standings", description="The league's standings")
    async def standings(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        view = await self.app.leagues.view(guild_id, channel_id)
        t = await self.readers.public(guild_id)
        await self.say(interaction, embed=words.standings_post(t, view).embed)

    @app_commands.command(name="schedule", description="The league's rounds and results")
    async def schedule(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        view = await self.app.leagues.view(guild_id, channel_id)
        t = await self.readers.public(guild_id)
        await self.say(interaction, embed=words.schedule_post(t, view).embed)

    @app_commands.command(name="drop", description="Drop out (or drop a member: organiser)")
    @app_commands.describe(member="The member to drop (default you)")
    async def drop(self, interaction: discord.Interaction,
                   member: discord.Member | None = None) -> None:
        guild_id, channel_id = self.where(interaction)
        target = member.id if member is not None else interaction.user.id
        ended = await self.app.leagues.drop(guild_id, channel_id, interaction.user.id, target,
                                            can_manage=interaction.permissions.manage_guild)
        t = await self.readers.public(guild_id)
        await self.say(interaction, words.dropped_text(t, ended))
        await self.news.ended(ended)

    @app_commands.command(name="cancel", description="End the league (organiser)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        ended = await self.app.leagues.cancel(guild_id, channel_id, interaction.user.id,
                                              can_manage=interaction.permissions.manage_guild)
        t = await self.readers.public(guild_id)
        await self.say(interaction, words.cancelled_text(t, ended.view, interaction.user.id))
        await self.news.ended(ended)
