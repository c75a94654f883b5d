"""The archive's components (issue 22): pages of a server's finished games, the menu
to look at one, its Replay and the replay's steps, and Share.

Private answers, each with a Share button that posts it for everyone (the
quieter channel of issue 20). Every component carries its state in its custom
id (:mod:`bot.discord.custom_ids`: the member and page, or the game, the turn
shown and the step asked), so a replay goes on after a restart. They work in
any channel of the server, not only the game's: :class:`ArchiveItem` is their
gate (the server's games only, finished ones only: :mod:`bot.app.archive`).
Only the form that asks for a turn number lives in memory, for the moment it
is open.
"""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

import discord

from .. import images
from ..app.archive import ArchivePage, ReplayStep
from ..errors import GameError, NoGame
from ..i18n import N_, Messages
from ..words import archive as words
from ..words.common import Post
from ..words.refusals import refusal_text
from ..words.status import share_label, shared_by
from . import custom_ids, markup
from .gate import REBUILT, CarriedItem
from .replies import reply_error
from .services import services_of

Item = TypeVar("Item", bound=discord.ui.Item[Any])


class ArchiveItem(CarriedItem[Item], template=r"carc:arch[a-z]*:.*"):
    """A component of the archive: its gate. It answers in the language of the one who
    clicked (``t``), in any channel of the server; the application refuses another
    server's game, or one not finished (:class:`bot.app.archive.NotArchived`)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        self.t = await services_of(interaction).readers.private(interaction)
        if interaction.guild_id is None:
            await reply_error(interaction, refusal_text(
                self.t, NoGame(N_("That game does not exist on this server."))))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        await self.answering(interaction, self.run(interaction, interaction.guild_id, self.t))

    async def run(self, interaction: discord.Interaction, guild_id: int, t: Messages) -> None:
        raise NotImplementedError


# ---------------------------------------------------------------- the pages


async def archive_post(t: Messages, page: ArchivePage, member: str | None) -> Post:
    """A page of finished games, with the menu to look at one and the page buttons."""
    view = discord.ui.View(timeout=None)
    member_id = page.user_id or 0
    if page.games:
        view.add_item(ArchiveGameSelect(member_id, page.page,
                                 [words.archive_option(t, state) for state in page.games],
                                 words.choose_game(t)))
    if page.page > 1:
        view.add_item(ArchivePageButton(member_id, page.page - 1, "◀️"))
    if page.page < page.pages:
        view.add_item(ArchivePageButton(member_id, page.page + 1, "▶️"))
    return Post(embed=words.archive_embed(t, page, member), view=view)


def member_name(page: ArchivePage) -> str | None:
    """The name the archive's title gives the member it shows the games of: as they
    sat at the latest of them (None: everyone's games, or none found)."""
    for state in page.games:
        player = state.row.player(page.user_id) if page.user_id else None
        if player is not None:
            return player.name
    return None


class ArchivePageButton(ArchiveItem[discord.ui.Button], ids=custom_ids.ARCHIVE_PAGE):
    """◀️ ▶️ under a page of the archive: another page, in place."""

    def __init__(self, member_id: int, page: int, label: str = REBUILT) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=custom_ids.ARCHIVE_PAGE.make(member_id,
                                                                                  page)))
        self.member_id, self.page = member_id, page

    async def run(self, interaction: discord.Interaction, guild_id: int, t: Messages) -> None:
        page = await services_of(interaction).app.archive.page(
            guild_id, user_id=self.member_id or None, page=self.page)
        post = await archive_post(t, page, member_name(page))
        await interaction.response.edit_message(**post.edit_kwargs())


class ArchiveGameSelect(ArchiveItem[discord.ui.Select], ids=custom_ids.ARCHIVE_GAMES):
    """The menu of a page's games: the chosen one, privately."""

    def __init__(self, member_id: int, page: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=custom_ids.ARCHIVE_GAMES.make(member_id, page),
            options=options or [discord.SelectOption(label=REBUILT)], placeholder=placeholder))

    async def run(self, interaction: discord.Interaction, guild_id: int, t: Messages) -> None:
        chosen = self.item.values[0] if self.item.values else ""
        if not chosen.isdecimal():
            raise NoGame(N_("That game does not exist on this server."))
        await show_game(interaction, guild_id, int(chosen), t)


# ----------------------------------------------------------------- a game


async def game_post(interaction: discord.Interaction, guild_id: int, game_id: int,
                    t: Messages, *, shared: bool = False) -> Post:
    """A finished game: its final map, scores, statistics and record, with Replay (and
    Share, unless it is the shared one)."""
    app = services_of(interaction).app
    archived = await app.archive.game(guild_id, game_id)
    assert archived.state.game is not None
    picture = await asyncio.to_thread(images.board, archived.state.game, t)
    exported = await app.queries.export(guild_id, game_id=game_id)
    post = words.archived_post(t, archived, picture, (exported.filename, exported.data))
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, 0, "start", words.replay_label(t)))
    if not shared:
        view.add_item(ArchiveShareButton(game_id, "game", share_label(t)))
    post.view = view
    return post


async def show_game(interaction: discord.Interaction, guild_id: int, game_id: int,
                    t: Messages) -> None:
    """A finished game, privately, in a message of its own."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    post = await game_post(interaction, guild_id, game_id, t)
    await interaction.followup.send(ephemeral=True, **post.send_kwargs())


# --------------------------------------------------------------- a replay


#: The buttons of a replay's steps, and what each shows: first, previous, next, last.
NAVIGATION = (("first", "⏮️"), ("prev", "◀️"), ("next", "▶️"), ("last", "⏭️"))


async def replay_post(t: Messages, step: ReplayStep, *, shared: bool = False) -> Post:
    """A step of a replay: the map of the record replayed to that turn, drawn off the
    event loop, with the buttons to the others (none when shared)."""
    assert step.state.game is not None
    picture = await asyncio.to_thread(images.replay, step.state.game, t)
    post = words.replay_post(t, step, picture)
    if shared:
        return post
    view = discord.ui.View(timeout=None)
    for name, label in NAVIGATION:
        at_start = name in ("first", "prev") and step.turn == 0
        at_end = name in ("next", "last") and step.turn == step.last
        button = ReplayButton(step.state.id, step.turn, name, label)
        button.item.disabled = at_start or at_end
        view.add_item(button)
    jump = ReplayButton(step.state.id, step.turn, "jump", words.jump_label(t))
    jump.item.row = 1
    view.add_item(jump)
    share = ArchiveShareButton(step.state.id, str(step.turn), share_label(t))
    share.item.row = 1
    view.add_item(share)
    post.view = view
    return post


def target(step: str, turn: int) -> int | None:
    """The turn a step button leads to from ``turn`` (None: the last)."""
    return {"start": 0, "first": 0, "prev": turn - 1, "next": turn + 1}.get(step)


class ReplayButton(ArchiveItem[discord.ui.Button], ids=custom_ids.REPLAY):
    """Replay under an archived game (a new private message at the start), and the
    replay's ⏮️ ◀️ ▶️ ⏭️ (the message redrawn in place) and "Jump to a turn" (a form)."""

    def __init__(self, game_id: int, turn: int, step: str, label: str = REBUILT) -> None:
        style = (discord.ButtonStyle.primary if step in ("start", "next")
                 else discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=custom_ids.REPLAY.make(game_id, turn, step)))
        self.game_id, self.turn, self.step = game_id, turn, step

    async def run(self, interaction: discord.Interaction, guild_id: int, t: Messages) -> None:
        archive = services_of(interaction).app.archive
        if self.step == "jump":
            step = await archive.step(guild_id, self.game_id, self.turn)
            await interaction.response.send_modal(JumpForm(t, self.game_id, step.last))
            return
        if self.step == "start":
            step = await archive.step(guild_id, self.game_id, 0)
            await interaction.response.defer(ephemeral=True, thinking=True)
            post = await replay_post(t, step)
            await interaction.followup.send(ephemeral=True, **post.send_kwargs())
            return
        step = await archive.step(guild_id, self.game_id, target(self.step, self.turn))
        await interaction.response.defer()
        post = await replay_post(t, step)
        await interaction.edit_original_response(**post.edit_kwargs())


class JumpForm(discord.ui.Modal):
    """"Jump to a turn": one number; a bad one is answered, and the replay stays."""

    def __init__(self, t: Messages, game_id: int, last: int) -> None:
        super().__init__(title=words.jump_title(t)[:45], timeout=600)
        self.t, self.game_id = t, game_id
        self.turn: discord.ui.TextInput[JumpForm] = discord.ui.TextInput(
            label=words.jump_field(t, last)[:45], max_length=5, placeholder=str(last))
        self.add_item(self.turn)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        try:
            step = await services_of(interaction).app.archive.jump(
                interaction.guild_id, self.game_id, self.turn.value)
        except GameError as exc:
            await reply_error(interaction, refusal_text(self.t, exc))
            return
        await interaction.response.defer()
        post = await replay_post(self.t, step)
        await interaction.edit_original_response(**post.edit_kwargs())


# ------------------------------------------------------------------ share


class ArchiveShareButton(ArchiveItem[discord.ui.Button], ids=custom_ids.ARCHIVE_SHARE):
    """Share under an archived game or a replay's step: the same, for everyone in this
    channel, in the server's language."""

    def __init__(self, game_id: int, shown: str, label: str = REBUILT) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=custom_ids.ARCHIVE_SHARE.make(game_id,
                                                                                   shown)))
        self.game_id, self.shown = game_id, shown

    async def run(self, interaction: discord.Interaction, guild_id: int, t: Messages) -> None:
        services = services_of(interaction)
        public = await services.readers.public(guild_id)
        if self.shown == "game":
            await services.app.archive.game(guild_id, self.game_id)  # refused before deferring
            await interaction.response.defer(thinking=True)
            post = await game_post(interaction, guild_id, self.game_id, public, shared=True)
        else:
            step = await services.app.archive.step(guild_id, self.game_id, int(self.shown))
            await interaction.response.defer(thinking=True)
            post = await replay_post(public, step, shared=True)
        post.content = "\n".join(filter(None, [
            shared_by(public, markup.mention(interaction.user.id)), post.content]))
        await interaction.followup.send(allowed_mentions=discord.AllowedMentions.none(),
                                        **post.send_kwargs())
