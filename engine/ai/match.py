"""Matches between two agents on paired decks (``python -m engine match``).

Game ``2k`` and game ``2k + 1`` are dealt from the same seed, so the same
tiles come in the same order (as far as the play lets them: a tile put back
into the bag returns at a random place), with the seats swapped: the luck of
the deck and of the first move falls to both agents alike. With more than 2
players each agent takes every other seat (A B A B, then B A B A; with an
odd number A B A, then B A B, so over a pair each agent has as many seats),
and the game goes to the agent of the best score. Every game's
agents get their own seeds from the match's, so a match is repeatable when
its agents have no time limit.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..options import FarmEdition, GameName, Options
from . import adapter, make_agent
from .adapter import State
from .agents import Budget
from .breakdown import Breakdown, game_breakdown, mean_breakdown
from .evaluation import Weights
from .stats import elo_difference, percentile

#: The rule sets the benchmarks play, by name (``bench_ai.py --game``,
#: ``fit_eval.py collect --game``).
RULE_SETS: dict[str, Options] = {
    "carcassonne": Options(farmers=FarmEdition.THIRD),
    "hunters-and-gatherers": Options(game=GameName.HUNTERS_AND_GATHERERS),
    "river": Options(farmers=FarmEdition.THIRD, river=True),
    "winter": Options(farmers=FarmEdition.THIRD, winter=True),
    "hand-2": Options(farmers=FarmEdition.THIRD, hand=2),
    "hand-3": Options(farmers=FarmEdition.THIRD, hand=3),
    "first-edition": Options(farmers=FarmEdition.FIRST),
}


@dataclass(frozen=True)
class MatchSpec:
    """What to play: two agent names (first against second), how many games,
    from which seed, with what options and budget. Picklable, for workers."""

    agents: tuple[str, str]
    games: int
    seed: int = 0
    options: Options = Options()
    budget: Budget = Budget()
    #: Players at the table: each agent plays every other seat.
    players: int = 2
    #: Each agent's evaluation weights in place of its level's (to tune them).
    weights: tuple[Weights | None, Weights | None] = (None, None)

    def __post_init__(self) -> None:
        if len(self.agents) != 2:
            raise ValueError(f"a match is between 2 agents, not {len(self.agents)}")
        if self.players < 2:
            raise ValueError(f"a match is played by at least 2 players, not {self.players}")
        if self.games < 1:
            raise ValueError(f"a match needs at least 1 game, not {self.games}")
        for name in self.agents:
            make_agent(name)  # ValueError for an unknown name

    @property
    def labels(self) -> tuple[str, str]:
        """The agents' names, told apart when an agent meets itself."""
        first, second = self.agents
        return (first, second) if first != second else (f"{first}-1", f"{second}-2")

    def seating(self, number: int) -> list[int]:
        """Game ``number``'s seats, each as the index of its agent in ``agents``:
        every other seat, the first agent starting on even numbers."""
        return [(seat + number) % 2 for seat in range(self.players)]

    def deck_seed(self, pair: int) -> int:
        return random.Random(f"deck/{self.seed}/{pair}").getrandbits(64)


@dataclass(frozen=True)
class GameResult:
    """One game of a match: who sat where, the final scores, the tiles as
    they came, every move's thinking time by agent label, and each seat's
    :class:`~engine.ai.breakdown.Breakdown`."""

    number: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    tiles: tuple[str, ...]
    move_seconds: tuple[tuple[str, float], ...]
    breakdowns: tuple[Breakdown, ...] = ()

    @property
    def pair(self) -> int:
        return self.number // 2

    def best(self, label: str, *, mine: bool = True) -> int:
        """The best score of the agent ``label``'s seats (or of the other agent's)."""
        return max(score for seat, score in zip(self.seats, self.scores)
                   if (seat == label) == mine)

    def result_for(self, label: str) -> float:
        """1 for a win, 0.5 for a tie, 0 for a loss of the agent ``label``."""
        mine, theirs = self.best(label), self.best(label, mine=False)
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0

    def margin_for(self, label: str) -> int:
        """The agent's best score minus the other agent's best."""
        return self.best(label) - self.best(label, mine=False)


def play_game(spec: MatchSpec, number: int) -> GameResult:
    """Game ``number`` of the match: deck ``number // 2``, seats swapped on odd numbers."""
    return play_out(spec, number)[0]


def play_out(spec: MatchSpec, number: int) -> tuple[GameResult, State]:
    """:func:`play_game`, with the finished game's state for a caller that counts
    more of it (a benchmark's pieces placed, say)."""
    labels = spec.labels
    names = spec.agents
    order = spec.seating(number)
    seats = tuple(labels[i] for i in order)
    agents = [make_agent(names[i], budget=spec.budget, weights=spec.weights[i],
                         seed=random.Random(f"agent/{spec.seed}/{number}/{seat}").getrandbits(32))
              for seat, i in enumerate(order)]
    state = adapter.new_state(seats, spec.options, spec.deck_seed(number // 2))
    times: list[tuple[str, float]] = []
    empty_turns = [0] * spec.players
    while not adapter.is_over(state):
        seat = adapter.current_player(state)
        empty_turns[seat] += adapter.followers_in_supply(state, seat) == 0
        start = time.perf_counter()
        action = agents[seat].choose(adapter.PlayerView.of(state))
        times.append((seats[seat], time.perf_counter() - start))
        adapter.play(state, action)
    result = GameResult(number, seats, adapter.scores(state),
                        adapter.tile_sequence(state), tuple(times),
                        tuple(game_breakdown(state, seat, empty_turns[seat])
                              for seat in range(spec.players)))
    return result, state


def _play_numbered(task: tuple[MatchSpec, int]) -> GameResult:
    return play_game(*task)


def play_match(spec: MatchSpec, *, jobs: int = 1) -> list[GameResult]:
    """Every game of the match, in order; ``jobs`` > 1 plays them in that many processes."""
    tasks = [(spec, number) for number in range(spec.games)]
    if jobs <= 1:
        return [_play_numbered(task) for task in tasks]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(_play_numbered, tasks, chunksize=1)


def by_deck(results: list[GameResult],
            value: Callable[[GameResult], float]) -> dict[int, list[float]]:
    """``value`` of each game, grouped by the deck (the pair of games) it was dealt from."""
    decks: dict[int, list[float]] = {}
    for result in results:
        decks.setdefault(result.pair, []).append(value(result))
    return decks


def summary(spec: MatchSpec, results: list[GameResult]) -> dict[str, Any]:
    """The match as one JSON object: wins, ties, score difference, Elo, move times."""
    first, second = spec.labels
    wins = Counter({first: 0, second: 0})
    ties = 0
    for result in results:
        outcome = result.result_for(first)
        if outcome == 0.5:
            ties += 1
        else:
            wins[first if outcome == 1 else second] += 1
    pairs = by_deck(results, lambda result: result.result_for(first))
    times: dict[str, list[float]] = {first: [], second: []}
    for result in results:
        for label, seconds in result.move_seconds:
            times[label].append(seconds)
    return {
        "agents": [first, second],
        "games": len(results),
        "wins": dict(wins),
        "ties": ties,
        "mean_score_difference": round(
            statistics.fmean(r.margin_for(first) for r in results), 2),
        "elo_difference": elo_difference(list(pairs.values())).to_json(),
        "seconds_per_move": {
            label: {"median": round(statistics.median(values), 4),
                    "p95": round(percentile(values, 0.95), 4), "moves": len(values)}
            for label, values in times.items()},
        "breakdown": {
            label: mean_breakdown([part for r in results
                                   for seat, part in zip(r.seats, r.breakdowns)
                                   if seat == label]).to_json()
            for label in (first, second)},
        "seed": spec.seed,
        "players": spec.players,
        "options": spec.options.to_dict() | {"game": spec.options.game},
        "budget": {"seconds": spec.budget.seconds, "iterations": spec.budget.iterations},
    }
