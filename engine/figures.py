"""Figures on the map and in supply, and the ways to place one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .geometry import Compass
from .tiles import CITY, CLOISTER, FIELD, FOREST, MEADOW, RIVER, ROAD


class FigureKind(StrEnum):
    """What a player stands on the map: a follower (a tribe member in Hunters and
    Gatherers) or a hut."""

    MEEPLE = "meeple"
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


MEEPLE = FigureKind.MEEPLE
HUT = FigureKind.HUT

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
    meeples: int
    huts: int
