"""``/carcassonne place`` and the commands that look at a game."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands

from .. import images, presenters, turn_posts
from ..games import GameService, Sent
from ..naming import resolve_position
from ..transformers import Follower, Position, Tile, agreed_turn
from .base import Commands


class PlayCommands(Commands):
    @app_commands.command(name="place", description="Place your tile (and a follower) on your turn")
    @app_commands.describe(
        position="Where: x,y and rotation as on the map, e.g. 3,-1 90 (pick from the list)",
        follower="Where a follower stands on the tile (pick from the list), or none",
        tile="With a hand of tiles: which one to play (default the first)",
    )
    async def place(
        self,
        interaction: discord.Interaction,
        position: Position,
        follower: Follower | None = None,
        tile: Tile | None = None,
    ) -> None:
        guild_id, channel_id = self.where(interaction)
        state = await self.games.state(guild_id, channel_id=channel_id)
        turn = agreed_turn(position, follower, tile)
        GameService.require_turn(state, interaction.user.id, turn)
        chosen = GameService.tile_for(state, tile.id if tile else None)
        placement = resolve_position(position, GameService.placements(state, chosen))
        played = await self.games.place(
            guild_id,
            interaction.user.id,
            placement,
            follower.choice if follower else None,
            tile=chosen.id,
            game_id=state.id,
            turn=turn,
            sent=Sent(interaction.id, interaction.created_at) if turn is None else None,
        )
        await interaction.response.defer(thinking=True)
        await self.announcer.played_reply(interaction, played)

    @app_commands.command(name="board", description="Show the map of the game in this channel")
    async def board(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        state = await self.games.started_state(
            guild_id, channel_id=channel_id, missing="there is no map"
        )
        assert state.game is not None
        await interaction.response.defer(thinking=True)
        png = await asyncio.to_thread(images.board, state.game)
        await interaction.followup.send(**presenters.board_post(state, png).send_kwargs())

    @app_commands.command(
        name="status", description="Scores, followers, tiles left, and whose turn"
    )
    async def status(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        state = await self.games.state(guild_id, channel_id=channel_id, latest=True)
        embed = presenters.status_embed(state, discord.utils.utcnow())
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="tiles", description="The tiles still in the bag, by type")
    async def tiles(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        state = await self.games.started_state(
            guild_id, channel_id=channel_id, missing="the bag is still closed"
        )
        await interaction.response.send_message(embed=presenters.tiles_embed(state))

    @app_commands.command(name="export", description="The game record as a JSON file")
    async def export(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self.where(interaction)
        exported = await self.games.export(guild_id, channel_id=channel_id)
        await interaction.response.send_message(
            f"Game record of {presenters.game_title(exported.state)}"
            f" after turn {exported.state.turn}.",
            file=discord.File(io.BytesIO(exported.data), filename=exported.filename),
        )

    @app_commands.command(
        name="history", description="The moves of this channel's game, and a chart"
    )
    @app_commands.describe(page="Which page of moves (default: the latest)")
    async def history(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100] | None = None
    ) -> None:
        guild_id, channel_id = self.where(interaction)
        state = await self.turns.history(guild_id, channel_id)
        await interaction.response.defer(thinking=True)
        chart = await self.announcer.score_chart(state)
        post = turn_posts.history_post(state, page, chart)
        await interaction.followup.send(**post.send_kwargs())

    @app_commands.command(name="mygames", description="Your running games on this server")
    async def mygames(self, interaction: discord.Interaction) -> None:
        guild_id, _channel_id = self.where(interaction)
        games = await self.turns.my_games(guild_id, interaction.user.id)
        await interaction.response.send_message(
            embed=turn_posts.my_games_embed(games, interaction.user.id), ephemeral=True
        )

    @app_commands.command(name="help", description="How to play Carcassonne here")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=presenters.help_embed(), ephemeral=True)
