"""``python -m render RECORD.json -o board.png``: draw a game record.

Options: ``--theme classic|winter|hunters``, ``--choices`` (the legal
positions of the tile to play), ``--preview=X,Y,ROTATION`` (one placement
with its figure ports), ``--tile ID`` (the tile for those two: a record of a
running game, exported without its seed, does not say which comes next),
``--hand`` (the tiles in hand, four rotations each), ``--no-highlight``,
``--scale PX``. Bad input prints one line and exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from engine import Game


class _Parser(argparse.ArgumentParser):
    """Usage mistakes are bad input too: one line, exit status 1."""

    def error(self, message: str) -> NoReturn:
        self.exit(1, f"error: {message} (see python -m render --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m render",
                                     description="Draw a Carcassonne game record as a PNG.")
    parser.add_argument("record", help="game record (JSON), see docs/game-record.md")
    parser.add_argument("-o", "--output", required=True, help="PNG file to write")
    parser.add_argument("--theme", choices=("classic", "winter", "hunters"),
                        help="default: from the game (hunters, winter option, else classic)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--choices", action="store_true",
                      help="label every legal position of the tile to play")
    what.add_argument("--preview", metavar="X,Y,ROTATION",
                      help="show the tile to play placed there, with its figure ports "
                           "(write --preview=-1,2,90 when X is negative)")
    what.add_argument("--hand", action="store_true", help="the tiles in hand, in 4 rotations")
    parser.add_argument("--tile", metavar="ID",
                        help="with --choices or --preview: the tile to place (default: the "
                             "tile to play, which a running game's export does not know)")
    parser.add_argument("--no-highlight", action="store_true",
                        help="do not frame the last placed tile")
    parser.add_argument("--scale", type=int, metavar="PX", help="tile size in pixels")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        from engine import EngineError, Game

        from . import render_board, render_choices, render_hand, render_preview, to_png

        try:
            text = Path(args.record).read_text(encoding="utf-8")
            record = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"{args.record}: not JSON ({error})") from None
        game = Game.from_record(record)
        if args.tile is not None and not (args.choices or args.preview):
            raise ValueError("--tile goes with --choices or --preview")
        if args.choices:
            image = render_choices(game, args.tile, theme=args.theme)
        elif args.preview:
            parts = args.preview.replace(" ", "").split(",")
            if len(parts) != 3:
                raise ValueError(f"--preview wants X,Y,ROTATION, not {args.preview!r}")
            image = render_preview(game, tuple(int(p) for p in parts), args.tile,
                                   theme=args.theme)
        elif args.hand:
            if game.is_over:
                raise ValueError("the game is over: no tiles in hand")
            if not game.hand:
                raise ValueError("the record does not say which tiles the hand holds now (the "
                                 "export of a running game keeps the bag's order secret)")
            image = render_hand(game.hand, theme=args.theme or _theme_name(game))
        else:
            image = render_board(game, theme=args.theme, scale=args.scale,
                                 highlight_last=not args.no_highlight)
        Path(args.output).write_bytes(to_png(image))
    except (EngineError, ValueError, OSError, KeyError, TypeError) as error:
        message = str(error) or type(error).__name__
        print(f"error: {message}", file=sys.stderr)
        return 1
    return 0


def _theme_name(game: Game) -> str:
    from .theme import resolve_theme

    return resolve_theme(None, game).name


if __name__ == "__main__":
    sys.exit(main())
