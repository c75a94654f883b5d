"""The tiles still to be drawn: drawing is the game's only chance.

A :class:`Bag` holds the tiles in their piles (:class:`~engine.tiles.Pile`):
the River's tiles, then its lake, then the land, drawn from the first pile
that is not empty, and the bonus tiles of Hunters and Gatherers. It deals in
the order its seed shuffled them. When a record is replayed the bag follows
the record (:class:`~engine.chance.DrawScript`): with the seed, it checks that
every tile the record shows is the tile the seed deals; without it, it takes
the tiles the record shows, checking each is really there to be drawn.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from .chance import DrawScript
from .errors import DrawError, IllegalMoveError, Reason
from .tiles import Pile

if TYPE_CHECKING:
    from .rules import RuleSet


class Bag:
    """The piles and the bonus stack of one game."""

    __slots__ = ("rules", "piles", "bonus", "_rng", "_rng_shared", "script", "follow_seed",
                 "drawn", "draws", "awaiting")

    def __init__(self, rules: RuleSet, rng: random.Random, *, script: DrawScript | None = None,
                 follow_seed: bool = True) -> None:
        self.rules = rules
        self.piles, self.bonus = rules.deal(rng)
        self._rng = rng
        self._rng_shared = False
        #: The record being replayed, if any, and whether the seed still deals.
        self.script = script
        self.follow_seed = follow_seed
        #: Per player, how many of their draws the script has given (games with hands).
        self.drawn: dict[int, int] = {}
        #: Tiles drawn so far (land and bonus), to name a draw in messages.
        self.draws = 0
        #: A replayed record ended where the next draw was due: nothing is known after it.
        self.awaiting = False

    def copy(self) -> Bag:
        """A bag that draws the same tiles from here on, without touching this one."""
        twin: Bag = Bag.__new__(Bag)
        twin.rules = self.rules
        twin.piles = [pile.copy() for pile in self.piles]
        twin.bonus = self.bonus.copy()
        twin._rng = self._rng
        twin._rng_shared = self._rng_shared = True
        twin.script = self.script
        twin.follow_seed = self.follow_seed
        twin.drawn = self.drawn.copy()
        twin.draws = self.draws
        twin.awaiting = self.awaiting
        return twin

    def reseed(self, rng: random.Random) -> None:
        """Draw from here on with ``rng`` for what is left to chance (a sampled state)."""
        self._rng, self._rng_shared = rng, False
        self.script = None
        self.follow_seed = True
        self.awaiting = False

    @property
    def rng(self) -> random.Random:
        """The generator for tiles put back, this bag's own."""
        if self._rng_shared:
            twin = random.Random.__new__(random.Random)
            twin.setstate(self._rng.getstate())
            self._rng, self._rng_shared = twin, False
        return self._rng

    def __len__(self) -> int:
        return sum(len(pile) for pile in self.piles)

    def current_pile(self) -> Pile | None:
        """The pile drawn from now, or None when all are empty."""
        for index, pile in enumerate(self.piles):
            if pile:
                return self.rules.pile_order[index]
        return None

    def remaining(self) -> dict[str, int]:
        return dict(sorted(Counter(t for pile in self.piles for t in pile).items()))

    def remaining_bonus(self) -> dict[str, int]:
        return dict(sorted(Counter(self.bonus).items()))

    def tiles_of(self, pile: Pile) -> list[str]:
        return self.piles[self.rules.pile_order.index(pile)]

    # -- drawing ---------------------------------------------------------
    def draw(self, player: int, turn: int) -> str | None:
        """The next land tile for ``player``; None when the bag is empty or a
        replayed record has ended. ``turn`` is the record turn of the draw."""
        for pile in self.piles:
            if pile:
                break
        else:
            return None
        script = self.script
        if script is None:
            self.draws += 1
            return pile.pop()
        if not self.follow_seed and script.after_end(turn):
            self.awaiting = True
            return None
        shown = script.land(player, turn, self.drawn.get(player, 0))
        if shown is not None and script.incoming is not None:
            self.drawn[player] = self.drawn.get(player, 0) + 1
        return self._take(pile, shown, turn, self._undrawable)

    def draw_bonus(self, player: int, turn: int) -> str | None:
        """The next bonus tile, or None if none is left (HG-36) or the record has ended."""
        if not self.bonus:
            return None
        script = self.script
        if script is None:
            self.draws += 1
            return self.bonus.pop()
        if not self.follow_seed and script.after_end(turn):
            self.awaiting = True
            return None
        return self._take(self.bonus, script.bonus(player, turn), turn, self._not_a_bonus)

    def _take(self, pile: list[str], shown: str | None, turn: int,
              undrawable: Callable[[str], IllegalMoveError]) -> str:
        """Draw from ``pile`` following the record: by the seed, checking what the
        record shows; or else what the record shows (at random where it shows nothing)."""
        self.draws += 1
        if self.follow_seed:
            tile = pile.pop()
            if shown is not None and shown != tile:
                error = DrawError(f"the record shows tile {shown} where the seed deals {tile} "
                                  f"(draw {self.draws})", draw=self.draws, tile=shown,
                                  dealt=tile)
                error.turn = turn
                raise error
            return tile
        if shown is None:
            shown = self._unshown(pile, turn)
        elif shown not in pile:
            refusal = undrawable(shown)
            refusal.turn = turn
            raise refusal
        pile.remove(shown)
        return shown

    def _unshown(self, pile: list[str], turn: int) -> str:
        """A tile the record does not show (taken by a player who then left):
        any tile no later draw of the record needs."""
        assert self.script is not None, "only a replayed record shows no tile"
        needed = self.script.still_to_draw(turn, self.drawn)
        free = list((Counter(pile) - needed).elements()) or pile
        return free[self.rng.randrange(len(free))]

    def _undrawable(self, tile_id: str) -> IllegalMoveError:
        rules = self.rules
        tile = rules.tiles.get(tile_id)
        if tile is None:
            return IllegalMoveError(f"unknown tile {tile_id!r}: it is not in this game's tile set",
                                    rules.rule_bag, Reason.UNKNOWN_TILE, tile=tile_id)
        if tile.pile == Pile.BONUS:
            return IllegalMoveError(f"tile {tile_id} is a bonus tile: it comes only for closing "
                                    "a forest with gold", rules.rule_bonus,
                                    Reason.BONUS_TILE_IN_BAG, tile=tile_id)
        now = self.current_pile()
        if tile.pile in rules.pile_order and tile_id in self.tiles_of(tile.pile) \
                and now is not None and tile.pile != now:
            return rules.out_of_order(tile_id, now)
        return IllegalMoveError(f"no tile {tile_id} is left in the bag", rules.rule_bag,
                                Reason.NOT_IN_BAG, tile=tile_id)

    def _not_a_bonus(self, tile_id: str) -> IllegalMoveError:
        return IllegalMoveError(f"no bonus tile {tile_id} is left", self.rules.rule_bag,
                                Reason.NOT_IN_BAG, tile=tile_id)

    def put_back(self, tile_id: str) -> None:
        """Return a tile to its pile at a random place (H-3, D-7, a skipped turn)."""
        pile = self.tiles_of(self.rules.tiles[tile_id].pile)
        pile.insert(self.rng.randrange(len(pile) + 1), tile_id)
