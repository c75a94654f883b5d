"""A record replayed to a turn (issue 22: the archive's replay draws each step from it)."""

from __future__ import annotations

import random

import pytest

from engine import Game, Options
from engine.replays import replayed_to
from engine.selfplay import play_random_game, play_random_moves


def test_each_turn_is_the_game_as_it_stood_then_and_the_last_is_the_end() -> None:
    game = play_random_game(3, Options(river=True), 4, checks=False)
    record = game.to_record()
    turns = len(record["turns"])
    for turn in (0, 1, turns // 2, turns - 1):
        step = replayed_to(record, turn)
        assert step.turn == turn and not step.is_over
        assert step.history == game.history[:turn]
        assert list(step.scores) == (list(game.after_turn[turn - 1]) if turn else [0, 0, 0])
    final = replayed_to(record, turns)
    assert final.is_over and list(final.scores) == list(game.scores)  # final scoring included


def test_a_game_voted_to_an_end_ends_at_its_last_turn_and_a_turn_past_it_is_refused() -> None:
    game = Game(["ann", "bo"], Options(), seed=9)
    play_random_moves(game, random.Random(9), 5)
    game.end()
    record = game.to_record(include_seed=False)
    assert replayed_to(record, 5, seed=9).outcome() == game.outcome()
    assert not replayed_to(record, 4, seed=9).is_over
    for turn in (-1, 6):
        with pytest.raises(ValueError, match=f"no turn {turn}"):
            replayed_to(record, turn, seed=9)
