"""Hidden information: what one player may know, and samples of the rest.

A player sees the map, the figures, the scores and supplies, the history of
what was played, the tiles in their own hand (or the tile they drew), how many
tiles each player holds, and which tiles are still to come, but not in which
order, nor what the others hold. :class:`PlayerView` is that knowledge;
:meth:`PlayerView.sample` deals what the player cannot see (the bag, the other
players' hands) at random into a full :class:`~engine.game.Game` that a search
can play on. Neither reveals the real order of the bag: the view keeps no
state that holds it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from . import turn_cycle
from .actions import Entry
from .chance import new_seed
from .tiles import Pile

if TYPE_CHECKING:
    from .game import Game
    from .options import Options


@dataclass(frozen=True)
class PlayerView:
    """What ``player`` may know of a game (see the module's docstring).

    ``hand``: the ids of the tiles they may play from (empty when it is not
    their turn in a game without hands); ``hand_sizes``: how many tiles each
    player holds; ``unseen``: the tiles they have not seen, by id (the bag and
    the other players' hands); ``unseen_bonus``: the bonus tiles still to come.
    """

    player: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    unseen: Mapping[str, int]
    unseen_bonus: Mapping[str, int]
    _position: Game = field(repr=False, compare=False)

    @classmethod
    def of(cls, game: Game, player: int) -> PlayerView:
        position = game.copy()
        _forget(position, player)
        _deal_unseen(position, player, random.Random(new_seed()))
        held = [len(position.hand_of(p)) for p in range(len(game.players))]
        unseen = Counter(position.remaining())
        for other in range(len(game.players)):
            if other != player and position.hands.dealt:
                unseen.update(tile.id for tile in position.hands.of(other))
        return cls(player, tuple(tile.id for tile in position.hand_of(player)), tuple(held),
                   MappingProxyType(dict(sorted(unseen.items()))),
                   MappingProxyType(position.remaining_bonus()), position)

    @property
    def options(self) -> Options:
        """The game's rules: public, like the map."""
        return self._position.options

    def sample(self, rng: random.Random) -> Game:
        """A full game state agreeing with everything the player knows, the rest
        dealt at random by ``rng``: the bag's order and the other players' hands."""
        state = self._position.copy()
        _deal_unseen(state, self.player, random.Random(rng.getrandbits(64)))
        return state


def _forget(state: Game, player: int) -> None:
    """Drop what ``player`` cannot know from a copy: the seed, and the hands other
    players held at their past entries."""
    state.forget_seed()
    state.history = [entry if entry.player == player or not entry.hand
                     else Entry(entry.action, entry.player, entry.bonus)
                     for entry in state.history]


def _deal_unseen(state: Game, player: int, rng: random.Random) -> None:
    """Shuffle what ``player`` cannot see: each pile, and the land together with
    the other players' hands, which are dealt again from it. Each is sorted
    first, so that a sample depends on what the player knows and on ``rng``
    only (an agent's choices repeat for its seed), never on the order dealt before."""
    bag = state.bag
    bag.reseed(rng)
    tiles = state.rules.tiles
    hands = state.hands
    others = [p for p in range(len(state.players))
              if p != player and hands.dealt and hands.of(p)]
    for kind, pile in zip(state.rules.pile_order, bag.piles):
        if kind == Pile.LAND and others:
            pool = sorted(pile + [tile.id for p in others for tile in hands.of(p)])
            rng.shuffle(pool)
            for p in others:
                size = len(hands.of(p))
                hands.replace(p, (tiles[t] for t in pool[len(pool) - size:]))
                del pool[len(pool) - size:]
            pile[:] = pool
        else:
            pile.sort()
            rng.shuffle(pile)
    bag.bonus.sort()
    rng.shuffle(bag.bonus)
    if not state.is_over and not state.is_bonus_turn \
            and (state.tile is None or state.current_player in others):
        state.tile = None  # the player on turn was dealt anew: find them a tile that fits
        turn_cycle.begin_turn(state)
