"""Leaderboards and profiles on Discord (issue 22): names resolved, pictures drawn,
and the leaderboard's page buttons, which anyone may press (a leaderboard is
public) and which carry the game kind and page in their custom id.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord

from .. import images
from ..app.ratings import LeaderboardPage, Profile, Ratings
from ..app.results import shown_rating
from ..i18n import Messages
from ..words.common import Post
from ..words.ratings import chart_title, leaderboard_post, profile_post
from . import custom_ids
from .services import services_of


async def member_name(guild: discord.Guild | None, user_id: int | None) -> str | None:
    """A member's name in the server now; None for one who left (or an AI, or when
    Discord does not answer: the stored name serves). The bot has no members
    intent, so a member not in its cache is asked for (a page's ten at most)."""
    if guild is None or user_id is None:
        return None
    member = guild.get_member(user_id)
    if member is None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.HTTPException:  # NotFound: they left
            return None
    return member.display_name


async def leaderboard_answer(t: Messages, ratings: Ratings, guild: discord.Guild | None,
                             guild_id: int, kind: str, page: int) -> Post:
    board = await ratings.leaderboard(guild_id, kind, page)
    found = await asyncio.gather(*(member_name(guild, rating.user_id)
                                   for _, rating in board.entries))
    names = {rating.player: name for (_, rating), name in zip(board.entries, found, strict=True)
             if name is not None}
    return leaderboard_post(t, board, names, board_view(t, board))


def board_view(t: Messages, board: LeaderboardPage) -> discord.ui.View | None:
    if board.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton(board.kind, board.page - 1, "◀", disabled=board.page == 0))
    view.add_item(BoardButton(board.kind, board.page + 1, "▶",
                              disabled=board.page + 1 >= board.pages))
    return view


async def profile_answer(t: Messages, profile: Profile, name: str) -> Post:
    chart = None
    if profile.history:
        values = [shown_rating(profile.history[0].previous),
                  *(shown_rating(point.ordinal) for point in profile.history)]
        chart = await asyncio.to_thread(images.rating_history, values,
                                        chart_title(t, profile.kind))
    return profile_post(t, profile, name, chart)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=custom_ids.BOARD.template):
    """◀ or ▶ under a leaderboard: the same server's board of that kind, at ``page``."""

    def __init__(self, kind: str, page: int, label: str = "▶", *,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=custom_ids.BOARD.make(kind, max(page, 0))))
        self.kind, self.page = kind, max(page, 0)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> BoardButton:
        kind, page = custom_ids.BOARD.read(match)
        return cls(kind, page)

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        assert interaction.guild_id is not None
        public = await services.readers.public(interaction.guild_id)
        post = await leaderboard_answer(public, services.app.ratings, interaction.guild,
                                        interaction.guild_id, self.kind, self.page)
        await interaction.response.edit_message(**post.edit_kwargs())
