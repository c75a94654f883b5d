"""``/carcassonne place`` and the commands that look at a game."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands

from engine import Options
from render.rules import Topic

from ... import images
from ...app.input import MoveRequest, TypedFollower
from ...app.state import GameState, Sent
from ...errors import NoGameHere
from ...i18n import N_, Messages
from ...spots import is_no_follower, spot_reader
from ...words.help import help_embed
from ...words.rules import rules_post
from ...words.status import my_games_embed, server_games_embed
from ..panel import map_buttons
from ..share import answer_post, share_view
from ..transformers import Follower, Position, Tile, agreed_turn
from .base import Commands

VIEW_CHOICES = [
    app_commands.Choice(name="Map", value="map"),
    app_commands.Choice(name="Who owns what (features)", value="features"),
]

RULES_CHOICES = [
    app_commands.Choice(name="Scoring", value=Topic.FEATURES.value),
    app_commands.Choice(name="Farms", value=Topic.FARMS.value),
    app_commands.Choice(name="River", value=Topic.RIVER.value),
    app_commands.Choice(name="Winter", value=Topic.WINTER.value),
    app_commands.Choice(name="Hunters and Gatherers", value=Topic.HUNTERS.value),
    app_commands.Choice(name="House rules", value=Topic.HOUSE.value),
]


class PlayCommands(Commands):
    @app_commands.command(name="place", description="Place your tile (and a follower)")
    @app_commands.describe(
        position="A letter or x,y, and a rotation, e.g. B 90",
        follower="A follower spot's number or words, or none",
        tile="With a hand: which tile to play (default the first)",
    )
    async def place(
        self,
        interaction: discord.Interaction,
        position: Position,
        follower: Follower | None = None,
        tile: Tile | None = None,
    ) -> None:
        guild_id, channel_id = await self.where(interaction)
        t = await self.readers.private(interaction)
        turn = agreed_turn(position, follower, tile)
        typed = None
        if follower is not None and not is_no_follower(t, follower.text):
            typed = TypedFollower(follower.text, spot_reader(t))
        played = await self.app.moves.place(MoveRequest(
            guild_id,
            interaction.user.id,
            position,
            typed,
            tile=tile.id if tile else None,
            channel_id=channel_id,
            turn=turn,
            sent=Sent(interaction.id, interaction.created_at) if turn is None else None,
        ))
        await interaction.response.defer(
            ephemeral=self.announcer.links_privately(interaction, played.state), thinking=True)
        await self.announcer.played_reply(interaction, played)

    @app_commands.command(name="board", description="Show the map of the game in this channel")
    @app_commands.describe(view="The map, or who owns which feature")
    @app_commands.choices(view=VIEW_CHOICES)
    async def board(self, interaction: discord.Interaction, view: str = "map") -> None:
        guild_id, channel_id = await self.where(interaction)
        state = await self.app.queries.started_state(
            guild_id, channel_id=channel_id,
            missing=N_("The game has not started yet: there is no map."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        features = view == "features"
        t = await self.readers.private(interaction)
        buttons = discord.ui.View(timeout=None)
        for button in map_buttons(t, state.id, full=features, features=not features):
            buttons.add_item(button)
        await self.answer(interaction, t, state, view, buttons)

    @app_commands.command(
        name="status", description="Scores, followers, tiles left, and whose turn"
    )
    async def status(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        state = await self.app.queries.state(guild_id, channel_id=channel_id, latest=True)
        await interaction.response.defer(ephemeral=True)
        await self.answer(interaction, await self.readers.private(interaction), state, "status")

    @app_commands.command(name="tiles", description="The tiles still in the bag, by type")
    async def tiles(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        state = await self.app.queries.started_state(
            guild_id, channel_id=channel_id,
            missing=N_("The game has not started yet: the bag is still closed."))
        await interaction.response.defer(ephemeral=True)
        await self.answer(interaction, await self.readers.private(interaction), state, "tiles")

    @app_commands.command(name="export", description="The game record as a JSON file")
    async def export(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        exported = await self.app.queries.export(guild_id, channel_id=channel_id)
        await interaction.response.defer(ephemeral=True)
        await self.answer(interaction, await self.readers.private(interaction),
                          exported.state, "export")

    @app_commands.command(
        name="history", description="The game's moves, and a chart"
    )
    @app_commands.describe(page="Which page of moves (default: the latest)")
    async def history(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100] | None = None
    ) -> None:
        guild_id, channel_id = await self.where(interaction)
        state = await self.app.queries.history(guild_id, channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.answer(interaction, await self.readers.private(interaction), state,
                          "history", page=page)

    async def answer(self, interaction: discord.Interaction, t: Messages, state: GameState,
                     answer: str, view: discord.ui.View | None = None, *,
                     page: int | None = None) -> None:
        """A read-only answer, for the asker alone, with the button that shares it."""
        post = await answer_post(t, state, answer, self.app.queries, page=page,
                                 view=share_view(t, state, answer, view))
        await interaction.followup.send(ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none(),
                                        **post.send_kwargs())

    @app_commands.command(name="mygames", description="Your running games here")
    async def mygames(self, interaction: discord.Interaction) -> None:
        guild_id, _channel_id = await self.where(interaction)
        games = await self.app.queries.my_games(guild_id, interaction.user.id)
        t = await self.readers.private(interaction)
        await interaction.response.send_message(
            embed=my_games_embed(t, games, interaction.user.id), ephemeral=True
        )

    @app_commands.command(name="games", description="The running games here")
    async def games(self, interaction: discord.Interaction) -> None:
        guild_id, _channel_id = await self.where(interaction)
        games = await self.app.queries.server_games(guild_id)
        t = await self.readers.private(interaction)
        await interaction.response.send_message(embed=server_games_embed(t, games),
                                                ephemeral=True)

    @app_commands.command(name="help", description="How to play Carcassonne here")
    async def help(self, interaction: discord.Interaction) -> None:
        t = await self.readers.private(interaction)
        await interaction.response.send_message(embed=help_embed(t), ephemeral=True)

    @app_commands.command(name="rules", description="The game's rules, topic by topic")
    @app_commands.describe(topic="Which rules")
    @app_commands.choices(topic=RULES_CHOICES)
    async def rules(self, interaction: discord.Interaction, topic: str) -> None:
        t = await self.readers.private(interaction)
        guild_id, channel_id = await self.where(interaction)
        try:
            row = await self.app.queries.row(guild_id, channel_id=channel_id)
            options = Options.from_dict(row.options)
        except NoGameHere:
            options = None
        chosen = Topic(topic)
        picture = await asyncio.to_thread(images.rules, chosen, t)
        post = rules_post(t, chosen, options, picture)
        await interaction.response.send_message(ephemeral=True, **post.send_kwargs())
