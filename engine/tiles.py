"""Tile types as data: edges, segments, and their four orientations.

A :class:`TileType` is read from one line of a tile catalogue (see
``engine/tilesets``) written in the notation of ``docs/rules/README.md``.
Each tile is cut into :class:`Segment` s, the parts of features drawn on it; a
segment knows the border points it touches (see :mod:`engine.geometry`) and
what it carries (pennants, fish, animals...). :class:`OrientedTile` is a tile
type turned by 0, 90, 180 or 270 degrees, with every lookup the engine needs
in a hot loop precomputed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from .errors import TileDataError
from .geometry import (
    CENTRE,
    COMPASS_ORDER,
    PORT_INDEX,
    PORT_NAMES,
    ROTATIONS,
    Compass,
    compass_of,
    middle_point,
    opposite_point,
    rotate_point,
)

# Feature kinds. Plain strings: they hash fast and read well in records.
ROAD = "road"
CITY = "city"
FIELD = "field"
CLOISTER = "cloister"
RIVER = "river"
LAKE = "lake"
FOREST = "forest"
MEADOW = "meadow"

#: Kinds that cross an edge at its middle point only (fields lie beside them).
LINEAR_KINDS = frozenset({ROAD, RIVER})
#: Kinds that cover a whole edge.
AREA_KINDS = frozenset({CITY, FOREST, FIELD, MEADOW})
#: Kinds that close when no edge of theirs is left open.
CLOSABLE_KINDS = frozenset({ROAD, CITY, RIVER, FOREST})
#: Kinds that are fields in the sense of farms: bounded, never closed.
OPEN_AREA_KINDS = frozenset({FIELD, MEADOW})
#: The order features of a tile are offered in, to read naturally: by kind.
KIND_ORDER = {kind: index for index, kind in enumerate(
    (CITY, ROAD, CLOISTER, FIELD, FOREST, RIVER, LAKE, MEADOW))}

#: Goods a segment can carry, summed over a feature: pennants, Hunters and
#: Gatherers' gold, mushrooms, fish and animals, the inns and cathedrals of Inns &
#: Cathedrals, the trade goods of Traders & Builders.
GOODS = ("pennants", "gold", "mushrooms", "fish", "deer", "mammoth", "tiger", "aurochs",
         "inn", "cathedral", "wine", "grain", "cloth")
#: The trade goods of Traders & Builders, in the order reports list them (TB-2).
TRADE_GOODS = ("wine", "grain", "cloth")

#: Edge kinds by small code, for the board's frontier: code 0 is "no neighbour".
EDGE_KINDS: tuple[str | None, ...] = (None, FIELD, ROAD, CITY, RIVER, FOREST, MEADOW)
EDGE_CODE = {kind: code for code, kind in enumerate(EDGE_KINDS) if kind is not None}
#: Bits per edge in an edge code (see :func:`edge_code`).
EDGE_BITS = 3


def edge_code(edges: tuple[str | None, ...]) -> int:
    """Four edge kinds (N E S W, None for no neighbour) packed into one int:
    a tile's edges, or what a free position's neighbours demand of it."""
    code = 0
    for direction, kind in enumerate(edges):
        if kind is not None:
            code |= EDGE_CODE[kind] << (EDGE_BITS * direction)
    return code


def edge_at(code: int, direction: int) -> str | None:
    """The edge kind packed for ``direction`` in ``code``."""
    return EDGE_KINDS[(code >> (EDGE_BITS * direction)) & 7]


class Pile(StrEnum):
    """Where a tile waits before it is placed."""

    START = "start"  # on the map from the first turn (the River's spring, the volcano)
    RIVER = "river"  # the River's tiles, drawn before any land tile
    LAKE = "lake"  # the River's lake, drawn after the other river tiles
    LAND = "land"  # the bag
    BONUS = "bonus"  # Hunters and Gatherers' bonus tiles (HG-32)


class FitTable(dict):
    """Rotations (degrees) of a tile that meet each constraint (an :func:`edge_code`
    of what a free position's neighbours demand), worked out on first use.
    Subscripting it is the hot path of listing placements."""

    __slots__ = ("codes",)

    def __init__(self, edges: tuple[str, ...]) -> None:
        super().__init__()
        #: (rotation, edge code) of each orientation.
        self.codes = tuple((90 * q, edge_code(edges[-q:] + edges[:-q] if q else edges))
                           for q in range(4))

    def __missing__(self, constraint: int) -> tuple[int, ...]:
        mask = 0
        for direction in range(4):
            if (constraint >> (EDGE_BITS * direction)) & 7:
                mask |= 7 << (EDGE_BITS * direction)
        fitting = tuple(rotation for rotation, code in self.codes if code & mask == constraint)
        self[constraint] = fitting
        return fitting


_FITS_BY_EDGES: dict[tuple[str, ...], FitTable] = {}

#: Edge letters per game, as the catalogue writes them.
EDGE_LETTERS = {
    "carcassonne": {"C": CITY, "R": ROAD, "F": FIELD, "I": RIVER},
    "hunters-and-gatherers": {"W": FOREST, "M": MEADOW, "R": RIVER},
}
#: Field kind per game: the kind of the bracketed half-edge lists.
FIELD_KIND = {"carcassonne": FIELD, "hunters-and-gatherers": MEADOW}


@dataclass(frozen=True)
class Segment:
    """The part of one feature drawn on one tile, in reference orientation."""

    kind: str
    points: frozenset[int]
    #: Goods on this segment: pennants, gold, fish, animals (see :data:`GOODS`).
    goods: tuple[tuple[str, int], ...] = ()
    #: For a field: indices of the city segments it borders on this tile.
    cities: tuple[int, ...] = ()
    #: For a river: index of the lake segment it flows into on this tile, if any.
    lake: int | None = None

    @property
    def edges(self) -> tuple[int, ...]:
        """Directions whose middle point this segment holds."""
        return tuple(d for d in range(4) if middle_point(d) in self.points)

    def count(self, good: str) -> int:
        for name, amount in self.goods:
            if name == good:
                return amount
        return 0


@dataclass(eq=False)
class TileType:
    """One kind of tile: its edges, segments and catalogue facts."""

    id: str
    count: int
    game: str
    edges: tuple[str, str, str, str]
    segments: tuple[Segment, ...]
    #: Tile-wide marks: ``volcano``, ``fire``, ``dolmen``, the River's ``spring`` and ``lake``.
    marks: frozenset[str] = frozenset()
    description: str = ""
    pile: Pile = Pile.LAND
    orientations: tuple[OrientedTile, ...] = field(default=(), compare=False, repr=False)
    fits: FitTable = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.orientations = tuple(OrientedTile(self, r) for r in range(4))
        #: Rotations meeting each constraint: ``fits[constraint]``. Tiles with the
        #: same edges fit the same way: they share one table.
        self.fits = _FITS_BY_EDGES.get(self.edges) or _FITS_BY_EDGES.setdefault(
            self.edges, FitTable(self.edges))
        #: Index of its cloister segment, or -1.
        self.cloister_segment = next(
            (i for i, s in enumerate(self.segments) if s.kind == CLOISTER), -1)

    def __str__(self) -> str:
        return self.id

    def fitting_rotations(self, constraint: int) -> tuple[int, ...]:
        """Rotations in degrees whose edges meet ``constraint``, the :func:`edge_code`
        of what a free position's neighbours demand.

        Cached per constraint: this lookup is what keeps listing placements
        cheap (one dictionary hit per kind of open position). A symmetric tile
        fits in several rotations; each is a distinct move in the record.
        """
        return self.fits[constraint]

    def has_kind(self, kind: str) -> bool:
        return any(segment.kind == kind for segment in self.segments)


class OrientedTile:
    """A tile type turned clockwise by ``quarter_turns`` × 90°."""

    __slots__ = ("type", "quarter_turns", "edges", "edge_code", "point_segment",
                 "segment_points", "segment_edges", "port_names", "segment_ports",
                 "segment_compass", "reading_order", "new_features", "joins", "demands",
                 "closable")

    def __init__(self, tile_type: TileType, quarter_turns: int) -> None:
        self.type = tile_type
        self.quarter_turns = quarter_turns
        edges: list[str] = [""] * 4
        for direction, kind in enumerate(tile_type.edges):
            edges[(direction + quarter_turns) % 4] = kind
        self.edges: tuple[str, ...] = tuple(edges)
        self.edge_code = edge_code(self.edges)
        #: Per direction: what this tile demands of a free position on that side
        #: (its edge there, packed for the neighbour's opposite side).
        self.demands = tuple(EDGE_CODE[kind] << (EDGE_BITS * ((direction + 2) % 4))
                             for direction, kind in enumerate(self.edges))
        point_segment: list[int] = [-1] * 13
        segment_points: list[tuple[int, ...]] = []
        for index, segment in enumerate(tile_type.segments):
            turned = tuple(sorted(rotate_point(p, quarter_turns) for p in segment.points))
            segment_points.append(turned)
            for point in turned:
                point_segment[point] = index
        #: Segment index at each border point (and at the centre, or -1).
        self.point_segment: tuple[int, ...] = tuple(point_segment)
        #: Border points of each segment, in board directions.
        self.segment_points: tuple[tuple[int, ...], ...] = tuple(segment_points)
        #: Edge directions (middle points) of each segment, in board directions.
        self.segment_edges: tuple[tuple[int, ...], ...] = tuple(
            tuple(p // 3 for p in points if p != CENTRE and p % 3 == 1)
            for points in segment_points
        )
        #: Canonical port of each segment (see :meth:`port_name`).
        self.port_names: tuple[str | None, ...] = tuple(
            self.port_name(i) for i in range(len(tile_type.segments)))
        #: Every port of each segment, clockwise from the north-west corner, the centre last.
        self.segment_ports: tuple[tuple[str, ...], ...] = tuple(
            tuple(PORT_NAMES[p] for p in points) for points in segment_points)
        #: Where each segment lies on the tile, in board directions.
        self.segment_compass: tuple[Compass, ...] = tuple(
            compass_of(points) for points in segment_points)
        #: Per segment, what its new feature starts with: kind, open edges, goods
        #: (a read-only mapping), the cities it borders and the lake it flows into
        #: (segment indices of this tile).
        self.new_features = tuple(
            (s.kind, len(self.segment_edges[i]) if s.kind in CLOSABLE_KINDS else 0,
             MappingProxyType(dict(s.goods)), s.cities, s.lake)
            for i, s in enumerate(tile_type.segments))
        #: Segments whose features can close (roads, cities, rivers, forests).
        self.closable = tuple(i for i, s in enumerate(tile_type.segments)
                              if s.kind in CLOSABLE_KINDS)
        #: Per edge direction, how this tile joins a neighbour there: (own segment,
        #: the neighbour's point it meets, whether the shared edge closes), for the
        #: middle and, beside a road or river, both halves.
        self.joins = tuple(self._joins(direction) for direction in range(4))
        #: Segment indices in reading order: by kind, then clockwise from north.
        self.reading_order: tuple[int, ...] = tuple(sorted(
            range(len(tile_type.segments)),
            key=lambda i: (KIND_ORDER[tile_type.segments[i].kind],
                           COMPASS_ORDER[self.segment_compass[i]], segment_points[i][:1])))

    def _joins(self, direction: int) -> tuple[tuple[int, int, bool], ...]:
        middle = middle_point(direction)
        mine = self.point_segment[middle]
        kind = self.type.segments[mine].kind
        points = (middle, middle - 1, middle + 1) if kind in LINEAR_KINDS else (middle,)
        return tuple((self.point_segment[p], opposite_point(p),
                      p == middle and kind in CLOSABLE_KINDS) for p in points)

    @property
    def rotation(self) -> int:
        return ROTATIONS[self.quarter_turns]

    def port_name(self, segment: int) -> str | None:
        """The canonical port naming ``segment``: middle of its first edge for
        roads, cities, rivers and forests; its first half-edge for fields; the
        centre for cloisters and lakes. None for a lake on a tile with two
        (its rivers' ports name its river system)."""
        points = self.segment_points[segment]
        kind = self.type.segments[segment].kind
        if kind in (CLOISTER, LAKE):
            return "C" if CENTRE in points else None
        if kind not in OPEN_AREA_KINDS:
            for point in points:
                if point % 3 == 1:
                    return PORT_NAMES[point]
        return PORT_NAMES[points[0]]

    def __repr__(self) -> str:
        return f"<OrientedTile {self.type.id} {self.rotation}°>"


# --------------------------------------------------------------------------
# The catalogue notation.

_HALF_EDGE = {"NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"}
_FEATURE = re.compile(r"^(road|city|river|forest)\{([NESW]+)\}((?:\+\w+)*)(?:->(\w+))?$")
_LAKE = re.compile(r"^(\w+):lake((?:\s+\w+=\d+)*)$")
_FIELD = re.compile(r"^\[([A-Z,]+)\]((?:>C[NESW]+(?:/C[NESW]+)*)?)((?:\s+\w+=\d+)*)$")
_MARKS = {"volcano", "fire", "dolmen", "spring", "lake"}


def _edge_points(directions: str) -> set[int]:
    return {"NESW".index(letter) for letter in directions}


def _parse_amounts(text: str) -> list[tuple[str, int]]:
    amounts = []
    for item in text.split():
        name, _, value = item.partition("=")
        amounts.append((name, int(value)))
    return amounts


def parse_tile(line: str, game: str, pile: Pile = Pile.LAND) -> TileType:
    """Parse one catalogue row: ``id | n | N E S W | items... [| fields | description]``.

    Both notations of the catalogue are accepted: the base game's (features
    and fields in separate columns, separated by spaces) and Hunters and
    Gatherers' (one column of items separated by semicolons).
    """
    columns = [column.strip() for column in line.split("|")]
    if len(columns) < 4:
        raise TileDataError(f"tile row has too few columns: {line!r}")
    tile_id = columns[0].split()[0]
    try:
        count = int(columns[1])
        letters = EDGE_LETTERS[game]
        edges = tuple(letters[letter] for letter in columns[2].split())
    except (ValueError, KeyError) as error:
        raise TileDataError(f"tile {tile_id}: bad count or edges: {error}") from None
    if len(edges) != 4:
        raise TileDataError(f"tile {tile_id}: needs four edges")
    if ";" in columns[3] or len(columns) == 4:
        items = [item.strip() for item in columns[3].split(";") if item.strip()]
        description = ""
    else:
        items = columns[3].split()
        if columns[4] != "-":
            items += re.findall(r"\[[^\]]*\](?:>\S+)?", columns[4])
        description = columns[5] if len(columns) > 5 else ""
    return _build_tile(tile_id, count, game, edges, items, description, pile)


def _build_tile(tile_id: str, count: int, game: str,  # noqa: C901
                edges: tuple[str, str, str, str], items: list[str], description: str,
                pile: Pile) -> TileType:
    field_kind = FIELD_KIND[game]
    segments: list[dict] = []
    lakes: dict[str, int] = {}
    river_lakes: list[tuple[int, str]] = []
    fields: list[tuple[dict, list[str]]] = []
    marks: set[str] = set()
    for item in items:
        if item in _MARKS:
            marks.add(item)
        elif item == "cloister":
            segments.append({"kind": CLOISTER, "points": {CENTRE}, "goods": []})
        elif match := _FEATURE.match(item):
            kind, directions, extras, lake = match.groups()
            points = set()
            for direction in _edge_points(directions):
                if kind in AREA_KINDS:
                    points |= {3 * direction, 3 * direction + 1, 3 * direction + 2}
                else:
                    points.add(middle_point(direction))
            goods: dict[str, int] = {}
            for extra in filter(None, extras.split("+")):
                name = "pennants" if extra == "pennant" else extra
                goods[name] = goods.get(name, 0) + 1
            segments.append({"kind": kind, "points": points, "goods": list(goods.items())})
            if lake:
                river_lakes.append((len(segments) - 1, lake))
        elif match := _LAKE.match(item):
            name, amounts = match.groups()
            lakes[name] = len(segments)
            segments.append({"kind": LAKE, "points": set(), "goods": _parse_amounts(amounts)})
        elif match := _FIELD.match(item):
            ports, cities, amounts = match.groups()
            if ports == "ALL":
                points = {p for p in range(12) if p % 3 != 1}
            elif ports == "C":  # a field that touches no edge, enclosed by cities
                points = {CENTRE}
            else:
                names = ports.split(",")
                if not set(names) <= _HALF_EDGE:
                    raise TileDataError(f"tile {tile_id}: bad half-edges in {item!r}")
                points = {PORT_INDEX[name] for name in names}
            segment = {"kind": field_kind, "points": points, "goods": _parse_amounts(amounts)}
            segments.append(segment)
            fields.append((segment, [c[1:] for c in cities.lstrip(">").split("/") if c]))
        else:
            raise TileDataError(f"tile {tile_id}: cannot read {item!r}")

    # A lake is the tile centre when it is the only one; several lakes have no port.
    if len(lakes) == 1:
        segments[next(iter(lakes.values()))]["points"] = {CENTRE}
    for river, lake in river_lakes:
        if lake not in lakes:
            raise TileDataError(f"tile {tile_id}: river flows into unknown lake {lake!r}")
        segments[river]["lake"] = lakes[lake]
    # The middle of an all-field edge belongs to the field holding its halves.
    for direction, kind in enumerate(edges):
        if kind == field_kind:
            halves = {3 * direction, 3 * direction + 2}
            owners = [s for s, _ in fields if halves <= s["points"]]
            if len(owners) != 1:
                raise TileDataError(f"tile {tile_id}: {kind} edge {direction} is split")
            owners[0]["points"].add(middle_point(direction))
    for segment, city_edges in fields:
        cities = []
        for edges_text in city_edges:
            wanted = _edge_points(edges_text)
            matches = [
                index for index, s in enumerate(segments)
                if s["kind"] == CITY and {p // 3 for p in s["points"]} == wanted
            ]
            if len(matches) != 1:
                raise TileDataError(f"tile {tile_id}: no city with edges {edges_text}")
            cities.append(matches[0])
        segment["cities"] = tuple(cities)

    # Fire and the dolmen belong to the tile's meadow (HG-61, HG-64): carried as
    # goods, they travel with the meadow when it joins others.
    for mark in marks & {"fire", "dolmen"}:
        for segment in segments:
            if segment["kind"] == field_kind:
                segment["goods"] = [*segment["goods"], (mark, 1)]
    built = tuple(
        Segment(
            kind=s["kind"],
            points=frozenset(s["points"]),
            goods=tuple(s["goods"]),
            cities=s.get("cities", ()),
            lake=s.get("lake"),
        )
        for s in segments
    )
    tile = TileType(tile_id, count, game, edges, built, frozenset(marks), description, pile)
    _check_tile(tile)
    return tile


def _check_tile(tile: TileType) -> None:
    """Every border point belongs to exactly one segment, of the edge's kind."""
    owners: dict[int, int] = {}
    for index, segment in enumerate(tile.segments):
        for point in segment.points:
            if point in owners:
                raise TileDataError(f"tile {tile.id}: point {PORT_NAMES[point]} claimed twice")
            owners[point] = index
    for point in range(12):
        if point not in owners:
            raise TileDataError(f"tile {tile.id}: point {PORT_NAMES[point]} belongs to nothing")
    for direction, kind in enumerate(tile.edges):
        middle = tile.segments[owners[middle_point(direction)]].kind
        if middle != kind:
            raise TileDataError(
                f"tile {tile.id}: edge {'NESW'[direction]} is {kind} but its middle is {middle}"
            )


def parse_catalogue(text: str, game: str, piles: dict[str, Pile] | None = None,
                    pile: Pile = Pile.LAND) -> tuple[TileType, ...]:
    """Parse every tile row of a catalogue text (``#`` starts a comment); each
    tile goes to ``piles[id]``, else to ``pile``."""
    piles = piles or {}
    tiles = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            tile_id = line.split("|", 1)[0].split()[0]
            tiles.append(parse_tile(line, game, piles.get(tile_id, pile)))
    return tuple(tiles)
