"""Read-only answers: ``status``, ``tiles``, ``board`` (the whole map, or who
owns what) and ``mygames``.
"""

from __future__ import annotations

from datetime import datetime

import discord

from engine.options import HUNTERS_AND_GATHERERS

from ..app.queries import MyGame
from ..app.state import GameState
from ..discord import markup
from ..i18n import Messages
from ..i18n.terms import STATUSES
from ..naming import position_label
from .common import (
    COLOUR,
    Post,
    attach,
    called,
    game_title,
    jump_url,
    mention,
    options_text,
    player_name,
)
from .lobby import players_heading
from .me import away_line
from .results import game_over_text
from .tiles import tile_label
from .turn import add_scores, turn_deadline, turn_title

MY_GAMES = 20


def status_embed(t: Messages, state: GameState, now: datetime) -> discord.Embed:
    row = state.row
    # Translators: {status} is a game's status ("running", "finished").
    embed = discord.Embed(title=t.gettext("{game}: {status}", game=game_title(t, state),
                                          status=t.term(STATUSES[row.status])), colour=COLOUR)
    embed.description = options_text(t, row.options)
    if state.game is None:
        players = "\n".join(mention(state, p) for p in row.players)
        embed.add_field(name=players_heading(t, state),
                        value=players or t.gettext("nobody"), inline=False)
        host = state.host
        embed.add_field(name=t.gettext("Host"), value=mention(state, host) if host
                        else t.gettext("nobody"), inline=False)
        return embed
    game = state.game
    add_scores(t, state, embed)
    embed.add_field(name=t.gettext("Tiles left"), value=str(game.tiles_left()), inline=True)
    # Translators: a heading over the number of the turn.
    embed.add_field(name=t.gettext("Turn"), value=str(state.turn), inline=True)
    current = state.current
    if current is not None:
        since = row.turn_started_at or row.updated_at
        lines = [t.gettext("{player}, since {time}", player=called(state, current),
                           time=markup.timestamp(since)),
                 t.ngettext("Tile: {tiles}", "Tiles: {tiles}", len(game.hand),
                            tiles=t.list([tile_label(t, x) for x in game.hand], "or"))]
        if state.clock.deadline is not None:
            lines.append(turn_deadline(t, state))
        if state.clock.reminder is not None:
            lines.append(t.gettext("⏰ Next reminder {time}.",
                                   time=markup.timestamp(state.clock.reminder)))
        lines += [away_line(t, state, user_id) for user_id, _until in state.clock.away]
        embed.add_field(name=t.gettext("On turn"), value="\n".join(lines), inline=False)
    elif game.is_over:
        embed.add_field(name=t.gettext("Result"), value=game_over_text(t, state), inline=False)
    if game.commitment is not None:
        embed.add_field(name=t.gettext("Bag seal (SHA-256)"), value=f"`{game.commitment}`",
                        inline=False)
    if not row.is_open and game.seed is not None:
        embed.add_field(name=t.gettext("Bag seed"), value=f"`{game.seed}`", inline=False)
    return embed


def tiles_embed(t: Messages, state: GameState) -> discord.Embed:
    """The tiles still in the bag, by type (and the bonus tiles still to earn)."""
    game = state.game
    assert game is not None
    remaining = {tile: n for tile, n in game.remaining().items() if n}
    left = sum(remaining.values())
    embed = discord.Embed(title=t.ngettext("{game}: {count} tile left in the bag",
                                           "{game}: {count} tiles left in the bag", left,
                                           game=game_title(t, state)), colour=COLOUR)
    lines = [f"`{count:>2}×` {tile_label(t, tile)}" for tile, count in remaining.items()]
    if not lines:
        lines.append(t.gettext("The game is over: every tile was played.") if game.is_over
                     else t.gettext("The bag is empty."))
    bonus = sum(game.remaining_bonus().values())
    if bonus and not game.is_over:
        lines += ["", t.ngettext("And {count} bonus tile, dealt to whoever earns one.",
                                 "And {count} bonus tiles, dealt to whoever earns one.", bonus)]
    embed.description = "\n".join(lines)[:4000]
    return embed


def board_post(t: Messages, state: GameState, picture: bytes | None, features: bool = False,
               view: discord.ui.View | None = None) -> Post:
    """The whole map at full resolution, or (``features``) who owns what."""
    post = Post(view=view)
    title = turn_title(t, state)
    if features:
        # Translators: {title} is "{game}, turn {turn}".
        title = t.gettext("{title}: who owns what", title=title)
    embed = discord.Embed(title=title, colour=COLOUR)
    name = "features" if features else "board"
    attach(post, f"{name}-{state.id}-{state.turn}.png", picture)
    if picture is None and state.game is not None:
        embed.description = board_text(t, state)
    elif features:
        embed.description = features_key(t, state)
    if state.game is not None:
        add_scores(t, state, embed)
    post.embed = embed
    return post


def features_key(t: Messages, state: GameState) -> str:
    """What the feature view tints: the features a figure of the game can claim."""
    if state.row.options.get("game") == HUNTERS_AND_GATHERERS:
        return t.gettext(
            "Each claimed forest, meadow and river is tinted with its owner's colour and mark; "
            "striped where several players stand on it; plain where nobody does.")
    return t.gettext(
        "Each claimed road, city, cloister and field is tinted with its owner's colour and "
        "mark; striped where several players stand on it; plain where nobody does.")


def board_text(t: Messages, state: GameState) -> str:
    """A text listing of the map, for when no picture can be drawn."""
    assert state.game is not None
    tiles = sorted(state.game.board.tiles.values(), key=lambda p: (p.y, p.x))
    lines = [f"`{position_label(p.x, p.y)}` {tile_label(t, p.tile)} {p.rotation}°"
             for p in tiles]
    text = "\n".join(lines)
    return text if len(text) < 3900 else text[:3900] + "\n…"


def share_label(t: Messages) -> str:
    """The button under a private answer (status, tiles, map, history, record)."""
    return t.gettext("📣 Share with everyone")


def shared_by(t: Messages, player: str) -> str:
    """Above an answer shared for everyone; ``player`` is a mention."""
    return t.gettext("{player} shares this:", player=player)


def my_games_embed(t: Messages, games: list[MyGame], user_id: int) -> discord.Embed:
    embed = discord.Embed(title=t.gettext("Your games on this server"), colour=COLOUR)
    if not games:
        embed.description = t.gettext("You are not playing in any running game here.")
        return embed
    return _games_list(t, embed, games, user_id)


def server_games_embed(t: Messages, games: list[MyGame]) -> discord.Embed:
    """``/carcassonne games``: the server's running games, where each is played (its
    thread, or its channel), whose turn it is and since when."""
    embed = discord.Embed(title=t.gettext("Running games on this server"), colour=COLOUR)
    if not games:
        embed.description = t.gettext("No game is running on this server.")
        return embed
    return _games_list(t, embed, games, None)


def _games_list(t: Messages, embed: discord.Embed, games: list[MyGame],
                user_id: int | None) -> discord.Embed:
    lines = []
    for mine in games[:MY_GAMES]:
        row = mine.row
        state = GameState(row)
        current = mine.current
        place = row.thread_id or row.channel_id
        facts = {"game": f"[{game_title(t, state)}]({jump_url(row.guild_id, place)})",
                 "channel": markup.channel(place), "time": markup.timestamp(mine.since)}
        if row.damaged is not None:
            text = t.gettext("{game} in {channel}: its record is damaged", **facts)
        elif current is None:
            text = t.gettext("{game} in {channel}: nobody's turn", **facts)
        elif current.id == user_id:
            text = t.gettext("{game} in {channel}: **your turn** since {time}", **facts)
        else:
            text = t.gettext("{game} in {channel}: {player}'s turn since {time}",
                             player=player_name(state, current), **facts)
        if mine.deadline is not None:
            text += " · " + t.gettext("⏳ deadline {time}", time=markup.timestamp(mine.deadline))
        lines.append(text)
    embed.description = "\n".join(lines)[:4000]
    if len(games) > MY_GAMES:
        embed.set_footer(text=t.ngettext("and {count} more game", "and {count} more games",
                                         len(games) - MY_GAMES))
    return embed
