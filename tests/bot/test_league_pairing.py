"""League pairings and standings, the pure logic (issue 22): round robin, Swiss
without rematches while avoidable, byes, points and tie-breaks."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import combinations

from bot.app.leagues import knockout, rounds
from bot.app.leagues.pairing import round_robin, swiss, swiss_rounds
from bot.app.leagues.standings import Result, standings
from bot.app.leagues.view import LeagueView
from bot.i18n import SOURCE, messages
from bot.storage import League, LeagueGame, LeaguePlayer
from bot.words.leagues import finished_text, pairing_text


def test_a_round_robin_pairs_everyone_once() -> None:
    for count in (3, 4, 5, 8):
        players = list(range(1, count + 1))
        rounds = round_robin(players)
        met = [frozenset(p) for r in rounds for p in r if p[1] is not None]
        assert sorted(met, key=sorted) == sorted(
            (frozenset(pair) for pair in combinations(players, 2)), key=sorted)
        for r in rounds:  # each player once a round; an odd field, one bye a round
            seated = [p for pair in r for p in pair if p is not None]
            assert sorted(seated) == players
            assert sum(pair[1] is None for pair in r) == count % 2
        byes = [pair[0] for r in rounds for pair in r if pair[1] is None]
        assert len(set(byes)) == len(byes)


def test_swiss_pairs_neighbours_and_avoids_rematches() -> None:
    assert swiss([1, 2, 3, 4], []) == [(1, 2), (3, 4)]
    # 1 and 2 met: 1 meets 3, and 2 meets 4.
    assert swiss([1, 2, 3, 4], [(1, 2), (3, 4)]) == [(1, 3), (2, 4)]
    # Backtracking: 1-3 would leave 2-4, who met; so 1-4 and 2-3.
    assert swiss([1, 2, 3, 4], [(1, 2), (2, 4)]) == [(1, 4), (2, 3)]
    pairs = swiss([1, 2, 3, 4], [(1, 2), (2, 4), (1, 3)])
    assert {frozenset(p) for p in pairs} == {frozenset((1, 4)), frozenset((2, 3))}


def test_swiss_allows_a_rematch_only_when_unavoidable() -> None:
    everyone = list(combinations([1, 2, 3, 4], 2))
    pairs = swiss([1, 2, 3, 4], everyone)
    assert pairs == [(1, 2), (3, 4)]  # all have met: neighbours again
    # A bye goes to the lowest-placed player without one; if all had one, the lowest.
    assert swiss([1, 2, 3], [(1, 2)], byes=[3]) == [(1, 3), (2, None)]
    assert swiss([1, 2, 3], [], byes=[1, 2, 3]) == [(1, 2), (3, None)]


def test_swiss_gives_the_bye_to_the_lowest_without_one() -> None:
    assert swiss([1, 2, 3, 4, 5], []) == [(1, 2), (3, 4), (5, None)]
    assert swiss([1, 2, 3, 4, 5], [(1, 2), (3, 4)], byes=[5]) == [(1, 3), (2, 5), (4, None)]
    assert swiss_rounds(4) == 2 and swiss_rounds(5) == 3 and swiss_rounds(2) == 1


def test_standings_points_and_tie_breaks() -> None:
    players = [(1, "Ana", False), (2, "Béla", False), (3, "Cili", False), (4, "Dan", True)]
    results = [
        Result(1, 2, 20, 10),  # Ana wins
        Result(3, 4, 0, 0, forfeit_by=4),  # Cili wins by forfeit, no game points
        Result(2, 3, 15, 15),  # draw
        Result(1, 4, 0, 0, forfeit_by=4),
        Result(2, None),  # Béla's bye: a win
    ]
    lines = standings(players, results)
    assert [(line.name, line.points) for line in lines] == [
        ("Ana", 6), ("Béla", 4), ("Cili", 4), ("Dan", 0)]
    # Béla and Cili: 4 points each, their game drawn (head-to-head equal); Béla has
    # more game points (25 against 15).
    assert [line.scored for line in lines] == [20, 25, 15, 0]
    assert [line.rank for line in lines] == [1, 2, 3, 4] and lines[-1].dropped


def test_head_to_head_comes_before_game_points() -> None:
    players = [(1, "Ana", False), (2, "Béla", False), (3, "Cili", False), (4, "Dan", False)]
    results = [Result(1, 2, 10, 9), Result(2, 3, 90, 0), Result(4, 1, 1, 0),
               Result(4, 2, 1, 0)]
    lines = standings(players, results)
    # Ana and Béla 3 points each: Ana beat Béla, though Béla has more game points.
    assert [(line.name, line.points) for line in lines] == [
        ("Dan", 6), ("Ana", 3), ("Béla", 3), ("Cili", 0)]
    assert lines[2].scored > lines[1].scored
    # With head-to-head equal too, the score difference comes after game points.
    level = standings([(1, "Ana", False), (2, "Béla", False)], [Result(1, 2, 5, 5)])
    assert [line.rank for line in level] == [1, 1]


# ------------------------------------------------- knockout (issue 22: "a knockout")


def test_a_knockouts_first_round_gives_the_best_seeds_the_byes() -> None:
    assert knockout.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert knockout.first_round([11, 12, 13, 14]) == [(11, 14), (12, 13)]
    # 3 players: a bracket of 4, seed 1 has the bye; 6 players: seeds 1 and 2 have them.
    assert knockout.first_round([11, 12, 13]) == [(11, None), (12, 13)]
    assert knockout.first_round([1, 2, 3, 4, 5, 6]) == [(1, None), (4, 5), (2, None), (3, 6)]
    for count in range(2, 17):
        pairs = knockout.first_round(list(range(1, count + 1)))
        size = 2 ** knockout.rounds_for(count)
        assert len(pairs) == size // 2 and count <= size < 2 * count
        seated = [p for pair in pairs for p in pair if p is not None]
        assert sorted(seated) == list(range(1, count + 1))  # everyone once
        byes = sorted(a for a, b in pairs if b is None)
        assert byes == list(range(1, size - count + 1))  # the best seeds, never two a game


def test_a_knockout_pairs_the_winners_until_one_is_left() -> None:
    seeds = {player: player for player in range(1, 7)}
    players = list(seeds)
    rounds = 0
    pairs = knockout.first_round(players)
    while True:
        rounds += 1
        # Each player scores their id: every game is an upset, the worse seed goes on.
        winners = [knockout.goes_through(Result(a, b, score_a=a, score_b=b or 0), seeds)
                   if b is not None else a for a, b in pairs]
        if len(winners) == 1:
            break
        pairs = knockout.next_round(winners)
    assert rounds == knockout.rounds_for(6) == 3
    assert winners == [6]  # 5 beats 4, 6 beats 3; 5 beats 1, 6 beats 2; 6 beats 5
    assert knockout.next_round([4, 1, 6, 2]) == [(4, 1), (6, 2)]


def test_a_knockout_draw_sends_the_better_seed_through_and_a_forfeit_the_other() -> None:
    seeds = {7: 1, 8: 2, 9: 3}
    assert knockout.goes_through(Result(9, 7, 40, 40), seeds) == 7  # a draw: seed 1
    assert knockout.goes_through(Result(8, 9, 0, 0), seeds) == 8  # 0-0 at time-up
    assert knockout.goes_through(Result(7, 9, 50, 10, forfeit_by=7), seeds) == 9
    assert knockout.goes_through(Result(9, None), seeds) == 9  # a bye
    assert knockout.goes_through(Result(9, 8, 30, 20), seeds) == 9  # an upset stands


def test_regression_a_knockout_pairing_of_two_dropped_players_sends_nobody_through() -> None:
    """Issue 22: two players who both dropped out by their round's end send nobody
    through (one of them went on, and could even be champion): the neighbouring winner
    has a bye, and such a final leaves the league without a winner, as the words say."""
    def game(number: int, a: int, b: int | None, score_a: int = 0, score_b: int = 0,
             forfeit_by: int | None = None) -> LeagueGame:
        return LeagueGame(number * 10 + a, 1, number, a, b, None, "done", score_a, score_b,
                          forfeit_by)

    def league(number: int, status: str = "running") -> League:
        return League(1, 1, 2, 1, "Cup", "knockout", {}, 0, 24, status, number, None, 1,
                      datetime(2026, 1, 1, tzinfo=UTC))

    # 8 players (seeds 1-8): 1, 4, 2 and 3 win round 1; 1 and 4 drop out after it.
    players = [LeaguePlayer(p, f"p{p}", 1 if p in (1, 4) else None) for p in range(1, 9)]
    first = [game(1, 1, 8, 20, 10), game(1, 4, 5, 20, 10), game(1, 2, 7, 20, 10),
             game(1, 3, 6, 20, 10)]
    assert rounds.winners(players, first, 1) == [1, 4, 2, 3]
    second = rounds.next_pairings(league(2), players, first, 2)
    assert second == [(1, 4), (2, 3)]
    both_out = game(2, 1, 4, forfeit_by=1)  # as the round opens: given up
    done = [*first, both_out, game(2, 2, 3, 30, 10)]
    assert rounds.winners(players, done, 2) == [None, 2]
    assert rounds.next_pairings(league(3), players, done, 3) == [(2, None)]  # a bye
    view = LeagueView.of(league(2), players, done)
    assert view.still_in() == [2]
    t = messages(SOURCE)
    assert pairing_text(t, view, both_out) == (
        "p1 – p4: forfeit by p1: dropped out, nobody goes through")
    # A final of two dropped-out players: no champion.
    players = [LeaguePlayer(p, f"p{p}", 1 if p in (1, 2) else None) for p in range(1, 5)]
    semis = [game(1, 1, 4, 20, 10), game(1, 2, 3, 20, 10)]
    assert rounds.next_pairings(league(2), players, semis, 2) == [(1, 2)]
    over = LeagueView.of(league(2, "finished"), players, [*semis, game(2, 1, 2, forfeit_by=1)])
    assert over.winners() == []
    assert "without a winner" in finished_text(t, over)
