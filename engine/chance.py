"""Chance: seeds, their commitment, and the draws a record shows.

A live game deals its tiles from a seed (:func:`new_seed`: 128 random bits
from :mod:`secrets`). Its :func:`commitment` can be published when the game
starts; the seed itself tells the order of the tiles to come, so it is revealed
only once the game is over. The commitment binds the seed and everything fixed
at the start (:class:`Setup`: the game, its options, the players in their
seats, the start tile): a record that changes any of them does not match it.
Records of version 1 and 2 carry the older commitment, the SHA-256 of the seed
alone.

A record replayed without its seed takes its tiles from the record itself:
:class:`DrawScript` says which tile each draw must give, as far as the record
shows it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Entry, Remove, Skip
from .errors import IllegalMoveError, Reason

#: Bits of a seed the engine chooses.
SEED_BITS = 128


def new_seed() -> int:
    """An unguessable seed for a new game."""
    return secrets.randbits(SEED_BITS)


#: The record version whose commitment binds the seed and the :class:`Setup`
#: (versions 1 and 2 bind the seed alone).
SETUP_FORMAT = "carcassonne-record/3"


@dataclass(frozen=True)
class Setup:
    """What is fixed when a game starts, bound into its commitment with the seed."""

    game: str
    #: The options that differ from the defaults (``Options.to_dict``).
    options: Mapping[str, Any]
    players: tuple[str, ...]
    start: str
    start_rotation: int

    def sealed_text(self, seed: int) -> bytes:
        """The bytes the commitment hashes: one line of JSON, keys sorted, no spaces,
        UTF-8, the seed as decimal text."""
        return json.dumps({
            "format": SETUP_FORMAT, "game": self.game, "options": dict(self.options),
            "players": list(self.players), "seed": str(seed),
            "start": {"rotation": self.start_rotation, "tile": self.start},
        }, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def commitment(seed: int, setup: Setup | None = None) -> str:
    """The SHA-256 (hex) of :meth:`Setup.sealed_text`; without a ``setup`` (records
    of version 1 and 2), of ``seed`` alone written as decimal text."""
    text = str(seed).encode("ascii") if setup is None else setup.sealed_text(seed)
    return hashlib.sha256(text).hexdigest()


class DrawScript:
    """The tiles a record shows each draw giving.

    A draw is asked for by the player it is for, at a record turn (the number
    of entries made so far). :meth:`land` and :meth:`bonus` answer with the tile,
    or None where the record does not show it (a tile taken away by a player who
    was then removed); :meth:`after_end` says whether the record has ended by then.

    How the record shows land tiles (``land``):

    - ``"entries"``: the tile drawn at turn ``t`` is the tile of entry ``t``,
      passing over the removals of other players (games without hands);
    - ``"hands"``: each player's draws are the tiles that appear in their hand
      from one of their entries to their next (record version 2, ``"hand"``);
    - ``"none"``: it does not (a version 1 record of a game with hands).

    Bonus tiles are always the tiles of the bonus entries; with ``double_turns``
    (the builder's, TB-17) a bonus entry's tile is a land tile like any other.
    """

    __slots__ = ("entries", "land_shown", "incoming", "rule_bonus", "double_turns")

    def __init__(self, entries: Sequence[Entry], *, land: str, rule_bonus: str,
                 double_turns: bool = False) -> None:
        self.entries = tuple(entries)
        self.land_shown = land != "none"
        self.rule_bonus = rule_bonus
        self.double_turns = double_turns
        #: Per player, every tile drawn into their hand, in order (games with hands).
        self.incoming: dict[int, tuple[str, ...]] | None = \
            _incoming(self.entries, double_turns) if land == "hands" else None

    def after_end(self, turn: int) -> bool:
        return turn >= len(self.entries)

    def land(self, player: int, turn: int, drawn: int) -> str | None:
        """The land tile drawn for ``player`` at ``turn``; ``drawn``: how many
        tiles the script has already given this player (games with hands)."""
        if self.incoming is not None:
            tiles = self.incoming.get(player, ())
            return tiles[drawn] if drawn < len(tiles) else None
        if not self.land_shown:
            return None
        index = self._entry_for(player, turn)
        if index is None:
            return None
        entry = self.entries[index]
        if entry.bonus and not self.double_turns:
            raise _at(IllegalMoveError("no bonus tile was earned", self.rule_bonus,
                                       Reason.NO_BONUS_EARNED), index)
        return entry.tile

    def bonus(self, player: int, turn: int) -> str | None:
        """The bonus tile drawn for ``player`` at ``turn``."""
        index = self._entry_for(player, turn)
        if index is None:
            return None
        entry = self.entries[index]
        if not entry.bonus:
            raise _at(IllegalMoveError("a bonus tile must be placed now", self.rule_bonus,
                                       Reason.BONUS_TILE_DUE), index)
        return entry.tile

    def _entry_for(self, player: int, turn: int) -> int | None:
        """The index of the entry that shows the tile drawn at ``turn``: the next
        one, passing over other players leaving; None if the drawer leaves with it
        or the record ends first."""
        for index in range(turn, len(self.entries)):
            action = self.entries[index].action
            if isinstance(action, Remove):
                if action.player == player:
                    return None
                continue
            return index
        return None

    def still_to_draw(self, turn: int, drawn: dict[int, int]) -> Counter[str]:
        """The tiles later draws will take (``drawn``: per player, as in :meth:`land`)."""
        if self.incoming is not None:
            return Counter(tile for player, tiles in self.incoming.items()
                           for tile in tiles[drawn.get(player, 0):])
        if not self.land_shown:
            return Counter()
        return Counter(entry.tile for entry in self.entries[turn:]
                       if entry.tile is not None and (self.double_turns or not entry.bonus))


def _incoming(entries: tuple[Entry, ...], double_turns: bool) -> dict[int, tuple[str, ...]]:
    """Per player, the tiles that came into their hand, from the hands entries list.

    What a player holds at an entry is what they held at their previous one,
    less the tile played or discarded there, plus what they drew since; a hand
    that lost a tile otherwise is an error of the record (D-8).
    """
    incoming: dict[int, list[str]] = {}
    kept: dict[int, Counter[str]] = {}
    for index, entry in enumerate(entries):
        if entry.player is None or (entry.bonus and not double_turns) \
                or isinstance(entry.action, Remove):
            continue
        player = entry.player
        held = Counter(entry.hand)
        before = kept.get(player, Counter())
        lost = before - held
        if lost:
            raise _at(IllegalMoveError(
                f"the hand of player {player} lost tile {min(lost)} without playing it",
                "D-8", Reason.HAND_MISMATCH, player=player, hand=entry.hand,
                held=tuple(before.elements())), index)
        new = held - before
        arrived = []
        for tile in entry.hand:  # in the order held: the order drawn
            if new[tile]:
                new[tile] -= 1
                arrived.append(tile)
        incoming.setdefault(player, []).extend(arrived)
        if not isinstance(entry.action, Skip):  # a skipped turn keeps the hand
            held[entry.action.tile] -= 1
        kept[player] = +held
    return {player: tuple(tiles) for player, tiles in incoming.items()}


def _at(error: IllegalMoveError, turn: int) -> IllegalMoveError:
    error.turn = turn
    return error
