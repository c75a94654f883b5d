"""Random games with invariant checks (``python -m engine selfplay``).

Every move is chosen uniformly: first a legal placement of the tile in hand
(a hand's tiles are pooled), then one of that placement's legal figures or
none. After every turn the invariants below are checked; a broken one stops
the run with the game's record, so the failure can be replayed.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice, product
from typing import Any

from . import placing
from .actions import Place
from .board import Placement
from .errors import EngineError
from .events import TileDiscarded, TilePlaced
from .figures import FOLLOWERS, HUT
from .game import Game
from .options import CARCASSONNE, HUNTERS_AND_GATHERERS, Discards, FarmEdition, Options
from .replays import replay
from .tiles import TileType
from .verify import verify


class InvariantError(AssertionError):
    """An invariant of the rules broke during a random game."""


def random_move(game: Game, rng: random.Random) -> Place:
    """A uniformly chosen legal move: placement first (the hand's tiles pooled),
    then one of its figures or none, each equally likely."""
    tile, (x, y, rotation) = _random_placement(game, rng)
    figures = placing.figure_options(game, tile, Placement(x, y, rotation))
    pick = rng.randrange(len(figures) + 1)
    if pick == len(figures):
        return Place(tile.id, x, y, rotation)
    return Place(tile.id, x, y, rotation, figures[pick].figure, figures[pick].port)


def _random_placement(game: Game, rng: random.Random) -> tuple[TileType, Placement]:
    """A legal placement of a tile in hand, uniformly chosen. Placements are
    counted per kind of open position (what the neighbours demand), so only the
    one chosen is made."""
    #: (number of placements, tile, rotations, positions) or (number, tile, None, placements)
    choices: list[tuple[int, TileType, tuple[int, ...] | None, Any]] = []
    total = 0
    by_constraint = game.board.by_constraint
    for tile in game.hand:
        if game.rules.restricts(tile):
            found = list(game.legal_placements(tile))
            choices.append((len(found), tile, None, found))
            total += len(found)
            continue
        fits = tile.fits
        for constraint, positions in by_constraint.items():
            rotations = fits[constraint]
            if rotations:
                count = len(rotations) * len(positions)
                choices.append((count, tile, rotations, positions))
                total += count
    pick = rng.randrange(total)
    for choice in choices:
        if pick < choice[0]:
            break
        pick -= choice[0]
    _, tile, rotations, where = choice
    if rotations is None:
        return tile, where[pick]
    index, turn = divmod(pick, len(rotations))
    x, y = next(islice(where, index, None))
    return tile, Placement(x, y, rotations[turn])


def play_random_moves(game: Game, rng: random.Random, turns: int | None = None) -> Game:
    """Play ``turns`` random moves (or to the end): to set up positions for tests,
    benchmarks and pictures."""
    played = 0
    while not game.is_over and (turns is None or played < turns):
        game.play(random_move(game, rng))
        played += 1
    return game


def play_random_game(players: int, options: Options, seed: int, *, checks: bool = True) -> Game:
    """Play one game to its end choosing moves at random."""
    game = Game.new([f"P{i + 1}" for i in range(players)], options, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    previous = list(game.scores)
    while not game.is_over:
        game.play(random_move(game, rng))
        if checks:
            check_turn(game, previous)
            previous = list(game.scores)
    if checks:
        check_end(game)
    return game


def check_turn(game: Game, previous: list[int]) -> None:
    """Scores never fall, figures are conserved, a new follower stands alone."""
    for player, (before, now) in enumerate(zip(previous, game.scores)):
        if now < before:
            raise InvariantError(f"player {player}'s score fell from {before} to {now}")
    rules = game.rules
    on_board = Counter((f.player, f.figure) for f in game.figures)
    for player in range(len(game.players)):
        for kind, number in rules.supply.items():
            if game.left[kind][player] + on_board[(player, kind)] != number:
                raise InvariantError(f"player {player}'s {kind} figures are not conserved")
    turn = game.last_placed.turn
    for event in (e for e in game.events if isinstance(e, TilePlaced) and e.turn == turn):
        figure = event.figure
        if figure is None or figure not in game.figures:
            continue
        feature = game.feature_of(figure)
        if figure.figure in FOLLOWERS or figure.figure == HUT:
            holders = feature.huts if figure.figure == HUT else feature.figures
            if holders != (figure,):
                raise InvariantError(f"a {figure.role} was placed on a claimed feature")
        elif not any(f.player == figure.player for f in feature.figures):
            raise InvariantError(f"a {figure.figure} stands without its owner's follower")
    for player, held in enumerate(game.goods):
        if any(count < 0 for count in held):
            raise InvariantError(f"player {player} holds negative goods")


def check_end(game: Game) -> None:
    """Every tile placed, discarded or left exactly once; the record replays (with
    and without its seed) to the same scores; every draw verifies against the seed."""
    placed = Counter(p.tile.id for p in game.board.tiles.values())
    out = Counter(e.tile for e in game.events if isinstance(e, TileDiscarded) and not e.back_to_bag)
    left = Counter(game.remaining()) + Counter(game.remaining_bonus())
    for tile_id, tile in game.rules.tiles.items():
        found = placed[tile_id] + out[tile_id] + left[tile_id]
        if found != tile.count:
            raise InvariantError(
                f"tile {tile_id}: {placed[tile_id]} placed, {out[tile_id]} discarded, "
                f"{left[tile_id]} left, but {tile.count} exist")
    for record in (game.to_record(), game.to_record(include_seed=False)):
        try:
            result = replay(record)
        except EngineError as error:
            raise InvariantError(f"the game's own record does not replay: {error}") from None
        if result.scores != list(game.scores):
            raise InvariantError(f"the record replays to {result.scores}, not {game.scores}")
    try:
        verify(game.to_record())
    except EngineError as error:
        raise InvariantError(f"the game's draws do not verify: {error}") from None


def all_option_sets() -> list[Options]:
    """Every combination of the options selfplay covers: the base game's first,
    then with each expansion and both (D-41), then Hunters and Gatherers."""
    sets = []
    for inns, traders in ((False, False), (True, False), (False, True), (True, True)):
        for farmers, small, river, winter, unfinished, hand, discards in product(
                tuple(FarmEdition), (False, True), (False, True), (False, True),
                (True, False), (1, 3), tuple(Discards)):
            sets.append(Options(CARCASSONNE, farmers, small, river, winter, unfinished, hand,
                                discards, inns, traders))
    for unfinished, hand, discards in product((True, False), (1, 3), tuple(Discards)):
        sets.append(Options(HUNTERS_AND_GATHERERS, unfinished=unfinished, hand=hand,
                            discards=discards))
    return sets


@dataclass
class Summary:
    games: int = 0
    turns: int = 0
    seconds: float = 0.0
    wins: Counter = field(default_factory=Counter)
    mean_scores: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "turns": self.turns,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "ms_per_game": round(1000 * self.seconds / self.games, 3) if self.games else None,
            "mean_scores": [round(s, 1) for s in self.mean_scores],
        }


def selfplay(games: int, players: int, seed: int, options: Options | None, *,
             checks: bool = True, on_game: Callable[[int, Game], None] | None = None) -> Summary:
    """Play ``games`` random games; ``options`` None cycles through every option set.

    ``on_game(number, game)`` sees each finished game (the command line writes
    its record there).
    """
    option_sets = [options] if options is not None else \
        [each for each in all_option_sets() if players <= each.max_players]
    summary = Summary(mean_scores=[0.0] * players)
    start = time.perf_counter()
    for number in range(games):
        game_options = option_sets[number % len(option_sets)]
        try:
            game = play_random_game(players, game_options, seed + number, checks=checks)
        except InvariantError as error:
            raise InvariantError(f"game {number} (seed {seed + number}, {game_options}): "
                                 f"{error}") from None
        summary.games += 1
        summary.turns += len(game.history)
        for player, score in enumerate(game.scores):
            summary.mean_scores[player] += score / games
        if on_game is not None:
            on_game(number, game)
    summary.seconds = time.perf_counter() - start
    return summary
