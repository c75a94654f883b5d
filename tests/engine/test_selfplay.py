"""Seeded random games with invariants, over every option combination."""

import pytest

from engine.selfplay import all_option_sets, play_random_game

OPTION_SETS = all_option_sets()


@pytest.mark.parametrize("number", range(len(OPTION_SETS)))
def test_random_game_keeps_every_invariant(number):
    options = OPTION_SETS[number]
    players = 2 + number % (options.max_players - 1)  # IC-8: six with Inns & Cathedrals
    game = play_random_game(players, options, seed=1000 + number)  # raises on a broken invariant
    assert game.is_over
    assert len(game.scores) == players
