"""Replaying records into games: the whole game, each position on the way, or
the scores (``python -m engine replay``).

The record's form and the check of each entry are :mod:`engine.record`'s; the
game before the first entry is :meth:`Game.for_replay`'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .actions import Entry
from .game import Game
from .record import read_record, replay_entry


@dataclass(frozen=True)
class ReplayResult:
    """What ``python -m engine replay`` prints."""

    scores: list[int]
    after_turn: list[list[int]]
    followers: list[int]
    #: With the expansions only (None otherwise, and left out of the JSON): big
    #: followers, builders and pigs in supply, trade goods held (wine, grain, cloth).
    big: list[int] | None = None
    builders: list[int] | None = None
    pigs: list[int] | None = None
    goods: list[list[int]] | None = None

    def to_json(self) -> dict[str, Any]:
        report: dict[str, Any] = {"scores": self.scores, "after_turn": self.after_turn,
                                  "followers": self.followers}
        for key in ("big", "builders", "pigs", "goods"):
            if getattr(self, key) is not None:
                report[key] = getattr(self, key)
        return report


def game_from_record(data: Any, *, seed: int | None = None) -> Game:
    """Rebuild the game a record describes, checking every entry."""
    return Game.from_record(data, seed=seed)


@dataclass(frozen=True)
class Position:
    """One entry of a record and the game just before it (see :func:`positions`)."""

    index: int
    entry: Entry
    game: Game

    @property
    def made_by_engine(self) -> bool:
        """The engine made this entry itself (a tile drawn that fit nowhere was
        discarded): nobody chose it."""
        return self.index < len(self.game.history)


def positions(data: Any, *, seed: int | None = None) -> Iterator[Position]:
    """Each entry of a record with the game as it stood just before it, replayed
    and checked as :func:`game_from_record` does: for looking back at every
    decision of a game (a review) in one replay. The game is the same object
    throughout, advanced after each step: copy it to keep a position."""
    record = read_record(data)
    game = Game.for_replay(record, seed=seed)
    for index, entry in enumerate(record.entries):
        yield Position(index, entry, game)
        replay_entry(game, index, entry)


def replay(data: Any) -> ReplayResult:
    """Replay a record and report its scores (the ``replay`` command's output)."""
    record = read_record(data)
    game = game_from_record(record)
    turns = len(record.entries)
    after = [list(scores) for scores in game.after_turn[:turns]]
    if record.finished:
        scores = list(game.scores)
    else:
        scores = after[-1] if after else [0] * len(game.players)
    supplies = [game.supply(player) for player in range(len(game.players))]
    followers = [supply.meeples for supply in supplies]
    options = record.options
    big = [supply.big for supply in supplies] if options.inns_cathedrals else None
    if not options.traders_builders:
        return ReplayResult(scores, after, followers, big)
    return ReplayResult(scores, after, followers, big, [supply.builders for supply in supplies],
                        [supply.pigs for supply in supplies], [list(g) for g in game.goods])


def replayed_to(data: Any, turns: int, *, seed: int | None = None) -> Game:
    """The game a record describes after its first ``turns`` entries (0: the start
    tile alone), checked as :func:`game_from_record` does; with every entry of a
    finished record, the game as it ended (final scoring included). For stepping
    through a finished game turn by turn (the archive's replay, issue 22)."""
    record = read_record(data)
    if not 0 <= turns <= len(record.entries):
        raise ValueError(f"the record has no turn {turns} (0 to {len(record.entries)})")
    if turns == len(record.entries):
        return Game.from_record(data, seed=seed)
    game = Game.for_replay(record, seed=seed)
    for index, entry in enumerate(record.entries[:turns]):
        replay_entry(game, index, entry)
    return game
