"""Issue 9, "Words players understand": the words themselves, without Discord.

Tile names, follower spots by what they are, refusals in plain words, one
grammar for places and spots. The same words seen through Discord, in whole
games, are checked in ``test_full_game.py`` and ``test_game_kinds.py``.
"""

from __future__ import annotations

import re

import pytest
from bot_support import PORTS_AND_NOTES

from bot.errors import (
    BadRotation,
    LetterAndPosition,
    NoSpots,
    NotASpot,
    NotATile,
    WhichRotation,
    WhichSpot,
)
from bot.i18n import SOURCE, Language, messages
from bot.i18n.terms import FIGURES
from bot.illegal import IllegalMove
from bot.naming import parse_position, parse_tile, resolve_position
from bot.spots import LAKE, figure_spot, find_spot, is_no_follower, placed_spot, spot_name, spots
from bot.words.tiles import TILE_NAMES, tile_label, tile_name
from engine import (
    HUT,
    MEEPLE,
    Game,
    IllegalMoveError,
    Options,
    Place,
    Placement,
    Reason,
    all_tiles,
)
from engine.figures import ROLES, FigureOption, Role
from engine.options import HUNTERS_AND_GATHERERS

EN = messages(SOURCE)


def test_every_tile_of_every_set_has_a_short_name_without_catalogue_notes() -> None:
    tiles = all_tiles()
    assert len(tiles) == 178 and set(TILE_NAMES) == set(tiles)
    for tile in tiles.values():
        name = tile_name(EN, tile)
        assert 3 <= len(name) <= 60, tile.id
        assert not PORTS_AND_NOTES.search(name), (tile.id, name)
        assert tile_label(EN, tile) == f"{name} ({tile.id})"
    assert tile_name(EN, "D") == "city edge with straight road"  # the start tile
    assert tile_name(EN, "G") == "city across the middle"  # "same, no pennant" in the data
    assert tile_name(EN, "WE7") == tile_name(EN, "J")  # "= J" in the data
    assert tile_name(EN, "HB07") == "meadow with fire"  # Hunters and Gatherers too


def test_every_follower_spot_of_every_tile_has_a_name() -> None:
    """Every feature of every tile, at every rotation, as a follower's or a hut's spot."""
    for tile in all_tiles().values():
        for quarter in range(4):
            oriented = tile.orientations[quarter]
            for segment, feature in enumerate(tile.segments):
                figures = [MEEPLE] if feature.kind in ROLES else []
                figures += [HUT] if feature.kind in ("river", "lake") else []
                for figure in figures:
                    name = spot_name(EN, tile, figure, segment, oriented.segment_compass[segment])
                    assert name.startswith("the "), (tile.id, quarter, segment, name)
                    assert not PORTS_AND_NOTES.search(name), name
                    assert name.endswith(" (hut)") == (figure == HUT)


def test_spots_are_numbered_as_the_engine_lists_them() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=3)
    # U, the straight road, east of the start: the road, and a field on each side.
    placement = Placement(1, 0, 0)
    options = game.legal_figures(placement, "U")
    found = spots(EN, game.rules.tiles["U"], options)
    assert [spot.option for spot in found] == options
    assert [spot.label for spot in found] == [
        "1: the road", "2: the north field", "3: the south field"]


def test_a_spot_is_found_by_its_number_words_or_menu_label() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=3)
    found = spots(EN, game.rules.tiles["U"], game.legal_figures(Placement(1, 0, 0), "U"))
    for text, number in [("1", 1), ("3", 3), ("road", 1), ("the road", 1), ("thief", 1),
                         ("north field", 2), ("Field, North", 2), ("farmer south", 3),
                         ("S field", 3), ("2: the north field", 2), ("  2  ", 2)]:
        assert find_spot(EN, text, found, "carcassonne").number == number, text
    with pytest.raises(WhichSpot) as asked:
        find_spot(EN, "field", found, "carcassonne")
    assert str(asked.value) == "`field` could be 2: the north field or 3: the south field: " \
                               "give the number."
    for text in ("4", "0", "NNE", "city", "2 road"):
        with pytest.raises(NotASpot):
            find_spot(EN, text, found, "carcassonne")
    with pytest.raises(NoSpots):
        find_spot(EN, "1", [], "carcassonne")
    for text in ("", "none", "No follower", "no follower", "-"):
        assert is_no_follower(EN, text), text


def test_the_expansions_figures_are_spots_named_for_what_stands_there() -> None:
    """IC-10, TB-14, TB-23: "the big follower in the city", "the pig in the north
    field"; typed by number or words, in the reader's language or English."""
    game = Game.from_record({"players": ["Ana", "Béla"], "start": {"tile": "D"},
                             "options": {"inns_cathedrals": True, "traders_builders": True},
                             "turns": [{"tile": "U", "x": 1, "y": 0, "rotation": 0,
                                        "meeple": "NNW"},
                                       {"tile": "V", "x": 0, "y": 1, "rotation": 0}]})
    options = game.legal_figures(Placement(2, 0, 0), "U")
    found = spots(EN, game.rules.tiles["U"], options)
    assert [spot.label for spot in found] == [
        "1: the road", "2: the south field", "3: the big follower on the road",
        "4: the big follower in the south field", "5: the pig in the north field"]
    for text, number in [("5", 5), ("pig", 5), ("the pig", 5), ("big follower road", 3),
                         ("big south field", 4)]:
        assert find_spot(EN, text, found, "carcassonne").number == number, text
    hungarian = messages(Language.HUNGARIAN)
    found = spots(hungarian, game.rules.tiles["U"], options)
    assert find_spot(hungarian, "disznó", found, "carcassonne").number == 5
    assert find_spot(hungarian, "pig", found, "carcassonne").number == 5


def test_a_hut_and_a_fisher_on_one_river_are_two_spots() -> None:
    game = Game.new(["Ana", "Béla"], Options(game="hunters-and-gatherers"), seed=5)
    tile = game.rules.tiles["H46"]  # a straight river between two forests
    placement = next(p for p in game.legal_placements(tile)
                     if any(o.figure == HUT for o in game.legal_figures(p, tile)))
    found = spots(EN, tile, game.legal_figures(placement, tile))
    river = [spot for spot in found if spot.option.kind == "river"]
    assert [spot.name for spot in river] == ["the river", "the river (hut)"]
    game_name = "hunters-and-gatherers"
    assert find_spot(EN, "river", found, game_name) is river[0]
    assert find_spot(EN, "hut", found, game_name) is river[1]
    assert find_spot(EN, "fisher", found, game_name) is river[0]


def test_a_figure_on_the_map_is_named_by_its_spot() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=3)
    tile = game.tile
    placement = next(p for p in game.legal_placements() if len(game.legal_figures(p)) > 1)
    last = spots(EN, tile, game.legal_figures(placement))[-1]
    game.play(Place(tile.id, *placement, last.option.figure, last.option.port))
    [figure] = game.figures
    placed = game.board.tiles[(placement.x, placement.y)]
    assert placed_spot(EN, placed, figure.segment, figure.figure) == last.name


@pytest.mark.parametrize("text, letter, x, y, rotation", [
    ("B 90", "B", None, None, 90), ("b", "B", None, None, None), ("3,-1 90", None, 3, -1, 90),
    ("(3, -1) 90°", None, 3, -1, 90), ("3 -1", None, 3, -1, None), ("3,-1 r90", None, 3, -1, 90),
    ("B: 3,-1 90°", "B", 3, -1, 90), ("t4:3,-1,90", None, 3, -1, 90),
    ("R 270", "R", None, None, 270), ("r", "R", None, None, None), ("r90", "R", None, None, 90),
    ("R: 5,2 270°", "R", 5, 2, 270),
])
def test_one_grammar_for_places(text, letter, x, y, rotation) -> None:
    given = parse_position(text)
    assert (given.letter, given.x, given.y, given.rotation) == (letter, x, y, rotation)


def test_a_bare_place_where_several_rotations_fit_asks() -> None:
    legal = [Placement(1, 0, 0), Placement(1, 0, 180), Placement(0, 1, 90)]
    # Letters in reading order: (0, 1) is on a lower row than (1, 0), so (1, 0) is A.
    with pytest.raises(WhichRotation) as asked:
        resolve_position(parse_position("A"), legal)
    assert str(asked.value) == "At A the tile fits turned 0° or 180°: add the rotation, " \
                               "for example `A 180`."
    assert resolve_position(parse_position("B"), legal) == Placement(0, 1, 90)  # one way only
    assert resolve_position(parse_position("1,0 180"), legal) == Placement(1, 0, 180)
    assert resolve_position(parse_position("A: 1,0 180°"), legal) == Placement(1, 0, 180)
    with pytest.raises(LetterAndPosition):
        resolve_position(parse_position("A: 0,1 90"), legal)


def test_tile_ids_in_any_case() -> None:
    assert parse_tile("rv7").id == "rv7"
    with pytest.raises(NotATile):
        parse_tile("rv-7")


def test_one_message_for_a_bad_rotation() -> None:
    typed = pytest.raises(BadRotation, parse_position, "B 45").value
    game = Game.new(["Ana", "Béla"], Options(), seed=3)
    problem = game.placement_problem(Placement(1, 0, 45))
    refused = IllegalMove.of(problem, game, game.tile)
    assert refused.text(EN) == typed.text(EN) == (
        "45° is not a rotation: the tile turns clockwise by 0, 90, 180 or 270 degrees.")


def test_illegal_moves_say_what_is_wrong_and_what_would_work() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=3)
    tile = game.tile
    legal = list(game.legal_placements())

    def refusal(placement: Placement, where: str | None = None) -> str:
        problem = game.placement_problem(placement)
        assert isinstance(problem, IllegalMoveError) and problem.rule
        text = IllegalMove.of(problem, game, tile, where).text(EN)
        assert problem.rule not in text and not PORTS_AND_NOTES.search(text), text
        return text

    assert refusal(Placement(0, 0, 0)).startswith("0,0 is taken: a tile lies there already.")
    far = refusal(Placement(5, 5, 0))
    assert far.startswith("5,5 touches no tile of the map")
    assert re.search(r"It fits at .*A \(-?\d+,-?\d+\)", far)
    near = {(p.x, p.y) for p in legal}
    x, y = next(p for p in near if len({q.rotation for q in legal if (q.x, q.y) == p}) < 4)
    wrong = next(r for r in (0, 90, 180, 270) if Placement(x, y, r) not in legal)
    text = refusal(Placement(x, y, wrong), "B")
    assert text.startswith(f"Turned {wrong}°, the tile does not fit at B: on its ")
    assert "At B it fits turned " in text


def test_engine_reasons_the_bot_can_meet_all_have_words() -> None:
    game = Game.new(["Ana", "Béla"], Options(), seed=3)
    for reason in (Reason.POSITION_TAKEN, Reason.NOT_ADJACENT, Reason.EDGE_MISMATCH,
                   Reason.RIVER_NOT_AT_END, Reason.RIVER_U_TURN, Reason.RIVER_NO_ROOM,
                   Reason.FEATURE_OCCUPIED,
                   Reason.SUPPLY_EMPTY, Reason.NOT_IN_HAND, Reason.NOT_THE_BONUS_TILE,
                   Reason.RIVER_SYSTEM_HAS_HUT, Reason.NO_FIGURE_ON_RIVER,
                   Reason.NO_OWN_FOLLOWER, Reason.WRONG_FEATURE_FOR_FIGURE,
                   Reason.FEATURE_COMPLETED, Reason.NO_SUCH_FIGURE):
        facts = {"tile": "V", "x": 1, "y": 0, "rotation": 90, "edge": "N", "kind": "city",
                 "meets": "field", "end": (2, 0), "side": "left", "bonus_tile": "HB01"}
        error = IllegalMoveError("english", "B-1", reason, **facts)
        text = IllegalMove.of(error, game, game.tile).text(EN)
        assert text and "That move is not allowed now." not in text, reason
        assert "B-1" not in text and "english" not in text


def test_counts_take_the_plural_rules_of_the_catalogue() -> None:
    """Issue 9, polish: "1 followers", "1 mushroom patches" no more."""
    from bot.errors import TooManyLobbies
    from bot.i18n.terms import GOODS, figure_count
    from bot.words.turn import tiles_left

    assert tiles_left(EN, 1) == "1 tile left in the bag"
    assert tiles_left(EN, 2) == "2 tiles left in the bag"
    assert figure_count(EN, "meeple", "carcassonne", 1) == "1 follower"
    assert figure_count(EN, "hut", "hunters-and-gatherers", 3) == "3 huts"
    assert EN.term(GOODS["mushrooms"], 1) == "1 mushroom patch"
    assert TooManyLobbies(1, 1).text(EN).startswith("You already host 1 open game on")


def test_regression_a_hut_in_a_sentence_is_named_once() -> None:
    """"with a hut on the river (hut)": a sentence that names the hut gets the spot's
    name without the menus' "(hut)", which tells a hut from a fisher in a list; a hut
    on a lake is "on the lake"."""
    for language in Language:
        t = messages(language)
        hut = t.term(FIGURES[HUT, HUNTERS_AND_GATHERERS])
        for tile in all_tiles().values():
            for segment, feature in enumerate(tile.segments):
                if feature.kind not in ("river", "lake"):
                    continue
                compass = tile.orientations[0].segment_compass[segment]
                assert hut in spot_name(t, tile, HUT, segment, compass), (language, tile.id)
                said = figure_spot(t, tile, HUT, segment, compass)
                assert hut not in said, (language, tile.id, said)
                if feature.kind == "lake":
                    assert said == t.term(LAKE)
                else:
                    assert said == spot_name(t, tile, MEEPLE, segment, compass)


def test_fault_3_every_spot_of_every_tile_has_its_own_words() -> None:
    """Issue 18, fault 3: tiles O, P, RV8, H24, H27, H30 and H69 offered two spots both
    named "the south-east field". Every tile of every set, at every rotation, in every
    language: the spots' names differ, and each name typed finds its own spot."""
    for language in Language:
        t = messages(language)
        for tile in all_tiles().values():
            game = HUNTERS_AND_GATHERERS if tile.id.startswith("H") else "carcassonne"
            for quarter in range(4):
                oriented = tile.orientations[quarter]
                options = [
                    FigureOption(figure, oriented.port_names[segment], feature.kind,
                                 Role.HUT if figure == HUT else ROLES[feature.kind],
                                 oriented.segment_compass[segment],
                                 oriented.segment_ports[segment], segment)
                    for segment, feature in enumerate(tile.segments)
                    if oriented.port_names[segment] is not None
                    for figure in ([MEEPLE] if feature.kind in ROLES else [])
                    + ([HUT] if feature.kind in ("river", "lake") else [])]
                found = spots(t, tile, options)
                names = [spot.name for spot in found]
                assert len(set(names)) == len(names), (language, tile.id, quarter, names)
                for spot in found:
                    assert find_spot(t, spot.name, found, game) is spot, (language, spot.name)


def test_fault_6_the_full_map_says_whose_last_turn_not_yours() -> None:
    """Issue 18, fault 6: anyone may look at the whole map, so its note on the numbered
    tiles names the player on turn ("your last turn" was wrong for everyone else); the
    turn picture, which calls the player on turn, keeps "your"."""
    from bot.images import board_labels, labels

    game = Game.new(["Ana", "Béla"], Options(), seed=3)
    for _ in range(3):
        placement = next(game.legal_placements())
        game.play(Place(game.tile.id, *placement))
    for language in Language:
        t = messages(language)
        note = board_labels(game, t).since_last_turn
        assert game.players[game.current_player] in note, (language, note)
        assert note != labels(game, t).since_last_turn
    assert board_labels(game, EN).since_last_turn == \
        "1, 2, 3…: tiles placed since Béla's last turn"
