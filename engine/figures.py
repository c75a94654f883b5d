"""Figures on the map and in supply."""

from __future__ import annotations

from dataclasses import dataclass

MEEPLE = "meeple"
HUT = "hut"

#: The role a follower / tribe member takes on each kind of feature.
ROLES = {
    "road": "thief",
    "city": "knight",
    "cloister": "monk",
    "field": "farmer",
    "river": "fisher",
    "forest": "gatherer",
    "meadow": "hunter",
}


@dataclass(eq=False)
class Figure:
    """One figure standing on the map. Compared by identity: two knights of
    one player on one city are two figures."""

    player: int
    figure: str  # MEEPLE or HUT
    role: str  # thief, knight, monk, farmer, fisher, gatherer, hunter, hut
    x: int
    y: int
    segment: int
    port: str
    #: A hunter placed on the dolmen tile (Hunters and Gatherers, HG-64).
    dolmen: bool = False


@dataclass(frozen=True)
class FigureOption:
    """One legal way to place a figure on a tile about to be placed."""

    figure: str
    port: str
    kind: str
    role: str


@dataclass(frozen=True)
class Supply:
    meeples: int
    huts: int
