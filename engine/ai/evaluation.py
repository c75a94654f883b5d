"""What a position is worth to each player, in expected points.

The scores as they would stand if the game ended now (asked of the engine,
so every option and both games are scored by their own rules), plus what the
features each player holds may still bring: a claimed road, city, cloister,
forest or river that closes pays more than it does unfinished, the more
likely the fewer tiles it lacks and the more tiles are left; a farm gains
from the cities beside it that may still be completed; a follower still in
supply is worth something while there are tiles to play, and one on a road,
city or cloister counts by its chance of coming back (a farmer never does:
valuing followers too low is what made the first release lock them in farms,
issue 23).

The expansions' pieces (off in :data:`V1` and :data:`BEFORE_EXPANSIONS`, on
in :data:`DEFAULT`): the scores if the game ended now already hold what the
engine's end scoring gives them today (a big follower counting as two in a
majority, IC-11; a pig's point per completed city of its farm, TB-25; 10
points per kind of goods to its leaders, ties all, TB-13), so only their
future is added. The big follower in supply is worth ``big_follower`` points
at the start of the game, shrinking to 0 as the tiles run out, like a
follower and a bit more; on a road, city or cloister it counts by its chance
of coming back, as followers do. A builder on an open road or city of its
owner's (TB-14) earns a second tile each time its owner extends it (TB-17):
worth ``builder`` points, about a tile, times the share of the game left; 0
once the feature is closed and the builder is back (TB-20). A pig in a farm
(TB-23) adds ``pig`` points per city beside it, times that city's chance of
being completed, to its owner's share of the farm (TB-25). The goods of a
city not yet closed go to whoever closes it (TB-10), so nothing is added
for them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from . import adapter
from .adapter import State

#: Farm points per completed city (3rd edition; near enough for the 1st's 4).
_FARM_CITY_POINTS = 3


@dataclass(frozen=True)
class Weights:
    """How much the hopes of a position count beside its sure points.

    The closing chances were fitted (least log loss) to 13,000 claimed roads,
    cities and cloisters of 30 games between one-ply players, and whether
    each was closed in the end."""

    #: The best chance a road, city, forest or river is closed...
    close_at_best: float = 0.8
    #: ... when each of its gaps gets one of the tiles that close it there,
    #: the owner drawing ``draw_share`` of their share of the unseen tiles.
    draw_share: float = 0.6
    #: A cloister's best chance, lost as ``cloister_pace`` × empty neighbours
    #: nears the number of unseen tiles.
    cloister_at_best: float = 0.6
    cloister_pace: float = 6.0
    #: A farm's share of an unfinished neighbouring city's 3 points, times
    #: that city's chance.
    farm_city: float = 0.45
    #: Points a follower in supply is worth at the start of the game
    #: (shrinking to 0 as the tiles run out), for the first ``useful_followers``.
    follower: float = 2.0
    useful_followers: int = 4
    #: The supply is worth its full while ``supply_tiles`` × (players / 2) **
    #: ``supply_players`` tiles or more are unseen, then falls with them to 0:
    #: with ``supply_players`` 1 it counts the turns each player has left
    #: (fewer at a bigger table, where followers are scarce for less long).
    supply_tiles: float = 60.0
    supply_players: float = 0.0
    #: A follower on a road, city or cloister comes back if it is closed:
    #: counted as this share of a follower in supply, times that chance.
    follower_return: float = 0.0
    #: Points a bonus tile is worth (closing a forest with gold, HG-32).
    bonus_tile: float = 4.0
    #: Points the big follower in supply is worth at the start (IC-7, IC-11).
    big_follower: float = 0.0
    #: Points a builder on an open road or city is worth at the start: about
    #: an extra tile (TB-17).
    builder: float = 0.0
    #: Points a pig adds per city its farm borders, completed (TB-25).
    pig: float = 0.0
    #: A player's lead is counted over ``rival_best`` × the best of the others
    #: plus the rest × their mean (the same with 2 players).
    rival_best: float = 1.0


#: The evaluation of the first release (``medium-v1``, ``hard-v1``): its
#: followers in supply were worth nothing beyond the fourth, so farmers were
#: free, and it locked four or five in farms early (issue 23).
V1 = Weights()
#: The evaluation of the second release (``medium-v2``, ``hard-v2``): a
#: follower in supply worth 8 points at the start, every one of the 7, and one
#: on a road, city or cloister counted by its chance of coming back.
V2 = Weights(follower=8.0, useful_followers=7, follower_return=1.0,
             big_follower=10.0, builder=4.0, pig=1.0)
#: The evaluation of the fifth release: every weight but the expansions'
#: pieces' set by SPSA over 202 iterations of games against the reference
#: (2 and 4 players, Hunters and Gatherers) and ``medium-v3`` (the mean of
#: the second half, rounded; ``benchmarks/spsa_ai.py``, ``docs/ai.md``).
#: Less hope from open features (cloisters and farms most), a follower that
#: comes back worth more than one kept, and at a bigger table a supply worth
#: less and a lead counted partly over the others' mean.
V5 = replace(V2, close_at_best=0.575, draw_share=0.41, cloister_at_best=0.31,
             cloister_pace=7.9, farm_city=0.14, follower=7.25, follower_return=1.46,
             supply_tiles=75.0, supply_players=0.5, rival_best=0.88, bonus_tile=2.6)
#: ``hard``'s evaluation from the sixth release: :data:`V5`'s weights fitted to
#: the outcomes of 2,000 games between ``medium`` players, the least squared
#: error between the lead each of their 139,916 positions predicts and the lead
#: at the end (``benchmarks/fit_eval.py``, ``docs/ai.md``): a farm's unfinished
#: cities count 0.78 of their 3 points times their chance (not 0.14), a
#: follower in supply a little more, a cloister's chance falls more slowly.
V6 = replace(V5, close_at_best=0.5977, draw_share=0.4209, cloister_at_best=0.3631,
             cloister_pace=4.275, farm_city=0.7837, follower=8.438, follower_return=1.476,
             supply_tiles=71.56)
#: ``hard``'s evaluation at a table of 5 or 6 (the ninth release): :data:`V5`
#: with the supply counted by the turns each player has left, near enough
#: (``supply_players`` 1.1, not 0.5): with 5 players each has about 14 turns
#: for 7 followers, so a follower kept is worth less than at a small table.
#: Always at its best, one ply, it won 67.5% of 300 5-player games against
#: ``medium`` (``V5`` 57.3%; 0.5 to 2.0 tried: ``docs/ai.md``, the twelfth round).
V7 = replace(V5, supply_players=1.1)
#: ``hard``'s evaluation in the Winter Edition with 2 players (the tenth
#: release): :data:`V6`'s weights fitted to the outcomes of 1,000
#: two-player Winter Edition games between ``medium`` players (81,940
#: positions). Its 84 tiles give each player 42 turns, not 36: a follower in
#: supply keeps its whole worth (6.06 points) until 20 tiles are left, not
#: falling from the first, and a farm's unfinished cities count 1.15 of their
#: points times their chance, so it keeps its followers for roads and cities
#: that close and farms late. One ply, it won 70.4% of 400 games against
#: ``medium`` where :data:`V6` won 60.9% on the same decks; in the base game
#: no better (61.6% against 60.1%), and in the Winter Edition with 4 players
#: far worse (27.0% against 53.2%: it kept its followers to the end;
#: ``docs/ai.md``, the fourteenth round).
V8 = replace(V6, close_at_best=0.5243, draw_share=0.6147, cloister_at_best=0.1694,
             cloister_pace=3.189, farm_city=1.153, follower=6.063, follower_return=1.384,
             supply_tiles=20.0)
#: ``hard``'s evaluation in Hunters and Gatherers with 2 players (the
#: eleventh release): :data:`V6`'s weights fitted to the outcomes of 600
#: two-player games between ``medium`` players (50,124 positions; its game
#: has no cloisters or farmers, so their weights did not move). A follower
#: in supply is worth 10.8 points, not 8.4, keeping its whole worth until
#: 20 tiles are left; one on a forest or river counts by its chance of
#: coming back about as one kept, not half again; open forests and rivers
#: hope for more. One ply, it won 73.8% of 300 games against ``medium``
#: where :data:`V6` won 61.3% on the same decks, beginning 2.8 turns a game
#: without a follower, not 16.7 (``docs/ai.md``, the fifteenth round).
V9 = replace(V6, close_at_best=0.7493, draw_share=0.5584, follower=10.8,
             follower_return=1.003, supply_tiles=20.0)
#: ``hard``'s evaluation at a table of 5 or 6 (the twelfth release):
#: :data:`V7`'s weights set by SPSA on 5-player games against ``medium``
#: (155 iterations, 2,480 games; ``benchmarks/spsa_ai.py --pool five``). With
#: 5 players a follower in supply loses worth from the first turn by both,
#: by this one worth a fifth more all game (9.65 points over 44 × 2.5 ^ 1.8
#: tiles, not 7.25 over 75 × 2.5 ^ 1.1). The lead counts
#: the others' mean about as much as the best rival (``rival_best`` 0.49,
#: not 0.88: four players move before our next turn, and any of them may
#: win); a farm's unfinished cities count 0.38 of their points, not 0.14,
#: and a cloister's best chance is 0.14, not 0.31. ``docs/ai.md``, the
#: seventeenth round.
V10 = replace(V7, close_at_best=0.646, draw_share=0.458, cloister_at_best=0.142,
              cloister_pace=7.83, farm_city=0.383, follower=9.65, follower_return=1.48,
              supply_tiles=43.9, supply_players=1.8, rival_best=0.489)
#: The evaluation of ``medium`` (and ``easy``'s level below it): see
#: ``docs/ai.md`` for how it was tuned. ``hard`` values by :data:`V6`
#: (by :data:`V10` at a table of 5 or 6, by :data:`V8` in the Winter Edition
#: and :data:`V9` in Hunters and Gatherers with 2 players).
DEFAULT = V5
#: Today's evaluation blind to the expansions' pieces, as it was before they
#: were valued (to measure :data:`DEFAULT` against).
BEFORE_EXPANSIONS = replace(DEFAULT, big_follower=0.0, builder=0.0, pig=0.0)


def supply_value(followers: float, phase: float, weights: Weights) -> float:
    """What ``followers`` in supply are worth, ``phase`` (1 to 0) of the game
    left; a fraction of a follower (one that may come back) counts in part."""
    return weights.follower * phase * min(followers, weights.useful_followers)


def closing_chance(spots: tuple[int, ...], unseen: int, players: int,
                   weights: Weights) -> float:
    """The chance that a feature is closed, from what would close each of its
    gaps (``spots``, see :class:`~engine.ai.adapter.ClaimedFeature`): none if a
    gap has no closing tile left."""
    if not spots:
        return 1.0
    if unseen <= 0:
        return 0.0
    draws = max(1.0, weights.draw_share * unseen / players)
    chance = weights.close_at_best
    for closers in spots:
        if closers == 0:
            return 0.0
        chance *= 1 - (1 - min(1.0, closers / unseen)) ** draws
    return chance


def cloister_chance(missing: int, unseen: int, weights: Weights) -> float:
    """The chance that a cloister's ``missing`` empty neighbours are all filled."""
    if missing <= 0:
        return 1.0
    return weights.cloister_at_best * max(
        0.0, 1 - weights.cloister_pace * missing / max(unseen, 1))


class Position(NamedTuple):
    """All the evaluation reads of a state, read once: what
    :func:`expected_scores` values under any weights (``benchmarks/fit_eval.py``
    stores thousands of them and values them again under every weight it tries)."""

    #: The final scores when the game is over (then nothing else is read).
    final: tuple[int, ...] | None
    players: int = 0
    unseen: int = 0
    supplies: tuple[int, ...] = ()
    big_supplies: tuple[int, ...] = ()
    claimed: tuple[adapter.ClaimedFeature, ...] = ()
    #: The scores if the game ended now.
    sure: tuple[int, ...] = ()


def read_position(state: State, *, disposable: bool = False) -> Position:
    """What the evaluation needs of ``state``; a ``disposable`` state may be
    spoilt on the way (it is ended)."""
    if adapter.is_over(state):
        return Position(final=tuple(adapter.scores(state)))
    players = adapter.player_count(state)
    return Position(
        final=None, players=players, unseen=adapter.unseen_tiles(state),
        supplies=tuple(adapter.followers_in_supply(state, p) for p in range(players)),
        big_supplies=tuple(adapter.big_followers_in_supply(state, p) for p in range(players)),
        claimed=tuple(adapter.claimed_features(state)),
        # Last: it may end the state.
        sure=tuple(adapter.end_now_scores(state, disposable=disposable)))


def expected_scores(state: State, weights: Weights = DEFAULT, *,
                    disposable: bool = False) -> list[float]:
    """Every player's expected final score from this position; a
    ``disposable`` state may be spoilt on the way (it is ended)."""
    return position_value(read_position(state, disposable=disposable), weights)


def position_value(position: Position, weights: Weights = DEFAULT) -> list[float]:
    """Every player's expected final score from what was read of a position."""
    if position.final is not None:
        return [float(points) for points in position.final]
    players = position.players
    unseen = position.unseen
    phase = min(1.0, unseen / (weights.supply_tiles * (players / 2) ** weights.supply_players))
    supplies = position.supplies
    hopes = [supply_value(supply, phase, weights) for supply in supplies]
    if weights.big_follower:
        for player in range(players):
            hopes[player] += weights.big_follower * phase * position.big_supplies[player]
    returning = [0.0] * players
    big_back = [0.0] * players
    for feature in position.claimed:
        chance = 0.0
        if feature.cities:
            cities = sum(closing_chance(city, unseen, players, weights)
                         for city in feature.cities)
            hope = weights.farm_city * _FARM_CITY_POINTS * cities
            if weights.pig:
                for owner in set(feature.pigs) & set(feature.owners):
                    hopes[owner] += weights.farm_city * weights.pig * cities
        elif feature.missing:
            chance = cloister_chance(feature.missing, unseen, weights)
            hope = feature.gain_if_closed * chance
        elif feature.spots:
            chance = closing_chance(feature.spots, unseen, players, weights)
            hope = chance * (
                feature.gain_if_closed + (weights.bonus_tile if feature.bonus_tile else 0.0))
        else:
            continue
        for owner in feature.owners:
            hopes[owner] += hope
        if weights.builder and feature.spots:
            for player in feature.builders:
                hopes[player] += weights.builder * phase
        if weights.follower_return and chance:
            for player in feature.followers:
                returning[player] += chance
            if weights.big_follower:
                for player in feature.big:
                    returning[player] -= chance
                    big_back[player] += chance
    if weights.follower_return:
        for player, back in enumerate(returning):
            # What the followers expected back add to the supply's worth.
            gained = (supply_value(supplies[player] + back, phase, weights)
                      - supply_value(supplies[player], phase, weights))
            hopes[player] += weights.follower_return * gained
            hopes[player] += weights.follower_return * weights.big_follower * phase * min(
                1.0, big_back[player])
    return [points + hope for points, hope in zip(position.sure, hopes)]


def advantage(values: list[float], player: int, weights: Weights = DEFAULT) -> float:
    """``player``'s expected lead over the others (negative when behind): over
    the best of them, or with ``weights.rival_best`` < 1 partly over their mean."""
    others = [v for i, v in enumerate(values) if i != player]
    best = max(others)
    if weights.rival_best >= 1 or len(others) == 1:
        return values[player] - best
    return values[player] - (weights.rival_best * best
                             + (1 - weights.rival_best) * sum(others) / len(others))


def evaluate(state: State, player: int, weights: Weights = DEFAULT, *,
             disposable: bool = False) -> float:
    return advantage(expected_scores(state, weights, disposable=disposable), player, weights)
