"""``/carcassonne me``: a player's own settings (language, time zone, quiet hours,
how they are called) and vacations, in one command."""

from __future__ import annotations

import discord
from discord import app_commands

from ...app.hours import MAX_CALL_AFTER_HOURS, MAX_VACATION_DAYS, Call, time_zones
from ...i18n import Language
from ...i18n.terms import language_name
from ...words.me import me_embed, vacation_post
from .base import Commands
from .clock import AUTOMATIC, LANGUAGE_CHOICES

CALL_CHOICES = [
    app_commands.Choice(name="Mention", value=Call.MENTION.value),
    app_commands.Choice(name="Mention and DM", value=Call.DM.value),
    app_commands.Choice(name="After call_after hours", value=Call.LATER.value),
]
#: Autocomplete offers at most this many time zones.
MAX_ZONES = 25


class MeCommands(Commands):
    @app_commands.command(name="me", description="Your own settings")
    @app_commands.describe(
        language="Your language",
        zone="Your time zone",
        quiet="Quiet hours, e.g. 22-7",
        call="How turns call you",
        call_after="Call me after N hours",
        vacation="Days away (0: back)",
        leaderboard="Show me on leaderboards",
    )
    @app_commands.choices(language=[
        *LANGUAGE_CHOICES,
        app_commands.Choice(name="Automatic: my Discord language", value=AUTOMATIC)],
        call=CALL_CHOICES)
    async def me(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        zone: app_commands.Range[str, 1, 40] | None = None,
        quiet: app_commands.Range[str, 1, 20] | None = None,
        call: str | None = None,
        call_after: app_commands.Range[int, 0, MAX_CALL_AFTER_HOURS] | None = None,
        vacation: app_commands.Range[int, 0, MAX_VACATION_DAYS] | None = None,
        leaderboard: bool | None = None,
    ) -> None:
        guild_id, _channel_id = await self.where(interaction)
        mine = await self.app.me.me(guild_id, interaction.user.id, language=language, zone=zone,
                                    quiet=quiet, call=call, call_after=call_after,
                                    vacation=vacation, leaderboard=leaderboard)
        t = await self.readers.private(interaction)
        lines = []
        if language == AUTOMATIC:
            lines.append(t.gettext("I will answer you in your Discord language: {language}.",
                                   language=language_name(t, t.language)))
        elif language is not None:
            lines.append(t.gettext("I will answer you in {language}. Messages for everyone "
                                   "stay in the server's language.",
                                   language=language_name(t, Language(language))))
        if mine.changed and language is None:
            lines.append(t.gettext("Saved."))
        await interaction.response.send_message(
            "\n".join(lines) or None, embed=me_embed(t, mine), ephemeral=True)
        for state in mine.told:
            public = await self.readers.public(state.row.guild_id)
            await self.announcer.post(state, vacation_post(public, state, interaction.user.id),
                                      "vacation")

    @me.autocomplete("zone")
    async def zone_autocomplete(self, interaction: discord.Interaction,
                                value: str) -> list[app_commands.Choice[str]]:
        wanted = value.strip().replace(" ", "_").casefold()
        zones = time_zones()
        starts = [z for z in zones if z.casefold().startswith(wanted)]
        found = starts + [z for z in zones if wanted in z.casefold() and z not in starts]
        if not wanted:  # nothing typed: the current choice first, then the regions
            current = (await self.app.me.hours(interaction.user.id)).zone
            found = ([current] if current else []) + [z for z in zones if "/" in z]
        return [app_commands.Choice(name=z, value=z) for z in found[:MAX_ZONES]]
