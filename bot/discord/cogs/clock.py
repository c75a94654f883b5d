"""Playing over days, and the server's choices: ``snooze``, ``settings``,
``deadline``, ``kick``, ``vote-end`` (a player's own: :mod:`.me`)."""

from __future__ import annotations

import discord
from discord import app_commands

from ...app.settings import (
    MAX_DEADLINE_HOURS,
    MAX_IDLE_ROUNDS,
    MAX_LOBBY_HOURS,
    MAX_LOBBY_LIMIT,
    MAX_REMINDER_HOURS,
    MAX_REMINDERS,
    MAX_REMOVE_AFTER,
    MAX_SNOOZE_HOURS,
    MAX_VACATION_DAYS,
    MAX_VACATIONS,
)
from ...i18n import Language
from ...i18n.translator import fixed
from ...words.absence import vote_post
from ...words.reminders import snoozed_text
from ...words.settings import game_rules_post, server_settings_embed
from .. import markup
from ..gate import as_host, player_of
from .base import Commands

POLICY_CHOICES = [
    app_commands.Choice(name="Nothing", value="nothing"),
    app_commands.Choice(name="Skip the turn", value="skip"),
    app_commands.Choice(name="Skip, remove after N", value="remove"),
    app_commands.Choice(name="An AI plays", value="ai"),
]
#: A language menu: each language in its own words, and back to Discord's choice.
AUTOMATIC = "auto"
LANGUAGE_CHOICES = [app_commands.Choice(name=fixed(language.endonym), value=language.value)
                    for language in Language]
# The turn-rule options of /carcassonne settings (a server's) and deadline (a game's).
DeadlineHours = app_commands.Range[int, 0, MAX_DEADLINE_HOURS]
RemoveAfter = app_commands.Range[int, 1, MAX_REMOVE_AFTER]
ReminderHours = app_commands.Range[int, 0, MAX_REMINDER_HOURS]
ReminderLimit = app_commands.Range[int, 1, MAX_REMINDERS]
RULE_OPTIONS = {
    "policy": "What a missed deadline does",
    "remove_after": "Missed turns before removal",
    "reminder_hours": "Hours between reminders (0: none)",
    "reminder_limit": "Most reminders per turn",
}


class ClockCommands(Commands):
    @app_commands.command(name="snooze", description="Put off your next turn reminder in this game")
    @app_commands.describe(hours="Hours (default: the reminder interval)")
    async def snooze(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 1, MAX_SNOOZE_HOURS] | None = None,
    ) -> None:
        guild_id, channel_id = await self.where(interaction)
        snoozed = await self.app.absences.snooze(guild_id, channel_id, interaction.user.id, hours)
        t = await self.readers.private(interaction)
        await interaction.response.send_message(snoozed_text(t, snoozed),
                                                ephemeral=True)

    @app_commands.command(
        name="settings", description="Server settings for games (Manage Server)"
    )
    @app_commands.describe(
        **RULE_OPTIONS,
        deadline_hours="Default turn deadline in hours (0: none)",
        allow_channel="Allow games here (then only in allowed channels)",
        disallow_channel="No new games in this channel",
        all_channels="Allow games in every channel again",
        tidy="Remove finished games' buttons",
        tidy_posts="Delete finished games' turn posts",
        threads="A thread per game",
        lobby_limit="Open games one member may host at once",
        lobby_hours="Close a game nobody started within so many hours",
        idle_rounds="End when all missed N turns in a row",
        language="The language of the games' messages here",
        hints="Allow hints from the AI (casual games)",
        vacation_days="Vacation days a game",
        vacations="Vacations a game",
        quiet_deadlines="Deadlines skip quiet hours",
        rated="New games are rated",
    )
    @app_commands.choices(policy=POLICY_CHOICES, language=[
        *LANGUAGE_CHOICES,
        app_commands.Choice(name="Automatic: the server's Discord language", value=AUTOMATIC)])
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
        tidy_posts: bool | None = None,
        threads: bool | None = None,
        lobby_limit: app_commands.Range[int, 1, MAX_LOBBY_LIMIT] | None = None,
        lobby_hours: app_commands.Range[int, 1, MAX_LOBBY_HOURS] | None = None,
        idle_rounds: app_commands.Range[int, 1, MAX_IDLE_ROUNDS] | None = None,
        language: str | None = None,
        hints: bool | None = None,
        vacation_days: app_commands.Range[int, 0, MAX_VACATION_DAYS] | None = None,
        vacations: app_commands.Range[int, 0, MAX_VACATIONS] | None = None,
        quiet_deadlines: bool | None = None,
        rated: bool | None = None,
    ) -> None:
        guild_id, _channel_id = await self.where(interaction)
        update = await self.app.settings.update_server_settings(
            guild_id,
            can_manage=interaction.permissions.manage_guild,
            allow_channel=allow_channel.id if allow_channel else None,
            disallow_channel=disallow_channel.id if disallow_channel else None,
            all_channels=all_channels,
            tidy=tidy,
            tidy_posts=tidy_posts,
            threads=threads,
            reminder_hours=reminder_hours,
            reminder_limit=reminder_limit,
            deadline_hours=deadline_hours,
            policy=policy,
            remove_after=remove_after,
            lobby_limit=lobby_limit,
            lobby_hours=lobby_hours,
            idle_rounds=idle_rounds,
            language=language,
            hints=hints,
            vacation_days=vacation_days,
            vacations=vacations,
            quiet_deadlines=quiet_deadlines,
            rated=rated,
        )
        t = await self.readers.private(interaction)
        await interaction.response.send_message(
            t.gettext("Saved.") if update.changed else None,
            embed=server_settings_embed(t, update.settings),
            ephemeral=True,
        )

    @app_commands.command(
        name="deadline", description="This game's deadline and reminders (host)"
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
        guild_id, channel_id = await self.where(interaction)
        found = await as_host(
            interaction,
            await self.app.queries.row(guild_id, channel_id=channel_id),
            lambda: self.app.settings.game_rules(
                guild_id,
                channel_id,
                interaction.user.id,
                can_manage=interaction.permissions.manage_guild,
                deadline_hours=hours,
                policy=policy,
                remove_after=remove_after,
                reminder_hours=reminder_hours,
                reminder_limit=reminder_limit,
            ),
        )
        # A change is announced to the table; a look is private.
        t = await (self.readers.public(guild_id) if found.changed
                   else self.readers.private(interaction))
        post = game_rules_post(t, found, markup.mention(interaction.user.id))
        await interaction.response.send_message(
            **post.send_kwargs(),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=not found.changed,
        )

    @app_commands.command(name="kick", description="Remove an absent player from this game (host)")
    @app_commands.describe(player="Who leaves the game; their followers leave the map")
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        guild_id, channel_id = await self.where(interaction)
        absence = await as_host(
            interaction,
            await self.app.queries.row(guild_id, channel_id=channel_id),
            lambda: self.app.absences.kick(
                guild_id,
                channel_id,
                player_of(interaction.user),
                player.id,
                can_manage=interaction.permissions.manage_guild,
            ),
        )
        await interaction.response.defer(thinking=True)
        await self.announcer.absence_reply(interaction, absence)

    @app_commands.command(
        name="vote-end", description="Vote to end this stalled game; it is scored"
    )
    async def vote_end(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        vote = await self.app.absences.vote_end(guild_id, channel_id, interaction.user.id)
        t = await self.readers.public(guild_id)
        await interaction.response.defer(thinking=True)
        chart = await self.announcer.score_chart(t, vote.state) if vote.ended else None
        await self.announcer.reply(interaction, vote_post(t, vote, chart), vote.state, "notice")
