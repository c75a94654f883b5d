"""PNG pictures of a game, from the ``render`` package, with the reader's words.

These are plain blocking functions: the Discord layer calls them through
``asyncio.to_thread`` so that a render never stalls the event loop. Each
takes the messages of the message's reader (``t``), whose language the
pictures' words are drawn in (:func:`bot.i18n.pictures.labels_of`), and returns
``None`` when the renderer fails, so a turn is still announced in text
rather than lost (the failure is logged).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from PIL import Image

import render
from engine import FigureOption, Game, Placement, TileType
from engine.ai import TurnReview
from engine.ai.review import position_before
from engine.options import HUNTERS_AND_GATHERERS
from render.chart import score_chart, score_table
from render.fonts import Face, draws_chinese
from render.rules import Topic, render_rules

from .i18n import Messages
from .i18n.pictures import labels_of

log = logging.getLogger(__name__)


def check_fonts(chain: tuple[Face, ...] | None = None) -> bool:
    """Say once, at start, when pictures in Chinese would lose their words (no CJK
    font on this machine); True when they are drawn."""
    if draws_chinese(chain):
        return True
    log.warning("No CJK font found (Debian: sudo apt-get install fonts-noto-cjk): pictures "
                "in Chinese (zh_Hans), and Chinese, Japanese or Korean names in any "
                "picture, are drawn without those characters.")
    return False


def _png(draw: Callable[[], Image.Image]) -> bytes | None:
    return _safely(lambda: render.to_png(draw()))


def _safely(make: Callable[[], bytes]) -> bytes | None:
    try:
        return make()
    except Exception:
        log.exception("rendering failed")
        return None


def labels(game: Game, t: Messages) -> render.Labels:
    """The words of ``game``'s pictures in ``t``'s language."""
    return labels_of(t, str(game.options.game))


def turn(game: Game, t: Messages) -> bytes | None:
    """The turn message's picture, made for a phone: the action, the places the
    next tile can go (lettered), the tiles since the next player's last turn
    (numbered), the tile or tiles to place."""
    return _png(lambda: render.render_turn(game, labels=labels(game, t)))


def board(game: Game, t: Messages) -> bytes | None:
    """The whole map at full resolution, the latest tile marked, the tiles since the
    next player's last turn numbered and every place the next tile can go lettered:
    all that the turn picture may leave out, it says, is here."""
    places = render.candidate_positions(game) if game.tile is not None else None
    return _png(lambda: render.render_board(game, candidates=places,
                                            labels=board_labels(game, t)))


def board_labels(game: Game, t: Messages) -> render.Labels:
    """The words of the whole map: anyone may look at it, on turn or not, so its note
    on the numbered tiles names whose last turn they follow (the turn picture calls
    the player on turn, and says "your")."""
    words = labels(game, t)
    player = game.current_player
    if player is None:
        return words
    # Translators: under the whole map, which anyone may look at; {name} is the player on
    # turn, whose last turn the numbered tiles follow.
    return replace(words, since_last_turn=t.pgettext(
        "picture", "1, 2, 3…: tiles placed since {name}'s last turn",
        name=game.players[player]))


def replay(game: Game, t: Messages) -> bytes | None:
    """A step of a finished game's replay (issue 22): the map as it stood then, the
    latest tile framed."""
    return _png(lambda: render.render_board(game, recent=False, labels=labels(game, t)))


def features(game: Game, t: Messages) -> bytes | None:
    """Who owns what: every claimed feature in its owner's colour and mark."""
    return _png(lambda: render.render_features(game, labels=labels(game, t)))


def choices(game: Game, tile: TileType | None, t: Messages) -> bytes | None:
    """The map with every legal position of ``tile`` labelled (A, B, ...)."""
    return _png(lambda: render.render_choices(game, tile=tile, labels=labels(game, t)))


def preview(game: Game, placement: Placement, tile: TileType | None,
            figure: FigureOption | None, t: Messages) -> bytes | None:
    """The map as it would look with ``tile`` placed at ``placement`` (and ``figure`` on
    it), the follower spots numbered."""
    return _png(lambda: render.render_preview(game, placement, tile=tile, figure=figure,
                                              labels=labels(game, t)))


def hand(game: Game, t: Messages) -> bytes | None:
    """Every tile of the hand of the player on turn, in its four rotations."""
    return _png(lambda: render.render_hand(game.hand, theme=render.theme_for(game),
                                           labels=labels(game, t)))


def reviewed_turn(record: dict, seed: int | None, turn: TurnReview, points: str,
                  t: Messages) -> bytes | None:
    """A reviewed turn of the finished game ``record``: the position before it, the
    AI's better move framed (✓), the move played faded (✗)."""
    def draw() -> Image.Image:
        game = position_before(record, turn.turn, seed=seed)
        return render.render_review(game, turn.best, turn.played, points=points,
                                    labels=labels(game, t))
    return _png(draw)


def chart(game: Game, names: list[str], t: Messages) -> bytes | None:
    """Each player's score over the game (``names`` by seat), the final scoring last."""
    return _safely(lambda: score_chart(names, score_table(game), final=game.is_over,
                                       labels=labels(game, t)))


def rules(topic: Topic, t: Messages) -> bytes | None:
    """The small picture of a ``/carcassonne rules`` topic, drawn on an example game."""
    game = HUNTERS_AND_GATHERERS if topic is Topic.HUNTERS else "carcassonne"
    return _png(lambda: render_rules(topic, labels=labels_of(t, game)))
