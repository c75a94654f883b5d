"""Fair draws, checked: ``python -m engine verify RECORD.json``.

A record of a finished game carries the seed its tiles were dealt from and the
commitment published when it started. Anyone can check that the seed is the
one committed to, and that dealing with it gives every tile the record shows;
the first draw that differs is named.

What that proves, and what it does not, is said with the result
(:meth:`Verified.report`). The commitment of a record of version 3 binds the
game, its options, the players and the start tile with the seed, so a record
that changes any of them is refused; one of version 1 or 2 binds the seed
alone, which the report says. Nothing fixed at the start can bind the moves or
the end: a record cut short, or with a move changed, may still verify, so the
report gives the record's digest (:func:`~engine.record.record_digest`), which
the bot posts with the final result, to hold against what the channel saw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RecordError
from .record import read_record, record_digest, sealed
from .replays import game_from_record


@dataclass(frozen=True)
class Verified:
    """A record whose draws all come from its seed, which matches its commitment."""

    draws: int
    seed: int
    commitment: str
    #: The record's version: 3 binds the setup into the commitment, 1 and 2 do not.
    version: int
    #: :func:`~engine.record.record_digest` of the record.
    digest: str

    @property
    def binds_setup(self) -> bool:
        return self.version >= 3

    def report(self) -> str:
        """What was checked, the record's digest, and what is left to check."""
        if self.binds_setup:
            checked = (f"ok: the seed matches the commitment {self.commitment[:16]}..., which "
                       "binds it to this game's options, players and start tile, and deals "
                       f"every tile of the record ({self.draws} draws); every move is legal.")
        else:
            checked = (f"ok: the seed matches the commitment {self.commitment[:16]}... and "
                       f"deals every tile of the record ({self.draws} draws); every move is "
                       f"legal. This record is of version {self.version}, whose commitment "
                       "binds the seed alone: its options and players are not checked.")
        return "\n".join([
            checked,
            f"record digest: {self.digest}",
            "Not shown: that these are the moves played and that the record is whole (a "
            "record cut short or with a move changed may verify). The bot posts the record "
            "digest with the final result: if the channel's differs, this is not that "
            "game's record as it ended.",
        ])


def verify(data: Any) -> Verified:
    """Check a record's seed against its commitment, and every draw against the seed.

    Raises :class:`~engine.errors.RecordError` (a :class:`~engine.errors.DrawError`
    naming the draw, when a tile differs).
    """
    record = read_record(data)
    if record.seed is None:
        raise RecordError("record: no seed to verify (a record shows it once the game is over)")
    if record.commitment is not None and sealed(record, record.seed) != record.commitment:
        bound = ("the seed, options, players or start tile are not those" if record.version >= 3
                 else "it is not the seed")
        raise RecordError(f"record: the seed does not match the commitment: {bound} the game "
                          "was dealt from")
    game = game_from_record(record)
    if record.commitment is None:
        raise RecordError(f"record: the {game.bag.draws} draws match the seed, but the record "
                          "has no commitment to check the seed against")
    return Verified(game.bag.draws, record.seed, record.commitment, record.version,
                    record_digest(game))
