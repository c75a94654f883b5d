"""A game's statistics (issue 22): read from its events, adding up to its scores."""

from __future__ import annotations

import pytest

from engine import Game
from engine.events import FeatureScored, TilePlaced
from engine.options import HUNTERS_AND_GATHERERS, FarmEdition, Options
from engine.selfplay import play_random_game
from engine.statistics import GOODS, game_statistics

KINDS = {
    "base": Options(),
    "1st edition farms": Options(farmers=FarmEdition.FIRST),
    "river and winter": Options(river=True, winter=True),
    "inns and cathedrals": Options(inns_cathedrals=True),
    "traders and builders": Options(traders_builders=True),
    "hunters and gatherers": Options(game=HUNTERS_AND_GATHERERS),
}


@pytest.mark.parametrize("options", KINDS.values(), ids=KINDS.keys())
def test_points_by_kind_add_up_to_each_players_score(options: Options) -> None:
    for seed in range(3):
        game = play_random_game(3, options, seed, checks=False)
        statistics = game_statistics(game)
        assert [p.score for p in statistics.players] == game.scores
        for player in statistics.players:
            assert sum(player.points_by_kind.values()) == player.score
            placed = sum(1 for e in game.events if isinstance(e, TilePlaced)
                         and e.player == player.player and e.figure is not None)
            assert sum(player.followers_placed.values()) == placed


def test_traders_goods_count_as_their_own_kind() -> None:
    """TB-13: the goods' final points are told by GoodsScored, counted as goods."""
    games = [play_random_game(2, KINDS["traders and builders"], seed, checks=False)
             for seed in range(4)]
    assert any(game_statistics(game).players[p].points_final.get(GOODS)
               for game in games for p in range(2))


def test_biggest_city_and_longest_road_are_the_largest_that_paid_the_player() -> None:
    game = play_random_game(2, Options(), 5, checks=False)
    statistics = game_statistics(game)
    for kind, attribute in (("city", "biggest_city"), ("road", "longest_road")):
        for player in statistics.players:
            sizes = [e.tiles for e in game.events if isinstance(e, FeatureScored)
                     and e.kind == kind and player.player in e.scorers]
            assert getattr(player, attribute) == max(sizes, default=0)
    assert statistics.turns == sum(1 for e in game.events if isinstance(e, TilePlaced))


def test_a_new_game_has_nothing_yet() -> None:
    statistics = game_statistics(Game.new(["A", "B"], Options(), seed=1))
    assert statistics.turns == 0
    assert all(p.score == 0 and not p.points_by_kind and p.turns == 0
               for p in statistics.players)
