"""The game review and the ranking behind it: a bad move is found, the AI's
own choices lose nothing, the player's view alone decides, and the command line."""

import json
import random
from dataclasses import replace

import pytest

from engine import MEEPLE, Game, Options, RecordError
from engine.__main__ import main
from engine.ai import player_view, rank_actions, review_game
from engine.ai.review import position_before, review_turn
from engine.geometry import PORT_INDEX

#: The turn on which the first player plays the worst move there is.
BLUNDER = 10


def _game(options: Options, *, blunder: int | None = None) -> Game:
    """A whole game in which everyone plays the ranking's best move, except the
    first player at turn ``blunder``, who plays its worst."""
    game = Game.new(["Ana", "Béla"], options, seed=5)
    while not game.is_over:
        ranked = rank_actions(player_view(game))
        game.play(ranked[-1][1] if game.turn == blunder else ranked[0][1])
    return game


@pytest.fixture(scope="module")
def blundered() -> dict:
    return _game(Options(), blunder=BLUNDER).to_record()


def test_a_deliberately_bad_move_is_the_worst_turn_and_the_ai_moves_lose_nothing(blundered):
    review = review_game(blundered)
    ana, bela = review.players
    assert [turn.turn for turn in ana.worst] == [BLUNDER]
    worst = ana.worst[0]
    assert worst.player == 0 and worst.loss > 1 and worst.rank > 1 and worst.played != worst.best
    assert ana.best_moves == len(ana.turns) - 1
    assert bela.total_loss == 0 and bela.worst == ()
    assert len(ana.turns) + len(bela.turns) == len(blundered["turns"])
    assert review_game(blundered) == review  # deterministic
    # A turn an AI played for the absent player is not held against them.
    skipped = review_game(blundered, skip={BLUNDER})
    assert skipped.players[0].worst == () and len(skipped.players[0].turns) == len(ana.turns) - 1


def test_hunters_and_gatherers_with_hands_is_reviewed():
    review = review_game(_game(Options(game="hunters-and-gatherers", hand=2)).to_record())
    assert all(turn.loss == 0 for player in review.players for turn in player.turns)
    assert all(player.turns for player in review.players)


def test_an_unfinished_game_is_not_reviewed():
    game = Game.new(["Ana", "Béla"], Options(), seed=5)
    game.play(rank_actions(player_view(game))[0][1])
    with pytest.raises(RecordError, match="not finished"):
        review_game(game.to_record())


def test_a_move_written_with_another_port_of_its_feature_is_valued_as_itself(blundered):
    """A record may name a follower's feature by any of its ports: the same move."""
    game = position_before(blundered, 3)
    view = player_view(game)
    for action in view.legal_actions():
        if action.figure != MEEPLE:
            continue
        oriented = game.rules.tiles[action.tile].orientations[action.rotation // 90]
        segment = oriented.point_segment[PORT_INDEX[action.port]]
        twins = [port for port, index in PORT_INDEX.items()
                 if oriented.point_segment[index] == segment and port != action.port]
        if twins:
            break
    else:
        pytest.fail("no follower spot with two ports at turn 3")
    twin = replace(action, port=twins[0])
    assert twin not in view.legal_actions()
    assert review_turn(view, twin) == replace(review_turn(view, action), played=twin)


def test_the_ranking_sees_only_the_players_view():
    """Two positions that differ only in the hidden order of the tiles rank alike."""
    game = position_before(_game(Options()).to_record(), 20)
    other = player_view(game).sample(random.Random(3))
    assert rank_actions(player_view(game)) == rank_actions(player_view(other))


def test_the_command_line_prints_the_review(blundered, tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(blundered), encoding="utf-8")
    assert main(["review", str(path), "--top", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Ana: 36 turns") and lines[1].startswith(f"  turn {BLUNDER}: ")
    assert lines[2].startswith("Béla: 35 turns, 0.0 points lost (0.0 a turn), the best move on 35")
    assert main(["review", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["players"][0]["worst"][0]["turn"] == BLUNDER
    unfinished = dict(blundered, turns=blundered["turns"][:5], finished=False)
    path.write_text(json.dumps(unfinished), encoding="utf-8")
    assert main(["review", str(path)]) == 1
    assert "not finished" in capsys.readouterr().err
