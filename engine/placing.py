"""Placing a tile and a figure: what is legal, why not, and laying it down.

These are the rules every game on the engine shares (B-9 to B-19 and their
Hunters and Gatherers twins); what a game adds comes from its rule set's hooks.
The functions take the :class:`~engine.game.Game` whose position they read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .board import PlacedTile, Placement
from .errors import IllegalMoveError, Reason
from .features import Feature, FeatureGraph
from .figures import FIGURE_ORDER, FOLLOWERS, HUT, ROLES, Figure, FigureKind, FigureOption, Role
from .geometry import DIRECTION_WORDS, EDGE_COMPASS, PORT_INDEX, ROTATIONS, opposite_point
from .tiles import LAKE, RIVER, OrientedTile, TileType, edge_at

if TYPE_CHECKING:
    from .actions import Place
    from .game import Game

_OPPOSITE = tuple(opposite_point(p) for p in range(12))


def where(tile: TileType, placement: Placement) -> tuple[str, dict]:
    """A placement in words for messages, and as facts for an error."""
    x, y, rotation = placement
    return (f"tile {tile.id} at ({x}, {y}) rotation {rotation}",
            {"tile": tile.id, "x": x, "y": y, "rotation": rotation})


def placement_problem(game: Game, tile: TileType,
                      placement: Placement) -> IllegalMoveError | None:
    """Why ``placement`` of ``tile`` is illegal, or None when it is legal."""
    rules = game.rules
    if placement.rotation not in ROTATIONS:
        return IllegalMoveError(f"rotation must be 0, 90, 180 or 270, not {placement.rotation!r}",
                                rules.rule_rotation, Reason.BAD_ROTATION,
                                rotation=placement.rotation)
    if not game.board.fits(tile, placement):
        return _misfit(game, tile, placement)
    if rules.restricts(tile):
        return rules.placement_problem(game, tile, placement)
    return None


def _misfit(game: Game, tile: TileType, placement: Placement) -> IllegalMoveError:
    text, facts = where(tile, placement)
    rules = game.rules
    position = (placement.x, placement.y)
    if position in game.board.tiles:
        return IllegalMoveError(f"{text}: that position is taken", rules.rule_adjacent,
                                Reason.POSITION_TAKEN, **facts)
    constraint = game.board.frontier.get(position)
    if constraint is None:
        return IllegalMoveError(f"{text}: it touches no placed tile along an edge",
                                rules.rule_adjacent, Reason.NOT_ADJACENT, **facts)
    edges = tile.orientations[placement.quarter_turns].edges
    for direction, have in enumerate(edges):
        want = edge_at(constraint, direction)
        if want is not None and want != have:
            return IllegalMoveError(
                f"{text}: its {DIRECTION_WORDS[direction]} edge ({have}) meets a {want}",
                rules.rule_edges, Reason.EDGE_MISMATCH, **facts,
                edge=EDGE_COMPASS[direction], kind=have, meets=want)
    raise AssertionError("a fitting tile was reported as not fitting")


def figure_options(game: Game, tile: TileType, placement: Placement) -> list[FigureOption]:
    """Every figure the player on turn may add to ``tile`` placed at ``placement``
    (which must be legal): one per feature of the tile and kind of figure,
    followers first, then in the tile's reading order (by kind, then clockwise
    from north)."""
    player = game.current_player
    if player is None:
        return []
    oriented = tile.orientations[placement.quarter_turns]
    rules = game.rules
    ports = oriented.port_names
    left = game.left
    options = []
    claimed = None
    for figure in FIGURE_ORDER:
        supply = left.get(figure)
        if supply is None or not supply[player]:
            continue
        if figure in FOLLOWERS:
            if claimed is None:
                claimed = claimed_after(game, game.graph, oriented, placement.x, placement.y)
            blocked, problem = claimed, rules.meeple_problem
        elif figure == HUT:
            blocked = huts_after(game, oriented, placement.x, placement.y)
            problem = rules.hut_problem
        else:
            blocked = [error is not None for error in
                       rules.figure_problems(game, tile, placement, figure, player)]
            problem = None
        for index in oriented.reading_order:
            port = ports[index]
            if blocked[index] or port is None \
                    or (problem is not None and problem(game, tile, index) is not None):
                continue
            kind = tile.segments[index].kind
            options.append(FigureOption(
                figure, port, kind, role_of(figure, kind),
                oriented.segment_compass[index], oriented.segment_ports[index], index))
    return options


def role_of(figure: FigureKind, kind: str) -> Role:
    """What a figure is on a feature of ``kind``: a follower's role comes from
    the feature (B-15, IC-10); a hut, a builder, a pig are what they are."""
    if figure in FOLLOWERS:
        return ROLES[kind]
    return Role(figure.value)


def figure_problem(game: Game, tile: TileType, place: Place) -> IllegalMoveError | None:
    """Why the figure of ``place`` (a legal placement of ``tile``) may not stand, if so."""
    rules = game.rules
    port = place.port
    if port not in PORT_INDEX:
        return IllegalMoveError(f"unknown port {port!r}: use one of {', '.join(PORT_INDEX)}",
                                rules.rule_port, Reason.UNKNOWN_PORT, port=port)
    oriented = tile.orientations[place.rotation // 90]
    segment = oriented.point_segment[PORT_INDEX[port]]
    text, facts = where(tile, place.placement)
    if segment < 0:
        return IllegalMoveError(f"{text}: port {port} is on no feature of this tile",
                                rules.rule_port, Reason.NO_FEATURE_AT_PORT, **facts, port=port)
    player = game.current_player
    assert player is not None
    kind = tile.segments[segment].kind
    figure = place.figure
    if figure not in game.left:
        return IllegalMoveError(f"this game has no {figure} figures", rules.rule_port,
                                Reason.NO_SUCH_FIGURE, figure=figure)
    if figure in FOLLOWERS:
        problem = rules.meeple_problem(game, tile, segment)
        if problem is None and claimed_after(game, game.graph, oriented, place.x,
                                             place.y)[segment]:
            problem = IllegalMoveError(f"{text}: the {kind} at {port} already holds a figure",
                                       rules.rule_occupied, Reason.FEATURE_OCCUPIED, **facts,
                                       port=port, kind=kind)
        if problem is None and not game.left[figure][player]:
            name = rules.meeple_name if figure != FigureKind.BIG else "big follower"
            problem = IllegalMoveError(
                f"{game.players[player]} has no {name} left in supply",
                rules.rule_supply, Reason.SUPPLY_EMPTY, player=player, figure=figure)
    elif figure == HUT:
        problem = rules.hut_problem(game, tile, segment)
        if problem is None and huts_after(game, oriented, place.x, place.y)[segment]:
            problem = IllegalMoveError(f"{text}: that river system already has a hut",
                                       rules.rule_hut_occupied, Reason.RIVER_SYSTEM_HAS_HUT,
                                       **facts, port=port)
        if problem is None and not game.left[HUT][player]:
            problem = IllegalMoveError(f"{game.players[player]} has no hut left in supply",
                                       rules.rule_supply, Reason.SUPPLY_EMPTY, player=player,
                                       figure=HUT)
    else:  # a builder or a pig (Traders & Builders)
        problem = None
        found = rules.figure_problems(game, tile, place.placement, figure, player)[segment]
        if found is not None:
            reason, rule = found
            problem = IllegalMoveError(f"{text}: {_SPECIAL_PROBLEMS[reason]}".format(
                figure=figure, kind=kind, port=port), rule, reason, **facts, port=port,
                figure=figure, kind=kind)
        if problem is None and not game.left[figure][player]:
            problem = IllegalMoveError(f"{game.players[player]} has no {figure} left in supply",
                                       rules.rule_supply, Reason.SUPPLY_EMPTY, player=player,
                                       figure=figure)
    return problem


#: What is wrong with a builder's or a pig's spot, by reason (TB-14, TB-23, TB-O1).
_SPECIAL_PROBLEMS = {
    Reason.WRONG_FEATURE_FOR_FIGURE: "a {figure} may not stand on a {kind}",
    Reason.NO_OWN_FOLLOWER: "the {figure} needs one of your followers in the {kind} at {port}",
    Reason.FEATURE_COMPLETED: "this tile completes the {kind} at {port}",
    Reason.NO_SUCH_FIGURE: "this game has no {figure} figures",
}


def claimed_after(game: Game, graph: FeatureGraph, oriented: OrientedTile, x: int, y: int, *,
                  huts: bool = False, links: Iterable[tuple[int, int]] = (),
                  player: int | None = None) -> list[bool]:
    """Per segment of ``oriented`` laid at (x, y): would its feature (with
    ``huts``, its river system) already hold a figure (B-16, HG-18, HG-44)?
    With ``player``: a follower of that player (TB-14, TB-23, TB-F14)?

    Computed without laying the tile: the features each segment would join
    are looked up across its edges, and segments of the new tile that would
    join one another (through a shared neighbour, or ``links``) share the answer.
    """
    features = graph.features
    find = graph.find
    claimed = [False] * len(oriented.type.segments)
    first_segment: dict[int, int] = {}
    pairs = list(links)
    point_segment = oriented.point_segment
    for direction, other in game.board.around(x, y):
        other_points = other.oriented.point_segment
        node = other.node
        for point in (3 * direction, 3 * direction + 1, 3 * direction + 2):
            segment = point_segment[point]
            root = find(node + other_points[_OPPOSITE[point]])
            feature = features[root]
            if feature is None:  # not water, in the water graph
                continue
            if (feature.huts if huts else feature.figures) and (
                    player is None or any(f.player == player for f in feature.figures)):
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


def huts_after(game: Game, oriented: OrientedTile, x: int, y: int) -> list[bool]:
    """Per segment: would its river system hold a hut (HG-44)? Lakes join the
    rivers flowing into them on the tile itself."""
    links = [(i, s.lake) for i, s in enumerate(oriented.type.segments) if s.lake is not None]
    return claimed_after(game, game.river_systems(), oriented, x, y, huts=True, links=links)


def lay(game: Game, oriented: OrientedTile, x: int, y: int, *, turn: int,
        player: int | None) -> PlacedTile:
    """Lay a tile on the map and join its segments to their neighbours'.

    A segment that meets a neighbour's feature is taken into it; only the
    segments that meet none start a feature of their own.
    """
    graph, water = game.graph, game.water
    parent, features = graph.parent, graph.features
    node = len(parent)
    position = (x, y)
    segments = oriented.new_features
    count = len(segments)
    parent.extend(range(node, node + count))
    features.extend([None] * count)  # not joined yet
    find, join = graph.find, graph.join
    token = graph.token
    joins = oriented.joins
    for direction, other in game.board.around(x, y):
        theirs = other.oriented.point_segment
        base = other.node
        for mine, point, closes in joins[direction]:
            new = node + mine
            if parent[new] != new or features[new] is not None:
                join(new, base + theirs[point], closes)
                continue
            root = find(base + theirs[point])
            feature = features[root]
            assert feature is not None, "the root of a placed segment holds its feature"
            if feature.owner is not token:
                feature = features[root] = feature.clone(token)
            _, open_edges, goods, cities, lake = segments[mine]
            feature.tiles.add(position)
            feature.open_edges += open_edges - 2 if closes else open_edges
            if goods or cities or lake is not None:
                feature.extend(position, 0, goods, _nodes(node, cities),
                               _nodes(node, () if lake is None else (lake,)))
            parent[new] = root
    for index, (kind, open_edges, goods, cities, lake) in enumerate(segments):
        if parent[node + index] == node + index:
            feature = Feature(kind, position, open_edges, goods, token)
            if cities:
                feature.cities = _nodes(node, cities)
            if lake is not None:
                feature.lakes = frozenset((node + lake,))
            features[node + index] = feature
    if water is not None:
        _lay_water(game, water, oriented, node, position)
    placed = PlacedTile(oriented.type, oriented, x, y, turn, player, node)
    game.board.add(placed)
    game.rules.on_placed(game, placed)
    return placed


def _nodes(node: int, indices: tuple[int, ...]) -> frozenset[int]:
    return frozenset([node + index for index in indices]) if indices else frozenset()


def _lay_water(game: Game, water: FeatureGraph, oriented: OrientedTile, node: int,
               position: tuple[int, int]) -> None:
    """The new tile's rivers and lakes in the river systems (games with huts)."""
    for kind, _, goods, _, _ in oriented.new_features:
        water.add(Feature(kind, position, 0, goods, water.token) if kind in (RIVER, LAKE)
                  else None)
    for index, segment in enumerate(oriented.type.segments):
        if segment.lake is not None:
            water.join(node + index, node + segment.lake)
    for direction, other in game.board.around(*position):
        if oriented.edges[direction] == RIVER:
            mine, point, _ = oriented.joins[direction][0]
            water.join(node + mine, other.node + other.oriented.point_segment[point])


def stand(game: Game, placed: PlacedTile, figure: FigureKind, segment: int,
          player: int) -> Figure:
    """Stand a figure of ``player`` on ``segment`` of a tile just laid."""
    tile = placed.tile
    port = placed.oriented.port_names[segment]
    assert port is not None, "a figure stands on a segment with a port"
    standing = Figure(player, figure, role_of(figure, tile.segments[segment].kind),
                      placed.x, placed.y, segment, port,
                      tile.segments[segment].count("dolmen") > 0)
    game.left[figure][player] -= 1
    if figure == HUT:
        game.river_systems().writable(placed.node + segment).huts += (standing,)
    elif figure in FOLLOWERS:
        game.graph.writable(placed.node + segment).figures += (standing,)
    else:
        game.graph.writable(placed.node + segment).others += (standing,)
    game.figures.append(standing)
    return standing
