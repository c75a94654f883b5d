"""The Game API: legal moves, checked moves, events, determinism."""

import random

import pytest

from engine import (
    FeatureScored,
    Game,
    IllegalMoveError,
    Move,
    Options,
    Placement,
    TileDiscarded,
    TilePlaced,
)
from engine.selfplay import random_move


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
        game.play(Move(tile, 5, 5, 0))
    assert error.value.rule == "B-9"
    assert "touches no placed tile" in str(error.value)
    with pytest.raises(IllegalMoveError) as error:
        game.play(Move(tile, 0, 0, 0))
    assert "taken" in str(error.value)
    assert (game.to_record(), list(game.scores), game.tile) == before


def test_edge_mismatch_names_the_edge():  # B-10
    game = Game(["A", "B"], Options(), forced=["C"])  # the full city tile
    with pytest.raises(IllegalMoveError) as error:
        game.play(Move("C", 0, 1, 0))  # south of the start tile, whose south is a field
    assert error.value.rule == "B-10"
    assert "north edge (city) meets a field" in str(error.value)


def test_a_follower_on_a_claimed_road_is_refused():  # B-16
    game = Game(["A", "B"], Options(), forced=["U", "U"])
    game.play(Move("U", 1, 0, 0, meeple="E"))  # straight road east of the start road
    assert [f.role for f in game.figures] == ["thief"]
    assert all(f.kind != "road" for f in game.legal_figures(Placement(2, 0, 0)))
    with pytest.raises(IllegalMoveError) as error:
        game.play(Move("U", 2, 0, 0, meeple="W"))
    assert error.value.rule == "B-16"
    game.play(Move("U", 2, 0, 0, meeple="NNW"))  # a farmer beside it is fine


def test_a_completed_city_scores_and_the_knight_returns():  # B-24, B-32, B-33
    game = Game(["A", "B"], Options(), forced=["E"])
    result = game.play(Move("E", 0, -1, 180, meeple="S"))
    scored = [e for e in result.events if isinstance(e, FeatureScored)]
    assert [(e.kind, e.points, e.scorers, e.returned) for e in scored] == [
        ("city", 4, (0,), ((0, 1),))]
    assert game.scores == [4, 0] and game.supply(0).meeples == 7 and game.figures == []
    placed = [e for e in result.events if isinstance(e, TilePlaced)]
    assert placed[0].figure.role == "knight"


def test_unplaceable_tiles_are_discarded_and_reported():  # B-12
    game = Game.new(["A", "B"], Options(river=True), seed=3)
    play_until(game, 200, seed=3)
    discards = [e for e in game.events if isinstance(e, TileDiscarded)]
    for event in discards:
        assert game.history[event.turn] == {"tile": event.tile, "discarded": True} or \
            game.history[event.turn]["discarded"]


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
    last = game.hand[-1]
    placement = next(game.legal_placements(last))
    game.play(Move(last.id, *placement))
    assert len(game.history) >= 1 and game.history[-1]["tile"] in (last.id,) or \
        game.history[0]["tile"] == last.id
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
    assert game.history[-1] == {"tile": tile, "skipped": True}
    play_until(game, 10)
    for record in (game.to_record(), game.to_record(include_seed=False)):
        assert Game.from_record(record).to_record()["turns"] == game.to_record()["turns"]


def test_a_removed_player_loses_figures_and_is_passed_over():
    game = Game(["A", "B", "C"], Options(), forced=["U", "U", "V"])
    game.play(Move("U", 1, 0, 0, meeple="E"))  # A's thief
    game.remove_player(0)
    assert game.figures == [] and game.current_player == 1
    game.play(Move("U", 2, 0, 0))
    assert game.current_player == 2
    game.remove_player(2)  # on turn: its tile goes back, one player left: the game ends
    assert game.is_over and game.outcome().winners == (1,)
    replayed = Game.from_record(game.to_record(include_seed=False))
    assert replayed.active == [False, True, False]


@pytest.mark.parametrize("text", ["V 1,0,90", "E 0,-1,180 meeple S", "H12 -3,2,0 hut C"])
def test_moves_round_trip_through_text(text):
    assert str(Move.parse(text)) == text


@pytest.mark.parametrize("text", ["V 1,0", "V 1,0,45", "V a,b,c", "V 1,0,90 dragon N"])
def test_bad_move_text_is_a_value_error_quoting_it(text):
    with pytest.raises(ValueError, match="not a move|not a placement|rotation must be"):
        Move.parse(text)
