"""An illegal move in plain words: what is wrong, and what would work.

The engine refuses a move with an :class:`~engine.IllegalMoveError` that
carries a :class:`~engine.Reason` and its facts (and a rule code, which
stays in logs). :class:`IllegalMove` keeps those, with the place as the
player named it (a letter of the picture, or ``x,y``) and the rotations that
would fit there, and :meth:`IllegalMove.text` says it in the reader's
language: "Turned 0°, the tile does not fit at B: its north side (city)
would touch a field. At B it fits turned 90° or 270°."
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from engine import Compass, Game, IllegalMoveError, Reason, TileType

from .errors import BadRotation, GameError, InvalidMove, rotation_list
from .i18n import N_, Messages
from .i18n.terms import FEATURES
from .naming import position_label, position_letters
from .words.tiles import tile_label

log = logging.getLogger(__name__)

#: The reasons that are about where (and which way) the tile goes.
PLACEMENT_REASONS = frozenset({
    Reason.POSITION_TAKEN, Reason.NOT_ADJACENT, Reason.EDGE_MISMATCH,
    Reason.RIVER_NOT_AT_END, Reason.RIVER_U_TURN, Reason.RIVER_NO_ROOM,
})


class IllegalMove(InvalidMove):
    """The engine refused a move: its reason and facts, the place as the player
    named it (``where``), the rotations that fit there, and how many places fit."""

    def __init__(self, error: IllegalMoveError, *, where: str, rotations: tuple[int, ...],
                 places: tuple[str, ...]) -> None:
        self.reason = error.reason
        self.rule = error.rule
        super().__init__(where=where, rotations=rotations, places=places, **error.facts)

    @classmethod
    def of(cls, error: IllegalMoveError, game: Game, tile: TileType,
           where: str | None = None) -> IllegalMove:
        """The refusal of a move of ``tile`` on ``game``, the engine's rule code logged."""
        log.info("illegal move refused (%s, %s): %s", error.reason, error.rule, error)
        x, y = error.facts.get("x"), error.facts.get("y")
        placements = list(game.legal_placements(tile)) if tile in game.hand else []
        rotations = tuple(sorted(p.rotation for p in placements if (p.x, p.y) == (x, y)))
        places = tuple(f"{letter} ({position_label(*position)})" for position, letter
                       in sorted(position_letters(placements).items(), key=lambda i: i[1]))
        if where is None and x is not None and y is not None:
            where = position_label(x, y)
        return cls(error, where=where or "", rotations=rotations, places=places)

    def text(self, t: Messages) -> str:
        facts = self.facts
        say = _SENTENCES.get(self.reason) if self.reason is not None else None
        sentence = say(t, facts) if say is not None else t.gettext(
            "That move is not allowed now.")
        if self.reason in PLACEMENT_REASONS:
            sentence = t.sentences(sentence, what_fits(t, facts["where"], facts["rotations"],
                                                       facts["places"]))
        return sentence


#: The most places a refusal lists by letter.
LISTED_PLACES = 6


def what_fits(t: Messages, where: str, rotations: tuple[int, ...],
              places: tuple[str, ...]) -> str:
    """What would work: the other rotations at that place, or the places it fits,
    by the picture's letters ("A (-1,0)")."""
    if rotations:
        return t.gettext("At {where} it fits turned {rotations}.", where=where,
                         rotations=rotation_list(t, rotations))
    if not places:
        return ""
    if len(places) <= LISTED_PLACES:
        # Translators: {places} lists places by the picture's letter and x,y: "A (-3,-1),
        # B (-2,0) or C (0,1)".
        return t.gettext("It fits at {places}.", places=t.list(places, "or"))
    return t.ngettext(
        "It fits at {count} place: the move-choice picture letters it.",
        "It fits at {count} places: the move-choice picture letters them A, B, C...",
        len(places))


def _feature(t: Messages, kind: str | None) -> str:
    return t.term(FEATURES[kind]) if kind in FEATURES else str(kind)


def _side(t: Messages, edge: Compass) -> str:
    return {Compass.N: t.pgettext("tile side", "north"),
            Compass.E: t.pgettext("tile side", "east"),
            Compass.S: t.pgettext("tile side", "south"),
            Compass.W: t.pgettext("tile side", "west")}[edge]


def _misfit(t: Messages, f: dict[str, Any]) -> str:
    if not f["rotations"]:
        return t.gettext("The tile does not fit at {where}, whichever way it is turned.",
                         where=f["where"])
    # Translators: {where} is a picture's letter or x,y; {side} a compass side (context
    # "tile side"); {kind} and {meets} features ("city", "field"; context "feature").
    return t.gettext(
        "Turned {rotation}°, the tile does not fit at {where}: on its {side} side, {kind} "
        "would meet {meets}.", rotation=f["rotation"], where=f["where"],
        side=_side(t, f["edge"]), kind=_feature(t, f["kind"]), meets=_feature(t, f["meets"]))


def _river_end(t: Messages, f: dict[str, Any]) -> str:
    end = f.get("end")
    if end is None:
        return t.gettext("A River tile must continue the River, and it has no open end.")
    return t.gettext("A River tile must continue the River: its open end is at {end}.",
                     end=f"`{position_label(*end)}`")


_SENTENCES: dict[Reason, Callable[[Messages, dict], str]] = {
    Reason.GAME_OVER: lambda t, f: t.gettext("The game is over."),
    Reason.BAD_ROTATION: lambda t, f: BadRotation(rotation=f["rotation"]).text(t),
    Reason.POSITION_TAKEN: lambda t, f: t.gettext(
        "{where} is taken: a tile lies there already.", where=f["where"]),
    Reason.NOT_ADJACENT: lambda t, f: t.gettext(
        "{where} touches no tile of the map: a tile goes beside one already placed.",
        where=f["where"]),
    Reason.EDGE_MISMATCH: _misfit,
    Reason.RIVER_NOT_AT_END: _river_end,
    Reason.RIVER_U_TURN: lambda t, f: t.gettext(
        "Turned {rotation}°, the River would bend the same way twice in a row and turn back on "
        "itself.", rotation=f["rotation"]),
    Reason.RIVER_NO_ROOM: lambda t, f: t.gettext(
        "Turned {rotation}°, the River would run into the map: it needs two free squares ahead "
        "and free squares beside them.", rotation=f["rotation"]),
    Reason.NOT_IN_HAND: lambda t, f: t.gettext(
        "{tile} is not in your hand.", tile=tile_label(t, f["tile"])),
    Reason.NOT_THE_BONUS_TILE: lambda t, f: t.gettext(
        "Place your bonus tile {tile} first.", tile=tile_label(t, f["bonus_tile"])),
    Reason.NO_FEATURE_AT_PORT: lambda t, f: t.gettext(
        "That follower spot is not on this tile: pick one the preview numbers."),
    Reason.UNKNOWN_PORT: lambda t, f: t.gettext(
        "That follower spot is not on this tile: pick one the preview numbers."),
    Reason.NO_FIGURE_ON_RIVER: lambda t, f: t.gettext("No follower may stand on the River."),
    Reason.NO_FARMERS: lambda t, f: t.gettext("This game is played without farmers."),
    Reason.NO_FIGURE_ON_LAKE: lambda t, f: t.gettext(
        "Only a hut may stand on a lake."),
    Reason.NO_HUNTER_ON_FIRE: lambda t, f: t.gettext(
        "No hunter may stand on a meadow with a fire."),
    Reason.HUT_NOT_ON_WATER: lambda t, f: t.gettext("A hut stands on a river or a lake."),
    Reason.NO_HUTS: lambda t, f: t.gettext("This game has no huts."),
    Reason.FEATURE_OCCUPIED: lambda t, f: t.gettext(
        "That {feature} has a figure on it already (here or further along): choose another "
        "spot, or none.", feature=_feature(t, f.get("kind"))),
    Reason.RIVER_SYSTEM_HAS_HUT: lambda t, f: t.gettext(
        "That river system has a hut already: choose another spot, or none."),
    Reason.SUPPLY_EMPTY: lambda t, f: t.gettext(
        "You have none of those figures left: play the tile without one."),
    Reason.MUST_DISCARD: lambda t, f: t.gettext("This tile fits nowhere."),
    # Traders & Builders (TB-14, TB-23, TB-O1).
    Reason.NO_OWN_FOLLOWER: lambda t, f: t.gettext(
        "The builder and the pig go only where one of your followers already is (on that "
        "road or city, in that farm)."),
    Reason.WRONG_FEATURE_FOR_FIGURE: lambda t, f: t.gettext(
        "The builder goes on a road or a city, the pig in a field."),
    Reason.FEATURE_COMPLETED: lambda t, f: t.gettext(
        "This tile completes that feature: the builder cannot stand on it."),
    Reason.NO_SUCH_FIGURE: lambda t, f: t.gettext(
        "This game is played without that figure."),
}


class FirstOfHand(GameError):
    """A refusal of a move of the hand's first tile, played because the player named
    no tile: the refusal says which tile it was about ("the tile" alone would not)."""

    # Translators: {refusal} is a whole refusal about "the tile" ("Turned 0°, the tile does
    # not fit at B: ..."); this says which tile that was.
    message = N_("You named no tile, so I tried {tile}, the first of your hand (`tile:` "
                 "chooses another). {refusal}")

    def __init__(self, refusal: GameError, tile: TileType) -> None:
        super().__init__()
        self.refusal, self.tile = refusal, tile

    def filled(self, t: Messages) -> dict[str, object]:
        return {"tile": tile_label(t, self.tile), "refusal": self.refusal.text(t)}
