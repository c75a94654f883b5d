"""The levels of issue 23: the reference sparring agent's ranking, followers
kept when the evaluation says so, the frozen releases, ``rank_actions``, and
where a game's points came from."""

import random

import pytest
from test_ai_agents import play_a_table

from engine import Options
from engine.ai import AGENTS, Budget, adapter, make_agent, player_view, rank_actions
from engine.ai.agents import score_actions
from engine.ai.evaluation import V1, V2, V5, V6, V7, V8, V9, V10, Weights, evaluate
from engine.ai.match import RULE_SETS, MatchSpec, play_match
from engine.ai.reference import reference_value
from engine.ai.search import DEFAULT_BUDGET, SearchPlan


def _opening(seed=0):
    """Seed 0's first turn: tile U (a straight road with a field either side)."""
    state = adapter.new_state(["first", "second"], Options(), seed=seed)
    assert adapter.hand(state) == ("U",)
    return state, player_view(state)


def _after(state, action):
    trial = adapter.copy_state(state)
    adapter.apply(trial, action)
    return trial


def test_the_reference_ranks_a_farmer_5_points_below_keeping_the_follower():
    """U laid left of the start tile: no figure, a thief on the 2-tile road
    or a farmer. The others' 7 followers in supply count 1.25 each against
    it, its own 0.25 each for it; the thief adds the road's 2 points and
    costs the first road's 1; the first farmer costs 5 (the farm pays 0 now)."""
    state, view = _opening()
    ranked = {(a.figure is not None and _after(state, a).figures[-1].role.value): a
              for a in view.legal_actions() if (a.tile, a.x, a.y, a.rotation) == ("U", -1, 0, 0)}
    values = {role: reference_value(_after(state, a), 0) for role, a in ranked.items()}
    assert values == {False: -7.0, "thief": -6.25, "farmer": -12.25}


def test_the_evaluation_keeps_the_follower_when_followers_are_worth_more():
    """The same opening: counting a follower in supply as nothing, the best
    move puts a thief on a road for its points; counting each as 20 points,
    the best move places no follower at all."""
    state, view = _opening()

    def best(weights):
        scored = score_actions(view, lambda s: evaluate(s, 0, weights, disposable=True),
                               random.Random(1))
        return max(scored, key=lambda pair: pair[0])[1]

    assert best(Weights(follower=0.0)).figure is not None
    assert best(Weights(follower=20.0, useful_followers=7)).figure is None


def test_the_frozen_levels_keep_their_release_evaluation_and_search():
    assert make_agent("medium-v1").weights == make_agent("hard-v1").weights == V1
    assert make_agent("medium-v2").weights == make_agent("hard-v2").weights == V2
    assert make_agent("medium").weights != V1
    for name in ("medium-v1", "medium-v2"):
        assert AGENTS[name].temperature == 0.5
    for name in ("hard-v1", "hard-v2"):
        assert AGENTS[name].prior_rounds == 0 and AGENTS[name].width == 6
    assert make_agent("medium-v3").weights == make_agent("hard-v3").weights == V2
    assert AGENTS["medium-v3"].temperature == 0.3
    assert AGENTS["hard-v3"].prior_rounds == 4 and AGENTS["hard-v3"].width == 6
    for name in ("hard-v1", "hard-v2", "hard-v3"):
        assert AGENTS[name].margin is None and make_agent(name).budget == Budget(seconds=1.5)
    assert make_agent("medium-v4").weights == make_agent("hard-v4").weights == V2
    assert AGENTS["medium-v4"].temperature == 0.3
    assert (AGENTS["hard-v4"].margin, AGENTS["hard-v4"].prior_rounds) == (2.0, 8.0)
    assert make_agent("hard-v4").budget == Budget(seconds=1.5, iterations=48)
    assert make_agent("hard-v5").weights == V5 and make_agent("hard-v5").budget == DEFAULT_BUDGET
    assert (AGENTS["hard-v5"].margin, AGENTS["hard-v5"].prior_rounds) == (2.0, 8.0)
    hard_v6 = make_agent("hard-v6")
    assert (hard_v6.weights_at(2), hard_v6.weights_at(4)) == (V6, V5)
    for name in ("hard-v1", "hard-v2", "hard-v3", "hard-v4", "hard-v5", "hard-v6"):
        assert [make_agent(name).plan_at(players, hand=2).replies
                for players in (2, 3, 4, 5)] == [1] * 4
    hard_v7 = make_agent("hard-v7")
    assert (hard_v7.weights_at(4), hard_v7.weights_at(5)) == (V6, V5)
    assert [hard_v7.plan_at(players, hand=2) for players in (2, 3, 4)] == [
        SearchPlan(replies=1, answer_placements=4), SearchPlan(replies=2, answer_placements=4),
        SearchPlan(replies=1, answer_placements=4)]
    hard_v8 = make_agent("hard-v8")
    assert (hard_v8.weights_at(4), hard_v8.weights_at(5)) == (V6, V5)
    assert hard_v8.plan_at(2, hand=2) == SearchPlan(replies=2, answer_placements=2,
                                                    trial_cost=1.5)
    hard_v9 = make_agent("hard-v9")
    assert (hard_v9.weights_at(4), hard_v9.weights_at(5)) == (V6, V7)
    assert hard_v9.plan_at(2, hand=2) == hard_v8.plan_at(2, hand=2)
    winter, hunters = RULE_SETS["winter"], RULE_SETS["hunters-and-gatherers"]
    for name in ("hard-v1", "hard-v4", "hard-v6", "hard-v8", "hard-v9"):
        agent = make_agent(name)
        assert agent.weights_at(2, winter) == agent.weights_at(2, hunters) \
            == agent.weights_at(2), name
    hard_v10 = make_agent("hard-v10")
    assert (hard_v10.weights_at(2, winter), hard_v10.weights_at(4, winter)) == (V8, V6)
    assert hard_v10.weights_at(2, hunters) == hard_v10.weights_at(2) == V6
    hard_v11 = make_agent("hard-v11")
    assert (hard_v11.weights_at(2, winter), hard_v11.weights_at(2, hunters)) == (V8, V9)
    assert hard_v11.weights_at(5) == hard_v10.weights_at(5) == V7


def test_hard_values_by_the_fitted_evaluation_and_medium_by_the_tuned_one():
    """Issue 23, sixth release: ``hard`` plays by the weights fitted to games'
    outcomes (V6); ``medium``, the level below it and the bot's stand-in, keeps
    the SPSA-tuned V5 that met its target against the reference."""
    assert make_agent("hard").weights == V6 != V5
    assert make_agent("medium").weights == V5


def test_hard_values_by_the_fitted_evaluation_up_to_four_players():
    """V6 was fitted to two-player games only, yet with 3 and 4 players it
    played better than V5 on the same decks, with 5 worse (the ninth round,
    docs/ai.md): ``hard`` values by V6 at up to 4 players, at 5 by V10 (V5
    with a follower kept worth less, the twelfth round, then set by SPSA on
    5-player games, the seventeenth), in the Winter
    Edition with 2 players by V8 and in Hunters and Gatherers with 2 players
    by V9 (each fitted to its games; with 3 or 4 players they lost, the
    fourteenth and fifteenth rounds); the frozen levels by their release's evaluation
    (``hard-v6`` by V5 from 3 players); weights given to tune them count at
    every table."""
    hard = make_agent("hard")
    assert hard.weights_at(2) == hard.weights_at(3) == hard.weights_at(4) == V6
    assert hard.weights_at(5) == V10 not in (V5, V7)
    fitted = {"winter": V8, "hunters-and-gatherers": V9}
    for name, options in RULE_SETS.items():
        assert hard.weights_at(2, options) == fitted.get(name, V6), name
        assert hard.weights_at(3, options) == hard.weights_at(4, options) == V6, name
        assert hard.weights_at(5, options) == V10, name
    for name, release in (("hard-v1", V1), ("hard-v4", V2), ("hard-v5", V5)):
        assert make_agent(name).weights_at(4) == release
    tuned = Weights(follower=3.0)
    assert make_agent("hard", weights=tuned).weights_at(4) == tuned
    for name in fitted:
        assert make_agent("hard", weights=tuned).weights_at(2, RULE_SETS[name]) == tuned


def _best_by(view, weights):
    """The actions ``weights`` value best at one ply, as text."""
    scored = score_actions(view, lambda s: evaluate(s, view.player, weights, disposable=True),
                           random.Random(1))
    top = max(value for value, _ in scored)
    return {str(action) for value, action in scored if value == top}


@pytest.mark.parametrize(("rule_set", "players", "before", "fitted"), [
    ("winter", 2, V6, V8), ("hunters-and-gatherers", 2, V6, V9), ("carcassonne", 5, V7, V10)])
def test_hard_at_a_table_with_its_own_evaluation_plays_what_that_evaluation_rates_best(
        rule_set, players, before, fitted):
    """The fourteenth, fifteenth and seventeenth rounds (docs/ai.md): the
    rules and the table are public, so ``hard`` reads them from its view and
    values a two-player Winter Edition position by V8, a Hunters and
    Gatherers one by V9, and a five-player one by V10 (before: V6, V6, V7).
    On a turn where the two evaluations disagree, ``hard`` whose one-ply
    value outweighs any search plays the new one's best, and
    ``rank_actions(level="hard")`` ranks by it."""
    from engine.ai.search import HardAgent

    class Trusting(HardAgent):
        prior_rounds = 1e9

    options = RULE_SETS[rule_set]
    state = adapter.new_state([f"p{seat}" for seat in range(players)], options, seed=5)
    medium = make_agent("medium", seed=3)
    for _ in range(40):
        view = player_view(state)
        assert view.options == options
        best = {weights: _best_by(view, weights) for weights in (before, fitted)}
        if not best[before] & best[fitted]:
            break
        adapter.play(state, medium.choose(view))
    else:
        pytest.fail(f"the evaluations before and after agreed on 40 turns of {rule_set}")
    assert str(Trusting(9, Budget(iterations=20)).choose(view)) in best[fitted]
    assert str(rank_actions(view, level="hard")[0][1]) in best[fitted]


@pytest.mark.parametrize(("players", "back_on_turn"), [(2, True), (3, True), (4, False)])
def test_hard_values_a_candidate_after_its_answers(players, back_on_turn):
    """The ninth round (docs/ai.md): with 2 or 3 players every other player
    answers a candidate before it is valued, so the position valued is ours
    to play again; with 4 or more only the next one does (more answers do not
    fit the bot's 1.5 s a move)."""
    hard = make_agent("hard")
    state = adapter.new_state([f"p{seat}" for seat in range(players)], Options(), seed=2)
    me = adapter.current_player(state)
    adapter.apply(state, adapter.legal_actions(state)[0])
    plan = hard.plan_at(players)
    hard._answer(state, hard.weights_at(players), plan)
    assert (adapter.current_player(state) == me) == back_on_turn
    assert len(adapter.tile_sequence(state)) == 1 + plan.replies


def test_hard_with_a_hand_plays_on_to_its_own_next_turn():
    """The tenth round (docs/ai.md): with a hand of tiles and 2 players the
    answer goes on to our own next turn, which plays the tile kept (one answer
    never reached it); those turns try figures on 2 placements only and each
    trial counts 1.5 of the budget. With one tile in hand, or 3 players, as
    without hands."""
    hard = make_agent("hard")
    state = adapter.new_state(["first", "second"], RULE_SETS["hand-2"], seed=2)
    me = adapter.current_player(state)
    view = player_view(state)
    plan = hard.plan_at(2, len(view.hand))
    assert plan == SearchPlan(replies=2, answer_placements=2, trial_cost=1.5)
    adapter.apply(state, view.legal_actions()[0])
    kept = list(view.hand)
    kept.remove(adapter.tile_sequence(state)[0])
    hard._answer(state, hard.weights_at(2), plan)
    played = adapter.tile_sequence(state)
    assert len(played) == 3 and adapter.current_player(state) != me
    assert played[2] == kept[0], "our own next turn played the tile we kept"
    assert hard.plan_at(2, hand=1) == hard.plan_at(2) == SearchPlan(1, 4)
    assert hard.plan_at(3, hand=2) == SearchPlan(2, 4)


def test_hard_whose_evaluation_outweighs_its_rounds_plays_the_one_ply_best():
    """The one-ply value counts as ``prior_rounds`` rounds of the search: with
    a prior no sample can overrule, ``hard`` plays what one ply rates best."""
    from engine.ai.search import HardAgent

    class Trusting(HardAgent):
        prior_rounds = 1e9

    state = adapter.new_state(["first", "second"], Options(), seed=4)
    medium = make_agent("medium", seed=3)
    for _ in range(6):
        adapter.play(state, medium.choose(player_view(state)))
    view = player_view(state)
    ranked = rank_actions(view, level="hard")
    best = [action for value, action in ranked if value == ranked[0][0]]
    assert Trusting(9, Budget(iterations=40)).choose(view) in best


def test_the_new_levels_play_whole_games_legally_and_repeatably():
    play_a_table(["reference", "medium-v1"], Options(game="hunters-and-gatherers"))


@pytest.mark.parametrize("level", ["medium", "hard", "medium-v1"])
def test_rank_actions_values_every_legal_action_best_first(level):
    state, view = _opening()
    ranked = rank_actions(view, level=level)
    assert sorted(map(str, (a for _, a in ranked))) == sorted(map(str, view.legal_actions()))
    values = [value for value, _ in ranked]
    assert values == sorted(values, reverse=True)
    assert ranked == rank_actions(player_view(state), level=level)
    weights = AGENTS[level].default_weights
    value, action = ranked[0]
    assert value == pytest.approx(evaluate(_after(state, action), 0, weights))


def test_the_points_by_feature_add_up_to_the_final_scores():
    """Every point of a base game comes from a feature, during play or at the
    end; the breakdown accounts for all of them, and for every follower placed."""
    spec = MatchSpec(("greedy", "medium"), games=1, seed=2, budget=Budget(iterations=1))
    (result,) = play_match(spec)
    for seat, breakdown in enumerate(result.breakdowns):
        total = sum(breakdown.during.values()) + sum(breakdown.final.values())
        assert total == result.scores[seat]
        assert sum(breakdown.placed.values()) >= 1
        assert 0 <= breakdown.empty_turns <= len(result.tiles)


def test_hard_remembering_values_by_the_answerers_tiles_changes_no_decision():
    """The memo saves time only: a value depends on a sample through the
    tiles the answerer holds, so searching every sample afresh decides the same."""
    from engine.ai.search import HardAgent

    class Forgetful(HardAgent):
        memo = False

    state = adapter.new_state(["first", "second"], Options(), seed=4)
    medium = make_agent("medium", seed=3)
    for _ in range(6):
        adapter.play(state, medium.choose(player_view(state)))
    view = player_view(state)
    budget = Budget(iterations=40)
    assert make_agent("hard", seed=9, budget=budget).choose(view) == Forgetful(
        9, budget).choose(view)


def test_hard_searching_only_near_its_best_is_deterministic_and_never_leaves_that_margin():
    """Issue 23: with ``margin`` the search only weighs the candidates whose one-ply
    value is within that many points of the best; for a seed and an iteration
    budget it decides the same every time, and a margin of 0 plays a one-ply best."""
    from engine.ai.search import HardAgent

    class Near(HardAgent):
        margin = 1.0

    class Greedy(HardAgent):
        margin = 0.0

    state = adapter.new_state(["first", "second"], Options(), seed=4)
    medium = make_agent("medium", seed=3)
    for _ in range(6):
        adapter.play(state, medium.choose(player_view(state)))
    view = player_view(state)
    ranked = rank_actions(view, level="hard")
    budget = Budget(iterations=30)
    chosen = Near(9, budget).choose(view)
    assert chosen == Near(9, budget).choose(player_view(state))
    assert dict((str(a), v) for v, a in ranked)[str(chosen)] >= ranked[0][0] - 1.0
    assert Greedy(9, budget).choose(view) in [a for v, a in ranked if v == ranked[0][0]]
