"""Position names and move-choice labels: the words players type."""

import pytest

from engine import Game, Options
from render.naming import (
    candidate_labels,
    candidate_positions,
    index_label,
    parse_candidate,
    parse_position,
    position_label,
)


@pytest.mark.parametrize("x, y", [(0, 0), (3, -1), (-12, 7), (-1, -1)])
def test_position_names_round_trip(x, y):
    assert parse_position(position_label(x, y)) == (x, y)


@pytest.mark.parametrize("text, expected", [
    ("3,-1", (3, -1)), (" 3 , -1 ", (3, -1)), ("3 -1", (3, -1)), ("(3, -1)", (3, -1)),
    ("3;-1", (3, -1)), ("+2,0", (2, 0)),
])
def test_parse_position_accepts_common_forms(text, expected):
    assert parse_position(text) == expected


@pytest.mark.parametrize("text", ["", "3", "a,b", "3,,1", "1.5,2", "3,-1,2", None])
def test_parse_position_rejects_with_a_clear_message(text):
    with pytest.raises(ValueError, match="for example 3,-1"):
        parse_position(text)


def test_labels_run_like_spreadsheet_columns():
    assert [index_label(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]
    with pytest.raises(ValueError):
        index_label(-1)


def test_candidate_labels_follow_rows_then_columns():
    labels = candidate_labels([(2, 0), (-1, 1), (0, -1), (5, -1), (2, 0)])
    assert labels == {"A": (0, -1), "B": (5, -1), "C": (2, 0), "D": (-1, 1)}


def test_candidate_positions_cover_every_legal_position_once():
    game = Game.new(["Ana", "Béla"], Options(), seed=7)
    labels = candidate_positions(game)
    legal = {(p.x, p.y) for p in game.legal_placements()}
    assert set(labels.values()) == legal
    assert len(labels) == len(legal)
    assert list(labels) == [index_label(i) for i in range(len(labels))]


def test_parse_candidate_takes_labels_in_any_case_and_position_names():
    labels = {"A": (0, -1), "B": (1, 0)}
    assert parse_candidate("b", labels) == (1, 0)
    assert parse_candidate("0,-1", labels) == (0, -1)
    with pytest.raises(ValueError, match="'Q'"):
        parse_candidate("Q", labels)
    with pytest.raises(ValueError):
        parse_candidate("5,5", labels)
