"""``python -m engine match``: two agents on paired decks, one JSON object out.

Bad input is one line on stderr and exit 1, as for the engine's other commands.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import EngineError
from ..options import Options
from . import AGENTS
from .agents import Budget
from .match import MatchSpec, play_match, summary
from .search import DEFAULT_BUDGET


def add_match_command(commands: argparse._SubParsersAction) -> None:
    """Add the ``match`` subcommand to the engine's command line."""
    parser = commands.add_parser(
        "match", help="play two agents against each other on paired decks",
        description="Play two agents on paired decks (the same tiles, seats swapped) and "
                    "print wins, ties, the mean score difference (first minus second), "
                    "the Elo difference with its 95%% interval and the time per move.")
    parser.add_argument("--agents", required=True,
                        help=f"two agents, e.g. hard,greedy; agents: {', '.join(AGENTS)}")
    parser.add_argument("--games", type=int, default=20, help="games (two per deck)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float,
                        help="thinking time per move of the searching agent "
                             f"(default {DEFAULT_BUDGET.iterations} trials, at most "
                             f"{DEFAULT_BUDGET.seconds} s)")
    parser.add_argument("--iterations", type=int,
                        help="candidate trials per move of the searching agent instead: "
                             "repeatable")
    parser.add_argument("--options", help='options as JSON, e.g. \'{"river": true}\'; '
                        "default: the base game with farmers")
    parser.add_argument("--players", type=int, default=2,
                        help="players at the table; each agent takes every other seat")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.set_defaults(run=_match)


def _match(args: argparse.Namespace) -> int:
    try:
        options = Options.from_dict(json.loads(args.options)) if args.options else Options()
    except (json.JSONDecodeError, EngineError, TypeError, AttributeError) as error:
        print(f"options: {error}", file=sys.stderr)
        return 1
    for name, value in (("--seconds", args.seconds), ("--iterations", args.iterations)):
        if value is not None and value <= 0:
            print(f"{name} must be positive, not {value}", file=sys.stderr)
            return 1
    # Empty: each agent's own default (hard's DEFAULT_BUDGET, a frozen level's own).
    budget = Budget(args.seconds, args.iterations)
    try:
        spec = MatchSpec(tuple(args.agents.split(",")), args.games, args.seed, options, budget,
                         args.players)
    except ValueError as error:
        print(f"match: {error}", file=sys.stderr)
        return 1
    print(json.dumps(summary(spec, play_match(spec, jobs=args.jobs))))
    return 0
