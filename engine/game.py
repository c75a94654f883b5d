"""A game in progress: the state of one game, from its first tile to its outcome.

:class:`Game` holds everything that changes as a game is played (the map, the
features, the figures, scores, the bag, the hands, whose turn it is, the
River's course); its :class:`~engine.rules.RuleSet` holds what does not (the
tiles, the options, the hooks of one game), shared by every game with the
same options. Drawing a tile is the only chance: the bag deals from a seed, or
follows a record being replayed, so that the actions alone rebuild a game.

Moves come in two ways, as in python-chess: :meth:`Game.play` checks every rule
and says which one a move breaks; :meth:`Game.apply` trusts its caller (a search
that only plays moves it was given). :meth:`Game.copy` is cheap, so a search
can play on copies without touching the original.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import placing, turn_cycle
from .actions import Action, Discard, Entry, Place, Remove, Skip
from .bag import Bag
from .board import Board, Placement
from .chance import DrawScript, Setup, commitment, new_seed
from .errors import EngineError, IllegalMoveError, Reason
from .events import (
    BonusTileEarned,
    Event,
    GameOver,
    PlayerRemoved,
    TilePlaced,
    TurnSkipped,
)
from .features import Feature, FeatureGraph
from .figures import (
    BIG,
    BUILDER,
    FOLLOWERS,
    HUT,
    MEEPLE,
    PIG,
    Figure,
    FigureKind,
    FigureOption,
    Supply,
)
from .geometry import PORT_INDEX, ROTATIONS
from .hands import Hands
from .options import MIN_PLAYERS, Options
from .record import Record, read_record, record_of, replay_entry, replay_plan
from .rules import RuleSet, rules_for
from .rules.river import RiverCourse
from .scoring import majority, score_closed, to_supply
from .tiles import CLOISTER, LAKE, OPEN_AREA_KINDS, RIVER, TRADE_GOODS, OrientedTile, TileType
from .view import PlayerView


@dataclass(frozen=True)
class Outcome:
    """The end of a game: final scores and the winner(s) (a tie is a shared win, D-3)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass
class TurnResult:
    """What one call of :meth:`Game.play` caused, for the bot to announce."""

    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True)
class FeatureInfo:
    """Who owns what: one feature of the map (:meth:`Game.feature_at`).

    ``id`` is stable within one position (every segment of the feature gives the
    same), not across moves (joined features take one id). ``owners`` are the
    players with the most followers on it, empty if none; ``huts`` the huts on
    its river system (Hunters and Gatherers).
    """

    id: int
    kind: str
    closed: bool
    figures: tuple[Figure, ...]
    owners: tuple[int, ...]
    huts: tuple[Figure, ...] = ()


class Game:
    """The state of one game of Carcassonne (or a sibling game)."""

    __slots__ = (
        "rules", "options", "players", "_seed", "commitment", "board", "graph", "water",
        "scores", "left", "goods", "figures", "events", "history", "after_turn",
        "bag", "hands", "active", "current_player", "tile",
        "is_bonus_turn", "_outcome", "river", "cloisters_near", "last_placed",
        "_start_rotation", "seals_setup",
    )

    def __init__(self, players: Sequence[str], options: Options | None = None, *,
                 seed: int | None = None, start_rotation: int = 0) -> None:
        """A new game; without a seed, an unguessable one is chosen (:func:`new_seed`)."""
        if seed is None:
            seed = new_seed()
        self._setup(rules_for(options or Options()), players, seed, start_rotation,
                    random.Random(seed))

    @classmethod
    def for_replay(cls, record: Record, *, seed: int | None = None) -> Game:
        """The game of a record (read by :func:`~engine.record.read_record`) before its
        first entry: its tiles dealt from ``seed`` (or the record's own), every tile
        the record shows checked against it; or without a seed, the tiles the record
        shows. Play the entries in with :func:`~engine.record.replay_entry` (as
        :meth:`from_record` does), or leave it waiting at the start."""
        plan = replay_plan(record, seed)
        game: Game = cls.__new__(cls)
        try:
            game._setup(plan.rules, record.players, plan.seed, record.start_rotation,
                        random.Random(plan.seed if plan.seed is not None else 0),
                        script=plan.script, follow_seed=plan.seed is not None,
                        hand_size=1 if plan.hands_unknown else None,
                        commitment_=record.commitment, seals_setup=record.version >= 3)
        except EngineError as error:
            raise error.at_turn(error.turn if error.turn is not None else 0) from None
        return game

    def _setup(self, rules: RuleSet, players: Sequence[str], seed: int | None,
               start_rotation: int, rng: random.Random, *, script: DrawScript | None = None,
               follow_seed: bool = True, hand_size: int | None = None,
               commitment_: str | None = None, seals_setup: bool = True) -> None:
        most = rules.options.max_players
        if not MIN_PLAYERS <= len(players) <= most:
            raise IllegalMoveError(f"a game needs {MIN_PLAYERS} to {most} players, "
                                   f"not {len(players)}", rules.rule_players, Reason.PLAYER_COUNT,
                                   players=len(players))
        if start_rotation not in ROTATIONS:
            raise IllegalMoveError(
                f"start rotation must be 0, 90, 180 or 270, not {start_rotation!r}",
                rules.rule_rotation, Reason.BAD_ROTATION, rotation=start_rotation)
        self.rules = rules
        self.options = rules.options
        self.players: tuple[str, ...] = tuple(players)
        self._seed = seed
        self._start_rotation = start_rotation
        #: Whether the commitment binds the setup with the seed (a new game, a record
        #: of version 3), or the seed alone (records of version 1 and 2).
        self.seals_setup = seals_setup
        #: The commitment to the seed (:func:`~engine.chance.commitment`), published at
        #: the start (None for a record replayed without a seed, unless it carries one).
        self.commitment = commitment(seed, self.setup if seals_setup else None) \
            if seed is not None else commitment_
        self.board = Board()
        self.graph = FeatureGraph()
        #: River systems (rivers joined through lakes), for huts; only games with huts.
        self.water: FeatureGraph | None = FeatureGraph() if rules.huts else None
        count = len(players)
        self.scores: list[int] = [0] * count
        #: Figures in supply, per kind the game has, per player (see :meth:`supply`).
        self.left: dict[FigureKind, list[int]] = {
            kind: [number] * count for kind, number in rules.supply.items()}
        #: Trade goods taken, per player: wine, grain, cloth (TB-10).
        self.goods: list[list[int]] = [[0] * len(TRADE_GOODS) for _ in players]
        self.figures: list[Figure] = []
        self.events: list[Event] = []
        #: Every entry so far, in order: a record's ``turns``.
        self.history: list[Entry] = []
        #: Scores right after each entry.
        self.after_turn: list[tuple[int, ...]] = []
        self.bag = Bag(rules, rng, script=script, follow_seed=follow_seed)
        #: What each player holds (H-1, D-8; with the River, dealt after the lake).
        self.hands = Hands(count, rules.options.hand if hand_size is None else hand_size)
        #: False for players removed from the game (their turns are passed over).
        self.active: list[bool] = [True] * count
        self.current_player: int | None = 0
        self.tile: TileType | None = None
        self.is_bonus_turn = False
        self._outcome: Outcome | None = None
        self.river: RiverCourse | None = getattr(rules, "new_course", lambda: None)()
        #: Cloisters by the positions whose tile could complete them (its own and
        #: the 8 around): ``(x, y, node)`` each (Carcassonne, B-25).
        self.cloisters_near: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}
        start = rules.tiles[rules.start]
        self.last_placed = placing.lay(self, start.orientations[start_rotation // 90], 0, 0,
                                       turn=-1, player=None)
        turn_cycle.begin_turn(self)

    # ------------------------------------------------------------------
    # Constructors

    @classmethod
    def new(cls, players: Sequence[str], options: Options | None = None,
            seed: int | None = None) -> Game:
        """A new game; the same seed and moves always give the same game. Without a
        seed, an unguessable one is chosen (see :attr:`commitment`)."""
        return cls(players, options, seed=seed)

    @classmethod
    def from_record(cls, record: Any, *, seed: int | None = None) -> Game:
        """Replay a game record (dict, or JSON text or bytes); see :mod:`engine.record`.
        ``seed`` (or the record's own) deals what comes after the record. Every
        entry is checked; an error names the turn it belongs to."""
        checked = read_record(record)
        game = cls.for_replay(checked, seed=seed)
        for index, entry in enumerate(checked.entries):
            replay_entry(game, index, entry)
        if checked.finished:
            game.end()
        return game

    def to_record(self, *, include_seed: bool = True) -> dict:
        """This game as a record (``docs/game-record.md``, version 3).

        ``include_seed`` writes the seed, if the game has one: it tells the order
        of the tiles still to come, so leave it out of anything players see
        while the game runs (the commitment is always written).
        """
        return record_of(self, include_seed=include_seed)

    def copy(self) -> Game:
        """An independent copy of this position, cheap enough for a search to make
        thousands: what never changes once made (placed tiles, figures, features
        until one side changes them) is shared."""
        twin: Game = Game.__new__(Game)
        twin.rules = self.rules
        twin.options = self.options
        twin.players = self.players
        twin._seed = self._seed
        twin._start_rotation = self._start_rotation
        twin.seals_setup = self.seals_setup
        twin.commitment = self.commitment
        twin.board = self.board.copy()
        twin.graph = self.graph.copy()
        twin.water = None if self.water is None else self.water.copy()
        twin.scores = self.scores.copy()
        twin.left = {kind: counts.copy() for kind, counts in self.left.items()}
        twin.goods = [held.copy() for held in self.goods]
        twin.figures = self.figures.copy()
        twin.events = self.events.copy()
        twin.history = self.history.copy()
        twin.after_turn = self.after_turn.copy()
        twin.bag = self.bag.copy()
        twin.hands = self.hands.copy()
        twin.active = self.active.copy()
        twin.current_player = self.current_player
        twin.tile = self.tile
        twin.is_bonus_turn = self.is_bonus_turn
        twin._outcome = self._outcome
        twin.river = self.river
        twin.cloisters_near = self.cloisters_near.copy()
        twin.last_placed = self.last_placed
        return twin

    def view(self, player: int | None = None) -> PlayerView:
        """What ``player`` (default: the player on turn) may know, and a way to
        sample what they do not: see :class:`engine.view.PlayerView`."""
        if player is None:
            player = self.current_player
            if player is None:
                raise IllegalMoveError("the game is over: there is no player on turn",
                                       self.rules.rule_over, Reason.GAME_OVER)
        return PlayerView.of(self, player)

    # ------------------------------------------------------------------
    # The position

    @property
    def setup(self) -> Setup:
        """What was fixed when the game started, which its commitment binds."""
        return Setup(self.options.game.value, self.options.to_dict(), self.players,
                     self.rules.start, self._start_rotation)

    @property
    def seed(self) -> int | None:
        """The seed the tiles are dealt from (None for a record replayed without
        one). It tells the future: keep it from the players until the game is over."""
        return self._seed

    @property
    def turn(self) -> int:
        """Number of record entries so far (placements, discards, skips, removals)."""
        return len(self.history)

    @property
    def hand(self) -> tuple[TileType, ...]:
        """The tiles the player on turn may choose from."""
        if self.tile is None:
            return ()
        if self._bonus_tile_apart() or not self.hands.dealt:
            return (self.tile,)
        assert self.current_player is not None
        return tuple(self.hands.of(self.current_player))

    def _bonus_tile_apart(self) -> bool:
        """Whether the tile to play is a bonus tile from a stack of its own (Hunters
        and Gatherers), not one of the bag or the hand (a builder's double turn)."""
        return self.is_bonus_turn and not self.rules.double_turns

    def hand_of(self, player: int) -> tuple[TileType, ...]:
        """The tiles ``player`` holds (their hand, or the tile to play if on turn)."""
        if player == self.current_player:
            return self.hand
        return tuple(self.hands.of(player)) if self.hands.dealt else ()

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def player_on_turn(self) -> int:
        """The player on turn, while the game runs (:attr:`current_player`);
        IllegalMoveError once it is over."""
        player = self.current_player
        if player is None:
            raise IllegalMoveError("the game is over", self.rules.rule_over, Reason.GAME_OVER)
        return player

    def outcome(self) -> Outcome | None:
        return self._outcome

    def supply(self, player: int) -> Supply:
        left = self.left
        return Supply(*(left[kind][player] if kind in left else 0
                        for kind in (MEEPLE, HUT, BIG, BUILDER, PIG)))

    def remaining(self) -> dict[str, int]:
        """Tiles still to be drawn from the land piles (hands not included), by id."""
        return self.bag.remaining()

    def remaining_bonus(self) -> dict[str, int]:
        return self.bag.remaining_bonus()

    def tiles_left(self) -> int:
        return len(self.bag)

    def node_of(self, figure: Figure) -> int:
        """The graph node of the segment a figure stands on."""
        return self.board.tiles[(figure.x, figure.y)].node + figure.segment

    def river_systems(self) -> FeatureGraph:
        """The graph of the rivers and lakes, which huts claim (games with huts only)."""
        water = self.water
        if water is None:
            raise EngineError("this game has no huts, so no river systems")
        return water

    def graph_of(self, figure: Figure) -> FeatureGraph:
        """The graph a figure stands in: for a hut the river systems, else the features."""
        return self.river_systems() if figure.figure == HUT else self.graph

    def feature_of(self, figure: Figure) -> Feature:
        """The feature a figure stands on (for a hut, its river system)."""
        return self.graph_of(figure).feature(self.node_of(figure))

    def feature_at(self, x: int, y: int, segment: int) -> FeatureInfo:
        """The feature segment ``segment`` of the tile at (x, y) belongs to, and who owns it."""
        placed = self.board.tiles.get((x, y))
        if placed is None or not 0 <= segment < len(placed.tile.segments):
            raise IllegalMoveError(f"there is no segment {segment} of a tile at ({x}, {y})")
        node = placed.node + segment
        root = self.graph.find(node)
        feature = self.graph.features[root]
        assert feature is not None
        if feature.kind == CLOISTER:
            closed = self.board.neighbours8(x, y) == 8
        else:
            closed = feature.kind not in OPEN_AREA_KINDS and feature.kind != LAKE \
                and feature.open_edges == 0
        huts: tuple[Figure, ...] = ()
        if self.water is not None and feature.kind in (RIVER, LAKE):
            huts = tuple(self.water.feature(node).huts)
        return FeatureInfo(root, feature.kind, closed, tuple(feature.figures),
                           majority(feature.figures), huts)

    # ------------------------------------------------------------------
    # Legal moves

    def _tile_arg(self, tile: TileType | str | None) -> TileType:
        if tile is None:
            if self.tile is None:
                raise IllegalMoveError("the game is over", self.rules.rule_over, Reason.GAME_OVER)
            return self.tile
        if isinstance(tile, str):
            try:
                return self.rules.tiles[tile]
            except KeyError:
                raise IllegalMoveError(f"unknown tile {tile!r}", self.rules.rule_bag,
                                       Reason.UNKNOWN_TILE, tile=tile) from None
        return tile

    def legal_placements(self, tile: TileType | str | None = None) -> Iterator[Placement]:
        """Every legal placement of ``tile`` (default: the tile to play), lazily."""
        tile = self._tile_arg(tile)
        if self.rules.restricts(tile):
            problem = self.rules.placement_problem
            return (p for p in self.board.placements(tile) if problem(self, tile, p) is None)
        return self.board.placements(tile)

    def placement_groups(self, tile: TileType | str | None = None
                         ) -> list[tuple[int, int, tuple[int, ...]]]:
        """Legal placements grouped by position: ``(x, y, rotations)``. Cheaper
        than :meth:`legal_placements` when only counting or picking one."""
        tile = self._tile_arg(tile)
        if self.rules.restricts(tile):
            groups: dict[tuple[int, int], list[int]] = {}
            for x, y, rotation in self.legal_placements(tile):
                groups.setdefault((x, y), []).append(rotation)
            return [(x, y, tuple(rotations)) for (x, y), rotations in groups.items()]
        fits = tile.fits
        return [(x, y, rotations)
                for constraint, positions in self.board.by_constraint.items()
                if (rotations := fits[constraint])
                for x, y in positions]

    def is_legal_placement(self, placement: Placement,
                           tile: TileType | str | None = None) -> bool:
        """Cheap check of one placement: no listing of the others."""
        return self.placement_problem(placement, tile) is None

    def placement_problem(self, placement: Placement,
                          tile: TileType | str | None = None) -> IllegalMoveError | None:
        """Why ``placement`` is illegal for ``tile``, or None when it is legal."""
        return placing.placement_problem(self, self._tile_arg(tile), Placement(*placement))

    def legal_figures(self, placement: Placement,
                      tile: TileType | str | None = None) -> list[FigureOption]:
        """Every figure the player on turn may add to ``tile`` placed at ``placement``.

        One option per feature of the tile and kind of figure, always in the
        same order (followers first, then by kind, then clockwise from north:
        see :attr:`OrientedTile.reading_order`); empty when the placement itself
        is illegal.
        """
        tile = self._tile_arg(tile)
        placement = Placement(*placement)
        if placing.placement_problem(self, tile, placement) is not None:
            return []
        return placing.figure_options(self, tile, placement)

    def legal_actions(self, tile: TileType | str | None = None) -> Iterator[Place]:
        """Every legal :class:`Place` for ``tile`` (default: each tile in hand):
        each placement without a figure, then with each figure it allows."""
        for candidate in (self.hand if tile is None else (self._tile_arg(tile),)):
            for placement in self.legal_placements(candidate):
                yield Place(candidate.id, *placement)
                for option in placing.figure_options(self, candidate, placement):
                    yield Place(candidate.id, *placement, option.figure, option.port)

    # ------------------------------------------------------------------
    # Playing

    def play(self, action: Action) -> TurnResult:
        """Check ``action`` against every rule and apply it; nothing changes if it
        is illegal (:class:`IllegalMoveError` says which rule it breaks)."""
        if isinstance(action, Place):
            tile = self._check_place(action)
            oriented = tile.orientations[action.rotation // 90]
            segment = -1
            if action.figure is not None:
                problem = placing.figure_problem(self, tile, action)
                if problem is not None:
                    raise problem
                assert action.port is not None, "figure_problem refuses a figure without a port"
                segment = oriented.point_segment[PORT_INDEX[action.port]]
            first = len(self.events)
            self._place(tile, oriented, action, segment)
            return TurnResult(self.events[first:])
        if isinstance(action, Skip):
            if self.tile is not None and action.tile not in {t.id for t in self.hand}:
                raise self._not_in_hand(action.tile)
            return self.skip_turn()
        if isinstance(action, Remove):
            return self.remove_player(action.player)
        if isinstance(action, Discard):
            self._require_turn()
            tile = self._tile_in_hand(action.tile)
            raise IllegalMoveError(f"tile {tile.id} can be placed, so it may not be discarded",
                                   self.rules.rule_discard, Reason.MAY_NOT_DISCARD, tile=tile.id)
        raise TypeError(f"not an action: {action!r}")

    def apply(self, action: Action) -> TurnResult:
        """Apply an action known to be legal (one :meth:`legal_actions` gave),
        without checking it: for searches. An illegal one corrupts the game."""
        if isinstance(action, Place):
            tile = self.rules.tiles[action.tile]
            oriented = tile.orientations[action.rotation // 90]
            if action.figure is None:
                segment = -1
            else:
                assert action.port is not None, "a legal figure stands on a port"
                segment = oriented.point_segment[PORT_INDEX[action.port]]
            first = len(self.events)
            self._place(tile, oriented, action, segment)
            return TurnResult(self.events[first:])
        return self.play(action)

    def _require_turn(self) -> None:
        if self.tile is None or self.current_player is None:
            raise IllegalMoveError("the game is over", self.rules.rule_over, Reason.GAME_OVER)

    def _check_place(self, place: Place) -> TileType:
        """The tile ``place`` puts down, once its placement is legal."""
        self._require_turn()
        tile = self._tile_in_hand(place.tile)
        problem = placing.placement_problem(self, tile, place.placement)
        if problem is not None:
            raise problem
        return tile

    def _tile_in_hand(self, tile_id: str) -> TileType:
        for tile in self.hand:
            if tile.id == tile_id:
                return tile
        raise self._not_in_hand(tile_id)

    def _not_in_hand(self, tile_id: str) -> IllegalMoveError:
        if self.is_bonus_turn:
            assert self.tile is not None, "a bonus turn has its bonus tile"
            bonus = self.tile.id
            return IllegalMoveError(f"tile {tile_id} is not the bonus tile to place now ({bonus})",
                                    self.rules.rule_bonus, Reason.NOT_THE_BONUS_TILE,
                                    tile=tile_id, bonus_tile=bonus)
        names = tuple(t.id for t in self.hand)
        return IllegalMoveError(f"tile {tile_id} is not the tile to play now ({', '.join(names)})",
                                self.rules.rule_turn, Reason.NOT_IN_HAND, tile=tile_id,
                                hand=names)

    def _place(self, tile: TileType, oriented: OrientedTile, place: Place,
               segment: int) -> None:
        """Lay the tile, stand the figure, score, record, and move on."""
        player = self.current_player
        assert player is not None
        turn = len(self.history)
        bonus = self.is_bonus_turn
        hand = self._hand_ids()
        x, y = place.x, place.y
        placed = placing.lay(self, oriented, x, y, turn=turn, player=player)
        self.last_placed = placed
        double = not bonus and self.rules.earns_double_turn(self, placed)  # TB-17, TB-18, TB-22
        in_hand = self.hands.dealt and not self._bonus_tile_apart()
        if in_hand:
            self.hands.remove(player, tile)
        standing = None
        if place.figure is not None:
            standing = placing.stand(self, placed, place.figure, segment, player)
            if standing.port != place.port:  # the record names a feature by its canonical port
                place = Place(tile.id, x, y, place.rotation, place.figure, standing.port)
        self.events.append(TilePlaced(turn, player, tile.id, x, y, place.rotation, standing,
                                      bonus))
        closed = score_closed(self, placed, turn, player)
        self.add_entry(Entry(place, player, bonus, hand))
        bonus_tile = self.rules.after_closing(self, placed, closed, bonus)
        # A replay at the record's end: a bonus tile was earned, but which is unknown.
        bonus_unknown = self.bag.awaiting
        self.tile = None
        self.is_bonus_turn = False
        if in_hand:
            turn_cycle.refill(self, player)  # D-8: draw at the end of the turn (part, TB-O4)
        if double and turn_cycle.offer_double_turn(self):
            return
        if bonus_tile is not None:
            self.events.append(BonusTileEarned(turn, player, bonus_tile))
            if turn_cycle.offer_bonus(self, bonus_tile):
                return
        if self.bag.awaiting:
            # A replay has reached the record's end. With hands, the refill above hit it:
            # the turn has passed all the same (only the tile drawn is unknown), so the
            # next player is on turn, as in the game the record was taken from.
            if self.hands.dealt and not bonus and not bonus_unknown:
                turn_cycle.next_player(self)
            return
        turn_cycle.next_player(self)
        turn_cycle.begin_turn(self)

    def _hand_ids(self) -> tuple[str, ...]:
        """The hand to write in the entry about to be made (games with hands)."""
        if self.hands.size == 1:
            return ()
        return tuple(tile.id for tile in self.hand)

    def add_entry(self, entry: Entry) -> None:
        """Write ``entry`` into the history, with the scores after it."""
        self.history.append(entry)
        self.after_turn.append(tuple(self.scores))

    # ------------------------------------------------------------------
    # Absent players (the bot's deadlines; record entries "skipped", "removed")

    def skip_turn(self) -> TurnResult:
        """The player on turn misses it: the tile goes back into the bag at a
        random place (a hand is kept), and the next player draws."""
        self._require_turn()
        if self.is_bonus_turn:
            raise IllegalMoveError("a bonus tile cannot be skipped",
                                   self.rules.rule_bonus_not_skipped,
                                   Reason.BONUS_TILE_NOT_SKIPPED)
        first = len(self.events)
        player, tile = self.current_player, self.tile
        assert player is not None and tile is not None
        hand = self._hand_ids()
        if not self.hands.dealt:
            self.bag.put_back(tile.id)
        self.events.append(TurnSkipped(len(self.history), player, tile.id))
        self.add_entry(Entry(Skip(tile.id), player, hand=hand))
        self.tile = None
        turn_cycle.next_player(self)
        turn_cycle.begin_turn(self)
        return TurnResult(self.events[first:])

    def remove_player(self, player: int) -> TurnResult:
        """Take a player out: their figures leave the map (scores stand) and their
        tiles go back into the bag. With one player left the game ends."""
        if self.is_over:
            raise IllegalMoveError("the game is over", self.rules.rule_over, Reason.GAME_OVER)
        if not 0 <= player < len(self.players) or not self.active[player]:
            raise IllegalMoveError(f"player {player} is not in the game", None,
                                   Reason.NOT_IN_GAME, player=player)
        first = len(self.events)
        on_turn = player == self.current_player
        leaving = [figure for figure in self.figures if figure.player == player]
        for figure in leaving:
            feature = self.graph_of(figure).writable(self.node_of(figure))
            if figure.figure == HUT:
                feature.huts = tuple(f for f in feature.huts if f is not figure)
            elif figure.figure in FOLLOWERS:
                feature.figures = tuple(f for f in feature.figures if f is not figure)
            else:
                feature.others = tuple(f for f in feature.others if f is not figure)
        returned = to_supply(self, leaving)
        self.active[player] = False
        if on_turn and self.tile is not None and not self._bonus_tile_apart() \
                and not self.hands.dealt:
            self.bag.put_back(self.tile.id)
        for tile in self.hands.empty(player):
            self.bag.put_back(tile.id)
        self.events.append(PlayerRemoved(len(self.history), player, returned))
        self.add_entry(Entry(Remove(player), player))
        if sum(self.active) < 2:
            self.end()
        elif on_turn:
            self.tile = None
            self.is_bonus_turn = False
            turn_cycle.next_player(self)
            turn_cycle.begin_turn(self)
        return TurnResult(self.events[first:])

    def end(self) -> Outcome:
        """End the game now (abandoned, a record marked finished, or no tile left to
        play): final scoring (B-38 to B-41, HG-49 to HG-58). Once over, the outcome."""
        if self._outcome is not None:
            return self._outcome
        self.tile = None
        self.current_player = None
        self.rules.final_scoring(self)
        best = max(s for s, active in zip(self.scores, self.active) if active)
        winners = tuple(i for i, score in enumerate(self.scores)
                        if score == best and self.active[i])
        outcome = self._outcome = Outcome(tuple(self.scores), winners)
        self.events.append(GameOver(len(self.history), None, tuple(self.scores), winners))
        return outcome

    # ------------------------------------------------------------------
    # Drawing (the rest of the turn cycle is engine/turn_cycle.py)

    def draw_bonus(self) -> str | None:
        """Take the next bonus tile for the player on turn, or None if none is left."""
        return self.bag.draw_bonus(self.player_on_turn, len(self.history))

    def give_turn(self, player: int) -> None:
        """Hand the turn to ``player``: only for a version 1 record of a game with
        hands replayed without its seed, whose turn order only the record knows."""
        self.current_player = player

    def forget_seed(self) -> None:
        """Drop the seed (a copy for a player, who may not know the future)."""
        self._seed = None

