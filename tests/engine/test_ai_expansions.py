"""The evaluation values the expansions' pieces (``engine/ai/evaluation.py``):
constructed positions, today's weights against the same blind to the pieces."""

from engine.ai import adapter
from engine.ai.evaluation import BEFORE_EXPANSIONS, DEFAULT, expected_scores

BOTH = {"inns_cathedrals": True, "traders_builders": True}


def _state(turns, options=BOTH):
    return adapter.state_from_record({
        "format": "carcassonne-record/2", "game": "carcassonne", "options": options,
        "players": ["Ana", "Bela"], "start": {"tile": "D", "rotation": 0},
        "turns": turns, "finished": False})


def _ana(turns, weights, options=BOTH):
    return expected_scores(_state(turns, options), weights)[0]


ROAD = [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "E"},
        {"tile": "E", "x": 0, "y": -1, "rotation": 180}]


def test_a_builder_on_an_own_open_road_is_worth_about_a_tile():  # TB-14, TB-17
    """Ana's thief at (1,0); her builder on the same open road at (2,0) earns
    her a second tile each time she extends it: worth keeping there, which
    the evaluation blind to the pieces does not see."""
    builder = ROAD + [{"tile": "U", "x": 2, "y": 0, "rotation": 0, "builder": "E"}]
    bare = ROAD + [{"tile": "U", "x": 2, "y": 0, "rotation": 0}]
    assert _ana(builder, DEFAULT) - _ana(bare, DEFAULT) > 2
    assert _ana(builder, BEFORE_EXPANSIONS) == _ana(bare, BEFORE_EXPANSIONS)


def test_a_builder_back_from_a_closed_road_is_worth_nothing_more():  # TB-20
    """tb17_double_turn's game: Bela closes the builder's road; the builder is
    back in supply and no term of the pieces is left for Ana (Traders &
    Builders alone: no big follower in supply)."""
    closed = ROAD + [{"tile": "U", "x": 2, "y": 0, "rotation": 0, "builder": "E"},
                     {"tile": "V", "x": 0, "y": 1, "rotation": 0},
                     {"tile": "U", "x": 3, "y": 0, "rotation": 0},
                     {"tile": "A", "x": 4, "y": 0, "rotation": 90, "bonus": True},
                     {"tile": "A", "x": -1, "y": 0, "rotation": 270}]
    traders = {"traders_builders": True}
    assert _ana(closed, DEFAULT, traders) == _ana(closed, BEFORE_EXPANSIONS, traders)


FARM = [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "NNW"}]


def test_a_pig_counts_for_the_completed_city_and_for_the_open_one():  # TB-23, TB-25
    """Ana's farmer in the start tile's north field; her pig joins the farm.
    With the start city completed the engine's end scoring already pays the
    pig's point (both evaluations see it); with it still open only today's
    evaluation adds the pig's share of the city it may become."""
    completed = FARM + [{"tile": "E", "x": 0, "y": -1, "rotation": 180}]
    open_city = FARM + [{"tile": "V", "x": 0, "y": 1, "rotation": 0}]
    pig = [{"tile": "U", "x": 2, "y": 0, "rotation": 0, "pig": "NNW"}]
    bare = [{"tile": "U", "x": 2, "y": 0, "rotation": 0}]
    for weights in (DEFAULT, BEFORE_EXPANSIONS):
        assert _ana(completed + pig, weights) - _ana(completed + bare, weights) >= 1
    assert _ana(open_city + pig, DEFAULT) > _ana(open_city + bare, DEFAULT)
    assert _ana(open_city + pig, BEFORE_EXPANSIONS) == _ana(open_city + bare, BEFORE_EXPANSIONS)


def test_the_big_follower_is_kept_for_a_contest_not_spent_on_a_lone_farm():  # IC-11
    """A farm no one contests: today's evaluation would rather spend an
    ordinary follower there and keep the big one; blind to it, the big
    follower in supply was free to spend."""
    meeple = [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "NNW"}]
    big = [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "big": "NNW"}]
    assert _ana(meeple, DEFAULT) > _ana(big, DEFAULT)
    assert _ana(meeple, BEFORE_EXPANSIONS) < _ana(big, BEFORE_EXPANSIONS)
