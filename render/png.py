"""PNG bytes small enough for Discord, fast enough for every turn."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image

from engine.tiles import TileType

#: Our own ceiling (Discord takes 10 MiB): pictures stay quick to load on phones.
MAX_PNG_BYTES = 2 * 1024 * 1024


def to_png(image: Image.Image, *, limit: int = MAX_PNG_BYTES) -> bytes:
    """Encode ``image`` as PNG of at most ``limit`` bytes.

    Pictures are reduced to a 256-colour palette before encoding: tile art
    is flat colour, so this costs nothing visible, and it makes encoding
    several times faster and the file about three times smaller than full
    RGB. A picture the renderer made carries its theme (``image.info
    ["theme"]``) and is mapped onto that theme's palette, worked out once
    per process from every tile, figure and label colour of the theme: no
    palette is chosen per picture, the slow part. Other pictures get a
    palette chosen from a quarter-size copy. Should a picture still be too
    big it is scaled down until it fits. The same image always gives the
    same bytes.
    """
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    theme = image.info.get("theme")
    while True:
        palette = theme_palette(theme) if theme in _theme_names() else _palette(rgb)
        paletted = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
        data = _encode(paletted, compress_level=3)
        if len(data) <= limit or min(rgb.size) < 64:
            return data
        rgb = rgb.resize((rgb.width * 3 // 4, rgb.height * 3 // 4), Image.Resampling.LANCZOS)


def warm_up() -> None:
    """Work out every theme's palette now (and with it every tile's layout): 1-2 s
    the first time in a process. Called once at start-up, off the event loop, so
    that the first picture after a restart is as quick as every other."""
    from .theme import THEMES

    for name in THEMES:
        theme_palette(name)


def _theme_names() -> set[str]:
    from .theme import THEMES

    return set(THEMES)


def _sample_tiles() -> list[TileType]:
    """Every tile of the sets drawn without glyphs of their own, and of the
    others (the expansions') one tile per mark they add: the rest adds no
    colour, only time to every first picture."""
    from engine.tilesets import all_tiles, tile_set

    plain = {tile_id for name in ("base", "river", "winter", "hunters")
             for tile_id in tile_set(name)}
    def marks(tile: TileType) -> set[str]:
        return {good for segment in tile.segments for good, _ in segment.goods}

    every = all_tiles()
    tiles = [every[tile_id] for tile_id in sorted(plain)]
    seen = set().union(*(marks(tile) for tile in tiles))
    for tile_id, tile in sorted(every.items()):
        if tile_id not in plain and marks(tile) - seen:
            tiles.append(tile)
            seen |= marks(tile)
    return tiles


@cache
def theme_palette(name: str) -> Image.Image:
    """The 256 colours of theme ``name``'s pictures: taken from the tiles drawn
    in that theme (see :func:`_sample_tiles`), every player's figures, and the key
    colours (so those map exactly)."""

    from .figures import figure_sprite
    from .text import text_sprite
    from .theme import PLAYER_COLOURS, THEMES, player_mark
    from .tileart import tile_image

    theme = THEMES[name]
    size, cols = 40, 16
    tiles = _sample_tiles()
    roles = ("knight", "farmer", "monk", "hut", "builder", "pig")
    figure_rows = -(-len(PLAYER_COLOURS) * len(roles) // cols)
    extra_rows = figure_rows + 1
    rows = -(-len(tiles) // cols) + extra_rows
    sample = Image.new("RGB", (cols * size, rows * size), theme.background)
    for i, tile in enumerate(tiles):
        sample.paste(tile_image(tile, 0, theme, size), ((i % cols) * size, (i // cols) * size))
    top = (rows - extra_rows) * size
    for seat, colour in enumerate(PLAYER_COLOURS):
        for k, role in enumerate(roles):
            sprite = figure_sprite(role, colour, size, player_mark(seat))
            row, column = divmod(seat * len(roles) + k, cols)
            left, upper = column * size, top + row * size
            sample.paste(theme.field, (left, upper, left + size, upper + size))
            sample.paste(sprite, (left, upper), sprite)
    words = text_sprite("Aa 0123456789", size // 2, theme.label)
    sample.paste(words.image, (0, top + figure_rows * size), words.image)
    return _palette(sample, reduce=False)


def _key_colours() -> list[tuple[int, int, int]]:
    from dataclasses import astuple

    from .theme import PLAYER_COLOURS, THEMES

    colours = {(0, 0, 0), (255, 255, 255), *PLAYER_COLOURS}
    for theme in THEMES.values():
        colours.update(v for v in astuple(theme) if isinstance(v, tuple))
    return sorted(colours)


_KEYS = _key_colours()


def _palette(image: Image.Image, reduce: bool = True) -> Image.Image:
    """A 256-colour palette for ``image``, chosen fast from a quarter-size copy.

    Every theme and player colour is in it exactly, so the colours that carry
    meaning (a figure's, a city's) map exactly; the rest are the copy's most
    representative colours."""
    small = image.reduce(4) if reduce and min(image.size) >= 64 else image
    chosen = small.quantize(256 - len(_KEYS), method=Image.Quantize.FASTOCTREE,
                            dither=Image.Dither.NONE)
    colours = [value for colour in _KEYS for value in colour]
    colours += (chosen.getpalette() or [])[: 3 * (256 - len(_KEYS))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours + [0] * (768 - len(colours)))
    return palette


def _encode(image: Image.Image, compress_level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()
