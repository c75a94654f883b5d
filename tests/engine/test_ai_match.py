"""``python -m engine match``: paired decks, the JSON it prints, its statistics."""

import json
import statistics
import subprocess
import sys

import pytest

from engine import Options
from engine.ai import adapter
from engine.ai.match import RULE_SETS, MatchSpec, play_match, summary
from engine.ai.stats import elo_difference, elo_of, paired_difference, percentile


def run_match_cli(*arguments):
    return subprocess.run([sys.executable, "-m", "engine", "match", *arguments],
                          capture_output=True, text=True)


def test_match_prints_one_json_object_with_every_figure():
    done = run_match_cli("--agents", "greedy,random", "--games", "4", "--seed", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["agents"] == ["greedy", "random"]
    assert report["games"] == 4
    assert set(report["wins"]) == {"greedy", "random"}
    assert sum(report["wins"].values()) + report["ties"] == 4
    assert isinstance(report["mean_score_difference"], float)
    elo = report["elo_difference"]
    assert elo["low"] <= elo["difference"] <= elo["high"]
    for name in ("greedy", "random"):
        times = report["seconds_per_move"][name]
        assert 0 <= times["median"] <= times["p95"]
        assert times["moves"] > 20


@pytest.mark.parametrize("options", [Options(), Options(river=True, winter=True)],
                         ids=["base", "river-winter"])
def test_paired_games_deal_the_same_tiles_with_the_seats_swapped(options):
    spec = MatchSpec(("random", "random"), games=4, seed=8, options=options)
    results = play_match(spec)
    for first, second in (results[0:2], results[2:4]):
        assert first.seats == ("random-1", "random-2") and second.seats == ("random-2", "random-1")
        assert first.tiles == second.tiles
    assert results[0].tiles != results[2].tiles  # another pair, another deck


def test_each_rule_set_the_benchmarks_name_deals_what_its_name_says():
    first_tiles = {name: adapter.hand(adapter.new_state(("a", "b"), options, 1))
                   for name, options in RULE_SETS.items()}
    assert len(first_tiles["hand-2"]) == 2 and len(first_tiles["hand-3"]) == 3
    assert first_tiles["river"][0].startswith("RV")
    assert first_tiles["hunters-and-gatherers"][0].startswith("H")
    lengths = {name: len(play_match(MatchSpec(("random", "random"), 1, seed=2,
                                              options=RULE_SETS[name]))[0].tiles)
               for name in ("carcassonne", "winter", "first-edition")}
    assert lengths["winter"] - lengths["carcassonne"] == 12  # 84 tiles, not 72
    assert lengths["first-edition"] == lengths["carcassonne"]
    assert RULE_SETS["first-edition"].farmers != RULE_SETS["carcassonne"].farmers


def test_a_match_is_repeatable_and_the_same_in_worker_processes():
    spec = MatchSpec(("random", "greedy"), games=2, seed=4)
    alone = play_match(spec)
    assert [r.scores for r in alone] == [r.scores for r in play_match(spec, jobs=2)]
    report = summary(spec, alone)
    margins = [r.margin_for("random") for r in alone]
    assert report["mean_score_difference"] == sum(margins) / 2


def test_an_agent_against_itself_is_told_apart():
    spec = MatchSpec(("random", "random"), games=2, seed=1)
    report = summary(spec, play_match(spec))
    assert set(report["wins"]) == set(report["seconds_per_move"]) == {"random-1", "random-2"}


@pytest.mark.parametrize("arguments, message", [
    (["--agents", "hard"], "a match is between 2 agents, not 1"),
    (["--agents", "hard,genius"], "unknown agent 'genius'"),
    (["--agents", "hard,easy", "--games", "0"], "at least 1 game"),
    (["--agents", "hard,easy", "--options", '{"river": 1}'], "option 'river' takes true or false"),
    (["--agents", "hard,easy", "--options", "[1"], "options:"),
    (["--agents", "hard,easy", "--seconds", "-1"], "--seconds must be positive"),
])
def test_match_refuses_bad_input_in_one_line(arguments, message):
    done = run_match_cli(*arguments)
    assert done.returncode == 1
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""


def test_elo_difference_of_known_results():
    assert elo_of(0.5) == 0
    assert elo_of(0.75) == pytest.approx(190.85, abs=0.01)
    even = elo_difference([[1, 0], [0, 1], [1, 0.5], [0, 0.5]])
    assert even.difference == pytest.approx(0) and even.low < 0 < even.high
    ahead = elo_difference([[1, 1], [1, 0], [1, 1], [1, 0]])
    assert ahead.difference == pytest.approx(elo_of(0.75))
    assert ahead.low < ahead.difference < ahead.high
    sweep = elo_difference([[1, 1]] * 5)  # finite: "at least this much"
    assert sweep.difference == pytest.approx(elo_of(1 - 0.05))
    assert sweep.low < sweep.difference


def test_two_matches_on_the_same_decks_are_compared_deck_by_deck():
    """``benchmarks/tune_ai.py --paired-with``: each deck's mean result in one
    match less the other's, over the decks both played; the interval is
    1.96 standard errors of those differences."""
    before = {0: [1, 0], 1: [0, 0], 2: [1, 1], 3: [0.5, 0]}
    after = {0: [1, 1], 1: [1, 0], 2: [1, 1], 3: [0.5, 0], 9: [1, 1]}
    difference = paired_difference(after, before)
    # Differences by deck: 0.5, 0.5, 0, 0 (deck 9 met only once).
    assert difference.decks == 4
    assert difference.mean == pytest.approx(0.25)
    error = statistics.stdev([0.5, 0.5, 0, 0]) / 2
    assert (difference.low, difference.high) == pytest.approx(
        (0.25 - 1.959964 * error, 0.25 + 1.959964 * error))
    same = paired_difference(before, before)
    assert (same.mean, same.low, same.high) == (0, 0, 0)
    with pytest.raises(ValueError, match="fewer than two decks"):
        paired_difference({0: [1, 0]}, {0: [0, 0], 1: [1, 1]})


def test_percentile_is_the_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 0.95) == 95
    assert percentile(values, 0.5) == 50
    assert percentile([7.0], 0.95) == 7.0


def test_with_4_players_each_agent_takes_every_other_seat_and_its_best_seat_counts():
    spec = MatchSpec(("random", "greedy"), games=2, seed=5, players=4)
    first, second = play_match(spec)
    assert first.seats == ("random", "greedy") * 2 and second.seats == ("greedy", "random") * 2
    assert first.tiles == second.tiles
    for result in (first, second):
        best = max(range(4), key=lambda seat: result.scores[seat])
        if result.scores.count(result.scores[best]) == 1:
            assert result.result_for(result.seats[best]) == 1.0
    with pytest.raises(ValueError, match="at least 2 players"):
        MatchSpec(("random", "greedy"), games=2, players=1)


def test_with_3_players_a_pair_of_games_gives_each_agent_as_many_seats():
    first, second = play_match(MatchSpec(("random", "greedy"), games=2, seed=5, players=3))
    assert first.seats == ("random", "greedy", "random")
    assert second.seats == ("greedy", "random", "greedy")
    assert first.tiles == second.tiles
