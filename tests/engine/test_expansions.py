"""Inns & Cathedrals and Traders & Builders through the Game API: figures in
supply and among the legal spots, the double turn in the turn cycle, goods in
the state. Scoring is pinned by the record files (``tests/records``, ``ic…``,
``tb…``); these are what a record cannot show."""

import random

import pytest

from engine import (
    BIG,
    MEEPLE,
    PIG,
    DoubleTurnEarned,
    FeatureScored,
    Figure,
    FigureKind,
    Game,
    IllegalMoveError,
    Options,
    OptionsError,
    Placement,
    Reason,
    RecordError,
    Role,
    Supply,
    turn_cycle,
)
from engine.scoring import majority
from engine.selfplay import random_move

BOTH = Options(inns_cathedrals=True, traders_builders=True)


def position(*turns: dict, options: Options = BOTH) -> Game:
    return Game.from_record({"players": ["A", "B"], "options": options.to_dict(),
                             "start": {"tile": "D"}, "turns": list(turns)})


def figure(player: int, kind: FigureKind = MEEPLE) -> Figure:
    return Figure(player, kind, Role.THIEF, 0, 0, 0, "E")


def test_big_follower_ties_two_followers_and_loses_to_three():  # IC-11, IC-F7
    assert majority([figure(0, BIG), figure(1), figure(1)]) == (0, 1)
    assert majority([figure(0, BIG), figure(1), figure(1), figure(1)]) == (1,)
    assert majority([figure(0, BIG), figure(1), figure(2)]) == (0,)


def test_six_seats_only_with_inns_and_cathedrals():  # IC-8, IC-O1, TB-O8
    seats = [f"P{i}" for i in range(6)]
    assert len(Game.new(seats, Options(inns_cathedrals=True), seed=1).players) == 6
    for options in (Options(), Options(traders_builders=True)):
        with pytest.raises(IllegalMoveError) as error:
            Game.new(seats, options, seed=1)
        assert error.value.reason == Reason.PLAYER_COUNT


def test_expansions_are_not_for_hunters_and_gatherers():  # D-41
    for name in ("inns_cathedrals", "traders_builders"):
        with pytest.raises(OptionsError):
            Options(game="hunters-and-gatherers", **{name: True})


def test_supply_holds_the_new_figures():  # IC-7, TB-5
    assert Game.new(["A", "B"], BOTH, seed=1).supply(1) == Supply(7, 0, 1, 1, 1)
    assert Game.new(["A", "B"], Options(), seed=1).supply(1) == Supply(7, 0, 0, 0, 0)
    view = Game.new(["A", "B"], BOTH, seed=1).view()
    assert view.sample(random.Random(1)).supply(0) == Supply(7, 0, 1, 1, 1)


def test_spots_list_big_follower_builder_and_pig_in_order():  # IC-10, TB-6, TB-14, TB-23
    turns = ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "NNW"},
             {"tile": "V", "x": 0, "y": 1, "rotation": 0, "meeple": "S"})
    spots = position(*turns).legal_figures(Placement(2, 0, 0), "U")
    # Ana's farmer stands in the north field, so her pig may join it there; the
    # road holds no follower of hers: no builder; the south field is free.
    assert [(o.figure, o.kind, o.port) for o in spots] == [
        (MEEPLE, "road", "E"), (MEEPLE, "field", "ESE"), (BIG, "road", "E"),
        (BIG, "field", "ESE"), (PIG, "field", "NNW")]
    assert [o.role for o in spots] == [Role.THIEF, Role.FARMER, Role.THIEF, Role.FARMER, Role.PIG]
    with pytest.raises(IllegalMoveError) as error:
        position(*turns, {"tile": "U", "x": 2, "y": 0, "rotation": 0, "builder": "E"})
    assert error.value.reason == Reason.NO_OWN_FOLLOWER and error.value.rule == "TB-14"


def _play_to_double_turn(options: Options, seed: int) -> Game:
    game = Game.new(["A", "B", "C"], options, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        result = game.play(random_move(game, rng))
        if any(isinstance(e, DoubleTurnEarned) for e in result.events) and game.is_bonus_turn:
            return game
    raise AssertionError("no double turn in the game")


@pytest.mark.parametrize(("hand", "seed"), [(1, 4), (3, 1)])
def test_double_turn_is_the_same_players_bonus_entry(hand, seed):  # TB-17, TB-O2, TB-O4
    game = _play_to_double_turn(Options(traders_builders=True, hand=hand), seed)
    earner = game.history[-1].player
    assert game.current_player == earner and game.is_bonus_turn
    assert len(game.hand) == hand  # the hand refilled after the first part
    with pytest.raises(IllegalMoveError) as error:
        game.skip_turn()
    assert error.value.rule == "TB-17"
    game.play(random_move(game, random.Random(1)))
    assert game.history[-1].bonus and game.history[-1].player == earner
    if hand > 1:
        assert game.history[-1].hand  # played from the hand as refilled (TB-O4)
    assert not game.is_bonus_turn or game.current_player == earner  # a discard redraws (TB-F7)
    record = game.to_record()
    assert Game.from_record(record).to_record() == record


def test_goods_are_part_of_the_state_and_copies():  # TB-10, TB-11
    game = position({"tile": "TB3", "x": 0, "y": -1, "rotation": 90, "meeple": "N"},
                    {"tile": "E", "x": 0, "y": -2, "rotation": 180})
    assert game.goods == [[0, 0, 0], [1, 0, 0]]
    twin = game.copy()
    twin.goods[0][0] = 5
    assert game.goods[0][0] == 0


@pytest.mark.parametrize("second", ["big", "builder", "pig"])
def test_one_figure_per_turn(second):  # IC-9, IC-14, TB-6, IC-O8, TB-O10
    """A turn places at most one figure: a follower and a big follower, a builder or a
    pig together are refused (the record format has room for one figure key)."""
    turn = {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "E", second: "NNW"}
    with pytest.raises(RecordError, match="one figure per turn"):
        position(turn)


def test_double_turn_earned_with_the_last_tile_ends_the_game(monkeypatch):  # TB-F9
    """Seed 289's random game earns a double turn with its last tile: no second
    part, no DoubleTurnEarned event, the game is over."""
    earned = []
    offer = turn_cycle.offer_double_turn

    def spy(game):
        earned.append((len(game.history), offer(game)))
        return earned[-1][1]

    monkeypatch.setattr(turn_cycle, "offer_double_turn", spy)
    game = Game.new(["A", "B"], Options(traders_builders=True), seed=289)
    rng = random.Random(289)
    while not game.is_over:
        result = game.play(random_move(game, rng))
    assert earned == [(len(game.history), False)]  # earned by the very last entry
    assert not any(isinstance(e, DoubleTurnEarned) for e in result.events)
    assert not game.history[-1].bonus and game.tiles_left() == 0


def test_worthless_feature_is_reported_as_a_zero():  # IC-O3
    """An inn road open at the end is scored for 0, with a note, and its thief leaves."""
    turns_ = [{"tile": "IC6", "x": 1, "y": 0, "rotation": 0, "meeple": "E"}]
    game = Game.from_record({"players": ["A", "B"], "options": {"inns_cathedrals": True},
                             "start": {"tile": "D"}, "turns": turns_, "finished": True})
    (scored,) = [e for e in game.events if isinstance(e, FeatureScored)]
    assert (scored.kind, scored.points, scored.scorers, scored.final) == ("road", 0, (0,), True)
    assert "inn" in scored.note and scored.returned == ((0, 1),)


@pytest.mark.parametrize("seed", range(40))
def test_no_double_turn_in_the_river_phase(seed):  # TB-O6, TB-30, D-7
    """TB-O6's case (a double turn earned while river tiles are drawn) cannot
    arise. D-7's room to flow keeps empty, when a river tile is laid, the
    squares beside and beyond the square at its open end, where the next river
    tile (or the lake) must go; so every tile of the river phase touches only
    the tile before it, across the river. No road or city of a river tile is
    ever extended in the river phase, and TB-17 needs such an extension."""
    game = Game.new(["A", "B"], Options(river=True, traders_builders=True), seed=seed)
    rng = random.Random(seed)
    while game.tile is not None and game.tile.pile in ("river", "lake"):
        action = random_move(game, rng)
        assert len(game.board.around(action.x, action.y)) == 1
        result = game.play(action)
        assert not any(isinstance(e, DoubleTurnEarned) for e in result.events)
    assert game.tiles_left() > 0 and not game.is_bonus_turn  # the land tiles come next
