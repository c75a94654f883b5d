"""Rule tests written as game records: one JSON file per rule point.

Each file in ``tests/records/<game>/`` holds a short game record, the rule
it pins (``B-24``, ``V-6``, ``D-7``, ``HG-52``, ``IC-21``, ``TB-O1``...) and what the
engine must report: the scores (and optionally the scores after each turn, the
followers left in supply, and with the expansions the big followers, builders
and pigs in supply and the trade goods held), or the turn and rule of the first
illegal move. The expectations were
worked out by hand from the rules digest; the ``why`` field of a file shows the
reasoning. A few files also go through the command line, since other engines
are compared with ours through ``python -m engine replay``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import replay
from engine.errors import IllegalMoveError

ROOT = Path(__file__).resolve().parent.parent
RECORDS = Path(__file__).resolve().parent / "records"
FILES = sorted(RECORDS.glob("*/*.json"))
IDS = [f"{path.parent.name}/{path.stem}" for path in FILES]
RULE_ID = re.compile(r"^[A-Z]+-[FO]?\d+$")
#: What a file may expect of the report (the expansions add the last four).
REPORT_KEYS = ("scores", "after_turn", "followers", "big", "builders", "pigs", "goods")
EXPECT_KEYS = {*REPORT_KEYS, "error"}

#: Files also replayed through ``python -m engine replay`` (legal and illegal ones).
CLI_FILES = [
    "carcassonne/b24_city_with_pennant",
    "carcassonne/b29_road_majority",
    "carcassonne/f13_unfinished_cloister",
    "carcassonne/v08d_tie_small_city_and_big_city",
    "carcassonne/r04_full_river",
    "carcassonne/b12_discard_unplaceable",
    "carcassonne/b10_edge_mismatch",
    "carcassonne/b16_occupied_road_far_away",
    "carcassonne/r05_no_u_turn",
    "carcassonne/d07_bends_apart_may_turn_the_same_way",
    "carcassonne/b19_empty_supply",
    "carcassonne/ic21_cathedral_city_three_per_tile",
    "carcassonne/tb12_goods_go_to_the_closer",
    "carcassonne/tb17_double_turn",
    "carcassonne/tb_o1_builder_not_on_a_road_the_tile_completes",
    "hunters-and-gatherers/hg25_example_three_tile_section",
    "hunters-and-gatherers/hg44_own_hut_blocks",
    "hunters-and-gatherers/hg58_example_3_majority_with_aurochs",
]


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_records_present() -> None:
    games = {path.parent.name for path in FILES}
    assert games == {"carcassonne", "hunters-and-gatherers"}
    assert len(FILES) >= 100


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_file_format(path: Path) -> None:
    """Every file cites a rule point and says what to expect, in a known shape."""
    doc = load(path)
    assert RULE_ID.match(doc["rule"]), doc["rule"]
    assert isinstance(doc["title"], str) and doc["title"]
    assert doc["record"]["format"] in ("carcassonne-record/1", "carcassonne-record/2")
    expect = doc["expect"]
    assert expect and set(expect) <= EXPECT_KEYS
    if "error" in expect:
        assert set(expect) == {"error"}
        assert RULE_ID.match(expect["error"]["rule"])
        assert set(expect["error"]) <= {"turn", "rule"}
    if "after_turn" in expect:
        assert len(expect["after_turn"]) == len(doc["record"]["turns"])


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_rule_record(path: Path) -> None:
    doc = load(path)
    record, expect = doc["record"], doc["expect"]
    if "error" in expect:
        wanted = expect["error"]
        with pytest.raises(IllegalMoveError) as caught:
            replay(record)
        assert caught.value.rule == wanted["rule"], str(caught.value)
        if "turn" in wanted:
            assert caught.value.turn == wanted["turn"], str(caught.value)
        return
    report = replay(record).to_json()
    for key in REPORT_KEYS:
        if key in expect:
            assert report[key] == expect[key], key


@pytest.mark.parametrize("name", CLI_FILES)
def test_command_line(name: str, tmp_path: Path) -> None:
    doc = load(RECORDS / f"{name}.json")
    record_file = tmp_path / "record.json"
    record_file.write_text(json.dumps(doc["record"]), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(record_file)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    expect = doc["expect"]
    if "error" in expect:
        assert done.returncode == 1
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1, done.stderr
        assert lines[0].startswith(f"turn {expect['error']['turn']}:"), lines[0]
        return
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    output = json.loads(done.stdout)
    for key in REPORT_KEYS:
        if key in expect:
            assert output[key] == expect[key], key
