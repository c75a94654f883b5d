"""The evaluation's speed and its decisions, on fixed positions (issue 23).

Run: python benchmarks/bench_eval.py [--repeat 3] [--hard-iterations 48]
     python benchmarks/bench_eval.py --record   (rewrites the test fixture)

The positions are those of ``positions()``: seeded games of random play in
the base game, Hunters and Gatherers and both expansions, a position every
few turns. Prints the evaluation's time per call (median over the
positions) and ``medium``'s and ``hard``'s time per move (median, p95).
``--record`` writes ``tests/engine/fixtures/evaluation.json``: every
position's expected scores and the moves ``medium`` and ``hard`` choose, which
``tests/engine/test_evaluation_identity.py`` checks the evaluation still gives.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Options  # noqa: E402
from engine.ai import adapter  # noqa: E402
from engine.ai.agents import Budget, EasyAgent, MediumAgent, RandomAgent  # noqa: E402
from engine.ai.evaluation import V1, V2, expected_scores  # noqa: E402
from engine.ai.frozen import HardV4Agent, MediumV4Agent  # noqa: E402
from engine.ai.search import HardAgent  # noqa: E402

FIXTURE = Path(__file__).resolve().parents[1] / "tests/engine/fixtures/evaluation.json"

#: (name, options, players, seed): the games the positions come from.
GAMES = (
    ("base", Options(farmers="3rd"), 2, 1),
    ("base-4", Options(farmers="3rd"), 4, 2),
    ("first-edition", Options(farmers="1st", unfinished=False), 3, 3),
    ("hunters", Options(game="hunters-and-gatherers"), 2, 4),
    ("expansions", Options(farmers="3rd", inns_cathedrals=True, traders_builders=True), 3, 5),
    ("hand-2", Options(farmers="3rd", hand=2, river=True), 2, 6),
)
#: A position every this many turns.
EVERY = 6
#: The weights whose values are recorded (fixed ones: the fixture checks the
#: evaluation's code, not today's weights).
WEIGHTS = {"v2": V2, "v1": V1,
           "before-expansions": dataclasses.replace(V2, big_follower=0.0, builder=0.0, pig=0.0),
           "easy": EasyAgent.default_weights}


def positions() -> Iterator[tuple[str, adapter.State]]:
    """Each game's positions, named ``game/turn``, the game running on."""
    for name, options, players, seed in GAMES:
        state = adapter.new_state([f"p{i}" for i in range(players)], options, seed)
        agent = RandomAgent(seed)
        turn = 0
        while not adapter.is_over(state):
            if turn % EVERY == 0:
                yield f"{name}/{turn}", state.copy()
            adapter.apply(state, agent.choose(adapter.PlayerView.of(state)))
            turn += 1
        yield f"{name}/end", state


def values_of(state: adapter.State) -> dict[str, list[float]]:
    return {key: expected_scores(state, weights) for key, weights in WEIGHTS.items()}


#: Positions whose moves are recorded (every this many), and hard's trials.
DECIDE_EVERY = 4
HARD_ITERATIONS = 12


def decision(level: str, state: adapter.State, index: int,
             hard_iterations: int = HARD_ITERATIONS) -> str:
    """The move ``level`` (``medium`` or ``hard``, as frozen in their fourth
    release, so a new release leaves the fixture true) seeded ``index`` chooses."""
    view = adapter.PlayerView.of(state)
    agent = (MediumV4Agent(index) if level == "medium"
             else HardV4Agent(index, Budget(iterations=hard_iterations)))
    return adapter.action_text(agent.choose(view))


def record() -> None:
    table: dict[str, dict] = {}
    for index, (name, state) in enumerate(positions()):
        entry: dict = {"values": values_of(state)}
        if index % DECIDE_EVERY == 0 and not adapter.is_over(state):
            entry["moves"] = {level: decision(level, state, index)
                              for level in ("medium", "hard")}
        table[name] = entry
    FIXTURE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    print(f"{len(table)} positions written to {FIXTURE}")


def timed(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def measure(args) -> None:
    states = [state for _, state in positions() if not adapter.is_over(state)]
    per_call = []
    calls = args.repeat * 10

    def evaluate_often(state: adapter.State) -> None:
        for _ in range(calls):
            expected_scores(state)

    for state in states:
        per_call.append(timed(evaluate_often, state) / calls)
    medium, hard = [], []
    for index, state in enumerate(states):
        view = adapter.PlayerView.of(state)
        medium.append(timed(MediumAgent(index).choose, view))
        if index % 3 == 0:
            hard.append(timed(HardAgent(index, Budget(iterations=args.hard_iterations)).choose,
                              view))

    def line(label: str, times: list[float]) -> str:
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        return (f"{label}: median {1000 * statistics.median(ordered):.2f} ms, "
                f"p95 {1000 * p95:.2f} ms ({len(ordered)} positions)")

    print(line("evaluation per call", per_call))
    print(line("medium per move", medium))
    print(line(f"hard per move (iterations={args.hard_iterations})", hard))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--hard-iterations", type=int, default=48)
    args = parser.parse_args()
    if args.record:
        record()
    else:
        measure(args)


if __name__ == "__main__":
    main()
