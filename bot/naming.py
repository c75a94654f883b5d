"""How players name placements, followers and tiles in Discord, and how we read them.

A placement is shown as ``3,-1 90°``: the map's coordinate labels (the
engine's integer x, y; x grows east, y south) and the clockwise rotation, or
a letter of the move-choice picture (``B 90``). A follower is a port name
(``N``, ``NNE``, ``C``), ``hut:N`` for a Hunters-and-Gatherers hut, or
``none``. A tile is its id (``V``, ``RV7``).

Values the bot suggests (autocomplete) name the turn they were suggested for:
``t12:3,-1,90``, ``t12:NNE``, ``t12:V``; a value without it was typed.

Reading is one pass over at most :data:`MAX_INPUT` characters with no regular
expression, so no input, however long or strange, takes more than
microseconds; a refusal quotes at most a few characters of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.board import Placement
from engine.geometry import PORT_NAMES
from render.naming import candidate_labels, position_label

from .errors import (
    BadRotation,
    NoSuchLetter,
    NotAPlacement,
    NotAPort,
    NotATile,
    OffTheMap,
    TooLong,
)

NO_FOLLOWER = "none"
#: Longest text read at all (Discord's own cap on these options is shorter).
MAX_INPUT = 100
#: Longest part of an input quoted back in a refusal.
MAX_QUOTE = 24
ROTATIONS = (0, 90, 180, 270)
_SEPARATORS = frozenset(" \t,;()°")
#: Words a typed placement may carry around its numbers ("r 90", "90 deg").
_NOISE_WORDS = frozenset({"r", "rot", "rotation", "rotated", "turned", "deg", "degree", "degrees"})
_ROLE_WORDS = {
    "thief": "thief (road)",
    "knight": "knight (city)",
    "monk": "monk (cloister)",
    "farmer": "farmer (field)",
    "fisher": "fisher (river)",
    "gatherer": "gatherer (forest)",
    "hunter": "hunter (meadow)",
    "hut": "hut (river system)",
}
_ASCII_DIGITS = frozenset("0123456789")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def quote(text: str) -> str:
    """A short, safe quotation of what a player typed (for a refusal)."""
    cut = text.strip()
    short = cut[:MAX_QUOTE] + ("…" if len(cut) > MAX_QUOTE else "")
    return "`" + short.replace("`", "'") + "`"


def placement_label(placement: Placement) -> str:
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
    """What a player gave as ``position``: a placement, or a picture letter and rotation."""

    turn: int | None
    placement: Placement | None = None
    letter: str | None = None
    rotation: int = 0


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
        if len(tokens) > 6:
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
    """A position as suggested or typed: ``t3:1,0,90``, ``1,0 90``, ``(1, 0) 90°``,
    ``1 0``, ``B``, ``B 90``. ``BadInput`` if it cannot be read."""
    turn, body = _untag(text or "")
    refusal = NotAPlacement(text=quote(body))
    tokens = _tokens(body)
    if not tokens:
        raise refusal
    numbers: list[int] = []
    for token in tokens[1:] if tokens[0][0] in _ASCII_LETTERS else tokens:
        if token in _NOISE_WORDS:
            continue
        number = _number(token, body)
        if number is None:
            raise refusal
        numbers.append(number)
    if tokens[0][0] in _ASCII_LETTERS:  # a letter of the picture, maybe a rotation
        if len(tokens[0]) > 3 or len(numbers) > 1:
            raise refusal
        rotation = _rotation(numbers[0]) if numbers else 0
        return PositionInput(turn, letter=tokens[0].upper(), rotation=rotation)
    if not 2 <= len(numbers) <= 3:
        raise refusal
    rotation = _rotation(numbers[2]) if len(numbers) == 3 else 0
    return PositionInput(turn, Placement(numbers[0], numbers[1], rotation))


def position_letters(placements: list[Placement]) -> dict[tuple[int, int], str]:
    """The letters the move-choice picture gives each legal position (A, B, ...)."""
    return {
        position: label
        for label, position in candidate_labels((p.x, p.y) for p in placements).items()
    }


def resolve_position(given: PositionInput, placements: list[Placement]) -> Placement:
    """The placement a position names, among the legal ``placements`` (for a letter).

    A placement given by coordinates is returned as it is (the engine says what
    is wrong with it); a letter the picture does not show is refused.
    """
    if given.placement is not None:
        return given.placement
    for (x, y), letter in position_letters(placements).items():
        if letter == given.letter:
            return Placement(x, y, given.rotation)
    raise NoSuchLetter(letter=quote(given.letter or ""))


# ---------------------------------------------------------------- follower


@dataclass(frozen=True)
class FollowerChoice:
    """A figure to stand on the placed tile: ``figure`` is ``meeple`` or ``hut``."""

    figure: str
    port: str

    @property
    def value(self) -> str:
        return self.port if self.figure == "meeple" else f"hut:{self.port}"


@dataclass(frozen=True)
class FollowerInput:
    turn: int | None
    choice: FollowerChoice | None


def parse_follower(text: str | None) -> FollowerChoice | None:
    """``None`` for no figure; ``BadInput`` for something that is not a port."""
    return parse_follower_input(text).choice


def parse_follower_input(text: str | None) -> FollowerInput:
    """A follower as suggested or typed: ``t3:NNE``, ``nne``, ``hut:C``, ``none``."""
    turn, body = _untag(text or "")
    body = body.strip()
    if not body or body.lower() in (NO_FOLLOWER, "no", "-"):
        return FollowerInput(turn, None)
    figure = "meeple"
    if body[:4].lower() == "hut:":
        figure, body = "hut", body[4:]
    port = body.strip().upper()
    if port not in PORT_NAMES:
        raise NotAPort(text=quote(body), ports=", ".join(PORT_NAMES))
    return FollowerInput(turn, FollowerChoice(figure, port))


def figure_label(figure: str, port: str, role: str) -> str:
    """``NNE: farmer (field)`` or ``C: hut (river system)``."""
    return f"{port}: {_ROLE_WORDS.get(role, role) if figure == 'meeple' else _ROLE_WORDS['hut']}"


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
