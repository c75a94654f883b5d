"""``/carcassonne review`` and ``/carcassonne hint``: the AI's advice."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands

from ... import images
from ...app.hints import Hint
from ...app.reviews import Reviewed
from ...i18n import Messages
from ...words.advice import hint_post, one_decimal, review_posts
from .base import Commands


class AdviceCommands(Commands):
    @app_commands.command(
        name="review", description="Review a finished game"
    )
    @app_commands.describe(game="Game number (default: the last one here)")
    async def review(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        guild_id, channel_id = await self.where(interaction)
        state = await self.app.reviews.finished(guild_id, channel_id, game)
        t = await self.readers.public(guild_id)
        await interaction.response.defer(thinking=True)
        reviewed = await self.app.reviews.review(state)
        pictures = await asyncio.to_thread(_review_pictures, reviewed, t)
        for post in review_posts(t, reviewed, pictures):
            await interaction.followup.send(**post.send_kwargs(),
                                            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="hint", description="Ask the AI for a move (only you see it)")
    async def hint(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        user_id = interaction.user.id
        state = await self.app.hints.asked(guild_id, channel_id, user_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        hint = await self.app.hints.hint(state, user_id)
        t = await self.readers.private(interaction)
        picture = await asyncio.to_thread(_hint_picture, hint, t)
        post = hint_post(t, hint, picture)
        await interaction.followup.send(**post.send_kwargs(), ephemeral=True)


def _review_pictures(reviewed: Reviewed, t: Messages) -> list[list[bytes | None]]:
    """Each player's worst turns drawn, by seat."""
    row = reviewed.state.row
    assert row.record is not None
    return [[images.reviewed_turn(row.record, row.seed, turn,
                                  one_decimal(t, turn.loss), t)
             for turn in player.worst] for player in reviewed.review.players]


def _hint_picture(hint: Hint, t: Messages) -> bytes | None:
    """The suggested move's preview: the tile in place, its follower standing."""
    game = hint.state.game
    assert game is not None
    move = hint.move
    tile = game.rules.tiles[move.tile]
    figure = next((option for option in game.legal_figures(move.placement, tile)
                   if option.figure == move.figure and option.port == move.port), None)
    return images.preview(game, move.placement, tile, figure, t)
