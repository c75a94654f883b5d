"""The tiles still to be drawn: drawing is the game's only chance.

A :class:`Bag` holds the land tiles in ordered stacks (the River's tiles, then
the lake, then the land: the first stack that is not empty is drawn from) and
the bonus tiles of Hunters and Gatherers. It draws at random from a seeded
generator, or, when a record without a seed is replayed, takes the tiles the
record names, checking each is really there to be drawn.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import IllegalMoveError

if TYPE_CHECKING:
    from .rules import RuleSet


class Bag:
    """Land stacks and the bonus stack of one game."""

    __slots__ = ("rules", "rng", "stacks", "bonus", "_forced", "_forced_bonus", "bonus_unrecorded")

    def __init__(self, rules: RuleSet, rng: random.Random, *,
                 forced: Iterable[str] | None = None,
                 forced_bonus: Iterable[str] | None = None) -> None:
        self.rules = rules
        self.rng = rng
        self.stacks = rules.land_stacks(rng)
        self.bonus = rules.bonus_stack(rng)
        self._forced = deque(forced) if forced is not None else None
        self._forced_bonus = deque(forced_bonus) if forced_bonus is not None else None
        #: A replayed record earned a bonus tile but names none (HG-32).
        self.bonus_unrecorded = False

    @property
    def is_seeded(self) -> bool:
        """Whether tiles come at random (not from a record's list)."""
        return self._forced is None

    def __len__(self) -> int:
        return sum(len(stack) for stack in self.stacks)

    def current_stack(self) -> int | None:
        """Index of the stack drawn from now, or None when all are empty."""
        return next((i for i, stack in enumerate(self.stacks) if stack), None)

    def remaining(self) -> dict[str, int]:
        return dict(sorted(Counter(t for stack in self.stacks for t in stack).items()))

    def remaining_bonus(self) -> dict[str, int]:
        return dict(sorted(Counter(self.bonus).items()))

    def draw(self, turn: int) -> str | None:
        """The next land tile; None when the bag is empty or a replayed record
        names no more tiles. ``turn`` is the record turn this draw is for."""
        stack_index = self.current_stack()
        if stack_index is None:
            return None
        stack = self.stacks[stack_index]
        if self._forced is None:
            return stack.pop()
        if not self._forced:
            return None
        tile_id = self._forced.popleft()
        if tile_id not in stack:
            error = self._undrawable(tile_id, stack_index)
            error.turn = turn
            raise error
        stack.remove(tile_id)
        return tile_id

    def _undrawable(self, tile_id: str, stack_index: int) -> IllegalMoveError:
        rules = self.rules
        if tile_id not in rules.tiles:
            return IllegalMoveError(f"unknown tile {tile_id!r}: it is not in this game's tile set",
                                    rules.rule_bag)
        problem = rules.land_draw_problem(tile_id)
        if problem is not None:
            return problem
        if any(tile_id in stack for stack in self.stacks[stack_index + 1:]):
            return rules.out_of_order(tile_id, self.stacks[stack_index])
        return IllegalMoveError(f"no tile {tile_id} is left in the bag", rules.rule_bag)

    def draw_bonus(self, turn: int) -> str | None:
        """The next bonus tile, or None if none is left (HG-36)."""
        if not self.bonus:
            return None
        if self._forced_bonus is None:
            return self.bonus.pop()
        if not self._forced_bonus:
            self.bonus_unrecorded = True  # the record breaks off before it
            return None
        tile_id = self._forced_bonus.popleft()
        if tile_id not in self.bonus:
            error = IllegalMoveError(f"no bonus tile {tile_id} is left", self.rules.rule_bag)
            error.turn = turn
            raise error
        self.bonus.remove(tile_id)
        return tile_id

    def put_back(self, tile_id: str) -> None:
        """Return a tile to its stack at a random place (H-3, D-7, a skipped turn)."""
        stack = self.stacks[self.rules.stack_of(tile_id)]
        stack.insert(self.rng.randrange(len(stack) + 1), tile_id)

    def tiles_of_stack(self, stack_index: int) -> set[str]:
        return set(self.stacks[stack_index])
