"""The ``/carcassonne`` command group. Handlers are thin: parse, call, present."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from engine import Placement

from .. import images, presenters, views
from ..games import GameError, GameService, GameState
from ..naming import (
    NO_FOLLOWER,
    FollowerChoice,
    figure_label,
    parse_follower,
    parse_placement,
    placement_label,
    placement_value,
)
from ..storage import LOBBY

if TYPE_CHECKING:
    from ..client import CarcassonneBot

log = logging.getLogger(__name__)

GAME_CHOICES = [
    app_commands.Choice(name="Carcassonne", value="carcassonne"),
    app_commands.Choice(name="Hunters and Gatherers", value="hunters-and-gatherers"),
]
FARMER_CHOICES = [
    app_commands.Choice(name="3rd edition: 3 per completed city", value="3rd"),
    app_commands.Choice(name="1st edition: 4 per city to the farmers' majority", value="1st"),
    app_commands.Choice(name="Off: no farmers", value="off"),
]


@app_commands.guild_only()
class Carcassonne(
    commands.GroupCog,
    group_name="carcassonne",
    group_description="Play Carcassonne in this channel",
):
    def __init__(self, bot: CarcassonneBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def games(self) -> GameService:
        return self.bot.games

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await views.command_error(interaction, error)

    # --------------------------------------------------------------- lobby

    @app_commands.command(
        name="new", description="Open a game in this channel; others join, you start it"
    )
    @app_commands.describe(
        game="Which game (default Carcassonne)",
        river="Carcassonne: start with the 12 River tiles",
        winter="Carcassonne: play the Winter Edition bag (72 tiles plus 12 animal tiles)",
        farmers="Carcassonne: how farmers score (default 3rd edition)",
        two_tile_city="Carcassonne, 1st edition: a completed 2-tile city scores 2, +1 per pennant",
        unfinished="Unfinished features score at the end (default yes)",
        hand="House rule: hold this many tiles and play one of them (default 1)",
    )
    @app_commands.choices(game=GAME_CHOICES, farmers=FARMER_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str = "carcassonne",
        river: bool = False,
        winter: bool = False,
        farmers: str = "3rd",
        two_tile_city: bool = False,
        unfinished: bool = True,
        hand: app_commands.Range[int, 1, 3] = 1,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        options = {
            "game": game,
            "river": river,
            "winter": winter,
            "small_city": two_tile_city,
            "unfinished": unfinished,
            "hand": hand,
        }
        if game == "carcassonne":
            options["farmers"] = farmers
        elif farmers != "3rd":
            raise GameError("Farmers are a Carcassonne option; Hunters and Gatherers has hunters.")
        state = await self.games.create(
            interaction.guild_id, interaction.channel_id, views.player_of(interaction.user), options
        )
        post = presenters.lobby_post(state, views.lobby_view(state))
        response = await interaction.response.send_message(**post.send_kwargs())
        if response.message_id is not None:
            await self.games.set_lobby_message(interaction.guild_id, state.id, response.message_id)

    @app_commands.command(name="join", description="Join the game that is open in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        state = await self.games.join(
            interaction.guild_id,
            views.player_of(interaction.user),
            channel_id=interaction.channel_id,
        )
        await interaction.response.send_message(
            f"{interaction.user.mention} joined ({len(state.players)}/5).",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._refresh_lobby(interaction, state)

    @app_commands.command(
        name="leave", description="Leave the game in this channel before it starts"
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        state = await self.games.leave(
            interaction.guild_id, interaction.user.id, channel_id=interaction.channel_id
        )
        text = f"{interaction.user.mention} left."
        if state.row.status != LOBBY:
            text += " Nobody is left, so the game is closed."
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )
        await self._refresh_lobby(interaction, state)

    @app_commands.command(name="start", description="Start the game in this channel (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        state = await self.games.start(
            interaction.guild_id, interaction.user.id, channel_id=interaction.channel_id
        )
        await interaction.response.defer(thinking=True)
        post = await views.started_message(state)
        await views.send_reply(interaction, post, state)
        await self._refresh_lobby(interaction, state)

    async def _refresh_lobby(self, interaction: discord.Interaction, state: GameState) -> None:
        """Bring the lobby message's list and buttons up to date (best effort)."""
        message_id = state.row.lobby_message_id
        channel = interaction.channel
        if message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        post = presenters.lobby_post(state, views.lobby_view(state))
        try:
            await channel.get_partial_message(message_id).edit(  # type: ignore[union-attr]
                embed=post.embed, view=post.view
            )
        except discord.HTTPException as exc:
            log.info("could not update lobby message %s: %s", message_id, exc)

    # ---------------------------------------------------------------- play

    @app_commands.command(name="place", description="Place your tile (and a follower) on your turn")
    @app_commands.describe(
        position="Where: x,y and rotation as on the map, e.g. 3,-1 90 (pick from the list)",
        follower="Where a follower stands on the tile (pick from the list), or none",
        tile="With a hand of tiles: which one to play (default the first)",
    )
    async def place(
        self,
        interaction: discord.Interaction,
        position: str,
        follower: str | None = None,
        tile: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        state = await self.games.state(interaction.guild_id, channel_id=interaction.channel_id)
        GameService.require_turn(state, interaction.user.id)
        placement = self._placement(state, position, tile)
        choice = views.parsed(parse_follower, follower)
        played = await self.games.place(
            interaction.guild_id,
            interaction.user.id,
            placement,
            choice,
            tile=tile,
            game_id=state.id,
        )
        await interaction.response.defer(thinking=True)
        post = await views.turn_message(played)
        await views.send_reply(interaction, post, played.state)

    def _placement(self, state: GameState, text: str, tile: str | None) -> Placement:
        """A placement from a value, a typed ``x,y rotation``, or a map letter and rotation."""
        try:
            return parse_placement(text)
        except ValueError as exc:
            by_letter = self._letter_placement(state, text, tile)
            if by_letter is None:
                raise GameError(f"{exc}.") from None
            return by_letter

    def _letter_placement(self, state: GameState, text: str, tile: str | None) -> Placement | None:
        parts = text.replace(",", " ").replace("°", " ").split()
        if not parts or not parts[0].isalpha() or len(parts) > 2 or state.game is None:
            return None
        rotation = int(parts[1]) if len(parts) == 2 and parts[1].isdigit() else 0
        try:
            placements = GameService.placements(state, GameService.tile_for(state, tile))
        except GameError:
            return None
        letters = views.position_letters(placements)
        for (x, y), letter in letters.items():
            if letter == parts[0].upper():
                return Placement(x, y, rotation)
        return None

    @place.autocomplete("position")
    async def position_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            state = await self._my_turn(interaction)
            chosen = GameService.tile_for(state, getattr(interaction.namespace, "tile", None))
            placements = GameService.placements(state, chosen)
        except GameError as exc:
            return [_notice(str(exc))]
        letters = views.position_letters(placements)
        wanted = _normalise(current)
        choices = []
        for p in placements:
            name = f"{letters[(p.x, p.y)]}: {placement_label(p)}"
            if wanted and not (
                _normalise(placement_label(p)).startswith(wanted)
                or _normalise(name).startswith(wanted)
            ):
                continue
            choices.append(app_commands.Choice(name=name, value=placement_value(p)))
            if len(choices) == 25:
                break
        return choices or [_notice(f"No legal placement matches {current!r}.")]

    @place.autocomplete("follower")
    async def follower_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            state = await self._my_turn(interaction)
            chosen = GameService.tile_for(state, getattr(interaction.namespace, "tile", None))
            position = getattr(interaction.namespace, "position", None)
            if not position:
                return [_notice("Choose the position first.")]
            placement = self._placement(state, position, chosen.id)
            GameService.check_placement(state, placement, chosen)
            figures = GameService.figures(state, placement, chosen)
        except GameError as exc:
            return [_notice(str(exc))]
        choices = [app_commands.Choice(name="No follower", value=NO_FOLLOWER)]
        choices += [
            app_commands.Choice(
                name=figure_label(f.figure, f.port, f.role),
                value=FollowerChoice(f.figure, f.port).value,
            )
            for f in figures
        ]
        wanted = current.strip().lower()
        return [
            c
            for c in choices
            if not wanted or c.name.lower().startswith(wanted) or c.value.lower().startswith(wanted)
        ][:25]

    @place.autocomplete("tile")
    async def tile_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            state = await self._my_turn(interaction)
        except GameError as exc:
            return [_notice(str(exc))]
        return [
            app_commands.Choice(
                name=f"{t.id}: {presenters.tile_words(t, state.game.rules.tiles)}"[:100],
                value=t.id,
            )
            for t in GameService.hand(state)
        ]

    async def _my_turn(self, interaction: discord.Interaction) -> GameState:
        assert interaction.guild_id is not None
        state = await self.games.state(interaction.guild_id, channel_id=interaction.channel_id)
        GameService.require_turn(state, interaction.user.id)
        return state

    # ------------------------------------------------------------ looking

    @app_commands.command(name="board", description="Show the map of the game in this channel")
    async def board(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        state = await self.games.started_state(
            interaction.guild_id, channel_id=interaction.channel_id, missing="there is no map"
        )
        assert state.game is not None
        await interaction.response.defer(thinking=True)
        png = await asyncio.to_thread(images.board, state.game)
        await interaction.followup.send(**presenters.board_post(state, png).send_kwargs())

    @app_commands.command(
        name="status", description="Scores, followers, tiles left, and whose turn"
    )
    async def status(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        state = await self.games.state(
            interaction.guild_id, channel_id=interaction.channel_id, latest=True
        )
        embed = presenters.status_embed(state, discord.utils.utcnow())
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="tiles", description="The tiles still in the bag, by type")
    async def tiles(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        state = await self.games.started_state(
            interaction.guild_id,
            channel_id=interaction.channel_id,
            missing="the bag is still closed",
        )
        await interaction.response.send_message(embed=presenters.tiles_embed(state))

    @app_commands.command(name="export", description="The game record as a JSON file")
    async def export(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        exported = await self.games.export(interaction.guild_id, channel_id=interaction.channel_id)
        await interaction.response.send_message(
            f"Game record of {presenters.game_title(exported.state)}"
            f" after turn {exported.state.turn}.",
            file=discord.File(io.BytesIO(exported.data), filename=exported.filename),
        )

    @app_commands.command(
        name="cancel",
        description="End the game in this channel without scoring (host or Manage Server)",
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        permissions = interaction.permissions
        state = await self.games.cancel(
            interaction.guild_id,
            interaction.user.id,
            can_manage=permissions.manage_guild,
            channel_id=interaction.channel_id,
        )
        await interaction.response.send_message(
            f"{presenters.game_title(state)} was cancelled by {interaction.user.mention}.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if state.row.lobby_message_id is not None:
            await self._refresh_lobby(interaction, state)

    @app_commands.command(name="help", description="How to play Carcassonne here")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=presenters.help_embed(), ephemeral=True)


def _normalise(text: str) -> str:
    return " ".join(text.lower().replace("°", " ").replace(",", " ").split())


def _notice(text: str) -> app_commands.Choice[str]:
    """A suggestion that only explains; choosing it gets the same explanation back."""
    return app_commands.Choice(name=text[:100], value="?")


async def setup(bot: CarcassonneBot) -> None:
    await bot.add_cog(Carcassonne(bot))
