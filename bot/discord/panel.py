"""The buttons of a turn message and the private turn panel they open.

Under a turn message: "Play your turn" (:class:`PlayButton`), "Full map" and
"Who owns what" (:class:`MapButton`). The panel (:func:`turn_panel`) is the
player's own: the tile of a hand (:class:`TileSelect`), a place, page by page
(:class:`PlacementSelect`, :class:`PageButton`), a follower spot
(:class:`FollowerSelect`) and :class:`ConfirmButton`, the only component that
changes the game. Each component is thin over its kind in :mod:`bot.discord.custom_ids`;
the panel's words are :mod:`bot.words.panel`'s.
"""

from __future__ import annotations

import asyncio

import discord

from engine import Placement

from .. import images
from ..app import input as moves_input
from ..app.input import MoveRequest
from ..app.state import GameState
from ..errors import BadInput, NoGame
from ..i18n import N_, Messages
from ..naming import FollowerChoice, parse_position, placement_value, position_letters
from ..spots import no_follower, spots
from ..words import panel as words
from ..words.common import COLOUR, Post, attach
from ..words.status import board_post
from ..words.tiles import tile_name
from . import custom_ids
from .gate import REBUILT, GameItem
from .services import services_of

#: Places in one page of the menu (Discord's most).
PAGE_SIZE = 25


# ------------------------------------------------------- the turn message


class PlayButton(GameItem[discord.ui.Button], ids=custom_ids.PLAY):
    """ "Play your turn" under a turn message: opens the player's private turn panel."""

    def __init__(self, game_id: int, turn: int, label: str = REBUILT) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=custom_ids.PLAY.make(game_id, turn),
            )
        )
        self.game_id, self.turn = game_id, turn

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        post = await turn_panel(t, state, None, 0)
        await interaction.followup.send(ephemeral=True, **post.send_kwargs())


class MapButton(GameItem[discord.ui.Button], ids=custom_ids.MAP):
    """ "Full map" and "Who owns what" under a turn message: the game's whole map at
    full resolution, or its feature view, for whoever asks, privately."""

    on_turn = False

    def __init__(self, game_id: int, view: str, label: str = REBUILT) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.MAP.make(game_id, view),
            )
        )
        self.game_id, self.picture = game_id, view

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        if state.game is None:
            raise NoGame(N_("The game has not started yet: there is no map."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        post = await map_post(t, state, features=self.picture == "features")
        await interaction.followup.send(ephemeral=True, **post.send_kwargs())


async def map_post(t: Messages, state: GameState, *, features: bool,
                   view: discord.ui.View | None = None) -> Post:
    """The whole map at full resolution, or who owns what, drawn off the event loop."""
    assert state.game is not None
    draw = images.features if features else images.board
    png = await asyncio.to_thread(draw, state.game, t)
    return board_post(t, state, png, features, view)


def map_buttons(t: Messages, game_id: int, *, full: bool = True,
                features: bool = True) -> list[MapButton]:
    """The buttons that show the whole map and who owns what."""
    buttons = []
    if full:
        buttons.append(MapButton(game_id, "map", words.full_map_label(t)))
    if features:
        buttons.append(MapButton(game_id, "features", words.features_label(t)))
    return buttons


def play_view(t: Messages, state: GameState) -> discord.ui.View | None:
    """The buttons of a turn message: "Play your turn" (not for an AI's turn), and the
    whole map and who owns what one tap away (none once nobody is on turn)."""
    if state.current is None:
        return None
    view = discord.ui.View(timeout=None)
    if not state.current.is_ai:
        view.add_item(PlayButton(state.id, state.turn, words.play_label(t)))
    for button in map_buttons(t, state.id):
        view.add_item(button)
    return view


# ---------------------------------------------------------- the turn panel


class TileSelect(GameItem[discord.ui.Select], ids=custom_ids.TILES):
    """With a hand of tiles: which tile to play (each type once: two of a kind are one choice)."""

    def __init__(self, game_id: int, turn: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_ids.TILES.make(game_id, turn),
                placeholder=placeholder,
                options=options or [discord.SelectOption(label=REBUILT, value=REBUILT)],
            ),
            row=0,
        )
        self.game_id, self.turn = game_id, turn

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        await update_panel(interaction, t, state, self.item.values[0], 0)


def tile_select(t: Messages, state: GameState, chosen: str | None) -> TileSelect:
    options = [discord.SelectOption(label=tile_name(t, tile)[:100], value=tile.id,
                                    description=words.tile_option(t, tile.id),
                                    default=tile.id == chosen)
               for tile in moves_input.hand(state)]
    return TileSelect(state.id, state.turn, options, words.tile_placeholder(t))


class PlacementSelect(GameItem[discord.ui.Select], ids=custom_ids.PLACES):
    """One page (25) of the legal placements of the chosen tile."""

    def __init__(
        self,
        game_id: int,
        turn: int,
        tile: str,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_ids.PLACES.make(game_id, turn, tile, page),
                placeholder=placeholder,
                options=options or [discord.SelectOption(label=REBUILT, value=REBUILT)],
            ),
            row=1,
        )
        self.game_id, self.turn, self.tile, self.page = game_id, turn, tile, page

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        given = parse_position(self.item.values[0])
        if given.x is None or given.y is None or given.rotation is None:
            raise BadInput(N_("Pick a place from the list."))
        placement = Placement(given.x, given.y, given.rotation)
        await update_panel(interaction, t, state, self.tile, self.page, placement)


class PageButton(GameItem[discord.ui.Button], ids=custom_ids.PAGES):
    """The previous or next page of places, when there are more than 25 ("◀ Page 1",
    "Page 3 ▶": the page it goes to)."""

    def __init__(self, game_id: int, turn: int, tile: str, page: int, direction: str,
                 label: str = REBUILT) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.PAGES.make(game_id, turn, tile, page, direction),
            ),
            row=4,
        )
        self.game_id, self.turn, self.tile, self.page = game_id, turn, tile, page

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        await update_panel(interaction, t, state, self.tile, self.page)


class FollowerSelect(GameItem[discord.ui.Select], ids=custom_ids.FOLLOWERS):
    """Where a figure goes on the chosen placement ("2: the north field"), or none.
    The option values are the engine's ports, never shown."""

    def __init__(
        self,
        game_id: int,
        turn: int,
        tile: str,
        placement: Placement,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_ids.FOLLOWERS.make(game_id, turn, tile, placement, page),
                placeholder=placeholder,
                options=options or [discord.SelectOption(label=REBUILT, value="none")],
            ),
            row=2,
        )
        self.game_id, self.turn, self.tile, self.page = game_id, turn, tile, page
        self.placement = placement

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        follower = FollowerChoice.parse(self.item.values[0])
        await update_panel(interaction, t, state, self.tile, self.page, self.placement, follower)


class ConfirmButton(GameItem[discord.ui.Button], ids=custom_ids.CONFIRM):
    """Apply the move chosen in the panel: the only component that changes the game."""

    def __init__(
        self,
        game_id: int,
        turn: int,
        tile: str,
        placement: Placement,
        follower: FollowerChoice | None,
        label: str = REBUILT,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=custom_ids.CONFIRM.make(game_id, turn, tile, placement, follower),
            ),
            row=3,
        )
        self.game_id, self.turn, self.tile = game_id, turn, tile
        self.placement, self.follower = placement, follower

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        assert interaction.guild_id is not None
        services = services_of(interaction)
        played = await services.app.moves.place(MoveRequest(
            interaction.guild_id,
            interaction.user.id,
            self.placement,
            self.follower,
            tile=self.tile,
            game_id=self.game_id,
            turn=self.turn,
        ))
        await interaction.response.edit_message(
            content=words.played_text(t, self.tile, self.placement),
            embed=None,
            attachments=[],
            view=None,
        )
        await services.announcer.played(interaction, played)


async def turn_panel(
    t: Messages,
    state: GameState,
    tile_id: str | None,
    page: int,
    placement: Placement | None = None,
    follower: FollowerChoice | None = None,
) -> Post:
    """The private panel of the player on turn: picture, menus, Confirm. With a hand
    of several tiles and none chosen yet, the hand first."""
    game = state.game
    assert game is not None
    view = discord.ui.View(timeout=None)
    post = Post(view=view)
    embed = discord.Embed(colour=COLOUR)
    post.embed = embed
    hand = moves_input.hand(state)
    if len(hand) > 1:
        view.add_item(tile_select(t, state, tile_id))
        if tile_id is None:
            embed.title = words.hand_title(t)
            embed.description = words.hand_text(t, hand)
            png = await asyncio.to_thread(images.hand, game, t)
            attach(post, f"hand-{state.id}-{state.turn}.png", png)
            return post
    tile = moves_input.tile_for(state, tile_id)
    placements = moves_input.placements(state, tile)
    pages = max(1, -(-len(placements) // PAGE_SIZE))
    if placement is not None and placement in placements:
        page = placements.index(placement) // PAGE_SIZE
    page = min(max(page, 0), pages - 1)
    letters = position_letters(placements)
    shown = placements[page * PAGE_SIZE: (page + 1) * PAGE_SIZE]
    view.add_item(PlacementSelect(
        state.id, state.turn, tile.id, page,
        [discord.SelectOption(label=words.place_option(letters[(p.x, p.y)], p),
                              value=placement_value(p), default=p == placement)
         for p in shown],
        words.places_placeholder(t)))
    if placement is None:
        embed.title = words.places_title(t, tile)
        embed.description = words.places_text(t, len(placements), page, pages)
        png = await asyncio.to_thread(images.choices, game, tile, t)
        attach(post, f"choices-{state.id}-{state.turn}.png", png)
    else:
        found = spots(t, tile, moves_input.figures(state, placement, tile))
        chosen = next((spot for spot in found
                       if follower == FollowerChoice(str(spot.option.figure), spot.option.port)),
                      None)
        if found:
            options = [discord.SelectOption(label=no_follower(t), value="none",
                                            default=chosen is None)]
            options += [discord.SelectOption(
                label=spot.label[:100],
                value=FollowerChoice(str(spot.option.figure), spot.option.port).value,
                default=spot is chosen) for spot in found[:24]]
            view.add_item(FollowerSelect(state.id, state.turn, tile.id, placement, page, options,
                                         words.followers_placeholder(t)))
        view.add_item(ConfirmButton(
            state.id, state.turn, tile.id, placement,
            FollowerChoice(str(chosen.option.figure), chosen.option.port) if chosen else None,
            words.confirm_label(t)))
        place = words.place_option(letters[(placement.x, placement.y)], placement)
        embed.title = words.preview_title(t, tile, place)
        left = None if chosen is not None or found else moves_input.no_follower_left(state)
        embed.description = words.preview_text(
            t, chosen.label if chosen is not None else None, bool(found), left)
        png = await asyncio.to_thread(images.preview, game, placement, tile,
                                      chosen.option if chosen else None, t)
        attach(post, f"preview-{state.id}-{state.turn}.png", png)
    if page > 0:
        back = words.back_label(t, page)
        view.add_item(PageButton(state.id, state.turn, tile.id, page - 1, "prev", back))
    if page < pages - 1:
        forward = words.forward_label(t, page + 2)
        view.add_item(PageButton(state.id, state.turn, tile.id, page + 1, "next", forward))
    return post


async def update_panel(
    interaction: discord.Interaction,
    t: Messages,
    state: GameState,
    tile_id: str | None,
    page: int,
    placement: Placement | None = None,
    follower: FollowerChoice | None = None,
) -> None:
    """Redraw the private panel in place (defer first: a render can take a moment)."""
    if placement is not None:
        tile = moves_input.tile_for(state, tile_id)
        moves_input.check_placement(state, placement, tile,
                                    moves_input.letter(state, tile, placement))
    await interaction.response.defer()
    post = await turn_panel(t, state, tile_id, page, placement, follower)
    await interaction.edit_original_response(**post.edit_kwargs())
