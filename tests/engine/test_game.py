"""The Game API: legal moves, checked moves, events, determinism."""

import random

import pytest

from engine import (
    MEEPLE,
    Discard,
    Entry,
    FeatureScored,
    Game,
    IllegalMoveError,
    InvalidActionError,
    Options,
    Place,
    Placement,
    Reason,
    Remove,
    Skip,
    TileDiscarded,
    TilePlaced,
    parse_action,
)
from engine.selfplay import random_move


def position(*turns: dict, players=("A", "B"), options=None) -> Game:
    """The game after ``turns`` (record entries), replayed without a seed."""
    return Game.from_record({"players": list(players), "options": options or {},
                             "start": {"tile": "D"}, "turns": list(turns)})


def play_until(game: Game, turns: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    while len(game.history) < turns and not game.is_over:
        game.play(random_move(game, rng))


def test_the_same_seed_and_moves_give_the_same_game():
    records = []
    for _ in range(2):
        game = Game.new(["Ana", "Béla"], Options(), seed=42)
        play_until(game, 30, seed=1)
        records.append(game.to_record())
    assert records[0] == records[1]
    other = Game.new(["Ana", "Béla"], Options(), seed=43)
    play_until(other, 30, seed=1)
    assert other.to_record()["turns"] != records[0]["turns"]


def test_listed_placements_are_exactly_the_legal_ones():  # B-9, B-10
    game = Game.new(["A", "B"], Options(), seed=5)
    play_until(game, 20)
    listed = set(game.legal_placements())
    assert listed and all(game.is_legal_placement(p) for p in listed)
    min_x, min_y, max_x, max_y = game.board.bounds()
    for x in range(min_x - 2, max_x + 3):
        for y in range(min_y - 2, max_y + 3):
            for rotation in (0, 90, 180, 270):
                placement = Placement(x, y, rotation)
                assert game.is_legal_placement(placement) == (placement in listed)


def test_an_illegal_move_says_why_and_changes_nothing():  # B-10
    game = Game.new(["A", "B"], Options(), seed=1)
    before = (game.to_record(), list(game.scores), game.tile)
    tile = game.tile.id
    with pytest.raises(IllegalMoveError) as error:
        game.play(Place(tile, 5, 5, 0))
    assert error.value.rule == "B-9"
    assert "touches no placed tile" in str(error.value)
    with pytest.raises(IllegalMoveError) as error:
        game.play(Place(tile, 0, 0, 0))
    assert "taken" in str(error.value)
    assert (game.to_record(), list(game.scores), game.tile) == before


def test_edge_mismatch_names_the_edge():  # B-10
    with pytest.raises(IllegalMoveError) as error:  # the full city south of the start tile
        position({"tile": "C", "x": 0, "y": 1, "rotation": 0})
    assert error.value.rule == "B-10"
    assert "north edge (city) meets a field" in str(error.value)
    assert error.value.reason == Reason.EDGE_MISMATCH
    assert dict(error.value.facts) == {"tile": "C", "x": 0, "y": 1, "rotation": 0,
                                       "edge": "N", "kind": "city", "meets": "field"}


def test_a_follower_on_a_claimed_road_is_refused():  # B-16
    road = {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "E"}
    game = position(road)
    assert [f.role for f in game.figures] == ["thief"]
    assert all(f.kind != "road" for f in game.legal_figures(Placement(2, 0, 0), "U"))
    with pytest.raises(IllegalMoveError) as error:
        position(road, {"tile": "U", "x": 2, "y": 0, "rotation": 0, "meeple": "W"})
    assert error.value.rule == "B-16" and error.value.reason == Reason.FEATURE_OCCUPIED
    assert error.value.facts["kind"] == "road" and error.value.facts["port"] == "W"
    position(road, {"tile": "U", "x": 2, "y": 0, "rotation": 0, "meeple": "NNW"})  # a farmer


def test_a_completed_city_scores_and_the_knight_returns():  # B-24, B-32, B-33
    game = position({"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "S"})
    scored = [e for e in game.events if isinstance(e, FeatureScored)]
    assert [(e.kind, e.points, e.scorers, e.returned) for e in scored] == [
        ("city", 4, (0,), ((0, 1),))]
    assert game.scores == [4, 0] and game.supply(0).meeples == 7 and game.figures == []
    placed = [e for e in game.events if isinstance(e, TilePlaced)]
    assert placed[0].figure.role == "knight"


def test_unplaceable_tiles_are_discarded_and_reported():  # B-12, D-7
    game = Game.new(["A", "B"], Options(river=True), seed=43)  # a river tile fits nowhere
    play_until(game, 200, seed=43)
    discards = [e for e in game.events if isinstance(e, TileDiscarded)]
    assert discards
    for event in discards:
        assert game.history[event.turn].action == Discard(event.tile)


def test_outcome_names_the_winners_and_ties_share():  # D-3
    game = Game.new(["A", "B", "C"], Options(), seed=9)
    play_until(game, 1000, seed=9)
    outcome = game.outcome()
    assert game.is_over and outcome is not None
    best = max(outcome.scores)
    assert outcome.winners == tuple(i for i, s in enumerate(outcome.scores) if s == best)
    assert game.tile is None and game.current_player is None


def test_hand_shows_three_tiles_and_any_may_be_played():  # H-1, D-8
    game = Game.new(["A", "B"], Options(hand=3), seed=4)
    assert len(game.hand) == 3
    hand = tuple(tile.id for tile in game.hand)
    last = game.hand[-1]
    placement = next(game.legal_placements(last))
    game.play(Place(last.id, *placement))
    assert game.history[-1] == Entry(Place(last.id, *placement), 0, hand=hand)
    assert len(game.hand) == 3


def test_tiles_left_are_counted_by_type():
    game = Game.new(["A", "B"], Options(), seed=0)
    remaining = game.remaining()
    assert sum(remaining.values()) == 70  # 72 - start tile - the tile in play
    assert remaining.get("D", 0) <= 3


def test_a_skipped_turn_puts_the_tile_back_and_replays():
    game = Game.new(["A", "B", "C"], Options(), seed=8)
    tile = game.tile.id
    left = sum(game.remaining().values())
    game.skip_turn()
    assert game.current_player == 1
    assert sum(game.remaining().values()) == left  # one back in, one drawn for B
    assert game.history[-1] == Entry(Skip(tile), 0)
    play_until(game, 10)
    for record in (game.to_record(), game.to_record(include_seed=False)):
        assert Game.from_record(record).to_record()["turns"] == game.to_record()["turns"]


def test_a_removed_player_loses_figures_and_is_passed_over():
    game = position({"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "E"},  # A's thief
                    {"removed": 0}, {"tile": "U", "x": 2, "y": 0, "rotation": 0},
                    players=("A", "B", "C"))
    assert game.figures == [] and game.active == [False, True, True]
    assert game.history[1] == Entry(Remove(0), 0)
    game = Game.new(["A", "B", "C"], Options(), seed=5)
    game.play(random_move(game, random.Random(1)))
    game.remove_player(0)
    assert game.current_player == 1
    game.remove_player(1)  # on turn: its tile goes back, one player left: the game ends
    assert game.is_over and game.outcome().winners == (2,)
    replayed = Game.from_record(game.to_record(include_seed=False))
    assert replayed.active == [False, False, True] and replayed.is_over


@pytest.mark.parametrize("text", ["V 1,0,90", "E 0,-1,180 meeple S", "H12 -3,2,0 hut C",
                                  "discard L", "skip V", "remove 2"])
def test_actions_round_trip_through_text(text):
    assert str(parse_action(text)) == text


def test_a_place_prints_as_it_parses():
    place = Place("E", 0, -1, 180, MEEPLE, "S")
    assert parse_action(str(place)) == place and str(place.placement) == "0,-1,180"
    assert Placement.parse(str(place.placement)) == place.placement


@pytest.mark.parametrize("text", ["V 1,0", "V 1,0,45", "V a,b,c", "V 1,0,90 dragon N",
                                  "V 1,0,90 meeple XX", "remove two", "remove ²"])
def test_bad_action_text_is_an_engine_error_quoting_it(text):
    with pytest.raises(InvalidActionError, match="not an action|not a placement|rotation must be|"
                       "unknown port|remove takes") as error:
        parse_action(text)
    assert repr(text) in str(error.value)
