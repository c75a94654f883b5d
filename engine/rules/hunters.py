"""Carcassonne: Hunters and Gatherers (``docs/rules/hunters-and-gatherers.md``).

The engine's shared machinery plays it: forests and river sections close and
score like cities and roads, meadows are fields. What is its own lives here:
fish and lakes, gold and the bonus tiles, huts on river systems, and the
hunters' final scoring with tigers, fire and the dolmen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalMoveError, Reason
from ..features import Feature
from ..figures import HUT, Role
from ..scoring import majority, pay, release, scored
from ..tiles import FOREST, LAKE, MEADOW, RIVER, Pile, TileType
from ..tilesets import HUNTERS_START, tile_set
from .base import RuleSet

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..game import Game
    from ..options import Options


class HuntersAndGatherers(RuleSet):
    name = "hunters-and-gatherers"
    meeples = 5  # HG-5: 6 tribe members, one of them the score marker
    huts = 2
    meeple_name = "tribe member"
    rule_players = "HG-1"
    rule_bag = "HG-2"
    rule_start = "HG-2"
    rule_adjacent = "HG-13"
    rule_edges = "HG-14"
    rule_discard = "HG-15"
    rule_port = "HG-16"
    rule_occupied = "HG-18"
    rule_supply = "HG-19"
    rule_bonus = "HG-32"
    rule_bonus_not_skipped = "HG-34"
    rule_hut_occupied = "HG-44"

    def __init__(self, options: Options) -> None:
        super().__init__(options, dict(tile_set("hunters")), HUNTERS_START, (Pile.LAND,))

    # -- placing ---------------------------------------------------------
    def meeple_problem(self, game: Game, tile: TileType, segment: int) -> IllegalMoveError | None:
        part = tile.segments[segment]
        if part.kind == LAKE:
            return IllegalMoveError("a tribe member cannot stand on a lake (only a hut can)",
                                    "D-21", Reason.NO_FIGURE_ON_LAKE)
        if part.kind == MEADOW and part.count("fire"):
            return IllegalMoveError("no hunter may be placed on the fire tile", "HG-61",
                                    Reason.NO_HUNTER_ON_FIRE)
        return None

    def hut_problem(self, game: Game, tile: TileType, segment: int) -> IllegalMoveError | None:
        kind = tile.segments[segment].kind
        if kind not in (RIVER, LAKE):
            return IllegalMoveError("a hut goes on a river or a lake", "HG-43",
                                    Reason.HUT_NOT_ON_WATER, kind=kind)
        return None

    # -- scoring ---------------------------------------------------------
    def closed_value(self, game: Game, feature: Feature) -> tuple[int, str] | None:
        tiles = len(feature.tiles)
        if feature.kind == RIVER:  # HG-24, D-22: each end lake once
            fish = sum(game.graph.feature(lake).count("fish") for lake in feature.lakes)
            return tiles + fish, f"{tiles} tiles, {fish} fish"
        if feature.kind == FOREST:  # HG-28, HG-62
            mushrooms = feature.count("mushrooms")
            return 2 * tiles + 2 * mushrooms, f"{tiles} tiles" + (
                f", {mushrooms} mushroom patches" if mushrooms else "")
        return None

    def after_closing(self, game: Game, placed: PlacedTile, closed: list[Feature],
                      bonus: bool) -> str | None:
        """A closed forest with gold earns the closer one bonus tile (HG-32, HG-33,
        D-24); a bonus tile earns none (HG-35); none when the stack is empty (HG-36)."""
        if bonus or not any(f.kind == FOREST and f.count("gold") for f in closed):
            return None
        return game.draw_bonus()

    def final_scoring(self, game: Game) -> None:
        turn = len(game.history)
        # HG-50: tribe members on unclosed forests and rivers come back unscored.
        done: set[int] = set()
        for figure in list(game.figures):
            if figure.figure == HUT or figure.role == Role.HUNTER:
                continue
            node = game.node_of(figure)
            root = game.graph.find(node)
            if root not in done:
                done.add(root)
                release(game, node, turn)
        # HG-52: huts score the fish of their whole river system; they stay.
        done.clear()
        for figure in list(game.figures):
            if figure.figure != HUT:
                continue
            system = game.feature_of(figure)
            if id(system) in done:
                continue
            done.add(id(system))
            fish = system.count("fish")
            scorers = majority(system.huts)
            pay(game, scorers, fish)
            scored(game, system, fish, scorers, f"river system with {fish} fish", turn=turn,
                   kind="river system")
        # HG-54 to HG-58, HG-61, HG-63, HG-64: hunters score their meadow; they stay.
        done.clear()
        for figure in list(game.figures):
            if figure.role != Role.HUNTER:
                continue
            meadow = game.feature_of(figure)
            if id(meadow) in done:
                continue
            done.add(id(meadow))
            points, note = meadow_value(meadow)
            dolmen = [f for f in meadow.figures if f.dolmen]
            if dolmen:
                note += ", dolmen"
            scorers = majority(dolmen or meadow.figures)
            pay(game, scorers, points)
            scored(game, meadow, points, scorers, note, turn=turn)


def meadow_value(meadow: Feature) -> tuple[int, str]:
    """2 per deer, mammoth and aurochs; each tiger eats a deer unless fire chased
    it off; never below 0 (HG-54, HG-55, HG-61, HG-63)."""
    deer, tigers = meadow.count("deer"), meadow.count("tiger")
    if meadow.count("fire"):
        tigers = 0
    mammoths, aurochs = meadow.count("mammoth"), meadow.count("aurochs")
    points = 2 * (max(0, deer - tigers) + mammoths + aurochs)
    return points, f"{deer} deer, {mammoths} mammoths, {aurochs} aurochs, {tigers} tigers"
