"""The AI's advice: a finished game's review, and a hint.

Turns are numbered as ``/carcassonne history`` numbers them (from 1), and moves
are said as the history says them (:func:`bot.words.moves.move_text`); pictures
come in as PNG bytes.
"""

from __future__ import annotations

import discord
from babel.numbers import format_decimal

from engine.ai import PlayerReview, TurnReview

from ..app.hints import Hint
from ..app.reviews import Reviewed
from ..i18n import Messages
from .common import COLOUR, Post, game_title, image_embed, mark, player_name
from .moves import move_text


def one_decimal(t: Messages, value: float) -> str:
    """A number of points to a tenth, as the reader writes it ("2.5", "2,5")."""
    return format_decimal(round(value, 1), format="0.0", locale=str(t.language))


def review_posts(t: Messages, reviewed: Reviewed,
                 pictures: list[list[bytes | None]]) -> list[Post]:
    """One message per player: their summary, then each of their worst turns with
    its picture (``pictures``: by seat, one per worst turn; None where it could not
    be drawn). The first message says what the review is."""
    state = reviewed.state
    game = str(state.options.game)
    posts = []
    for player, drawn in zip(reviewed.review.players, pictures):
        seat = player.player
        embed = discord.Embed(title=f"{mark(seat)} {player_name(state, seat)}",
                              description=summary(t, player), colour=COLOUR)
        post = Post(embed=embed)
        for turn, picture in zip(player.worst, drawn):
            shown = discord.Embed(description=worst_line(t, turn, game), colour=COLOUR)
            image_embed(shown, f"review-{state.id}-turn{turn.turn + 1}.png", picture, post)
            post.more_embeds.append(shown)
        posts.append(post)
    posts[0].content = t.gettext(
        "**Review of {game}**: each player's turns that lost the most points against the "
        "AI's choice, judged from what the player could see. On each picture ✓ is the "
        "AI's move, ✗ the move played.", game=game_title(t, state))
    return posts


def summary(t: Messages, player: PlayerReview) -> str:
    """A player's summary line: points lost in all and a turn, and best moves."""
    if not player.turns:
        return t.gettext("No turns to review.")
    return t.ngettext(
        "{count} turn: {points} points lost in all ({mean} a turn); the AI's move, or one "
        "as good, on {best} of them.",
        "{count} turns: {points} points lost in all ({mean} a turn); the AI's move, or one "
        "as good, on {best} of them.", len(player.turns),
        points=one_decimal(t, player.total_loss), mean=one_decimal(t, player.mean_loss),
        best=player.best_moves)


def worst_line(t: Messages, turn: TurnReview, game: str) -> str:
    """One of a player's worst turns: what was played, what was better, by how much."""
    # Translators: {played} and {better} are moves ("city edge (D) at `3,-1`, 90°,
    # follower on the north field"); {points} a number with one decimal ("2.5").
    return t.gettext("**Turn {turn}**: {played}. Better: {better}, {points} points more.",
                     turn=turn.turn + 1, played=move_text(t, turn.played, game),
                     better=move_text(t, turn.best, game), points=one_decimal(t, turn.loss))


def hint_post(t: Messages, hint: Hint, picture: bytes | None) -> Post:
    """The AI's suggestion, for the player on turn only, with its preview."""
    state = hint.state
    embed = discord.Embed(title=t.gettext("💡 Hint for turn {turn}", turn=state.turn + 1),
                          colour=COLOUR)
    embed.description = "\n".join((
        t.gettext("The AI would play {move}.",
                  move=move_text(t, hint.move, str(state.options.game))),
        t.gettext("Only you see this; the game's history notes that you took a hint on this "
                  "turn."),
    ))
    post = Post(embed=embed)
    image_embed(embed, f"hint-{state.id}-{state.turn}.png", picture, post)
    return post
