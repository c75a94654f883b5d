"""Figures on the map and in supply, and the ways to place one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .geometry import Compass
from .tiles import CITY, CLOISTER, FIELD, FOREST, MEADOW, RIVER, ROAD


class FigureKind(StrEnum):
    """What a player stands on the map: a follower (a tribe member in Hunters and
    Gatherers), a hut, or the figures of the expansions: the big follower (IC-2),
    the builder and the pig (TB-3). The text is the key a record places it with."""

    MEEPLE = "meeple"
    BIG = "big"
    BUILDER = "builder"
    PIG = "pig"
    HUT = "hut"


class Role(StrEnum):
    """What a figure is, by the feature it stands on."""

    THIEF = "thief"
    KNIGHT = "knight"
    MONK = "monk"
    FARMER = "farmer"
    FISHER = "fisher"
    GATHERER = "gatherer"
    HUNTER = "hunter"
    HUT = "hut"
    BUILDER = "builder"
    PIG = "pig"


MEEPLE = FigureKind.MEEPLE
BIG = FigureKind.BIG
BUILDER = FigureKind.BUILDER
PIG = FigureKind.PIG
HUT = FigureKind.HUT

#: Figures that are followers: they count for majorities and block a feature
#: (B-16); the big follower counts as two (IC-11). Builders and pigs do neither
#: (TB-15, TB-24).
FOLLOWERS = frozenset({MEEPLE, BIG})
#: The order figures are offered in (:class:`FigureOption` lists).
FIGURE_ORDER = (MEEPLE, BIG, BUILDER, PIG, HUT)

#: The role a follower / tribe member takes on each kind of feature.
ROLES = {
    ROAD: Role.THIEF,
    CITY: Role.KNIGHT,
    CLOISTER: Role.MONK,
    FIELD: Role.FARMER,
    RIVER: Role.FISHER,
    FOREST: Role.GATHERER,
    MEADOW: Role.HUNTER,
}


@dataclass(frozen=True, eq=False, slots=True)
class Figure:
    """One figure standing on the map. Compared by identity: two knights of
    one player on one city are two figures. Shared by copies of a game."""

    player: int
    figure: FigureKind
    role: Role
    x: int
    y: int
    segment: int
    port: str
    #: A hunter placed on the dolmen tile (Hunters and Gatherers, HG-64).
    dolmen: bool = False

    @property
    def weight(self) -> int:
        """How many followers it counts as in a majority (IC-11)."""
        return 2 if self.figure == BIG else 1


@dataclass(frozen=True)
class FigureOption:
    """One legal way to place a figure on a tile about to be placed.

    ``port`` is the canonical port (what a move names), ``ports`` every port of
    the feature on this tile, ``compass`` where on the tile the feature lies (in
    board directions), ``segment`` its index in ``TileType.segments``.
    """

    figure: FigureKind
    port: str
    kind: str
    role: Role
    compass: Compass
    ports: tuple[str, ...]
    segment: int


@dataclass(frozen=True)
class Supply:
    """Figures a player has in supply, by kind (0 for kinds the game lacks)."""

    meeples: int
    huts: int
    big: int = 0
    builders: int = 0
    pigs: int = 0
