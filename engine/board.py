"""The map: placed tiles, and the open positions around them.

The board keeps a *frontier*: every empty position next to a placed tile,
with what its neighbours demand of a tile there, packed into one int
(:func:`engine.tiles.edge_code`). Listing the placements of a tile is then one
cached dictionary lookup per kind of open position
(:meth:`TileType.fitting_rotations`), and checking one placement is one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from .errors import InvalidActionError
from .geometry import OFFSETS, ROTATIONS
from .tiles import OrientedTile, TileType


class Placement(NamedTuple):
    """Where and how a tile goes: grid position and clockwise rotation in degrees.

    A named tuple: placements are made by the thousand when moves are listed.
    ``str()`` gives ``"3,-1,90"``, which :meth:`parse` reads back.
    """

    x: int
    y: int
    rotation: int

    @property
    def quarter_turns(self) -> int:
        return self.rotation // 90

    def __str__(self) -> str:
        return f"{self.x},{self.y},{self.rotation}"

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Read ``"x,y,rotation"`` (spaces allowed); InvalidActionError quoting the text."""
        parts = [part.strip() for part in text.split(",")]
        try:
            x, y, rotation = (int(part) for part in parts)
        except ValueError:
            raise InvalidActionError(f"{text!r} is not a placement: write x,y,rotation") from None
        if rotation not in ROTATIONS:
            raise InvalidActionError(f"{text!r}: rotation must be 0, 90, 180 or 270")
        return cls(x, y, rotation)


@dataclass(eq=False, slots=True)
class PlacedTile:
    """A tile on the map (never changed once placed: copies of a game share it)."""

    tile: TileType
    oriented: OrientedTile
    x: int
    y: int
    #: Record turn that placed it (-1 for the start tile).
    turn: int
    player: int | None
    #: Node of its first segment in the feature graph; segment i is node + i.
    node: int

    @property
    def rotation(self) -> int:
        return self.oriented.rotation

    @property
    def position(self) -> tuple[int, int]:
        return self.x, self.y


class Board:
    """Placed tiles by position, and the frontier of open positions."""

    __slots__ = ("tiles", "frontier", "by_constraint")

    def __init__(self) -> None:
        self.tiles: dict[tuple[int, int], PlacedTile] = {}
        #: Open position -> the edge code its neighbours demand (0 for a free side).
        self.frontier: dict[tuple[int, int], int] = {}
        #: The frontier grouped by constraint: a tile is matched once per group.
        self.by_constraint: dict[int, dict[tuple[int, int], None]] = {}

    def copy(self) -> Board:
        board = Board.__new__(Board)
        board.tiles = self.tiles.copy()
        board.frontier = self.frontier.copy()
        board.by_constraint = {key: group.copy() for key, group in self.by_constraint.items()}
        return board

    def __len__(self) -> int:
        return len(self.tiles)

    def add(self, placed: PlacedTile) -> None:
        x, y = placed.x, placed.y
        tiles, frontier, groups = self.tiles, self.frontier, self.by_constraint
        tiles[(x, y)] = placed
        self._leave_group((x, y))
        for (dx, dy), demand in zip(OFFSETS, placed.oriented.demands):
            position = (x + dx, y + dy)
            if position in tiles:
                continue
            old = frontier.get(position, 0)
            if old:
                group = groups[old]
                del group[position]
                if not group:
                    del groups[old]
            new = frontier[position] = old | demand
            joined = groups.get(new)
            if joined is None:
                groups[new] = {position: None}
            else:
                joined[position] = None

    def _leave_group(self, position: tuple[int, int]) -> None:
        constraint = self.frontier.pop(position, 0)
        if constraint:
            group = self.by_constraint[constraint]
            del group[position]
            if not group:
                del self.by_constraint[constraint]

    def fits(self, tile: TileType, placement: Placement) -> bool:
        """Edge matching only (B-9, B-10): next to a tile, every touching edge equal."""
        constraint = self.frontier.get((placement.x, placement.y))
        return constraint is not None and placement.rotation in tile.fits[constraint]

    def placements(self, tile: TileType) -> Iterator[Placement]:
        """Every placement of ``tile`` that passes edge matching."""
        fits = tile.fits
        for constraint, positions in self.by_constraint.items():
            rotations = fits[constraint]
            if rotations:
                for x, y in positions:
                    for rotation in rotations:
                        yield Placement(x, y, rotation)

    def has_place(self, tile: TileType) -> bool:
        """Whether ``tile`` passes edge matching anywhere."""
        return any(map(tile.fits.__getitem__, self.by_constraint))

    def around(self, x: int, y: int) -> list[tuple[int, PlacedTile]]:
        """The tiles next to (x, y) along an edge, with the direction each lies in."""
        tiles = self.tiles
        return [(direction, other) for direction, (dx, dy) in enumerate(OFFSETS)
                if (other := tiles.get((x + dx, y + dy))) is not None]

    def bounds(self) -> tuple[int, int, int, int]:
        """(min_x, min_y, max_x, max_y) of the placed tiles."""
        xs = [x for x, _ in self.tiles]
        ys = [y for _, y in self.tiles]
        return min(xs), min(ys), max(xs), max(ys)

    def neighbours8(self, x: int, y: int) -> int:
        """How many of the 8 surrounding positions hold a tile (B-25)."""
        tiles = self.tiles
        return sum(
            (x + dx, y + dy) in tiles
            for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
        )
