"""The hooks every rule set fills in."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from ..errors import IllegalMoveError
from ..features import Feature
from ..tiles import TileType

if TYPE_CHECKING:
    from ..board import PlacedTile, Placement
    from ..game import Game
    from ..options import Options


class RuleSet:
    """Base class: one game's tiles, figures and scoring on the shared engine."""

    name: ClassVar[str]
    #: Figures each player has in supply at the start.
    meeples: ClassVar[int] = 7
    huts: ClassVar[int] = 0
    #: What this game calls a meeple, for messages.
    meeple_name: ClassVar[str] = "follower"
    #: Rule points the shared engine cites, in this game's numbering.
    rule_adjacent: ClassVar[str] = "B-9"
    rule_edges: ClassVar[str] = "B-10"
    rule_discard: ClassVar[str] = "B-12"
    rule_port: ClassVar[str] = "B-14"
    rule_occupied: ClassVar[str] = "B-16"
    rule_supply: ClassVar[str] = "B-19"
    rule_bag: ClassVar[str] = "B-2"

    def __init__(self, options: Options) -> None:
        self.options = options
        self.tiles: dict[str, TileType] = {}

    # -- the tiles -------------------------------------------------------
    def start_tile(self) -> str:
        raise NotImplementedError

    def land_stacks(self, rng: random.Random) -> list[list[str]]:
        """Draw piles, drawn from the end, the first non-empty one first."""
        raise NotImplementedError

    def bonus_stack(self, rng: random.Random) -> list[str]:
        return []

    def stack_of(self, tile_id: str) -> int:
        """Which of :meth:`land_stacks` a tile belongs to."""
        return 0

    def land_draw_problem(self, tile_id: str) -> IllegalMoveError | None:
        """Why a tile of this game can never come from the land stacks, if so."""
        return None

    def out_of_order(self, tile_id: str, current: list[str]) -> IllegalMoveError:
        """The error for drawing ``tile_id`` while tiles of an earlier stack remain."""
        return IllegalMoveError(f"tile {tile_id} cannot be drawn yet", self.rule_bag)

    def hands_allowed(self, stack_index: int) -> bool:
        """Whether tiles of this stack may be dealt into hands (house rule H-1)."""
        return True

    def back_to_stack(self, stack_index: int) -> bool:
        """Whether a tile of this stack that fits nowhere goes back into it."""
        return self.options.discards == "back"

    # -- placing ---------------------------------------------------------
    def restricts(self, tile: TileType) -> bool:
        """Whether :meth:`placement_problem` must be asked for ``tile``."""
        return False

    def placement_problem(self, game: Game, tile: TileType,
                          placement: Placement) -> IllegalMoveError | None:
        return None

    def on_placed(self, game: Game, placed: PlacedTile) -> None:
        """Called once a tile lies on the map, before figures and scoring."""

    def meeple_problem(self, game: Game, tile: TileType, segment: int) -> IllegalMoveError | None:
        """Why a follower may not stand on ``segment`` of ``tile`` (role-wise), if so."""
        return None

    def hut_problem(self, game: Game, tile: TileType, segment: int) -> IllegalMoveError | None:
        return IllegalMoveError("this game has no huts", self.rule_port)

    # -- scoring ---------------------------------------------------------
    def closed_value(self, game: Game, feature: Feature) -> tuple[int, str] | None:
        """Points for a feature closed during play, and how they came about;
        None for a feature this game never scores."""
        raise NotImplementedError

    def after_closing(self, game: Game, placed: PlacedTile, closed: list[Feature],
                      bonus: bool) -> str | None:
        """Called after the features ``placed`` closed were scored. May return a
        bonus tile id the same player must place now (Hunters and Gatherers)."""
        return None

    def final_scoring(self, game: Game) -> None:
        raise NotImplementedError
