"""Board pictures for the bot: pure functions from engine state to Pillow images.

``render`` imports the engine and Pillow, never the bot. Every function takes
the game (or tiles) plus keyword-only options and returns a new image; no
function reads or writes files (see ``python -m render`` for that).

Public API (every function also takes ``labels=Labels(...)``, the words it
draws, English by default; see :mod:`render.labels`)::

    render_turn(game, *, theme=None)          # the turn message's picture, made for a
                                              # 400 px phone: the action, lettered
                                              # positions, recent moves 1, 2, 3..., the hand
    render_board(game, *, theme=None, highlight_last=True, candidates=None, scale=None,
                 recent=True)                 # the full map, full resolution
    render_features(game, *, theme=None, scale=None)   # who owns what
    render_choices(game, tile=None, *, theme=None)     # every legal position lettered
    render_preview(game, placement, tile=None, *, theme=None, figure=None)
        # follower spots numbered: spot k is game.legal_figures(placement, tile)[k - 1];
        # figure: FigureOption or (kind, port), drawn in the player's colour and mark
    render_review(game, better, played, *, points, theme=None)
        # a reviewed turn: the AI's better move framed (✓), the move played faded (✗)
    render_tile(tile, rotation=0, *, theme=None, size=128)
    render_hand(tiles, *, theme=None)                  # every tile, 4 rotations each
    to_png(image) -> bytes                             # palette PNG, <= 2 MB
    player_mark(seat) -> str                  # "1".."5": beside names in messages too
    player_colour(seat), PLAYER_COLOURS       # the colour-vision-safe palette
    Labels, Counted, ENGLISH                  # every word drawn, for translation

The score chart: ``score_chart(names, scores, *, final=False, labels=...) -> bytes``
(PNG), its points from ``score_table(game)`` (:mod:`render.chart`).

``theme`` is ``"classic"``, ``"winter"`` or ``"hunters"`` (or a
:class:`Theme`); by default Hunters and Gatherers games get ``hunters``,
games with the ``winter`` option get ``winter``, the rest ``classic``
(:func:`theme_for`).

Naming positions (shared with the bot; helpers in :mod:`render.naming`):

- A position is named by the engine's own coordinates, ``"x,y"``: x grows to
  the east, y to the south, the start tile is ``0,0`` (``"3,-1"`` is three
  columns east of the start and one row north). The map's column labels are
  x values and its row labels y values, so a name never changes as the map
  grows. ``position_label(x, y)`` writes it, ``parse_position(text)`` reads
  it (also ``"3 -1"`` and ``"(3, -1)"``) and raises ValueError otherwise.
- The move-choice image marks each legal position with a short label: ``A``
  to ``Z``, then ``AA``, ``AB``..., given in order of (y, x), top row first,
  left to right. ``candidate_positions(game, tile=None)`` returns the same
  ``{label: (x, y)}`` mapping for the bot; ``parse_candidate(text, labels)``
  accepts a label (any case) or a position name.
- Follower spots on the preview are numbered from 1 in the order of
  ``game.legal_figures(placement, tile)`` (a spot marked ``⌂`` takes a hut),
  each on its own feature and never on the chosen follower.

Pictures stay within 2048 px on their long side (big boards shrink), and
the same state always gives the same pixels and the same PNG bytes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import map_frame, render_board, render_choices
from .chart import rating_chart, score_chart, score_table
from .hand import render_hand, render_tile
from .labels import ENGLISH, Counted, Labels
from .naming import (
    candidate_labels,
    candidate_positions,
    parse_candidate,
    parse_position,
    position_label,
)
from .ownership import render_features
from .png import to_png, warm_up
from .preview import render_preview
from .review import render_review
from .theme import (
    PLAYER_COLOURS,
    THEMES,
    Theme,
    get_theme,
    player_colour,
    player_mark,
    resolve_theme,
)
from .turn import render_turn

if TYPE_CHECKING:
    from engine import Game


def theme_for(game: Game) -> Theme:
    """The theme a game is drawn with when none is asked for."""
    return resolve_theme(None, game)


__all__ = [
    "ENGLISH", "Counted", "Labels", "PLAYER_COLOURS", "THEMES", "Theme", "candidate_labels",
    "candidate_positions", "get_theme",
    "map_frame", "parse_candidate", "parse_position", "player_colour", "player_mark",
    "position_label", "render_board", "render_choices", "render_features", "render_hand",
    "rating_chart", "render_preview", "render_review", "render_tile", "render_turn", "score_chart",
    "score_table", "theme_for", "to_png",
    "warm_up",
]
