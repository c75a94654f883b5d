"""What a player asks for, read against the game: a tile of the hand, a place, a spot.

A move comes typed (``/carcassonne place``: a letter or ``x,y`` and a rotation,
a follower's number or words, a tile's id) or from the turn panel (a placement,
a figure and a port, a tile, all in the component's custom id). Both are a
:class:`MoveRequest`, and :func:`resolve` turns one into the engine's
:class:`~engine.Place` against the position of the turn it is played on, or
raises the refusal (:meth:`bot.app.moves.Moves.place` does, in its
transaction). Reading a follower's *words* needs the player's language: the
Discord side hands a :data:`SpotReader` that does that (:mod:`bot.spots`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import MEEPLE, FigureKind, FigureOption, Place, Placement, TileType

from ..errors import NoFollowerLeft, NotAllowed, Stale
from ..i18n import N_
from ..i18n.terms import FIGURES
from ..illegal import IllegalMove
from ..naming import FollowerChoice, PositionInput, position_letters, resolve_position
from ..storage import Status
from .state import GameState, Sent

#: Reads a follower typed as words or a number (``text``) among the spots of a
#: placement (``tile``, the engine's options in order, the game's kind): the
#: choice, or a refusal (:func:`bot.spots.spot_reader`).
SpotReader = Callable[[str, TileType, list[FigureOption], str], FollowerChoice]


@dataclass(frozen=True)
class TypedFollower:
    """A follower as the player typed it (not "none": the Discord side tells that)."""

    text: str
    read: SpotReader


@dataclass(frozen=True)
class MoveRequest:
    """One move of the player on turn, however it was made.

    ``position``: typed (:class:`~bot.naming.PositionInput`) or chosen in the
    panel (a :class:`~engine.Placement`); ``follower``: a panel's choice, typed
    words, or None; ``tile``: the hand's tile (None: the first). The move names
    its turn: ``turn`` (from a button, a menu or a suggested value) must still
    be current, and a typed move without one (``sent``) must have been sent
    after its turn was announced.
    """

    guild_id: int
    user_id: int
    position: PositionInput | Placement
    follower: FollowerChoice | TypedFollower | None = None
    tile: str | None = None
    channel_id: int | None = None
    game_id: int | None = None
    turn: int | None = None
    sent: Sent | None = None


def hand(state: GameState) -> tuple[TileType, ...]:
    """The tiles the player on turn may choose from, each type once."""
    if state.game is None or state.row.status != Status.RUNNING:
        return ()
    return tuple({t.id: t for t in state.game.hand}.values())


def tile_for(state: GameState, tile: str | None) -> TileType:
    """The hand's tile ``tile`` (any case; default: the first); ``GameError`` if not in hand."""
    held = hand(state)
    if not held:
        raise NotAllowed(N_("Nobody is on turn in this game."))
    if tile is None:
        return held[0]
    for candidate in held:
        if candidate.id.lower() == tile.lower():
            return candidate
    raise Stale(N_("Tile {tile} is not in your hand now ({hand})."), tile=tile[:8],
                hand=" ".join(t.id for t in held))


def placements(state: GameState, tile: TileType) -> list[Placement]:
    """Where ``tile`` fits, in the order of the menus (row by row, then rotation)."""
    assert state.game is not None
    return sorted(state.game.legal_placements(tile), key=_placement_order)


def figures(state: GameState, placement: Placement, tile: TileType) -> list[FigureOption]:
    assert state.game is not None
    return state.game.legal_figures(placement, tile)


def no_follower_left(state: GameState) -> NoFollowerLeft | None:
    """Why nothing can stand on a placement when the player on turn has no follower
    left in supply, neither a follower nor a big one (a hut may be left, but not for
    this tile), else None."""
    game = state.game
    assert game is not None
    player = game.current_player
    if player is None:
        return None
    supply = game.supply(player)
    if supply.meeples or supply.big:
        return None
    return NoFollowerLeft(figure=FIGURES[str(MEEPLE), state.options.game])


def check_placement(state: GameState, placement: Placement, tile: TileType,
                    where: str | None = None) -> None:
    """Raise :class:`~bot.illegal.IllegalMove` if ``placement`` is illegal (``where``:
    the place as the player named it)."""
    assert state.game is not None
    problem = state.game.placement_problem(placement, tile)
    if problem is not None:
        raise IllegalMove.of(problem, state.game, tile, where)


def letter(state: GameState, tile: TileType, placement: Placement) -> str | None:
    """The picture's letter of a place of the panel, for a refusal."""
    return position_letters(placements(state, tile)).get((placement.x, placement.y))


@dataclass(frozen=True)
class Resolved:
    """A request read against the game: the move, and the place as the player named
    it (for a refusal of the engine)."""

    move: Place
    tile: TileType
    where: str | None


def first_of_hand(request: MoveRequest, state: GameState) -> bool:
    """Whether a refusal of ``request`` is to say which tile it was about: the player
    named none, and the hand has several (:class:`~bot.illegal.FirstOfHand`)."""
    return request.tile is None and len(hand(state)) > 1


def resolve(state: GameState, request: MoveRequest, tile: TileType) -> Resolved:
    """The engine's move for ``request`` of ``tile`` (from :func:`tile_for`) on the turn of
    ``state``, whose player is the requester; a refusal if it cannot be read."""
    given = request.position
    if isinstance(given, PositionInput):
        placement = resolve_position(given, placements(state, tile))
        where: str | None = given.where
    else:
        placement = given
        where = None
    follower = request.follower
    if isinstance(follower, TypedFollower):
        check_placement(state, placement, tile, where or letter(state, tile, placement))
        found = figures(state, placement, tile)
        left = no_follower_left(state)
        if not found and left is not None:
            raise left
        follower = follower.read(follower.text, tile, found, str(state.options.game))
    move = Place(
        tile.id,
        placement.x,
        placement.y,
        placement.rotation,
        FigureKind(follower.figure) if follower else None,
        follower.port if follower else None,
    )
    return Resolved(move, tile, where)


def _placement_order(p: Placement) -> tuple[int, int, int]:
    return (p.y, p.x, p.rotation)
