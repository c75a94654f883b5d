"""``/carcassonne history``: the moves of a game, one line each with who
scored by it, page by page, under the score chart.
"""

from __future__ import annotations

import discord

from engine import Discard, Remove, Skip

from ..app.state import GameState
from ..i18n import Messages
from .common import COLOUR, Post, game_title, image_embed, mark, player_name
from .events import bonus_note, stood_in
from .moves import move_text
from .tiles import tile_label
from .turn import add_scores

HISTORY_PAGE = 25


def history_lines(t: Messages, state: GameState) -> list[str]:
    """One line per record entry: who did what, and who scored by it."""
    game = state.game
    assert game is not None
    names = [player_name(state, seat) for seat in range(len(state.names))]
    lines = []
    previous = (0,) * len(names)
    for index, entry in enumerate(game.history):
        seat = entry.player
        assert seat is not None  # every entry of a game's history is a player's
        action = entry.action
        player = f"{mark(seat)} {names[seat]}"
        if isinstance(action, Remove):
            text = t.gettext("🚪 {player} was removed from the game",
                             player=f"{mark(action.player)} {names[action.player]}")
        elif isinstance(action, Skip):
            text = t.gettext("⏭️ {player} missed the turn ({tile} back into the bag)",
                             player=player, tile=tile_label(t, action.tile))
        elif isinstance(action, Discard):
            text = t.gettext("🗑️ {player} drew {tile}, which fit nowhere", player=player,
                             tile=tile_label(t, action.tile))
        else:
            # Translators: a move of the history: a mark and a name ("🔵1 **Ana**"), then
            # the move ("city edge (D) at `3,-1`, 90°, follower on the north field").
            text = t.gettext("{player}: {move}", player=player,
                             move=move_text(t, action, str(game.options.game)))
            if entry.bonus:
                text = t.sentences(text, bonus_note(t))
            if index in state.row.stand_ins:
                text = t.sentences(text, stood_in(t))
            if index in state.row.hints:
                # Translators: after a move in the history: the player had asked the AI
                # for a hint (/carcassonne hint) on that turn.
                text = t.sentences(text, t.gettext("(💡 hint taken)"))
        after = game.after_turn[index] if index < len(game.after_turn) else previous
        gains = [f"{names[i]} +{after[i] - previous[i]}" for i in range(len(names))
                 if after[i] > previous[i]]
        if gains:
            text += " · " + t.list(gains)
        previous = after
        lines.append(f"`{index + 1:>3}` {text}")
    return lines


def history_post(t: Messages, state: GameState, page: int | None,
                 chart_png: bytes | None) -> Post:
    lines = history_lines(t, state)
    pages = max(1, -(-len(lines) // HISTORY_PAGE))
    page = pages if page is None else min(max(page, 1), pages)
    shown_lines = lines[(page - 1) * HISTORY_PAGE: page * HISTORY_PAGE]
    embed = discord.Embed(title=t.gettext("{game}: moves", game=game_title(t, state)),
                          colour=COLOUR)
    embed.description = "\n".join(shown_lines)[:4000] or t.gettext("No moves yet.")
    if state.game is not None:
        add_scores(t, state, embed)
    embed.set_footer(text=t.ngettext("Page {page} of {pages} · {count} entry",
                                     "Page {page} of {pages} · {count} entries", len(lines),
                                     page=page, pages=pages))
    post = Post(embed=embed)
    image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    return post
