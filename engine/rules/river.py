"""The River's course (R-1 to R-7, D-7): where it goes on and how it last turned.

The course is part of a game's position, not of its rules: it is a small
immutable value the game replaces as river tiles are placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..geometry import OFFSETS, neighbour
from ..tiles import RIVER

if TYPE_CHECKING:
    from collections.abc import Container

    from ..board import PlacedTile

#: Which way a river tile turns the flow: quarter turns clockwise.
STRAIGHT, RIGHT, LEFT = 0, 1, 3


class RiverCourse(NamedTuple):
    """The open end of the River (None before the spring and after the lake),
    the direction it flows there, and the turn of the last river tile placed
    (D-7: a bend may not turn the same way as a bend right before it)."""

    end: tuple[int, int] | None = None
    flow: int = 0
    last_turn: int = STRAIGHT

    def outlet(self, edges: tuple[str, ...]) -> int | None:
        """The river edge of a tile at the open end that leads on, or None (the lake)."""
        back = (self.flow + 2) % 4
        return next((d for d, kind in enumerate(edges) if kind == RIVER and d != back), None)

    def turn_of(self, edges: tuple[str, ...]) -> int:
        """How a tile with ``edges`` at the open end would turn the flow."""
        outlet = self.outlet(edges)
        return STRAIGHT if outlet is None else (outlet - self.flow) % 4

    def makes_u_turn(self, edges: tuple[str, ...]) -> bool:
        """Whether a tile with ``edges`` at the open end bends the way the river
        tile right before it did. Bends with straight tiles between them may turn
        the same way (D-7, the publisher's clarification)."""
        turn = self.turn_of(edges)
        return turn != STRAIGHT and turn == self.last_turn

    def crowded(self, x: int, y: int, edges: tuple[str, ...],
                taken: Container[tuple[int, int]]) -> tuple[int, int] | None:
        """A square that must stay empty for a tile with ``edges`` at (x, y) to
        leave the river room to flow, if one is taken (D-7, JCloisterZone's rule).

        For each river edge that meets no placed tile (an open end): the two
        squares beside the square in front of it, the square two ahead and the
        two beside that one. The square in front itself is the new open end.
        """
        for direction, kind in enumerate(edges):
            dx, dy = OFFSETS[direction]
            if kind != RIVER or (x + dx, y + dy) in taken:
                continue
            sx, sy = OFFSETS[(direction + 1) % 4]
            for ahead in (1, 2):
                ax, ay = x + ahead * dx, y + ahead * dy
                for square in ((ax + sx, ay + sy), (ax - sx, ay - sy)) + \
                        (((ax, ay),) if ahead == 2 else ()):
                    if square in taken:
                        return square
        return None

    def after(self, placed: PlacedTile) -> RiverCourse:
        """The course once ``placed`` (a river tile at the open end, or the spring) lies."""
        edges = placed.oriented.edges
        if self.end is None:  # the spring
            spring = edges.index(RIVER)
            return RiverCourse(neighbour(placed.x, placed.y, spring), spring, STRAIGHT)
        outlet = self.outlet(edges)
        if outlet is None:  # the lake
            return RiverCourse(None, self.flow, STRAIGHT)
        return RiverCourse(neighbour(placed.x, placed.y, outlet), outlet,
                           (outlet - self.flow) % 4)
