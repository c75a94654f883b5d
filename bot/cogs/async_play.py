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
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from .. import charts, images, turn_posts, views
from ..games import GameError, GameState
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
    TurnService,
    score_table,
)

if TYPE_CHECKING:
    from ..client import CarcassonneBot

log = logging.getLogger(__name__)

POLICY_CHOICES = [
    app_commands.Choice(name="Nothing: just say so", value="nothing"),
    app_commands.Choice(name="Skip the turn: the tile goes back into the bag", value="skip"),
    app_commands.Choice(name="Skip, and remove the player after N missed turns", value="remove"),
]
#: How far back a finished game's "your turn" messages are looked for, to tidy them.
TIDY_HISTORY_LIMIT = 500


class ChannelClosed(GameError, app_commands.CheckFailure):
    """``/carcassonne new`` in a channel the server has not opened to games."""


class AsyncPlay(commands.Cog):
    """Reminders, deadlines, absent players, server settings, history."""

    def __init__(self, bot: CarcassonneBot) -> None:
        self.bot = bot
        self.scheduler = Scheduler(bot.storage, self.on_timer, clock=bot.games.clock)
        self.turns = TurnService(bot.storage, bot.games, wake=self.scheduler.wake)
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
        hooks = getattr(self.bot.games, "turn_hooks", None)
        if hooks is not None:
            hooks.append(self.turns.on_change)
        else:  # pragma: no cover - an older GameService
            log.warning("GameService has no turn_hooks: moves will not reset turn timers")
        self.scheduler.start()

    async def cog_unload(self) -> None:
        await self.scheduler.stop()
        for task in list(self._tasks):
            task.cancel()
        hooks = getattr(self.bot.games, "turn_hooks", None)
        if hooks is not None and self.turns.on_change in hooks:
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
        original = getattr(error, "original", error)
        if isinstance(original, GameError):
            message = str(original)
        else:
            log.error(
                "command %s failed",
                interaction.command and interaction.command.qualified_name,
                exc_info=original,
            )
            message = "Something went wrong on my side; nothing was changed."
        await views.reply_error(interaction, message)

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

    async def _send(self, state: GameState, post: Any, kind: str) -> discord.Message | None:
        try:
            message = await self._channel(state).send(**post.send_kwargs())
        except discord.HTTPException as exc:
            log.warning("cannot post in channel %s: %s", state.row.channel_id, exc)
            return None
        if post.view is not None:
            await self.turns.remember_message(
                state.id, state.row.channel_id, message.id, kind, state.turn
            )
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
        state = absence.state
        game = state.game
        board = chart = None
        if game is not None and game.is_over:
            chart = await self._chart(state)
        elif absence.action == REMOVE and game is not None:
            board = await asyncio.to_thread(images.board, game)
        post = turn_posts.absence_post(absence, board, chart, views.play_view(state))
        await self._send(state, post, "turn")

    async def _chart(self, state: GameState) -> bytes | None:
        game = state.game
        if game is None:
            return None
        names = [p.name for p in state.players]
        try:
            return await asyncio.to_thread(
                charts.score_chart, names, score_table(game), final=game.is_over
            )
        except Exception:
            log.exception("could not draw the score chart of game %s", state.id)
            return None

    async def _ended(self, ended: GameEnded) -> None:
        state = ended.state
        if ended.chart:
            png = await self._chart(state)
            if png is not None:
                await self._send(state, turn_posts.chart_post(state, png), "chart")
        if ended.tidy:
            await self._tidy(ended)

    async def _tidy(self, ended: GameEnded) -> None:
        """Remove the buttons from a finished game's messages: the ones we noted,
        and the turn messages found in the channel's recent history."""
        state = ended.state
        channel = self._channel(state)
        done: set[int] = set()
        for channel_id, message_id in ended.messages:
            done.add(message_id)
            partial = self.bot.get_partial_messageable(channel_id, guild_id=state.row.guild_id)
            try:
                await partial.get_partial_message(message_id).edit(view=None)
            except discord.HTTPException as exc:
                log.info("could not tidy message %s: %s", message_id, exc)
        prefixes = (f"carc:play:{state.id}:", f"carc:lobby:{state.id}:")
        me = self.bot.user
        try:
            # A second early: the lobby message can share the game's (whole) second.
            since = state.row.created_at - timedelta(seconds=1)
            async for message in channel.history(limit=TIDY_HISTORY_LIMIT, after=since):
                if me is None or message.author.id != me.id or message.id in done:
                    continue
                if any(cid.startswith(prefixes) for cid in _custom_ids(message)):
                    await message.edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not tidy game %s's channel history: %s", state.id, exc)

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
        reminder_hours="Remind the player on turn every so many hours (0: never)",
        reminder_limit="At most this many reminders per turn",
        deadline_hours="Default turn deadline in hours (0: none)",
        policy="What a missed deadline does",
        remove_after="With removal: missed turns in a row before a player is removed",
        allow_channel="Allow games in this channel (once any is allowed, only those are)",
        disallow_channel="No new games in this channel",
        all_channels="Allow games in every channel again",
        tidy="Remove the buttons of a finished game's messages",
    )
    @app_commands.choices(policy=POLICY_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[int, 0, MAX_REMINDER_HOURS] | None = None,
        reminder_limit: app_commands.Range[int, 1, MAX_REMINDERS] | None = None,
        deadline_hours: app_commands.Range[int, 0, MAX_DEADLINE_HOURS] | None = None,
        policy: str | None = None,
        remove_after: app_commands.Range[int, 1, MAX_REMOVE_AFTER] | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        all_channels: bool = False,
        tidy: bool | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        rules = {
            "reminder_hours": reminder_hours,
            "reminder_limit": reminder_limit,
            "deadline_hours": deadline_hours,
            "policy": policy,
            "remove_after": remove_after,
        }
        changing = (
            any(v is not None for v in rules.values())
            or allow_channel is not None
            or disallow_channel is not None
            or all_channels
            or tidy is not None
        )
        if changing:
            settings = await self.turns.update_server_settings(
                interaction.guild_id,
                can_manage=interaction.permissions.manage_guild,
                allow_channel=allow_channel.id if allow_channel else None,
                disallow_channel=disallow_channel.id if disallow_channel else None,
                all_channels=all_channels,
                tidy=tidy,
                **rules,
            )
        else:
            settings = await self.turns.server_settings(interaction.guild_id)
        await interaction.response.send_message(
            "Saved." if changing else None,
            embed=turn_posts.server_settings_embed(settings),
            ephemeral=True,
        )

    @app_commands.command(
        name="deadline", description="This game's turn deadline and reminders (the host sets them)"
    )
    @app_commands.describe(
        hours="Turn deadline in hours (0: none)",
        policy="What a missed deadline does",
        remove_after="With removal: missed turns in a row before a player is removed",
        reminder_hours="Remind the player on turn every so many hours (0: never)",
        reminder_limit="At most this many reminders per turn",
    )
    @app_commands.choices(policy=POLICY_CHOICES)
    async def deadline(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 0, MAX_DEADLINE_HOURS] | None = None,
        policy: str | None = None,
        remove_after: app_commands.Range[int, 1, MAX_REMOVE_AFTER] | None = None,
        reminder_hours: app_commands.Range[int, 0, MAX_REMINDER_HOURS] | None = None,
        reminder_limit: app_commands.Range[int, 1, MAX_REMINDERS] | None = None,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        changes = {
            "deadline_hours": hours,
            "policy": policy,
            "remove_after": remove_after,
            "reminder_hours": reminder_hours,
            "reminder_limit": reminder_limit,
        }
        changing = any(v is not None for v in changes.values())
        found = await self.turns.game_rules(
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            can_manage=interaction.permissions.manage_guild,
            **changes,
        )
        embed = turn_posts.game_rules_embed(found)
        if changing:
            await interaction.response.send_message(
                f"{interaction.user.mention} changed this game's turn clock.",
                embed=embed,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        else:
            await interaction.response.send_message(embed=embed, ephemeral=True)

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
        chart = await self._chart(state)
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
        state = absence.state
        board = chart = None
        if state.game is not None and state.game.is_over:
            chart = await self._chart(state)
        elif state.game is not None:
            board = await asyncio.to_thread(images.board, state.game)
        post = turn_posts.absence_post(absence, board, chart, views.play_view(state))
        message = await interaction.followup.send(wait=True, **post.send_kwargs())
        if post.view is not None:
            await self.turns.remember_message(
                state.id, state.row.channel_id, message.id, "turn", state.turn
            )

    @app_commands.command(
        name="vote-end", description="Vote to end this stalled game; it is scored"
    )
    async def vote_end(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        vote = await self.turns.vote_end(
            interaction.guild_id, interaction.channel_id, interaction.user.id
        )
        await interaction.response.defer(thinking=True)
        chart = await self._chart(vote.state) if vote.ended else None
        post = turn_posts.vote_post(vote, chart)
        await interaction.followup.send(**post.send_kwargs())


def _custom_ids(message: discord.Message) -> list[str]:
    found = []
    for row in message.components:
        for child in getattr(row, "children", ()):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                found.append(custom_id)
    return found


async def setup(bot: CarcassonneBot) -> None:
    await bot.add_cog(AsyncPlay(bot))
