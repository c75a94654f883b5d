"""A pure-Python rules engine for Carcassonne and Hunters and Gatherers.

Start with :class:`Game` (``Game.new(players, Options(...), seed=...)``), list
moves with :meth:`Game.legal_placements` and :meth:`Game.legal_figures`, and
apply them with :meth:`Game.play`. Records (``shared/spec/game-record.md``):
:meth:`Game.to_record`, :meth:`Game.from_record`, :func:`replay`. The API is
described in ``docs/engine-api.md``.
"""

from .board import Board, PlacedTile, Placement
from .errors import EngineError, IllegalMoveError, OptionsError, RecordError, TileDataError
from .events import (
    BonusTileEarned,
    Event,
    FeatureScored,
    FiguresReturned,
    GameOver,
    PlayerRemoved,
    TileDiscarded,
    TilePlaced,
    TurnSkipped,
)
from .figures import HUT, MEEPLE, Figure, FigureOption, Supply
from .game import Game, Move, Outcome, TurnResult
from .options import Options
from .record import ReplayResult, replay
from .tiles import OrientedTile, Segment, TileType
from .tilesets import all_tiles, tile_set

__all__ = [
    "HUT", "MEEPLE", "Board", "BonusTileEarned", "EngineError", "Event", "FeatureScored",
    "Figure", "FigureOption", "FiguresReturned", "Game", "GameOver", "IllegalMoveError", "Move",
    "Options", "OptionsError", "OrientedTile", "Outcome", "PlacedTile", "Placement",
    "RecordError", "ReplayResult", "Segment", "Supply", "TileDataError", "TileDiscarded",
    "TilePlaced", "TileType", "TurnResult", "TurnSkipped", "PlayerRemoved", "all_tiles",
    "replay", "tile_set",
]
