"""``python -m render``: a record in, a PNG out, one-line errors."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from render_support import new_game, play

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return subprocess.run([sys.executable, "-m", "render", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(play(new_game(), 12, seed=4).to_record()), encoding="utf-8")
    return path


@pytest.mark.parametrize("extra", [[], ["--choices"], ["--hand"], ["--theme", "winter"],
                                   ["--scale", "48", "--no-highlight"]])
def test_draws_a_record(record_file, tmp_path, extra):
    out = tmp_path / "board.png"
    result = run(record_file, "-o", out, *extra)
    assert result.returncode == 0, result.stderr
    with Image.open(out) as image:
        assert image.format == "PNG" and max(image.size) <= 2048


def test_preview_of_a_legal_placement(record_file, tmp_path):
    from engine import Game

    game = Game.from_record(json.loads(record_file.read_text(encoding="utf-8")))
    x, y, rotation = next(game.legal_placements())
    out = tmp_path / "preview.png"
    result = run(record_file, "-o", out, f"--preview={x},{y},{rotation}")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("content, message", [
    (None, "No such file"),
    ("{not json", "not JSON"),
    ('{"format": "carcassonne-record/1"}', ""),
    ('{"format": "carcassonne-record/1", "game": "carcassonne", "players": ["A", "B"], '
     '"start": {"tile": "D", "rotation": 0}, '
     '"turns": [{"tile": "V", "x": 5, "y": 5, "rotation": 0}]}', "turn"),
])
def test_bad_input_is_one_line_and_exit_1(tmp_path, content, message):
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = run(path, "-o", tmp_path / "x.png")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_bad_preview_argument(record_file, tmp_path):
    result = run(record_file, "-o", tmp_path / "x.png", "--preview", "1,2")
    assert result.returncode == 1 and "X,Y,ROTATION" in result.stderr
    result = run(record_file, "-o", tmp_path / "x.png", "--preview", "99,99,0")
    assert result.returncode == 1 and "Traceback" not in result.stderr


def test_usage_mistakes_are_one_line_too(record_file, tmp_path):
    result = run(record_file, "-o", tmp_path / "x.png", "--theme", "neon")
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "neon" in result.stderr


def test_fault_6_a_running_game_exported_without_its_seed_is_not_over(tmp_path):
    """Issue 18, fault 6: the export of a running game has no seed, so the tile to play
    is unknown; --choices and --preview said "the game is over". They say what is
    missing, and --tile names the tile to place."""
    from engine import Game

    game = play(new_game(), 12, seed=4)
    path = tmp_path / "running.json"
    path.write_text(json.dumps(game.to_record(include_seed=False)), encoding="utf-8")
    x, y, rotation = next(game.legal_placements())
    for extra in (["--choices"], [f"--preview={x},{y},{rotation}"], ["--hand"]):
        result = run(path, "-o", tmp_path / "x.png", *extra)
        assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
        assert "over" not in result.stderr and "secret" in result.stderr, result.stderr
    replayed = Game.from_record(json.loads(path.read_text(encoding="utf-8")))
    assert replayed.tile is None and not replayed.is_over
    for extra in (["--choices"], [f"--preview={x},{y},{rotation}"]):
        out = tmp_path / "drawn.png"
        result = run(path, "-o", out, *extra, "--tile", game.tile.id)
        assert result.returncode == 0, result.stderr
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
