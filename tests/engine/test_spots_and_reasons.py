"""Follower spots in words (compass, ports, reading order), illegal moves as data,
and who owns what on the map."""

import json
import random
from pathlib import Path

import pytest

from engine import (
    HUT,
    MEEPLE,
    Compass,
    Game,
    IllegalMoveError,
    Options,
    Place,
    Placement,
    Reason,
    replay,
)
from engine.geometry import COMPASS_ORDER, PORT_INDEX
from engine.selfplay import play_random_moves
from engine.tiles import KIND_ORDER
from engine.tilesets import all_tiles

RECORDS = Path(__file__).resolve().parent.parent / "records"


def start(options=None) -> Game:
    return Game.new(["A", "B"], options or Options(), seed=1)


def spots(game, placement, tile):
    return [(o.figure, o.kind, o.compass, o.ports) for o in game.legal_figures(placement, tile)]


def test_spots_on_a_city_and_road_tile_read_city_road_then_fields_north_to_south():
    # D east of the start D: its road meets the start road; city north, fields either side.
    assert spots(start(), Placement(1, 0, 0), "D") == [
        (MEEPLE, "city", Compass.N, ("NNW", "N", "NNE")),
        (MEEPLE, "road", Compass.CENTRE, ("E", "W")),
        (MEEPLE, "field", Compass.N, ("ENE", "WNW")),
        (MEEPLE, "field", Compass.S, ("ESE", "SSE", "S", "SSW", "WSW")),
    ]


def test_spots_follow_the_rotation_in_board_directions():
    # V (road curve S-W) turned 90 degrees: the road runs W-N, the small field lies inside it.
    assert spots(start(), Placement(1, 0, 90), "V") == [
        (MEEPLE, "road", Compass.NW, ("N", "W")),
        (MEEPLE, "field", Compass.SE, ("NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW")),
        (MEEPLE, "field", Compass.NW, ("NNW", "WNW")),
    ]


def test_a_cloister_is_at_the_centre():
    options = start().legal_figures(Placement(1, 0, 90), "A")  # its road west to the start road
    assert [(o.kind, o.compass) for o in options] == [
        ("road", Compass.W), ("cloister", Compass.CENTRE), ("field", Compass.E)]


@pytest.mark.parametrize("options", [Options(), Options(river=True),
                                     Options(game="hunters-and-gatherers", hand=2)], ids=str)
def test_spots_come_followers_first_then_by_kind_then_clockwise_from_north(options):
    game = play_random_moves(Game.new(["A", "B"], options, seed=4), random.Random(4), 8)
    seen = 0
    for tile in game.hand:
        for placement in game.legal_placements(tile):
            found = game.legal_figures(placement, tile)
            keys = [(o.figure != MEEPLE, KIND_ORDER[o.kind], COMPASS_ORDER[o.compass],
                     PORT_INDEX[o.ports[0]] if o.ports else 13) for o in found]
            assert keys == sorted(keys)
            for option in found:
                assert option.port in option.ports
                oriented = tile.orientations[placement.quarter_turns]
                assert oriented.point_segment[PORT_INDEX[option.port]] == option.segment
            assert found == game.legal_figures(placement, tile)  # deterministic
            seen += len(found)
    assert seen


def test_huts_come_after_the_tribe_members():
    game = Game.new(["A", "B"], Options(game="hunters-and-gatherers"), seed=2)
    for tile_id in ("H02", "H04", "H14"):
        for placement in game.legal_placements(tile_id):
            figures = [o.figure for o in game.legal_figures(placement, tile_id)]
            if HUT in figures:
                first_hut = figures.index(HUT)
                assert set(figures[first_hut:]) == {HUT} and MEEPLE in figures[:first_hut]
                return
    pytest.fail("no placement offered a hut")


@pytest.mark.parametrize("tile", list(all_tiles().values()), ids=lambda t: t.id)
def test_every_segment_of_every_tile_has_a_compass_point(tile):
    for oriented in tile.orientations:
        assert sorted(oriented.reading_order) == list(range(len(tile.segments)))
        for index, segment in enumerate(tile.segments):
            compass = oriented.segment_compass[index]
            if segment.kind in ("cloister", "lake"):
                assert compass == Compass.CENTRE
            turned = tile.orientations[(oriented.quarter_turns + 1) % 4].segment_compass[index]
            if compass != Compass.CENTRE:  # a quarter turn clockwise moves it two points on
                order = list(Compass)[:8]
                assert turned == order[(order.index(compass) + 2) % 8]


# ----------------------------------------------------------------------
# Illegal moves as data


def error_records():
    for path in sorted(RECORDS.glob("*/*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if "error" in doc["expect"]:
            yield pytest.param(doc["record"], id=f"{path.parent.name}/{path.stem}")


@pytest.mark.parametrize("record", list(error_records()))
def test_every_illegal_move_of_the_rule_records_says_why_as_data(record):
    with pytest.raises(IllegalMoveError) as error:
        replay(record)
    assert isinstance(error.value.reason, Reason), str(error.value)
    assert str(error.value.rule) in str(error.value)


@pytest.mark.parametrize(("turns", "reason", "facts"), [
    ([{"tile": "E", "x": 5, "y": 5, "rotation": 0}], Reason.NOT_ADJACENT,
     {"tile": "E", "x": 5, "y": 5, "rotation": 0}),
    ([{"tile": "E", "x": 0, "y": 0, "rotation": 0}], Reason.POSITION_TAKEN,
     {"tile": "E", "x": 0, "y": 0, "rotation": 0}),
    ([{"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "C"}], Reason.NO_FEATURE_AT_PORT,
     {"tile": "E", "x": 0, "y": -1, "rotation": 180, "port": "C"}),
    ([{"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "Q"}], Reason.UNKNOWN_PORT,
     {"port": "Q"}),
    ([{"tile": "E", "x": 0, "y": -1, "rotation": 45}], Reason.BAD_ROTATION, {"rotation": 45}),
    ([{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "E"},
      {"tile": "U", "x": 2, "y": 0, "rotation": 0, "meeple": "W"}], Reason.FEATURE_OCCUPIED,
     {"tile": "U", "x": 2, "y": 0, "rotation": 0, "port": "W", "kind": "road"}),
])
def test_illegal_moves_carry_their_facts(turns, reason, facts):
    record = {"players": ["A", "B"], "start": {"tile": "D"}, "turns": turns}
    with pytest.raises(IllegalMoveError) as error:
        replay(record)
    assert error.value.reason == reason and dict(error.value.facts) == facts


def test_a_tile_not_in_hand_names_the_hand():
    game = start()
    other = next(t for t in ("A", "B", "C") if t != game.tile.id)
    with pytest.raises(IllegalMoveError) as error:
        game.play(Place(other, 1, 0, 0))
    assert error.value.reason == Reason.NOT_IN_HAND and error.value.rule == "B-7"
    assert dict(error.value.facts) == {"tile": other, "hand": (game.tile.id,)}


def test_a_river_u_turn_says_which_side():  # R-5, D-7
    record = json.loads((RECORDS / "carcassonne" /
                         "d07_neighbouring_bends_may_not_turn_the_same_way.json").read_text())
    with pytest.raises(IllegalMoveError) as error:
        replay(record["record"])
    assert error.value.reason == Reason.RIVER_U_TURN and error.value.facts["side"] == "left"


def test_a_move_after_the_end_is_refused():
    game = start()
    game.end()
    with pytest.raises(IllegalMoveError) as error:
        game.play(Place("V", 1, 0, 0))
    assert error.value.reason == Reason.GAME_OVER


# ----------------------------------------------------------------------
# Who owns what


def test_feature_at_tells_kind_closure_figures_and_owners():
    road = {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "E"}
    game = Game.from_record({"players": ["A", "B"], "start": {"tile": "D"}, "turns": [road]})
    start_road = game.feature_at(0, 0, 1)  # D: city, road, field, field
    new_road = game.feature_at(1, 0, 0)
    assert start_road == new_road and start_road.kind == "road" and not start_road.closed
    assert [f.player for f in start_road.figures] == [0] and start_road.owners == (0,)
    field = game.feature_at(0, 0, 3)
    assert field.kind == "field" and field.owners == () and field.id != start_road.id
    city = Game.from_record({"players": ["A", "B"], "start": {"tile": "D"}, "turns": [
        {"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "S"}]}).feature_at(0, 0, 0)
    assert city.kind == "city" and city.closed and city.figures == () and city.owners == ()


def test_feature_at_ties_make_two_owners_and_huts_are_shown():
    game = play_random_moves(Game.new(["A", "B"], Options(game="hunters-and-gatherers"), seed=3),
                             random.Random(3))
    huts = [f for f in game.figures if f.figure == HUT]
    assert huts
    info = game.feature_at(huts[0].x, huts[0].y, huts[0].segment)
    assert info.kind in ("river", "lake") and huts[0] in info.huts
    with pytest.raises(IllegalMoveError):
        game.feature_at(99, 99, 0)
