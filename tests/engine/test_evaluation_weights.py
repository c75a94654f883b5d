"""The evaluation's weights that tell tables apart (issue 23): how long the
supply is worth its full at a bigger table, and whose lead counts with more
than two players. Both leave a two-player game as it was."""

import pickle
from dataclasses import replace

import pytest

from engine import Options
from engine.ai import adapter, make_agent, player_view
from engine.ai.evaluation import (
    V2,
    V5,
    V6,
    V7,
    Weights,
    advantage,
    expected_scores,
    position_value,
    read_position,
)


def _opening(players: int) -> adapter.State:
    return adapter.new_state([f"p{i}" for i in range(players)], Options(farmers="3rd"), seed=4)


def test_the_supply_scaled_by_the_players_changes_nothing_with_two():
    state = _opening(2)
    assert (expected_scores(state, replace(V2, supply_players=1.0))
            == expected_scores(state, V2))


def test_at_a_table_of_four_the_supply_is_worth_the_turns_each_player_has_left():
    """71 tiles unseen, 4 players: with ``supply_players`` 1 the supply is worth
    its full from 60 × 2 = 120 tiles, so 71/120 of it; each player's 7
    followers lose ``follower`` × 7 × (1 − 71/120) points."""
    state = _opening(4)
    assert adapter.unseen_tiles(state) == 71
    by_table = expected_scores(state, replace(V2, supply_players=1.0))
    flat = expected_scores(state, V2)
    lost = V2.follower * 7 * (1 - 71 / 120)
    assert by_table == pytest.approx([value - lost for value in flat])


def test_at_a_table_of_five_hard_values_a_follower_kept_at_less_than_medium():
    """The twelfth round (docs/ai.md): ``hard``'s V7 is ``medium``'s V5 with
    the supply worth its full from 75 × 2.5 ** 1.1 tiles, not 75 × 2.5 ** 0.5
    (a follower kept is worth less with 5 players, who each have about 14
    turns for 7 followers); with 2 players both value alike."""
    state = _opening(5)
    assert adapter.unseen_tiles(state) == 71
    lost = V5.follower * 7 * (71 / (75 * 2.5 ** 0.5) - 71 / (75 * 2.5 ** 1.1))
    assert expected_scores(state, V7) == pytest.approx(
        [value - lost for value in expected_scores(state, V5)])
    assert expected_scores(_opening(2), V7) == expected_scores(_opening(2), V5)


def test_a_lead_over_the_best_rival_or_partly_over_the_mean():
    values = [10.0, 8.0, 2.0]
    assert advantage(values, 0, Weights()) == 2.0
    assert advantage(values, 0, Weights(rival_best=0.5)) == 10 - (0.5 * 8 + 0.5 * 5)
    assert advantage(values, 2, Weights(rival_best=0.0)) == 2 - 9
    assert advantage([3.0, 7.0], 0, Weights(rival_best=0.2)) == -4.0


def test_a_position_read_once_and_stored_is_valued_as_the_state_under_any_weights():
    """``benchmarks/fit_eval.py`` stores what the evaluation reads of each
    position (pickled) and values it again under every weight it tries: the
    stored reading must give what the live state gives, farms and all."""
    state = _opening(2)
    agents = [make_agent("medium", seed=seat) for seat in range(2)]
    for _ in range(30):
        adapter.play(state, agents[adapter.current_player(state)].choose(player_view(state)))
    stored = pickle.loads(pickle.dumps(read_position(state)))
    assert {feature.kind for feature in stored.claimed} >= {"field", "city"}
    for weights in (V2, V5, V6):
        assert position_value(stored, weights) == expected_scores(state, weights)
    assert position_value(stored, V5) != position_value(stored, V6)
