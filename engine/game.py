"""A game in progress: players, bag, map, figures, scores, and the turn cycle.

:class:`Game` is what every game on this engine shares. Drawing a tile is an
action of chance taken from a seeded generator, or from a record's list of
tiles when a record is replayed, so that the moves alone rebuild a game.
What differs between games (tiles, where figures stand, what features are
worth) is asked of the :class:`~engine.rules.RuleSet`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from .bag import Bag
from .board import Board, PlacedTile, Placement
from .errors import IllegalMoveError
from .events import (
    BonusTileEarned,
    Event,
    FeatureScored,
    FiguresReturned,
    GameOver,
    PlayerRemoved,
    TileDiscarded,
    TilePlaced,
    TurnSkipped,
)
from .features import Feature, FeatureGraph
from .figures import HUT, MEEPLE, ROLES, Figure, FigureOption, Supply
from .game_support import majority
from .geometry import DIRECTION_WORDS, OFFSETS, ROTATIONS, opposite_point, parse_port
from .options import Options
from .rules import RuleSet, rules_for
from .tiles import CLOISTER, CLOSABLE_KINDS, LAKE, LINEAR_KINDS, RIVER, TileType

_OPPOSITE = tuple(opposite_point(p) for p in range(12))


@dataclass(frozen=True)
class Move:
    """One turn: which tile goes where, and an optional figure on it.

    ``meeple`` and ``hut`` are port names of the placed tile (``"N"``,
    ``"NNE"``, ``"C"``); at most one of them is given (B-14, HG-16).
    """

    tile: str
    x: int
    y: int
    rotation: int
    meeple: str | None = None
    hut: str | None = None

    @property
    def placement(self) -> Placement:
        return Placement(self.x, self.y, self.rotation)

    def __str__(self) -> str:
        """``"V 1,0,90"``, ``"E 0,-1,180 meeple S"``; :meth:`parse` reads it back."""
        figure = f" meeple {self.meeple}" if self.meeple else f" hut {self.hut}" if self.hut else ""
        return f"{self.tile} {self.placement.text()}{figure}"

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.split()
        if len(words) not in (2, 4) or (len(words) == 4 and words[2] not in (MEEPLE, HUT)):
            raise ValueError(f"{text!r} is not a move: write TILE x,y,rotation [meeple|hut PORT]")
        x, y, rotation = Placement.parse(words[1])
        figure = {words[2]: words[3]} if len(words) == 4 else {}
        return cls(words[0], x, y, rotation, **figure)


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
class FeatureView:
    """One feature as it stands (PROVISIONAL: the engine's own comes with issue 12).

    ``id`` is the same for every segment of the feature within one state;
    ``owners`` are the players with the most figures on it (empty if none)."""

    id: int
    kind: str
    is_closed: bool
    figures: tuple[Figure, ...]
    owners: tuple[int, ...]

    @property
    def closed(self) -> bool:
        return self.is_closed


class Game:
    """A game of Carcassonne (or a sibling game) from its first tile to its outcome."""

    def __init__(self, players: Sequence[str], options: Options | None = None, *,
                 seed: int | None = 0, start_rotation: int = 0,
                 forced: Iterable[str] | None = None,
                 forced_bonus: Iterable[str] | None = None) -> None:
        options = options or Options()
        if not 2 <= len(players) <= 5:
            raise IllegalMoveError(f"a game needs 2 to 5 players, not {len(players)}", "B-1")
        self.players: tuple[str, ...] = tuple(players)
        self.options = options
        self.rules: RuleSet = rules_for(options)
        self.seed = seed
        self._hand_size = options.hand if forced is None else 1
        #: Whether players hold hands of tiles now (H-1, D-8; with the River, after the lake).
        self._hands_dealt = False

        self.board = Board()
        self.graph = FeatureGraph()
        #: River systems (rivers joined through lakes), for huts; only games with huts.
        self.water: FeatureGraph | None = FeatureGraph() if self.rules.huts else None
        count = len(players)
        self.scores: list[int] = [0] * count
        self._meeples = [self.rules.meeples] * count
        self._huts = [self.rules.huts] * count
        self.figures: list[Figure] = []
        self.events: list[Event] = []
        #: Record turn entries, in order (see ``shared/spec/game-record.md``).
        self.history: list[dict] = []
        #: The player whose turn each history entry was.
        self.turn_players: list[int] = []
        self.after_turn: list[tuple[int, ...]] = []
        self.bag = Bag(self.rules, random.Random(seed), forced=forced, forced_bonus=forced_bonus)
        self._hands: list[list[TileType]] = [[] for _ in players]
        #: False for players removed from the game (their turns are passed over).
        self.active: list[bool] = [True] * count
        self.current_player: int | None = 0
        self.tile: TileType | None = None
        self.is_bonus_turn = False
        self._outcome: Outcome | None = None
        self._cloisters: set[tuple[int, int]] = set()

        if start_rotation not in ROTATIONS:
            raise IllegalMoveError(
                f"start rotation must be 0, 90, 180 or 270, not {start_rotation!r}", "D-1")
        start = self.rules.tiles[self.rules.start_tile()]
        self.last_placed = self._put(start.orientations[start_rotation // 90], 0, 0, turn=-1,
                                     player=None)
        self._begin_turn()

    # ------------------------------------------------------------------
    # Constructors

    @classmethod
    def new(cls, players: Sequence[str], options: Options | None = None,
            seed: int | None = 0) -> Game:
        """A new game; the same seed and moves always give the same game."""
        return cls(players, options, seed=seed)

    @classmethod
    def from_record(cls, record, *, seed: int | None = None) -> Game:
        """Replay a game record (dict or JSON text); see :mod:`engine.record`."""
        from .record import game_from_record

        return game_from_record(record, seed=seed)

    def to_record(self, *, include_seed: bool = True) -> dict:
        """This game as a record (``shared/spec/game-record.md``).

        The seed is written when the game drew its own tiles, so that a hand
        of tiles, which the moves alone do not show, can be rebuilt. Leave it
        out of anything players see while the game runs: it tells the future.
        """
        from .record import record_of

        return record_of(self, include_seed=include_seed)

    # ------------------------------------------------------------------
    # The position

    @property
    def turn(self) -> int:
        """Number of record entries so far (placements and discards)."""
        return len(self.history)

    @property
    def is_seeded(self) -> bool:
        """Whether the game draws its own tiles (not a record's list)."""
        return self.bag.is_seeded

    @property
    def hand(self) -> tuple[TileType, ...]:
        """The tiles the player on turn may choose from."""
        if self.tile is None:
            return ()
        if self.is_bonus_turn or not self._hands_dealt:
            return (self.tile,)
        return tuple(self._hands[self.current_player])  # type: ignore[index]

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def supply(self, player: int) -> Supply:
        return Supply(self._meeples[player], self._huts[player])

    def remaining(self) -> dict[str, int]:
        """Tiles still to be drawn from the land stacks (hands not included), by id."""
        return self.bag.remaining()

    def remaining_bonus(self) -> dict[str, int]:
        return self.bag.remaining_bonus()

    def tiles_left(self) -> int:
        return len(self.bag)

    # ------------------------------------------------------------------
    # Legal moves

    def _tile_arg(self, tile: TileType | str | None) -> TileType:
        if tile is None:
            if self.tile is None:
                raise IllegalMoveError("the game is over")
            return self.tile
        if isinstance(tile, str):
            try:
                return self.rules.tiles[tile]
            except KeyError:
                raise IllegalMoveError(f"unknown tile {tile!r}") from None
        return tile

    def legal_placements(self, tile: TileType | str | None = None) -> Iterator[Placement]:
        """Every legal placement of ``tile`` (default: the tile to play), lazily."""
        tile = self._tile_arg(tile)
        if self.rules.restricts(tile):
            for placement in self.board.placements(tile):
                if self.rules.placement_problem(self, tile, placement) is None:
                    yield placement
        else:
            yield from self.board.placements(tile)

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
        fitting = tile.fitting_rotations
        return [(x, y, rotations)
                for constraint, positions in self.board.by_constraint.items()
                if (rotations := fitting(constraint))
                for x, y in positions]

    def is_legal_placement(self, placement: Placement,
                           tile: TileType | str | None = None) -> bool:
        """Cheap check of one placement: no listing of the others."""
        return self.placement_problem(placement, tile) is None

    def placement_problem(self, placement: Placement,
                          tile: TileType | str | None = None) -> IllegalMoveError | None:
        """Why ``placement`` is illegal for ``tile``, or None when it is legal."""
        tile = self._tile_arg(tile)
        x, y, rotation = placement
        if rotation not in ROTATIONS:
            return IllegalMoveError(f"rotation must be 0, 90, 180 or 270, not {rotation!r}", "D-1")
        if not self.board.fits(tile, placement):
            return self._explain_misfit(tile, placement)
        if self.rules.restricts(tile):
            return self.rules.placement_problem(self, tile, placement)
        return None

    def _explain_misfit(self, tile: TileType, placement: Placement) -> IllegalMoveError:
        x, y = placement.x, placement.y
        where = f"tile {tile.id} at ({x}, {y}) rotation {placement.rotation}"
        if (x, y) in self.board.tiles:
            return IllegalMoveError(f"{where}: that position is taken", self.rules.rule_adjacent)
        constraint = self.board.frontier.get((x, y))
        if constraint is None:
            return IllegalMoveError(f"{where}: it touches no placed tile along an edge",
                                    self.rules.rule_adjacent)
        edges = tile.orientations[placement.quarter_turns].edges
        for direction, (want, have) in enumerate(zip(constraint, edges)):
            if want is not None and want != have:
                return IllegalMoveError(
                    f"{where}: its {DIRECTION_WORDS[direction]} edge ({have}) meets a {want}",
                    self.rules.rule_edges)
        raise AssertionError("a fitting tile was reported as not fitting")

    def legal_figures(self, placement: Placement,
                      tile: TileType | str | None = None) -> list[FigureOption]:
        """Every figure the player may add to ``tile`` placed at ``placement``.

        One option per feature of the tile (named by its canonical port); none
        when the placement itself is illegal.
        """
        tile = self._tile_arg(tile)
        if self.placement_problem(placement, tile) is not None or self.current_player is None:
            return []
        oriented = tile.orientations[placement.quarter_turns]
        options = []
        player = self.current_player
        rules = self.rules
        ports = oriented.port_names
        if self._meeples[player]:
            occupied = self._occupied_after(oriented, placement.x, placement.y)
            for index, segment in enumerate(tile.segments):
                if (not occupied[index] and ports[index] is not None
                        and rules.meeple_problem(self, tile, index) is None):
                    options.append(
                        FigureOption(MEEPLE, ports[index], segment.kind, ROLES[segment.kind]))
        if self._huts[player]:
            hutted = self._huts_after(oriented, placement.x, placement.y)
            for index, segment in enumerate(tile.segments):
                if (not hutted[index] and ports[index] is not None
                        and rules.hut_problem(self, tile, index) is None):
                    options.append(FigureOption(HUT, ports[index], segment.kind, HUT))
        return options

    def _claimed_after(self, graph: FeatureGraph, oriented, x: int, y: int, *,
                       huts: bool = False, links: Iterable[tuple[int, int]] = ()) -> list[bool]:
        """Per segment of ``oriented`` laid at (x, y): would its feature (with
        ``huts``, its river system) already hold a figure (B-16, HG-18, HG-44)?

        Computed without laying the tile: the features each segment would join
        are looked up across its edges, and segments of the new tile that would
        join one another (through a shared neighbour, or ``links``) share the answer.
        """
        features = graph.features
        find = graph.find
        claimed = [False] * len(oriented.type.segments)
        first_segment: dict[int, int] = {}
        pairs = list(links)
        tiles = self.board.tiles
        point_segment = oriented.point_segment
        for direction, (dx, dy) in enumerate(OFFSETS):
            other = tiles.get((x + dx, y + dy))
            if other is None:
                continue
            other_points = other.oriented.point_segment
            node = other.node
            for point in (3 * direction, 3 * direction + 1, 3 * direction + 2):
                segment = point_segment[point]
                root = find(node + other_points[_OPPOSITE[point]])
                feature = features[root]
                if feature is None:  # not water, in the water graph
                    continue
                if feature.huts if huts else feature.figures:
                    claimed[segment] = True
                first = first_segment.setdefault(root, segment)
                if first != segment:
                    pairs.append((first, segment))
        changed = bool(pairs)
        while changed:
            changed = False
            for a, b in pairs:
                if claimed[a] != claimed[b]:
                    claimed[a] = claimed[b] = True
                    changed = True
        return claimed

    def _occupied_after(self, oriented, x: int, y: int) -> list[bool]:
        """Per segment: would its feature hold a follower once the tile lies there (B-16)?"""
        return self._claimed_after(self.graph, oriented, x, y)

    def _huts_after(self, oriented, x: int, y: int) -> list[bool]:
        """Per segment: would its river system hold a hut (HG-44)? Lakes join the
        rivers flowing into them on the tile itself."""
        links = [(i, s.lake) for i, s in enumerate(oriented.type.segments) if s.lake is not None]
        return self._claimed_after(self.water, oriented, x, y, huts=True, links=links)

    # ------------------------------------------------------------------
    # Playing

    def play(self, move: Move) -> TurnResult:
        """Check ``move`` against every rule and apply it; nothing changes if it is illegal."""
        if self.tile is None or self.current_player is None:
            raise IllegalMoveError("the game is over")
        tile = self._tile_in_hand(move.tile)
        placement = Placement(move.x, move.y, move.rotation)
        problem = self.placement_problem(placement, tile)
        if problem is not None:
            raise problem
        oriented = tile.orientations[placement.quarter_turns]
        figure = self._check_figure(move, tile, oriented)
        first_event = len(self.events)
        self._apply(tile, oriented, placement, figure)
        return TurnResult(self.events[first_event:])

    def _tile_in_hand(self, tile_id: str) -> TileType:
        for tile in self.hand:
            if tile.id == tile_id:
                return tile
        if self.is_bonus_turn:
            raise IllegalMoveError(
                f"tile {tile_id} is not the bonus tile to place now ({self.tile.id})",  # type: ignore[union-attr]
                "HG-32")
        names = ", ".join(t.id for t in self.hand)
        raise IllegalMoveError(f"tile {tile_id} is not the tile to play now ({names})", "B-7")

    def _check_figure(self, move: Move, tile: TileType, oriented) -> tuple[str, int] | None:
        if move.meeple is not None and move.hut is not None:
            raise IllegalMoveError("place a follower or a hut, not both", self.rules.rule_port)
        port_name = move.meeple if move.meeple is not None else move.hut
        if port_name is None:
            return None
        figure = MEEPLE if move.meeple is not None else HUT
        try:
            port = parse_port(port_name)
        except ValueError as error:
            raise IllegalMoveError(str(error), self.rules.rule_port) from None
        segment = oriented.point_segment[port]
        where = f"tile {tile.id} at ({move.x}, {move.y}) rotation {move.rotation}"
        if segment < 0:
            raise IllegalMoveError(f"{where}: port {port_name} is on no feature of this tile",
                                   self.rules.rule_port)
        player = self.current_player
        assert player is not None
        kind = tile.segments[segment].kind
        if figure == MEEPLE:
            problem = self.rules.meeple_problem(self, tile, segment)
            if problem is not None:
                raise problem
            if self._occupied_after(oriented, move.x, move.y)[segment]:
                raise IllegalMoveError(
                    f"{where}: the {kind} at {port_name} already holds a figure",
                    self.rules.rule_occupied)
            if not self._meeples[player]:
                raise IllegalMoveError(
                    f"{self.players[player]} has no {self.rules.meeple_name} left in supply",
                    self.rules.rule_supply)
        else:
            problem = self.rules.hut_problem(self, tile, segment)
            if problem is not None:
                raise problem
            if self._huts_after(oriented, move.x, move.y)[segment]:
                raise IllegalMoveError(f"{where}: that river system already has a hut", "HG-44")
            if not self._huts[player]:
                raise IllegalMoveError(f"{self.players[player]} has no hut left in supply",
                                       self.rules.rule_supply)
        return figure, segment

    def _apply(self, tile: TileType, oriented, placement: Placement,
               figure: tuple[str, int] | None) -> None:
        player = self.current_player
        assert player is not None
        turn = len(self.history)
        bonus = self.is_bonus_turn
        x, y = placement.x, placement.y
        placed = self._put(oriented, x, y, turn=turn, player=player)
        self.last_placed = placed
        if not bonus and self._hands_dealt:
            self._hands[player].remove(tile)
        entry: dict = {"tile": tile.id, "x": x, "y": y, "rotation": placement.rotation}
        standing = None
        if figure is not None:
            kind, segment = figure
            standing = self._stand(placed, kind, segment, player)
            entry["meeple" if kind == MEEPLE else "hut"] = standing.port
        if bonus:
            entry["bonus"] = True
        self.events.append(TilePlaced(turn, player, tile.id, x, y, placement.rotation,
                                      standing, bonus))
        closed = self._score_closed(placed, turn, player)
        self._record(entry)
        bonus_tile = self.rules.after_closing(self, placed, closed, bonus)
        self.tile = None
        self.is_bonus_turn = False
        if not bonus and self._hands_dealt:
            self._refill(player)  # D-8: draw at the end of the turn
        if bonus_tile is not None:
            self.events.append(BonusTileEarned(turn, player, bonus_tile))
            if self._offer_bonus(bonus_tile, player):
                return
        self._next_player()
        self._begin_turn()

    def _record(self, entry: dict) -> None:
        if self.options.hand > 1:
            # A player whose hand ran dry is passed over (D-8), so the turn order
            # is not the seating order any more: the record names the player.
            entry["player"] = self.current_player
        self.history.append(entry)
        self.turn_players.append(self.current_player)  # type: ignore[arg-type]
        self.after_turn.append(tuple(self.scores))

    def _put(self, oriented, x: int, y: int, *, turn: int, player: int | None) -> PlacedTile:
        """Lay a tile on the map and join its segments to their neighbours."""
        tile = oriented.type
        graph, water = self.graph, self.water
        node = len(graph.parent)
        segment_edges = oriented.segment_edges
        for index, segment in enumerate(tile.segments):
            kind = segment.kind
            feature = Feature(kind, (x, y),
                              len(segment_edges[index]) if kind in CLOSABLE_KINDS else 0,
                              dict(segment.goods))
            if segment.cities:
                feature.cities = {node + city for city in segment.cities}
            if segment.lake is not None:
                feature.lakes = {node + segment.lake}
            graph.add(feature)
            if water is not None:
                water.add(Feature(kind, (x, y), 0, dict(segment.goods))
                          if kind in (RIVER, LAKE) else None)
            if kind == CLOISTER:
                self._cloisters.add((x, y))
        if water is not None:
            for index, segment in enumerate(tile.segments):
                if segment.lake is not None:
                    water.join(node + index, node + segment.lake)
        placed = PlacedTile(tile, oriented, x, y, turn, player, node)
        tiles = self.board.tiles
        point_segment = oriented.point_segment
        segments = tile.segments
        for direction, (dx, dy) in enumerate(OFFSETS):
            other = tiles.get((x + dx, y + dy))
            if other is None:
                continue
            other_points = other.oriented.point_segment
            middle = 3 * direction + 1
            mine = point_segment[middle]
            kind = segments[mine].kind
            theirs = other.node + other_points[_OPPOSITE[middle]]
            graph.join(node + mine, theirs, kind in CLOSABLE_KINDS)
            if kind in LINEAR_KINDS:
                for half in (middle - 1, middle + 1):
                    graph.join(node + point_segment[half],
                               other.node + other_points[_OPPOSITE[half]])
                if kind == RIVER and water is not None:
                    water.join(node + mine, theirs)
        self.board.add(placed)
        self.rules.on_placed(self, placed)
        return placed

    def _stand(self, placed: PlacedTile, kind: str, segment: int, player: int) -> Figure:
        tile = placed.tile
        feature_kind = tile.segments[segment].kind
        figure = Figure(
            player, kind, HUT if kind == HUT else ROLES[feature_kind], placed.x, placed.y,
            segment, placed.oriented.port_name(segment),
            dolmen=tile.segments[segment].count("dolmen") > 0,
        )
        if kind == HUT:
            self._huts[player] -= 1
            self.water.feature(placed.node + segment).huts.append(figure)  # type: ignore[union-attr]
        else:
            self._meeples[player] -= 1
            self.graph.feature(placed.node + segment).figures.append(figure)
        self.figures.append(figure)
        return figure

    # ------------------------------------------------------------------
    # Scoring

    def _score_closed(self, placed: PlacedTile, turn: int, player: int) -> list[Feature]:
        """Score every feature the new tile closed (B-21 to B-33); return them."""
        closed: list[Feature] = []
        seen: set[int] = set()
        graph = self.graph
        for index, segment in enumerate(placed.tile.segments):
            if segment.kind not in CLOSABLE_KINDS:
                continue
            root = graph.find(placed.node + index)
            if root in seen:
                continue
            seen.add(root)
            feature = graph.features[root]
            if feature.open_edges == 0:  # type: ignore[union-attr]
                closed.append(feature)  # type: ignore[arg-type]
        for feature in closed:
            value = self.rules.closed_value(self, feature)
            if value is not None:
                self.award(feature, *value, turn=turn, player=player, final=False)
        for x, y in self._cloisters_around(placed.x, placed.y):
            cloister = self.board.tiles[(x, y)]
            feature = self.graph.feature(cloister.node + cloister.tile.cloister_segment)
            closed.append(feature)
            self.award(feature, 9, "cloister and its 8 neighbours", turn=turn, player=player,
                       final=False)
        return closed

    def _cloisters_around(self, x: int, y: int) -> list[tuple[int, int]]:
        """Cloisters completed by a tile at (x, y): it or a neighbour, now with 8 around."""
        done = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                position = (x + dx, y + dy)
                if position in self._cloisters and self.board.neighbours8(*position) == 8:
                    done.append(position)
        return done

    def award(self, feature: Feature, points: int, note: str, *, turn: int,
              player: int | None, final: bool, scorers: tuple[int, ...] | None = None,
              figures: list[Figure] | None = None, return_figures: bool = True,
              kind: str | None = None) -> None:
        """Pay ``points`` to the majority of ``feature``'s figures (ties all, B-29/B-30)
        and return them to supply (B-32). A feature without figures pays nobody (B-28)."""
        standing = feature.figures if figures is None else figures
        if scorers is None:
            scorers = majority(standing)
        for scorer in scorers:
            self.scores[scorer] += points
        returned: tuple[tuple[int, int], ...] = ()
        if return_figures and standing:
            returned = self.return_figures(standing)
            if figures is None:
                feature.figures = []
        if standing or not final:
            self.events.append(FeatureScored(
                turn, player, kind or feature.kind, points if scorers else 0, scorers,
                len(feature.tiles), returned, final, note))

    def release(self, feature: Feature, turn: int) -> None:
        """Take a feature's figures back without scoring it (H-8, HG-50)."""
        if feature.figures:
            returned = self.return_figures(feature.figures)
            feature.figures = []
            self.events.append(FiguresReturned(turn, None, feature.kind, returned))

    def feature_at(self, x: int, y: int, segment_index: int) -> FeatureView:
        """The feature that segment ``segment_index`` of the tile at (x, y) belongs to.

        PROVISIONAL (render's stand-in until the engine's own, issue 12)."""
        placed = self.board.tiles.get((x, y))
        if placed is None or not 0 <= segment_index < len(placed.tile.segments):
            raise IllegalMoveError(f"no segment {segment_index} on a tile at ({x}, {y})")
        root = self.graph.find(placed.node + segment_index)
        feature = self.graph.features[root]
        figures = tuple(feature.figures)  # type: ignore[union-attr]
        return FeatureView(root, feature.kind, feature.is_closed,  # type: ignore[union-attr]
                           figures, majority(figures))

    def feature_of(self, figure: Figure) -> Feature:
        """The feature a figure stands on (for a hut, its river system)."""
        placed = self.board.tiles[(figure.x, figure.y)]
        graph = self.water if figure.figure == HUT else self.graph
        assert graph is not None
        return graph.feature(placed.node + figure.segment)

    def return_figures(self, figures: list[Figure]) -> tuple[tuple[int, int], ...]:
        """Take ``figures`` off the map into their owners' supply."""
        counts: Counter[int] = Counter()
        for figure in figures:
            self.figures.remove(figure)
            if figure.figure == HUT:
                self._huts[figure.player] += 1
            else:
                self._meeples[figure.player] += 1
            counts[figure.player] += 1
        return tuple(sorted(counts.items()))

    # ------------------------------------------------------------------
    # Drawing and the turn cycle

    def pass_to(self, player: int) -> None:
        """Hand the turn to ``player``: a record of a game with hands says who
        played when hands ran dry (D-8), which a replay without the seed cannot
        know otherwise."""
        if self.is_seeded or self.options.hand == 1 or self.tile is None:
            raise IllegalMoveError(f"it is {self.players[self.current_player]}'s turn", "B-7")
        self.current_player = player

    def _next_player(self) -> None:
        count = len(self.players)
        player = self.current_player
        for _ in range(count):
            player = (player + 1) % count  # type: ignore[operator]
            if self.active[player]:
                break
        self.current_player = player

    # ------------------------------------------------------------------
    # Absent players (the bot's deadlines; record extensions "skipped", "removed")

    def skip_turn(self) -> TurnResult:
        """The player on turn misses it: the tile goes back into the bag at a
        random place (a hand is kept), and the next player draws."""
        if self.tile is None or self.current_player is None:
            raise IllegalMoveError("the game is over")
        if self.is_bonus_turn:
            raise IllegalMoveError("a bonus tile cannot be skipped", "HG-34")
        first = len(self.events)
        player, tile = self.current_player, self.tile
        if not self._hands_dealt:
            self.bag.put_back(tile.id)
        self.events.append(TurnSkipped(len(self.history), player, tile.id))
        self._record({"tile": tile.id, "skipped": True})
        self.tile = None
        self._next_player()
        self._begin_turn()
        return TurnResult(self.events[first:])

    def remove_player(self, player: int) -> TurnResult:
        """Take a player out: their figures leave the map (scores stand) and their
        tiles go back into the bag. With one player left the game ends."""
        if self.is_over:
            raise IllegalMoveError("the game is over")
        if not 0 <= player < len(self.players) or not self.active[player]:
            raise IllegalMoveError(f"player {player} is not in the game")
        first = len(self.events)
        on_turn = player == self.current_player
        for figure in [f for f in self.figures if f.player == player]:
            feature = self.feature_of(figure)
            (feature.huts if figure.figure == HUT else feature.figures).remove(figure)
        returned = self.return_figures([f for f in self.figures if f.player == player])
        self.active[player] = False
        if on_turn and self.tile is not None and not self.is_bonus_turn and not self._hands_dealt:
            self.bag.put_back(self.tile.id)
        for tile in self._hands[player]:
            self.bag.put_back(tile.id)
        self._hands[player] = []
        self.events.append(PlayerRemoved(len(self.history), player, returned))
        self.history.append({"removed": player})
        self.turn_players.append(player)
        self.after_turn.append(tuple(self.scores))
        if sum(self.active) < 2:
            self._finish()
        elif on_turn:
            self.tile = None
            self.is_bonus_turn = False
            self._next_player()
            self._begin_turn()
        return TurnResult(self.events[first:])

    def _draw(self) -> TileType | None:
        tile_id = self.bag.draw(len(self.history))
        return None if tile_id is None else self.rules.tiles[tile_id]

    def _refill(self, player: int) -> None:
        tile = self._draw()
        if tile is not None:
            self._hands[player].append(tile)

    def _has_place(self, tile: TileType) -> bool:
        return next(self.legal_placements(tile), None) is not None

    def _discard(self, tile: TileType, *, bonus: bool = False) -> None:
        """A tile that fits nowhere leaves the game or goes back (B-12, D-7, H-3)."""
        player = self.current_player
        assert player is not None
        stack_index = self.rules.stack_of(tile.id)
        back = not bonus and self.rules.back_to_stack(stack_index) and self._stack_can_move(
            stack_index)
        if back:
            self.bag.put_back(tile.id)
        entry = {"tile": tile.id, "discarded": True}
        if bonus:
            entry["bonus"] = True
        self.events.append(TileDiscarded(len(self.history), player, tile.id, back, bonus))
        self._record(entry)

    def _stack_can_move(self, stack_index: int) -> bool:
        """Whether any tile left in a stack fits somewhere: if none does, putting a
        tile back would only bring it round again, so it leaves the game."""
        return any(self._has_place(self.rules.tiles[t])
                   for t in self.bag.tiles_of_stack(stack_index))

    def _deal_if_due(self) -> None:
        """Deal the hands in seating order (D-8) once land tiles are drawn: the
        River's tiles are drawn one at a time before any land tile (R-3, R-7)."""
        if self._hand_size == 1 or self._hands_dealt:
            return
        stack_index = self.bag.current_stack()
        if stack_index is None or not self.rules.hands_allowed(stack_index):
            return
        self._hands_dealt = True
        for player in range(len(self.players)):
            if self.active[player]:
                for _ in range(self._hand_size):
                    self._refill(player)

    def _begin_turn(self) -> None:
        """Find the player on turn a tile that fits, or end the game."""
        self._deal_if_due()
        if not self._hands_dealt:
            while True:
                tile = self._draw()
                if tile is None:
                    if self.is_seeded:  # a replayed record ends only when it says so
                        self._finish()
                    return
                if self._has_place(tile):
                    self.tile = tile
                    return
                self._discard(tile)
        for _ in range(len(self.players)):
            player = self.current_player
            hand = self._hands[player]  # type: ignore[index]
            for tile in list(hand):
                while tile is not None and not self._has_place(tile):
                    hand.remove(tile)
                    self._discard(tile)
                    tile = self._draw()
                    if tile is not None:
                        hand.append(tile)
            if hand:
                self.tile = hand[0]
                return
            self._next_player()
        self._finish()

    def _offer_bonus(self, tile_id: str, player: int) -> bool:
        """Draw the bonus tile the player earned; True if they now place it."""
        tile = self.rules.tiles[tile_id]
        if not self._has_place(tile):
            self._discard(tile, bonus=True)
            return False
        self.tile = tile
        self.is_bonus_turn = True
        return True

    def draw_bonus(self) -> str | None:
        """Take the next bonus tile (the record's when replaying), or None if none is left."""
        return self.bag.draw_bonus(len(self.history))

    @property
    def bonus_unrecorded(self) -> bool:
        """A replayed record earned a bonus tile but names none (HG-32)."""
        return self.bag.bonus_unrecorded

    def _finish(self) -> None:
        """End of the game: final scoring (B-38 to B-41, HG-49 to HG-58)."""
        self.tile = None
        self.current_player = None
        self.rules.final_scoring(self)
        best = max(s for s, active in zip(self.scores, self.active) if active)
        winners = tuple(i for i, score in enumerate(self.scores)
                        if score == best and self.active[i])
        self._outcome = Outcome(tuple(self.scores), winners)
        self.events.append(GameOver(len(self.history), None, tuple(self.scores), winners))

    def end(self) -> Outcome:
        """End the game now (abandoned, or a record marked finished): final scoring."""
        if self._outcome is None:
            self._finish()
        return self._outcome  # type: ignore[return-value]
