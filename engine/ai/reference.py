"""The ``reference`` agent: a sparring partner that plays like JCloisterZone's
legacy AI, so our levels are measured against the opponent of issue 23.

Its ideas, re-created from the published description of that AI's ranking
(``LegacyRanking``; the numbers are its, the code is ours): try every action
of the turn, one ply, and rank the position each leads to by

- the points on the board, own minus the others', as if the game ended now
  (farms included);
- a claimed city's unfinished points once more, times 0.8 × its chance;
- a chance for each open feature: the least, over the empty positions it
  needs filled, of the chance that one of the tiles left that fit there comes
  to its owner (1 − (1 − 1/players)^tiles); while more than 7 turns are left,
  a feature with little chance costs its own followers (12, 3 or 1.2 points
  each below 0.0001, 0.2 or 0.55) and earns a little for the others' (3, 0.75,
  0.3);
- a penalty growing with how many of its followers stand on roads, cities,
  cloisters and farms (a table per kind; farms dearest);
- each follower in supply 0.25 for itself, the others' 0.25 and 1 against it.

It plays its best every time (ties at random). Kinds of Hunters and Gatherers
count as their likes: rivers as roads, forests as cities, meadows as farms;
where unfinished features pay nothing, a feature's chance times its closed
value stands for its unfinished points.
"""

from __future__ import annotations

from ..tiles import CITY, CLOISTER, FIELD, FOREST, MEADOW, RIVER, ROAD
from . import adapter
from .adapter import Action, ClaimedFeature, PlayerView, State
from .agents import Agent, best_of, score_actions

#: Penalty by how many of one's followers stand on features of a kind.
_OPEN_PENALTY = {
    ROAD: (0.0, 1.0, 2.5, 4.5, 7.5, 10.5, 14.5, 19.0, 29.0),
    CITY: (0.0, 0.5, 1.5, 3.0, 5.0, 8.0, 12.0, 17.0, 27.0),
    CLOISTER: (0.0, 0.0, 0.4, 0.8, 1.2, 2.0, 4.0, 7.0, 11.0),
    FIELD: (0.0, 5.0, 10.0, 19.0, 28.0, 37.0, 47.0, 57.0, 67.0),
}
#: Hunters and Gatherers' kinds, counted as their Carcassonne likes.
_LIKE = {RIVER: ROAD, FOREST: CITY, MEADOW: FIELD}
#: (chance below which, penalty per own follower, bonus per other's follower).
_DOUBT = ((0.0001, 12.0, 3.0), (0.2, 3.0, 0.75), (0.55, 1.2, 0.3))
#: Doubtful features cost nothing in the last turns.
_LATE_TURNS = 7
_CITY_HOPE = 0.8
_SUPPLY = 0.25
_OTHERS_SUPPLY = 1.0


def feature_chance(feature: ClaimedFeature, players: int) -> float:
    """The least chance, over the positions the feature needs filled, that a
    tile fitting there comes to its owner (1 when none is needed)."""
    if not feature.fits:
        return 1.0
    return min(1 - (1 - 1 / players) ** tiles if tiles else 0.0 for tiles in feature.fits)


def reference_value(state: State, me: int) -> float:
    """How the reference ranks a position for player ``me`` (see the module)."""
    players = adapter.player_count(state)
    late = -(-adapter.unseen_tiles(state) // players) <= _LATE_TURNS
    unfinished_pays = adapter.unfinished_features_pay(state)
    value = 0.0
    for feature in adapter.claimed_features(state, fits=True):
        kind = _LIKE.get(feature.kind, feature.kind)
        if kind == FIELD:
            continue
        chance = feature_chance(feature, players)
        if not late:
            for threshold, own, other in _DOUBT:
                if chance < threshold:
                    value += sum(-own if player == me else other for player in feature.followers)
                    break
        if unfinished_pays:
            hope = _CITY_HOPE * chance * feature.points_now if kind == CITY else 0.0
        else:
            hope = chance * (feature.points_now + feature.gain_if_closed)
        value += sum(hope if owner == me else -hope for owner in feature.owners)
    on_board = adapter.followers_on_board(state, me)
    for kind, penalty in _OPEN_PENALTY.items():
        count = sum(n for k, n in on_board.items() if _LIKE.get(k, k) == kind)
        value -= penalty[min(count, len(penalty) - 1)]
    supplies = [adapter.followers_in_supply(state, player) for player in range(players)]
    sure = adapter.end_now_scores(state, disposable=True)
    for player, supply in enumerate(supplies):
        if player == me:
            value += sure[player] + _SUPPLY * supply
        else:
            value -= sure[player] + (_SUPPLY + _OTHERS_SUPPLY) * supply
    return value


class ReferenceAgent(Agent):
    """Plays like JCloisterZone's legacy AI (one ply, its ranking): the fixed
    opponent the levels are measured against."""

    name = "reference"

    def choose(self, view: PlayerView) -> Action:
        me = view.player
        rng = self.rng_for(view)
        return best_of(score_actions(view, lambda state: reference_value(state, me), rng), rng)
