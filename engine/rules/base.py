"""The hooks every rule set fills in.

A rule set is immutable: it holds the tiles, the options and the rule points
of one game, never its position, so every game played with the same options
shares one (:func:`engine.rules.rules_for`). What changes as a game goes on
lives in the :class:`~engine.game.Game`, which the hooks are given.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from ..errors import IllegalMoveError, Reason
from ..features import Feature
from ..figures import HUT, MEEPLE, FigureKind
from ..tiles import Pile, TileType

if TYPE_CHECKING:
    from collections.abc import Mapping

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
    #: Rule points the shared engine cites, in this game's numbering. The players',
    #: the start's and the bonus tiles' may change with the options (an instance's own).
    rule_players: str = "B-1"
    rule_bag: ClassVar[str] = "B-2"
    rule_start: str = "B-4"
    rule_turn: ClassVar[str] = "B-7"
    rule_adjacent: ClassVar[str] = "B-9"
    rule_edges: ClassVar[str] = "B-10"
    rule_discard: ClassVar[str] = "B-12"
    rule_port: ClassVar[str] = "B-14"
    rule_occupied: ClassVar[str] = "B-16"
    rule_supply: ClassVar[str] = "B-19"
    rule_over: ClassVar[str] = "B-38"
    rule_rotation: ClassVar[str] = "D-1"
    #: Bonus tiles and huts, for the games that have them.
    rule_bonus: str | None = None
    rule_bonus_not_skipped: str | None = None
    rule_hut_occupied: ClassVar[str | None] = None
    #: Whether bonus turns are double turns whose tile comes from the bag like any
    #: other (the builder's, TB-17), not from a stack of bonus tiles.
    double_turns: bool = False

    def __init__(self, options: Options, tiles: dict[str, TileType], start: str,
                 pile_order: tuple[Pile, ...]) -> None:
        self.options = options
        #: Every tile of the game by id (read only).
        self.tiles: Mapping[str, TileType] = MappingProxyType(tiles)
        #: The start tile's id: on the map before the first turn.
        self.start = start
        #: The piles land tiles are drawn from, the first that is not empty first.
        self.pile_order = pile_order
        #: Figures of each kind a player has at the start.
        self.supply: Mapping[FigureKind, int] = MappingProxyType(
            {MEEPLE: self.meeples, HUT: self.huts} | dict(self.extra_figures()))

    def extra_figures(self) -> Mapping[FigureKind, int]:
        """Figures an option adds to each player's supply (the expansions')."""
        return {}

    # -- the tiles -------------------------------------------------------
    def deal(self, rng: random.Random) -> tuple[list[list[str]], list[str]]:
        """The shuffled piles (in :attr:`pile_order`, drawn from the end) and the
        shuffled bonus tiles. The land is shuffled first, then the other piles in
        order, then the bonus tiles: seeds dealt before record version 2 deal the
        same tiles."""
        piles: dict[Pile, list[str]] = {pile: [] for pile in (*self.pile_order, Pile.BONUS)}
        for tile_id, tile in self.tiles.items():
            if tile.pile in piles:
                piles[tile.pile] += [tile_id] * tile.count
        if self.start in piles[Pile.LAND]:
            piles[Pile.LAND].remove(self.start)  # B-4: the start tile is on the map already
        for pile in sorted(piles, key=lambda pile: pile != Pile.LAND):
            rng.shuffle(piles[pile])
        return [piles[pile] for pile in self.pile_order], piles[Pile.BONUS]

    def out_of_order(self, tile_id: str, now: Pile) -> IllegalMoveError:
        """The error for drawing ``tile_id`` while pile ``now`` has tiles left."""
        return IllegalMoveError(f"tile {tile_id} cannot be drawn yet", self.rule_bag,
                                Reason.NOT_YET, tile=tile_id, pile=now)

    def hands_allowed(self, pile: Pile) -> bool:
        """Whether tiles of this pile may be dealt into hands (house rule H-1)."""
        return True

    def back_to_pile(self, pile: Pile) -> bool:
        """Whether a tile of this pile that fits nowhere goes back into it."""
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
        return IllegalMoveError("this game has no huts", self.rule_port, Reason.NO_HUTS)

    def figure_problems(self, game: Game, tile: TileType, placement: Placement,
                        figure: FigureKind, player: int) -> list[tuple[Reason, str] | None]:
        """Per segment, why ``player``'s ``figure`` (neither a follower nor a hut:
        a builder, a pig) may not stand there (the reason and the rule point), or
        None. Only reasons, not errors: listing spots asks this often."""
        return [(Reason.NO_SUCH_FIGURE, self.rule_port)] * len(tile.segments)

    def earns_double_turn(self, game: Game, placed: PlacedTile) -> bool:
        """Whether ``placed`` (just laid, before its figure stands) gives its player
        a second tile this turn."""
        return False

    # -- scoring ---------------------------------------------------------
    def closed_value(self, game: Game, feature: Feature) -> tuple[int, str] | None:
        """Points for a feature closed during play, and how they came about;
        None for a feature this game never scores."""
        raise NotImplementedError

    def surrounded(self, game: Game, placed: PlacedTile) -> list[tuple[int, int, str]]:
        """Features completed by ``placed`` other than by closing their edges (a
        cloister with its 8 neighbours): ``(node, points, note)`` each."""
        return []

    def after_closing(self, game: Game, placed: PlacedTile, closed: list[Feature],
                      bonus: bool) -> str | None:
        """Called after the features ``placed`` closed were scored. May return a
        bonus tile id the same player must place now (Hunters and Gatherers)."""
        return None

    def final_scoring(self, game: Game) -> None:
        raise NotImplementedError
