"""Directions, edge points and ports: the geometry every tile shares.

A tile's border is cut into twelve *points*, three per edge, numbered
clockwise from the north-west corner. Point ``3*d + 1`` is the middle of edge
``d`` (where a road, river or city crosses it); ``3*d`` and ``3*d + 2`` are the
two halves of the edge (the fields on either side of a road). Point 12 is the
tile centre (a cloister or a lake). Turning a tile 90° clockwise adds 3 to
every border point, and two tiles that share an edge meet point for point as
:func:`opposite_point` says.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import StrEnum

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTION_NAMES = ("N", "E", "S", "W")
DIRECTION_WORDS = ("north", "east", "south", "west")

#: Grid offsets per direction: ``x`` grows to the east, ``y`` to the south.
OFFSETS = ((0, -1), (1, 0), (0, 1), (-1, 0))

CENTRE = 12
PORT_NAMES = (
    "NNW", "N", "NNE",
    "ENE", "E", "ESE",
    "SSE", "S", "SSW",
    "WSW", "W", "WNW",
    "C",
)
PORT_INDEX = {name: index for index, name in enumerate(PORT_NAMES)}

ROTATIONS = (0, 90, 180, 270)


def middle_point(direction: int) -> int:
    """The point in the middle of edge ``direction``."""
    return 3 * direction + 1


def opposite_point(point: int) -> int:
    """The point of the neighbouring tile that touches ``point`` across its edge."""
    direction, offset = divmod(point, 3)
    return 3 * ((direction + 2) % 4) + (2 - offset)


def rotate_point(point: int, quarter_turns: int) -> int:
    """Where ``point`` lies after turning the tile clockwise."""
    if point == CENTRE:
        return CENTRE
    return (point + 3 * quarter_turns) % 12


def direction_of_point(point: int) -> int:
    return point // 3


def neighbour(x: int, y: int, direction: int) -> tuple[int, int]:
    dx, dy = OFFSETS[direction]
    return x + dx, y + dy


def parse_port(text: str) -> int:
    """The point index a port name stands for (``"NNE"`` → 2, ``"C"`` → 12)."""
    try:
        return PORT_INDEX[text.strip().upper()]
    except (KeyError, AttributeError):
        raise ValueError(
            f"unknown port {text!r}: use one of {', '.join(PORT_NAMES)}"
        ) from None


class Compass(StrEnum):
    """Where on a placed tile a feature lies, in board directions: the eight
    compass points clockwise from north, or the centre (a cloister, a lake, or
    a feature spread evenly around the middle such as a straight road)."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"
    CENTRE = "CENTRE"


#: Compass order for reading: clockwise from north, the centre last.
COMPASS_ORDER = {compass: index for index, compass in enumerate(Compass)}
#: The compass point of each edge direction (N E S W).
EDGE_COMPASS = (Compass.N, Compass.E, Compass.S, Compass.W)

#: Where each border point lies on the tile, x to the east and y to the north.
_POINT_XY = (
    (-0.5, 1.0), (0.0, 1.0), (0.5, 1.0),
    (1.0, 0.5), (1.0, 0.0), (1.0, -0.5),
    (0.5, -1.0), (0.0, -1.0), (-0.5, -1.0),
    (-1.0, -0.5), (-1.0, 0.0), (-1.0, 0.5),
)
_CLOCKWISE_FROM_EAST = (Compass.E, Compass.NE, Compass.N, Compass.NW,
                        Compass.W, Compass.SW, Compass.S, Compass.SE)


def compass_of(points: Iterable[int]) -> Compass:
    """The compass point a set of border points leans to, from the tile centre.

    The points' positions are summed as vectors from the centre: the field inside
    a south-west road curve (SSW, WSW) is SW, a field north of an east-west road
    is N; a feature at the centre, or spread evenly around it, is CENTRE.
    """
    x = y = 0.0
    for point in points:
        if point == CENTRE:
            return Compass.CENTRE
        dx, dy = _POINT_XY[point]
        x += dx
        y += dy
    if abs(x) < 1e-9 and abs(y) < 1e-9:
        return Compass.CENTRE
    sector = round(math.atan2(y, x) / (math.pi / 4)) % 8
    return _CLOCKWISE_FROM_EAST[sector]
