"""Games the bot stored before record version 2 (a version 1 record plus its seed)
come back exactly: the same hands, the same bag, the same future draws.

``fixtures/v1_seeded_games.json`` was written by the engine as it was before
issue 12, from seeded random games with skipped turns and removed players (which
put tiles back into the bag at random places).
"""

import json
from pathlib import Path

import pytest

from engine import Discard, Game

GAMES = json.loads((Path(__file__).parent / "fixtures" / "v1_seeded_games.json").read_text())


@pytest.mark.parametrize("stored", GAMES, ids=[g["name"] for g in GAMES])
def test_a_stored_finished_game_replays_to_its_scores(stored):
    game = Game.from_record(stored["finished"])
    assert game.is_over
    assert list(game.scores) == stored["scores"]


@pytest.mark.parametrize("stored", GAMES, ids=[g["name"] for g in GAMES])
def test_a_stored_running_game_comes_back_with_its_hand_and_bag(stored):
    middle = stored["middle"]
    game = Game.from_record(middle["record"])
    assert [tile.id for tile in game.hand] == middle["hand"]
    assert game.current_player == middle["current_player"]
    assert game.remaining() == middle["remaining"]
    assert game.remaining_bonus() == middle["remaining_bonus"]


@pytest.mark.parametrize("stored", GAMES, ids=[g["name"] for g in GAMES])
def test_a_stored_game_moves_to_version_2_with_its_seed_kept_apart(stored):
    """The bot's migration: rewrite each stored record as version 2, the seed outside it."""
    middle = stored["middle"]
    old = Game.from_record(middle["record"])
    record, seed = old.to_record(include_seed=False), old.seed
    assert record["format"] == "carcassonne-record/2" and "seed" not in record
    again = Game.from_record(record, seed=seed)
    assert [tile.id for tile in again.hand] == middle["hand"]
    assert again.remaining() == middle["remaining"]
    finished = Game.from_record(stored["finished"])
    for entry in finished.history[len(again.history):]:  # the same future, draw by draw
        if not again.is_over and not isinstance(entry.action, Discard):
            again.play(entry.action)
    assert again.to_record(include_seed=False)["turns"] == \
        finished.to_record(include_seed=False)["turns"]
    assert list(again.scores) == stored["scores"]
