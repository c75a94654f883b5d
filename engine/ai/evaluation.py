"""What a position is worth to each player, in expected points.

The scores as they would stand if the game ended now (asked of the engine,
so every option and both games are scored by their own rules), plus what the
features each player holds may still bring: a claimed road, city, cloister,
forest or river that closes pays more than it does unfinished, the more
likely the fewer tiles it lacks and the more tiles are left; a farm gains
from the cities beside it that may still be completed; a follower still in
supply is worth something while there are tiles to play.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import adapter
from .adapter import State

#: Farm points per completed city (3rd edition; near enough for the 1st's 4).
_FARM_CITY_POINTS = 3


@dataclass(frozen=True)
class Weights:
    """How much the hopes of a position count beside its sure points."""

    #: Chance that a feature lacking one tile is closed while tiles remain.
    close_one: float = 0.8
    #: Each further missing tile multiplies that chance by this.
    close_more: float = 0.7
    #: A farm's share of an unfinished neighbouring city's 3 points.
    farm_city: float = 0.45
    #: Points one follower in supply is worth at the start of the game
    #: (shrinking to 0 as the tiles run out), for the first ``useful_followers``.
    follower: float = 2.0
    useful_followers: int = 4
    #: Points a bonus tile is worth (closing a forest with gold, HG-32).
    bonus_tile: float = 4.0


DEFAULT = Weights()


def completion_chance(missing: int, tiles_left: int, players: int, weights: Weights) -> float:
    """A rough chance that a feature lacking ``missing`` tiles is still closed."""
    if missing <= 0:
        return 1.0
    if tiles_left < missing:
        return 0.0
    chance = weights.close_one * weights.close_more ** (missing - 1)
    # Fewer tiles left than a round of turns per missing tile: less time to close it.
    return chance * min(1.0, tiles_left / (missing * players))


def expected_scores(state: State, weights: Weights = DEFAULT) -> list[float]:
    """Every player's expected final score from this position."""
    values = [float(points) for points in adapter.end_now_scores(state)]
    if adapter.is_over(state):
        return values
    players = len(values)
    left = adapter.tiles_left(state)
    for feature in adapter.claimed_features(state):
        if feature.open_cities:
            hope = weights.farm_city * _FARM_CITY_POINTS * feature.open_cities * min(
                1.0, left / (2 * players))
        else:
            chance = completion_chance(feature.missing, left, players, weights)
            hope = chance * (feature.gain_if_closed
                             + (weights.bonus_tile if feature.bonus_tile else 0.0))
        for owner in feature.owners:
            values[owner] += hope
    phase = min(1.0, left / 60)
    for player in range(players):
        spare = min(adapter.followers_in_supply(state, player), weights.useful_followers)
        values[player] += weights.follower * phase * spare
    return values


def advantage(values: list[float], player: int) -> float:
    """``player``'s expected lead over the best of the others (negative when behind)."""
    return values[player] - max(v for i, v in enumerate(values) if i != player)


def evaluate(state: State, player: int, weights: Weights = DEFAULT) -> float:
    return advantage(expected_scores(state, weights), player)
