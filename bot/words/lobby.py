"""The lobby: a game's message before its start (players, host, options),
the names of AI players, and a lobby that closed unstarted.
"""

from __future__ import annotations

import re
from dataclasses import replace

import discord

from ..app.lifecycle import LobbyExpired
from ..app.lobby import AINamer, max_players
from ..app.state import GameState
from ..i18n import Language, Messages, messages
from ..i18n.terms import AI_LEVELS
from ..storage import CANCELLED, FINISHED, LOBBY, RUNNING, Player
from .common import COLOUR, Post, game_title, mention, options_text

# Whole names, one per level (the extraction needs each written out).
_AI_NAMES = {
    # Translators: the name of an AI player of the easy level, in messages and pictures;
    # {number} tells the game's easy AIs apart. Keep "AI" (or your word for it) in it.
    "easy": lambda t, number: t.gettext("AI Easy {number}", number=number),
    # Translators: the name of an AI player of the medium level (see "AI Easy {number}").
    "medium": lambda t, number: t.gettext("AI Medium {number}", number=number),
    # Translators: the name of an AI player of the hard level (see "AI Easy {number}").
    "hard": lambda t, number: t.gettext("AI Hard {number}", number=number),
}


def ai_namer(t: Messages) -> AINamer:
    """Names for new AI players, in ``t``'s language: "AI Hard 1"."""
    return lambda level, number: _AI_NAMES[level](t, number)


def named_for_reader(t: Messages, state: GameState) -> GameState:
    """``state`` with each AI seat the bot named ("Könnyű MI 1", in the server's
    language when it joined) named in ``t``'s language instead ("AI Easy 1"), for a
    member's private view; a stand-in keeping a person's name stays as it is. Only
    what is shown changes: the stored row does not (issue 22)."""
    players = tuple(_ai_name_in(t, player) for player in state.players)
    if players == state.players:
        return state
    return replace(state, row=replace(state.row, players=players))


def _ai_name_in(t: Messages, player: Player) -> Player:
    numbers = re.findall(r"\d+", player.name)
    if player.ai not in _AI_NAMES or not numbers:
        return player
    number = int(numbers[-1])
    if all(_AI_NAMES[player.ai](messages(language), number) != player.name
           for language in Language):
        return player  # not a name the bot made: a stand-in's, say
    return replace(player, name=_AI_NAMES[player.ai](t, number))


def ai_level(t: Messages, level: str) -> str:
    return t.term(AI_LEVELS[level])


def players_heading(t: Messages, state: GameState) -> str:
    """"Players (2/5)": the players and how many may join, over their list."""
    row = state.row
    return t.gettext("Players ({count}/{most})", count=len(row.players),
                     most=max_players(row.options))


def lobby_post(t: Messages, state: GameState, view: discord.ui.View | None,
               note: str | None = None) -> Post:
    row = state.row
    embed = discord.Embed(title=game_title(t, state), colour=COLOUR)
    embed.description = options_text(t, row.options)
    if row.rated:
        embed.description += "\n" + t.gettext(
            "⭐ A rated game: it changes the players' ratings, and gives no hints.")
    lines = [t.gettext("{player} (host)", player=mention(state, p)) if p.id == row.host_id
             else mention(state, p) for p in row.players]
    embed.add_field(name=players_heading(t, state),
                    value="\n".join(lines) or t.gettext("nobody"), inline=False)
    if row.status == LOBBY:
        embed.set_footer(text=t.gettext(
            "2 to {most} players. Join, then the host starts; seats are drawn at random.",
            most=max_players(row.options)) + "\n"
            + t.gettext("The host can seat AI players with the 🤖 buttons: play alone "
                        "against one to four of them."))
    else:
        embed.set_footer(text={RUNNING: t.gettext("Started."), FINISHED: t.gettext("Finished."),
                               CANCELLED: t.gettext("Closed.")}[row.status])
    return Post(content=note, embed=embed, view=view)


def lobby_expired_post(t: Messages, expired: LobbyExpired) -> Post:
    return Post(content=t.ngettext(
        "⌛ **{game}** was not started within {count} hour, so it is closed. Open a new one "
        "with `/carcassonne new`.",
        "⌛ **{game}** was not started within {count} hours, so it is closed. Open a new one "
        "with `/carcassonne new`.", expired.hours, game=game_title(t, expired.state)))


def button_labels(t: Messages) -> dict[str, str]:
    """The lobby's buttons for everyone, by action."""
    return {"join": t.gettext("Join"), "leave": t.gettext("Leave"), "start": t.gettext("Start")}


def add_ai_label(t: Messages, level: str) -> str:
    # Translators: a lobby button that seats an AI player; {level} is "easy",
    # "medium" or "hard" (at most 80 characters).
    return t.gettext("🤖 Add AI: {level}", level=ai_level(t, level))


def rated_label(t: Messages, rated: bool) -> str:
    """The host's button that makes the game rated or casual (issue 22), saying which
    it is now."""
    return t.gettext("⭐ Rated: yes") if rated else t.gettext("Rated: no")


def remove_ai_label(t: Messages) -> str:
    return t.gettext("Remove an AI")


def everyone_left(t: Messages) -> str:
    """Over the lobby, when its last player left by its button."""
    return t.gettext("Everyone left; the game is closed.")
