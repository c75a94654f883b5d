"""Fit the evaluation's weights to the outcomes of games (issue 23).

Run: python benchmarks/fit_eval.py collect --games 1000 [--seed 0] [--jobs 2]
         [--agents medium medium] [--out FILE]
     python benchmarks/fit_eval.py fit [--positions FILE] [--passes 6] [--jobs 2]
         [--only close_at_best,follower ...] [--holdout 0.2]

``collect`` plays 2-player base games (paired decks, as the matches deal
them) and stores, after every move, what the evaluation reads of the position
(:class:`~engine.ai.evaluation.Position`) with the game's final scores.
``fit`` then looks for the weights whose expected lead of the first player
(:func:`~engine.ai.evaluation.advantage`) is nearest, in mean squared
points, to the lead they had at the end: a local search, one weight at a
time, halving its step when neither direction helps (as chess engines tune
their evaluation on game results, "Texel tuning"). The games of the last
``--holdout`` share of the decks are kept out of the fit and only measured.
Prints the loss before and after, on the fit's games and on the held-out
ones, and the weights as ``key=value`` for ``tune_ai.py``.

A lower loss means a better prediction of the end, not yet a stronger
player: ``tune_ai.py`` measures that.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import pickle
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import AGENTS, adapter  # noqa: E402
from engine.ai.evaluation import (  # noqa: E402
    DEFAULT,
    Position,
    Weights,
    advantage,
    position_value,
    read_position,
)
from engine.ai.match import MatchSpec  # noqa: E402

#: The weights fitted, each with its first step and its bounds.
STEPS: dict[str, tuple[float, float, float]] = {
    "close_at_best": (0.1, 0.05, 1.0),
    "draw_share": (0.1, 0.05, 2.0),
    "cloister_at_best": (0.1, 0.0, 1.0),
    "cloister_pace": (1.0, 0.0, 20.0),
    "farm_city": (0.1, 0.0, 1.5),
    "follower": (1.0, 0.0, 20.0),
    "follower_return": (0.25, 0.0, 3.0),
    "supply_tiles": (10.0, 20.0, 200.0),
}

Sample = tuple[int, Position, int]  # (deck, position, the first player's final lead)


def collect_game(task: tuple[MatchSpec, int]) -> list[Sample]:
    spec, number = task
    agents = [AGENTS[name](seed=random.Random(f"fit/{spec.seed}/{number}/{seat}").getrandbits(32))
              for seat, name in enumerate(spec.agents)]
    state = adapter.new_state(("a", "b"), spec.options, spec.deck_seed(number // 2))
    positions = []
    while not adapter.is_over(state):
        seat = adapter.current_player(state)
        adapter.play(state, agents[seat].choose(adapter.PlayerView.of(state)))
        if not adapter.is_over(state):
            positions.append(read_position(state))
    final = adapter.scores(state)
    return [(number // 2, position, final[0] - final[1]) for position in positions]


def collect(args: argparse.Namespace) -> None:
    spec = MatchSpec(tuple(args.agents), args.games, seed=args.seed)
    tasks = [(spec, number) for number in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        samples = [sample for game in pool.imap(collect_game, tasks, chunksize=4)
                   for sample in game]
    Path(args.out).write_bytes(pickle.dumps(samples))
    print(f"{len(samples)} positions of {args.games} games -> {args.out}")


#: Each worker's samples: those of the fit's decks, and the held-out ones.
_SAMPLES: dict[bool, list[Sample]] = {}


def _load(path: str, holdout: float) -> None:
    samples: list[Sample] = pickle.loads(Path(path).read_bytes())
    cut = (1 + max(deck for deck, _, _ in samples)) * (1 - holdout)
    for held_out in (False, True):
        _SAMPLES[held_out] = [sample for sample in samples if (sample[0] >= cut) == held_out]


def loss(task: tuple[Weights, bool]) -> float:
    """Mean squared error of the predicted lead, on the fit's decks or the held-out ones."""
    weights, held_out = task
    samples = _SAMPLES[held_out]
    total = 0.0
    for _, position, lead in samples:
        error = advantage(position_value(position, weights), 0, weights) - lead
        total += error * error
    return total / max(len(samples), 1)


def fit(args: argparse.Namespace) -> None:
    weights = DEFAULT
    names = args.only.split(",") if args.only else list(STEPS)
    steps = {name: STEPS[name][0] for name in names}
    with multiprocessing.Pool(args.jobs, initializer=_load,
                          initargs=(args.positions, args.holdout)) as pool:
        def losses(candidates: list[Weights], held_out: bool = False) -> list[float]:
            return pool.map(loss, [(w, held_out) for w in candidates])

        best = losses([weights])[0]
        print(f"start: fit {best:.2f}, held out {losses([weights], True)[0]:.2f}", flush=True)
        for number in range(args.passes):
            for name in names:
                _, low, high = STEPS[name]
                value = getattr(weights, name)
                tries = [dataclasses.replace(
                    weights, **{name: min(high, max(low, value + sign * steps[name]))})
                    for sign in (1, -1)]
                scores = losses(tries)
                index = min(range(2), key=scores.__getitem__)
                if scores[index] < best:
                    best, weights = scores[index], tries[index]
                    steps[name] *= 1.5
                else:
                    steps[name] /= 2
            print(f"pass {number + 1}: fit {best:.2f} "
                  + " ".join(f"{name}={getattr(weights, name):.4g}" for name in names), flush=True)
        print(f"end: fit {best:.2f}, held out {losses([weights], True)[0]:.2f}")
    print(" ".join(f"{name}={getattr(weights, name):.4g}" for name in names))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect")
    gather.add_argument("--games", type=int, default=1000)
    gather.add_argument("--seed", type=int, default=0)
    gather.add_argument("--jobs", type=int, default=2)
    gather.add_argument("--agents", nargs=2, default=["medium", "medium"])
    gather.add_argument("--out", default="positions.pickle")
    fitting = commands.add_parser("fit")
    fitting.add_argument("--positions", default="positions.pickle")
    fitting.add_argument("--passes", type=int, default=6)
    fitting.add_argument("--jobs", type=int, default=2)
    fitting.add_argument("--only", default="")
    fitting.add_argument("--holdout", type=float, default=0.2)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
