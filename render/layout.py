"""Where each feature of a tile lies: the geometry the tile art is drawn from.

Everything here is in the unit square (x to the east, y to the south) and is
derived from the tile data alone, so a tile added to a catalogue draws itself:

- *Area* features (cities, forests) are polygons built from the edges they
  cover: one edge gives a cap, two adjacent edges a corner, two opposite
  edges a band, three edges a city with a bite taken out of the fourth.
  Separate areas on one tile each get their own outline and wall.
- *Linear* features (roads, rivers) are curves from the middle of each edge
  they cross. A road with one edge ends at the cloister, at a junction (three
  or more such roads), at the city gate, or in a dead end; a river with one
  edge ends in its lake, at a forest or city it rises from, or at a spring.
- Fields and meadows are what is left. A small raster of the tile records
  which segment owns each cell; fields take the cells their border points
  reach (a multi-source flood fill), which also tells where two fields meet
  with no feature between them (drawn as a hedge) and gives each segment a
  representative point: where its figure stands and its goods lie.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.geometry import CENTRE
from engine.tiles import CITY, CLOISTER, FOREST, LAKE, OPEN_AREA_KINDS, RIVER, ROAD
from engine.tilesets import tile_set

if TYPE_CHECKING:
    from engine import OrientedTile, Segment, TileType

Point = tuple[float, float]

CORNERS: tuple[Point, ...] = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
NORMALS: tuple[Point, ...] = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))
MIDDLE: Point = (0.5, 0.5)

CAP_DEPTH = 0.30  # how far a one-edge city or forest reaches in
BITE_DEPTH = 0.32  # how far a field edge bites into a three-edge city
BAND_BITE = 0.30  # how far each field edge bites into a band
DIAGONAL_BOW = 0.10  # how far a corner city's wall bows toward its corner
ROAD_WIDTH = 0.085
RIVER_WIDTH = 0.12
LAKE_RADIUS = 0.17
SMALL_LAKE_RADIUS = 0.13
CLOISTER_HALF = 0.16
#: The chapel sits up and left of the middle and its monk stands down and
#: right, so a monk never hides the cloister it stands on.
CLOISTER_AT: Point = (0.42, 0.42)
MONK_AT: Point = (0.64, 0.64)
FIGURE_RADIUS = 0.15  # room kept free around a figure's anchor
RASTER = 48  # cells per side of the ownership raster
_CURVE_STEPS = 24

AREA_KINDS_DRAWN = (FOREST, CITY)
LINEAR_KINDS_DRAWN = (RIVER, ROAD)


# --------------------------------------------------------------------------
# Small vector helpers.

def _add(a: Point, b: Point, k: float = 1.0) -> Point:
    return (a[0] + b[0] * k, a[1] + b[1] * k)


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def edge_middle(direction: int) -> Point:
    return _lerp(CORNERS[direction], CORNERS[(direction + 1) % 4], 0.5)


def border_position(point: int) -> Point:
    """Where border point ``point`` (0-11, 12 = centre) lies on the unit square."""
    if point == CENTRE:
        return MIDDLE
    direction, offset = divmod(point, 3)
    return _lerp(CORNERS[direction], CORNERS[(direction + 1) % 4], (0.25, 0.5, 0.75)[offset])


def quad_curve(p0: Point, control: Point, p1: Point, steps: int = _CURVE_STEPS) -> list[Point]:
    """A quadratic Bézier from ``p0`` to ``p1``, sampled."""
    points = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
        points.append((a * p0[0] + b * control[0] + c * p1[0],
                       a * p0[1] + b * control[1] + c * p1[1]))
    return points


def point_in_polygon(point: Point, polygon: tuple[Point, ...]) -> bool:
    x, y = point
    inside = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def polyline_point(points: tuple[Point, ...], fraction: float) -> Point:
    """The point ``fraction`` of the way along a polyline."""
    lengths = [_dist(a, b) for a, b in zip(points, points[1:])]
    goal = sum(lengths) * fraction
    for (a, b), length in zip(zip(points, points[1:]), lengths):
        if goal <= length and length > 0:
            return _lerp(a, b, goal / length)
        goal -= length
    return points[-1]


# --------------------------------------------------------------------------
# The layout of one oriented tile.

@dataclass(frozen=True)
class Area:
    """A city or forest: a closed outline, and the curves where its wall runs."""

    segment: int
    kind: str
    outline: tuple[Point, ...]
    walls: tuple[tuple[Point, ...], ...]


@dataclass(frozen=True)
class Path:
    """A road or river: a curve from an edge inward (or edge to edge).

    ``end`` tells what a one-edge path runs into: ``junction``, ``dead-end``,
    ``cloister``, ``gate`` (a city or forest), ``lake`` or ``spring``.
    """

    segment: int
    kind: str
    points: tuple[Point, ...]
    end: str | None


@dataclass(frozen=True)
class Pool:
    """A lake (or the River's end lake): a circle. ``segment`` is None for a
    lake that is only drawn (the River's last tile has no lake segment)."""

    segment: int | None
    centre: Point
    radius: float


@dataclass(frozen=True)
class Spot:
    """Where one glyph goes: a pennant, gold, an animal, the volcano..."""

    what: str
    segment: int | None
    centre: Point
    radius: float


@dataclass(frozen=True)
class TileLayout:
    tile_id: str
    quarter_turns: int
    areas: tuple[Area, ...]
    paths: tuple[Path, ...]
    pools: tuple[Pool, ...]
    cloister: Point | None
    markers: tuple[tuple[str, Point], ...]  # junctions, dead ends, springs
    spots: tuple[Spot, ...]
    decorations: tuple[tuple[str, Point], ...]  # houses, trees, grass or snow marks
    hedges: tuple[Point, ...]  # points on the line between two fields
    anchors: tuple[Point, ...]  # per segment: where its figure stands
    owner: tuple[int, ...]  # RASTER*RASTER cells: segment index, or -1
    depth: tuple[int, ...]  # RASTER*RASTER cells: steps to the rim of their region
    field_conflicts: tuple[tuple[int, ...], ...]  # fields sharing one open region
    #: Fields that touch no edge, cut out of the cities drawn over them (IC9, TB6...).
    clearings: tuple[Pool, ...] = ()

    def anchor(self, segment: int) -> Point:
        return self.anchors[segment]

    def owner_at(self, point: Point) -> int:
        """The segment owning the raster cell under ``point`` (-1: none)."""
        cx = min(RASTER - 1, max(0, int(point[0] * RASTER)))
        cy = min(RASTER - 1, max(0, int(point[1] * RASTER)))
        return self.owner[cy * RASTER + cx]


def area_shape(edges: frozenset[int] | set[int]) -> tuple[tuple[Point, ...], tuple]:
    """Outline and wall curves of an area covering ``edges`` (board directions)."""
    if len(edges) == 4:
        return CORNERS, ()
    start = next(d for d in range(4) if d in edges and (d - 1) % 4 not in edges)
    runs: list[tuple[int, int]] = []
    direction, seen = start, 0
    while seen < 4:
        if direction in edges:
            length = 0
            while seen < 4 and (direction + length) % 4 in edges:
                length += 1
                seen += 1
            runs.append((direction, length))
            direction = (direction + length) % 4
        else:
            direction = (direction + 1) % 4
            seen += 1
    outline: list[Point] = []
    walls = []
    for index, (first, length) in enumerate(runs):
        next_first = runs[(index + 1) % len(runs)][0]
        for k in range(length):
            outline.append(CORNERS[(first + k) % 4])
        end_corner = CORNERS[(first + length) % 4]
        gap = (next_first - first - length) % 4 or 4
        if gap == 1:
            edge = (first + length) % 4
            bite = BITE_DEPTH if len(runs) == 1 else BAND_BITE
            control = _add(edge_middle(edge), NORMALS[edge], 2 * bite)
        elif gap == 3:
            control = _add(edge_middle(first), NORMALS[first], 2 * CAP_DEPTH)
        else:
            shared = CORNERS[(first + 1) % 4]
            control = _lerp(MIDDLE, shared, DIAGONAL_BOW * 2)
        curve = quad_curve(end_corner, control, CORNERS[next_first])
        outline.extend(curve[:-1])
        walls.append(tuple(curve))
    return tuple(outline), tuple(walls)


def _ray_hit(start: Point, direction: Point, areas: list[Area]) -> Point | None:
    """The first point on the straight way in from ``start`` that is inside an area."""
    for step in range(2, 99):
        point = _add(start, direction, step / 100)
        if any(point_in_polygon(point, area.outline) for area in areas):
            return _add(point, direction, 0.03)
    return None


def _nearest_wall(target: Point, areas: list[Area]) -> Point | None:
    best, best_d = None, 9.0
    for area in areas:
        for wall in area.walls:
            for point in wall:
                d = _dist(point, target)
                if d < best_d - 1e-9:
                    best, best_d = point, d
    return best


def _towards(start: Point, normal: Point, end: Point) -> tuple[Point, ...]:
    """A gentle curve leaving the edge square-on and bending to ``end``."""
    control = _add(start, normal, 0.5 * _dist(start, end))
    return tuple(quad_curve(start, control, end, 16))


def _obstacle_end(start: Point, normal: Point, areas: list[Area]) -> Point | None:
    if not areas:
        return None
    hit = _ray_hit(start, normal, areas)
    if hit is not None:
        return hit
    wall = _nearest_wall(MIDDLE, areas)
    if wall is None:
        return None
    # Go a little past the wall so the path's end hides under the area.
    return _add(wall, _sub(wall, start), 0.06)


def _is_river_lake_tile(tile: TileType) -> bool:
    """The River's last tile: a one-edge river that ends in a lake drawn on it."""
    return "lake" in tile.marks


@cache
def tile_layout(tile: TileType, quarter_turns: int = 0) -> TileLayout:
    """The layout of ``tile`` turned ``quarter_turns`` × 90° clockwise (cached).

    Worked out once in the reference orientation and turned, so a tile looks
    the same in every rotation, down to where its pennant and houses sit.
    """
    quarter_turns %= 4
    if quarter_turns:
        return _turned(tile_layout(tile, 0), quarter_turns)
    return _reference_layout(tile)


def turn_point(point: Point, quarter_turns: int) -> Point:
    """``point`` of the unit square after turning the tile clockwise."""
    x, y = point
    for _ in range(quarter_turns % 4):
        x, y = 1.0 - y, x
    return (x, y)


def _turn_cells(values: tuple[int, ...], quarter_turns: int) -> tuple[int, ...]:
    grid = values
    for _ in range(quarter_turns % 4):
        turned = [0] * (RASTER * RASTER)
        for cell, value in enumerate(grid):
            cx, cy = cell % RASTER, cell // RASTER
            turned[cx * RASTER + (RASTER - 1 - cy)] = value
        grid = tuple(turned)
    return grid


def _turned(layout: TileLayout, q: int) -> TileLayout:
    def many(points: Sequence[Point]) -> tuple[Point, ...]:
        return tuple(turn_point(p, q) for p in points)

    return TileLayout(
        tile_id=layout.tile_id,
        quarter_turns=q,
        areas=tuple(Area(a.segment, a.kind, many(a.outline), tuple(many(w) for w in a.walls))
                    for a in layout.areas),
        paths=tuple(Path(p.segment, p.kind, many(p.points), p.end) for p in layout.paths),
        pools=tuple(Pool(p.segment, turn_point(p.centre, q), p.radius) for p in layout.pools),
        cloister=turn_point(layout.cloister, q) if layout.cloister else None,
        markers=tuple((how, turn_point(p, q)) for how, p in layout.markers),
        spots=tuple(Spot(s.what, s.segment, turn_point(s.centre, q), s.radius)
                    for s in layout.spots),
        decorations=tuple((what, turn_point(p, q)) for what, p in layout.decorations),
        hedges=many(layout.hedges),
        anchors=many(layout.anchors),
        owner=_turn_cells(layout.owner, q),
        depth=_turn_cells(layout.depth, q),
        field_conflicts=layout.field_conflicts,
        clearings=tuple(Pool(p.segment, turn_point(p.centre, q), p.radius)
                        for p in layout.clearings),
    )


def _reference_layout(tile: TileType) -> TileLayout:
    quarter_turns = 0
    oriented = tile.orientations[0]
    segments = tile.segments
    edges = oriented.segment_edges
    kinds = [segment.kind for segment in segments]

    areas = [
        Area(i, kinds[i], *area_shape(set(edges[i])))
        for kind in AREA_KINDS_DRAWN
        for i in range(len(segments))
        if kinds[i] == kind and edges[i]
    ]
    city_areas = [a for a in areas if a.kind == CITY]
    cloister = CLOISTER_AT if CLOISTER in kinds else None

    # Lakes: each at the centre, or pulled toward its rivers when it shares
    # the tile with another lake or a forest covers the centre.
    pools: list[Pool] = []
    lake_ids = [i for i, kind in enumerate(kinds) if kind == LAKE]
    lake_centre: dict[int, Point] = {}
    for lake in lake_ids:
        pull = (0.0, 0.0)
        for i, segment in enumerate(segments):
            if segment.kind == RIVER and segment.lake == lake:
                for direction in edges[i]:
                    pull = _add(pull, _sub(edge_middle(direction), MIDDLE))
        length = math.hypot(*pull)
        unit = (pull[0] / length, pull[1] / length) if length > 1e-9 else (0.0, 0.0)
        full = LAKE_RADIUS if len(lake_ids) == 1 else SMALL_LAKE_RADIUS
        start = MIDDLE if len(lake_ids) == 1 else _add(MIDDLE, unit, 0.2)
        centre, radius = _fit_pool(start, unit, full, areas)
        lake_centre[lake] = centre
        pools.append(Pool(lake, centre, radius))

    paths: list[Path] = []
    markers: list[tuple[str, Point]] = []
    one_edge = {kind: [i for i in range(len(segments)) if kinds[i] == kind and len(edges[i]) == 1]
                for kind in LINEAR_KINDS_DRAWN}
    for kind in LINEAR_KINDS_DRAWN:
        for i in range(len(segments)):
            if kinds[i] != kind:
                continue
            own = edges[i]
            if len(own) == 2 and not (kind == RIVER and segments[i].lake is not None):
                a, b = edge_middle(own[0]), edge_middle(own[1])
                paths.append(Path(i, kind, tuple(quad_curve(a, MIDDLE, b)), None))
                continue
            if len(own) != 1:
                # Three or more edges, or a through-river with a lake: branches
                # from every edge to the centre (or to the lake).
                ends_in = segments[i].lake
                hub = MIDDLE if ends_in is None else lake_centre.get(ends_in, MIDDLE)
                for direction in own:
                    start = edge_middle(direction)
                    paths.append(Path(i, kind, _towards(start, NORMALS[direction], hub),
                                      "lake" if segments[i].lake is not None else "junction"))
                if segments[i].lake is None:
                    markers.append(("junction", hub))
                continue
            direction = own[0]
            start, normal = edge_middle(direction), NORMALS[direction]
            ends_in = segments[i].lake
            if kind == RIVER and ends_in is not None:
                end, how = lake_centre[ends_in], "lake"
            elif kind == RIVER and tile.game == "carcassonne" and _is_river_lake_tile(tile):
                end, how = MIDDLE, "lake"
                pools.append(Pool(None, MIDDLE, LAKE_RADIUS))
            elif kind == ROAD and cloister is not None:
                end, how = MIDDLE, "cloister"
            elif kind == ROAD and len(one_edge[ROAD]) >= 3:
                end, how = MIDDLE, "junction"
            else:
                blocking = city_areas if kind == ROAD else areas
                blocked_at = _obstacle_end(start, normal, blocking)
                how = "gate"
                if blocked_at is None:
                    alone = len(one_edge[kind]) == 1
                    end = MIDDLE if alone else _add(start, normal, 0.32)
                    how = "spring" if kind == RIVER else "dead-end"
                else:
                    end = blocked_at
                    if kind == RIVER:
                        how = "spring"
            points = _towards(start, normal, end)
            paths.append(Path(i, kind, points, how))
            if how in ("spring", "dead-end"):
                # A spring at a forest's edge sits on the wall, not inside.
                marker_at = points[-1] if _obstacle_free(points[-1], areas) else _last_free(
                    points, areas)
                markers.append((how, marker_at))
        if kind == ROAD and len(one_edge[ROAD]) >= 3 and cloister is None:
            markers.append(("junction", MIDDLE))

    clearings = _clearings(segments, kinds, edges, areas)
    owner, conflicts, hedges = _rasterise(tile, oriented, areas, paths, pools, cloister, markers,
                                          clearings)
    distance = _distance_to_border(owner)
    anchors = _anchors(segments, kinds, areas, paths, pools, cloister, owner, distance)
    spots = _place_goods(tile, segments, kinds, pools, owner, distance, anchors)
    decorations = _decorations(kinds, owner, distance, spots, anchors)
    return TileLayout(
        tile_id=tile.id,
        quarter_turns=quarter_turns % 4,
        areas=tuple(areas),
        paths=tuple(paths),
        pools=tuple(pools),
        cloister=cloister,
        markers=tuple(markers),
        spots=tuple(spots),
        decorations=tuple(decorations),
        hedges=tuple(hedges),
        anchors=tuple(anchors),
        owner=tuple(owner),
        depth=tuple(distance),
        field_conflicts=tuple(conflicts),
        clearings=clearings,
    )


#: How big a clearing is (radius, unit square).
CLEARING_RADIUS = 0.12


def _clearings(segments: Sequence[Segment], kinds: Sequence[str], edges: Sequence[Sequence[int]],
               areas: Sequence[Area]) -> tuple[Pool, ...]:
    """A field that touches no edge lies between the tile's cities: where the
    cities' shapes leave it no room, a round clearing at the mean of their
    edges' middles is cut out for it."""
    inner = next((i for i, s in enumerate(segments)
                  if kinds[i] in OPEN_AREA_KINDS and CENTRE in s.points), None)
    if inner is None:
        return ()
    cities = [_mean([edge_middle(d) for d in edges[i]])
              for i, kind in enumerate(kinds) if kind == CITY and edges[i]]
    if not cities:
        return ()
    centre = _mean(cities)
    if not any(point_in_polygon(centre, area.outline) for area in areas):
        return ()
    return (Pool(inner, centre, CLEARING_RADIUS),)


def _mean(points: Sequence[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _fit_pool(start: Point, unit: Point, full: float, areas: list[Area]) -> tuple[Point, float]:
    """Slide a lake from ``start`` along ``unit`` (toward its rivers) until it
    clears every area and stays on the tile; shrink it if it cannot."""
    for radius in (full, full * 0.85, full * 0.7, full * 0.55):
        for step in range(26 if unit != (0.0, 0.0) else 1):
            centre = _add(start, unit, 0.02 * step)
            margin = radius + 0.02
            if not (margin <= centre[0] <= 1 - margin and margin <= centre[1] <= 1 - margin):
                break
            rim = [_add(centre, (math.cos(a), math.sin(a)), margin)
                   for a in (k * math.pi / 8 for k in range(16))]
            if not any(point_in_polygon(p, area.outline) for p in rim for area in areas):
                return centre, radius
    return start, full * 0.55


def _obstacle_free(point: Point, areas: list[Area]) -> bool:
    return not any(point_in_polygon(point, area.outline) for area in areas)


def _last_free(points: tuple[Point, ...], areas: list[Area]) -> Point:
    for point in reversed(points):
        if _obstacle_free(point, areas):
            return point
    return points[0]


# --------------------------------------------------------------------------
# The ownership raster.

def _neighbours(cell: int, forward_only: bool = False) -> tuple[int, ...]:
    cx, cy = cell % RASTER, cell // RASTER
    steps = ((1, 0), (0, 1)) if forward_only else ((1, 0), (-1, 0), (0, 1), (0, -1))
    return tuple((cy + dy) * RASTER + cx + dx for dx, dy in steps
                 if 0 <= cx + dx < RASTER and 0 <= cy + dy < RASTER)


_CENTRES: tuple[Point, ...] = tuple(
    ((cell % RASTER + 0.5) / RASTER, (cell // RASTER + 0.5) / RASTER)
    for cell in range(RASTER * RASTER)
)


_NEIGHBOURS = tuple(_neighbours(cell) for cell in range(RASTER * RASTER))
_FORWARD = tuple(_neighbours(cell, True) for cell in range(RASTER * RASTER))


def _cell(point: Point) -> tuple[int, int]:
    return (min(RASTER - 1, max(0, int(point[0] * RASTER))),
            min(RASTER - 1, max(0, int(point[1] * RASTER))))


def _scaled(points: Sequence[Point], scale: float = RASTER) -> list[tuple[float, float]]:
    return [(x * scale, y * scale) for x, y in points]


def _rasterise(tile: TileType, oriented: OrientedTile, areas: Sequence[Area],
               paths: Sequence[Path], pools: Sequence[Pool], cloister: Point | None,
               markers: Sequence[tuple[str, Point]], clearings: Sequence[Pool] = (),
               ) -> tuple[list[int], list[tuple[int, int]], list[Point]]:
    """Draw every non-field feature into a raster of segment numbers, then let
    the fields flood the rest from their border points."""
    image = Image.new("L", (RASTER, RASTER), 0)
    draw = ImageDraw.Draw(image)
    for path in sorted(paths, key=lambda p: p.kind != RIVER):
        width = RIVER_WIDTH if path.kind == RIVER else ROAD_WIDTH
        draw.line(_scaled(path.points), fill=path.segment + 1,
                  width=max(2, round(width * RASTER)))
    for pool in pools:
        cx, cy, r = pool.centre[0] * RASTER, pool.centre[1] * RASTER, pool.radius * RASTER
        value = pool.segment + 1 if pool.segment is not None else _river_of(paths) + 1
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=value)
    for area in areas:
        draw.polygon(_scaled(area.outline), fill=area.segment + 1)
    for clearing in clearings:
        cx, cy = clearing.centre[0] * RASTER, clearing.centre[1] * RASTER
        r = clearing.radius * RASTER
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=0)
    for how, point in markers:
        if how == "junction":
            r = 0.06 * RASTER
            cx, cy = point[0] * RASTER, point[1] * RASTER
            road = next(p.segment for p in paths if p.end == "junction")
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=road + 1)
    if cloister is not None:
        index = next(i for i, s in enumerate(tile.segments) if s.kind == CLOISTER)
        # The chapel and the monk's place beside it.
        h = CLOISTER_HALF * RASTER
        draw.rectangle((cloister[0] * RASTER - h, cloister[1] * RASTER - h,
                        MONK_AT[0] * RASTER + h / 2, MONK_AT[1] * RASTER + h / 2), fill=index + 1)
    owner = [value - 1 for value in image.tobytes()]

    # Fields take the free cells their border points reach. Where one open
    # region holds several fields (nothing drawn parts them), each cell goes
    # to the field with the nearest border point: straight dividing lines.
    seeds: dict[int, list[tuple[int, Point]]] = {}
    #: A field that touches no edge (inside cities) takes the pockets no other reaches.
    inner: int | None = None
    for index, segment in enumerate(tile.segments):
        if segment.kind not in OPEN_AREA_KINDS:
            continue
        for edge_point in oriented.segment_points[index]:
            if edge_point == CENTRE:
                inner = index
                continue
            direction = edge_point // 3
            position = border_position(edge_point)
            for step in range(4):
                cx, cy = _cell(_add(position, NORMALS[direction], step / RASTER))
                cell = cy * RASTER + cx
                if owner[cell] == -1:
                    seeds.setdefault(cell, []).append((index, position))
                    break
    field_cells = bytearray(RASTER * RASTER)
    seen = bytearray(RASTER * RASTER)
    for start in range(RASTER * RASTER):
        if owner[start] != -1 or seen[start]:
            continue
        region = [start]
        seen[start] = 1
        for cell in region:
            for other in _NEIGHBOURS[cell]:
                if owner[other] == -1 and not seen[other]:
                    seen[other] = 1
                    region.append(other)
        found = [seed for cell in region for seed in seeds.get(cell, ())]
        if not found and inner is not None:  # the pocket of the field inside cities
            found = [(inner, (0.5, 0.5))]
        if not found:
            continue  # a pocket no field reaches: drawn as field, owned by none
        fields = {index for index, _ in found}
        for cell in region:
            field_cells[cell] = 1
            if len(fields) == 1:
                owner[cell] = found[0][0]
            else:
                centre = _CENTRES[cell]
                owner[cell] = min((_dist(centre, at), field) for field, at in found)[1]

    # Where two fields meet with no feature between them: a hedge, and a
    # conflict to report (the geometry alone does not separate them).
    hedges: list[Point] = []
    touching: set[tuple[int, int]] = set()
    for cell in range(RASTER * RASTER):
        if not field_cells[cell]:
            continue
        mine = owner[cell]
        for other in _FORWARD[cell]:
            if field_cells[other] and owner[other] != mine:
                touching.add((min(mine, owner[other]), max(mine, owner[other])))
                a, b = _CENTRES[cell], _CENTRES[other]
                hedges.append(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    return owner, sorted(touching), hedges


def _river_of(paths: Sequence[Path]) -> int:
    return next(p.segment for p in paths if p.kind == RIVER)


_ZERO_TO_FULL = [255] + [0] * 255
_FULL_TO_ONE = [0] + [1] * 255


def _distance_to_border(owner: list[int]) -> list[int]:
    """Per cell: steps (8-neighbour) to the nearest cell of another owner or
    the tile's edge: big in the middle of a region, 1 at its rim.

    Done with Pillow's rank filters: the rim is where the largest and the
    smallest owner in a 3×3 window differ (the tile's edge is padded with an
    owner of its own), and each erosion of the rest adds one step.
    """
    size = RASTER + 2
    labels = Image.new("L", (size, size), 255)
    labels.putdata([255] * size + [v for y in range(RASTER) for v in
                                   ([255] + [o + 1 for o in owner[y * RASTER:(y + 1) * RASTER]]
                                    + [255])] + [255] * size)
    high = labels.filter(ImageFilter.MaxFilter(3))
    low = labels.filter(ImageFilter.MinFilter(3))
    inside = ImageChops.subtract(high, low).point(_ZERO_TO_FULL)
    total = Image.new("L", (size, size), 1)
    ones = inside.point(_FULL_TO_ONE)
    while ones.getbbox():
        total = ImageChops.add(total, ones)
        inside = inside.filter(ImageFilter.MinFilter(3))
        ones = inside.point(_FULL_TO_ONE)
    return list(total.crop((1, 1, RASTER + 1, RASTER + 1)).tobytes())


def _cell_centre(cell: int) -> Point:
    return _CENTRES[cell]


def _anchors(segments: Sequence[Segment], kinds: Sequence[str], areas: Sequence[Area],
             paths: Sequence[Path], pools: Sequence[Pool], cloister: Point | None,
             owner: Sequence[int], distance: Sequence[int]) -> list[Point]:
    anchors: list[Point] = []
    cells_of: dict[int, list[int]] = {}
    for cell, who in enumerate(owner):
        if who >= 0:
            cells_of.setdefault(who, []).append(cell)
    for index, kind in enumerate(kinds):
        cells = cells_of.get(index, [])
        if kind == CLOISTER and cloister is not None:
            anchors.append(MONK_AT)
        elif kind == LAKE:
            pool = next((p for p in pools if p.segment == index), None)
            anchors.append(pool.centre if pool else MIDDLE)
        elif kind in (ROAD, RIVER):
            own = [p for p in paths if p.segment == index]
            if not own:
                anchors.append(MIDDLE)
                continue
            want = polyline_point(own[0].points, 0.5 if own[0].end is None else 0.4)
            anchors.append(_nearest_cell(want, cells))
        elif cells:
            # The deepest cell of the region; among near-equals, the one
            # closest to the region's middle, so figures sit where they look
            # like they belong.
            mx = sum(c % RASTER for c in cells) / len(cells) / RASTER + 0.5 / RASTER
            my = sum(c // RASTER for c in cells) / len(cells) / RASTER + 0.5 / RASTER
            best = max(distance[c] for c in cells)
            good = [c for c in cells if distance[c] >= min(best, 6) - 0]
            anchors.append(_nearest_cell((mx, my), good))
        else:
            anchors.append(MIDDLE)
    return anchors


def _nearest_cell(point: Point, cells: list[int]) -> Point:
    if not cells:
        return point
    best = min(cells, key=lambda c: (_dist(_cell_centre(c), point), c))
    return _cell_centre(best)


#: Glyph sizes (radius, unit square) of the goods and tile marks.
GLYPH_RADIUS = {
    "pennants": 0.085, "gold": 0.07, "mushrooms": 0.075, "deer": 0.1, "mammoth": 0.1,
    "tiger": 0.1, "aurochs": 0.1, "volcano": 0.16, "fire": 0.12, "dolmen": 0.12,
    "critter": 0.085, "inn": 0.11, "cathedral": 0.16, "wine": 0.095, "grain": 0.095,
    "cloth": 0.095,
}


def _place_goods(tile: TileType, segments: Sequence[Segment], kinds: Sequence[str],
                 pools: Sequence[Pool], owner: Sequence[int], distance: Sequence[int],
                 anchors: Sequence[Point]) -> list[Spot]:
    """Put each good's glyph in its segment where it has the most room,
    keeping clear of the figure's anchor and of the glyphs placed before."""
    spots: list[Spot] = []
    cells_of: dict[int, list[int]] = {}
    for cell, who in enumerate(owner):
        cells_of.setdefault(who, []).append(cell)
    taken: list[tuple[Point, float]] = []

    def place(what: str, cells: list[int], segment: int | None, keep_clear: list,
              near: Point | None = None) -> None:
        """The cell with the most room; with ``near``, the cell nearest to it
        among those with room for the glyph (else the roomiest)."""
        radius = GLYPH_RADIUS.get(what, 0.08)
        best, best_key = None, (9.0, 9.0)
        for cell in cells:
            centre = _cell_centre(cell)
            room = (distance[cell] - 0.5) / RASTER
            for other, other_radius in keep_clear + taken:
                room = min(room, _dist(centre, other) - other_radius)
            key = (-room, 0.0) if near is None or room < radius else \
                (-9.0, _dist(centre, near))
            if key < best_key:
                best, best_key = centre, key
        if best is not None:
            spots.append(Spot(what, segment, best, radius))
            taken.append((best, radius))

    field_cells = [c for c, who in enumerate(owner)
                   if who >= 0 and kinds[who] in OPEN_AREA_KINDS]
    field_anchors = [(anchors[i], FIGURE_RADIUS / 2) for i, kind in enumerate(kinds)
                     if kind in OPEN_AREA_KINDS]
    for index, segment in enumerate(segments):
        if kinds[index] == LAKE:
            continue  # fish are drawn inside the lake's circle
        anchor = [(anchors[index], FIGURE_RADIUS / 2)]
        for good, amount in segment.goods:
            if good == "fish":
                continue
            for _ in range(amount):
                if good == "inn":  # beside its road, in the field (IC-15)
                    place(good, field_cells, index, anchor + field_anchors, near=anchors[index])
                else:
                    place(good, cells_of.get(index, []), index, anchor)
    for mark in sorted(tile.marks):
        place(mark, field_cells, None, field_anchors)
    if tile.id in tile_set("winter") and tile_set("winter")[tile.id] is tile:
        # The Winter Edition's animal tiles: a small animal as decoration.
        place("critter", field_cells, None, field_anchors)
    return spots


_LATTICE = 7  # raster cells between two houses, trees or tufts


def _decorations(kinds: Sequence[str], owner: Sequence[int], distance: Sequence[int],
                 spots: Sequence[Spot], anchors: Sequence[Point]) -> list[tuple[str, Point]]:
    """Houses in cities, trees in forests, tufts on fields: on a staggered
    lattice, deep enough in their region and clear of glyphs and figures."""
    keep_clear = [(s.centre, s.radius) for s in spots] + [(a, FIGURE_RADIUS * 0.8)
                                                          for a in anchors]
    found = []
    for what, wanted, offset, min_depth in (("house", (CITY,), 0, 3), ("tree", (FOREST,), 0, 3),
                                            ("grass", tuple(OPEN_AREA_KINDS) + (None,), 3, 2)):
        for row in range(offset, RASTER, _LATTICE):
            shift = (_LATTICE // 2) if (row // _LATTICE) % 2 else 0
            for col in range(offset + shift, RASTER, _LATTICE):
                cell = row * RASTER + col
                who = owner[cell]
                kind = kinds[who] if who >= 0 else None
                if kind not in wanted or distance[cell] < min_depth:
                    continue
                centre = _CENTRES[cell]
                if any(_dist(centre, c) < r + 0.06 for c, r in keep_clear):
                    continue
                found.append((what, centre))
    return found
