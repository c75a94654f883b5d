"""What happened, turn by turn: the log the bot announces.

Every event names the record turn it belongs to (``-1`` for the start) and
the player whose turn it was (``None`` for final scoring).
"""

from __future__ import annotations

from dataclasses import dataclass

from .figures import Figure


@dataclass(frozen=True)
class TilePlaced:
    turn: int
    player: int
    tile: str
    x: int
    y: int
    rotation: int
    figure: Figure | None
    bonus: bool = False


@dataclass(frozen=True)
class TileDiscarded:
    """A drawn tile fit nowhere (B-12, HG-15); it left the game or went back."""

    turn: int
    player: int
    tile: str
    back_to_bag: bool
    bonus: bool = False


@dataclass(frozen=True)
class FeatureScored:
    """A feature paid ``points`` to each of ``scorers`` (majority, ties all)."""

    turn: int
    player: int | None
    kind: str
    points: int
    scorers: tuple[int, ...]
    tiles: int
    returned: tuple[tuple[int, int], ...]
    final: bool
    note: str = ""


@dataclass(frozen=True)
class FiguresReturned:
    """Figures taken back without scoring (unclosed areas at the end, HG-50)."""

    turn: int
    player: int | None
    kind: str
    returned: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class BonusTileEarned:
    turn: int
    player: int
    tile: str


@dataclass(frozen=True)
class TurnSkipped:
    """The player on turn let the deadline pass: the tile went back into the bag."""

    turn: int
    player: int
    tile: str


@dataclass(frozen=True)
class PlayerRemoved:
    """A player left the game; their figures left the map, their score stands."""

    turn: int
    player: int
    returned: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class GameOver:
    turn: int
    player: None
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class GoodsTaken:
    """The placer of a tile that completed cities with trade goods took them
    (Traders & Builders, TB-10): ``goods`` counts wine, grain, cloth."""

    turn: int
    player: int
    goods: tuple[int, ...]


@dataclass(frozen=True)
class DoubleTurnEarned:
    """The tile extended the player's builder's road or city: they play a second
    tile now (Traders & Builders, TB-17)."""

    turn: int
    player: int


@dataclass(frozen=True)
class GoodsScored:
    """Final scoring: ``points`` to each of ``scorers``, who hold the most
    (``count``) tokens of ``good`` (TB-13)."""

    turn: int
    player: None
    good: str
    points: int
    scorers: tuple[int, ...]
    count: int


Event = (TilePlaced | TileDiscarded | FeatureScored | FiguresReturned | BonusTileEarned
         | TurnSkipped | PlayerRemoved | GameOver | GoodsTaken | DoubleTurnEarned | GoodsScored)
