"""PNG pictures of a game, from the ``render`` package.

These are plain blocking functions: the Discord layer calls them through
``asyncio.to_thread`` so that a render never stalls the event loop. Each
returns ``None`` when the renderer cannot draw, so a turn is still announced
in text rather than lost.
"""

from __future__ import annotations

import logging

from engine import Game, Placement, TileType

log = logging.getLogger(__name__)

try:
    import render as _render
except ImportError:  # pragma: no cover - render is part of this distribution
    _render = None  # type: ignore[assignment]


def _png(function_name: str, *args: object, **kwargs: object) -> bytes | None:
    function = getattr(_render, function_name, None)
    to_png = getattr(_render, "to_png", None)
    if function is None or to_png is None:
        return None
    try:
        return to_png(function(*args, **kwargs))
    except Exception:
        log.exception("render.%s failed", function_name)
        return None


def board(game: Game) -> bytes | None:
    """The whole map, the latest tile marked."""
    return _png("render_board", game)


def choices(game: Game, tile: TileType | None = None) -> bytes | None:
    """The map with every legal position of ``tile`` labelled (A, B, ...)."""
    return _png("render_choices", game, tile=tile)


def preview(game: Game, placement: Placement, tile: TileType | None = None) -> bytes | None:
    """The map as it would look with ``tile`` placed at ``placement``."""
    return _png("render_preview", game, placement, tile=tile)


def available() -> bool:
    return all(
        getattr(_render, name, None) is not None
        for name in ("render_board", "render_choices", "render_preview", "to_png")
    )
