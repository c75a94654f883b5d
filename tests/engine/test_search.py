"""The engine as a game for search: copies, trusted moves, hidden information."""

import random
from collections import Counter

import pytest

from engine import Game, Options, Place, Skip
from engine.rules import rules_for
from engine.selfplay import play_random_moves, random_move

OPTIONS = [Options(), Options(river=True, hand=3), Options(winter=True, discards="back"),
           Options(game="hunters-and-gatherers", hand=2)]
IDS = ["base", "river-hand3", "winter-back", "hunters-hand2"]


def mid_game(options: Options, seed: int = 3, turns: int = 30, players: int = 3) -> Game:
    game = Game.new([f"P{i}" for i in range(players)], options, seed=seed)
    return play_random_moves(game, random.Random(seed), turns)


def snapshot(game: Game) -> tuple:
    """Everything a search could disturb, as plain values."""
    return (game.to_record(), list(game.scores), [game.supply(p) for p in range(len(game.players))],
            sorted((f.x, f.y, f.segment, f.player) for f in game.figures), game.remaining(),
            game.remaining_bonus(), [t.id for t in game.hand], game.current_player,
            len(game.events), game.river, dict(game.board.frontier))


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_a_copy_can_be_searched_without_touching_the_original(options):
    game = mid_game(options)
    before = snapshot(game)
    rng = random.Random(7)
    for _ in range(5):
        state = game.copy()
        while not state.is_over:
            state.apply(random_move(state, rng))
        copy_of_copy = state.copy()
        copy_of_copy.end()
    assert snapshot(game) == before
    # ... and the original still plays on exactly as a fresh replay of its record does.
    replayed = Game.from_record(game.to_record())
    for state in (game, replayed):
        play_random_moves(state, random.Random(11))
    assert game.to_record() == replayed.to_record()


def test_the_original_can_play_on_without_touching_its_copies():
    game = mid_game(Options(game="hunters-and-gatherers"))
    copies = [game.copy() for _ in range(3)]
    before = [snapshot(state) for state in copies]
    play_random_moves(game, random.Random(5))
    assert [snapshot(state) for state in copies] == before


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_apply_does_what_play_does(options):
    checked, trusted = mid_game(options), mid_game(options)
    rng = random.Random(9)
    while not checked.is_over:
        move = random_move(checked, rng)
        assert [type(e) for e in checked.play(move).events] == \
            [type(e) for e in trusted.apply(move).events]
    assert trusted.is_over and trusted.to_record() == checked.to_record()


def test_a_skip_can_be_played_as_an_action():
    game = mid_game(Options(), turns=4)
    tile = game.tile.id
    game.play(Skip(tile))
    assert game.history[-1].action == Skip(tile)


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_legal_actions_are_the_placements_with_and_without_each_figure(options):
    game = mid_game(options)
    actions = list(game.legal_actions())
    expected = []
    for tile in game.hand:
        for placement in game.legal_placements(tile):
            expected.append(Place(tile.id, *placement))
            expected += [Place(tile.id, *placement, option.figure, option.port)
                         for option in game.legal_figures(placement, tile)]
    assert actions == expected and len(set(actions)) == len(actions)
    for action in actions[:40]:
        game.copy().play(action)  # every one is legal


def test_rule_sets_are_shared_and_untouched_by_play():
    options = Options(river=True)
    first, second = Game.new(["A", "B"], options, seed=1), Game.new(["A", "B"], options, seed=2)
    assert first.rules is second.rules is rules_for(Options(river=True))
    state = vars(first.rules).copy()
    play_random_moves(first, random.Random(1))
    assert vars(first.rules) == state


# ----------------------------------------------------------------------
# What a player may know


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_the_view_shows_the_players_own_tiles_and_the_unseen_ones_without_order(options):
    game = mid_game(options)
    player = game.current_player
    view = game.view()
    assert view.player == player
    assert view.hand == tuple(tile.id for tile in game.hand)
    unseen = Counter(game.remaining())
    for other in range(len(game.players)):
        if other != player:
            unseen.update(tile.id for tile in game.hand_of(other))
    assert dict(view.unseen) == dict(unseen)
    assert list(view.unseen) == sorted(view.unseen)  # by id: nothing of the bag's order
    assert view.hand_sizes == tuple(len(game.hand_of(p)) for p in range(len(game.players)))


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_samples_agree_with_what_the_player_knows_and_deal_the_rest_at_random(options):
    game = mid_game(options)
    player = game.current_player
    view = game.view()
    rng = random.Random(4)
    samples = [view.sample(rng) for _ in range(20)]
    deals = set()
    for state in samples:
        assert state.seed is None
        assert [t.id for t in state.hand_of(player)] == [t.id for t in game.hand_of(player)]
        assert state.scores == game.scores and state.board.tiles == game.board.tiles
        assert [(f.player, f.x, f.y, f.segment) for f in state.figures] == \
            [(f.player, f.x, f.y, f.segment) for f in game.figures]
        unseen = Counter(state.remaining())
        for other in range(len(game.players)):
            if other != player:
                assert len(state.hand_of(other)) == len(game.hand_of(other))
                unseen.update(tile.id for tile in state.hand_of(other))
        assert dict(unseen) == dict(view.unseen)
        deals.add((tuple(t for pile in state.bag.piles for t in pile),
                   tuple(t.id for p in range(len(game.players)) if p != player
                         for t in state.hand_of(p))))
        play_random_moves(state, random.Random(1))  # a sample plays to the end
        assert state.is_over
    assert len(deals) == len(samples)


def test_the_view_keeps_nothing_of_the_real_order_or_other_hands():
    game = mid_game(Options(hand=3), players=2)
    player = game.current_player
    view = game.view()
    position = view._position
    true_order = [t for pile in game.bag.piles for t in pile]
    assert [t for pile in position.bag.piles for t in pile] != true_order
    assert position.seed is None
    assert all(not entry.hand for entry in position.history if entry.player != player)
    assert any(entry.hand for entry in position.history if entry.player == player)


def test_samples_are_reproducible_from_the_generator():
    game = mid_game(Options(hand=2))
    view = game.view()
    first = view.sample(random.Random(8))
    second = view.sample(random.Random(8))
    assert snapshot(first) == snapshot(second)
