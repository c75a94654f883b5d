"""Tile art: every tile of every set, drawn from its data, in all rotations."""

import pytest
from render_support import close, nearest

from engine.tiles import CITY, FIELD, FOREST, MEADOW, RIVER, ROAD
from engine.tilesets import all_tiles, tile_set
from render import render_hand, render_tile
from render.layout import CLOISTER_AT, RASTER, tile_layout
from render.theme import CLASSIC, HUNTERS, WINTER, theme_for_tile

ALL = sorted(all_tiles())
SIZE = 96


def palette(theme):
    names = ("field", "field_mark", "hedge", "city", "city_roof", "wall", "road", "road_edge",
             "river", "river_edge", "lake", "forest", "forest_mark", "cloister_wall",
             "cloister_roof", "pennant", "tile_edge")
    return {name: getattr(theme, name) for name in names}


EXPECTED = {
    CITY: {"city"}, ROAD: {"road"}, RIVER: {"river", "lake"}, FOREST: {"forest", "forest_mark"},
    FIELD: {"field", "field_mark"}, MEADOW: {"field", "field_mark"},
}


def edge_samples(direction: int, fractions, inset: int = 3):
    """Pixels just inside edge ``direction`` (N E S W), at fractions along it."""
    last = SIZE - 1 - inset
    for f in fractions:
        along = round(f * (SIZE - 1))
        yield [(along, inset), (last, along), (SIZE - 1 - along, last), (inset, SIZE - 1 - along)][
            direction]


@pytest.mark.parametrize("tile_id", ALL)
def test_every_tile_draws_its_edges_in_every_rotation(tile_id):
    tile = all_tiles()[tile_id]
    theme = theme_for_tile(tile)
    colours = palette(theme)
    for rotation in (0, 90, 180, 270):
        image = render_tile(tile, rotation, size=SIZE)
        assert image.size == (SIZE, SIZE) and image.mode == "RGB"
        edges = tile.orientations[rotation // 90].edges
        for direction, kind in enumerate(edges):
            linear = kind in (ROAD, RIVER)
            fractions = (0.48, 0.5, 0.52) if linear else (0.2, 0.3, 0.4, 0.6, 0.7, 0.8)
            if kind in (FIELD, MEADOW):
                # Beside any road or river; an animal may stand near the edge.
                fractions = (0.1, 0.15, 0.2, 0.25, 0.3, 0.7, 0.75, 0.8, 0.85, 0.9)
            seen = [nearest(image.getpixel(p), colours)
                    for p in edge_samples(direction, fractions)]
            hits = sum(name in EXPECTED[kind] for name in seen)
            assert hits * 2 > len(seen), (tile_id, rotation, "NESW"[direction], kind, seen)


@pytest.mark.parametrize("tile_id", ALL)
def test_every_field_is_a_region_and_fields_meet_only_at_hedges(tile_id):
    tile = all_tiles()[tile_id]
    for quarter in range(4):
        layout = tile_layout(tile, quarter)
        owners = set(layout.owner)
        for index, segment in enumerate(tile.segments):
            assert index in owners, (tile_id, quarter, index, segment.kind)
        # Fields that share an open region are parted by a drawn hedge.
        assert bool(layout.field_conflicts) == bool(layout.hedges)


def test_rotation_turns_the_layout():
    tile = tile_set("base")["N"]  # city on N and W
    for quarter in range(4):
        layout = tile_layout(tile, quarter)
        city = next(i for i, s in enumerate(tile.segments) if s.kind == CITY)
        corner = [(0.05, 0.05), (0.95, 0.05), (0.95, 0.95), (0.05, 0.95)][quarter]
        opposite = [(0.9, 0.9), (0.1, 0.9), (0.1, 0.1), (0.9, 0.1)][quarter]
        assert layout.owner_at(corner) == city
        assert layout.owner_at(opposite) != city


def pixel_at(image, unit):
    return image.getpixel((min(SIZE - 1, int(unit[0] * SIZE)), min(SIZE - 1, int(unit[1] * SIZE))))


def test_corner_city_covers_its_corner_only():
    image = render_tile("N", 0, size=SIZE)  # city covering N and W
    assert close(pixel_at(image, (0.08, 0.5)), CLASSIC.city)
    assert close(pixel_at(image, (0.5, 0.06)), CLASSIC.city)
    assert nearest(pixel_at(image, (0.8, 0.8)), palette(CLASSIC)) in {"field", "field_mark"}


def test_separate_cities_are_visibly_separate():
    for tile_id, quarter in (("I", 0), ("H", 0), ("I", 1), ("RV3", 0)):
        tile = all_tiles()[tile_id]
        layout = tile_layout(tile, quarter)
        image = render_tile(tile, quarter * 90, size=SIZE)
        cities = [i for i, s in enumerate(tile.segments) if s.kind == CITY]
        assert len(cities) == 2
        a, b = (layout.anchor(i) for i in cities)
        between = [nearest(pixel_at(image, (a[0] + (b[0] - a[0]) * k / 20,
                                            a[1] + (b[1] - a[1]) * k / 20)), palette(CLASSIC))
                   for k in range(21)]
        assert "wall" in between, (tile_id, between)


def test_junction_and_dead_end_are_marked_at_the_centre():
    for tile_id in ("W", "X", "L", "WE11"):
        image = render_tile(tile_id, size=SIZE)
        assert nearest(pixel_at(image, (0.5, 0.5)), palette(CLASSIC)) in {"road_edge", "road"}
        layout = tile_layout(all_tiles()[tile_id], 0)
        assert any(how in ("junction", "dead-end") for how, _ in layout.markers)


def test_road_into_a_city_stops_at_its_gate():
    layout = tile_layout(tile_set("winter")["WE8"], 0)  # road from S into a city N
    (road,) = [p for p in layout.paths if p.kind == ROAD]
    assert road.end == "gate"
    assert 0.2 < road.points[-1][1] < 0.45  # at the city's wall, not the far edge


def test_cloister_lake_and_goods_are_drawn():
    image = render_tile("B", size=SIZE)
    cx, cy = CLOISTER_AT
    assert nearest(pixel_at(image, (cx - 0.09, cy + 0.07)), palette(CLASSIC)) == "cloister_wall"
    assert nearest(pixel_at(image, (cx + 0.03, cy - 0.07)), palette(CLASSIC)) == "cloister_roof"
    hunters = all_tiles()
    for tile_id, good in (("H31", "gold"), ("HB01", "mushrooms"), ("H62", "deer"),
                          ("H61", "mammoth"), ("H32", "tiger"), ("HB11", "aurochs"),
                          ("HS", "volcano"), ("HB07", "fire"), ("HB12", "dolmen"),
                          ("M", "pennants")):
        spots = [s.what for s in tile_layout(hunters[tile_id], 0).spots]
        assert good in spots, (tile_id, spots)
    layout = tile_layout(hunters["H02"], 0)
    (pool,) = layout.pools
    image = render_tile("H02", size=SIZE)
    edge = (pool.centre[0] + pool.radius * 0.8, pool.centre[1])
    assert close(pixel_at(image, edge), HUNTERS.lake, 30)


def test_every_good_and_mark_of_the_data_gets_a_spot():
    for tile in all_tiles().values():
        layout = tile_layout(tile, 0)
        wanted = sum(n for s in tile.segments for g, n in s.goods if g != "fish")
        wanted += len(tile.marks)
        drawn = [s for s in layout.spots if s.what != "critter"]
        assert len(drawn) == wanted, tile.id
        for spot in drawn:
            assert 0 < spot.centre[0] < 1 and 0 < spot.centre[1] < 1


def test_themes_change_the_fields():
    assert close(pixel_at(render_tile("B", theme="winter", size=SIZE), (0.15, 0.5)),
                 WINTER.field, 20)
    assert close(pixel_at(render_tile("B", theme="classic", size=SIZE), (0.15, 0.5)),
                 CLASSIC.field, 20)
    assert render_tile("H61", size=SIZE).getpixel((10, 50)) != render_tile(
        "H61", theme="classic", size=SIZE).getpixel((10, 50))
    with pytest.raises(ValueError, match="unknown theme"):
        render_tile("B", theme="neon")


def test_render_tile_rejects_bad_input():
    with pytest.raises(ValueError, match="rotation"):
        render_tile("B", 45)
    with pytest.raises(ValueError, match="unknown tile"):
        render_tile("ZZ9")


def test_tile_art_is_cached_but_callers_get_copies():
    first = render_tile("D", 90)
    first.paste((255, 0, 0), (0, 0, 128, 128))
    assert render_tile("D", 90).getpixel((64, 64)) != (255, 0, 0)


def _find(image, tile_picture) -> list[tuple[int, int]]:
    """Where ``tile_picture`` appears in ``image`` (top-left corners), scanning rows."""
    want = tile_picture.tobytes()
    first = tile_picture.getpixel((0, 0))
    hits = []
    for y in range(image.height - tile_picture.height + 1):
        for x in range(image.width - tile_picture.width + 1):
            if image.getpixel((x, y)) == first and image.crop(
                    (x, y, x + tile_picture.width, y + tile_picture.height)).tobytes() == want:
                hits.append((x, y))
    return hits


def test_hand_shows_every_tile_of_the_hand_in_four_rotations():
    # Regression of issue 10: the hand picture showed one tile of three.
    hand = ["V", "E", "L"]
    image = render_hand(hand, size=48)
    rows = []
    for tile_id in hand:
        spots = [_find(image, render_tile(tile_id, rotation, size=48))
                 for rotation in (0, 90, 180, 270)]
        assert all(len(found) >= 1 for found in spots), tile_id
        rows.append({y for found in spots for _, y in found})
    # One row per tile, in the hand's order.
    tops = [min(row) for row in rows]
    assert tops == sorted(tops) and len(set(tops)) == 3
    with pytest.raises(ValueError):
        render_hand([])


def test_raster_is_square():
    assert len(tile_layout(all_tiles()["A"], 1).owner) == RASTER * RASTER
