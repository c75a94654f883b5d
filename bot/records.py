"""Game records as the bot keeps and shows them, read and written by the engine only.

A game's seed is the order of the tiles still to come, so the bot never keeps it
in a record: the storage holds it beside the record, and :func:`load` hands the
two to the engine together. What players see of a game, while it runs, is its
record with the commitment to the seed (the SHA-256 published when it started);
once the game is over, the seed itself, so that anyone can check every draw
(``python -m engine verify``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Game


def stored(game: Game) -> dict[str, Any]:
    """The record to store: as the engine writes it, without the seed."""
    return game.to_record(include_seed=False)


def load(record: dict[str, Any], seed: int | None) -> Game:
    """A stored game: its record, dealt on from its seed (kept apart)."""
    return Game.from_record(record, seed=seed)


def shown(game: Game, *, over: bool) -> dict[str, Any]:
    """The record players get: the seed only once the game is ``over``."""
    return game.to_record(include_seed=over)


@dataclass(frozen=True)
class Upgraded:
    """A record stored by an older bot, as the bot stores records now."""

    record: dict[str, Any]
    seed: int | None
    #: Why the old record does not replay (it is kept as it was, less its seed).
    problem: str | None = None


def upgrade(old: dict[str, Any]) -> Upgraded:
    """A record as an older bot stored it (version 1 or 2, its seed inside), read by
    the engine and written again (version 2), the seed taken out of it."""
    try:
        game = Game.from_record(old)
    except Exception as exc:  # a damaged record stays in its own game
        seed = old.get("seed")
        kept = {key: value for key, value in old.items() if key != "seed"}
        valid = isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0
        return Upgraded(kept, seed if valid else None, problem(exc))
    return Upgraded(stored(game), game.seed)


def problem(exc: Exception) -> str:
    """Why a stored record does not replay, as the storage notes it."""
    return f"{type(exc).__name__}: {exc}"[:500]
