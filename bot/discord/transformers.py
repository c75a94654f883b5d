"""The free-text options of ``/carcassonne place``: read and suggested in one place each.

Each option is an :class:`app_commands.Transformer`: Discord caps what may be
typed (``max_length``), :meth:`transform` reads it (:mod:`bot.naming`, no
backtracking, a specific refusal for what cannot be read), and
:meth:`autocomplete` suggests the legal values of the player's turn, each
naming the turn it was suggested for, in the player's language. A
suggestion's value is what the player could have typed (``B 90`` is
``t3:2,-1,90``, spot 2 is ``t3:2``), read by the same grammar. Suggestions
never fail: a player who cannot move now is told why in the list itself.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine import TileType

from ..app import input as moves_input
from ..app.state import GameState, require_turn
from ..errors import EarlierTurn, GameError
from ..i18n import Messages
from ..naming import (
    FollowerInput,
    PositionInput,
    TileInput,
    parse_follower_input,
    parse_position,
    parse_tile,
    placement_label,
    placement_value,
    position_letters,
    resolve_position,
    tagged,
)
from ..spots import no_follower, plain, spots
from ..words.refusals import refusal_text
from ..words.tiles import tile_name
from .services import services_of

#: What Discord lets a player type in each option.
MAX_POSITION, MAX_FOLLOWER, MAX_TILE = 40, 40, 20
#: Discord shows at most 25 suggestions.
MAX_CHOICES = 25


def _notice(text: str) -> app_commands.Choice[str]:
    """A suggestion that only explains; choosing it gets a refusal back."""
    return app_commands.Choice(name=text[:100], value="?")


def _normalise(text: str) -> str:
    return " ".join(text.lower().replace("°", " ").replace(",", " ").replace(":", " ").split())


async def my_turn(interaction: discord.Interaction) -> tuple[GameState, Messages]:
    """The channel's game, if it is the user's turn in it, and the user's messages."""
    services = services_of(interaction)
    assert interaction.guild_id is not None
    t = await services.readers.private(interaction)
    try:
        state = await services.app.queries.state(interaction.guild_id,
                                                 channel_id=interaction.channel_id)
        require_turn(state, interaction.user.id)
    except GameError as exc:
        raise Notice(refusal_text(t, exc)) from None
    return state, t


class Notice(Exception):
    """Why nothing can be suggested, as the one suggestion shown."""


def _filled(interaction: discord.Interaction, name: str) -> str | None:
    value = getattr(interaction.namespace, name, None)
    return value[:MAX_POSITION] if isinstance(value, str) else None


def chosen_tile(interaction: discord.Interaction, state: GameState) -> TileType:
    """The tile of the hand named in the ``tile`` option so far (default: the first)."""
    text = _filled(interaction, "tile")
    return moves_input.tile_for(state, parse_tile(text).id if text else None)


class _TextOption(app_commands.Transformer):
    max_length = 0

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def max_value(self) -> int:
        return self.max_length

    # Narrower than discord.py's (any option value): ours are string options only.
    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        """The suggestions for ``value`` on the user's turn; else the one that says why not."""
        try:
            state, t = await my_turn(interaction)
        except Notice as exc:
            return [_notice(str(exc))]
        try:
            return self.suggest(interaction, value, state, t)
        except GameError as exc:
            return [_notice(refusal_text(t, exc))]

    def suggest(self, interaction: discord.Interaction, value: str, state: GameState,
                t: Messages) -> list[app_commands.Choice[str]]:
        """The suggestions for what the user typed so far (``value``), on their turn."""
        raise NotImplementedError


class PositionTransformer(_TextOption):
    """``position``: a letter of the move-choice picture or x,y, and a rotation."""

    max_length = MAX_POSITION

    async def transform(self, interaction: discord.Interaction, value: str) -> PositionInput:
        return parse_position(value)

    def suggest(self, interaction: discord.Interaction, value: str, state: GameState,
                t: Messages) -> list[app_commands.Choice[str]]:
        placements = moves_input.placements(state, chosen_tile(interaction, state))
        letters = position_letters(placements)
        wanted = _normalise(value[:MAX_POSITION])
        choices = []
        for p in placements:
            name = f"{letters[(p.x, p.y)]}: {placement_label(p)}"
            if wanted and not (_normalise(placement_label(p)).startswith(wanted)
                               or _normalise(name).startswith(wanted)):
                continue
            choices.append(app_commands.Choice(name=name, value=tagged(state.turn,
                                                                       placement_value(p))))
            if len(choices) == MAX_CHOICES:
                break
        return choices or [_notice(t.gettext("No place for the tile starts like that."))]


class FollowerTransformer(_TextOption):
    """``follower``: a spot's number or words (as the preview numbers them), or none."""

    max_length = MAX_FOLLOWER

    async def transform(self, interaction: discord.Interaction, value: str) -> FollowerInput:
        return parse_follower_input(value)

    def suggest(self, interaction: discord.Interaction, value: str, state: GameState,
                t: Messages) -> list[app_commands.Choice[str]]:
        tile = chosen_tile(interaction, state)
        position = _filled(interaction, "position")
        if not position:
            return [_notice(t.gettext("Choose the place first."))]
        given = parse_position(position)
        placement = resolve_position(given, moves_input.placements(state, tile))
        moves_input.check_placement(state, placement, tile, given.where)
        found = spots(t, tile, moves_input.figures(state, placement, tile))
        choices = [app_commands.Choice(name=no_follower(t), value=tagged(state.turn, "none"))]
        choices += [app_commands.Choice(name=spot.label[:100],
                                        value=tagged(state.turn, str(spot.number)))
                    for spot in found]
        wanted = plain(value[:MAX_FOLLOWER])
        return [c for c in choices if not wanted or wanted in plain(c.name)][:MAX_CHOICES] \
            or choices[:MAX_CHOICES]


class TileTransformer(_TextOption):
    """``tile``: with a hand of tiles, which one to play."""

    max_length = MAX_TILE

    async def transform(self, interaction: discord.Interaction, value: str) -> TileInput:
        return parse_tile(value)

    def suggest(self, interaction: discord.Interaction, value: str, state: GameState,
                t: Messages) -> list[app_commands.Choice[str]]:
        # Translators: a tile of the hand suggested for /carcassonne place's tile option: its
        # id first (what the option takes), then its name ("V: road curve").
        return [app_commands.Choice(name=t.gettext("{id}: {tile}", id=tile.id,
                                                   tile=tile_name(t, tile))[:100],
                                    value=tagged(state.turn, tile.id))
                for tile in moves_input.hand(state)]


def agreed_turn(*given: Any) -> int | None:
    """The turn the options of one move were suggested for; refused if they disagree."""
    turns = {g.turn for g in given if g is not None and g.turn is not None}
    if len(turns) > 1:
        raise EarlierTurn()
    return turns.pop() if turns else None


Position = app_commands.Transform[PositionInput, PositionTransformer]
Follower = app_commands.Transform[FollowerInput, FollowerTransformer]
Tile = app_commands.Transform[TileInput, TileTransformer]
