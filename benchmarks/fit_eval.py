"""Fit the evaluation's weights to the outcomes of games (issue 23).

Run: python benchmarks/fit_eval.py collect --games 1000 [--seed 0] [--jobs 2]
         [--players 2] [--game carcassonne] [--agents medium medium] [--out FILE]
     python benchmarks/fit_eval.py fit [--positions FILE] [--passes 6] [--jobs 2]
         [--start hard] [--game carcassonne] [--only close_at_best,follower ...]
         [--holdout 0.2]

``collect`` plays games of ``--players`` in the rule set ``--game`` (paired
decks, the agents in every other seat, as the matches deal them) and stores,
after every move, what the evaluation reads of the position
(:class:`~engine.ai.evaluation.Position`) with every player's lead at the
end (their final score minus the best of the others').
``fit`` then looks for the weights whose expected leads
(:func:`~engine.ai.evaluation.advantage`, every seat's) are nearest, in mean
squared points, to the leads at the end: a local search, one weight at a
time, halving its step when neither direction helps (as chess engines tune
their evaluation on game results, "Texel tuning"). It starts from the
weights ``--start`` values by at that table in the rule set ``--game``
(``hard``'s differ by both). The games of the last
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

from engine.ai import AGENTS, adapter, make_agent  # noqa: E402
from engine.ai.evaluation import (  # noqa: E402
    Position,
    Weights,
    advantage,
    position_value,
    read_position,
)
from engine.ai.match import RULE_SETS, MatchSpec  # noqa: E402
from engine.ai.search import HardAgent  # noqa: E402

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
    # Alike for any lead with 2 players: fitted at bigger tables only.
    "supply_players": (0.25, 0.0, 2.0),
    "rival_best": (0.05, 0.0, 1.0),
}
#: The weights that change nothing with 2 players.
BIGGER_TABLES_ONLY = ("supply_players", "rival_best")

Sample = tuple[int, Position, tuple[int, ...]]  # (deck, position, every player's final lead)


def leads(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Each player's final score minus the best of the others'."""
    return tuple(score - max(other for seat, other in enumerate(scores) if seat != player)
                 for player, score in enumerate(scores))


def collect_game(task: tuple[MatchSpec, int]) -> list[Sample]:
    spec, number = task
    order = spec.seating(number)
    agents = [AGENTS[spec.agents[i]](
        seed=random.Random(f"fit/{spec.seed}/{number}/{seat}").getrandbits(32))
        for seat, i in enumerate(order)]
    state = adapter.new_state(tuple("abcde"[:spec.players]), spec.options,
                              spec.deck_seed(number // 2))
    positions = []
    while not adapter.is_over(state):
        seat = adapter.current_player(state)
        adapter.play(state, agents[seat].choose(adapter.PlayerView.of(state)))
        if not adapter.is_over(state):
            positions.append(read_position(state))
    final = leads(adapter.scores(state))
    return [(number // 2, position, final) for position in positions]


def collect(args: argparse.Namespace) -> None:
    spec = MatchSpec(tuple(args.agents), args.games, seed=args.seed,
                     options=RULE_SETS[args.game], players=args.players)
    tasks = [(spec, number) for number in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        samples = [sample for game in pool.imap(collect_game, tasks, chunksize=4)
                   for sample in game]
    with open(args.out, "wb") as file:
        # The table's size first, so that ``fit`` reads it without the samples.
        pickle.dump(spec.players, file)
        pickle.dump(samples, file)
    print(f"{len(samples)} positions of {args.games} games -> {args.out}")


#: Each worker's samples: those of the fit's decks, and the held-out ones.
_SAMPLES: dict[bool, list[Sample]] = {}


def _load(path: str, holdout: float) -> None:
    with open(path, "rb") as file:
        pickle.load(file)  # the table's size
        samples: list[Sample] = pickle.load(file)
    cut = (1 + max(deck for deck, _, _ in samples)) * (1 - holdout)
    for held_out in (False, True):
        _SAMPLES[held_out] = [sample for sample in samples if (sample[0] >= cut) == held_out]


def loss(task: tuple[Weights, bool]) -> float:
    """Mean squared error of the predicted leads, on the fit's decks or the held-out ones."""
    weights, held_out = task
    samples = _SAMPLES[held_out]
    total = 0.0
    count = 0
    for _, position, final in samples:
        values = position_value(position, weights)
        for player, lead in enumerate(final):
            error = advantage(values, player, weights) - lead
            total += error * error
        count += len(final)
    return total / max(count, 1)


def fit(args: argparse.Namespace) -> None:
    with open(args.positions, "rb") as file:
        players: int = pickle.load(file)
    start = make_agent(args.start)
    weights = (start.weights_at(players, RULE_SETS[args.game]) if isinstance(start, HardAgent)
               else start.weights)
    names = args.only.split(",") if args.only else [
        name for name in STEPS if players > 2 or name not in BIGGER_TABLES_ONLY]
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
    gather.add_argument("--players", type=int, default=2)
    gather.add_argument("--game", choices=RULE_SETS, default="carcassonne")
    gather.add_argument("--agents", nargs=2, default=["medium", "medium"])
    gather.add_argument("--out", default="positions.pickle")
    fitting = commands.add_parser("fit")
    fitting.add_argument("--positions", default="positions.pickle")
    fitting.add_argument("--passes", type=int, default=6)
    fitting.add_argument("--jobs", type=int, default=2)
    fitting.add_argument("--game", choices=RULE_SETS, default="carcassonne",
                         help="the rule set whose weights --start begins from")
    fitting.add_argument("--start", default="hard", choices=sorted(AGENTS),
                         help="start from the weights this level values by at that table")
    fitting.add_argument("--only", default="")
    fitting.add_argument("--holdout", type=float, default=0.2)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
