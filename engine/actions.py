"""Actions: what a turn entry of a game does, as small values that print and parse.

Like python-chess's ``Move``, an action is a hashable value with one text form:
``str(action)`` is what :func:`parse_action` reads back. An action says what
was done, not whether it was legal: :meth:`engine.Game.play` checks it.

- :class:`Place` puts a tile on the map, maybe with a figure: ``V 1,0,90``,
  ``E 0,-1,180 meeple S``, ``H12 -3,2,0 hut C``.
- :class:`Discard`: the engine drew a tile that fits nowhere (``discard L``).
- :class:`Skip`: the player on turn missed it (``skip V``).
- :class:`Remove`: a player left the game (``remove 2``).

An :class:`Entry` is one entry of a game's history (a record's ``turns``):
the action, the player whose turn it was, whether it was a bonus tile, and,
in a game with hands, the tiles that player held when it began.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Placement
from .errors import InvalidActionError
from .figures import FigureKind
from .geometry import PORT_INDEX, PORT_NAMES


@dataclass(frozen=True, slots=True)
class Place:
    """Put ``tile`` at (x, y) turned ``rotation`` degrees clockwise, and maybe
    stand a ``figure`` on its ``port`` (a port name of the placed tile: ``"N"``,
    ``"NNE"``, ``"C"``)."""

    tile: str
    x: int
    y: int
    rotation: int
    figure: FigureKind | None = None
    port: str | None = None

    @property
    def placement(self) -> Placement:
        return Placement(self.x, self.y, self.rotation)

    def __str__(self) -> str:
        figure = f" {self.figure} {self.port}" if self.figure is not None else ""
        return f"{self.tile} {self.x},{self.y},{self.rotation}{figure}"


@dataclass(frozen=True, slots=True)
class Discard:
    """The tile drawn fits nowhere: it leaves the game or goes back (B-12, H-3)."""

    tile: str

    def __str__(self) -> str:
        return f"discard {self.tile}"


@dataclass(frozen=True, slots=True)
class Skip:
    """The player on turn missed it: the tile goes back into the bag."""

    tile: str

    def __str__(self) -> str:
        return f"skip {self.tile}"


@dataclass(frozen=True, slots=True)
class Remove:
    """Player ``player`` (0-based) leaves the game."""

    player: int

    def __str__(self) -> str:
        return f"remove {self.player}"


Action = Place | Discard | Skip | Remove


def parse_action(text: str) -> Action:
    """The action ``text`` writes (its ``str()``); InvalidActionError quoting it otherwise."""
    words = text.split()
    if len(words) == 2 and words[0] in ("discard", "skip"):
        return (Discard if words[0] == "discard" else Skip)(words[1])
    if len(words) == 2 and words[0] == "remove":
        if not words[1].isdigit() or not words[1].isascii():
            raise InvalidActionError(f"{text!r}: remove takes a player number")
        return Remove(int(words[1]))
    if len(words) not in (2, 4) or (len(words) == 4 and words[2] not in tuple(FigureKind)):
        raise InvalidActionError(
            f"{text!r} is not an action: write TILE x,y,rotation [meeple|hut PORT], "
            "discard TILE, skip TILE or remove PLAYER")
    try:
        x, y, rotation = Placement.parse(words[1])
    except InvalidActionError as error:
        raise InvalidActionError(f"{text!r}: {error}") from None
    if len(words) == 2:
        return Place(words[0], x, y, rotation)
    if words[3] not in PORT_INDEX:
        raise InvalidActionError(f"{text!r}: unknown port {words[3]!r}, "
                                 f"use one of {', '.join(PORT_NAMES)}")
    return Place(words[0], x, y, rotation, FigureKind(words[2]), words[3])


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a game's history: an action and its circumstances.

    ``player`` is whose turn it was (for :class:`Remove`, the player removed);
    None only in an entry read from a record that does not say. ``hand``: in a
    game with hands, the tile ids that player held when the entry began (empty
    otherwise, or where unknown).
    """

    action: Action
    player: int | None
    bonus: bool = False
    hand: tuple[str, ...] = ()

    @property
    def tile(self) -> str | None:
        """The tile the entry is about (None for a removal)."""
        return None if isinstance(self.action, Remove) else self.action.tile
