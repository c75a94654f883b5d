"""The lobby's buttons: Join, Leave, Start, and under them the host's buttons that
seat AI players (one per level) and take the last one out again."""

from __future__ import annotations

from typing import ClassVar

import discord

from engine.ai import PLAYER_LEVELS

from ..app.lobby import max_players
from ..app.state import GameState
from ..i18n import Messages
from ..storage import LOBBY, RUNNING
from ..words.lobby import (
    add_ai_label,
    ai_namer,
    button_labels,
    everyone_left,
    lobby_post,
    rated_label,
    remove_ai_label,
)
from ..words.threads import no_thread_note
from . import custom_ids
from .channel_access import missing_for_threads, require_posting
from .custom_ids import AI_ACTIONS
from .gate import REBUILT, GameItem, as_host, player_of
from .services import services_of


class LobbyButton(GameItem[discord.ui.Button], ids=custom_ids.LOBBY):
    """One button under a lobby message (its ``action``: "join", "ai-hard" ...)."""

    on_turn = False
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
    }

    def __init__(self, game_id: int, action: str, label: str = REBUILT, *,
                 disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                disabled=disabled,
                custom_id=custom_ids.LOBBY.make(game_id, action),
            ),
            row=1 if action in AI_ACTIONS else 0,
        )
        self.game_id = game_id
        self.action = action

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        services = services_of(interaction)
        guild_id, user_id = interaction.guild_id, interaction.user.id
        assert guild_id is not None
        lobby = services.app.lobby
        public = await services.readers.public(guild_id)
        if self.action == "join":
            state = await lobby.join(guild_id, player_of(interaction.user), game_id=self.game_id)
        elif self.action == "leave":
            state = await lobby.leave(guild_id, user_id, game_id=self.game_id)
        elif self.action == "start":
            require_posting(interaction)
            state = await as_host(interaction, state.row, lambda: lobby.start(
                guild_id, user_id, game_id=self.game_id))
        elif self.action == "rated":  # issue 22
            state = await as_host(interaction, state.row, lambda: lobby.toggle_rated(
                guild_id, user_id, game_id=self.game_id))
        elif self.action == "ai-remove":
            state = await as_host(interaction, state.row, lambda: lobby.remove_ai(
                guild_id, user_id, game_id=self.game_id))
        else:
            level = self.action.removeprefix("ai-")
            state = await as_host(interaction, state.row, lambda: lobby.add_ai(
                guild_id, user_id, level, ai_namer(public), game_id=self.game_id))
        if self.action == "leave" and state.row.status != LOBBY:
            note: str | None = everyone_left(public)
        else:  # the lobby keeps saying why there will be no thread, while it is so
            threads = (await services.app.settings.server_settings(guild_id)).threads
            note = thread_note(public, state, interaction.app_permissions, wanted=threads)
        await interaction.response.edit_message(
            **lobby_post(public, state, lobby_view(public, state), note).edit_kwargs()
        )
        if self.action == "start":
            settings = await services.app.settings.server_settings(guild_id)
            await services.announcer.started(interaction, state, thread=settings.threads)


def thread_note(t: Messages, state: GameState, permissions: discord.Permissions, *,
                wanted: bool) -> str | None:
    """Why the game of a lobby will have no thread though the server wants one (the
    bot lacks a permission here), while that is so; else None."""
    if not wanted or state.row.thread_id is not None or state.row.status not in (LOBBY,
                                                                                RUNNING):
        return None
    lacking = missing_for_threads(permissions)
    return no_thread_note(t, lacking) if lacking else None


def lobby_view(t: Messages, state: GameState) -> discord.ui.View:
    """Join, Leave and Start; under them the host's buttons that seat AI players."""
    view = discord.ui.View(timeout=None)
    closed = state.row.status != LOBBY
    for action, label in button_labels(t).items():
        view.add_item(LobbyButton(state.id, action, label, disabled=closed))
    view.add_item(LobbyButton(state.id, "rated", rated_label(t, state.row.rated),
                              disabled=closed))
    full = len(state.players) >= max_players(state.row.options)
    for level in PLAYER_LEVELS:
        view.add_item(LobbyButton(state.id, f"ai-{level}", add_ai_label(t, level),
                                  disabled=closed or full))
    no_ai = not any(p.is_ai for p in state.players)
    view.add_item(LobbyButton(state.id, "ai-remove", remove_ai_label(t),
                              disabled=closed or no_ai))
    return view
