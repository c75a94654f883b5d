"""Perft for Carcassonne: known numbers of legal moves in fixed positions.

As python-chess tests its move generation against known perft numbers, each
position of ``fixtures/perft.json`` (a record, replayed without its seed) comes
with, for every tile of its game, the number of legal placements and the number
of legal actions (each placement without a figure, and with each figure spot of
the player on turn). The test checks the engine against those numbers and both
against a brute-force count written here, independent of the engine's frontier,
union-find and river course: every free square next to a tile tried in every
rotation against its neighbours' edges, features flood-filled point by point.
"""

import json
from collections import deque
from pathlib import Path

import pytest

from engine import Game
from engine.geometry import CENTRE, OFFSETS, opposite_point
from engine.tiles import CITY, FIELD, LAKE, MEADOW, RIVER, ROAD

POSITIONS = json.loads((Path(__file__).parent / "fixtures" / "perft.json").read_text())


def brute_placements(game: Game, tile) -> list[tuple[int, int, int]]:
    tiles = game.board.tiles
    xs, ys = [x for x, _ in tiles], [y for _, y in tiles]
    found = []
    for x in range(min(xs) - 1, max(xs) + 2):
        for y in range(min(ys) - 1, max(ys) + 2):
            if (x, y) in tiles:
                continue
            for quarter, oriented in enumerate(tile.orientations):
                touching = 0
                fits = True
                for direction, (dx, dy) in enumerate(OFFSETS):
                    other = tiles.get((x + dx, y + dy))
                    if other is not None:
                        touching += 1
                        fits &= other.oriented.edges[(direction + 2) % 4] == \
                            oriented.edges[direction]
                if touching and fits and _river_allows(game, oriented, x, y):
                    found.append((x, y, 90 * quarter))
    return found


def _river_allows(game: Game, oriented, x: int, y: int) -> bool:
    """R-4, R-5, D-7 from the board alone: a river tile extends the river where
    a placed river edge points to a free square, does not bend the way the
    river tile it extends bent, and leaves its open end room to flow (the five
    squares ahead of it but the one in front are empty)."""
    if not game.options.river or RIVER not in oriented.edges:
        return True
    tiles = game.board.tiles
    ends = [(px + dx, py + dy, placed, d) for (px, py), placed in tiles.items()
            for d, (dx, dy) in enumerate(OFFSETS)
            if placed.oriented.edges[d] == RIVER and (px + dx, py + dy) not in tiles]
    if len(ends) != 1 or ends[0][:2] != (x, y):
        return False
    _, _, last, flow = ends[0]
    back = (flow + 2) % 4
    outlet = [d for d, kind in enumerate(oriented.edges) if kind == RIVER and d != back]
    if not outlet:  # the lake
        return True
    turn = (outlet[0] - flow) % 4
    inlets = [d for d, kind in enumerate(last.oriented.edges) if kind == RIVER and d != flow]
    last_turn = (flow - (inlets[0] + 2) % 4) % 4 if inlets else 0  # the spring has no inlet
    if turn and turn == last_turn:
        return False
    dx, dy = OFFSETS[outlet[0]]
    fx, fy = x + dx, y + dy  # the square in front of the open end
    ahead = {(fx - dy, fy + dx), (fx + dy, fy - dx), (fx + dx, fy + dy),
             (fx + dx - dy, fy + dy + dx), (fx + dx + dy, fy + dy - dx)}
    return not ahead & tiles.keys()


def brute_actions(game: Game, tile, placements) -> int:
    """Placements, plus one action per figure spot (flood-filled features)."""
    player = game.current_player
    count = 0
    for x, y, rotation in placements:
        oriented = tile.orientations[rotation // 90]
        count += 1
        for segment, part in enumerate(tile.segments):
            if not oriented.segment_points[segment]:
                continue  # a lake on a tile with two has no port of its own
            supply = game.supply(player)
            if _meeple_may_stand(game, part) and \
                    not _claimed(game, oriented, x, y, segment, huts=False):
                count += bool(supply.meeples) + bool(supply.big)
            if supply.huts and part.kind in (RIVER, LAKE) and \
                    not _claimed(game, oriented, x, y, segment, huts=True):
                count += 1
            if supply.builders and part.kind in (ROAD, CITY):  # TB-14, TB-O1
                seen, open_ = _flood(game, oriented, x, y, segment, huts=False)
                count += open_ and _holds_own(game, seen, player)
            if supply.pigs and part.kind == FIELD:  # TB-23
                seen, _ = _flood(game, oriented, x, y, segment, huts=False)
                count += _holds_own(game, seen, player)
    return count


def _holds_own(game: Game, seen: set, player: int) -> bool:
    return any(((f.x, f.y), f.segment) in seen for f in game.figures
               if f.player == player and f.figure in ("meeple", "big"))


def _meeple_may_stand(game: Game, part) -> bool:
    if part.kind in (RIVER, LAKE) and game.options.game == "carcassonne":
        return False
    if part.kind == LAKE:
        return False
    if part.kind == FIELD and game.options.farmers == "off":
        return False
    return not (part.kind == MEADOW and part.count("fire"))


def _claimed(game: Game, oriented, x: int, y: int, segment: int, *, huts: bool) -> bool:
    seen, _ = _flood(game, oriented, x, y, segment, huts=huts)
    kinds = ("hut",) if huts else ("meeple", "big")
    return any(((f.x, f.y), f.segment) in seen for f in game.figures if f.figure in kinds)


def _flood(game: Game, oriented, x: int, y: int, segment: int, *, huts: bool):
    """Flood the feature (with ``huts``, the river system) of a segment of a tile
    laid at (x, y) over the board, point by point across every edge; and whether
    an edge middle of it meets no tile (an open road or city)."""
    open_edges = []
    def at(position):
        return oriented if position == (x, y) else game.board.tiles[position].oriented

    def neighbours(node):
        (px, py), index = node
        here = at((px, py))
        points = here.segment_points[index]
        for point in points:
            if point == CENTRE:
                continue
            dx, dy = OFFSETS[point // 3]
            there = (px + dx, py + dy)
            if point % 3 == 1 and there != (x, y) and there not in game.board.tiles:
                open_edges.append(there)
            if there == (x, y) or there in game.board.tiles:
                other = at(there).point_segment[opposite_point(point)]
                if not huts or at(there).type.segments[other].kind in (RIVER, LAKE):
                    yield there, other
        if huts:
            part = here.type.segments[index]
            for other, candidate in enumerate(here.type.segments):
                if part.lake == other or candidate.lake == index:
                    yield (px, py), other

    seen = {((x, y), segment)}
    queue = deque(seen)
    while queue:
        for node in neighbours(queue.popleft()):
            if node not in seen:
                seen.add(node)
                queue.append(node)
    return seen, bool(open_edges)


@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft(position):
    game = Game.from_record(position["record"])
    assert game.current_player is not None and not game.is_over
    for tile_id, (placements, actions) in position["counts"].items():
        tile = game.rules.tiles[tile_id]
        listed = list(game.legal_placements(tile))
        assert len(listed) == len(set(listed)) == placements, tile_id
        assert len(list(game.legal_actions(tile))) == actions, tile_id
        brute = brute_placements(game, tile)
        assert sorted(brute) == sorted(listed), tile_id
        assert brute_actions(game, tile, brute) == actions, tile_id
        assert all(game.is_legal_placement(p, tile) for p in listed)


def test_the_positions_are_not_trivial():
    assert len(POSITIONS) >= 8
    assert any(p["record"]["options"].get("traders_builders") for p in POSITIONS)
    assert {p["record"]["game"] for p in POSITIONS} == {"carcassonne", "hunters-and-gatherers"}
    totals = [sum(a for _, a in p["counts"].values()) for p in POSITIONS]
    assert min(totals) > 50
