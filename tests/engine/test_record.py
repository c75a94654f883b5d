"""The game record: export, import, replay, and the replay command line."""

import json
import subprocess
import sys

import pytest

from engine import Game, IllegalMoveError, Options, RecordError, replay
from engine.selfplay import play_random_game

SAMPLE = {
    "format": "carcassonne-record/1",
    "game": "carcassonne",
    "options": {"farmers": "3rd"},
    "players": ["Ana", "Béla"],
    "start": {"tile": "D", "rotation": 0},
    "turns": [
        {"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "S"},
        {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "E"},
    ],
}


def run_cli(tmp_path, record, name="record.json"):
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                          capture_output=True, text=True)


@pytest.mark.parametrize("options", [Options(), Options(river=True, winter=True, hand=3),
                                     Options(game="hunters-and-gatherers")])
def test_export_then_import_gives_the_same_game(options):
    game = play_random_game(3, options, seed=21)
    record = game.to_record()
    again = Game.from_record(json.dumps(record))
    assert again.to_record() == record
    assert list(again.scores) == list(game.scores)
    without_seed = Game.from_record(game.to_record(include_seed=False))
    assert list(without_seed.scores) == list(game.scores)


def test_replay_reports_scores_after_each_turn_and_followers():  # B-24
    result = replay(SAMPLE)
    assert result.scores == [4, 0]
    assert result.after_turn == [[4, 0], [4, 0]]
    assert result.followers == [7, 6]


def test_finished_applies_end_scoring():  # B-39
    result = replay({**SAMPLE, "finished": True})
    assert result.scores == [4, 2]  # Béla's thief: road over 2 tiles, unfinished


def test_cli_prints_json(tmp_path):
    done = run_cli(tmp_path, SAMPLE)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"scores": [4, 0], "after_turn": [[4, 0], [4, 0]],
                                       "followers": [7, 6]}


@pytest.mark.parametrize(("record", "message"), [
    ("{not json", "record: not valid JSON"),
    ({**SAMPLE, "options": {"dragons": True}}, "unknown option 'dragons'"),
    ({**SAMPLE, "turns": [{"tile": "ZZ", "x": 0, "y": -1, "rotation": 0}]}, "turn 0: unknown tile"),
    ({**SAMPLE, "turns": [{"tile": "E", "x": 0, "rotation": 0}]},
     "turn 0: missing or non-integer 'y'"),
    ({**SAMPLE, "turns": [{"tile": "E", "x": 2, "y": -1, "rotation": 90}]},
     "turn 0: tile E at (2, -1)"),
    ({**SAMPLE, "players": ["solo"]}, "2 to 5 names"),
])
def test_cli_reports_bad_records_in_one_line(tmp_path, record, message):
    done = run_cli(tmp_path, record)
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def test_edge_mismatch_error_names_turn_and_rule():  # B-10
    record = {**SAMPLE, "turns": SAMPLE["turns"] + [
        {"tile": "E", "x": 0, "y": 1, "rotation": 0}]}
    with pytest.raises(IllegalMoveError) as error:
        replay(record)
    assert error.value.turn == 2 and error.value.rule == "B-10"
    assert str(error.value) == (
        "turn 2: tile E at (0, 1) rotation 0: its north edge (city) meets a field (B-10)")


def test_missing_file_is_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(tmp_path / "nope.json")],
                          capture_output=True, text=True)
    assert done.returncode == 1 and done.stderr.startswith("record: cannot read")


def test_record_must_be_an_object():
    with pytest.raises(RecordError):
        replay("[]")


def test_selfplay_command_writes_records_and_a_summary(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "engine", "selfplay", "--games", "3", "--players", "3",
         "--seed", "2", "--options", '{"farmers": "1st"}', "--records", str(tmp_path)],
        capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 3 and summary["games_per_second"] > 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["game-0.json", "game-1.json", "game-2.json"]
    for path in tmp_path.iterdir():
        assert run_cli(tmp_path, path.read_text(), name="copy.json").returncode == 0
