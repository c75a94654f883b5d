"""The turn cycle: drawing a tile that fits, discarding what fits nowhere,
dealing and refilling hands, passing the turn on, and ending the game.

Functions of the :class:`~engine.game.Game` they are given; the game calls them
after every move. They change it through its public methods and attributes
(hands through :class:`~engine.hands.Hands`); the final scoring and the
outcome are :meth:`Game.end`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Discard, Entry
from .events import DoubleTurnEarned, TileDiscarded
from .tiles import Pile, TileType

if TYPE_CHECKING:
    from .game import Game


def next_player(game: Game) -> None:
    """Pass the turn to the next player still in the game."""
    count = len(game.players)
    player = game.current_player
    assert player is not None
    for _ in range(count):
        player = (player + 1) % count
        if game.active[player]:
            break
    game.current_player = player


def draw(game: Game, player: int) -> TileType | None:
    """The next land tile for ``player`` (None: the bag is empty, or a replayed
    record shows no more)."""
    tile_id = game.bag.draw(player, len(game.history))
    return None if tile_id is None else game.rules.tiles[tile_id]


def refill(game: Game, player: int) -> None:
    """Draw a tile into ``player``'s hand (D-8)."""
    tile = draw(game, player)
    if tile is not None:
        game.hands.add(player, tile)


def has_place(game: Game, tile: TileType) -> bool:
    """Whether ``tile`` has a legal place on the map."""
    if game.rules.restricts(tile):
        return next(game.legal_placements(tile), None) is not None
    return game.board.has_place(tile)


def discard(game: Game, tile: TileType, hand: tuple[str, ...], *, bonus: bool = False) -> None:
    """A tile that fits nowhere leaves the game or goes back (B-12, D-7, H-3)."""
    player = game.current_player
    assert player is not None
    pile = tile.pile
    back = pile != Pile.BONUS and game.rules.back_to_pile(pile) and pile_can_move(game, pile)
    if back:
        game.bag.put_back(tile.id)
    game.events.append(TileDiscarded(len(game.history), player, tile.id, back, bonus))
    game.add_entry(Entry(Discard(tile.id), player, bonus, hand))


def pile_can_move(game: Game, pile: Pile) -> bool:
    """Whether any tile left in a pile fits somewhere: if none does, putting a
    tile back would only bring it round again, so it leaves the game."""
    tiles = game.rules.tiles
    return any(has_place(game, tiles[t]) for t in set(game.bag.tiles_of(pile)))


def deal_if_due(game: Game) -> None:
    """Deal the hands in seating order (D-8) once land tiles are drawn: the
    River's tiles are drawn one at a time before any land tile (R-3, R-7)."""
    hands = game.hands
    if hands.size == 1 or hands.dealt:
        return
    pile = game.bag.current_pile()
    if pile is None or not game.rules.hands_allowed(pile):
        return
    hands.deal()
    for player in range(len(game.players)):
        if game.active[player]:
            for _ in range(hands.size):
                refill(game, player)


def begin_turn(game: Game) -> None:
    """Find the player on turn a tile that fits, or end the game."""
    deal_if_due(game)
    player = game.current_player
    assert player is not None
    hands = game.hands
    if not hands.dealt:
        while not game.bag.awaiting:
            tile = draw(game, player)
            if tile is None:
                break
            if has_place(game, tile):
                game.tile = tile
                return
            # TB-F7: a second tile that fits nowhere is discarded, another drawn
            discard(game, tile, (tile.id,) if hands.size > 1 else (),
                    bonus=game.is_bonus_turn)
        if not game.bag.awaiting:
            game.end()  # TB-F9: a double turn earned with the last tile ends there
        return
    for _ in range(len(game.players)):
        player = game.current_player
        assert player is not None
        hand = hands.of(player)
        for tile in list(hand):
            while tile is not None and not has_place(game, tile):
                discard(game, tile, tuple(t.id for t in hand), bonus=game.is_bonus_turn)
                hands.remove(player, tile)
                tile = draw(game, player)
                if tile is not None:
                    hands.add(player, tile)
        if game.bag.awaiting:
            return
        if hand:
            game.tile = hand[0]
            return
        game.is_bonus_turn = False  # an empty hand has no second part to play
        next_player(game)
    game.end()


def offer_bonus(game: Game, tile_id: str) -> bool:
    """The player on turn places the bonus tile they earned, if it fits somewhere."""
    tile = game.rules.tiles[tile_id]
    if not has_place(game, tile):
        discard(game, tile, (tile_id,) if game.hands.size > 1 else (), bonus=True)
        return False
    game.tile = tile
    game.is_bonus_turn = True
    return True


def offer_double_turn(game: Game) -> bool:
    """The player on turn plays a second tile, drawn as any other (TB-17, TB-O4,
    TB-O6); False when none is left to play (TB-F9)."""
    player = game.current_player
    assert player is not None
    dealt = game.hands.dealt
    if dealt and not game.hands.of(player):
        return False
    if not dealt and not game.bag.awaiting and not len(game.bag):
        return False
    game.events.append(DoubleTurnEarned(len(game.history) - 1, player))
    game.is_bonus_turn = True
    begin_turn(game)
    return True

