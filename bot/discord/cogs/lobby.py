"""``/carcassonne new``, ``join``, ``leave``, ``start``, ``cancel``: opening and closing games."""

from __future__ import annotations

import discord
from discord import app_commands

from ...app.lobby import MOST_PLAYERS, max_players
from ...errors import NotAllowed
from ...i18n import N_
from ...storage import LOBBY, MessageRef
from ...words.common import game_title
from ...words.lobby import ai_namer, lobby_post
from ...words.threads import no_thread_note
from .. import markup
from ..channel_access import missing_for_threads, require_posting
from ..gate import as_host, player_of
from ..lobby_buttons import lobby_view
from .base import Commands

GAME_CHOICES = [
    app_commands.Choice(name="Carcassonne", value="carcassonne"),
    app_commands.Choice(name="Hunters and Gatherers", value="hunters-and-gatherers"),
]
AI_CHOICES = [
    app_commands.Choice(name="Easy", value="easy"),
    app_commands.Choice(name="Medium", value="medium"),
    app_commands.Choice(name="Hard", value="hard"),
]
#: The level of AI players seated by ``/carcassonne new ai:`` alone.
DEFAULT_AI_LEVEL = "medium"
FARMER_CHOICES = [
    app_commands.Choice(name="3rd edition: 3 per completed city", value="3rd"),
    app_commands.Choice(name="1st edition: 4 per city to the farmers' majority", value="1st"),
    app_commands.Choice(name="Off: no farmers", value="off"),
]


class LobbyCommands(Commands):
    @app_commands.command(
        name="new", description="Open a game in this channel"
    )
    @app_commands.describe(
        game="Which game (default Carcassonne)",
        river="Start with the River",
        winter="The Winter Edition bag (84 tiles)",
        farmers="How farmers score (default 3rd edition)",
        two_tile_city="1st edition: a 2-tile city scores 2, +1 per pennant",
        unfinished="Unfinished features score at the end",
        inns_cathedrals="Inns & Cathedrals, up to 6 players",
        traders_builders="Traders & Builders",
        hand="House rule: tiles held, one played (default 1)",
        ai="AI players to seat (1 to 5)",
        ai_level="Their level (default medium)",
    )
    @app_commands.choices(game=GAME_CHOICES, farmers=FARMER_CHOICES, ai_level=AI_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str = "carcassonne",
        river: bool = False,
        winter: bool = False,
        farmers: str = "3rd",
        two_tile_city: bool = False,
        unfinished: bool = True,
        inns_cathedrals: bool = False,
        traders_builders: bool = False,
        hand: app_commands.Range[int, 1, 3] = 1,
        ai: app_commands.Range[int, 1, MOST_PLAYERS - 1] | None = None,
        ai_level: str | None = None,
    ) -> None:
        guild_id, channel_id = await self.where(interaction)
        if isinstance(interaction.channel, discord.Thread):
            raise NotAllowed(N_(
                "Games are opened in a channel, not in a thread: each game gets a thread of "
                "its own when it starts. Use `/carcassonne new` in the channel."))
        require_posting(interaction)
        options = {
            "game": game,
            "river": river,
            "winter": winter,
            "small_city": two_tile_city,
            "unfinished": unfinished,
            "hand": hand,
            "farmers": farmers,
            "inns_cathedrals": inns_cathedrals,
            "traders_builders": traders_builders,
        }
        # A level alone seats one AI of that level; a number alone, medium ones.
        seats = ai if ai is not None else int(ai_level is not None)
        t = await self.readers.public(guild_id)
        state = await self.app.lobby.create(
            guild_id, channel_id, player_of(interaction.user), options,
            ai=(ai_level or DEFAULT_AI_LEVEL,) * seats, name_ai=ai_namer(t),
        )
        # Where the game will be played: said now if the server wants a thread per game
        # and the bot could not open one here.
        settings = await self.app.settings.server_settings(guild_id)
        lacking = missing_for_threads(interaction.app_permissions) if settings.threads else []
        note = no_thread_note(t, lacking) if lacking else None
        post = lobby_post(t, state, lobby_view(t, state), note)
        response = await interaction.response.send_message(**post.send_kwargs())
        if response.message_id is not None:
            await self.app.lobby.set_lobby_message(state.id, response.message_id)
            await self.app.moves.remember_message(
                state.id, MessageRef(channel_id, response.message_id, "lobby")
            )

    @app_commands.command(name="join", description="Join the game that is open in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        state = await self.app.lobby.join(
            guild_id, player_of(interaction.user), channel_id=channel_id
        )
        t = await self.readers.public(guild_id)
        await interaction.response.send_message(
            t.gettext("{player} joined ({count}/{most}).",
                      player=markup.mention(interaction.user.id), count=len(state.players),
                      most=max_players(state.row.options)),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.announcer.refresh_lobby(state)

    @app_commands.command(
        name="leave", description="Leave the game in this channel before it starts"
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        state = await self.app.lobby.leave(guild_id, interaction.user.id, channel_id=channel_id)
        t = await self.readers.public(guild_id)
        if state.row.status != LOBBY:
            text = t.gettext("{player} left. Nobody is left, so the game is closed.",
                             player=markup.mention(interaction.user.id))
        else:
            text = t.gettext("{player} left.", player=markup.mention(interaction.user.id))
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )
        await self.announcer.refresh_lobby(state)

    @app_commands.command(name="start", description="Start the game in this channel (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        require_posting(interaction)
        state = await as_host(
            interaction,
            await self.app.queries.row(guild_id, channel_id=channel_id),
            lambda: self.app.lobby.start(guild_id, interaction.user.id, channel_id=channel_id),
        )
        await interaction.response.defer(thinking=True)
        settings = await self.app.settings.server_settings(guild_id)
        await self.announcer.started_reply(interaction, state, thread=settings.threads)
        await self.announcer.refresh_lobby(state)

    @app_commands.command(
        name="cancel",
        description="End this game unscored (host, Manage Server)",
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = await self.where(interaction)
        state = await as_host(
            interaction,
            await self.app.queries.row(guild_id, channel_id=channel_id),
            lambda: self.app.lifecycle.cancel(
                guild_id,
                interaction.user.id,
                can_manage=interaction.permissions.manage_guild,
                channel_id=channel_id,
            ),
        )
        t = await self.readers.public(guild_id)
        text = t.gettext("{game} was cancelled by {player}.", game=game_title(t, state),
                         player=markup.mention(interaction.user.id))
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none())
        await self.announcer.told_elsewhere(interaction, state, text)
        await self.announcer.refresh_lobby(state)
