"""Colour themes and the players' colours.

A theme is a plain frozen value, so it can key the tile-art cache. Three ship:
``classic`` (the green and tan of the base game), ``winter`` (the Winter
Edition look: snowy fields, chosen automatically when the ``winter`` option is
on) and ``hunters`` (Hunters and Gatherers: meadows, dark forests, blue
water). :func:`resolve_theme` picks one for a game when the caller does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine import Game, TileType

RGB = tuple[int, int, int]


def _hex(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


#: Player colours, in seating order: blue, yellow, red, black, white, as on
#: the board game's figures. Chosen so that every pair stays at least 30
#: CIEDE2000 apart in normal vision and under full deuteranopia, protanopia
#: and tritanopia (Machado 2009 simulation; checked by
#: ``tests/render/test_render_palette.py``): they differ in lightness as much
#: as in hue. Colour is never the only cue: every figure and legend entry
#: also carries the player's mark (:func:`player_mark`).
PLAYER_COLOURS: tuple[RGB, ...] = tuple(
    _hex(code) for code in ("#3357EE", "#FFC600", "#B81A10", "#14141E", "#E8F6FF", "#989898")
)
#: The sixth seat (Inns & Cathedrals, IC-8) is grey, as in the 1st edition: the
#: 2nd edition's pink comes within 15 (CIEDE2000) of red or white in some vision.
PLAYER_COLOUR_NAMES = ("blue", "yellow", "red", "black", "white", "grey")


def player_colour(player: int) -> RGB:
    """The colour of seat ``player`` (0-based); wraps after six players."""
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def player_mark(player: int) -> str:
    """The mark of seat ``player`` (0-based): its number, ``"1"`` to ``"6"``.

    Drawn on every figure and in every legend, and meant to stand beside the
    player's name in messages, so that no one needs colour to tell players
    apart. Numbers, not initials: two players may share an initial."""
    return str(player + 1)


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour`` (WCAG contrast)."""
    from .vision import to_linear

    luminance = sum(k * to_linear(c) for k, c in zip((0.2126, 0.7152, 0.0722), colour))
    return (0, 0, 0) if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else (
        255, 255, 255)


@dataclass(frozen=True)
class Theme:
    """Every colour the renderer uses. Frozen, so it can key caches."""

    name: str
    background: RGB  # around the map
    empty: RGB  # an empty position inside the crop
    grid: RGB  # lines between positions
    label: RGB  # coordinate labels
    field: RGB
    field_mark: RGB  # grass tufts or snow sparkles on fields
    hedge: RGB  # a line between two fields that no feature separates
    city: RGB
    city_roof: RGB
    wall: RGB
    road: RGB
    road_edge: RGB
    river: RGB
    river_edge: RGB
    lake: RGB
    cloister_wall: RGB
    cloister_roof: RGB
    pennant: RGB
    forest: RGB
    forest_mark: RGB
    tile_edge: RGB
    candidate: RGB  # tint of a legal position
    highlight: RGB = (255, 255, 255)  # frame of the last placed tile, between black lines
    snow: bool = False


CLASSIC = Theme(
    name="classic",
    background=_hex("#2B2F36"),
    empty=_hex("#3A3F48"),
    grid=_hex("#4A505B"),
    label=_hex("#E8E8E8"),
    field=_hex("#8FBF4D"),
    field_mark=_hex("#7AAE3C"),
    hedge=_hex("#4E7A2A"),
    city=_hex("#D9B47A"),
    city_roof=_hex("#B9553A"),
    wall=_hex("#5A4128"),
    road=_hex("#F4EEDC"),
    road_edge=_hex("#6E6656"),
    river=_hex("#3C8DD6"),
    river_edge=_hex("#1F5F99"),
    lake=_hex("#3C8DD6"),
    cloister_wall=_hex("#F2E6C9"),
    cloister_roof=_hex("#B03A2E"),
    pennant=_hex("#1E4FA3"),
    forest=_hex("#2E6B34"),
    forest_mark=_hex("#4C9A4E"),
    tile_edge=_hex("#55703A"),
    candidate=_hex("#FFFFFF"),
)

WINTER = Theme(
    name="winter",
    background=_hex("#22303F"),
    empty=_hex("#30404F"),
    grid=_hex("#425466"),
    label=_hex("#EAF2FA"),
    field=_hex("#E9F0F5"),
    field_mark=_hex("#C9D7E3"),
    hedge=_hex("#7F95A8"),
    city=_hex("#B7A48A"),
    city_roof=_hex("#FFFFFF"),
    wall=_hex("#4B3C2E"),
    road=_hex("#9C8B78"),
    road_edge=_hex("#5D5044"),
    river=_hex("#4F86B8"),
    river_edge=_hex("#2C5A85"),
    lake=_hex("#4F86B8"),
    cloister_wall=_hex("#D9CDB5"),
    cloister_roof=_hex("#FFFFFF"),
    pennant=_hex("#1E4FA3"),
    forest=_hex("#2E5E45"),
    forest_mark=_hex("#E9F0F5"),
    tile_edge=_hex("#A9BBCB"),
    candidate=_hex("#FFE66D"),
    highlight=_hex("#E8262B"),
    snow=True,
)

HUNTERS = Theme(
    name="hunters",
    background=_hex("#2F2A24"),
    empty=_hex("#3F382F"),
    grid=_hex("#554C40"),
    label=_hex("#F1E9DA"),
    field=_hex("#C3CC6E"),
    field_mark=_hex("#AAB85A"),
    hedge=_hex("#6F7A2E"),
    city=_hex("#D9B47A"),
    city_roof=_hex("#B9553A"),
    wall=_hex("#5A4128"),
    road=_hex("#F4EEDC"),
    road_edge=_hex("#6E6656"),
    river=_hex("#3B8BCB"),
    river_edge=_hex("#1C5A8E"),
    lake=_hex("#2F78B8"),
    cloister_wall=_hex("#F2E6C9"),
    cloister_roof=_hex("#B03A2E"),
    pennant=_hex("#1E4FA3"),
    forest=_hex("#2D5E2A"),
    forest_mark=_hex("#4E8A3C"),
    tile_edge=_hex("#8E9650"),
    candidate=_hex("#FFFFFF"),
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (CLASSIC, WINTER, HUNTERS)}

HUNTERS_GAME = "hunters-and-gatherers"


def get_theme(theme: str | Theme) -> Theme:
    """A theme by name (``classic``, ``winter``, ``hunters``) or the theme itself."""
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown theme {theme!r}: use one of {', '.join(THEMES)}") from None


def theme_for_tile(tile: TileType) -> Theme:
    """The natural theme of a lone tile: its game's palette."""
    return HUNTERS if tile.game == HUNTERS_GAME else CLASSIC


def game_kind(game: Game) -> str:
    """``carcassonne`` or ``hunters-and-gatherers``, read from the placed tiles."""
    kind = getattr(game.options, "game", None)
    if kind:
        return kind
    for placed in game.board.tiles.values():
        return placed.tile.game
    return "carcassonne"


def resolve_theme(theme: str | Theme | None, game: Game) -> Theme:
    """``theme`` if given; else ``hunters`` for that game, ``winter`` when the
    game has the ``winter`` option, ``classic`` otherwise."""
    if theme is not None:
        return get_theme(theme)
    if game_kind(game) == HUNTERS_GAME:
        return HUNTERS
    if getattr(game.options, "winter", False):
        return WINTER
    return CLASSIC
