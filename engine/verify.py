"""Fair draws, checked: ``python -m engine verify RECORD.json``.

A record of a finished game carries the seed its tiles were dealt from and the
commitment published when it started. Anyone can check that the seed is the
one committed to, and that dealing with it gives every tile the record shows;
the first draw that differs is named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .chance import commitment
from .errors import RecordError
from .record import game_from_record, read_record


@dataclass(frozen=True)
class Verified:
    """A record whose draws all come from its seed, which matches its commitment."""

    draws: int
    seed: int
    commitment: str


def verify(data: Any) -> Verified:
    """Check a record's seed against its commitment, and every draw against the seed.

    Raises :class:`~engine.errors.RecordError` (a :class:`~engine.errors.DrawError`
    naming the draw, when a tile differs).
    """
    record = read_record(data)
    if record.seed is None:
        raise RecordError("record: no seed to verify (a record shows it once the game is over)")
    if record.commitment is not None and commitment(record.seed) != record.commitment:
        raise RecordError("record: the seed does not match the commitment: it is not the seed "
                          "the game was dealt from")
    game = game_from_record(record)
    if record.commitment is None:
        raise RecordError(f"record: the {game.bag.draws} draws match the seed, but the record "
                          "has no commitment to check the seed against")
    return Verified(game.bag.draws, record.seed, record.commitment)
