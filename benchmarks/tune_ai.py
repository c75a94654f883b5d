"""Screen evaluation weights: one level, its weights changed, against an opponent.

Run: python benchmarks/tune_ai.py [--agent medium] [--against reference] [--games 60]
       [--seed 0] [--jobs 2] [--seconds S] [--iterations N] [--players 2]
       [--set attr=value ...] [--against-set attr=value ...] key=value ...

Each ``key=value`` replaces one field of the agent's :class:`~engine.ai.evaluation.Weights`
(e.g. ``follower=4 follower_decay=0.8``); the weights so changed count at
every table, where without any the level values by its own (``hard``'s
differ by table: ``HardAgent.weights_at``). Prints one line: the weights changed,
games, wins-losses-ties, win rate, Elo [95%], mean scores, and where the points
went for both (cities, roads, cloisters, farms; followers placed as farmers;
turns begun with no follower in supply). Paired decks, base game with farmers.
``--set temperature=0`` (or ``width=8``, ``replies=2``...) plays a variant of
the level itself, in this process.

``--save FILE`` keeps each deck's results; ``--paired-with FILE`` compares
this match with one saved on the same decks (same seed, games, table, rules
and opponent) deck by deck, and prints the difference in win rate and in
mean margin, each with its 95% interval: one-ply sweeps of 200 games moved
by 6 points either way between two seeds (docs/ai.md, the thirteenth
round), so a change is kept only when the interval says so.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Options  # noqa: E402
from engine.ai import AGENTS  # noqa: E402
from engine.ai.agents import Budget  # noqa: E402
from engine.ai.match import MatchSpec, by_deck, play_match, summary  # noqa: E402
from engine.ai.stats import paired_difference  # noqa: E402


def parse_weights(agent: str, pairs: list[str]):
    base = AGENTS[agent].default_weights
    fields = {f.name: f.type for f in dataclasses.fields(base)}
    changes = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in fields:
            raise SystemExit(f"unknown weight {key!r}; weights: {', '.join(fields)}")
        changes[key] = int(value) if fields[key] in (int, "int") else float(value)
    return dataclasses.replace(base, **changes), changes


def variant(agent: str, pairs: list[str]) -> str:
    """Register the level ``agent`` with class attributes replaced (``attr=value``,
    the value a Python literal); its name. Only in this process, so the
    match is played in it."""
    attributes = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if not hasattr(AGENTS[agent], key):
            raise SystemExit(f"{agent} has no attribute {key!r}")
        attributes[key] = ast.literal_eval(value)
    name = f"{agent}@{','.join(pairs)}"
    AGENTS[name] = type(name, (AGENTS[agent],), {"name": name, **attributes})
    return name


def brief(part: dict) -> str:
    during, final = part["points_during"], part["points_final"]
    placed = part["followers_placed"]
    return (f"city {during.get('city', 0):.1f}+{final.get('city', 0):.1f} "
            f"road {during.get('road', 0):.1f}+{final.get('road', 0):.1f} "
            f"cloister {during.get('cloister', 0):.1f}+{final.get('cloister', 0):.1f} "
            f"farm {final.get('field', 0):.1f} farmers {placed.get('farmer', 0):.1f} "
            f"empty {part['turns_without_follower']:.1f}")


Decks = dict[int, list[float]]


def match_key(args: argparse.Namespace) -> dict:
    """What must agree for two matches to have met the same decks."""
    return {"seed": args.seed, "games": args.games, "players": args.players,
            "options": json.loads(args.options), "against": args.against}


def saved_decks(path: str, key: dict) -> tuple[Decks, Decks]:
    """The results and margins by deck saved in ``path`` by a match on the
    decks ``key`` names."""
    try:
        saved = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        raise SystemExit(f"cannot read {path}: {error}") from None
    if saved.get("match") != key:
        raise SystemExit(f"{path} was played on other decks or against another opponent: "
                         f"{saved.get('match')}, not {key}")
    outcomes, margins = ({int(deck): values for deck, values in saved[part].items()}
                         for part in ("decks", "margins"))
    return outcomes, margins


def compared(path: str, mine: tuple[Decks, Decks], saved: tuple[Decks, Decks]) -> str:
    """This match's results and margins against those saved in ``path``, deck by deck."""
    rate = paired_difference(mine[0], saved[0])
    margin = paired_difference(mine[1], saved[1])
    return (f"paired with {path} ({rate.decks} decks): win rate {100 * rate.mean:+.1f} "
            f"points [{100 * rate.low:+.1f}, {100 * rate.high:+.1f}], margin "
            f"{margin.mean:+.1f} [{margin.low:+.1f}, {margin.high:+.1f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default="medium")
    parser.add_argument("--against", default="reference")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--iterations", type=int)
    parser.add_argument("--options", default='{"farmers": "3rd"}')
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], metavar="ATTR=VALUE",
                        help="replace a class attribute of the agent's level (temperature, "
                             "width, replies...; the match is then played in one process)")
    parser.add_argument("--against-set", action="append", default=[], metavar="ATTR=VALUE",
                        help="the same for the opponent")
    parser.add_argument("--save", metavar="FILE", help="keep each deck's results in FILE")
    parser.add_argument("--paired-with", metavar="FILE",
                        help="compare with a match saved by --save on the same decks")
    parser.add_argument("weights", nargs="*")
    args = parser.parse_args()
    weights, changes = parse_weights(args.agent, args.weights)
    if args.set:
        args.agent, args.jobs = variant(args.agent, args.set), 1
        changes["set"] = args.set
    if args.against_set:
        args.against, args.jobs = variant(args.against, args.against_set), 1
    saved = saved_decks(args.paired_with, match_key(args)) if args.paired_with else None
    budget = Budget(args.seconds, args.iterations)
    # No weights given: the level's own, which may differ by table (hard's
    # ``bigger_table_weights``); weights given count at every table.
    spec = MatchSpec((args.agent, args.against), args.games, args.seed,
                     Options.from_dict(json.loads(args.options)), budget, args.players,
                     weights=(weights if args.weights else None, None))
    results = play_match(spec, jobs=args.jobs)
    report = summary(spec, results)
    first, second = report["agents"]
    # Each deck's results for the first agent (1, 0.5, 0), and its margins.
    decks = (by_deck(results, lambda result: result.result_for(first)),
             by_deck(results, lambda result: result.margin_for(first)))
    if args.save:
        Path(args.save).write_text(json.dumps({"match": match_key(args), "changes": changes,
                                               "decks": decks[0], "margins": decks[1]}))
    wins = report["wins"]
    elo = report["elo_difference"]
    print(f"{changes} {first} v {second}: {report['games']} games "
          f"{wins[first]}-{wins[second]}-{report['ties']} "
          f"{100 * (wins[first] + report['ties'] / 2) / report['games']:.1f}% "
          f"Elo {elo['difference']:+.0f} [{elo['low']:+.0f}, {elo['high']:+.0f}] "
          f"diff {report['mean_score_difference']:+.1f} | {first}: "
          f"{brief(report['breakdown'][first])} | {second}: {brief(report['breakdown'][second])} "
          f"| s/move {report['seconds_per_move'][first]['median']:.3f}/"
          f"{report['seconds_per_move'][first]['p95']:.3f}", flush=True)
    if saved is not None:
        print(compared(args.paired_with, decks, saved), flush=True)


if __name__ == "__main__":
    main()
