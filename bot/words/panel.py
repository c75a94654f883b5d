"""The turn panel: the private message of the player on turn (its menus, the
preview, Confirm), and the buttons of a turn message that lead to it.

Each function is one part of the panel's text; :mod:`bot.discord.panel` puts them on
the components and the embed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Placement, TileType

from ..errors import GameError
from ..i18n import Messages
from ..naming import placement_label
from .tiles import tile_label, tile_name


def play_label(t: Messages) -> str:
    return t.gettext("Play your turn")


def full_map_label(t: Messages) -> str:
    return t.gettext("Full map")


def features_label(t: Messages) -> str:
    return t.gettext("Who owns what")


def tile_option(t: Messages, tile_id: str) -> str:
    # Translators: under a tile's name in a menu: its id ("tile V").
    return t.gettext("tile {id}", id=tile_id)


def tile_placeholder(t: Messages) -> str:
    return t.gettext("Tile to play")


def hand_title(t: Messages) -> str:
    return t.gettext("Choose the tile to play")


def hand_text(t: Messages, hand: Sequence[TileType]) -> str:
    return t.gettext(
        "Your tiles: {tiles}. Pick one from the menu to see where it fits; nothing is "
        "played before Confirm.", tiles=t.list([tile_label(t, x) for x in hand]))


def place_option(letter: str, placement: Placement) -> str:
    """A place as the menu and the preview's title say it: "B: 3,-1 90°"."""
    return f"{letter}: {placement_label(placement)}"


def places_placeholder(t: Messages) -> str:
    return t.gettext("Where to place the tile")


def places_title(t: Messages, tile: TileType) -> str:
    return t.gettext("Your tile: {tile}", tile=tile_name(t, tile))


def places_text(t: Messages, count: int, page: int, pages: int) -> str:
    """How many ways the tile fits (and which page of them, ``page`` from 0)."""
    if pages > 1:
        return t.ngettext(
            "It fits in {count} way, page {page} of {pages}. Pick one to see it on the "
            "map; nothing is played before Confirm. Rotations turn the tile clockwise.",
            "It fits in {count} ways, page {page} of {pages}. Pick one to see it on the "
            "map; nothing is played before Confirm. Rotations turn the tile clockwise.",
            count, page=page + 1, pages=pages)
    return t.ngettext(
        "It fits in {count} way. Pick one to see it on the map; nothing is played "
        "before Confirm. Rotations turn the tile clockwise.",
        "It fits in {count} ways. Pick one to see it on the map; nothing is played "
        "before Confirm. Rotations turn the tile clockwise.", count)


def followers_placeholder(t: Messages) -> str:
    return t.gettext("Follower: the numbers on the preview")


def confirm_label(t: Messages) -> str:
    return t.gettext("Confirm")


def preview_title(t: Messages, tile: TileType, place: str) -> str:
    # Translators: {place} is a picture's letter, x,y and rotation: "B: 3,-1 90°".
    return t.gettext("Preview: {tile} at {place}", tile=tile_name(t, tile), place=place)


def preview_text(t: Messages, spot: str | None, spots: bool, left: GameError | None) -> str:
    """Under the preview: the ``spot`` chosen, or that a follower may stand on one of
    the ``spots``, or why none can (``left``: no follower left)."""
    if spot is not None:
        return t.gettext("With a figure on spot {spot}. Press Confirm to play it.", spot=spot)
    if spots:
        return t.gettext("No follower: pick a spot from the menu (the numbers on the preview) "
                         "to place one. Press Confirm to play it.")
    if left is not None:
        return t.sentences(left.text(t), t.gettext("Press Confirm to play it."))
    return t.gettext("No follower can stand on it here. Press Confirm to play it.")


def back_label(t: Messages, page: int) -> str:
    # Translators: a button to the previous page of places in the menu; {page} is the
    # page it goes to (a button label: at most 80 characters).
    return t.gettext("◀ Page {page}", page=page)


def forward_label(t: Messages, page: int) -> str:
    # Translators: a button to the next page of places in the menu; {page} is the page
    # it goes to (a button label: at most 80 characters).
    return t.gettext("Page {page} ▶", page=page)


def played_text(t: Messages, tile_id: str, placement: Placement) -> str:
    """The panel once its move is confirmed."""
    return t.gettext("Played {tile} at {place}.", tile=tile_label(t, tile_id),
                     place=placement_label(placement))
