"""The free-text options of ``/carcassonne place``: read and suggested in one place each.

Each option is an :class:`app_commands.Transformer`: Discord caps what may be
typed (``max_length``), :meth:`transform` reads it (:mod:`bot.naming`, no
backtracking, a specific refusal for what cannot be read), and
:meth:`autocomplete` suggests the legal values of the player's turn, each
naming the turn it was suggested for. Suggestions never fail: a player who
cannot move now is told why in the list itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from engine import TileType

from . import presenters
from .errors import EarlierTurn, GameError
from .games import GameService, GameState
from .naming import (
    NO_FOLLOWER,
    FollowerChoice,
    FollowerInput,
    PositionInput,
    TileInput,
    figure_label,
    parse_follower_input,
    parse_position,
    parse_tile,
    placement_label,
    placement_value,
    position_letters,
    resolve_position,
    tagged,
)

if TYPE_CHECKING:
    from .client import CarcassonneBot

#: What Discord lets a player type in each option.
MAX_POSITION, MAX_FOLLOWER, MAX_TILE = 40, 40, 20
#: Discord shows at most 25 suggestions.
MAX_CHOICES = 25


def _notice(text: str) -> app_commands.Choice[str]:
    """A suggestion that only explains; choosing it gets a refusal back."""
    return app_commands.Choice(name=text[:100], value="?")


def _normalise(text: str) -> str:
    return " ".join(text.lower().replace("°", " ").replace(",", " ").split())


async def my_turn(interaction: discord.Interaction) -> GameState:
    """The channel's game, if it is the user's turn in it."""
    bot: CarcassonneBot = interaction.client  # type: ignore[assignment]
    assert interaction.guild_id is not None
    state = await bot.games.state(interaction.guild_id, channel_id=interaction.channel_id)
    GameService.require_turn(state, interaction.user.id)
    return state


def _filled(interaction: discord.Interaction, name: str) -> str | None:
    value = getattr(interaction.namespace, name, None)
    return value[:MAX_POSITION] if isinstance(value, str) else None


def chosen_tile(interaction: discord.Interaction, state: GameState) -> TileType:
    """The tile of the hand named in the ``tile`` option so far (default: the first)."""
    text = _filled(interaction, "tile")
    return GameService.tile_for(state, parse_tile(text).id if text else None)


class _TextOption(app_commands.Transformer):
    max_length = 0

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def max_value(self) -> int:
        return self.max_length


class PositionTransformer(_TextOption):
    """``position``: x,y and a rotation, or a letter of the move-choice picture."""

    max_length = MAX_POSITION

    async def transform(self, interaction: discord.Interaction, value: str) -> PositionInput:
        return parse_position(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        try:
            state = await my_turn(interaction)
            placements = GameService.placements(state, chosen_tile(interaction, state))
        except GameError as exc:
            return [_notice(str(exc))]
        letters = position_letters(placements)
        wanted = _normalise(value[:MAX_POSITION])
        choices = []
        for p in placements:
            name = f"{letters[(p.x, p.y)]}: {placement_label(p)}"
            if wanted and not (
                _normalise(placement_label(p)).startswith(wanted)
                or _normalise(name).startswith(wanted)
            ):
                continue
            value = tagged(state.turn, placement_value(p))
            choices.append(app_commands.Choice(name=name, value=value))
            if len(choices) == MAX_CHOICES:
                break
        return choices or [_notice("No legal placement starts like that.")]


class FollowerTransformer(_TextOption):
    """``follower``: a port of the placed tile (``hut:`` for a hut), or none."""

    max_length = MAX_FOLLOWER

    async def transform(self, interaction: discord.Interaction, value: str) -> FollowerInput:
        return parse_follower_input(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        try:
            state = await my_turn(interaction)
            tile = chosen_tile(interaction, state)
            position = _filled(interaction, "position")
            if not position:
                return [_notice("Choose the position first.")]
            placement = resolve_position(
                parse_position(position), GameService.placements(state, tile)
            )
            GameService.check_placement(state, placement, tile)
            figures = GameService.figures(state, placement, tile)
        except GameError as exc:
            return [_notice(str(exc))]
        choices = [app_commands.Choice(name="No follower", value=tagged(state.turn, NO_FOLLOWER))]
        choices += [
            app_commands.Choice(
                name=figure_label(f.figure, f.port, f.role),
                value=tagged(state.turn, FollowerChoice(f.figure, f.port).value),
            )
            for f in figures
        ]
        wanted = value[:MAX_FOLLOWER].strip().lower()
        return [
            c
            for c in choices
            if not wanted
            or c.name.lower().startswith(wanted)
            or c.value.lower().partition(":")[2].startswith(wanted)
        ][:MAX_CHOICES]


class TileTransformer(_TextOption):
    """``tile``: with a hand of tiles, which one to play."""

    max_length = MAX_TILE

    async def transform(self, interaction: discord.Interaction, value: str) -> TileInput:
        return parse_tile(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        try:
            state = await my_turn(interaction)
        except GameError as exc:
            return [_notice(str(exc))]
        assert state.game is not None
        return [
            app_commands.Choice(
                name=f"{t.id}: {presenters.tile_words(t, state.game.rules.tiles)}"[:100],
                value=tagged(state.turn, t.id),
            )
            for t in GameService.hand(state)
        ]


def agreed_turn(*given: Any) -> int | None:
    """The turn the options of one move were suggested for; refused if they disagree."""
    turns = {g.turn for g in given if g is not None and g.turn is not None}
    if len(turns) > 1:
        raise EarlierTurn()
    return turns.pop() if turns else None


Position = app_commands.Transform[PositionInput, PositionTransformer]
Follower = app_commands.Transform[FollowerInput, FollowerTransformer]
Tile = app_commands.Transform[TileInput, TileTransformer]
