"""AI strength and speed: the table of issue 13.

Run: python benchmarks/bench_ai.py [--games 200] [--seconds S] [--jobs 2] [--seed 0]
       [--game carcassonne|hunters-and-gatherers] [--pairings hard-medium,...]

For each pairing, 2 players on paired decks (the same tiles, seats swapped):
Carcassonne's base game with farmers, then Hunters and Gatherers. Prints per
pairing the first agent's wins, ties and win rate against its target, the Elo
difference with its 95% interval, the mean score difference, and each
agent's time per move (median, p95) against its limit; then the whole table
as JSON. Games are played in ``--jobs`` processes (the machine's cores): on a
shared machine the times are noisy, so say so beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Options  # noqa: E402
from engine.ai.agents import Budget  # noqa: E402
from engine.ai.match import MatchSpec, play_match, summary  # noqa: E402
from engine.ai.search import DEFAULT_BUDGET  # noqa: E402

#: (first, second, the share of games the first must win).
PAIRINGS = (("hard", "medium", 0.65), ("medium", "easy", 0.65), ("hard", "greedy", 0.75))
#: Seconds per move at p95 an agent must stay under.
TIME_LIMITS = {"hard": 2.0, "medium": 0.2}
GAMES = {
    "carcassonne": Options(farmers="3rd"),
    "hunters-and-gatherers": Options(game="hunters-and-gatherers"),
}


def run_pairing(first: str, second: str, options: Options, args) -> dict:
    budget = Budget(seconds=args.seconds) if args.seconds else DEFAULT_BUDGET
    spec = MatchSpec((first, second), args.games, args.seed, options, budget)
    start = time.perf_counter()
    report = summary(spec, play_match(spec, jobs=args.jobs))
    report["wall_seconds"] = round(time.perf_counter() - start, 1)
    return report


def table_row(report: dict, target: float) -> str:
    first, second = report["agents"]
    games = report["games"]
    rate = report["wins"][first] / games
    elo = report["elo_difference"]
    times = "  ".join(
        f"{name} {t['median']:.3f}/{t['p95']:.3f}s"
        + (f" ({'ok' if t['p95'] <= TIME_LIMITS[name] else 'OVER'} <= {TIME_LIMITS[name]})"
           if name in TIME_LIMITS else "")
        for name, t in report["seconds_per_move"].items())
    return (f"{first:>6} v {second:<6} {games:>4} {report['wins'][first]:>4} "
            f"{report['ties']:>3} {100 * rate:>5.1f}% {'ok' if rate >= target else 'LOW':>4} "
            f"(>= {100 * target:.0f}%)  {elo['difference']:>+6.0f} [{elo['low']:+.0f}, "
            f"{elo['high']:+.0f}]  {report['mean_score_difference']:>+6.1f}  {times}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per pairing (even)")
    parser.add_argument("--seconds", type=float,
                        help=f"hard's budget per move (default {DEFAULT_BUDGET.seconds})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", choices=GAMES, action="append",
                        help="only this game (repeatable); default both")
    parser.add_argument("--pairings", help="e.g. hard-medium,medium-easy; default all three")
    args = parser.parse_args()
    wanted = None if not args.pairings else {tuple(p.split("-")) for p in args.pairings.split(",")}
    pairings = [p for p in PAIRINGS if wanted is None or p[:2] in wanted]
    print(f"{args.games} games per pairing, 2 players, paired decks, seed {args.seed}, "
          f"{args.jobs} processes on {os.cpu_count()} cores")
    results = {}
    for game in args.game or list(GAMES):
        print(f"\n{game}\n{'pairing':>15} {'games':>5} {'wins':>4} {'tie':>3} {'rate':>6}"
              f"{'':>14} {'Elo [95% interval]':>22}  {'diff':>6}  time per move median/p95")
        for first, second, target in pairings:
            report = run_pairing(first, second, GAMES[game], args)
            results[f"{game}: {first}-{second}"] = report
            print(table_row(report, target), flush=True)
    print()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
