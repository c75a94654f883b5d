"""Every tile's name for players: short words for what is drawn on it.

The tile catalogues (``engine/tilesets``) describe tiles for developers
("same, no pennant", "= J", "mirror of WE2", "START tile is a D"); players
read these names instead, one per tile type of every set, as catalogue
entries under the context ``tile`` so that every language names them. Two
tiles that look alike (mirror images, the Winter Edition's copies of base
tiles, Hunters and Gatherers tiles that differ only in their fish) share a
name: the picture and the tile's id tell them apart.
"""

from __future__ import annotations

from engine import TileType

from .i18n import Messages, Term, term

TILE_NAMES: dict[str, Term] = {
    # The base game (A-X).
    # Translators: (context "tile") what is drawn on a tile, as a player names it in a list
    # or after "placed"; tiles that look alike share a name. Keep them short.
    "A": term("tile", "cloister with road"),
    "B": term("tile", "cloister"),
    "C": term("tile", "four-sided city with pennant"),
    "D": term("tile", "city edge with straight road"),
    "E": term("tile", "city edge"),
    "F": term("tile", "city across the middle, pennant"),
    "G": term("tile", "city across the middle"),
    "H": term("tile", "two cities on opposite sides"),
    "I": term("tile", "two cities on adjacent sides"),
    "J": term("tile", "city edge with road curve"),
    "K": term("tile", "city edge with road curve"),
    "L": term("tile", "city edge with three roads"),
    "M": term("tile", "corner city with pennant"),
    "N": term("tile", "corner city"),
    "O": term("tile", "corner city with road curve, pennant"),
    "P": term("tile", "corner city with road curve"),
    "Q": term("tile", "three-sided city with pennant"),
    "R": term("tile", "three-sided city"),
    "S": term("tile", "three-sided city with road, pennant"),
    "T": term("tile", "three-sided city with road"),
    "U": term("tile", "straight road"),
    "V": term("tile", "road curve"),
    "W": term("tile", "three-way junction"),
    "X": term("tile", "four-way crossroads"),
    # The River.
    "RV1": term("tile", "river spring"),
    "RV2": term("tile", "lake at the river's end"),
    "RV3": term("tile", "river between two cities"),
    "RV4": term("tile", "river with bridge to a city"),
    "RV5": term("tile", "river with cloister"),
    "RV6": term("tile", "river with road bridge"),
    "RV7": term("tile", "straight river"),
    "RV8": term("tile", "river curve with corner city"),
    "RV9": term("tile", "river curve with road curve"),
    "RV10": term("tile", "river curve"),
    # The Winter Edition's animal tiles.
    "WE1": term("tile", "three-way junction"),
    "WE2": term("tile", "city edge with road to its gate"),
    "WE3": term("tile", "city edge with road to its gate"),
    "WE4": term("tile", "cloister with road"),
    "WE5": term("tile", "corner city with road to its gate"),
    "WE6": term("tile", "cloister between two roads"),
    "WE7": term("tile", "city edge with road curve"),
    "WE8": term("tile", "city edge with road to its gate"),
    "WE9": term("tile", "two road curves"),
    "WE10": term("tile", "corner city with road to its gate"),
    "WE11": term("tile", "dead-end road"),
    "WE12": term("tile", "city edge with road curve"),
    # Hunters and Gatherers: the start tile, the land tiles, the bonus tiles.
    "HS": term("tile", "volcano (start tile)"),
    "H01": term("tile", "river ending in a lake, two forests"),
    "H02": term("tile", "lake with two rivers, forest"),
    "H03": term("tile", "river ending in a lake, forest with gold"),
    "H04": term("tile", "lake with three rivers"),
    "H05": term("tile", "lake with two rivers, forest, deer"),
    "H06": term("tile", "lake with three rivers, deer"),
    "H07": term("tile", "lake with three rivers, deer"),
    "H08": term("tile", "lake with three rivers, tiger"),
    "H09": term("tile", "lake with three rivers, deer and mammoth"),
    "H10": term("tile", "lake with three rivers"),
    "H11": term("tile", "lake with three rivers, deer"),
    "H12": term("tile", "lake with three rivers, forest"),
    "H13": term("tile", "lake with three rivers, deer"),
    "H14": term("tile", "lake with four rivers, two deer"),
    "H15": term("tile", "river spring, three forests, tiger"),
    "H16": term("tile", "river curve, deer"),
    "H17": term("tile", "river curve, deer"),
    "H18": term("tile", "two river curves, deer and tiger"),
    "H19": term("tile", "river curve, tiger"),
    "H20": term("tile", "river curve, deer"),
    "H21": term("tile", "river curve, forest, deer"),
    "H22": term("tile", "river curve, deer"),
    "H23": term("tile", "river curve, forest, deer"),
    "H24": term("tile", "river curve, forest with gold, deer"),
    "H25": term("tile", "lake with two rivers, forest, deer"),
    "H26": term("tile", "river curve, forest, deer"),
    "H27": term("tile", "river curve, two forests"),
    "H28": term("tile", "river curve, forest, deer"),
    "H29": term("tile", "river curve, forest"),
    "H30": term("tile", "river curve, forest with gold"),
    "H31": term("tile", "forest with gold, deer"),
    "H32": term("tile", "forest with gold, tiger"),
    "H33": term("tile", "forest with gold, tiger"),
    "H34": term("tile", "forest with gold"),
    "H35": term("tile", "forest, deer"),
    "H36": term("tile", "forest, mammoth"),
    "H37": term("tile", "forest, deer"),
    "H38": term("tile", "forest, deer"),
    "H39": term("tile", "forest with gold, deer"),
    "H40": term("tile", "forest with gold"),
    "H41": term("tile", "forest with gold"),
    "H42": term("tile", "two forests, deer"),
    "H43": term("tile", "forest with gold"),
    "H44": term("tile", "two forests, gold"),
    "H45": term("tile", "two forests, gold, deer"),
    "H46": term("tile", "straight river, two forests, deer"),
    "H47": term("tile", "straight river, forest"),
    "H48": term("tile", "straight river, forest, deer"),
    "H49": term("tile", "straight river, tiger"),
    "H50": term("tile", "straight river, deer and tiger"),
    "H51": term("tile", "straight river, deer"),
    "H52": term("tile", "straight river, deer"),
    "H53": term("tile", "straight river, deer"),
    "H54": term("tile", "straight river, mammoth"),
    "H55": term("tile", "river curve, forest with gold, deer"),
    "H56": term("tile", "river spring, two forests, gold"),
    "H57": term("tile", "river ending in a lake, two forests, gold"),
    "H58": term("tile", "river ending in a lake, forest with gold"),
    "H59": term("tile", "river ending in a lake, forest, tiger"),
    "H60": term("tile", "forest with gold, deer"),
    "H61": term("tile", "meadow with mammoth"),
    "H62": term("tile", "meadow with deer"),
    "H63": term("tile", "forest with gold"),
    "H64": term("tile", "two forests, gold"),
    "H65": term("tile", "forest with gold, tiger"),
    "H66": term("tile", "river spring, forest with gold"),
    "H67": term("tile", "two forests, deer"),
    "H68": term("tile", "river spring, forest"),
    "H69": term("tile", "river curve, forest with gold"),
    "H70": term("tile", "two river springs, forest with gold"),
    "H71": term("tile", "river ending in a lake, river spring, forest with gold"),
    "H72": term("tile", "straight river, two forests, tiger"),
    "H73": term("tile", "straight river, two forests, deer"),
    "H74": term("tile", "straight river, two forests"),
    "H75": term("tile", "forest with gold"),
    "H76": term("tile", "forest with gold, deer"),
    "H77": term("tile", "forest with gold"),
    "H78": term("tile", "forest with gold, deer"),
    "HB01": term("tile", "river spring, forest, mushrooms"),
    "HB02": term("tile", "lake with two rivers, mammoth and aurochs"),
    "HB03": term("tile", "forest, mammoth and tiger"),
    "HB04": term("tile", "river ending in a lake, forest, deer"),
    "HB05": term("tile", "two lakes with four rivers, two deer"),
    "HB06": term("tile", "river curve, forest, mammoth"),
    "HB07": term("tile", "meadow with fire"),
    "HB08": term("tile", "lake with three rivers, aurochs and tiger"),
    "HB09": term("tile", "river ending in a lake, forest, mushrooms"),
    "HB10": term("tile", "lake with two rivers, forest"),
    "HB11": term("tile", "forest, mammoth and aurochs"),
    "HB12": term("tile", "meadow with dolmen, forest"),
}


def tile_name(t: Messages, tile: TileType | str) -> str:
    """The player's name of a tile (or tile id), in ``t``'s language; the id
    itself for a tile no set knows."""
    tile_id = tile if isinstance(tile, str) else tile.id
    found = TILE_NAMES.get(tile_id)
    return t.term(found) if found is not None else tile_id


def tile_label(t: Messages, tile: TileType | str) -> str:
    """A tile in a message: its name, then its id (which the ``tile`` option takes)."""
    tile_id = tile if isinstance(tile, str) else tile.id
    return t.gettext("{name} ({id})", name=tile_name(t, tile_id), id=tile_id)
