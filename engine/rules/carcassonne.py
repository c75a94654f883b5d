"""Carcassonne: the base game, its Winter Edition, the River, the 1st-edition
variants and the house rules (``docs/rules/carcassonne.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalMoveError, Reason
from ..features import Feature
from ..figures import BIG, BUILDER, PIG, Figure, FigureKind
from ..options import FarmEdition
from ..scoring import release, settle
from ..tiles import CITY, CLOISTER, FIELD, RIVER, ROAD, Pile, TileType
from ..tilesets import BASE_START, RIVER_SPRING, tile_set
from . import traders
from .base import RuleSet
from .farms import score_farms
from .river import LEFT, RiverCourse

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..board import PlacedTile, Placement
    from ..game import Game
    from ..options import Options

#: A cloister is complete with its 8 neighbours: 9 points (B-25).
CLOISTER_POINTS = 9


class Carcassonne(RuleSet):
    """The base game and what may be added to it by options."""

    name = "carcassonne"

    def __init__(self, options: Options) -> None:
        tiles = dict(tile_set("base"))
        if options.winter:
            tiles.update(tile_set("winter"))
        if options.inns_cathedrals:
            tiles.update(tile_set("inns_cathedrals"))  # IC-6
            self.rule_players = "IC-8"
        if options.traders_builders:
            tiles.update(tile_set("traders_builders"))  # TB-5
            self.double_turns = True  # TB-17: the second tile comes from the bag
            self.rule_bonus = self.rule_bonus_not_skipped = "TB-17"
        if options.river:
            tiles.update(tile_set("river"))
            super().__init__(options, tiles, RIVER_SPRING, (Pile.RIVER, Pile.LAKE, Pile.LAND))
            self.rule_start = "R-2"
        else:
            super().__init__(options, tiles, BASE_START, (Pile.LAND,))

    def extra_figures(self) -> Mapping[FigureKind, int]:
        extra = {}
        if self.options.inns_cathedrals:
            extra[BIG] = 1  # IC-7
        if self.options.traders_builders:
            extra[BUILDER] = extra[PIG] = 1  # TB-5
        return extra

    def new_course(self) -> RiverCourse | None:
        """The River's course before the spring lies, in a game with the River."""
        return RiverCourse() if self.options.river else None

    # -- the tiles -------------------------------------------------------
    def out_of_order(self, tile_id: str, now: Pile) -> IllegalMoveError:
        if now == Pile.LAKE:
            return IllegalMoveError(f"tile {tile_id} cannot come now: the lake tile is next",
                                    "R-7", Reason.NOT_YET, tile=tile_id, pile=now)
        if self.tiles[tile_id].pile == Pile.LAKE:
            return IllegalMoveError("the lake tile comes after the other river tiles", "R-7",
                                    Reason.NOT_YET, tile=tile_id, pile=now)
        return IllegalMoveError(f"tile {tile_id} cannot come now: river tiles come first", "R-3",
                                Reason.NOT_YET, tile=tile_id, pile=now)

    def hands_allowed(self, pile: Pile) -> bool:
        # The River is played one drawn tile at a time; hands start with the land.
        return pile == Pile.LAND

    def back_to_pile(self, pile: Pile) -> bool:
        if pile in (Pile.RIVER, Pile.LAKE):
            return True  # D-7: a river tile with no place goes back among the river tiles
        return super().back_to_pile(pile)

    # -- placing ---------------------------------------------------------
    def restricts(self, tile: TileType) -> bool:
        return self.options.river and RIVER in tile.edges

    def placement_problem(self, game: Game, tile: TileType,
                          placement: Placement) -> IllegalMoveError | None:
        course = game.river
        assert course is not None
        x, y, rotation = placement
        where = f"tile {tile.id} at ({x}, {y}) rotation {rotation}"
        facts = {"tile": tile.id, "x": x, "y": y, "rotation": rotation}
        if course.end != (x, y):
            return IllegalMoveError(f"{where}: a river tile must extend the open end of the river"
                                    + (f" at {course.end}" if course.end else ""), "D-7",
                                    Reason.RIVER_NOT_AT_END, **facts, end=course.end)
        edges = tile.orientations[placement.quarter_turns].edges
        if course.makes_u_turn(edges):
            side = "left" if course.last_turn == LEFT else "right"
            return IllegalMoveError(
                f"{where}: two river bends in a row turning {side} make a U", "R-5",
                Reason.RIVER_U_TURN, **facts, side=side)
        square = course.crowded(x, y, edges, game.board.tiles)
        if square is not None:
            return IllegalMoveError(
                f"{where}: the river would run into the map at {square}: it needs room to flow",
                "D-7", Reason.RIVER_NO_ROOM, **facts, square=square)
        return None

    def on_placed(self, game: Game, placed: PlacedTile) -> None:
        if game.river is not None and RIVER in placed.oriented.edges:
            game.river = game.river.after(placed)
        if placed.tile.cloister_segment >= 0:
            cloister = (placed.x, placed.y, placed.node + placed.tile.cloister_segment)
            near = game.cloisters_near
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    position = (placed.x + dx, placed.y + dy)
                    near[position] = (*near.get(position, ()), cloister)

    def meeple_problem(self, game: Game, tile: TileType, segment: int) -> IllegalMoveError | None:
        kind = tile.segments[segment].kind
        if kind == RIVER:
            return IllegalMoveError("no figure may stand on the river", "R-6",
                                    Reason.NO_FIGURE_ON_RIVER)
        if kind == FIELD and self.options.farmers == FarmEdition.OFF:
            return IllegalMoveError("this game is played without farmers", "B-37",
                                    Reason.NO_FARMERS)
        return None

    def figure_problems(self, game: Game, tile: TileType, placement: Placement,
                        figure: FigureKind, player: int) -> list[tuple[Reason, str] | None]:
        return traders.figure_problems(game, tile, placement, figure, player)

    def earns_double_turn(self, game: Game, placed: PlacedTile) -> bool:
        return self.double_turns and traders.extends_builder(game, placed)

    # -- scoring ---------------------------------------------------------
    def closed_value(self, game: Game, feature: Feature) -> tuple[int, str] | None:
        tiles = len(feature.tiles)
        if feature.kind == ROAD:
            if self._inn(feature):
                return 2 * tiles, _plural(tiles, "tile") + ", inn"  # IC-16
            return tiles, _plural(tiles, "tile")
        if feature.kind == CITY:
            pennants = feature.count("pennants")
            note = _plural(tiles, "tile")
            if pennants:
                note += f", {_plural(pennants, 'pennant')}"
            if self._cathedral(feature):
                return 3 * tiles + 3 * pennants, note + ", cathedral"  # IC-21
            if self.options.small_city and tiles == 2:
                return 2 + pennants, note + " (2-tile city, V-9)"
            return 2 * tiles + 2 * pennants, note
        return None  # the River's rivers are never scored

    def _inn(self, road: Feature) -> bool:
        """An inn road (IC-15); the Winter tile's inn counts only with the
        expansion (IC-O2)."""
        return self.options.inns_cathedrals and road.count("inn") > 0

    def _cathedral(self, city: Feature) -> bool:
        return self.options.inns_cathedrals and city.count("cathedral") > 0

    def after_closing(self, game: Game, placed: PlacedTile, closed: list[Feature],
                      bonus: bool) -> str | None:
        if self.options.traders_builders:
            traders.take_goods(game, placed, closed, placed.turn)
        return None

    def surrounded(self, game: Game, placed: PlacedTile) -> list[tuple[int, int, str]]:
        """Cloisters completed by ``placed``: it or a neighbour, now with 8 around (B-25)."""
        return [(node, CLOISTER_POINTS, "cloister and its 8 neighbours")
                for x, y, node in game.cloisters_near.get((placed.x, placed.y), ())
                if game.board.neighbours8(x, y) == 8]

    def unfinished_value(self, game: Game, feature: Feature, figure: Figure) -> tuple[int, str]:
        """End-of-game value of an unfinished road, city or cloister (B-39, F-13)."""
        tiles = len(feature.tiles)
        if feature.kind == ROAD:
            if self._inn(feature):
                return 0, "unfinished road with an inn (IC-17)"
            return tiles, _plural(tiles, "tile")
        if feature.kind == CITY:
            if self._cathedral(feature):
                return 0, "unfinished city with a cathedral (IC-22)"
            pennants = feature.count("pennants")
            return tiles + pennants, _plural(tiles, "tile") + (
                f", {_plural(pennants, 'pennant')}" if pennants else "")
        neighbours = game.board.neighbours8(figure.x, figure.y)
        return 1 + neighbours, f"cloister and {_plural(neighbours, 'neighbour')}"

    def final_scoring(self, game: Game) -> None:
        turn = len(game.history)
        done: set[int] = set()
        for figure in list(game.figures):
            node = game.node_of(figure)
            feature = game.graph.feature(node)
            root = game.graph.find(node)
            if feature.kind not in (ROAD, CITY, CLOISTER) or root in done:
                continue
            done.add(root)
            if self.options.unfinished:  # B-39; house rule H-8 / D-10 skips it
                points, note = self.unfinished_value(game, feature, figure)
                settle(game, node, points, note, turn=turn, player=None, final=True)
            else:
                release(game, node, turn)
        if self.options.farmers != FarmEdition.OFF:
            score_farms(game, edition=self.options.farmers, turn=turn)
        if self.options.traders_builders:
            traders.score_goods(game, turn)  # TB-29


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
