"""Buttons and selects: every one a :class:`discord.ui.DynamicItem` behind one gate.

Every component carries its whole state in its ``custom_id``: the game id,
for a turn component the turn it belongs to, and for the turn panel the
choices made so far (``carc:ok:12:7:V:3,-1,90:S``). Nothing lives in memory,
so the components keep working after a restart.

:class:`GameItem` is the gate: its ``interaction_check`` loads the game and
refuses, once for all components and privately, a click from another
channel (a forged or moved custom id), and for a turn component a click by
anyone but the player on turn or for an earlier turn. A component's
:meth:`~GameItem.run` then gets the game as loaded; the application layer
(:class:`~bot.games.GameService`) checks again as it saves.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import discord

from engine import Placement

from . import images, presenters
from .errors import BadInput, GameError, HostOnly, NoGame, OtherChannel
from .games import GameService, GameState
from .naming import (
    NO_FOLLOWER,
    FollowerChoice,
    figure_label,
    parse_follower,
    parse_position,
    placement_label,
    placement_value,
    position_letters,
)
from .replies import SOMETHING_WRONG, reply_error
from .storage import LOBBY, GameRow, Player

if TYPE_CHECKING:
    from .client import CarcassonneBot

log = logging.getLogger(__name__)

PAGE_SIZE = 25
_GAME = r"(?P<game>[0-9]{1,18})"
_TURN = r"(?P<turn>[0-9]{1,5})"
_TILE = r"(?P<tile>[A-Za-z0-9]{1,8})"
_PLACE = r"(?P<x>-?[0-9]{1,4}),(?P<y>-?[0-9]{1,4}),(?P<rotation>0|90|180|270)"
_FOLLOWER = r"(?P<follower>none|(?:hut:)?[A-Z]{1,3})"
_PAGE = r"(?P<page>[0-9]{1,3})"

Item = TypeVar("Item", bound=discord.ui.Item[Any])
Result = TypeVar("Result")


def player_of(user: discord.abc.User | discord.Member) -> Player:
    return Player(user.id, user.display_name)


def bot_of(interaction: discord.Interaction) -> CarcassonneBot:
    return interaction.client  # type: ignore[return-value]


class GameItem(discord.ui.DynamicItem[Item], template=r"carc:[a-z]+:[0-9]{1,18}(?::.*)?"):
    """A component of one game: the gate every click goes through first.

    Its custom id is ``carc:{kind}:{game id}:...``. Subclasses (each with its
    own template) set ``game_id`` (and, for a turn component, ``turn``) and
    implement :meth:`run`.
    """

    #: Whether only the player on turn may use it, and only at its turn.
    on_turn: ClassVar[bool] = True
    game_id: int
    turn: int | None = None
    state: GameState

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            self.state = await load(interaction, self.game_id)
            if self.on_turn:
                GameService.require_turn(self.state, interaction.user.id, self.turn)
        except GameError as exc:
            await reply_error(interaction, exc)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.run(interaction, self.state)
        except GameError as exc:
            await reply_error(interaction, exc)
        except Exception:
            log.exception("component %s failed", self.item.custom_id)
            await reply_error(interaction, SOMETHING_WRONG)

    async def run(self, interaction: discord.Interaction, state: GameState) -> None:
        raise NotImplementedError


async def as_host(
    interaction: discord.Interaction,
    row: GameRow,
    action: Callable[[], Awaitable[Result]],
) -> Result:
    """Run a host-only ``action``; if the host has left the server, hand the role to
    the next player first (the bot sees no member leave: it asks Discord when it matters)."""
    try:
        return await action()
    except HostOnly:
        guild = interaction.guild
        if guild is None or await _is_member(guild, row.host_id):
            raise
    assert interaction.guild_id is not None
    await bot_of(interaction).games.hand_over_host(interaction.guild_id, row.id, row.host_id)
    return await action()


async def _is_member(guild: discord.Guild, user_id: int) -> bool:
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        return True  # Discord is not answering: do not take anyone's role away
    return True


async def load(interaction: discord.Interaction, game_id: int) -> GameState:
    """The game a component belongs to, if it is used in that game's channel."""
    if interaction.guild_id is None:
        raise NoGame("That game does not exist on this server.")
    state = await bot_of(interaction).games.state(interaction.guild_id, game_id=game_id)
    if interaction.channel_id != state.row.channel_id:
        raise OtherChannel(channel_id=state.row.channel_id)
    return state


# -------------------------------------------------------------------- lobby


class LobbyButton(
    GameItem[discord.ui.Button], template=rf"carc:lobby:{_GAME}:(?P<action>join|leave|start)"
):
    """Join / Leave / Start under a lobby message."""

    on_turn = False
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": ("Join", discord.ButtonStyle.primary),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.success),
    }

    def __init__(self, game_id: int, action: str, *, disabled: bool = False) -> None:
        label, style = self.LABELS[action]
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                disabled=disabled,
                custom_id=f"carc:lobby:{game_id}:{action}",
            )
        )
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    async def run(self, interaction: discord.Interaction, state: GameState) -> None:
        bot = bot_of(interaction)
        assert interaction.guild_id is not None
        games = bot.games
        note = None
        if self.action == "join":
            state = await games.join(
                interaction.guild_id, player_of(interaction.user), game_id=self.game_id
            )
        elif self.action == "leave":
            state = await games.leave(
                interaction.guild_id, interaction.user.id, game_id=self.game_id
            )
            note = "Everyone left; the game is closed." if state.row.status != LOBBY else None
        else:
            guild_id = interaction.guild_id
            state = await as_host(
                interaction,
                state.row,
                lambda: games.start(guild_id, interaction.user.id, game_id=self.game_id),
            )
        await interaction.response.edit_message(
            **presenters.lobby_post(state, lobby_view(state), note).edit_kwargs()
        )
        if self.action == "start":
            await bot.announcer.started(interaction, state)


def lobby_view(state: GameState) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    closed = state.row.status != LOBBY
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(state.id, action, disabled=closed))
    return view


# ------------------------------------------------------------- turn panel


class PlayButton(GameItem[discord.ui.Button], template=rf"carc:play:{_GAME}:{_TURN}"):
    """ "Play your turn" under a turn message: opens the player's private turn panel."""

    def __init__(self, game_id: int, turn: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Play your turn",
                style=discord.ButtonStyle.primary,
                custom_id=f"carc:play:{game_id}:{turn}",
            )
        )
        self.game_id, self.turn = game_id, turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> PlayButton:
        return cls(int(match["game"]), int(match["turn"]))

    async def run(self, interaction: discord.Interaction, state: GameState) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        post = await turn_panel(state, None, 0)
        await interaction.followup.send(ephemeral=True, **post.send_kwargs())


class TileSelect(GameItem[discord.ui.Select], template=rf"carc:tile:{_GAME}:{_TURN}"):
    """With a hand of tiles: which tile to play (each type once: two of a kind are one choice)."""

    def __init__(
        self, game_id: int, turn: int, state: GameState | None = None, chosen: str | None = None
    ) -> None:
        options = []
        if state is not None:
            assert state.game is not None
            options = [
                discord.SelectOption(
                    label=f"Tile {t.id}",
                    value=t.id,
                    default=t.id == chosen,
                    description=presenters.tile_words(t, state.game.rules.tiles)[:100] or None,
                )
                for t in GameService.hand(state)
            ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"carc:tile:{game_id}:{turn}",
                placeholder="Tile to play",
                options=options or [discord.SelectOption(label="-", value="-")],
            ),
            row=0,
        )
        self.game_id, self.turn = game_id, turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> TileSelect:
        self = cls(int(match["game"]), int(match["turn"]))
        self.item = item
        return self

    async def run(self, interaction: discord.Interaction, state: GameState) -> None:
        await update_panel(interaction, state, self.item.values[0], 0)


class PlacementSelect(
    GameItem[discord.ui.Select], template=rf"carc:pos:{_GAME}:{_TURN}:{_TILE}:{_PAGE}"
):
    """One page (25) of the legal placements of the chosen tile."""

    def __init__(
        self,
        game_id: int,
        turn: int,
        tile: str,
        page: int,
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"carc:pos:{game_id}:{turn}:{tile}:{page}",
                placeholder="Where to place the tile",
                options=options or [discord.SelectOption(label="-", value="-")],
            ),
            row=1,
        )
        self.game_id, self.turn, self.tile, self.page = game_id, turn, tile, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> PlacementSelect:
        self = cls(int(match["game"]), int(match["turn"]), match["tile"], int(match["page"]))
        self.item = item
        return self

    async def run(self, interaction: discord.Interaction, state: GameState) -> None:
        given = parse_position(self.item.values[0])
        if given.placement is None:
            raise BadInput("Pick a placement from the list.")
        await update_panel(interaction, state, self.tile, self.page, given.placement)


class PageButton(
    GameItem[discord.ui.Button],
    template=rf"carc:page:{_GAME}:{_TURN}:{_TILE}:{_PAGE}:(?P<direction>prev|next)",
):
    """Previous / next page of placements, when there are more than 25."""

    def __init__(self, game_id: int, turn: int, tile: str, page: int, direction: str) -> None:
        label = f"◀ Page {page + 1}" if direction == "prev" else f"Page {page + 1} ▶"
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"carc:page:{game_id}:{turn}:{tile}:{page}:{direction}",
            ),
            row=4,
        )
        self.game_id, self.turn, self.tile, self.page = game_id, turn, tile, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> PageButton:
        return cls(
            int(match["game"]),
            int(match["turn"]),
            match["tile"],
            int(match["page"]),
            match["direction"],
        )

    async def run(self, interaction: discord.Interaction, state: GameState) -> None:
        await update_panel(interaction, state, self.tile, self.page)


class FollowerSelect(
    GameItem[discord.ui.Select],
    template=rf"carc:fig:{_GAME}:{_TURN}:{_TILE}:{_PLACE}:{_PAGE}",
):
    """Where a figure goes on the chosen placement, or none."""

    def __init__(
        self,
        game_id: int,
        turn: int,
        tile: str,
        placement: Placement,
        page: int,
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"carc:fig:{game_id}:{turn}:{tile}:{placement_value(placement)}:{page}",
                placeholder="Follower (optional)",
                options=options or [discord.SelectOption(label="No follower", value=NO_FOLLOWER)],
            ),
            row=2,
        )
        self.game_id, self.turn, self.tile, self.page = game_id, turn, tile, page
        self.placement = placement

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> FollowerSelect:
        self = cls(
            int(match["game"]),
            int(match["turn"]),
            match["tile"],
            _placement(match),
            int(match["page"]),
        )
        self.item = item
        return self

    async def run(self, interaction: discord.Interaction, state: GameState) -> None:
        follower = parse_follower(self.item.values[0])
        await update_panel(interaction, state, self.tile, self.page, self.placement, follower)


class ConfirmButton(
    GameItem[discord.ui.Button],
    template=rf"carc:ok:{_GAME}:{_TURN}:{_TILE}:{_PLACE}:{_FOLLOWER}",
):
    """Apply the move chosen in the panel: the only component that changes the game."""

    def __init__(
        self,
        game_id: int,
        turn: int,
        tile: str,
        placement: Placement,
        follower: FollowerChoice | None,
    ) -> None:
        value = follower.value if follower else NO_FOLLOWER
        super().__init__(
            discord.ui.Button(
                label="Confirm",
                style=discord.ButtonStyle.success,
                custom_id=f"carc:ok:{game_id}:{turn}:{tile}:{placement_value(placement)}:{value}",
            ),
            row=3,
        )
        self.game_id, self.turn, self.tile = game_id, turn, tile
        self.placement, self.follower = placement, follower

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> ConfirmButton:
        return cls(
            int(match["game"]),
            int(match["turn"]),
            match["tile"],
            _placement(match),
            parse_follower(match["follower"]),
        )

    async def run(self, interaction: discord.Interaction, state: GameState) -> None:
        assert interaction.guild_id is not None
        bot = bot_of(interaction)
        played = await bot.games.place(
            interaction.guild_id,
            interaction.user.id,
            self.placement,
            self.follower,
            tile=self.tile,
            game_id=self.game_id,
            turn=self.turn,
        )
        await interaction.response.edit_message(
            content=f"Played {self.tile} at {placement_label(self.placement)}.",
            embed=None,
            attachments=[],
            view=None,
        )
        await bot.announcer.played(interaction, played)


DYNAMIC_ITEMS = (
    LobbyButton,
    PlayButton,
    TileSelect,
    PlacementSelect,
    PageButton,
    FollowerSelect,
    ConfirmButton,
)


def _placement(match: re.Match[str]) -> Placement:
    return Placement(int(match["x"]), int(match["y"]), int(match["rotation"]))


def play_view(state: GameState) -> discord.ui.View | None:
    """The "Play your turn" button of a turn message (none once nobody is on turn)."""
    if state.current is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(state.id, state.turn))
    return view


async def turn_panel(
    state: GameState,
    tile_id: str | None,
    page: int,
    placement: Placement | None = None,
    follower: FollowerChoice | None = None,
) -> presenters.Post:
    """The private panel of the player on turn: picture, selects, Confirm."""
    game = state.game
    assert game is not None
    tile = GameService.tile_for(state, tile_id)
    placements = GameService.placements(state, tile)
    pages = max(1, -(-len(placements) // PAGE_SIZE))
    if placement is not None and placement in placements:
        page = placements.index(placement) // PAGE_SIZE
    page = min(max(page, 0), pages - 1)
    labels = position_letters(placements)
    view = discord.ui.View(timeout=None)
    if len(GameService.hand(state)) > 1:
        view.add_item(TileSelect(state.id, state.turn, state, tile.id))
    shown = placements[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    view.add_item(
        PlacementSelect(
            state.id,
            state.turn,
            tile.id,
            page,
            [
                discord.SelectOption(
                    label=f"{labels[(p.x, p.y)]}: {placement_label(p)}",
                    value=placement_value(p),
                    default=p == placement,
                )
                for p in shown
            ],
        )
    )
    post = presenters.Post(view=view)
    embed = discord.Embed(colour=presenters.COLOUR)
    if placement is None:
        embed.title = f"Your tile: {tile.id}"
        embed.description = (
            f"{presenters.tile_name(tile)}. {len(placements)} legal placements"
            f"{f', page {page + 1} of {pages}' if pages > 1 else ''}. "
            "Pick one to preview it; nothing is played before Confirm."
        )
        png = await asyncio.to_thread(images.choices, game, tile)
        presenters.image_embed(embed, f"choices-{state.id}-{state.turn}.png", png, post)
    else:
        figures = GameService.figures(state, placement, tile)
        chosen = next((f for f in figures if follower == FollowerChoice(f.figure, f.port)), None)
        options = [
            discord.SelectOption(label="No follower", value=NO_FOLLOWER, default=follower is None)
        ]
        options += [
            discord.SelectOption(
                label=figure_label(f.figure, f.port, f.role)[:100],
                value=FollowerChoice(f.figure, f.port).value,
                default=follower == FollowerChoice(f.figure, f.port),
            )
            for f in figures[:24]
        ]
        if figures:
            view.add_item(FollowerSelect(state.id, state.turn, tile.id, placement, page, options))
        view.add_item(ConfirmButton(state.id, state.turn, tile.id, placement, follower))
        figure_text = (
            f", {figure_label(follower.figure, follower.port, chosen.role)}"
            if follower and chosen
            else f", {figure_label(follower.figure, follower.port, follower.figure)}"
            if follower
            else ", no follower"
        )
        embed.title = f"Preview: {tile.id} at {placement_label(placement)}"
        embed.description = (
            f"{presenters.tile_name(tile)} at `{placement_label(placement)}`"
            f"{figure_text}. Press Confirm to play it."
        )
        png = await asyncio.to_thread(images.preview, game, placement, tile, chosen)
        presenters.image_embed(embed, f"preview-{state.id}-{state.turn}.png", png, post)
    if pages > 1:
        view.add_item(PageButton(state.id, state.turn, tile.id, (page - 1) % pages, "prev"))
        view.add_item(PageButton(state.id, state.turn, tile.id, (page + 1) % pages, "next"))
    post.embed = embed
    return post


async def update_panel(
    interaction: discord.Interaction,
    state: GameState,
    tile_id: str | None,
    page: int,
    placement: Placement | None = None,
    follower: FollowerChoice | None = None,
) -> None:
    """Redraw the private panel in place (defer first: a render can take a moment)."""
    if placement is not None:
        GameService.check_placement(state, placement, GameService.tile_for(state, tile_id))
    await interaction.response.defer()
    post = await turn_panel(state, tile_id, page, placement, follower)
    await interaction.edit_original_response(**post.edit_kwargs())
