"""The tiles the players hold: one hand each in games with hands (D-8, H-1).

:class:`Hands` is the only writer of hand state. Its size is the number of
tiles a full hand holds (1: no hands, each player plays the tile they draw);
hands are dealt once land tiles are drawn (with the River, after the lake).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tiles import TileType


class Hands:
    """What each player holds, and whether the hands have been dealt."""

    __slots__ = ("size", "dealt", "_held")

    def __init__(self, players: int, size: int) -> None:
        #: Tiles in a full hand (1: a game without hands).
        self.size = size
        #: Whether players hold hands of tiles now.
        self.dealt = False
        self._held: list[list[TileType]] = [[] for _ in range(players)]

    def copy(self) -> Hands:
        twin: Hands = Hands.__new__(Hands)
        twin.size = self.size
        twin.dealt = self.dealt
        twin._held = [hand.copy() for hand in self._held]
        return twin

    def deal(self) -> None:
        """Mark the hands dealt (the tiles come one by one through :meth:`add`)."""
        self.dealt = True

    def of(self, player: int) -> list[TileType]:
        """``player``'s hand, in the order drawn: read it, change it through the methods."""
        return self._held[player]

    def add(self, player: int, tile: TileType) -> None:
        self._held[player].append(tile)

    def remove(self, player: int, tile: TileType) -> None:
        self._held[player].remove(tile)

    def replace(self, player: int, tiles: Iterable[TileType]) -> None:
        """``player`` holds ``tiles`` instead (a sample dealt anew)."""
        self._held[player] = list(tiles)

    def empty(self, player: int) -> list[TileType]:
        """Take every tile from ``player``'s hand (they leave the game)."""
        held, self._held[player] = self._held[player], []
        return held
