"""Absent players: a missed deadline, a skipped turn, a removed player, a game
abandoned; and the vote that ends a stalled game.
"""

from __future__ import annotations

import discord

from engine import Event, PlayerRemoved, TurnSkipped

from ..app.absence import Absence, Vote
from ..app.vocabulary import AbsenceAction
from ..discord import markup
from ..i18n import Messages
from ..names import MAX_NAME
from .common import COLOUR, Post, attach, game_title, image_embed, mark, mention, player_name, who
from .events import event_lines
from .results import final_scoring, game_over_text
from .tiles import tile_label
from .turn import call_player, next_turn_text, turn_title


def absence_post(
    t: Messages,
    absence: Absence,
    board_png: bytes | None,
    chart_png: bytes | None,
    view: discord.ui.View | None,
) -> Post:
    """A missed deadline, a skipped turn, or a removed player, and what comes next."""
    state = absence.state
    seat = state.seat(absence.player.id)
    name = f"**{player_name(state, absence.player)}**"
    facts = {"player": name if seat is None else f"{mark(seat)} {name}",
             "game": game_title(t, state)}
    if absence.action == AbsenceAction.NOTHING:
        return Post(content=t.gettext(
            "⌛ {player}'s deadline in **{game}** has passed. The host can `/carcassonne kick` "
            "an absent player; players can `/carcassonne vote-end`.", **facts))
    if absence.action == AbsenceAction.BONUS:
        return Post(content=t.gettext(
            "⌛ {player}'s deadline in **{game}** has passed, but a bonus tile cannot be "
            "skipped. The host can `/carcassonne kick` an absent player.", **facts))
    player = facts["player"]
    if absence.action == AbsenceAction.SKIP:
        skipped = _skipped_tile(absence.events)
        if skipped:
            lines = [t.gettext("⏭️ {player} missed the deadline: the turn is skipped and {tile} "
                               "goes back into the bag.", player=player,
                               tile=tile_label(t, skipped))]
        else:
            lines = [t.gettext("⏭️ {player} missed the deadline: the turn is skipped.",
                               player=player)]
        if absence.remove_after and absence.missed:
            lines.append(t.gettext("Missed turns in a row: {count}.", count=absence.missed))
    elif absence.action == AbsenceAction.ABANDONED and any(p.is_ai for p in state.players):
        # AI players never miss a turn: the game ends when the people have all gone.
        lines = [t.ngettext(
            "⏹️ {player} missed the deadline too. Every person playing has missed {count} "
            "turn in a row, so the game ends here and is scored.",
            "⏹️ {player} missed the deadline too. Every person playing has missed {count} "
            "turns in a row, so the game ends here and is scored.", absence.idle_rounds,
            player=player)]
    elif absence.action == AbsenceAction.ABANDONED:
        lines = [t.ngettext(
            "⏹️ {player} missed the deadline too. Every player has missed {count} turn in a "
            "row, so the game ends here and is scored.",
            "⏹️ {player} missed the deadline too. Every player has missed {count} turns in a "
            "row, so the game ends here and is scored.", absence.idle_rounds, player=player)]
    elif absence.by is not None:
        lines = [t.gettext("🚪 {player} was removed from the game by **{by}**: their followers "
                           "left the map; their score stands.", player=player,
                           by=markup.plain((absence.by.name)[:MAX_NAME]))]
    else:
        lines = [t.ngettext(
            "🚪 {player} missed {count} turn in a row and is removed from the game: their "
            "followers left the map; their score stands.",
            "🚪 {player} missed {count} turns in a row and is removed from the game: their "
            "followers left the map; their score stands.", absence.missed, player=player)]
    embed = discord.Embed(title=turn_title(t, state), colour=COLOUR)
    post = Post(view=view)
    game = state.game
    if game is not None and game.is_over:
        embed.description = "\n".join([*lines, *event_lines(t, state, absence.events)])[:4000]
        final_scoring(t, state, embed)
        post.content = game_over_text(t, state)
        image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    else:
        # The lead says the skip or the removal; the events since the last turn, the rest.
        call_player(t, state, embed, lines, [e for e in absence.events
                                             if isinstance(e, TurnSkipped | PlayerRemoved)],
                    absence.events)
        if absence.action == AbsenceAction.REMOVE:
            attach(post, f"board-{state.id}-{state.turn}.png", board_png)
        post.content = next_turn_text(t, state)
    post.embed = embed
    return post


def _skipped_tile(events: list[Event]) -> str | None:
    return next((e.tile for e in events if isinstance(e, TurnSkipped)), None)


def vote_post(t: Messages, vote: Vote, chart_png: bytes | None) -> Post:
    state = vote.state
    voters = t.list([who(state, seat) for p in vote.voters
                     if (seat := state.seat(p.id)) is not None]) or t.gettext("nobody")
    if not vote.ended:
        return Post(content=t.gettext(
            "🗳️ Votes to end **{game}** now: {voters}. It ends (and is scored) when {missing} "
            "also `/carcassonne vote-end`. A move cancels the votes.", game=game_title(t, state),
            voters=voters, missing=t.list([mention(state, p) for p in vote.missing])))
    embed = discord.Embed(title=t.gettext("{game} ends by vote", game=game_title(t, state)),
                          colour=COLOUR)
    embed.description = t.gettext("🗳️ {voters} voted to end the stalled game. Final scoring:",
                                  voters=voters)
    final_scoring(t, state, embed)
    post = Post(content=game_over_text(t, state), embed=embed)
    image_embed(embed, f"scores-{state.id}.png", chart_png, post)
    return post
