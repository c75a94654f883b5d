"""AI strength and speed: the ladder of issue 23.

Run: python benchmarks/bench_ai.py [--games 200] [--seconds S] [--jobs 2] [--seed 0]
       [--game carcassonne|hunters-and-gatherers|river|winter|hand-2|hand-3|first-edition]
       [--players 2,4] [--pairings hard-reference,medium-easy,...] [--quick]

Every level (``easy``, ``medium``, ``hard``) against the fixed opponents (the
``reference`` sparring agent, which plays like JCloisterZone's legacy AI, and
the frozen releases ``medium-v1``, ``hard-v1`` ... ``medium-v4``, ``hard-v4``,
``hard-v5`` ... ``hard-v11``) and against each other, on paired decks (the same
tiles, seats swapped; with 4 players each agent takes every other seat), in Carcassonne's
base game with farmers and in Hunters and Gatherers. Prints per pairing the
first agent's wins, losses and ties, its win rate against the target issue 23 sets (if any), the Elo
difference with its 95% interval, the mean score difference (best seat
against best seat), and each agent's time per move (median, p95) against its
limit; then the whole table as JSON. Games are played in ``--jobs``
processes: on a shared machine the times are noisy, so say so beside them.

The default is the ladder the issue asks for (base game and Hunters and
Gatherers, 2 and 4 players, 200 games a pairing, ``hard`` at 1.5 s a move):
days on one core. ``--quick`` is a first look in minutes (20 games a
pairing, ``hard`` at 0.3 s, one process, 2 players, the base game);
``--game`` adds the other rule sets (the River, the Winter Edition, hands of
2 or 3 tiles, the 1st-edition farmers) and ``--players`` 3 or 5 (with an odd
number each agent sits A B A, then B A B).
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
from engine.ai.match import RULE_SETS, MatchSpec, play_match, summary  # noqa: E402
from engine.ai.search import DEFAULT_BUDGET  # noqa: E402

#: (first, second, the share of games the first must win, or None).
PAIRINGS = (
    ("hard", "reference", 0.65), ("medium", "reference", 0.50), ("easy", "reference", None),
    ("hard", "medium", 0.70), ("medium", "easy", 0.70), ("hard", "easy", None),
    ("hard", "hard-v11", None), ("hard", "hard-v10", None), ("hard", "hard-v9", None),
    ("hard", "hard-v8", None), ("hard", "hard-v7", None), ("hard", "hard-v6", None),
    ("hard", "hard-v5", None), ("hard", "hard-v4", None), ("medium", "medium-v4", None),
    ("hard", "medium-v4", None),
    ("hard", "hard-v3", None), ("medium", "medium-v3", None), ("hard", "medium-v3", None),
    ("hard", "hard-v2", None), ("medium", "medium-v2", None), ("hard", "medium-v2", None),
    ("hard", "hard-v1", None), ("hard", "medium-v1", None), ("medium", "hard-v1", None),
    ("medium", "medium-v1", None), ("easy", "medium-v1", None), ("easy", "hard-v1", None),
)
#: Seconds per move at p95 an agent must stay under (hard: the bot's setting).
TIME_LIMITS = {"hard": 1.6, "medium": 0.2, "hard-v3": 1.6, "hard-v4": 1.6, "hard-v5": 1.6,
               "hard-v6": 1.6, "hard-v7": 1.6, "hard-v8": 1.6,
               "hard-v9": 1.6, "hard-v10": 1.6, "hard-v11": 1.6}
#: The ladder's rule sets when none is chosen.
LADDER_GAMES = ("carcassonne", "hunters-and-gatherers")


def run_pairing(first: str, second: str, options: Options, players: int, args) -> dict:
    # No --seconds: each agent's own default (hard's DEFAULT_BUDGET, a frozen level's own).
    budget = Budget(seconds=args.seconds) if args.seconds else Budget()
    spec = MatchSpec((first, second), args.games, args.seed, options, budget, players)
    start = time.perf_counter()
    report = summary(spec, play_match(spec, jobs=args.jobs))
    report["wall_seconds"] = round(time.perf_counter() - start, 1)
    return report


def table_row(report: dict, target: float | None) -> str:
    first, second = report["agents"]
    games = report["games"]
    wins, losses, ties = report["wins"][first], report["wins"][second], report["ties"]
    rate = (wins + ties / 2) / games
    verdict = "" if target is None else (
        f"{'ok' if rate >= target else 'LOW'} (>= {100 * target:.0f}%)")
    elo = report["elo_difference"]
    times = "  ".join(
        f"{name} {t['median']:.3f}/{t['p95']:.3f}s"
        + (f" ({'ok' if t['p95'] <= TIME_LIMITS[name] else 'OVER'} <= {TIME_LIMITS[name]})"
           if name in TIME_LIMITS else "")
        for name, t in report["seconds_per_move"].items())
    return (f"{first:>9} v {second:<9} {report['players']}p {games:>4} "
            f"{wins:>3}-{losses:<3}-{ties:<2} {100 * rate:>5.1f}% {verdict:<14} "
            f"{elo['difference']:>+6.0f} [{elo['low']:+.0f}, {elo['high']:+.0f}]  "
            f"{report['mean_score_difference']:>+6.1f}  {times}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, help="games per pairing, even (default 200)")
    parser.add_argument("--seconds", type=float,
                        help="hard's budget per move in seconds (default "
                             f"{DEFAULT_BUDGET.iterations} trials, at most "
                             f"{DEFAULT_BUDGET.seconds} s)")
    parser.add_argument("--jobs", type=int, help="processes (default one per core)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", choices=RULE_SETS, action="append",
                        help="only this rule set (repeatable); default carcassonne and "
                             "hunters-and-gatherers")
    parser.add_argument("--players", help="table sizes, e.g. 2,3,4,5 (default 2,4)")
    parser.add_argument("--quick", action="store_true",
                        help="defaults for a first look: 20 games, hard at 0.3 s, one "
                             "process, 2 players")
    parser.add_argument("--pairings",
                        help="e.g. hard-reference,medium-easy; default the whole ladder")
    args = parser.parse_args()
    quick = args.quick
    args.games = args.games or (20 if quick else 200)
    args.seconds = args.seconds or (0.3 if quick else None)
    args.jobs = args.jobs or (1 if quick else os.cpu_count() or 1)
    args.players = args.players or ("2" if quick else "2,4")
    args.game = args.game or (["carcassonne"] if quick else list(LADDER_GAMES))
    pairings = PAIRINGS
    if args.pairings:
        known = {f"{first}-{second}": (first, second, target)
                 for first, second, target in PAIRINGS}
        wanted = args.pairings.split(",")
        unknown = [name for name in wanted if name not in known]
        if unknown:
            parser.error(f"unknown pairings {unknown}; pairings: {', '.join(known)}")
        pairings = tuple(known[name] for name in wanted)
    tables = [int(n) for n in args.players.split(",")]
    print(f"{args.games} games per pairing, paired decks, seed {args.seed}, "
          f"{args.jobs} processes on {os.cpu_count()} cores")
    results = {}
    for game in args.game:
        for players in tables:
            print(f"\n{game}, {players} players\n{'pairing':>21} {'games':>6} "
                  f"{'won-lost-tied':>13} {'rate':>6} {'target':<14} {'Elo [95% interval]':>22}"
                  f"  {'diff':>6}  time per move median/p95")
            for first, second, target in pairings:
                report = run_pairing(first, second, RULE_SETS[game], players, args)
                results[f"{game} {players}p: {first}-{second}"] = report
                print(table_row(report, target), flush=True)
    print()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
