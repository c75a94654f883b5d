"""The tile catalogues as data (docs/rules/README.md)."""

from collections import Counter

import pytest

from engine.errors import TileDataError
from engine.geometry import PORT_NAMES, opposite_point, rotate_point
from engine.tiles import CITY, CLOISTER, FIELD, ROAD, parse_tile
from engine.tilesets import all_tiles, tile_set


def total(tiles) -> int:
    return sum(tile.count for tile in tiles.values())


def test_base_game_has_72_tiles_in_24_types_with_10_pennants_and_6_cloisters():  # B-2
    base = tile_set("base")
    assert len(base) == 24 and total(base) == 72
    assert sorted(base) == sorted("ABCDEFGHIJKLMNOPQRSTUVWX")
    pennants = sum(t.count * s.count("pennants") for t in base.values() for s in t.segments)
    cloisters = sum(t.count for t in base.values() if t.cloister_segment >= 0)
    assert (pennants, cloisters) == (10, 6)


def test_river_has_12_tiles_and_winter_adds_12():  # R-1, W-2
    assert total(tile_set("river")) == 12
    assert total(tile_set("base")) + total(tile_set("winter")) == 84


def test_hunters_and_gatherers_totals_match_the_catalogue():  # HG-2, HG-3
    tiles = tile_set("hunters")
    land = [t for t in tiles if not t.startswith("HB")]
    bonus = [t for t in tiles if t.startswith("HB")]
    assert (len(land), len(bonus)) == (79, 12)
    goods = Counter()
    for tile in tiles.values():
        for segment in tile.segments:
            for good, amount in segment.goods:
                goods[good] += amount
    assert goods["deer"] == 42 and goods["mammoth"] == 9 and goods["tiger"] == 13
    assert goods["aurochs"] == 3 and goods["fish"] == 40 and goods["gold"] == 30
    assert goods["mushrooms"] == 2


def symbols(tiles, good: str) -> int:
    return sum(t.count * s.count(good) for t in tiles.values() for s in t.segments)


def test_inns_and_cathedrals_has_18_tiles_6_inns_and_2_cathedrals():  # IC-1, IC-20, IC-O4
    tiles = tile_set("inns_cathedrals")
    assert len(tiles) == 17 and total(tiles) == 18
    assert (symbols(tiles, "inn"), symbols(tiles, "cathedral")) == (6, 2)
    assert all(sum(s.count("inn") for s in t.segments) <= 1 for t in tiles.values())
    cathedral = tiles["IC1"]  # one city segment on all four edges, no pennant, no field
    assert [(s.kind, s.edges, s.count("pennants")) for s in cathedral.segments] == [
        (CITY, (0, 1, 2, 3), 0)]


def test_traders_and_builders_has_24_tiles_and_20_goods():  # TB-1, TB-2
    tiles = tile_set("traders_builders")
    assert len(tiles) == 24 and total(tiles) == 24
    assert [symbols(tiles, good) for good in ("wine", "grain", "cloth")] == [9, 6, 5]
    plain = [t.id for t in tiles.values() if not any(
        s.count(good) for s in t.segments for good in ("wine", "grain", "cloth"))]
    assert plain == ["TB21", "TB22", "TB23", "TB24"]
    for tile in tiles.values():  # every symbol stands on a city segment (TB-9)
        for segment in tile.segments:
            if any(segment.count(good) for good in ("wine", "grain", "cloth")):
                assert segment.kind == CITY


def test_bridge_and_cloister_junction():  # TB-8
    tiles = tile_set("traders_builders")
    bridge = tiles["TB24"]  # two roads running on, four separate fields
    assert sorted(s.edges for s in bridge.segments if s.kind == ROAD) == [(0, 2), (1, 3)]
    assert [s.kind for s in bridge.segments].count(FIELD) == 4
    junction = tiles["TB23"]  # three roads, each ending at the cloister
    assert sorted(s.edges for s in junction.segments if s.kind == ROAD) == [(1,), (2,), (3,)]
    assert [s.kind for s in junction.segments].count(CLOISTER) == 1


@pytest.mark.parametrize("tile", list(all_tiles().values()), ids=lambda t: t.id)
def test_every_border_point_belongs_to_one_segment_in_every_rotation(tile):
    for oriented in tile.orientations:
        owners = [oriented.point_segment[p] for p in range(12)]
        assert -1 not in owners
        for index in range(len(tile.segments)):
            port = oriented.port_name(index)
            if port is None:  # a lake on a tile with two lakes: named by its rivers
                assert tile.segments[index].kind == "lake"
                continue
            assert oriented.point_segment[PORT_NAMES.index(port)] == index


def test_rotation_turns_the_north_edge_to_the_east():  # D-1
    tile = tile_set("base")["E"]
    assert tile.orientations[0].edges == (CITY, FIELD, FIELD, FIELD)
    assert tile.orientations[1].edges == (FIELD, CITY, FIELD, FIELD)
    assert rotate_point(PORT_NAMES.index("NNW"), 1) == PORT_NAMES.index("ENE")


def test_points_meet_their_mirror_across_an_edge():
    assert PORT_NAMES[opposite_point(PORT_NAMES.index("NNW"))] == "SSW"
    assert PORT_NAMES[opposite_point(PORT_NAMES.index("E"))] == "W"
    assert PORT_NAMES[opposite_point(PORT_NAMES.index("ENE"))] == "WNW"


def test_fields_know_the_cities_they_border_and_not_corner_ones():  # F-17
    d = tile_set("base")["D"]
    fields = [s for s in d.segments if s.kind == FIELD]
    assert [len(f.cities) for f in fields] == [1, 0]
    i = tile_set("base")["I"]  # two cities on adjacent edges, one field touching both
    (field,) = [s for s in i.segments if s.kind == FIELD]
    assert len(field.cities) == 2


def test_junction_roads_are_separate_segments():  # F-9
    x = tile_set("base")["X"]
    assert [s.kind for s in x.segments].count(ROAD) == 4
    a = tile_set("base")["A"]
    assert {s.kind for s in a.segments} == {CLOISTER, ROAD, FIELD}


def test_a_bad_catalogue_row_is_reported():
    with pytest.raises(TileDataError, match="tile Z: field edge 2 is split"):
        parse_tile("Z | 1 | C F F F | city{N} | [ENE,ESE] | broken", "carcassonne")
