"""Tune the evaluation's weights by SPSA on games against a pool of opponents.

Run: python benchmarks/spsa_ai.py [--iterations 300] [--pairs 3] [--jobs 2]
       [--seed 100] [--pool reference|medium|five] [--start V5] [--only a,b]
       [--log spsa.jsonl] [--resume spsa.jsonl]

Simultaneous perturbation stochastic approximation (Spall, 1992), as chess
engines tune their evaluations: each iteration draws a random sign for every
weight, plays the one-ply agent (``medium`` always playing its best) with the
weights moved up by those signs and again with them moved down, each on the
same ``--pairs`` fresh paired decks against one opponent of the pool, and
moves every weight along the difference of the two results divided by its
sign. The pool and its game kinds take turns, so the weights serve every
table, not one: ``--pool reference`` (the base game with farmers with 2 and
4 players against the ``reference``, Hunters and Gatherers against it, the
base game against ``medium-v3``) or ``--pool medium`` (today's ``medium`` in
the base game with 2 and 4 players and in Hunters and Gatherers, and the
``reference`` with 2: weights that beat our own kind, tried for ``hard`` in
``docs/ai.md``'s sixth round) or ``--pool five`` (today's ``medium`` in the
base game with 5 players, from ``--start V7``, ``hard``'s weights there: the
seventeenth round). ``--only`` moves those weights and holds the rest. A
side's result is its win rate plus its mean score margin / 50 (the margin
says more than a win per game, a win is what counts).

Each iteration is one line of JSON in ``--log``; the end prints the mean of
the weights over the second half of the iterations (SPSA's iterate wanders by
the noise of a few games; the mean of its tail is the estimate), as
``key=value`` for ``benchmarks/tune_ai.py`` to measure on fresh decks.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Options  # noqa: E402
from engine.ai import AGENTS, evaluation  # noqa: E402
from engine.ai.agents import OnePlyAgent  # noqa: E402
from engine.ai.evaluation import Weights  # noqa: E402
from engine.ai.match import MatchSpec, play_game  # noqa: E402


class OnePlyBestAgent(OnePlyAgent):
    """``medium``'s evaluation, always its best: what the weights are tuned for
    (``medium`` plays it with a temperature, ``hard`` refines it)."""

    name = "one-ply"


# Registered at import, so the spawned workers (which import this module) know it too.
AGENTS[OnePlyBestAgent.name] = OnePlyBestAgent


@dataclass(frozen=True)
class Tuned:
    """One weight SPSA moves: its perturbation (natural units) and bounds."""

    name: str
    step: float
    low: float
    high: float


TUNED = (
    Tuned("close_at_best", 0.08, 0.2, 1.0),
    Tuned("draw_share", 0.12, 0.1, 2.0),
    Tuned("cloister_at_best", 0.08, 0.1, 1.0),
    Tuned("cloister_pace", 1.2, 0.5, 15.0),
    Tuned("farm_city", 0.08, 0.0, 1.5),
    Tuned("follower", 1.2, 0.0, 20.0),
    Tuned("follower_return", 0.12, 0.0, 2.0),
    Tuned("supply_tiles", 8.0, 10.0, 90.0),
    Tuned("supply_players", 0.25, 0.0, 2.0),
    Tuned("rival_best", 0.12, 0.0, 1.0),
    Tuned("bonus_tile", 1.2, 0.0, 12.0),
)


@dataclass(frozen=True)
class Setting:
    """A game kind and opponent of the pool."""

    opponent: str
    players: int
    options: dict


POOLS = {
    "reference": (
        Setting("reference", 2, {"farmers": "3rd"}),
        Setting("reference", 4, {"farmers": "3rd"}),
        Setting("reference", 2, {"game": "hunters-and-gatherers"}),
        Setting("medium-v3", 2, {"farmers": "3rd"}),
    ),
    "medium": (
        Setting("medium", 2, {"farmers": "3rd"}),
        Setting("medium", 4, {"farmers": "3rd"}),
        Setting("medium", 2, {"game": "hunters-and-gatherers"}),
        Setting("reference", 2, {"farmers": "3rd"}),
    ),
    "five": (Setting("medium", 5, {"farmers": "3rd"}),),
}


def weights_of(start: Weights, values: dict[str, float]) -> Weights:
    return dataclasses.replace(start, **values)


def clipped(tuned: Tuned, value: float) -> float:
    return min(tuned.high, max(tuned.low, value))


def perturbed(tuned: tuple[Tuned, ...], theta: dict[str, float], signs: list[int],
              size: float) -> dict[str, float]:
    """Every weight moved by ``size`` of its step in the direction of its sign."""
    return {t.name: clipped(t, theta[t.name] + size * sign * t.step)
            for t, sign in zip(tuned, signs)}


def _play(task: tuple[MatchSpec, int]) -> tuple[float, float]:
    spec, number = task
    game = play_game(spec, number)
    label = spec.labels[0]
    return game.result_for(label), float(game.margin_for(label))


def side_result(outcomes: list[tuple[float, float]]) -> float:
    return (statistics.fmean(r for r, _ in outcomes)
            + statistics.fmean(m for _, m in outcomes) / 50)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--gain", type=float, default=1.0,
                        help="the first steps' size, in perturbations per unit of result")
    parser.add_argument("--pool", choices=sorted(POOLS), default="reference")
    parser.add_argument("--start", default="V5",
                        help="the weights to start from, by their name in engine.ai.evaluation")
    parser.add_argument("--only", help="the weights to move, comma-separated (default: all)")
    parser.add_argument("--log", default="spsa.jsonl")
    parser.add_argument("--resume", help="a log to go on from (its last weights and count)")
    args = parser.parse_args()

    start_weights = getattr(evaluation, args.start, None)
    if not isinstance(start_weights, Weights):
        parser.error(f"--start: no weights named {args.start!r} in engine.ai.evaluation")
    names = {t.name for t in TUNED}
    only = set(args.only.split(",")) if args.only else names
    if only - names:
        parser.error(f"--only: not tuned here: {', '.join(sorted(only - names))}")
    tuned = tuple(t for t in TUNED if t.name in only)
    theta = {t.name: float(getattr(start_weights, t.name)) for t in tuned}
    start = 0
    if args.resume:
        last = json.loads(Path(args.resume).read_text().splitlines()[-1])
        theta, start = last["theta"], last["iteration"] + 1
    rng = random.Random(args.seed)
    pool_settings = POOLS[args.pool]
    stability = 0.1 * args.iterations
    games = 2 * args.pairs
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool, \
            open(args.log, "a") as log:
        for k in range(args.iterations):
            signs = [rng.choice((-1, 1)) for _ in tuned]  # drawn for every k: a resumed run
            if k < start:                                  # meets the signs it would have
                continue
            a_k = args.gain * (stability + 1) ** 0.602 / (stability + k + 1) ** 0.602
            c_k = 1 / (k + 1) ** 0.101
            setting = pool_settings[k % len(pool_settings)]
            specs = [MatchSpec(("one-ply", setting.opponent), games, args.seed * 100_000 + k,
                               Options.from_dict(setting.options), players=setting.players,
                               weights=(weights_of(start_weights,
                                                   perturbed(tuned, theta, signs, size)), None))
                     for size in (c_k, -c_k)]
            outcomes = pool.map(_play, [(spec, n) for spec in specs for n in range(games)],
                                chunksize=1)
            plus, minus = side_result(outcomes[:games]), side_result(outcomes[games:])
            for t, sign in zip(tuned, signs):
                # A weight moves a_k of its steps per unit of result gained.
                theta[t.name] = clipped(
                    t, theta[t.name] + a_k * (plus - minus) / (2 * c_k * sign) * t.step)
            line = {"iteration": k, "setting": dataclasses.asdict(setting), "plus": round(plus, 3),
                    "minus": round(minus, 3), "theta": {n: round(v, 4) for n, v in theta.items()}}
            log.write(json.dumps(line) + "\n")
            log.flush()
            print(f"{k:4d} {setting.opponent:>9} {setting.players}p "
                  f"{setting.options.get('game', 'base'):>22} {plus:+.2f} {minus:+.2f} "
                  + " ".join(f"{n}={v:.3g}" for n, v in theta.items()), flush=True)
    rows = [json.loads(line)["theta"] for line in Path(args.log).read_text().splitlines()]
    tail = rows[len(rows) // 2:]
    print(" ".join(f"{t.name}={statistics.fmean(row[t.name] for row in tail):.4g}"
                   for t in tuned))


if __name__ == "__main__":
    main()
