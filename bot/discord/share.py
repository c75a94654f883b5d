"""The read-only answers (``board``, ``status``, ``tiles``, ``history``, ``export``):
private to the one who asked, with a Share button under them that posts the same
answer, as the game stands then, for everyone in the game's channel or thread.

A button rather than a ``share:`` option on each command: it costs the command
tree nothing (its localized size is close to Discord's limit), and one reads the
answer before choosing to show it to the table.
"""

from __future__ import annotations

import discord

from ..app.queries import Queries
from ..app.state import GameState
from ..i18n import Messages
from ..words.common import Post, game_title
from ..words.history import history_post
from ..words.status import share_label, shared_by, status_embed, tiles_embed
from . import custom_ids, markup
from .gate import REBUILT, GameItem
from .panel import map_post
from .services import services_of


async def answer_post(t: Messages, state: GameState, answer: str, queries: Queries, *,
                      page: int | None = None, view: discord.ui.View | None = None) -> Post:
    """The answer ``answer`` (one of :data:`custom_ids.ANSWER`'s) about a game."""
    if answer in ("map", "features"):
        return await map_post(t, state, features=answer == "features", view=view)
    if answer == "status":
        return Post(embed=status_embed(t, state, discord.utils.utcnow()), view=view)
    if answer == "tiles":
        return Post(embed=tiles_embed(t, state), view=view)
    if answer == "history":
        from .announcements import Announcer  # the score chart, drawn off the event loop

        chart = await Announcer.score_chart(t, state)
        post = history_post(t, state, page, chart)
        post.view = view
        return post
    exported = await queries.export(state.row.guild_id, game_id=state.id)
    post = Post(content=t.gettext("Game record of {game} after turn {turn}.",
                                  game=game_title(t, exported.state),
                                  turn=exported.state.turn), view=view)
    post.files.append((exported.filename, exported.data))
    return post


def share_view(t: Messages, state: GameState, answer: str,
               view: discord.ui.View | None = None) -> discord.ui.View:
    """``view`` (or a new one) with the Share button of ``answer``."""
    view = view or discord.ui.View(timeout=None)
    view.add_item(ShareButton(state.id, answer, share_label(t)))
    return view


class ShareButton(GameItem[discord.ui.Button], ids=custom_ids.SHARE):
    """"Share with everyone" under a private answer: the same answer, for everyone."""

    on_turn = False

    def __init__(self, game_id: int, answer: str, label: str = REBUILT) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.SHARE.make(game_id, answer),
            )
        )
        self.game_id, self.answer = game_id, answer

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        services = services_of(interaction)
        public = await services.readers.public(state.row.guild_id)
        post = await answer_post(public, state, self.answer, services.app.queries)
        await interaction.response.defer(thinking=True)
        post.content = "\n".join(filter(None, [
            shared_by(public, markup.mention(interaction.user.id)), post.content]))
        await interaction.followup.send(allowed_mentions=discord.AllowedMentions.none(),
                                        **post.send_kwargs())
