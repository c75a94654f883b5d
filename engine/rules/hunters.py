"""Carcassonne: Hunters and Gatherers (``shared/rules/hunters-and-gatherers.md``).

The engine's shared machinery plays it: forests and river sections close and
score like cities and roads, meadows are fields. What is its own lives here:
fish and lakes, gold and the bonus tiles, huts on river systems, and the
hunters' final scoring with tigers, fire and the dolmen.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..errors import IllegalMoveError
from ..features import Feature
from ..figures import HUT
from ..game_support import majority
from ..tiles import FOREST, LAKE, MEADOW, RIVER, TileType
from ..tilesets import HUNTERS_START, tile_set
from .base import RuleSet

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..game import Game


class HuntersAndGatherers(RuleSet):
    name = "hunters-and-gatherers"
    meeples = 5  # HG-5: 6 tribe members, one of them the score marker
    huts = 2
    meeple_name = "tribe member"
    rule_adjacent = "HG-13"
    rule_edges = "HG-14"
    rule_discard = "HG-15"
    rule_port = "HG-16"
    rule_occupied = "HG-18"
    rule_supply = "HG-19"
    rule_bag = "HG-2"

    def __init__(self, options) -> None:
        super().__init__(options)
        self.tiles = dict(tile_set("hunters"))

    # -- the tiles -------------------------------------------------------
    def start_tile(self) -> str:
        return HUNTERS_START

    def land_stacks(self, rng: random.Random) -> list[list[str]]:
        land = [t for t in self.tiles if t.startswith("H") and not t.startswith("HB")
                and t != HUNTERS_START]
        rng.shuffle(land)
        return [land]

    def bonus_stack(self, rng: random.Random) -> list[str]:
        bonus = [t for t in self.tiles if t.startswith("HB")]
        rng.shuffle(bonus)
        return bonus

    def land_draw_problem(self, tile_id: str) -> IllegalMoveError | None:
        if tile_id.startswith("HB"):
            return IllegalMoveError(f"tile {tile_id} is a bonus tile: it comes only for closing "
                                    "a forest with gold", "HG-32")
        return None

    # -- placing ---------------------------------------------------------
    def meeple_problem(self, game: Game, tile: TileType, segment: int) -> IllegalMoveError | None:
        part = tile.segments[segment]
        if part.kind == LAKE:
            return IllegalMoveError("a tribe member cannot stand on a lake (only a hut can)",
                                    "D-21")
        if part.kind == MEADOW and part.count("fire"):
            return IllegalMoveError("no hunter may be placed on the fire tile", "HG-61")
        return None

    def hut_problem(self, game: Game, tile: TileType, segment: int) -> IllegalMoveError | None:
        if tile.segments[segment].kind not in (RIVER, LAKE):
            return IllegalMoveError("a hut goes on a river or a lake", "HG-43")
        return None

    # -- scoring ---------------------------------------------------------
    def closed_value(self, game: Game, feature: Feature) -> tuple[int, str] | None:
        tiles = len(feature.tiles)
        if feature.kind == RIVER:  # HG-24, D-22: each end lake once
            fish = sum(game.graph.features[lake].count("fish") for lake in feature.lakes)
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
            if figure.figure == HUT or figure.role == "hunter":
                continue
            feature = game.feature_of(figure)
            if id(feature) not in done:
                done.add(id(feature))
                game.release(feature, turn)
        # HG-52: huts score the fish of their whole river system.
        done.clear()
        for figure in list(game.figures):
            if figure.figure != HUT:
                continue
            system = game.feature_of(figure)
            if id(system) in done:
                continue
            done.add(id(system))
            fish = system.count("fish")
            game.award(system, fish, f"river system with {fish} fish", turn=turn, player=None,
                       final=True, figures=system.huts, return_figures=False, kind="river system")
        # HG-54 to HG-58, HG-61, HG-63, HG-64: hunters score their meadow.
        done.clear()
        for figure in list(game.figures):
            if figure.role != "hunter":
                continue
            meadow = game.feature_of(figure)
            if id(meadow) in done:
                continue
            done.add(id(meadow))
            points, note = meadow_value(meadow)
            dolmen = [f for f in meadow.figures if f.dolmen]
            scorers = majority(dolmen) if dolmen else None
            if dolmen:
                note += ", dolmen"
            game.award(meadow, points, note, turn=turn, player=None, final=True,
                       scorers=scorers, return_figures=False)


def meadow_value(meadow: Feature) -> tuple[int, str]:
    """2 per deer, mammoth and aurochs; each tiger eats a deer unless fire chased
    it off; never below 0 (HG-54, HG-55, HG-61, HG-63)."""
    deer, tigers = meadow.count("deer"), meadow.count("tiger")
    if meadow.count("fire"):
        tigers = 0
    mammoths, aurochs = meadow.count("mammoth"), meadow.count("aurochs")
    points = 2 * (max(0, deer - tigers) + mammoths + aurochs)
    return points, f"{deer} deer, {mammoths} mammoths, {aurochs} aurochs, {tigers} tigers"
