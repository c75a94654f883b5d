"""The engine's exceptions: one base class, messages a player can act on.

An illegal move is also data: :class:`IllegalMoveError` carries a
:class:`Reason` and the facts needed to say it in any language, so that the
bot phrases and translates it without reading the English message.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any


class Reason(StrEnum):
    """Why a move is illegal. The facts each reason comes with are listed
    beside it; a placement's facts always include ``tile``, ``x``, ``y`` and
    ``rotation``. Edges are :class:`~engine.geometry.Compass` values (N E S W),
    kinds are feature kinds (``"city"``), figures :class:`~engine.figures.FigureKind`."""

    GAME_OVER = "game_over"  # -
    PLAYER_COUNT = "player_count"  # players
    NOT_IN_GAME = "not_in_game"  # player
    WRONG_PLAYER = "wrong_player"  # player (who the record says), expected (who is on turn)
    UNKNOWN_TILE = "unknown_tile"  # tile
    NOT_IN_HAND = "not_in_hand"  # tile, hand (ids)
    NOT_THE_BONUS_TILE = "not_the_bonus_tile"  # tile, bonus_tile
    BAD_ROTATION = "bad_rotation"  # rotation
    POSITION_TAKEN = "position_taken"  # placement
    NOT_ADJACENT = "not_adjacent"  # placement
    #: placement, edge, kind (this tile's edge), meets (the neighbour's)
    EDGE_MISMATCH = "edge_mismatch"
    RIVER_NOT_AT_END = "river_not_at_end"  # placement, end ((x, y) of the open end, or None)
    RIVER_U_TURN = "river_u_turn"  # placement, side ("left" or "right")
    #: placement, square ((x, y) taken where the river needs room to flow, D-7)
    RIVER_NO_ROOM = "river_no_room"
    UNKNOWN_PORT = "unknown_port"  # port
    NO_FEATURE_AT_PORT = "no_feature_at_port"  # placement, port
    NO_FIGURE_ON_RIVER = "no_figure_on_river"  # port
    NO_FARMERS = "no_farmers"  # port
    NO_FIGURE_ON_LAKE = "no_figure_on_lake"  # port
    NO_HUNTER_ON_FIRE = "no_hunter_on_fire"  # port
    HUT_NOT_ON_WATER = "hut_not_on_water"  # port, kind
    NO_HUTS = "no_huts"  # -
    FEATURE_OCCUPIED = "feature_occupied"  # placement, port, kind
    RIVER_SYSTEM_HAS_HUT = "river_system_has_hut"  # placement, port
    SUPPLY_EMPTY = "supply_empty"  # player, figure
    NO_SUCH_FIGURE = "no_such_figure"  # figure (a kind this game's options do not have)
    #: placement, port, figure, kind: a builder stands on a road or city, a pig in a field
    WRONG_FEATURE_FOR_FIGURE = "wrong_feature_for_figure"
    #: placement, port, figure, kind: no follower of the player's in that feature (TB-14, TB-23)
    NO_OWN_FOLLOWER = "no_own_follower"
    #: placement, port, figure, kind: the tile completes that feature (TB-O1)
    FEATURE_COMPLETED = "feature_completed"
    MUST_DISCARD = "must_discard"  # tile (it fits nowhere)
    MAY_NOT_DISCARD = "may_not_discard"  # tile (it fits somewhere)
    OTHER_TILE_DISCARDED = "other_tile_discarded"  # tile (the record's), drawn (the engine's)
    BONUS_TILE_DUE = "bonus_tile_due"  # -
    NO_BONUS_EARNED = "no_bonus_earned"  # -
    BONUS_TILE_NOT_SKIPPED = "bonus_tile_not_skipped"  # -
    BONUS_TILE_IN_BAG = "bonus_tile_in_bag"  # tile
    NOT_IN_BAG = "not_in_bag"  # tile
    NOT_YET = "not_yet"  # tile, pile (the pile drawn from now)
    WRONG_START_TILE = "wrong_start_tile"  # tile, start (the one it must be)
    #: a record's hand is not what the player holds: player, hand (the record's), held
    HAND_MISMATCH = "hand_mismatch"


class EngineError(ValueError):
    """Base class of everything the engine raises on bad input.

    ``rule`` names the rule point broken, if any; ``turn`` the record turn the
    error belongs to, when it comes from a record.
    """

    rule: str | None = None
    turn: int | None = None

    def at_turn(self, turn: int) -> EngineError:
        """This error, its message led by the record turn it belongs to (once)."""
        message = str(self)
        if not message.startswith(("turn ", "record:")):
            message = f"turn {turn}: {message}"
        named = self._renamed(message)
        named.turn = turn
        return named

    def _renamed(self, message: str) -> EngineError:
        named = type(self)(message)
        named.rule = self.rule
        return named


class TileDataError(EngineError):
    """A tile catalogue row cannot be read."""


class OptionsProblem(StrEnum):
    """Why options are refused. The facts each problem comes with are listed
    beside it (``option`` is always the option's name)."""

    UNKNOWN_OPTION = "unknown_option"  # option, known (the names of every option)
    NOT_A_SWITCH = "not_a_switch"  # option, value (not true or false)
    NOT_A_CHOICE = "not_a_choice"  # option, value, allowed (the values it takes)
    OUT_OF_RANGE = "out_of_range"  # option, value, low, high
    #: option, game (a Carcassonne option in Hunters and Gatherers, D-41)
    NOT_FOR_THIS_GAME = "not_for_this_game"
    #: option, value (the options' game), game (the record's)
    CONTRADICTS_RECORD = "contradicts_record"


class OptionsError(EngineError):
    """Unknown option, or a value it does not take. ``reason`` says which and
    ``facts`` the particulars (see :class:`OptionsProblem`), so that the bot
    words it without reading the English message."""

    def __init__(self, message: str, reason: OptionsProblem, **facts: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.facts: Mapping[str, Any] = MappingProxyType(facts)

    def _renamed(self, message: str) -> EngineError:
        return OptionsError(message, self.reason, **self.facts)


class RecordError(EngineError):
    """A game record is malformed (not JSON, a missing field, an unknown tile)."""


class DrawError(RecordError):
    """A record's tile is not the one its seed deals (``python -m engine verify``).

    ``draw`` counts the draws from 1, ``tile`` is what the record shows,
    ``dealt`` what the seed deals there.
    """

    def __init__(self, message: str, *, draw: int = 0, tile: str = "", dealt: str = "") -> None:
        super().__init__(message)
        self.draw, self.tile, self.dealt = draw, tile, dealt

    def _renamed(self, message: str) -> EngineError:
        return DrawError(message, draw=self.draw, tile=self.tile, dealt=self.dealt)


class InvalidActionError(EngineError):
    """Text that is not an action (``"V 1,0"``): a question of form, not of rules."""


class IllegalMoveError(EngineError):
    """A move breaks a rule. ``rule`` names the rule point (``"B-10"``), ``reason``
    says what is wrong and ``facts`` the particulars (see :class:`Reason`)."""

    def __init__(self, message: str, rule: str | None = None, reason: Reason | None = None,
                 **facts: Any) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule
        self.reason = reason
        self.facts: Mapping[str, Any] = MappingProxyType(facts)
        self.turn: int | None = None

    def _renamed(self, message: str) -> EngineError:
        named = IllegalMoveError(message, None, self.reason, **self.facts)
        named.rule = self.rule
        return named
