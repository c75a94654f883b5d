"""Traders & Builders (``docs/rules/traders-and-builders.md``): where the
builder and the pig may stand, the builder's double turn, and trade goods.

Functions of the :class:`~engine.game.Game` they are given; the Carcassonne
rule set calls them when its options include the expansion.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import placing
from ..errors import Reason
from ..events import GoodsScored, GoodsTaken
from ..features import Feature
from ..figures import BUILDER, PIG, FigureKind
from ..tiles import CITY, FIELD, ROAD, TRADE_GOODS, TileType

if TYPE_CHECKING:
    from ..board import PlacedTile, Placement
    from ..game import Game

#: Points for the most tokens of one kind of goods at the end (TB-13).
GOODS_POINTS = 10


def figure_problems(game: Game, tile: TileType, placement: Placement, figure: FigureKind,
                    player: int) -> list[tuple[Reason, str] | None]:
    """Per segment of ``tile`` at ``placement``: why ``player``'s builder or pig may
    not stand there (the reason and the rule point), or None. The builder goes on
    a road or city, the pig in a field, each only where the feature as joined by
    the new tile holds a follower of the same player (TB-14, TB-23, TB-F14); never
    the builder on a feature the tile completes (TB-O1)."""
    oriented = tile.orientations[placement.quarter_turns]
    owned = placing.claimed_after(game, game.graph, oriented, placement.x, placement.y,
                                  player=player)
    kinds, rule = ((ROAD, CITY), "TB-14") if figure == BUILDER else ((FIELD,), "TB-23")
    completed: list[bool] | None = None
    problems: list[tuple[Reason, str] | None] = []
    for index, segment in enumerate(tile.segments):
        if segment.kind not in kinds:
            problems.append((Reason.WRONG_FEATURE_FOR_FIGURE, rule))
        elif not owned[index]:
            problems.append((Reason.NO_OWN_FOLLOWER, rule))
        elif figure == BUILDER:
            if completed is None:
                completed = _completed_by(game, tile, placement, player)
            problems.append((Reason.FEATURE_COMPLETED, "TB-O1") if completed[index] else None)
        else:
            problems.append(None)
    return problems


def _completed_by(game: Game, tile: TileType, placement: Placement, player: int) -> list[bool]:
    """Per segment: would the tile at ``placement`` complete its road or city?
    Worked out on a copy with the tile laid (only asked where a builder may go)."""
    twin = game.copy()
    placed = placing.lay(twin, tile.orientations[placement.quarter_turns], placement.x,
                         placement.y, turn=len(game.history), player=player)
    return [twin.graph.feature(placed.node + index).open_edges == 0
            for index in range(len(tile.segments))]


def extends_builder(game: Game, placed: PlacedTile) -> bool:
    """Whether ``placed``, just laid, extends a road or city holding its player's
    builder (TB-17, TB-20). Asked before the turn's figure stands (TB-22)."""
    player = placed.player
    node = placed.node
    feature = game.graph.feature
    return any(
        any(other.figure == BUILDER and other.player == player
            for other in feature(node + index).others)
        for index in placed.oriented.closable
        if placed.tile.segments[index].kind in (ROAD, CITY))


def take_goods(game: Game, placed: PlacedTile, closed: list[Feature], turn: int) -> None:
    """Whoever placed the tile takes the goods of every city it completed, knights
    or not (TB-10, TB-F1, TB-F2)."""
    player = placed.player
    assert player is not None
    taken = [0] * len(TRADE_GOODS)
    for feature in closed:
        if feature.kind == CITY:
            for index, good in enumerate(TRADE_GOODS):
                taken[index] += feature.count(good)
    if any(taken):
        held = game.goods[player]
        for index, amount in enumerate(taken):
            held[index] += amount
        game.events.append(GoodsTaken(turn, player, tuple(taken)))


def score_goods(game: Game, turn: int) -> None:
    """10 points per kind of goods to the players with the most of it, ties all,
    at least one token needed (TB-13, TB-F13, TB-O5)."""
    for index, good in enumerate(TRADE_GOODS):
        most = max(held[index] for held in game.goods)
        if most == 0:
            continue
        scorers = tuple(p for p, held in enumerate(game.goods) if held[index] == most)
        for player in scorers:
            game.scores[player] += GOODS_POINTS
        game.events.append(GoodsScored(turn, None, good, GOODS_POINTS, scorers, most))


def pig_owners(farm: Feature) -> frozenset[int]:
    """Players whose pig stands in ``farm`` (TB-23, TB-27)."""
    return frozenset(other.player for other in farm.others if other.figure == PIG)
