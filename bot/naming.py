"""How players name placements, followers and tiles, and how we read them.

One grammar everywhere (typed values, suggestions, menus):

- a place is a letter of the move-choice picture (``B``) or the map's
  coordinates ``x,y`` (the engine's integers; x grows east, y south), or both
  as a menu shows them (``B: 3,-1 90°``), with a rotation in degrees
  clockwise (``B 90``, ``3,-1 90``, ``3 -1 r90``). Without a rotation, a
  place where the tile fits one way only means that way; where it fits
  several, the player is asked (:class:`~bot.errors.WhichRotation`);
- a follower is a spot's number on the preview, its words, or none
  (:mod:`bot.spots`);
- a tile is its id, in any case (``V``, ``rv7``).

Values the bot suggests (autocomplete) name the turn they were suggested for:
``t12:3,-1,90``, ``t12:2``, ``t12:V``; a value without it was typed.

Reading is one pass over at most :data:`MAX_INPUT` characters with no regular
expression, so no input, however long or strange, takes more than
microseconds; a refusal quotes at most a few characters of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.board import Placement
from render.naming import candidate_labels, position_label

from .errors import (
    BadRotation,
    LetterAndPosition,
    NoSuchLetter,
    NotAPlacement,
    NotATile,
    OffTheMap,
    TooLong,
    WhichRotation,
)

#: Longest text read at all (Discord's own cap on these options is shorter).
MAX_INPUT = 100
#: Longest part of an input quoted back in a refusal.
MAX_QUOTE = 24
ROTATIONS = (0, 90, 180, 270)
_SEPARATORS = frozenset(" \t,;:()°")
#: Words a typed placement may carry after its place ("3,-1 r 90", "B 90 deg").
_NOISE_WORDS = frozenset({"r", "rot", "rotation", "rotated", "turned", "deg", "degree", "degrees"})
_ASCII_DIGITS = frozenset("0123456789")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def quote(text: str) -> str:
    """A short, safe quotation of what a player typed (for a refusal)."""
    cut = text.strip()
    short = cut[:MAX_QUOTE] + ("…" if len(cut) > MAX_QUOTE else "")
    return "`" + short.replace("`", "'") + "`"


def placement_label(placement: Placement) -> str:
    """``3,-1 90°``: a placement as messages show it."""
    return f"{position_label(placement.x, placement.y)} {placement.rotation}°"


def placement_value(placement: Placement) -> str:
    return f"{placement.x},{placement.y},{placement.rotation}"


def tagged(turn: int, value: str) -> str:
    """A suggested value, naming the turn it was suggested for."""
    return f"t{turn}:{value}"


def _untag(text: str) -> tuple[int | None, str]:
    """Split ``t12:rest`` into (12, ``rest``); (None, text) when untagged."""
    if len(text) > MAX_INPUT:
        raise TooLong(length=len(text))
    head, colon, rest = text.partition(":")
    if colon and len(head) > 1 and head[0] in "tT" and len(head) <= 7:
        digits = head[1:]
        if all(c in _ASCII_DIGITS for c in digits):
            return int(digits), rest
    return None, text


# --------------------------------------------------------------- placement


@dataclass(frozen=True)
class PositionInput:
    """What a player gave as ``position``: a picture letter, coordinates, or both,
    and a rotation (None: not said)."""

    turn: int | None
    letter: str | None = None
    x: int | None = None
    y: int | None = None
    rotation: int | None = None

    @property
    def where(self) -> str:
        """The place in the player's own notation: the letter, else ``x,y``."""
        if self.letter is not None:
            return self.letter
        return position_label(self.x or 0, self.y or 0)


def _tokens(text: str) -> list[str] | None:
    """Numbers (with their sign) and lower-cased ASCII words, in order, separators
    dropped; None for any other character, or for more tokens than a placement has.

    One pass, each character looked at once.
    """
    tokens: list[str] = []
    kind = ""
    for char in text:
        if char in _SEPARATORS:
            kind = ""
            continue
        if char in _ASCII_DIGITS:
            if kind in ("number", "sign"):
                tokens[-1] += char
            else:
                tokens.append(char)
            kind = "number"
        elif char in "+-":
            tokens.append(char)
            kind = "sign"
        elif char in _ASCII_LETTERS:
            if kind == "word":
                tokens[-1] += char.lower()
            else:
                tokens.append(char.lower())
            kind = "word"
        else:
            return None
        if len(tokens) > 8:
            return None
    return tokens


def _number(token: str, text: str) -> int | None:
    body = token[1:] if token[:1] in "+-" else token
    if not body or not all(c in _ASCII_DIGITS for c in body):
        return None
    if len(body) > 4:
        raise OffTheMap(text=quote(text), number=quote(token))
    return int(token)


def _rotation(value: int) -> int:
    if value not in ROTATIONS:
        raise BadRotation(rotation=value)
    return value


def parse_position(text: str) -> PositionInput:
    """A place as suggested or typed: ``t3:1,0,90``, ``1,0 90``, ``(1, 0) 90°``,
    ``1 0``, ``B``, ``B 90``, ``B: 1,0 90°``. ``BadInput`` if it cannot be read."""
    turn, body = _untag(text or "")
    refusal = NotAPlacement(text=quote(body))
    tokens = _tokens(body)
    if not tokens:
        raise refusal
    letter = None
    # A word first is always a picture letter: the pictures draw ``R`` (the 18th
    # place), so it cannot also be read as the word "r" (rotation).
    if tokens[0][0] in _ASCII_LETTERS:
        letter, tokens = tokens[0].upper(), tokens[1:]
        if len(letter) > 3:
            raise refusal
    numbers: list[int] = []
    for token in tokens:
        if token in _NOISE_WORDS:
            continue
        number = _number(token, body)
        if number is None:
            raise refusal
        numbers.append(number)
    if letter is not None and len(numbers) in (0, 1):
        rotation = _rotation(numbers[0]) if numbers else None
        return PositionInput(turn, letter=letter, rotation=rotation)
    if not 2 <= len(numbers) <= 3:
        raise refusal
    rotation = _rotation(numbers[2]) if len(numbers) == 3 else None
    return PositionInput(turn, letter, numbers[0], numbers[1], rotation)


def position_letters(placements: list[Placement]) -> dict[tuple[int, int], str]:
    """The letters the move-choice picture gives each legal position (A, B, ...)."""
    return {
        position: label
        for label, position in candidate_labels((p.x, p.y) for p in placements).items()
    }


def resolve_position(given: PositionInput, placements: list[Placement]) -> Placement:
    """The placement ``given`` names, among the legal ``placements`` of the tile.

    A letter the picture does not show is refused, and so are a letter and
    coordinates that name two places. Without a rotation: the one way the tile
    fits there, or a question when it fits several ways. A place where it does
    not fit at all is returned as named (rotation 0 if none was said), for the
    engine to say what is wrong.
    """
    x, y = given.x, given.y
    if given.letter is not None:
        found = next(((px, py) for (px, py), letter in position_letters(placements).items()
                      if letter == given.letter), None)
        if found is None:
            raise NoSuchLetter(letter=quote(given.letter))
        if x is not None and (x, y) != found:
            raise LetterAndPosition(letter=given.letter, position=position_label(*found),
                                    given=position_label(x, y or 0))
        x, y = found
    assert x is not None and y is not None
    if given.rotation is not None:
        return Placement(x, y, given.rotation)
    rotations = [p.rotation for p in placements if (p.x, p.y) == (x, y)]
    if len(rotations) > 1:
        raise WhichRotation(given.where, rotations)
    return Placement(x, y, rotations[0] if rotations else 0)


# ---------------------------------------------------------------- follower


@dataclass(frozen=True)
class FollowerChoice:
    """A figure to stand on the placed tile: ``figure`` is ``meeple`` or ``hut``,
    ``port`` the engine's name of the spot (never shown)."""

    figure: str
    port: str

    @property
    def value(self) -> str:
        """The choice in a component's custom id (``NNE``, ``hut:C``)."""
        return self.port if self.figure == "meeple" else f"hut:{self.port}"

    @classmethod
    def parse(cls, value: str) -> FollowerChoice | None:
        """A custom id's choice back (``none``: no figure)."""
        if value == "none":
            return None
        if value.startswith("hut:"):
            return cls("hut", value[4:])
        return cls("meeple", value)


@dataclass(frozen=True)
class FollowerInput:
    """What a player gave as ``follower``: a spot's number or words, or none
    (read against the placement's spots by :func:`bot.spots.find_spot`)."""

    turn: int | None
    text: str


def parse_follower_input(text: str | None) -> FollowerInput:
    """A follower as suggested or typed: ``t3:2``, ``2``, ``north field``, ``none``."""
    turn, body = _untag(text or "")
    return FollowerInput(turn, body.strip())


# -------------------------------------------------------------------- tile


@dataclass(frozen=True)
class TileInput:
    turn: int | None
    id: str


def parse_tile(text: str) -> TileInput:
    """A tile of the hand, as suggested or typed: ``t3:V``, ``v``, ``RV7``."""
    turn, body = _untag(text or "")
    body = body.strip()
    if not body or len(body) > 8 or not all(
        c in _ASCII_DIGITS or c in _ASCII_LETTERS for c in body
    ):
        raise NotATile(text=quote(body))
    return TileInput(turn, body)
