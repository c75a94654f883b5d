"""Carcassonne: the base game, its Winter Edition, the River, the 1st-edition
variants and the house rules (``shared/rules/carcassonne.md``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..errors import IllegalMoveError
from ..features import Feature
from ..figures import Figure
from ..geometry import neighbour
from ..tiles import CITY, CLOISTER, FIELD, RIVER, ROAD, TileType
from ..tilesets import BASE_START, RIVER_LAKE, RIVER_SPRING, tile_set
from .base import RuleSet
from .farms import score_farms

if TYPE_CHECKING:
    from ..board import PlacedTile, Placement
    from ..game import Game
    from ..options import Options

RIVER_STACK, LAKE_STACK, LAND_STACK = 0, 1, 2


class RiverCourse:
    """Where the River goes on (D-7): its open end, the way it flows there,
    and which way its last bend turned (1 right, 3 left, 0 none yet)."""

    __slots__ = ("end", "flow", "last_bend")

    def __init__(self) -> None:
        self.end: tuple[int, int] | None = None
        self.flow = 0
        self.last_bend = 0

    def outlet(self, edges: tuple[str, ...]) -> int | None:
        """The river edge of a tile at the open end that leads on, or None (the lake)."""
        back = (self.flow + 2) % 4
        return next((d for d, kind in enumerate(edges) if kind == RIVER and d != back), None)

    def follow(self, placed: PlacedTile) -> None:
        edges = placed.oriented.edges
        if self.end is None:  # the spring
            outlet = edges.index(RIVER)
        else:
            outlet = self.outlet(edges)
            if outlet is None:
                self.end = None
                return
            bend = (outlet - self.flow) % 4
            if bend:
                self.last_bend = bend
        self.flow = outlet
        self.end = neighbour(placed.x, placed.y, outlet)


class Carcassonne(RuleSet):
    """The base game and what may be added to it by options."""

    name = "carcassonne"

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.tiles = dict(tile_set("base"))
        if options.winter:
            self.tiles.update(tile_set("winter"))
        self._land = tuple(self.tiles)
        self.river: RiverCourse | None = None
        if options.river:
            self.tiles.update(tile_set("river"))
            self.river = RiverCourse()

    # -- the tiles -------------------------------------------------------
    def start_tile(self) -> str:
        return RIVER_SPRING if self.river else BASE_START

    def land_stacks(self, rng: random.Random) -> list[list[str]]:
        land = [tile_id for tile_id in self._land for _ in range(self.tiles[tile_id].count)]
        if not self.river:
            land.remove(BASE_START)  # B-4: the start tile is on the map already
        rng.shuffle(land)
        if not self.river:
            return [land]
        river = [tile_id for tile_id, tile in tile_set("river").items()
                 if tile_id not in (RIVER_SPRING, RIVER_LAKE) for _ in range(tile.count)]
        rng.shuffle(river)
        return [river, [RIVER_LAKE], land]  # D-7

    def stack_of(self, tile_id: str) -> int:
        if not self.river:
            return 0
        if tile_id == RIVER_LAKE:
            return LAKE_STACK
        return RIVER_STACK if tile_id.startswith("RV") else LAND_STACK

    def out_of_order(self, tile_id: str, current: list[str]) -> IllegalMoveError:
        if current == [RIVER_LAKE]:
            return IllegalMoveError(f"tile {tile_id} cannot come now: the lake tile is next", "R-7")
        if tile_id == RIVER_LAKE:
            return IllegalMoveError("the lake tile comes after the other river tiles", "R-7")
        return IllegalMoveError(f"tile {tile_id} cannot come now: river tiles come first", "R-3")

    def hands_allowed(self, stack_index: int) -> bool:
        # The River is played one drawn tile at a time; hands start with the land.
        return not self.river or stack_index == LAND_STACK

    def back_to_stack(self, stack_index: int) -> bool:
        if self.river and stack_index in (RIVER_STACK, LAKE_STACK):
            return True  # D-7: a river tile with no place goes back among the river tiles
        return super().back_to_stack(stack_index)

    # -- placing ---------------------------------------------------------
    def restricts(self, tile: TileType) -> bool:
        return self.river is not None and RIVER in tile.edges

    def placement_problem(self, game: Game, tile: TileType,
                          placement: Placement) -> IllegalMoveError | None:
        course = self.river
        assert course is not None
        where = f"tile {tile.id} at ({placement.x}, {placement.y}) rotation {placement.rotation}"
        if course.end != (placement.x, placement.y):
            return IllegalMoveError(f"{where}: a river tile must extend the open end of the river"
                                    + (f" at {course.end}" if course.end else ""), "D-7")
        outlet = course.outlet(tile.orientations[placement.quarter_turns].edges)
        if outlet is not None:
            bend = (outlet - course.flow) % 4
            if bend and bend == course.last_bend:
                side = "right" if bend == 1 else "left"
                return IllegalMoveError(
                    f"{where}: two river bends in a row turning {side} make a U", "R-5")
        return None

    def on_placed(self, game: Game, placed: PlacedTile) -> None:
        if self.river is not None and RIVER in placed.oriented.edges:
            self.river.follow(placed)

    def meeple_problem(self, game: Game, tile: TileType, segment: int) -> IllegalMoveError | None:
        kind = tile.segments[segment].kind
        if kind == RIVER:
            return IllegalMoveError("no figure may stand on the river", "R-6")
        if kind == FIELD and self.options.farmers == "off":
            return IllegalMoveError("this game is played without farmers", "B-37")
        return None

    # -- scoring ---------------------------------------------------------
    def closed_value(self, game: Game, feature: Feature) -> tuple[int, str] | None:
        tiles = len(feature.tiles)
        if feature.kind == ROAD:
            return tiles, _plural(tiles, "tile")
        if feature.kind == CITY:
            pennants = feature.count("pennants")
            note = _plural(tiles, "tile")
            if pennants:
                note += f", {_plural(pennants, 'pennant')}"
            if self.options.small_city and tiles == 2:
                return 2 + pennants, note + " (2-tile city, V-9)"
            return 2 * tiles + 2 * pennants, note
        return None  # the River's rivers are never scored

    def unfinished_value(self, game: Game, feature: Feature, figure: Figure) -> tuple[int, str]:
        """End-of-game value of an unfinished road, city or cloister (B-39, F-13)."""
        tiles = len(feature.tiles)
        if feature.kind == ROAD:
            return tiles, _plural(tiles, "tile")
        if feature.kind == CITY:
            pennants = feature.count("pennants")
            return tiles + pennants, _plural(tiles, "tile") + (
                f", {_plural(pennants, 'pennant')}" if pennants else "")
        neighbours = game.board.neighbours8(figure.x, figure.y)
        return 1 + neighbours, f"cloister and {_plural(neighbours, 'neighbour')}"

    def final_scoring(self, game: Game) -> None:
        turn = len(game.history)
        done: set[int] = set()
        for figure in list(game.figures):
            feature = game.feature_of(figure)
            if feature.kind not in (ROAD, CITY, CLOISTER) or id(feature) in done:
                continue
            done.add(id(feature))
            if self.options.unfinished:  # B-39; house rule H-8 / D-10 skips it
                points, note = self.unfinished_value(game, feature, figure)
                game.award(feature, points, note, turn=turn, player=None, final=True)
            else:
                game.release(feature, turn)
        if self.options.farmers != "off":
            score_farms(game, edition=self.options.farmers, turn=turn)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
