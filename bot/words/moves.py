"""A move in words: "city edge (D) at `3,-1`, 90°, follower on the north field".

The history says each move played this way after the player's name; a hint and
a game review say the AI's moves, which are not on the map, the same way.
"""

from __future__ import annotations

from engine import Place
from engine.geometry import PORT_INDEX
from engine.options import HUNTERS_AND_GATHERERS
from engine.tilesets import find_tile

from ..i18n import Messages
from ..naming import position_label
from ..spots import figure_spot
from .tiles import tile_label


def move_text(t: Messages, move: Place, game: str) -> str:
    """``move`` (a placement, maybe with a figure) of a game of kind ``game``, in words."""
    facts = {"tile": tile_label(t, move.tile),
             "position": f"`{position_label(move.x, move.y)}`", "rotation": move.rotation}
    if move.figure is None:
        return t.gettext("{tile} at {position}, {rotation}°", **facts)
    assert move.port is not None  # a figure stands on a port
    tile = find_tile(move.tile)
    oriented = tile.orientations[move.rotation // 90]
    segment = oriented.point_segment[PORT_INDEX[move.port]]
    facts["spot"] = figure_spot(t, tile, move.figure, segment, oriented.segment_compass[segment])
    if move.figure == "hut":
        return t.gettext("{tile} at {position}, {rotation}°, hut on {spot}", **facts)
    if game == HUNTERS_AND_GATHERERS:
        return t.gettext("{tile} at {position}, {rotation}°, tribe member on {spot}", **facts)
    return t.gettext("{tile} at {position}, {rotation}°, follower on {spot}", **facts)
