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

from ..actions import Discard, Place
from ..figures import HUT
from ..game import Game
from ..geometry import OFFSETS
from ..options import Options
from ..rules.carcassonne import CLOISTER_POINTS, Carcassonne
from ..scoring import majority
from ..tiles import CLOISTER, CLOSABLE_KINDS, FIELD, FOREST, edge_at
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


# ----------------------------------------------------------------------
# Reading a state


def current_player(state: State) -> int | None:
    return state.current_player


def is_over(state: State) -> bool:
    return state.is_over


def scores(state: State) -> tuple[int, ...]:
    return tuple(state.scores)


def player_count(state: State) -> int:
    return len(state.players)


def followers_in_supply(state: State, player: int) -> int:
    return state.supply(player).meeples


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
    ended = state if disposable else state.copy()
    ended.end()
    return tuple(ended.scores)


@dataclass(frozen=True)
class ClaimedFeature:
    """A feature with figures on it that has not paid out yet, as the
    evaluation needs it.

    ``gain_if_closed`` is what closing it would add to what it pays if the
    game ended now. ``spots`` has one number per empty position the feature
    runs into: how many of the tiles still to play (bag and hands) would close
    it there; a 0 means it can never be closed as it lies. A cloister has
    ``missing`` empty neighbours instead. A farm has ``cities``: the spots of
    each unfinished city it borders. ``bonus_tile`` marks a forest with gold,
    whose closing earns a bonus tile (HG-32).
    """

    kind: str
    owners: tuple[int, ...]
    gain_if_closed: int = 0
    spots: tuple[int, ...] = ()
    missing: int = 0
    cities: tuple[tuple[int, ...], ...] = ()
    bonus_tile: bool = False


def claimed_features(state: State) -> list[ClaimedFeature]:
    """Every open feature with figures on it, once each."""
    found: list[ClaimedFeature] = []
    graph = state.graph
    rules = state.rules
    seen: set[int] = set()
    unfinished_pays = state.options.unfinished and isinstance(rules, Carcassonne)
    supply = _tiles_to_play(state)
    for figure in state.figures:
        if figure.figure == HUT:
            continue
        root = graph.find(state.node_of(figure))
        if root in seen:
            continue
        seen.add(root)
        feature = graph.features[root]
        figures = feature.figures
        owners = (figures[0].player,) if len(figures) == 1 else majority(figures)
        if feature.kind == CLOISTER:
            neighbours = state.board.neighbours8(figure.x, figure.y)
            now = 1 + neighbours if unfinished_pays else 0
            found.append(ClaimedFeature(CLOISTER, owners, CLOISTER_POINTS - now,
                                        missing=8 - neighbours))
        elif feature.kind in CLOSABLE_KINDS:
            value = rules.closed_value(state, feature)
            if value is None:
                continue
            now = rules.unfinished_value(state, feature, figure)[0] if unfinished_pays else 0
            found.append(ClaimedFeature(
                feature.kind, owners, value[0] - now, _spots(state, root, supply),
                bonus_tile=feature.kind == FOREST and feature.count("gold") > 0))
        elif feature.kind == FIELD:
            cities = {graph.find(node) for node in feature.cities}
            found.append(ClaimedFeature(FIELD, owners, cities=tuple(
                _spots(state, city, supply) for city in sorted(cities)
                if graph.features[city].open_edges)))
        else:
            found.append(ClaimedFeature(feature.kind, owners))
    return found


def _tiles_to_play(state: State) -> dict[str, int]:
    """The tiles of the bag and of every hand, by id."""
    counts = state.remaining()
    for player in range(len(state.players)):
        for tile in state.hand_of(player):
            counts[tile.id] = counts.get(tile.id, 0) + 1
    return counts


def _spots(state: State, root: int, supply: dict[str, int]) -> tuple[int, ...]:
    """For each empty position the feature at ``root`` runs into, how many
    tiles of ``supply`` would fit there and close the feature's part on it."""
    find = state.graph.find
    tiles = state.board.tiles
    facing: dict[tuple[int, int], int] = {}
    for x, y in state.graph.features[root].tiles:
        placed = None
        for direction, (dx, dy) in enumerate(OFFSETS):
            spot = (x + dx, y + dy)
            if spot in tiles or spot in facing:
                continue
            placed = placed or tiles[(x, y)]
            segment = placed.oriented.point_segment[3 * direction + 1]
            if segment >= 0 and find(placed.node + segment) == root:
                facing[spot] = (direction + 2) % 4
    frontier = state.board.frontier
    return tuple(sum(supply.get(tile_id, 0)
                     for tile_id in _closers(state, frontier[spot], direction))
                 for spot, direction in facing.items())


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


def _closes(tile, constraint: int, direction: int) -> bool:
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

    def legal_actions(self) -> list[Action]:
        return list(self.actions)

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unseen tiles (the bag,
        the other players' hands, bonus tiles) dealt in a random order."""
        return self.engine_view.sample(rng)
