"""The turn message: the call to the player on turn (their tile, their
deadline), what happened since their last turn, who leads, the scores and the
tiles left; the first message of a game; and after the last move, the result.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from engine import Event, TilePlaced

from ..app.state import GameState, Played
from ..discord import markup
from ..i18n import Messages
from ..i18n.terms import figure_count
from .common import (
    COLOUR,
    Post,
    attach,
    called,
    deadline_line,
    game_title,
    goods_text,
    image_embed,
    mark,
    options_text,
    player_name,
    points,
    who,
)
from .events import event_line, event_lines
from .me import away_line
from .results import final_scoring, game_over_text
from .tiles import tile_name

#: Most lines of "since your last turn" (a player back from a long absence).
SINCE_LINES = 12


def turn_title(t: Messages, state: GameState) -> str:
    return t.gettext("{game}, turn {turn}", game=game_title(t, state), turn=state.turn)


def turn_post(t: Messages, played: Played, picture: bytes | None,
              view: discord.ui.View | None, chart_png: bytes | None = None) -> Post:
    """The one public message after a move: what happened since the next player's
    last turn and the call to them, with the turn picture (made for a phone: the
    action, where the next tile can go, the tiles since their last turn numbered,
    the tile to place); after the last move, the final scoring under the whole map
    and the scores over the game."""
    state = played.state
    game = state.game
    assert game is not None
    post = Post(view=view)
    embed = discord.Embed(title=turn_title(t, state), colour=COLOUR)
    name = "board" if game.is_over else "turn"
    attach(post, f"{name}-{state.id}-{state.turn}.png", picture)
    if game.is_over:
        embed.description = "\n".join(event_lines(t, state, played.events))[:4000]
        final_scoring(t, state, embed)
        post.content = game_over_text(t, state)
        if chart_png is not None:
            chart = discord.Embed(title=t.gettext("Scores over the game"), colour=COLOUR)
            image_embed(chart, f"scores-{state.id}.png", chart_png, post)
            post.more_embeds.append(chart)
    else:
        lead = []
        if played.stand_in:
            seat = state.seat(played.mover.id)
            assert seat is not None
            # Translators: {player} is a mark and a name ("🔵1 **Ana**").
            lead.append(t.gettext("⌛ {player} missed the deadline, so the AI played the turn "
                                  "for them. Their next turn is theirs again.",
                                  player=who(state, seat)))
        call_player(t, state, embed, lead, played=played.events)
        post.content = next_turn_text(t, state)
    post.embed = embed
    return post


def started_post(t: Messages, state: GameState, picture: bytes | None,
                 view: discord.ui.View | None) -> Post:
    """The first message of a game: its options, the seating, and the call to the
    first player with the turn picture."""
    post = Post(view=view)
    game = state.game
    assert game is not None
    seating = "\n".join(called(state, p) for p in state.players)
    embed = discord.Embed(title=t.gettext("{game} begins", game=game_title(t, state)),
                          colour=COLOUR)
    lines = [options_text(t, state.row.options), "", t.gettext("**Seating**"), seating]
    if game.commitment is not None:
        # Translators: the bag's seal is the SHA-256 hash of the game's secret seed.
        lines += ["", t.gettext("🔒 Bag sealed: `{seal}…`", seal=game.commitment[:12])]
    before = event_lines(t, state, game.events)
    if before:
        lines += ["", t.gettext("**Before the first turn**"), *before]
    embed.description = "\n".join(lines)[:4000]
    attach(post, f"turn-{state.id}-0.png", picture)
    footer = t.gettext(
        "Play with /carcassonne place or the button below. /carcassonne help explains.")
    if game.commitment is not None:
        footer += "\n" + t.gettext("Bag seal (SHA-256): {seal}", seal=game.commitment)
    embed.set_footer(text=footer)
    post.embed = embed
    post.content = next_turn_text(t, state) if not game.is_over else game_over_text(t, state)
    return post


def call_player(t: Messages, state: GameState, embed: discord.Embed,
                lead: Iterable[str] = (), told: Iterable[Event] = (),
                played: Iterable[Event] = ()) -> None:
    """The body of a message that calls the player on turn: ``lead`` (what just
    happened, if it is not a move, saying the events ``told``), what happened since
    their last turn, the scores and the tiles left. An AI on turn needs no summary:
    the table reads what was just ``played``, and who leads."""
    game = state.game
    assert game is not None
    lines = list(lead)
    current = state.current
    if current is not None and current.is_ai:
        told_ids = {id(event) for event in told}
        news = [*event_lines(t, state, (e for e in played if id(e) not in told_ids)),
                leader_line(t, state)]
        lines += ["", *news] if lines else news
    elif since := since_last_turn(t, state, told):
        if lines:
            lines.append("")
        # Translators: a heading (** makes it bold), addressed to the player called.
        lines += [t.gettext("**Since your last turn**"), *since]
    embed.description = "\n".join(lines)[:4000]
    add_scores(t, state, embed)
    embed.set_footer(text=tiles_left(t, game.tiles_left()))


def next_turn_text(t: Messages, state: GameState) -> str:
    """The line that calls the player on turn (with their deadline, if any)."""
    current = state.current
    if state.game is None or current is None:
        return ""
    if current.is_ai:
        # Translators: {player} is a mark and an AI player's name ("🟡2 **🤖 AI Hard 1**").
        return t.gettext("{player} is thinking…", player=called(state, current))
    # Translators: {player} is a mark and a mention; {hand} is "your tile is ...", "your
    # bonus tile is ..." or "choose one of ...".
    text = t.gettext("{player}, your turn: {hand}.", player=called(state, current),
                     hand=hand_text(t, state))
    return t.sentences(text, turn_deadline(t, state), away_line(t, state, current.id))


def hand_text(t: Messages, state: GameState) -> str:
    """The tile or tiles the player on turn plays, by name: the picture under it
    letters the places, so a tile's id (a letter) is not written beside them."""
    game = state.game
    assert game is not None
    hand = game.hand
    tiles = t.list([f"**{tile_name(t, tile)}**" for tile in hand], "or")
    if len(hand) > 1:
        # Translators: the end of "{player}, your turn: {hand}."; {tiles} lists tiles in bold
        # joined by "or".
        return t.gettext("choose one of {tiles}", tiles=tiles)
    if game.is_bonus_turn:
        return t.gettext("your bonus tile is {tiles}", tiles=tiles)
    return t.gettext("your tile is {tiles}", tiles=tiles)


def turn_deadline(t: Messages, state: GameState) -> str:
    """The turn's deadline as a Discord timestamp (each reader sees it in their own
    time); nothing without one. The next reminder is left to ``status``: it comes
    by itself and needs no planning."""
    if state.clock.deadline is None:
        return ""
    return deadline_line(t, markup.timestamp(state.clock.deadline))


def since_last_turn(t: Messages, state: GameState, told: Iterable[Event] = ()) -> list[str]:
    """What happened since the player on turn last placed a tile, in a few lines:
    each tile placed (numbered as the turn picture numbers them), what scored,
    discards and skips (but what the message ``told`` already), then who leads."""
    told_ids = {id(event) for event in told}
    game = state.game
    seat = game.current_player if game is not None else None
    if game is None or seat is None:
        return []
    own = [e.turn for e in game.events if isinstance(e, TilePlaced) and e.player == seat]
    last_own = own[-1] if own else -1
    # A player who moves again at once (a bonus tile) is shown their own move too,
    # unnumbered: the picture numbers only the tiles since their last one.
    start = (own[-2] if len(own) > 1 else -1) if last_own == game.turn - 1 else last_own
    lines, number = [], 0
    for event in game.events:
        if event.turn <= start:
            continue
        line = event_line(t, state, event) if id(event) not in told_ids else None
        if line is None:
            continue
        if isinstance(event, TilePlaced) and event.turn > last_own:
            number += 1
            line = f"`{number}` {line}"
        lines.append(line)
    if len(lines) > SINCE_LINES:
        hidden = len(lines) - SINCE_LINES + 1
        lines = [t.ngettext("… and {count} more line before these.",
                            "… and {count} more lines before these.", hidden),
                 *lines[-(SINCE_LINES - 1):]]
    return lines + [leader_line(t, state)]


def leader_line(t: Messages, state: GameState) -> str:
    """"🏆 🔵1 **Ana** leads with 12 points." (or shares the lead, or nobody scored)"""
    game = state.game
    assert game is not None
    seats = [s for s in range(len(state.players)) if not state.is_removed(s)]
    best = max((game.scores[s] for s in seats), default=0)
    if best == 0:
        return t.gettext("Nobody has scored yet.")
    leaders = [s for s in seats if game.scores[s] == best]
    names = t.list([who(state, s) for s in leaders])
    if len(leaders) == 1:
        return t.ngettext("🏆 {players} leads with {count} point.",
                          "🏆 {players} leads with {count} points.", best, players=names)
    return t.ngettext("🏆 {players} share the lead with {count} point.",
                      "🏆 {players} share the lead with {count} points.", best, players=names)


def add_scores(t: Messages, state: GameState, embed: discord.Embed) -> None:
    """The scores, as a field of ``embed``."""
    embed.add_field(name=t.gettext("Scores"), value=scores_field(t, state), inline=False)


def scores_field(t: Messages, state: GameState) -> str:
    game = state.game
    assert game is not None
    lines = []
    name = str(game.options.game)
    for seat in range(len(state.players)):
        score = points(t, game.scores[seat])
        if state.is_removed(seat):
            # Translators: a removed player's line of the scores: "🔵1 ~~Ana~~: 12 points
            # (removed)"; ~~ strikes the name through.
            lines.append(t.gettext("{mark} ~~{name}~~: {points} (removed)", mark=mark(seat),
                                   name=player_name(state, seat), points=score))
            continue
        supply = game.supply(seat)
        left = [figure_count(t, "meeple", name, supply.meeples)]
        if game.rules.huts:
            left.append(figure_count(t, "hut", name, supply.huts))
        kinds = game.rules.supply
        for kind, count in (("big", supply.big), ("builder", supply.builders),
                            ("pig", supply.pigs)):
            if kind in kinds:
                left.append(figure_count(t, kind, name, count))
        # Translators: a player's line of the scores: "🔵1 **Ana**: 12 points (5 followers
        # left)"; {left} lists the figures ("5 tribe members and 2 huts").
        line = t.gettext("{player}: {points} ({left} left)", player=who(state, seat),
                         points=score, left=t.list(left))
        if any(game.goods[seat]):
            # Translators: after a player's line of the scores (Traders & Builders): the
            # trade goods they hold; {goods} lists them ("1 wine and 2 cloth").
            line = t.sentences(line, t.gettext("Goods: {goods}.",
                                               goods=goods_text(t, game.goods[seat])))
        lines.append(line)
    return "\n".join(lines)


def tiles_left(t: Messages, count: int) -> str:
    return t.ngettext("{count} tile left in the bag", "{count} tiles left in the bag", count)
