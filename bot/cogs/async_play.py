"""Asynchronous play: more ``/carcassonne`` subcommands, and the timers' announcements.

The commands join the ``/carcassonne`` group of :mod:`bot.cogs.carcassonne`
(load that extension first): ``notify``, ``snooze``, ``settings``,
``deadline``, ``mygames``, ``history``, ``kick`` and ``vote-end``. This cog
also owns the timer dispatcher (:class:`~bot.scheduler.Scheduler`): the
application layer (:class:`~bot.turns.TurnService`) acts on each due timer in
one transaction, and the cog says what happened in Discord afterwards.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from .. import images, turn_posts, views
from ..games import GameError, GameState
from ..presenters import Post
from ..scheduler import Scheduler, Timer
from ..turns import (
    MAX_DEADLINE_HOURS,
    MAX_REMINDER_HOURS,
    MAX_REMINDERS,
    MAX_REMOVE_AFTER,
    MAX_SNOOZE_HOURS,
    REMOVE,
    Absence,
    Fired,
    GameEnded,
    Reminder,
)

if TYPE_CHECKING:
    from ..client import CarcassonneBot

log = logging.getLogger(__name__)

POLICY_CHOICES = [
    app_commands.Choice(name="Nothing: just say so", value="nothing"),
    app_commands.Choice(name="Skip the turn: the tile goes back into the bag", value="skip"),
    app_commands.Choice(name="Skip, and remove the player after N missed turns", value="remove"),
]
# The turn-rule options of /carcassonne settings (a server's) and deadline (a game's).
DeadlineHours = app_commands.Range[int, 0, MAX_DEADLINE_HOURS]
RemoveAfter = app_commands.Range[int, 1, MAX_REMOVE_AFTER]
ReminderHours = app_commands.Range[int, 0, MAX_REMINDER_HOURS]
ReminderLimit = app_commands.Range[int, 1, MAX_REMINDERS]
RULE_OPTIONS = {
    "policy": "What a missed deadline does",
    "remove_after": "With removal: missed turns in a row before a player is removed",
    "reminder_hours": "Remind the player on turn every so many hours (0: never)",
    "reminder_limit": "At most this many reminders per turn",
}


class ChannelClosed(GameError, app_commands.CheckFailure):
    """``/carcassonne new`` in a channel the server has not opened to games."""


class AsyncPlay(commands.Cog):
    """Reminders, deadlines, absent players, server settings, history."""

    def __init__(self, bot: CarcassonneBot) -> None:
        self.bot = bot
        self.scheduler = Scheduler(bot.storage, self.on_timer, clock=bot.games.clock)
        self.turns = bot.turns
        self._attached: list[app_commands.Command[Any, ..., Any]] = []
        self._tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------ lifecycle

    def _group(self) -> app_commands.Group:
        cog = self.bot.get_cog("Carcassonne")
        group = getattr(cog, "app_command", None)
        if not isinstance(group, app_commands.Group):
            raise RuntimeError("load bot.cogs.carcassonne before bot.cogs.async_play")
        return group

    async def cog_load(self) -> None:
        # Our commands are subcommands of /carcassonne, not commands of their
        # own: move them into that group before discord.py would add them to
        # the tree (it adds what is left in __cog_app_commands__ after cog_load).
        group = self._group()
        for command in self.__cog_app_commands__:
            group.add_command(command)
            self._attached.append(command)
        self.__cog_app_commands__ = []
        new = group.get_command("new")
        if isinstance(new, app_commands.Command):
            new.add_check(self._channel_open)
        self.turns.wake = self.scheduler.wake
        self.bot.games.turn_hooks.append(self.turns.on_change)
        self.scheduler.start()

    async def cog_unload(self) -> None:
        await self.scheduler.stop()
        for task in list(self._tasks):
            task.cancel()
        self.turns.wake = _no_wake
        hooks = self.bot.games.turn_hooks
        if self.turns.on_change in hooks:
            hooks.remove(self.turns.on_change)
        try:
            group = self._group()
        except RuntimeError:
            return
        for command in self._attached:
            if group.get_command(command.name) is command:
                group.remove_command(command.name)
        new = group.get_command("new")
        if isinstance(new, app_commands.Command):
            new.remove_check(self._channel_open)

    async def _channel_open(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is not None and interaction.channel_id is not None:
            try:
                await self.turns.check_channel(interaction.guild_id, interaction.channel_id)
            except GameError as exc:
                raise ChannelClosed(str(exc)) from None
        return True

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await views.command_error(interaction, error)

    # --------------------------------------------------------------- timers

    async def on_timer(self, timer: Timer) -> None:
        """The dispatcher's handler: act in the database now, announce in Discord after."""
        fired = await self.turns.fire(timer)
        if fired is not None:
            self._spawn(self.announce(fired))

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def announce(self, fired: Fired) -> None:
        try:
            if isinstance(fired, Reminder):
                await self._remind(fired)
            elif isinstance(fired, Absence):
                await self._post_absence(fired)
            elif isinstance(fired, GameEnded):
                await self._ended(fired)
        except Exception:
            log.exception("could not announce %s of game %s", type(fired).__name__, fired.state.id)

    def _channel(self, state: GameState) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(
            state.row.channel_id, guild_id=state.row.guild_id, type=discord.ChannelType.text
        )

    async def _send(self, state: GameState, post: Post, kind: str) -> discord.Message | None:
        try:
            message = await self._channel(state).send(**post.send_kwargs())
        except discord.HTTPException as exc:
            log.warning("cannot post in channel %s: %s", state.row.channel_id, exc)
            return None
        await views.remember(self.bot, post, state, message, kind)
        return message

    async def _remind(self, reminder: Reminder) -> None:
        state = reminder.state
        await self._send(
            state, turn_posts.reminder_post(reminder, views.play_view(state)), "reminder"
        )
        if reminder.dm:
            guild = self.bot.get_guild(state.row.guild_id)
            text = turn_posts.reminder_dm(reminder, guild.name if guild else None)
            try:
                dm = await self.bot.create_dm(discord.Object(id=reminder.player.id))
                await dm.send(text)
            except discord.HTTPException as exc:
                log.info("cannot DM user %s: %s", reminder.player.id, exc)

    async def _post_absence(self, absence: Absence) -> None:
        post = await self._absence_post(absence)
        await self._send(absence.state, post, "turn")

    @staticmethod
    async def _absence_post(absence: Absence) -> Post:
        """A skip or a removal: at the game's end with the score chart, after a
        removal with the map (the removed player's followers are gone)."""
        state = absence.state
        game = state.game
        board = chart = None
        if game is not None and game.is_over:
            chart = await views.score_chart(state)
        elif absence.action == REMOVE and game is not None:
            board = await asyncio.to_thread(images.board, game)
        return turn_posts.absence_post(absence, board, chart, views.play_view(state))

    async def _ended(self, ended: GameEnded) -> None:
        """Remove the buttons of a finished game's messages (noted as they were sent)."""
        if not ended.tidy:
            return
        for channel_id, message_id in ended.messages:
            partial = self.bot.get_partial_messageable(
                channel_id, guild_id=ended.state.row.guild_id
            )
            try:
                await partial.get_partial_message(message_id).edit(view=None)
            except discord.HTTPException as exc:
                log.info("could not tidy message %s: %s", message_id, exc)

    # ------------------------------------------------------------- commands

    @app_commands.command(
        name="notify", description="Also get your turn reminders by direct message"
    )
    @app_commands.describe(dm="True: reminders by DM as well; False: only in the game's channel")
    async def notify(self, interaction: discord.Interaction, dm: bool) -> None:
        await self.turns.set_dm(interaction.user.id, dm)
        text = (
            "You will get your turn reminders by direct message too."
            if dm
            else "Your turn reminders come only in the game's channel now."
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="snooze", description="Put off your next turn reminder in this game")
    @app_commands.describe(hours="For how long (default: the game's reminder interval)")
    async def snooze(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 1, MAX_SNOOZE_HOURS] | None = None,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        snoozed = await self.turns.snooze(
            interaction.guild_id, interaction.channel_id, interaction.user.id, hours
        )
        await interaction.response.send_message(turn_posts.snoozed_text(snoozed), ephemeral=True)

    @app_commands.command(
        name="settings", description="Server defaults for reminders and deadlines (Manage Server)"
    )
    @app_commands.describe(
        **RULE_OPTIONS,
        deadline_hours="Default turn deadline in hours (0: none)",
        allow_channel="Allow games in this channel (once any is allowed, only those are)",
        disallow_channel="No new games in this channel",
        all_channels="Allow games in every channel again",
        tidy="Remove the buttons of a finished game's messages",
    )
    @app_commands.choices(policy=POLICY_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder_hours: ReminderHours | None = None,
        reminder_limit: ReminderLimit | None = None,
        deadline_hours: DeadlineHours | None = None,
        policy: str | None = None,
        remove_after: RemoveAfter | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        all_channels: bool = False,
        tidy: bool | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        update = await self.turns.update_server_settings(
            interaction.guild_id,
            can_manage=interaction.permissions.manage_guild,
            allow_channel=allow_channel.id if allow_channel else None,
            disallow_channel=disallow_channel.id if disallow_channel else None,
            all_channels=all_channels,
            tidy=tidy,
            reminder_hours=reminder_hours,
            reminder_limit=reminder_limit,
            deadline_hours=deadline_hours,
            policy=policy,
            remove_after=remove_after,
        )
        await interaction.response.send_message(
            "Saved." if update.changed else None,
            embed=turn_posts.server_settings_embed(update.settings),
            ephemeral=True,
        )

    @app_commands.command(
        name="deadline", description="This game's turn deadline and reminders (the host sets them)"
    )
    @app_commands.describe(hours="Turn deadline in hours (0: none)", **RULE_OPTIONS)
    @app_commands.choices(policy=POLICY_CHOICES)
    async def deadline(
        self,
        interaction: discord.Interaction,
        hours: DeadlineHours | None = None,
        policy: str | None = None,
        remove_after: RemoveAfter | None = None,
        reminder_hours: ReminderHours | None = None,
        reminder_limit: ReminderLimit | None = None,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        found = await self.turns.game_rules(
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            can_manage=interaction.permissions.manage_guild,
            deadline_hours=hours,
            policy=policy,
            remove_after=remove_after,
            reminder_hours=reminder_hours,
            reminder_limit=reminder_limit,
        )
        post = turn_posts.game_rules_post(found, interaction.user.mention)
        # A change is announced to the table; a look is private.
        await interaction.response.send_message(
            **post.send_kwargs(),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=not found.changed,
        )

    @app_commands.command(name="mygames", description="Your running games on this server")
    async def mygames(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        games = await self.turns.my_games(interaction.guild_id, interaction.user.id)
        await interaction.response.send_message(
            embed=turn_posts.my_games_embed(games, interaction.user.id), ephemeral=True
        )

    @app_commands.command(
        name="history", description="The moves of this channel's game, and a chart"
    )
    @app_commands.describe(page="Which page of moves (default: the latest)")
    async def history(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100] | None = None
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        state = await self.turns.history(interaction.guild_id, interaction.channel_id)
        await interaction.response.defer(thinking=True)
        chart = await views.score_chart(state)
        post = turn_posts.history_post(state, page, chart)
        await interaction.followup.send(**post.send_kwargs())

    @app_commands.command(name="kick", description="Remove an absent player from this game (host)")
    @app_commands.describe(player="Who leaves the game; their followers leave the map")
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        absence = await self.turns.kick(
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            player.id,
            can_manage=interaction.permissions.manage_guild,
        )
        await interaction.response.defer(thinking=True)
        post = await self._absence_post(absence)
        await views.send_reply(interaction, post, absence.state)

    @app_commands.command(
        name="vote-end", description="Vote to end this stalled game; it is scored"
    )
    async def vote_end(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        vote = await self.turns.vote_end(
            interaction.guild_id, interaction.channel_id, interaction.user.id
        )
        await interaction.response.defer(thinking=True)
        chart = await views.score_chart(vote.state) if vote.ended else None
        post = turn_posts.vote_post(vote, chart)
        await interaction.followup.send(**post.send_kwargs())


def _no_wake() -> None:
    pass


async def setup(bot: CarcassonneBot) -> None:
    await bot.add_cog(AsyncPlay(bot))
