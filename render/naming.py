"""How players name a position, and the short labels of the move-choice image.

Positions are named by the engine's own integer coordinates, ``"x,y"``: ``x``
grows to the east, ``y`` to the south, the start tile is ``0,0``. The map's
column labels are x values and its row labels are y values, so a name stays
the same however the map grows (labels relative to the crop would shift under
an asynchronous player's feet).

The move-choice image marks every legal position with a short label, ``A`` to
``Z`` then ``AA``, ``AB``... (like spreadsheet columns), given in order of
``(y, x)``: top row first, left to right. The bot offers the same labels
through :func:`candidate_labels`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine import Game, TileType

Position = tuple[int, int]

_POSITION = re.compile(r"^\(?\s*([+-]?\d+)\s*(?:[,;]\s*|\s+)([+-]?\d+)\s*\)?$")


def position_label(x: int, y: int) -> str:
    """The name of position (x, y): ``"3,-1"``."""
    return f"{x},{y}"


def parse_position(text: str) -> Position:
    """Read a position name: ``"3,-1"``, also ``"3 -1"``, ``"(3, -1)"`` or ``"3;-1"``.

    Raises ValueError with a message that quotes the input and shows the form.
    """
    match = _POSITION.match(text.strip()) if isinstance(text, str) else None
    if not match:
        raise ValueError(
            f"cannot read position {text!r}: write the column then the row, "
            f"as on the map's labels, for example 3,-1"
        )
    return int(match.group(1)), int(match.group(2))


def index_label(index: int) -> str:
    """The ``index``-th candidate label (0 → ``A``, 25 → ``Z``, 26 → ``AA``)."""
    if index < 0:
        raise ValueError(f"label index must be >= 0, not {index}")
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return letters


def candidate_labels(positions: Iterable[Position]) -> dict[str, Position]:
    """Label each distinct position, in order of (y, x): ``{"A": (x, y), ...}``."""
    ordered = sorted(set(positions), key=lambda p: (p[1], p[0]))
    return {index_label(i): position for i, position in enumerate(ordered)}


def candidate_positions(game: Game, tile: TileType | str | None = None) -> dict[str, Position]:
    """The labels of the move-choice image for ``tile`` (default: the tile to play).

    Every position where the tile fits in at least one rotation gets a label.
    """
    return candidate_labels((x, y) for x, y, _ in game.placement_groups(tile))


def parse_candidate(text: str, labels: dict[str, Position]) -> Position:
    """The position a label names (case-insensitive); a position name works too."""
    key = text.strip().upper() if isinstance(text, str) else ""
    if key in labels:
        return labels[key]
    try:
        position = parse_position(text)
    except ValueError:
        position = None
    if position is not None and position in labels.values():
        return position
    shown = ", ".join(list(labels)[:5]) + ("..." if len(labels) > 5 else "")
    raise ValueError(f"no choice {text!r}: pick one of the labels on the map ({shown})")
