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

from . import images
from .channel_access import require_posting
from .errors import BadInput, GameError, HostOnly, NoGame, OtherChannel
from .games import GameService, GameState, max_players
from .i18n import N_, Messages
from .naming import (
    FollowerChoice,
    parse_position,
    placement_label,
    placement_value,
    position_letters,
)
from .replies import reply_error
from .spots import no_follower, spots
from .storage import AI_LEVELS, LOBBY, DiskFull, GameRow, Player
from .words.common import COLOUR, Post, attach
from .words.lobby import ai_level, ai_namer, lobby_post
from .words.refusals import disk_full, something_wrong
from .words.status import board_post
from .words.tiles import tile_label, tile_name

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
    implement :meth:`run`, which gets the game as loaded and the messages of
    the one who clicked (``t``; a component that posts for everyone asks for
    the server's itself).
    """

    #: Whether only the player on turn may use it, and only at its turn.
    on_turn: ClassVar[bool] = True
    game_id: int
    turn: int | None = None
    state: GameState
    t: Messages

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        self.t = await bot_of(interaction).reader(interaction)
        try:
            self.state = await load(interaction, self.game_id)
            if self.on_turn:
                GameService.require_turn(self.state, interaction.user.id, self.turn)
        except GameError as exc:
            await reply_error(interaction, exc.text(self.t))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.run(interaction, self.state, self.t)
        except GameError as exc:
            await reply_error(interaction, exc.text(self.t))
        except DiskFull as exc:
            log.error("%s", exc)  # one sentence for the operator, no traceback
            await reply_error(interaction, disk_full(self.t))
        except Exception:
            log.exception("component %s failed", self.item.custom_id)
            await reply_error(interaction, something_wrong(self.t))

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
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
        raise NoGame(N_("That game does not exist on this server."))
    state = await bot_of(interaction).games.state(interaction.guild_id, game_id=game_id)
    if interaction.channel_id != state.row.channel_id:
        raise OtherChannel(channel_id=state.row.channel_id)
    return state


#: The label of a component rebuilt from its custom id (never shown: Discord keeps
#: showing the message's own).
_REBUILT = "-"


# -------------------------------------------------------------------- lobby


#: The host's lobby buttons that seat an AI player of a level, or take the last one out.
AI_ACTIONS = (*(f"ai-{level}" for level in AI_LEVELS), "ai-remove")


class LobbyButton(
    GameItem[discord.ui.Button],
    template=rf"carc:lobby:{_GAME}:(?P<action>join|leave|start|{'|'.join(AI_ACTIONS)})",
):
    """Join / Leave / Start under a lobby message; under them, the host's buttons that
    seat AI players (one per level) and take the last one out again."""

    on_turn = False
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
    }

    def __init__(self, game_id: int, action: str, label: str = _REBUILT, *,
                 disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                disabled=disabled,
                custom_id=f"carc:lobby:{game_id}:{action}",
            ),
            row=1 if action in AI_ACTIONS else 0,
        )
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        bot = bot_of(interaction)
        guild_id, user_id = interaction.guild_id, interaction.user.id
        assert guild_id is not None
        games = bot.games
        public = await bot.public(guild_id)
        if self.action == "join":
            state = await games.join(guild_id, player_of(interaction.user), game_id=self.game_id)
        elif self.action == "leave":
            state = await games.leave(guild_id, user_id, game_id=self.game_id)
        elif self.action == "start":
            require_posting(interaction)
            state = await as_host(interaction, state.row, lambda: games.start(
                guild_id, user_id, game_id=self.game_id))
        elif self.action == "ai-remove":
            state = await as_host(interaction, state.row, lambda: games.remove_ai(
                guild_id, user_id, game_id=self.game_id))
        else:
            level = self.action.removeprefix("ai-")
            state = await as_host(interaction, state.row, lambda: games.add_ai(
                guild_id, user_id, level, ai_namer(public), game_id=self.game_id))
        note = (public.gettext("Everyone left; the game is closed.")
                if self.action == "leave" and state.row.status != LOBBY else None)
        await interaction.response.edit_message(
            **lobby_post(public, state, lobby_view(public, state), note).edit_kwargs()
        )
        if self.action == "start":
            await bot.announcer.started(interaction, state)


def lobby_view(t: Messages, state: GameState) -> discord.ui.View:
    """Join, Leave and Start; under them the host's buttons that seat AI players."""
    view = discord.ui.View(timeout=None)
    closed = state.row.status != LOBBY
    labels = {"join": t.gettext("Join"), "leave": t.gettext("Leave"),
              "start": t.gettext("Start")}
    for action, label in labels.items():
        view.add_item(LobbyButton(state.id, action, label, disabled=closed))
    full = len(state.players) >= max_players(state.row.options)
    for level in AI_LEVELS:
        # Translators: a lobby button that seats an AI player; {level} is "easy",
        # "medium" or "hard" (at most 80 characters).
        label = t.gettext("🤖 Add AI: {level}", level=ai_level(t, level))
        view.add_item(LobbyButton(state.id, f"ai-{level}", label, disabled=closed or full))
    no_ai = not any(p.is_ai for p in state.players)
    view.add_item(LobbyButton(state.id, "ai-remove", t.gettext("Remove an AI"),
                              disabled=closed or no_ai))
    return view


# ------------------------------------------------------------- turn panel


class PlayButton(GameItem[discord.ui.Button], template=rf"carc:play:{_GAME}:{_TURN}"):
    """ "Play your turn" under a turn message: opens the player's private turn panel."""

    def __init__(self, game_id: int, turn: int, label: str = _REBUILT) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
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

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        post = await turn_panel(t, state, None, 0)
        await interaction.followup.send(ephemeral=True, **post.send_kwargs())


class TileSelect(GameItem[discord.ui.Select], template=rf"carc:tile:{_GAME}:{_TURN}"):
    """With a hand of tiles: which tile to play (each type once: two of a kind are one choice)."""

    def __init__(self, game_id: int, turn: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"carc:tile:{game_id}:{turn}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label=_REBUILT, value=_REBUILT)],
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

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        await update_panel(interaction, t, state, self.item.values[0], 0)


def tile_select(t: Messages, state: GameState, chosen: str | None) -> TileSelect:
    # Translators: under a tile's name in a menu: its id ("tile V").
    options = [discord.SelectOption(label=tile_name(t, tile)[:100], value=tile.id,
                                    description=t.gettext("tile {id}", id=tile.id),
                                    default=tile.id == chosen)
               for tile in GameService.hand(state)]
    return TileSelect(state.id, state.turn, options, t.gettext("Tile to play"))


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
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"carc:pos:{game_id}:{turn}:{tile}:{page}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label=_REBUILT, value=_REBUILT)],
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

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        given = parse_position(self.item.values[0])
        if given.x is None or given.y is None or given.rotation is None:
            raise BadInput(N_("Pick a place from the list."))
        placement = Placement(given.x, given.y, given.rotation)
        await update_panel(interaction, t, state, self.tile, self.page, placement)


class PageButton(
    GameItem[discord.ui.Button],
    template=rf"carc:page:{_GAME}:{_TURN}:{_TILE}:{_PAGE}:(?P<direction>prev|next)",
):
    """The previous or next page of places, when there are more than 25 ("◀ Page 1",
    "Page 3 ▶": the page it goes to)."""

    def __init__(self, game_id: int, turn: int, tile: str, page: int, direction: str,
                 label: str = _REBUILT) -> None:
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

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        await update_panel(interaction, t, state, self.tile, self.page)


class FollowerSelect(
    GameItem[discord.ui.Select],
    template=rf"carc:fig:{_GAME}:{_TURN}:{_TILE}:{_PLACE}:{_PAGE}",
):
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
                custom_id=f"carc:fig:{game_id}:{turn}:{tile}:{placement_value(placement)}:{page}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label=_REBUILT, value="none")],
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

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        follower = FollowerChoice.parse(self.item.values[0])
        await update_panel(interaction, t, state, self.tile, self.page, self.placement, follower)


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
        label: str = _REBUILT,
    ) -> None:
        value = follower.value if follower else "none"
        super().__init__(
            discord.ui.Button(
                label=label,
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
            FollowerChoice.parse(match["follower"]),
        )

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
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
            where=_letter(state, self.tile, self.placement),
        )
        await interaction.response.edit_message(
            content=t.gettext("Played {tile} at {place}.", tile=tile_label(t, self.tile),
                              place=placement_label(self.placement)),
            embed=None,
            attachments=[],
            view=None,
        )
        await bot.announcer.played(interaction, played)


class MapButton(GameItem[discord.ui.Button],
                template=rf"carc:map:{_GAME}:(?P<view>map|features)"):
    """ "Full map" and "Who owns what" under a turn message: the game's whole map at
    full resolution, or its feature view, for whoever asks, privately."""

    on_turn = False

    def __init__(self, game_id: int, view: str, label: str = _REBUILT) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"carc:map:{game_id}:{view}",
            )
        )
        self.game_id, self.picture = game_id, view

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> MapButton:
        return cls(int(match["game"]), match["view"])

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
        buttons.append(MapButton(game_id, "map", t.gettext("Full map")))
    if features:
        buttons.append(MapButton(game_id, "features", t.gettext("Who owns what")))
    return buttons


DYNAMIC_ITEMS = (
    LobbyButton,
    PlayButton,
    MapButton,
    TileSelect,
    PlacementSelect,
    PageButton,
    FollowerSelect,
    ConfirmButton,
)


def _placement(match: re.Match[str]) -> Placement:
    return Placement(int(match["x"]), int(match["y"]), int(match["rotation"]))


def _letter(state: GameState, tile_id: str, placement: Placement) -> str | None:
    """The picture's letter of a place of the panel, for a refusal."""
    tile = GameService.tile_for(state, tile_id)
    return position_letters(GameService.placements(state, tile)).get((placement.x, placement.y))


def play_view(t: Messages, state: GameState) -> discord.ui.View | None:
    """The buttons of a turn message: "Play your turn" (not for an AI's turn), and the
    whole map and who owns what one tap away (none once nobody is on turn)."""
    if state.current is None:
        return None
    view = discord.ui.View(timeout=None)
    if not state.current.is_ai:
        view.add_item(PlayButton(state.id, state.turn, t.gettext("Play your turn")))
    for button in map_buttons(t, state.id):
        view.add_item(button)
    return view


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
    hand = GameService.hand(state)
    if len(hand) > 1:
        view.add_item(tile_select(t, state, tile_id))
        if tile_id is None:
            embed.title = t.gettext("Choose the tile to play")
            embed.description = t.gettext(
                "Your tiles: {tiles}. Pick one from the menu to see where it fits; nothing is "
                "played before Confirm.", tiles=t.list([tile_label(t, x) for x in hand]))
            png = await asyncio.to_thread(images.hand, game, t)
            attach(post, f"hand-{state.id}-{state.turn}.png", png)
            return post
    tile = GameService.tile_for(state, tile_id)
    placements = GameService.placements(state, tile)
    pages = max(1, -(-len(placements) // PAGE_SIZE))
    if placement is not None and placement in placements:
        page = placements.index(placement) // PAGE_SIZE
    page = min(max(page, 0), pages - 1)
    letters = position_letters(placements)
    shown = placements[page * PAGE_SIZE: (page + 1) * PAGE_SIZE]
    view.add_item(PlacementSelect(
        state.id, state.turn, tile.id, page,
        [discord.SelectOption(label=f"{letters[(p.x, p.y)]}: {placement_label(p)}",
                              value=placement_value(p), default=p == placement)
         for p in shown],
        t.gettext("Where to place the tile")))
    if placement is None:
        embed.title = t.gettext("Your tile: {tile}", tile=tile_name(t, tile))
        if pages > 1:
            embed.description = t.ngettext(
                "It fits in {count} way, page {page} of {pages}. Pick one to see it on the "
                "map; nothing is played before Confirm. Rotations turn the tile clockwise.",
                "It fits in {count} ways, page {page} of {pages}. Pick one to see it on the "
                "map; nothing is played before Confirm. Rotations turn the tile clockwise.",
                len(placements), page=page + 1, pages=pages)
        else:
            embed.description = t.ngettext(
                "It fits in {count} way. Pick one to see it on the map; nothing is played "
                "before Confirm. Rotations turn the tile clockwise.",
                "It fits in {count} ways. Pick one to see it on the map; nothing is played "
                "before Confirm. Rotations turn the tile clockwise.", len(placements))
        png = await asyncio.to_thread(images.choices, game, tile, t)
        attach(post, f"choices-{state.id}-{state.turn}.png", png)
    else:
        found = spots(t, tile, GameService.figures(state, placement, tile))
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
                                         t.gettext("Follower: the numbers on the preview")))
        view.add_item(ConfirmButton(
            state.id, state.turn, tile.id, placement,
            FollowerChoice(str(chosen.option.figure), chosen.option.port) if chosen else None,
            t.gettext("Confirm")))
        place = f"{letters[(placement.x, placement.y)]}: {placement_label(placement)}"
        # Translators: {place} is a picture's letter, x,y and rotation: "B: 3,-1 90°".
        embed.title = t.gettext("Preview: {tile} at {place}", tile=tile_name(t, tile),
                                place=place)
        if chosen is not None:
            embed.description = t.gettext("With a figure on spot {spot}. Press Confirm to play "
                                          "it.", spot=chosen.label)
        elif found:
            embed.description = t.gettext("No follower: pick a spot from the menu (the numbers "
                                          "on the preview) to place one. Press Confirm to play "
                                          "it.")
        elif (left := GameService.no_follower_left(state)) is not None:
            embed.description = t.sentences(left.text(t), t.gettext("Press Confirm to play it."))
        else:
            embed.description = t.gettext("No follower can stand on it here. Press Confirm to "
                                          "play it.")
        png = await asyncio.to_thread(images.preview, game, placement, tile,
                                      chosen.option if chosen else None, t)
        attach(post, f"preview-{state.id}-{state.turn}.png", png)
    if page > 0:
        # Translators: a button to the previous page of places in the menu; {page} is the
        # page it goes to (a button label: at most 80 characters).
        back = t.gettext("◀ Page {page}", page=page)
        view.add_item(PageButton(state.id, state.turn, tile.id, page - 1, "prev", back))
    if page < pages - 1:
        # Translators: a button to the next page of places in the menu; {page} is the page
        # it goes to (a button label: at most 80 characters).
        forward = t.gettext("Page {page} ▶", page=page + 2)
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
        tile = GameService.tile_for(state, tile_id)
        GameService.check_placement(state, placement, tile, _letter(state, tile.id, placement))
    await interaction.response.defer()
    post = await turn_panel(t, state, tile_id, page, placement, follower)
    await interaction.edit_original_response(**post.edit_kwargs())
