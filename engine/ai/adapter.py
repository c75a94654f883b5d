"""Every call the AI makes into the engine, in one place.

The agents, the search and the match harness see the game only through the
functions and the :class:`PlayerView` of this module: copy a state, list its
actions, apply one, read scores and claimed features, build the view of the
player on turn, and sample the unknown (a determinisation).

PROVISIONAL (until the engine of issue 12 lands): the engine has no cheap
``copy()``, no player's view and no sampling yet, so :func:`copy_state` and
:func:`_hide` / :func:`_deal_unknown` reach into ``Game``'s internals. They go
when the engine provides its own.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..board import Placement
from ..features import Feature, FeatureGraph
from ..figures import HUT, MEEPLE
from ..game import Game, Move
from ..game_support import majority
from ..geometry import OFFSETS
from ..options import Options
from ..rules.carcassonne import Carcassonne
from ..selfplay import random_move
from ..tiles import CLOISTER, CLOSABLE_KINDS, FIELD, FOREST

State = Game
Action = Move

#: Points a completed cloister pays (B-25).
_CLOISTER_POINTS = 9


# ----------------------------------------------------------------------
# States and actions


def new_state(players: Sequence[str], options: Options, seed: int) -> State:
    """A new game dealt from ``seed``: the same seed, the same tiles."""
    return Game.new(players, options, seed=seed)


def state_from_record(record: dict) -> State:
    """The game a record (with its seed) describes, replayed."""
    return Game.from_record(record)


def copy_state(state: State) -> State:
    """An independent copy: playing on it never touches ``state``.

    PROVISIONAL: copies the mutable parts of ``Game`` by hand (a deepcopy
    takes milliseconds); tiles, placed tiles, figures and events are never
    changed once made, so they are shared.
    """
    new = copy.copy(state)
    rules = copy.copy(state.rules)
    if getattr(rules, "river", None) is not None:
        rules.river = copy.copy(rules.river)
    new.rules = rules
    board = copy.copy(state.board)
    board.tiles = dict(state.board.tiles)
    board.frontier = dict(state.board.frontier)
    board.by_constraint = {key: dict(group) for key, group in state.board.by_constraint.items()}
    new.board = board
    new.graph = _copy_graph(state.graph, share_closed=True)
    new.water = None if state.water is None else _copy_graph(state.water)
    new.scores = list(state.scores)
    new._meeples = list(state._meeples)
    new._huts = list(state._huts)
    new.figures = list(state.figures)
    new.events = list(state.events)
    new.history = list(state.history)
    new.turn_players = list(state.turn_players)
    new.after_turn = list(state.after_turn)
    bag = copy.copy(state.bag)
    bag.rules = rules
    bag.rng = random.Random()
    bag.rng.setstate(state.bag.rng.getstate())
    bag.stacks = [list(stack) for stack in state.bag.stacks]
    bag.bonus = list(state.bag.bonus)
    new.bag = bag
    new._hands = [list(hand) for hand in state._hands]
    new.active = list(state.active)
    new._cloisters = set(state._cloisters)
    return new


def _copy_graph(graph, *, share_closed: bool = False):
    """A copy of a feature graph; with ``share_closed``, closed features without
    figures, which nothing changes any more, are shared (not for the river
    systems of the water graph, whose features never count open edges)."""
    new = FeatureGraph.__new__(FeatureGraph)
    new.parent = list(graph.parent)
    new.features = [
        feature if feature is None or (share_closed and feature.kind in CLOSABLE_KINDS
                                       and not feature.open_edges and not feature.figures)
        else _copy_feature(feature)
        for feature in graph.features]
    return new


def _copy_feature(feature: Feature) -> Feature:
    new = Feature.__new__(Feature)
    new.kind = feature.kind
    new.tiles = set(feature.tiles)
    new.open_edges = feature.open_edges
    new.goods = dict(feature.goods)
    new.figures = list(feature.figures)
    new.huts = list(feature.huts)
    new.cities = set(feature.cities)
    new.lakes = set(feature.lakes)
    return new


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player on turn: each tile of the hand, each
    placement, and each figure (or none) on it. Never empty while the game runs."""
    actions = []
    for tile in state.hand:
        for x, y, rotations in state.placement_groups(tile):
            for rotation in rotations:
                actions.append(Move(tile.id, x, y, rotation))
                for option in state.legal_figures(Placement(x, y, rotation), tile):
                    if option.figure == MEEPLE:
                        actions.append(Move(tile.id, x, y, rotation, meeple=option.port))
                    else:
                        actions.append(Move(tile.id, x, y, rotation, hut=option.port))
    return actions


def random_action(state: State, rng: random.Random) -> Action:
    """A random legal action, cheaply (no full listing): for playouts."""
    return random_move(state, rng)


def apply(state: State, action: Action) -> None:
    """Apply an action known to be legal (taken from :func:`legal_actions`)."""
    state.play(action)


def play(state: State, action: Action) -> None:
    """Apply an action, checking every rule (the harness's entry)."""
    state.play(action)


def action_text(action: Action) -> str:
    """The action as text the engine parses back (``Move.parse``)."""
    return str(action)


def places_figure(action: Action) -> bool:
    return action.meeple is not None or action.hut is not None


def action_tile(action: Action) -> str:
    return action.tile


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


def turn(state: State) -> int:
    return state.turn


def tiles_left(state: State) -> int:
    """Land tiles still to come, the hands of the players not included."""
    return state.tiles_left()


def followers_in_supply(state: State, player: int) -> int:
    return state.supply(player).meeples


def huts_in_supply(state: State, player: int) -> int:
    return state.supply(player).huts


def hand(state: State) -> tuple[str, ...]:
    """Ids of the tiles the player on turn may choose from."""
    return tuple(tile.id for tile in state.hand)


def placed_tiles(state: State) -> tuple[tuple[str, int, int, int], ...]:
    """Every tile on the map as (id, x, y, rotation), in the order laid."""
    return tuple((placed.tile.id, placed.x, placed.y, placed.rotation)
                 for placed in sorted(state.board.tiles.values(), key=lambda p: p.turn))


def tile_sequence(state: State) -> tuple[str, ...]:
    """The tiles placed or discarded so far, turn by turn (the deck as it came)."""
    return tuple(entry["tile"] for entry in state.history if "tile" in entry)


def end_now_scores(state: State, *, disposable: bool = False) -> tuple[int, ...]:
    """The scores if the game ended now, unfinished features and farms scored
    by the game's own rules (every option, both games). A ``disposable``
    state is ended itself instead of a copy of it."""
    if state.is_over:
        return tuple(state.scores)
    ended = state if disposable else copy_state(state)
    ended.end()
    return tuple(ended.scores)


@dataclass(frozen=True)
class ClaimedFeature:
    """A feature with figures on it that has not paid out yet, as the
    evaluation needs it.

    ``gain_if_closed`` is what closing it would add to what it pays if the
    game ended now. ``spots`` has one number per empty position the feature
    runs into: how many of the unseen tiles (and the hands) would close it
    there; a 0 means it can never be closed as it lies. A cloister has
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


def unseen_tiles(state: State) -> int:
    """Tiles still to be played: the bag and every hand."""
    return state.tiles_left() + sum(len(hand) for hand in state._hands)


def claimed_features(state: State) -> list[ClaimedFeature]:
    """Every open feature with figures on it, once each."""
    found: list[ClaimedFeature] = []
    graph = state.graph
    seen: set[int] = set()
    unfinished_pays = state.options.unfinished and isinstance(state.rules, Carcassonne)
    supply = _supply(state)
    for figure in state.figures:
        if figure.figure == HUT:
            continue
        placed = state.board.tiles[(figure.x, figure.y)]
        root = graph.find(placed.node + figure.segment)
        if root in seen:
            continue
        seen.add(root)
        feature = graph.features[root]
        owners = majority(feature.figures)
        if feature.kind == CLOISTER:
            neighbours = state.board.neighbours8(figure.x, figure.y)
            now = 1 + neighbours if unfinished_pays else 0
            found.append(ClaimedFeature(CLOISTER, owners, _CLOISTER_POINTS - now,
                                        missing=8 - neighbours))
        elif feature.kind in CLOSABLE_KINDS:
            value = state.rules.closed_value(state, feature)
            if value is None:
                continue
            now = state.rules.unfinished_value(state, feature, figure)[0] \
                if unfinished_pays else 0
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


def _supply(state: State) -> dict[str, int]:
    """The unseen tiles and the hands, by id."""
    counts = dict(state.remaining())
    for held in state._hands:
        for tile in held:
            counts[tile.id] = counts.get(tile.id, 0) + 1
    return counts


def _spots(state: State, root: int, supply: dict[str, int]) -> tuple[int, ...]:
    """For each empty position the feature at ``root`` runs into, how many
    tiles of ``supply`` would fit there and close the feature's part on it."""
    graph = state.graph
    tiles = state.board.tiles
    facing: dict[tuple[int, int], int] = {}
    for x, y in graph.features[root].tiles:
        placed = tiles[(x, y)]
        edges = placed.oriented.segment_edges
        for segment in range(len(edges)):
            if graph.find(placed.node + segment) != root:
                continue
            for direction in edges[segment]:
                dx, dy = OFFSETS[direction]
                spot = (x + dx, y + dy)
                if spot not in tiles:
                    facing.setdefault(spot, (direction + 2) % 4)
    frontier = state.board.frontier
    return tuple(sum(supply.get(tile_id, 0)
                     for tile_id in _closers(state, frontier[spot], direction))
                 for spot, direction in facing.items())


_CLOSERS: dict[tuple[Options, tuple, int], tuple[str, ...]] = {}


def _closers(state: State, constraint: tuple, direction: int) -> tuple[str, ...]:
    """The tiles of the game that fit a position with ``constraint`` in some
    rotation so that their part facing ``direction`` has no edge left open."""
    key = (state.options, constraint, direction)
    found = _CLOSERS.get(key)
    if found is None:
        found = tuple(tile.id for tile in state.rules.tiles.values()
                      if _closes(tile, constraint, direction))
        _CLOSERS[key] = found
    return found


def _closes(tile, constraint: tuple, direction: int) -> bool:
    for rotation in tile.fitting_rotations(constraint):
        oriented = tile.orientations[rotation // 90]
        segment = oriented.point_segment[3 * direction + 1]
        if segment >= 0 and all(constraint[d] is not None
                                for d in oriented.segment_edges[segment]):
            return True
    return False


# ----------------------------------------------------------------------
# What the player on turn may know


class PlayerView:
    """What the player on turn may know, and nothing else.

    It holds a copy of the state in which everything hidden from that player
    has been put in a canonical order: the tiles still to come sorted, the
    other players' hands pooled with them and dealt back sorted, the bag's
    random generator and the game's seed replaced. Two states that differ only
    in what the player cannot know give equal views, so no agent given a
    view can act on the hidden order, however it reads the view.
    """

    __slots__ = ("_state", "player")

    def __init__(self, state: State) -> None:
        if state.is_over:
            raise ValueError("the game is over: there is no player on turn")
        self._state = copy_state(state)
        _hide(self._state)
        #: The player whose view this is (the player on turn).
        self.player: int = state.current_player  # type: ignore[assignment]

    @property
    def turn(self) -> int:
        return turn(self._state)

    @property
    def scores(self) -> tuple[int, ...]:
        return scores(self._state)

    @property
    def hand(self) -> tuple[str, ...]:
        return hand(self._state)

    def legal_actions(self) -> list[Action]:
        return legal_actions(self._state)

    def state(self) -> State:
        """A copy of the canonical state, to try actions on. Tiles it draws
        come in the canonical order: use :meth:`sample` to look ahead."""
        return copy_state(self._state)

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unseen tiles dealt in a
        random order (the bag, the other players' hands, bonus tiles)."""
        return determinise(self._state, rng)

    def fingerprint(self) -> tuple:
        """Everything the view holds, as a comparable value (for tests)."""
        state = self._state
        return (self.player, placed_tiles(state), tuple(state.history), scores(state),
                tuple(map(tuple, state._hands)), tuple(map(tuple, state.bag.stacks)),
                tuple(state.bag.bonus), state.bag.rng.getstate())


def _hide(state: State) -> None:
    """PROVISIONAL: put what the player on turn may not know in canonical order."""
    _deal_unknown(state, list.sort)
    state.bag.rng = random.Random(0)
    state.bag._forced = state.bag._forced_bonus = None  # a replayed record's tiles to come
    state.seed = None


def _deal_unknown(state: State, order) -> None:
    """PROVISIONAL: reorder every stack and redeal the other players' hands,
    ``order`` (sort or shuffle) deciding the order of the unseen tiles."""
    bag = state.bag
    player = state.current_player
    others = [p for p in range(len(state.players)) if p != player] if state._hands_dealt else []
    if others:
        pool = [tile.id for p in others for tile in state._hands[p]] + bag.stacks[-1]
        order(pool)
        for p in others:
            size = len(state._hands[p])
            state._hands[p] = [state.rules.tiles[t] for t in pool[:size]]
            del pool[:size]
        bag.stacks[-1] = pool
    for stack in bag.stacks:
        order(stack)
    order(bag.bonus)


def determinise(state: State, rng: random.Random) -> State:
    """A copy of ``state`` with everything the player on turn cannot know
    dealt afresh at random: for tests of what agents may see."""
    sampled = copy_state(state)
    _deal_unknown(sampled, rng.shuffle)
    sampled.bag.rng = random.Random(rng.getrandbits(64))
    return sampled
