"""The tile sets the engine plays, parsed once from their catalogues.

Each module beside this one holds one catalogue as data, and the pile each
tile waits in (``PILE`` for most, ``PILES`` by id for the others); :func:`tile_set`
returns its tiles by id. A new set is a new module and one line in
``_MODULES``: the engine, the renderer and the bot pick it up from here.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from ..tiles import Pile, TileType, parse_catalogue

_MODULES = {
    "base": "base",
    "river": "river",
    "winter": "winter",
    "hunters": "hunters",
    "inns_cathedrals": "inns_cathedrals",
    "traders_builders": "traders_builders",
}

#: The start tile of each set that has one.
BASE_START = "D"
RIVER_SPRING = "RV1"
RIVER_LAKE = "RV2"
HUNTERS_START = "HS"


@cache
def tile_set(name: str) -> dict[str, TileType]:
    """The tiles of set ``name`` (``base``, ``river``, ``winter``, ``hunters``,
    ``inns_cathedrals``, ``traders_builders``), by id."""
    module = import_module(f"{__name__}.{_MODULES[name]}")
    tiles = parse_catalogue(module.CATALOGUE, module.GAME, getattr(module, "PILES", None),
                            getattr(module, "PILE", Pile.LAND))
    return {tile.id: tile for tile in tiles}


def find_tile(tile_id: str) -> TileType:
    """The tile with this id, from any set; ValueError naming it if there is none."""
    try:
        return all_tiles()[tile_id]
    except KeyError:
        raise ValueError(f"unknown tile {tile_id!r}") from None


@cache
def all_tiles() -> dict[str, TileType]:
    """Every tile of every set, by id (ids are unique across sets)."""
    tiles: dict[str, TileType] = {}
    for name in _MODULES:
        tiles.update(tile_set(name))
    return tiles
