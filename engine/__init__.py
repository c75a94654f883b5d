"""A pure-Python rules engine for Carcassonne and Hunters and Gatherers.

Start with :class:`Game` (``Game.new(players, Options(...), seed=...)``), list
moves with :meth:`Game.legal_placements` and :meth:`Game.legal_figures` (or
:meth:`Game.legal_actions`), and play them with :meth:`Game.play` (checked) or
:meth:`Game.apply` (trusted). A search copies states (:meth:`Game.copy`) and
samples what a player cannot see (:meth:`Game.view`). Records
(``docs/game-record.md``): :meth:`Game.to_record`,
:meth:`Game.from_record`, :func:`replay`, :func:`verify`, :func:`record_digest`. The API is
described in ``docs/engine-api.md``.
"""

from .actions import Action, Discard, Entry, Place, Remove, Skip, parse_action
from .board import Board, PlacedTile, Placement
from .chance import commitment, new_seed
from .errors import (
    DrawError,
    EngineError,
    IllegalMoveError,
    InvalidActionError,
    OptionsError,
    OptionsProblem,
    Reason,
    RecordError,
    TileDataError,
)
from .events import (
    BonusTileEarned,
    DoubleTurnEarned,
    Event,
    FeatureScored,
    FiguresReturned,
    GameOver,
    GoodsScored,
    GoodsTaken,
    PlayerRemoved,
    TileDiscarded,
    TilePlaced,
    TurnSkipped,
)
from .figures import (
    BIG,
    BUILDER,
    HUT,
    MEEPLE,
    PIG,
    Figure,
    FigureKind,
    FigureOption,
    Role,
    Supply,
)
from .game import FeatureInfo, Game, Outcome, TurnResult
from .geometry import Compass
from .options import MIN_PLAYERS, Discards, FarmEdition, GameName, Options
from .record import record_digest
from .replays import ReplayResult, replay
from .tiles import OrientedTile, Pile, Segment, TileType
from .tilesets import all_tiles, tile_set
from .verify import Verified, verify
from .view import PlayerView

__all__ = [
    "BIG", "BUILDER", "HUT", "MEEPLE", "PIG", "Action", "Board", "BonusTileEarned", "Compass",
    "Discard", "Discards", "DoubleTurnEarned", "DrawError", "EngineError", "Entry", "Event",
    "FarmEdition", "FeatureInfo", "FeatureScored", "Figure", "FigureKind", "FigureOption",
    "FiguresReturned", "Game", "GameName", "GameOver", "GoodsScored", "GoodsTaken",
    "IllegalMoveError", "InvalidActionError", "MIN_PLAYERS", "Options", "OptionsError",
    "OptionsProblem", "OrientedTile",
    "Outcome", "Pile", "Place", "PlacedTile", "Placement", "PlayerRemoved", "PlayerView",
    "Reason", "RecordError", "Remove", "ReplayResult", "Role", "Segment", "Skip", "Supply",
    "TileDataError", "TileDiscarded", "TilePlaced", "TileType", "TurnResult", "TurnSkipped",
    "Verified", "all_tiles", "commitment", "new_seed", "parse_action", "record_digest",
    "replay", "tile_set", "verify",
]
