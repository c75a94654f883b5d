"""Buttons and selects, all :class:`discord.ui.DynamicItem` s.

Every component carries its whole state in its ``custom_id``: the game id,
the turn it belongs to, and for the turn panel the choices made so far
(``carc:ok:12:7:V:3,-1,90:S``). Nothing lives in memory, so the components
keep working after a restart, and one from an earlier turn is refused with a
clear message. The database, through :class:`~bot.games.GameService`, decides
everything; these classes only parse ids, call it, and present the answer.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from engine import Placement
from render.naming import candidate_labels

from . import images, presenters
from .games import GameError, GameService, GameState, Played
from .naming import (
    NO_FOLLOWER,
    FollowerChoice,
    figure_label,
    parse_follower,
    parse_placement,
    placement_label,
    placement_value,
)
from .storage import LOBBY, Player

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

SOMETHING_WRONG = (
    "Something went wrong on my side. `/carcassonne status` shows where the game "
    "stands; try again from there."
)


def player_of(user: discord.abc.User | discord.Member) -> Player:
    return Player(user.id, user.display_name)


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    """Answer ephemerally, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


async def command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    """The cogs' error handler: a :class:`GameError` is the player's to read, the
    rest is logged; either way the answer is private."""
    original = getattr(error, "original", error)
    if isinstance(original, GameError):
        message = str(original)
    elif isinstance(error, app_commands.NoPrivateMessage):
        message = "Carcassonne is played in a server channel, not in direct messages."
    else:
        log.error(
            "command %s failed",
            interaction.command and interaction.command.qualified_name,
            exc_info=original,
        )
        message = SOMETHING_WRONG
    await reply_error(interaction, message)


async def guarded(interaction: discord.Interaction, action: Callable[[], Awaitable[None]]) -> None:
    """Run a component action; a :class:`GameError` becomes an ephemeral answer."""
    try:
        await action()
    except GameError as exc:
        await reply_error(interaction, str(exc))
    except Exception:
        log.exception(
            "component %s failed", interaction.data.get("custom_id") if interaction.data else "?"
        )
        await reply_error(interaction, SOMETHING_WRONG)


async def on_turn(
    interaction: discord.Interaction,
    game_id: int,
    turn: int,
    action: Callable[[GameState], Awaitable[None]],
) -> None:
    """Run a turn component's ``action`` on its game, if it is still that turn and
    the user's (else, as for any :class:`GameError`, say why, privately)."""

    async def run() -> None:
        await action(await turn_state(interaction, game_id, turn))

    await guarded(interaction, run)


def bot_of(interaction: discord.Interaction) -> CarcassonneBot:
    return interaction.client  # type: ignore[return-value]


# -------------------------------------------------------------------- lobby


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"carc:lobby:{_GAME}:(?P<action>join|leave|start)",
):
    """Join / Leave / Start under a lobby message."""

    LABELS = {
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

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        assert interaction.guild_id is not None
        games = bot.games
        if self.action == "join":
            state = await games.join(
                interaction.guild_id, player_of(interaction.user), game_id=self.game_id
            )
            await interaction.response.edit_message(
                **presenters.lobby_post(state, lobby_view(state)).edit_kwargs()
            )
        elif self.action == "leave":
            state = await games.leave(
                interaction.guild_id, interaction.user.id, game_id=self.game_id
            )
            note = "Everyone left; the game is closed." if state.row.status != LOBBY else None
            await interaction.response.edit_message(
                **presenters.lobby_post(state, lobby_view(state), note).edit_kwargs()
            )
        else:
            state = await games.start(
                interaction.guild_id, interaction.user.id, game_id=self.game_id
            )
            await interaction.response.edit_message(
                **presenters.lobby_post(state, lobby_view(state)).edit_kwargs()
            )
            post = await started_message(state)
            await send_public(interaction, post, state)


def lobby_view(state: GameState) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    closed = state.row.status != LOBBY
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(state.id, action, disabled=closed))
    return view


# ------------------------------------------------------------- turn panel


class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"carc:play:{_GAME}:{_TURN}"):
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

    async def callback(self, interaction: discord.Interaction) -> None:
        async def open_panel(state: GameState) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            post = await turn_panel(state, None, 0)
            await interaction.followup.send(ephemeral=True, **post.send_kwargs())

        await on_turn(interaction, self.game_id, self.turn, open_panel)


class TileSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"carc:tile:{_GAME}:{_TURN}"):
    """With a hand of tiles: which tile to play."""

    def __init__(
        self, game_id: int, turn: int, state: GameState | None = None, chosen: str | None = None
    ) -> None:
        options = []
        if state is not None:
            options = [
                discord.SelectOption(
                    label=f"Tile {t.id}",
                    value=t.id,
                    default=t.id == chosen,
                    description=presenters.tile_words(t, state.game.rules.tiles)[:100]
                    or None,
                )
                for t in bot_hand(state)
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

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_turn(
            interaction,
            self.game_id,
            self.turn,
            lambda state: update_panel(interaction, state, self.item.values[0], 0),
        )


class PlacementSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=rf"carc:pos:{_GAME}:{_TURN}:{_TILE}:{_PAGE}"
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

    async def callback(self, interaction: discord.Interaction) -> None:
        async def preview(state: GameState) -> None:
            placement = parsed(parse_placement, self.item.values[0])
            await update_panel(interaction, state, self.tile, self.page, placement)

        await on_turn(interaction, self.game_id, self.turn, preview)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
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

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_turn(
            interaction,
            self.game_id,
            self.turn,
            lambda state: update_panel(interaction, state, self.tile, self.page),
        )


class FollowerSelect(
    discord.ui.DynamicItem[discord.ui.Select],
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

    async def callback(self, interaction: discord.Interaction) -> None:
        async def preview(state: GameState) -> None:
            follower = parsed(parse_follower, self.item.values[0])
            await update_panel(interaction, state, self.tile, self.page, self.placement, follower)

        await on_turn(interaction, self.game_id, self.turn, preview)


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button],
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

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            assert interaction.guild_id is not None
            played = await bot_of(interaction).games.place(
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
            post = await turn_message(played)
            await send_public(interaction, post, played.state)

        await guarded(interaction, run)


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


def bot_hand(state: GameState) -> tuple[Any, ...]:
    return state.game.hand if state.game is not None else ()


async def turn_state(interaction: discord.Interaction, game_id: int, turn: int) -> GameState:
    """The game a turn component belongs to, if it is still that turn and the user's."""
    assert interaction.guild_id is not None
    state = await bot_of(interaction).games.state(interaction.guild_id, game_id=game_id)
    GameService.require_turn(state, interaction.user.id, turn)
    return state


def parsed(parse: Callable[[str], Any], text: str | None) -> Any:
    """``parse(text)``, its ``ValueError`` told to the player as a :class:`GameError`."""
    try:
        return parse(text)
    except ValueError as exc:
        raise GameError(f"{str(exc).rstrip('.')}.") from None


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
    if len(game.hand) > 1:
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


def position_letters(placements: list[Placement]) -> dict[tuple[int, int], str]:
    """The letters the move-choice picture gives each legal position (A, B, ...)."""
    return {
        position: label
        for label, position in candidate_labels((p.x, p.y) for p in placements).items()
    }


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


# --------------------------------------------------------- public messages


async def started_message(state: GameState) -> presenters.Post:
    assert state.game is not None
    png = await asyncio.to_thread(images.board, state.game)
    return presenters.started_post(state, png, play_view(state))


async def turn_message(played: Played) -> presenters.Post:
    """The public message after a move: the map, the next tile, or at the end the
    final scoring with the scores over the game."""
    state = played.state
    assert state.game is not None
    png = await asyncio.to_thread(images.board, state.game)
    tile_png = await asyncio.to_thread(images.tile, state.game) if state.current else None
    chart_png = await score_chart(state) if state.game.is_over else None
    return presenters.turn_post(played, png, play_view(state), tile_png, chart_png)


async def score_chart(state: GameState) -> bytes | None:
    """The scores over the game so far (None before the start, or if it cannot be drawn)."""
    if state.game is None:
        return None
    return await asyncio.to_thread(images.chart, state.game, [p.name for p in state.players])


def play_view(state: GameState) -> discord.ui.View | None:
    if state.current is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(state.id, state.turn))
    return view


async def send_public(
    interaction: discord.Interaction, post: presenters.Post, state: GameState
) -> discord.Message:
    """Post a game message in the channel; without Send Messages there, fall back
    to an interaction follow-up. A message with buttons is noted (see :func:`remember`)."""
    channel = interaction.channel
    message: discord.Message | None = None
    if isinstance(channel, discord.abc.Messageable):
        try:
            message = await channel.send(**post.send_kwargs())
        except discord.Forbidden:
            log.info("cannot post in channel %s; answering by follow-up", interaction.channel_id)
    if message is None:
        message = await interaction.followup.send(wait=True, **post.send_kwargs())
    await remember(bot_of(interaction), post, state, message)
    return message


async def send_reply(
    interaction: discord.Interaction, post: presenters.Post, state: GameState
) -> discord.Message:
    """Answer a deferred command with a game message, noted if it has buttons."""
    message = await interaction.followup.send(wait=True, **post.send_kwargs())
    await remember(bot_of(interaction), post, state, message)
    return message


async def remember(
    bot: CarcassonneBot,
    post: presenters.Post,
    state: GameState,
    message: discord.Message,
    kind: str = "turn",
) -> None:
    """Note a game message that has buttons, so that they can be removed when the
    game ends (with tidying on) without looking through the channel's history.
    Best effort: the message is out, and a missed note costs only a stale button."""
    if post.view is None:
        return
    try:
        await bot.turns.remember_message(state.id, message.channel.id, message.id, kind, state.turn)
    except Exception:
        log.exception("could not note message %s of game %s", message.id, state.id)
