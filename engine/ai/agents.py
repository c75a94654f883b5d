"""Agents that play without searching: ``random``, ``greedy``, ``easy``, ``medium``.

Every agent is given a :class:`~engine.ai.adapter.PlayerView` (what the player
on turn may know) and returns one of its legal actions. Its choices depend on
its seed, the view and, for the searching agent, its budget only: the random
generator of each decision is made from the seed and the turn, so an agent
decides the same whether it plays a whole game or is asked about one turn in
a fresh process.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from . import adapter
from .adapter import Action, PlayerView, State
from .evaluation import DEFAULT, Weights, evaluate


@dataclass(frozen=True)
class Budget:
    """How long a searching agent may think: whichever limit comes first.

    ``seconds`` is wall-clock time per move (the search is then not exactly
    repeatable); ``iterations`` (candidate trials per move) alone makes it
    deterministic for a seed. An empty budget means the agent's default.
    """

    seconds: float | None = None
    iterations: int | None = None


class Agent(ABC):
    """A player: ``choose(view)`` returns one of ``view.legal_actions()``."""

    #: The level's name, as ``python -m engine match --agents`` takes it.
    name: ClassVar[str]
    #: The evaluation's weights, for the levels that evaluate positions.
    default_weights: ClassVar[Weights] = DEFAULT

    def __init__(self, seed: int = 0, budget: Budget | None = None,
                 weights: Weights | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        #: Given only to tune the evaluation (``benchmarks/tune_ai.py``).
        self.weights = weights or self.default_weights

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, budget={self.budget})"

    def rng_for(self, view: PlayerView) -> random.Random:
        """This decision's random generator: from the seed, the turn and the seat."""
        return random.Random(f"{self.name}/{self.seed}/{view.turn}/{view.player}")

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """The action to play, one of ``view.legal_actions()``."""


class RandomAgent(Agent):
    """Every legal action equally likely: the floor every other level must beat."""

    name = "random"

    def choose(self, view: PlayerView) -> Action:
        return self.rng_for(view).choice(view.legal_actions())


def score_actions(view: PlayerView, value: Callable[[State], float],
                  rng: random.Random) -> list[tuple[float, Action]]:
    """Each legal action with ``value`` of the state it leads to, tried on a
    copy (which ``value`` may spoil) of one sample of the view: the tiles
    drawn after it come in an order drawn by ``rng``."""
    base = view.sample(rng)
    scored = []
    for action in view.legal_actions():
        state = adapter.copy_state(base)
        adapter.apply(state, action)
        scored.append((value(state), action))
    return scored


def best_of(scored: list[tuple[float, Action]], rng: random.Random) -> Action:
    """The action of highest value, ties broken at random."""
    top = max(value for value, _ in scored)
    return rng.choice([action for value, action in scored if value == top])


class GreedyAgent(Agent):
    """The most points this turn for itself; among equals, the fewest for the
    others, then any. Blind to everything that pays later (farms, unfinished
    features): the baseline of the strength table."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Action:
        me, before = view.player, view.scores

        def gain(state: State) -> float:
            after = adapter.scores(state)
            others = sum(a - b for i, (a, b) in enumerate(zip(after, before)) if i != me)
            # Own points dominate; another player's point breaks ties only.
            return (after[me] - before[me]) * 1000 - others

        rng = self.rng_for(view)
        return best_of(score_actions(view, gain, rng), rng)


class OnePlyAgent(Agent):
    """Tries every action and values the position it leads to (see
    :mod:`engine.ai.evaluation`); ``temperature`` > 0 picks among the good
    ones at random, with odds falling by e per ``temperature`` points."""

    temperature: ClassVar[float] = 0.0

    def choose(self, view: PlayerView) -> Action:
        me = view.player
        rng = self.rng_for(view)
        scored = score_actions(
            view, lambda state: evaluate(state, me, self.weights, disposable=True), rng)
        if self.temperature <= 0:
            return best_of(scored, rng)
        top = max(value for value, _ in scored)
        odds = [math.exp((value - top) / self.temperature) for value, _ in scored]
        return rng.choices([action for _, action in scored], weights=odds)[0]


class EasyAgent(OnePlyAgent):
    """Counts only what the board would pay if the game ended now, and does
    not always play its best: a beginner's opponent."""

    name = "easy"
    default_weights = Weights(close_at_best=0.0, cloister_at_best=0.0, farm_city=0.0, follower=0.0,
                      bonus_tile=0.0)
    temperature = 1.5


class MediumAgent(OnePlyAgent):
    """The full evaluation (what features may still bring, the tiles left to
    close them, followers kept for later), no look-ahead; among moves within
    a fraction of a point of its best it does not always pick the very best
    (odds falling by e per 0.2 points), as a fair club player would.

    The temperature spaces the levels (issue 23, 100 paired games each
    against the ``reference``, base game with farmers, today's weights):
    always its best (0), it won 70.0%, as much as ``hard``; at 0.15 65.5%, at
    0.2 54.0%, at 0.3 41.0% (the fourth release's temperature, which won
    53.5% with that release's weights)."""

    name = "medium"
    temperature = 0.2
