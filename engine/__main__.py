"""The engine's command line: ``python -m engine replay|verify|review|selfplay|match``.

Bad input never raises a traceback: it is one line on stderr and exit 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from .ai.cli import add_match_command
from .ai.review import review_game
from .errors import EngineError
from .game import Game
from .options import Options
from .replays import replay
from .selfplay import InvariantError, selfplay
from .verify import verify


def _on_record(path: str, run: Callable[[bytes], str]) -> int:
    """Read a record file and print what ``run`` makes of it; any failure is one
    line on stderr and exit 1."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        print(f"record: cannot read {path}: {error.strerror}", file=sys.stderr)
        return 1
    try:
        print(run(data))
    except EngineError as error:
        print(str(error).splitlines()[0], file=sys.stderr)
        return 1
    return 0


def _replay(args: argparse.Namespace) -> int:
    return _on_record(args.record, lambda data: json.dumps(replay(data).to_json()))


def _verify(args: argparse.Namespace) -> int:
    return _on_record(args.record, lambda data: verify(data).report())


def _review(args: argparse.Namespace) -> int:
    def run(data: bytes) -> str:
        review = review_game(data, top=args.top)
        return json.dumps(review.to_json()) if args.json else review.text()
    return _on_record(args.record, run)


def _selfplay(args: argparse.Namespace) -> int:
    options = None
    if args.options is not None:
        try:
            options = Options.from_dict(json.loads(args.options))
        except (json.JSONDecodeError, EngineError, TypeError) as error:
            print(f"options: {error}", file=sys.stderr)
            return 1
    on_game = None
    if args.records:
        folder = Path(args.records)
        folder.mkdir(parents=True, exist_ok=True)

        def on_game(number: int, game: Game) -> None:
            (folder / f"game-{number}.json").write_text(json.dumps(game.to_record()),
                                                        encoding="utf-8")
    try:
        summary = selfplay(args.games, args.players, args.seed, options,
                           checks=not args.no_checks, on_game=on_game)
    except InvariantError as error:
        print(f"invariant broken: {error}", file=sys.stderr)
        return 1
    report = summary.to_json()
    report.update(players=args.players, seed=args.seed, checks=not args.no_checks,
                  options=args.options and json.loads(args.options) or "all combinations")
    print(json.dumps(report))
    return 0


def _positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="check a game record and print its scores")
    replay_parser.add_argument("record")
    replay_parser.set_defaults(run=_replay)
    verify_parser = commands.add_parser(
        "verify", help="check a finished game's seed against its commitment, and every draw")
    verify_parser.add_argument("record")
    verify_parser.set_defaults(run=_verify)
    review_parser = commands.add_parser(
        "review", help="a finished game's review: each player's turns that lost the most "
                       "expected points against the AI's choice")
    review_parser.add_argument("record")
    review_parser.add_argument("--top", type=_positive, default=3,
                               help="worst turns shown per player (default 3)")
    review_parser.add_argument("--json", action="store_true", help="print one JSON object")
    review_parser.set_defaults(run=_review)
    play = commands.add_parser("selfplay", help="play random games and check invariants")
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--players", type=int, default=2, choices=range(2, 7))
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--options", help='options as JSON, e.g. \'{"river": true}\'; '
                      "default: cycle through every combination")
    play.add_argument("--records", help="write each game's record to DIR/game-<n>.json")
    play.add_argument("--no-checks", action="store_true", help="skip the invariant checks")
    play.set_defaults(run=_selfplay)
    add_match_command(commands)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
