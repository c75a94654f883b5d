"""PNG pictures of a game, from the ``render`` package.

These are plain blocking functions: the Discord layer calls them through
``asyncio.to_thread`` so that a render never stalls the event loop. Each
returns ``None`` when the renderer fails, so a turn is still announced in
text rather than lost (the failure is logged).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PIL import Image

import render
from engine import FigureOption, Game, Placement, TileType

from .charts import score_chart, score_table

log = logging.getLogger(__name__)


def _png(draw: Callable[[], Image.Image]) -> bytes | None:
    return _safely(lambda: render.to_png(draw()))


def _safely(make: Callable[[], bytes]) -> bytes | None:
    try:
        return make()
    except Exception:
        log.exception("rendering failed")
        return None


def board(game: Game) -> bytes | None:
    """The whole map, the latest tile marked."""
    return _png(lambda: render.render_board(game))


def tile(game: Game) -> bytes | None:
    """The tile the player on turn must place, in the game's look (for a thumbnail)."""
    if game.tile is None:
        return None
    return _png(lambda: render.render_tile(game.tile, theme=render.theme_for(game)))


def choices(game: Game, tile: TileType | None = None) -> bytes | None:
    """The map with every legal position of ``tile`` labelled (A, B, ...)."""
    return _png(lambda: render.render_choices(game, tile=tile))


def preview(game: Game, placement: Placement, tile: TileType | None = None,
            figure: FigureOption | None = None) -> bytes | None:
    """The map as it would look with ``tile`` placed at ``placement`` (and ``figure`` on it)."""
    return _png(lambda: render.render_preview(game, placement, tile=tile, figure=figure))


def chart(game: Game, names: list[str]) -> bytes | None:
    """Each player's score over the game (``names`` by seat), the final scoring last."""
    return _safely(lambda: score_chart(names, score_table(game), final=game.is_over))
