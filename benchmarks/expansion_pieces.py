"""The expansions' pieces valued or not: today's ``medium`` (its evaluation
with the big follower, builder and pig, :data:`~engine.ai.evaluation.DEFAULT`)
against itself blind to them (:data:`~engine.ai.evaluation.BEFORE_EXPANSIONS`),
with Inns & Cathedrals and Traders & Builders.

Run: python benchmarks/expansion_pieces.py [--games 100] [--seed 0] [--jobs 2]
       [--agent medium]

Paired decks (seats swapped), 2 players. Prints one JSON object: the match's
summary (wins, ties, Elo [95%], mean score difference) and, per side, the big
followers, builders and pigs placed per game and the double turns played.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Options  # noqa: E402
from engine.ai.evaluation import BEFORE_EXPANSIONS, DEFAULT  # noqa: E402
from engine.ai.match import GameResult, MatchSpec, play_out, summary  # noqa: E402
from engine.events import TilePlaced  # noqa: E402

OPTIONS = {"inns_cathedrals": True, "traders_builders": True}
PIECES = ("big", "builder", "pig")


def play(task: tuple[MatchSpec, int]) -> tuple[GameResult, dict]:
    """One game of the match, with each seat's pieces and double turns counted."""
    spec, number = task
    result, state = play_out(spec, number)
    seats = result.seats
    counts = {label: Counter() for label in spec.labels}
    placed_by: list[int] = []
    for event in state.events:
        if isinstance(event, TilePlaced):
            placed_by.append(event.player)
            if event.figure is not None and str(event.figure.figure) in PIECES:
                counts[seats[event.player]][str(event.figure.figure)] += 1
    for before, after in zip(placed_by, placed_by[1:]):
        if before == after:  # a builder's second tile (TB-17)
            counts[seats[before]]["double_turns"] += 1
    return result, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--agent", default="medium")
    args = parser.parse_args()
    spec = MatchSpec((args.agent, args.agent), args.games, args.seed,
                     Options.from_dict(OPTIONS), weights=(DEFAULT, BEFORE_EXPANSIONS))
    tasks = [(spec, number) for number in range(args.games)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        played = pool.map(play, tasks, chunksize=1)
    report = summary(spec, [result for result, _ in played])
    report.pop("budget")
    new, old = spec.labels
    report["sides"] = {new: "valued (DEFAULT)", old: "blind (BEFORE_EXPANSIONS)"}
    report["per_game"] = {
        label: {piece: round(sum(c[label][piece] for _, c in played) / args.games, 2)
                for piece in (*PIECES, "double_turns")}
        for label in spec.labels}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
