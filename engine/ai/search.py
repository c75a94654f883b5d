"""The ``hard`` agent: Monte-Carlo search over sampled orders of the unseen tiles.

Carcassonne's chance is the order of the tiles, and the player on turn does
not know it (nor, with hands, the other players' tiles). The search therefore
never plays on the real state: each round it samples one state consistent
with the player's view (a determinisation: the unseen tiles dealt at random),
tries every candidate action on it, lets the next player answer with the
tile the sample deals them, and values the position reached with the
evaluation of :mod:`engine.ai.evaluation`.

- Candidates: the ``width`` best actions by the one-ply evaluation (the
  ``medium`` agent's), so the search spends its time where it matters.
- The answer: the next player tries every action of theirs and plays the one
  the evaluation likes best for them (``replies`` turns of such answers;
  with 2 or 3 players every other player's, so our turn comes back, and with
  a hand of tiles and 2 players our own next turn too, which plays the tile
  kept):
  what the one-ply player cannot see, a city left open to be joined, a farm
  to be contested, a feature the next tile closes for someone else.
- Common random numbers: in a round all candidates meet the same tiles, so
  their difference is measured, not the luck.
- Successive halving: after 4, 8, 16, ... rounds the worse half is dropped,
  so the close contenders get the most rounds.
- A prior: each candidate's total starts at its one-ply value times
  ``prior_rounds``, so the few rounds a move affords (a round is six
  answers, each valuing tens of actions) refine the evaluation's choice
  rather than overrule it on the luck of one or two samples.

Random playouts to the end of the game were tried first (as in Ameneyro,
Galván and Kuri Morales, "Playing Carcassonne with Monte Carlo Tree Search",
2020, where thousands of iterations beat a heuristic expectimax player): at
the few hundred a Python engine plays in half a second they lost to the
one-ply player. Sampling the unseen tiles afresh each round is determinisation
as in Cowling, Powley and Whitehouse's Information Set MCTS (2012).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from ..options import CARCASSONNE, HUNTERS_AND_GATHERERS, GameName, Options
from . import adapter
from .adapter import Action, PlayerView, State
from .agents import Agent, Budget, score_actions
from .evaluation import V6, V8, V9, V10, Weights, evaluate

#: The budget of a move when none is given, the bot's setting: 48 candidate
#: trials (deterministic for a seed; about 0.5 s a move) and never more than 1.5 s.
DEFAULT_BUDGET = Budget(seconds=1.5, iterations=48)

#: Rounds after which the worse half of the candidates is dropped: 4, 8, 16, ...
_FIRST_CUT = 4


@dataclass(frozen=True)
class RuleSetWeights:
    """An evaluation fitted to the games of one rule set, used there at a
    table of at most ``up_to`` players: a fit to two-player games may lose
    at a bigger table (the Winter Edition's did, the fourteenth round)."""

    weights: Weights
    up_to: int
    game: GameName = CARCASSONNE
    winter: bool = False

    def applies(self, players: int, options: Options) -> bool:
        return (players <= self.up_to and options.game == self.game
                and options.winter == self.winter)


#: The Winter Edition with 2 players: its 84 tiles give each player 42
#: turns, and ``V6`` fitted to them keeps followers longer and farms later;
#: with 4 players, each with 21 turns, it hoarded its followers and lost
#: (the fourteenth round), with 3 it was no better (the fifteenth).
WINTER_WEIGHTS = RuleSetWeights(V8, up_to=2, winter=True)
#: Hunters and Gatherers with 2 players: a follower kept is worth more,
#: whole until 20 tiles are left; with 3 and 4 players it too hoarded its
#: followers and lost (the fifteenth round).
HUNTERS_WEIGHTS = RuleSetWeights(V9, up_to=2, game=HUNTERS_AND_GATHERERS)


@dataclass(frozen=True)
class SearchPlan:
    """How a move's candidates are tried, which depends on the table: how
    many turns answer each one, on how many of their best placements the
    answerers try figures (``None``: all), and how many of the budget's
    trials one trial counts for."""

    replies: int
    answer_placements: int | None
    trial_cost: float = 1.0


class HardAgent(Agent):
    """Refines the one-ply evaluation's choice (``medium``'s at temperature 0)
    by searching its near equals within its budget (by default 48 trials and
    at most 1.5 s a move, the bot's setting): the search switches away from
    the one-ply best only on strong evidence (issue 23: always the one-ply
    best beat the ``reference`` by more than the wide search did)."""

    name = "hard"
    #: The evaluation fitted to the outcomes of two-player games: the one-ply
    #: choice and the search's values both come from it...
    default_weights: ClassVar[Weights] = V6
    #: ... and at a table of ``bigger_table`` players or more this one
    #: (``None``: the same at every table). Fitted to two-player games only,
    #: ``V6`` still played better than ``V5`` with 3 and 4 players on the
    #: same decks, and worse with 5 (the ninth round); with 5, ``V5`` with a
    #: follower kept worth less (``V7``) played better still (the twelfth),
    #: and ``V7`` set by SPSA on 5-player games (``V10``) better again (the
    #: seventeenth).
    bigger_table_weights: ClassVar[Weights | None] = V10
    bigger_table: ClassVar[int] = 5
    #: In a rule set with an evaluation fitted to its own games, that one
    #: (the first that applies; none: as in the base game).
    rule_set_weights: ClassVar[tuple[RuleSetWeights, ...]] = (WINTER_WEIGHTS, HUNTERS_WEIGHTS)
    #: Candidates kept from the one-ply ranking.
    width: ClassVar[int] = 6
    #: Turns answered after a candidate before the position is valued...
    replies: ClassVar[int] = 1
    #: ... and at least every other player's at a table of at most this many
    #: players: with 3 players the one after next moves before our
    #: next turn as surely as the next one does (two answers still fit the
    #: bot's 1.5 s; with 4 and 5 players three or four do not).
    all_answer_up_to: ClassVar[int] = 3
    #: With a hand of tiles and a table of at most this many players, the
    #: answers go on to our own next turn, which plays the tile kept: one
    #: answer never reaches it, so which tile to keep was left to chance
    #: (the evaluation takes a kept tile for any unseen one; the tenth round)...
    own_turn_with_hand_up_to: ClassVar[int] = 2
    #: ... those answerers try figures on this many placements only (a hand
    #: of two has twice the placements) ...
    hand_answer_placements: ClassVar[int | None] = 2
    #: ... and each such trial counts this many of the budget's: three turns
    #: where one was played, so 32 of the bot's 48 fit its 1.5 s.
    own_turn_trial_cost: ClassVar[float] = 1.5
    #: Remember each candidate's value by the tiles its answerer holds: with
    #: one answer, that is all of a sample the value depends on (the
    #: evaluation counts the unseen tiles, never their order), so a sample
    #: dealing the same tiles again costs nothing and the time goes to new ones.
    memo: ClassVar[bool] = True
    #: The answerer tries its figures on this many of its best placements
    #: only (valued without a figure): a third of the evaluations, so three
    #: times the samples; ``None`` tries every action.
    answer_placements: ClassVar[int | None] = 4
    #: The one-ply value of a candidate counts as this many rounds of the
    #: search (each candidate's total starts at it): with few rounds the
    #: samples are too few to overrule the evaluation, and a search that
    #: follows them alone lost to one-ply play (issue 23). 0: the search alone.
    prior_rounds: ClassVar[float] = 8.0
    #: Only the candidates whose one-ply value is within this many points of
    #: the best are searched (``None``: all ``width``); when the best stands
    #: alone it is played at once.
    margin: ClassVar[float | None] = 2.0
    #: The budget of a move when none is given.
    default_budget: ClassVar[Budget] = DEFAULT_BUDGET

    def __init__(self, seed: int = 0, budget: Budget | None = None,
                 weights: Weights | None = None) -> None:
        super().__init__(seed, budget if budget and budget != Budget() else self.default_budget,
                         weights)
        #: Weights given (to tune them) count at every table.
        self._given_weights = weights is not None

    def weights_at(self, players: int, options: Options | None = None) -> Weights:
        """The evaluation this agent values by at a table of ``players``
        playing by ``options`` (``None``: the base game's)."""
        if self._given_weights:
            return self.weights
        if players >= self.bigger_table and self.bigger_table_weights is not None:
            return self.bigger_table_weights
        if options is None:
            return self.weights
        return next((fitted.weights for fitted in self.rule_set_weights
                     if fitted.applies(players, options)), self.weights)

    def plan_at(self, players: int, hand: int = 1) -> SearchPlan:
        """How candidates are tried at a table of ``players`` by a player
        holding ``hand`` tiles."""
        replies = self.replies
        if players <= self.all_answer_up_to:
            replies = max(replies, players - 1)
        if hand > 1 and players <= self.own_turn_with_hand_up_to:
            return SearchPlan(max(replies, players), self.hand_answer_placements,
                              self.own_turn_trial_cost)
        return SearchPlan(replies, self.answer_placements)

    def choose(self, view: PlayerView) -> Action:
        seconds = self.budget.seconds
        deadline = None if seconds is None else time.perf_counter() + seconds
        rng = self.rng_for(view)
        me = view.player
        weights = self.weights_at(len(view.scores), view.options)
        ranked = sorted(
            score_actions(view, lambda state: evaluate(state, me, weights, disposable=True), rng),
            key=lambda pair: -pair[0])
        ranked = ranked[:self.width]
        if self.margin is not None:
            ranked = [pair for pair in ranked if pair[0] >= ranked[0][0] - self.margin]
        candidates = [action for _, action in ranked]
        if len(candidates) == 1:
            return candidates[0]
        # Every living candidate has had the same rounds, so the one-ply
        # value weighs the same against each one's sum of rounds.
        totals = [self.prior_rounds * value for value, _ in ranked]
        alive = list(range(len(candidates)))
        rounds = 0
        for round_values in self._rounds(view, candidates, alive, rng, deadline, weights):
            for index, value in round_values.items():
                totals[index] += value
            rounds += 1
            if rounds >= _FIRST_CUT and rounds & (rounds - 1) == 0 and len(alive) > 2:
                alive.sort(key=lambda i: -totals[i])
                del alive[max(2, len(alive) // 2):]
        if rounds == 0:
            return candidates[0]
        # Equal totals: the one the one-ply ranking put first.
        return candidates[max(alive, key=lambda i: (totals[i], -i))]

    def _rounds(self, view: PlayerView, candidates: list[Action], alive: list[int],
                rng: random.Random, deadline: float | None,
                weights: Weights) -> Iterator[dict[int, float]]:
        """Yield, round after round, each living candidate's value on one
        determinisation; stop when the budget is spent (an unfinished round
        is dropped, so every candidate is compared on the same rounds)."""
        budget = self.budget
        trials = 0.0
        me = view.player
        memo: dict[tuple[int, tuple[str, ...]], float] = {}
        plan = self.plan_at(len(view.scores), len(view.hand))
        remember = self.memo and plan.replies == 1
        while True:
            sample = view.sample(rng)
            values = {}
            for index in alive:
                if ((budget.iterations is not None and trials >= budget.iterations)
                        or (deadline is not None and time.perf_counter() >= deadline)):
                    return
                state = adapter.copy_state(sample)
                adapter.apply(state, candidates[index])
                key = (index, tuple(sorted(adapter.hand(state))))
                value = memo.get(key) if remember else None
                if value is None:
                    self._answer(state, weights, plan)
                    value = memo[key] = evaluate(state, me, weights, disposable=True)
                values[index] = value
                trials += plan.trial_cost
            yield values

    def _answer(self, state: State, weights: Weights, plan: SearchPlan) -> None:
        """The plan's ``replies`` turns, each the best action by the evaluation
        of whoever is on turn; with ``answer_placements``, the figures are
        tried on that many of the best tile placements only."""
        for _ in range(plan.replies):
            if adapter.is_over(state):
                return
            mover = adapter.current_player(state)
            actions = adapter.legal_actions(state)
            if plan.answer_placements is not None:
                actions = self._figures_on_the_best(state, mover, actions, weights,
                                                    plan.answer_placements)
            best, best_value = actions[0], self._value_after(state, actions[0], mover, weights)
            for action in actions[1:]:
                value = self._value_after(state, action, mover, weights)
                if value > best_value:
                    best, best_value = action, value
            adapter.apply(state, best)

    def _figures_on_the_best(self, state: State, mover: int, actions: list[Action],
                             weights: Weights, placements: int) -> list[Action]:
        """The actions whose tile placement is one of the ``placements`` best
        without a figure (valued so)."""
        bare = [action for action in actions if not adapter.places_figure(action)]
        if len(bare) <= placements:
            return actions
        bare.sort(key=lambda action: -self._value_after(state, action, mover, weights))
        kept = {adapter.placement_of(action) for action in bare[:placements]}
        return [action for action in actions if adapter.placement_of(action) in kept]

    def _value_after(self, state: State, action: Action, mover: int,
                     weights: Weights) -> float:
        trial = adapter.copy_state(state)
        adapter.apply(trial, action)
        return evaluate(trial, mover, weights, disposable=True)
