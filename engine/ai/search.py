"""The ``hard`` agent: Monte-Carlo search over sampled orders of the unseen tiles.

Carcassonne's chance is the order of the tiles, and the player on turn does
not know it (nor, with hands, the other players' tiles). The search therefore
never plays on the real state: each round it samples one state consistent
with the player's view (a determinisation: the unseen tiles dealt in a random
order), tries every candidate action on it, plays a few turns beyond with a
quick informed policy for everyone, and values the position reached with the
evaluation of :mod:`engine.ai.evaluation`.

- Candidates: the ``width`` best actions by the one-ply evaluation (the
  ``medium`` agent's), so the search spends its time where it matters.
- Common random numbers: in a round all candidates meet the same tiles and
  the same playout luck, so their difference is measured, not the luck.
- Successive halving: after 4, 8, 16, ... rounds the worse half is dropped,
  so the close contenders get the most rounds.
- Playouts: each player in turn samples a few random legal actions and plays
  the one worth most at once to itself against the others, for ``depth``
  turns (to the end if the game ends sooner).

Monte-Carlo methods that follow long-term plans (farms above all) beat
one-ply heuristic players in Carcassonne (Ameneyro, Galván and Kuri Morales,
"Playing Carcassonne with Monte Carlo Tree Search", 2020); sampling the
unseen tiles afresh each round is determinisation as in Cowling, Powley and
Whitehouse's Information Set MCTS (2012).
"""

from __future__ import annotations

import random
import time
from typing import ClassVar

from . import adapter
from .adapter import Action, PlayerView, State
from .agents import Agent, Budget, score_actions
from .evaluation import evaluate

#: Rounds after which the worse half of the candidates is dropped: 4, 8, 16, ...
_FIRST_CUT = 4


class HardAgent(Agent):
    """Searches within its budget (by default one second a move)."""

    name = "hard"
    #: Candidates kept from the one-ply ranking.
    width: ClassVar[int] = 8
    #: Turns played out after a candidate before the position is valued.
    depth: ClassVar[int] = 4
    #: Random actions a playout compares at each turn.
    playout_choices: ClassVar[int] = 4

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed, budget or Budget(seconds=1.0))

    def choose(self, view: PlayerView) -> Action:
        rng = self.rng_for(view)
        me = view.player
        ranked = sorted(
            score_actions(view, lambda state: evaluate(state, me, disposable=True), rng),
            key=lambda pair: -pair[0])
        candidates = [action for _, action in ranked[:self.width]]
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        rounds = 0
        for round_values in self._rounds(view, candidates, alive, rng):
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
                rng: random.Random):
        """Yield, round after round, each living candidate's value on one
        determinisation; stop when the budget is spent (an unfinished round
        is dropped, so every candidate is compared on the same rounds)."""
        budget = self.budget
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        playouts = 0
        me = view.player
        while True:
            sample = view.sample(rng)
            luck = rng.getrandbits(64)
            values = {}
            for index in alive:
                if ((budget.iterations is not None and playouts >= budget.iterations)
                        or (deadline is not None and time.perf_counter() >= deadline)):
                    return
                state = adapter.copy_state(sample)
                adapter.apply(state, candidates[index])
                self._play_out(state, random.Random(luck))
                values[index] = evaluate(state, me, disposable=True)
                playouts += 1
            yield values

    def _play_out(self, state: State, rng: random.Random) -> None:
        for _ in range(self.depth):
            if adapter.is_over(state):
                return
            adapter.apply(state, _quick_move(state, rng, self.playout_choices))


def _quick_move(state: State, rng: random.Random, choices: int) -> Action:
    """Of ``choices`` random legal actions, the one worth most at once to the
    player on turn against the others (the first of equals)."""
    player = adapter.current_player(state)
    before = adapter.scores(state)
    best, best_gain = None, None
    for _ in range(choices):
        action = adapter.random_action(state, rng)
        trial = adapter.copy_state(state)
        adapter.apply(trial, action)
        after = adapter.scores(trial)
        gain = 2 * (after[player] - before[player]) - sum(after) + sum(before)
        if best_gain is None or gain > best_gain:
            best, best_gain = action, gain
    return best  # type: ignore[return-value]
