"""The end of a game: the final scoring by player and feature kind, each player's
points of the whole game by feature kind and, in a rated game, their rating and
its change (issue 22), the players by rank, and the line that says who won.
"""

from __future__ import annotations

from collections import defaultdict

import discord

from engine import FeatureScored, GoodsScored, record_digest
from engine.statistics import game_statistics

from ..app.state import GameState
from ..i18n import Messages
from ..i18n.terms import FEATURE_HEADINGS, GOODS_HEADING
from .common import called, mark, player_name
from .ratings import points_by_kind, rating_change

#: The final scoring's key for trade goods (Traders & Builders), beside feature kinds.
GOODS_HEADING_KEY = "goods"


def final_scoring(t: Messages, state: GameState, embed: discord.Embed) -> None:
    """Final scoring by player and feature kind, and the outcome: the players by rank
    (the winner first; a tie shares a rank), removed players last; then the digest of
    the game's record, to check an exported record against."""
    game = state.game
    assert game is not None
    finals = [e for e in game.events if isinstance(e, FeatureScored) and e.final]
    by_player: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for event in finals:
        for seat in event.scorers:
            by_player[seat][event.kind] += event.points
    for goods in (e for e in game.events if isinstance(e, GoodsScored)):
        for seat in goods.scorers:
            by_player[seat][GOODS_HEADING_KEY] += goods.points  # TB-13
    statistics = game_statistics(game).players
    for seat in ranked(state):
        gains = [f"{t.term(GOODS_HEADING if kind == GOODS_HEADING_KEY else FEATURE_HEADINGS[kind])}"
                 f" +{gained}" for kind, gained in sorted(by_player[seat].items()) if gained]
        total = game.scores[seat]
        before = total - sum(by_player[seat].values())
        if gains:
            value = t.gettext("{before} during the game, {gains} at the end: **{total}**",
                              before=before, gains=t.list(gains), total=total)
        else:
            value = t.gettext("{before} during the game, nothing more at the end: **{total}**",
                              before=before, total=total)
        by_kind = points_by_kind(t, statistics[seat].points_by_kind)
        if by_kind:  # issue 22: the whole game's points by feature kind
            value += "\n" + by_kind
        name = player_name(state, seat)
        change = state.rating_change(seat)
        rated = f" · {rating_change(t, change)}" if change is not None else ""  # issue 22
        if state.is_removed(seat):
            name = t.gettext("{name} (removed)", name=name)
            embed.add_field(name=f"{mark(seat)} {name}{rated}", value=value, inline=False)
            continue
        rank = 1 + sum(game.scores[other] > total for other in range(len(state.players))
                       if not state.is_removed(other))
        embed.add_field(name=f"{rank}. {mark(seat)} {name}{rated}", value=value, inline=False)
    if game.seed is not None:
        # What `python -m engine verify` prints for the exported record: any other record
        # (cut short, a move changed) has another digest.
        embed.add_field(name=t.gettext("Record digest (SHA-256)"),
                        value=f"`{record_digest(game)}`", inline=False)


def ranked(state: GameState) -> list[int]:
    """The seats by final rank: the highest score first, seat order among equals,
    removed players last."""
    game = state.game
    assert game is not None
    return sorted(range(len(state.players)),
                  key=lambda seat: (state.is_removed(seat), -game.scores[seat], seat))


def game_over_text(t: Messages, state: GameState) -> str:
    game = state.game
    assert game is not None
    outcome = game.outcome()
    if outcome is None or not outcome.winners:
        return t.gettext("The game is over.")
    winners = [called(state, state.players[s]) for s in outcome.winners]
    score = outcome.scores[outcome.winners[0]]
    if len(winners) == 1:
        return t.ngettext("🏆 Game over! {winner} wins with {count} point.",
                          "🏆 Game over! {winner} wins with {count} points.", score,
                          winner=winners[0])
    return t.ngettext("🏆 Game over! {winners} share the win with {count} point.",
                      "🏆 Game over! {winners} share the win with {count} points.", score,
                      winners=t.list(winners))
