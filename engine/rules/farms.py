"""Farm scoring at the end of a game of Carcassonne (B-41, V-1 to V-8, D-6).

A field segment knows which city segments of its own tile it borders along
an edge, never at a corner (F-17): the tile data says so. A farm (a joined
field) collects those city segments; here they are resolved to whole cities,
and only completed ones count (D-2). A big follower counts as two farmers
(IC-11, IC-30); a pig adds one per city to its owner's share (TB-25, TB-28).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from ..features import Feature
from ..figures import Figure
from ..options import FarmEdition
from ..scoring import majority, pay, scored
from ..tiles import FIELD
from .traders import pig_owners

if TYPE_CHECKING:
    from ..game import Game


def completed_cities(game: Game, farm: Feature) -> list[Feature]:
    """The completed cities a farm borders, each once."""
    graph = game.graph
    roots = {graph.find(node) for node in farm.cities}
    return [city for root in sorted(roots)
            if (city := graph.feature(root)).open_edges == 0]


def farms(game: Game) -> list[Feature]:
    """Every farm on the map, in the order of their first segment."""
    return [feature for feature in (game.graph.features[root] for root in game.graph.roots())
            if feature is not None and feature.kind == FIELD]


def score_farms(game: Game, *, edition: FarmEdition, turn: int) -> None:
    if edition == FarmEdition.FIRST:
        _score_first_edition(game, turn)
    else:
        _score_third_edition(game, turn)


def _pay_with_pigs(game: Game, feature: Feature, scorers: tuple[int, ...], pigs: frozenset[int],
                   per_city: int, cities: int, note: str, turn: int, kind: str) -> None:
    """Pay ``per_city`` per city to each scorer, one more to those with a pig
    there (TB-25, TB-28): one scoring told per amount."""
    for pig in (False, True):
        group = tuple(p for p in scorers if (p in pigs) == pig)
        if group:
            points = (per_city + pig) * cities
            pay(game, group, points)
            scored(game, feature, points, group, note + (", pig" if pig else ""), turn=turn,
                   kind=kind)


def _score_third_edition(game: Game, turn: int) -> None:
    """Each farm's majority scores 3 per completed city it borders (B-41, V-2 to V-4).
    Farmers stay on the map (B-34)."""
    for farm in farms(game):
        if not farm.figures:
            continue
        cities = completed_cities(game, farm)
        note = f"farm with {len(cities)} completed {'city' if len(cities) == 1 else 'cities'}"
        _pay_with_pigs(game, farm, majority(farm.figures), pig_owners(farm), 3, len(cities),
                       note, turn, FIELD)


def _score_first_edition(game: Game, turn: int) -> None:
    """Each completed city pays 4 to the players with the most farmers over all the
    farms bordering it, connected or not (V-5 to V-8, D-6)."""
    farmers: dict[int, list[Figure]] = defaultdict(list)
    pigs: dict[int, frozenset[int]] = defaultdict(frozenset)
    cities: dict[int, Feature] = {}
    for farm in farms(game):
        for city in completed_cities(game, farm):
            cities[id(city)] = city
            farmers[id(city)] += farm.figures
            pigs[id(city)] |= pig_owners(farm)  # TB-28, TB-O3
    for key, city in cities.items():
        if farmers[key]:
            _pay_with_pigs(game, city, majority(farmers[key]), pigs[key], 4, 1,
                           "completed city supplied by farms (1st edition)", turn, FIELD)
