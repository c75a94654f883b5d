"""Every call the AI makes into the engine, in one place.

The agents, the search and the match harness see the game only through the
functions and the :class:`PlayerView` of this module: make or replay a game,
copy a state, list its actions, apply one, read scores and claimed features,
build the view of the player on turn, and sample what they cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..actions import Discard, Place
from ..features import Feature
from ..figures import BIG, BUILDER, HUT, PIG
from ..game import Game
from ..geometry import OFFSETS
from ..options import FarmEdition, Options
from ..rules.carcassonne import CLOISTER_POINTS, Carcassonne
from ..rules.farms import completed_cities
from ..rules.traders import GOODS_POINTS, pig_owners
from ..scoring import majority
from ..statistics import GameStatistics, game_statistics
from ..tiles import (
    CITY,
    CLOISTER,
    CLOSABLE_KINDS,
    FIELD,
    FOREST,
    ROAD,
    TRADE_GOODS,
    TileType,
    edge_at,
)
from ..view import PlayerView as EngineView

State = Game
Action = Place


# ----------------------------------------------------------------------
# States and actions


def new_state(players: Sequence[str], options: Options, seed: int) -> State:
    """A new game dealt from ``seed``: the same seed, the same tiles."""
    return Game.new(players, options, seed=seed)


def state_from_record(record: dict, seed: int | None = None) -> State:
    """The game a record describes, replayed; ``seed`` (or the record's own)
    deals the tiles still to come."""
    return Game.from_record(record, seed=seed)


def copy_state(state: State) -> State:
    """An independent copy: playing on it never touches ``state``."""
    return state.copy()


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player on turn: each tile of the hand, each
    placement, and each figure (or none) on it. Never empty while the game runs."""
    return list(state.legal_actions())


def apply(state: State, action: Action) -> None:
    """Apply an action known to be legal (one :func:`legal_actions` gave)."""
    state.apply(action)


def play(state: State, action: Action) -> None:
    """Apply an action, checking every rule (the harness's entry)."""
    state.play(action)


def action_text(action: Action) -> str:
    """The action as text the engine parses back (``engine.parse_action``)."""
    return str(action)


def places_figure(action: Action) -> bool:
    return action.figure is not None


def placement_of(action: Action) -> tuple:
    """The tile and where and how it is laid, whatever figure goes with it."""
    return action.tile, action.x, action.y, action.rotation


# ----------------------------------------------------------------------
# Reading a state


def current_player(state: State) -> int:
    """The player on turn; ValueError when the game is over."""
    player = state.current_player
    if player is None:
        raise ValueError("the game is over: no player is on turn")
    return player


def _feature(state: State, root: int) -> Feature:
    """The feature whose root node is ``root`` (a root always has one)."""
    feature = state.graph.features[root]
    assert feature is not None, root
    return feature


def is_over(state: State) -> bool:
    return state.is_over


def scores(state: State) -> tuple[int, ...]:
    return tuple(state.scores)


def player_count(state: State) -> int:
    return len(state.players)


def followers_in_supply(state: State, player: int) -> int:
    """``player``'s ordinary followers in supply (the big follower not counted)."""
    return state.supply(player).meeples


def big_followers_in_supply(state: State, player: int) -> int:
    """``player``'s big followers in supply (Inns & Cathedrals, IC-7; else 0)."""
    return state.supply(player).big


def followers_on_board(state: State, player: int) -> dict[str, int]:
    """How many of ``player``'s followers (huts not counted) stand on each kind of feature."""
    counts: dict[str, int] = {}
    graph = state.graph
    for figure in state.figures:
        if figure.player == player and figure.figure != HUT:
            kind = _feature(state, graph.find(state.node_of(figure))).kind
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def unfinished_features_pay(state: State) -> bool:
    """Whether unfinished roads, cities and cloisters score at the end (D-10;
    Hunters and Gatherers never pays them)."""
    return state.options.unfinished and isinstance(state.rules, Carcassonne)


def statistics(state: State) -> GameStatistics:
    """Each player's points by kind, followers placed and turns so far
    (:func:`engine.statistics.game_statistics`)."""
    return game_statistics(state)


def hand(state: State) -> tuple[str, ...]:
    """Ids of the tiles the player on turn may choose from."""
    return tuple(tile.id for tile in state.hand)


def tile_sequence(state: State) -> tuple[str, ...]:
    """The tiles placed or discarded so far, turn by turn (the deck as it came)."""
    return tuple(entry.action.tile for entry in state.history
                 if isinstance(entry.action, (Place, Discard)))


def unseen_tiles(state: State) -> int:
    """Tiles still to be played: the bag and every hand."""
    return state.tiles_left() + sum(len(state.hand_of(p)) for p in range(len(state.players)))


def end_now_scores(state: State, *, disposable: bool = False) -> tuple[int, ...]:
    """The scores if the game ended now, unfinished features and farms scored
    by the game's own rules (every option, both games). A ``disposable``
    state is ended itself instead of a copy of it."""
    if state.is_over:
        return tuple(state.scores)
    quick = _end_now_read(state)
    if quick is not None:
        return quick
    ended = state if disposable else state.copy()
    ended.end()
    return tuple(ended.scores)


def _end_now_read(state: State) -> tuple[int, ...] | None:
    """:func:`end_now_scores` read off the position without ending it, for
    Carcassonne with 3rd-edition farms or none (the same points as
    ``Carcassonne.final_scoring``: unfinished roads, cities and cloisters,
    B-39; farms, B-41, with big followers and pigs, IC-11, TB-25; goods,
    TB-13); None for the other rule sets, which end a copy instead."""
    if not _reads_end_now(state):
        return None
    rules = state.rules
    assert isinstance(rules, Carcassonne), rules
    options = state.options
    scores = list(state.scores)
    graph = state.graph
    find = graph.find
    features = graph.features
    tiles = state.board.tiles
    unfinished = options.unfinished
    farmers = options.farmers != FarmEdition.OFF
    done: set[int] = set()
    for figure in state.figures:
        root = find(tiles[(figure.x, figure.y)].node + figure.segment)
        if root in done:
            continue
        done.add(root)
        feature = features[root]
        assert feature is not None, root
        kind = feature.kind
        if kind in _UNFINISHED_KINDS:
            if not unfinished or not feature.figures:
                continue
            points = rules.unfinished_value(state, feature, figure)[0]
            for player in majority(feature.figures):
                scores[player] += points
        elif kind == FIELD and farmers and feature.figures:
            cities = len(completed_cities(state, feature))
            pigs = pig_owners(feature)
            for player in majority(feature.figures):
                scores[player] += (_FARM_POINTS + (player in pigs)) * cities
    _add_goods(state, scores)
    return tuple(scores)


def _reads_end_now(state: State) -> bool:
    """Whether :func:`_end_now_read` knows this game's end scoring."""
    return type(state.rules) is Carcassonne and state.options.farmers != FarmEdition.FIRST


def _add_goods(state: State, scores: list[int]) -> None:
    """Trade goods' end scoring (TB-13), as ``traders.score_goods`` pays it."""
    if state.options.traders_builders:
        goods = state.goods
        for index in range(len(TRADE_GOODS)):
            most = max(held[index] for held in goods)
            if most:
                for player, held in enumerate(goods):
                    if held[index] == most:
                        scores[player] += GOODS_POINTS


_UNFINISHED_KINDS = (ROAD, CITY, CLOISTER)
#: Points a 3rd-edition farm's owners get per completed city (B-41).
_FARM_POINTS = 3


class ClaimedFeature(NamedTuple):
    """A feature with figures on it that has not paid out yet, as the
    evaluation needs it (a named tuple: the evaluation makes thousands a
    move, and a frozen dataclass costs three times as much to make).

    ``gain_if_closed`` is what closing it would add to what it pays if the
    game ended now. ``spots`` has one number per empty position the feature
    runs into: how many of the tiles still to play (bag and hands) would close
    it there; a 0 means it can never be closed as it lies. A cloister has
    ``missing`` empty neighbours instead. A farm has ``cities``: the spots of
    each unfinished city it borders. ``bonus_tile`` marks a forest with gold,
    whose closing earns a bonus tile (HG-32).

    ``points_now`` is what it pays each owner if the game ended now (0 for
    a farm, which the end-of-game scores hold), ``followers`` the player of
    each follower on it; ``fits``, only when asked for, has one number per
    empty position a tile could close it through (a cloister: each empty
    neighbour a tile may go to next): how many tiles still to play fit there
    in some rotation, whether or not they close it.

    With the expansions: ``big`` has the player of each big follower on it
    (IC-11), ``builders`` of each builder on a road or city (TB-14) and
    ``pigs`` of each pig in a farm (TB-23); these two are in no majority.
    """

    kind: str
    owners: tuple[int, ...]
    gain_if_closed: int = 0
    spots: tuple[int, ...] = ()
    missing: int = 0
    cities: tuple[tuple[int, ...], ...] = ()
    bonus_tile: bool = False
    points_now: int = 0
    followers: tuple[int, ...] = ()
    fits: tuple[int, ...] = ()
    big: tuple[int, ...] = ()
    builders: tuple[int, ...] = ()
    pigs: tuple[int, ...] = ()




def claimed_features(state: State, *, fits: bool = False) -> list[ClaimedFeature]:
    """Every open feature with figures on it, once each; with ``fits``
    (which costs more) each one's :attr:`ClaimedFeature.fits`."""
    found: list[ClaimedFeature] = []
    graph = state.graph
    find = graph.find
    features = graph.features
    tiles = state.board.tiles
    rules = state.rules
    seen: set[int] = set()
    unfinished_pays = unfinished_features_pay(state)
    supply = _tiles_to_play(state)
    counts = _closer_counts(state, supply)
    # The spots of each feature met, by root: a city is met by its own
    # claim and by every farm beside it.
    spots_of: dict[int, tuple[int, ...]] = {}

    def spots(root: int) -> tuple[int, ...]:
        known = spots_of.get(root)
        if known is None:
            known = spots_of[root] = _spots(state, _facing(state, root), supply, counts)
        return known

    for figure in state.figures:
        if figure.figure == HUT:
            continue
        root = find(tiles[(figure.x, figure.y)].node + figure.segment)
        if root in seen:
            continue
        seen.add(root)
        feature = features[root]
        assert feature is not None, root
        figures = feature.figures
        owners = (figures[0].player,) if len(figures) == 1 else majority(figures)
        followers = tuple(f.player for f in figures if f.figure != HUT)
        big = tuple(f.player for f in figures if f.figure == BIG)
        kind = feature.kind
        if kind == CLOISTER:
            neighbours = state.board.neighbours8(figure.x, figure.y)
            now = 1 + neighbours if unfinished_pays else 0
            found.append(ClaimedFeature(
                CLOISTER, owners, CLOISTER_POINTS - now, missing=8 - neighbours,
                points_now=now, followers=followers, big=big,
                fits=_cloister_fits(state, figure.x, figure.y, supply) if fits else ()))
        elif kind in CLOSABLE_KINDS:
            value = rules.closed_value(state, feature)
            if value is None:
                continue
            now = 0
            if unfinished_pays:
                assert isinstance(rules, Carcassonne), rules
                now = rules.unfinished_value(state, feature, figure)[0]
            found.append(ClaimedFeature(
                kind, owners, value[0] - now, spots(root),
                bonus_tile=kind == FOREST and feature.count("gold") > 0,
                points_now=now, followers=followers,
                fits=tuple(_fitting(state, spot, supply)
                           for spot in _facing(state, root)) if fits else (),
                big=big, builders=tuple(f.player for f in feature.others if f.figure == BUILDER)))
        elif kind == FIELD:
            cities = {find(node) for node in feature.cities}
            found.append(ClaimedFeature(FIELD, owners, cities=tuple(
                spots(city) for city in sorted(cities)
                if _feature(state, city).open_edges), followers=followers, big=big,
                pigs=tuple(f.player for f in feature.others if f.figure == PIG)))
        else:
            found.append(ClaimedFeature(kind, owners, followers=followers))
    return found


def _tiles_to_play(state: State) -> dict[str, int]:
    """The tiles of the bag and of every hand, by id."""
    counts = state.remaining()
    for player in range(len(state.players)):
        for tile in state.hand_of(player):
            counts[tile.id] = counts.get(tile.id, 0) + 1
    return counts


def _facing(state: State, root: int) -> dict[tuple[int, int], int]:
    """Each empty position the feature at ``root`` runs into, with the
    direction from it back to the feature."""
    find = state.graph.find
    tiles = state.board.tiles
    facing: dict[tuple[int, int], int] = {}
    for x, y in _feature(state, root).tiles:
        placed = None
        for dx, dy, point, back in _SIDES:
            spot = (x + dx, y + dy)
            if spot in tiles or spot in facing:
                continue
            if placed is None:
                placed = tiles[(x, y)]
            segment = placed.oriented.point_segment[point]
            if segment >= 0 and find(placed.node + segment) == root:
                facing[spot] = back
    return facing


#: Each side of a tile: its offset, the edge point in its middle, and the
#: direction from the neighbour there back to the tile.
_SIDES = tuple((dx, dy, 3 * direction + 1, (direction + 2) % 4)
               for direction, (dx, dy) in enumerate(OFFSETS))


def _spots(state: State, facing: dict[tuple[int, int], int], supply: dict[str, int],
           counts: dict[tuple[int, int], int]) -> tuple[int, ...]:
    """For each empty position of ``facing`` (see :func:`_facing`), how many
    tiles of ``supply`` would fit there and close the feature's part on it;
    ``counts`` (:func:`_closer_counts` of ``supply``) remembers them by the
    position's constraint and the direction."""
    frontier = state.board.frontier
    found = []
    for spot, direction in facing.items():
        key = (frontier[spot], direction)
        count = counts.get(key)
        if count is None:
            count = counts[key] = sum(supply.get(tile_id, 0)
                                      for tile_id in _closers(state, *key))
        found.append(count)
    return tuple(found)


#: :func:`_closer_counts` of the last few supplies met.
_COUNTS: dict[tuple[Options, frozenset[tuple[str, int]]], dict[tuple[int, int], int]] = {}
_COUNTS_KEPT = 64


def _closer_counts(state: State, supply: dict[str, int]) -> dict[tuple[int, int], int]:
    """The memory :func:`_spots` fills for ``supply`` (the tiles still to
    play): the states a move's actions lead to, and a search's samples, share
    one. Forgotten wholesale when too many supplies were met."""
    key = (state.options, frozenset(supply.items()))
    counts = _COUNTS.get(key)
    if counts is None:
        if len(_COUNTS) >= _COUNTS_KEPT:
            _COUNTS.clear()
        counts = _COUNTS[key] = {}
    return counts


def _fitting(state: State, spot: tuple[int, int], supply: dict[str, int]) -> int:
    """How many tiles of ``supply`` fit the empty position ``spot`` in some rotation."""
    key = (state.options, state.board.frontier[spot])
    found = _FITTERS.get(key)
    if found is None:
        found = tuple(tile.id for tile in state.rules.tiles.values()
                      if tile.fitting_rotations(key[1]))
        _FITTERS[key] = found
    return sum(supply.get(tile_id, 0) for tile_id in found)


def _cloister_fits(state: State, x: int, y: int, supply: dict[str, int]) -> tuple[int, ...]:
    """:func:`_fitting` for each empty neighbour of (x, y) a tile may go to next."""
    frontier = state.board.frontier
    return tuple(_fitting(state, (x + dx, y + dy), supply)
                 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                 if (dx or dy) and (x + dx, y + dy) in frontier)


_FITTERS: dict[tuple[Options, int], tuple[str, ...]] = {}
_CLOSERS: dict[tuple[Options, int, int], tuple[str, ...]] = {}


def _closers(state: State, constraint: int, direction: int) -> tuple[str, ...]:
    """The tiles of the game that fit a position with ``constraint`` in some
    rotation so that their part facing ``direction`` has no edge left open."""
    key = (state.options, constraint, direction)
    found = _CLOSERS.get(key)
    if found is None:
        found = tuple(tile.id for tile in state.rules.tiles.values()
                      if _closes(tile, constraint, direction))
        _CLOSERS[key] = found
    return found


def _closes(tile: TileType, constraint: int, direction: int) -> bool:
    for rotation in tile.fitting_rotations(constraint):
        oriented = tile.orientations[rotation // 90]
        segment = oriented.point_segment[3 * direction + 1]
        if segment >= 0 and all(edge_at(constraint, d) is not None
                                for d in oriented.segment_edges[segment]):
            return True
    return False


# ----------------------------------------------------------------------
# What the player on turn may know


@dataclass(frozen=True)
class PlayerView:
    """What the player on turn may know, and nothing else: the engine's view
    (their hand, how many tiles each holds, the tiles not yet seen as a
    multiset) and the public facts of the position.

    It holds no game: only :meth:`sample` makes one, with every unseen tile
    dealt at random. Two states that differ only in what the player cannot
    know give equal views, and equal samples for equal generators, so no
    agent given a view can act on the hidden order, however it reads it.
    """

    player: int
    turn: int
    scores: tuple[int, ...]
    hand: tuple[str, ...]
    actions: tuple[Action, ...] = field(repr=False)
    engine_view: EngineView = field(repr=False)

    @classmethod
    def of(cls, state: State) -> PlayerView:
        """The view of the player on turn of ``state``."""
        if state.is_over:
            raise ValueError("the game is over: there is no player on turn")
        view = state.view()
        return cls(view.player, state.turn, tuple(state.scores), view.hand,
                   tuple(state.legal_actions()), view)

    @property
    def options(self) -> Options:
        """The game's rules (an agent may value positions by the rule set)."""
        return self.engine_view.options

    def legal_actions(self) -> list[Action]:
        return list(self.actions)

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unseen tiles (the bag,
        the other players' hands, bonus tiles) dealt in a random order."""
        return self.engine_view.sample(rng)
