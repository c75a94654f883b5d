"""PNG bytes small enough for Discord, fast enough for every turn."""

from __future__ import annotations

import io

from PIL import Image

#: Our own ceiling (Discord takes 10 MiB): pictures stay quick to load on phones.
MAX_PNG_BYTES = 2 * 1024 * 1024
#: Above this many pixels a picture is reduced to a palette before encoding.
PALETTE_ABOVE = 400_000


def to_png(image: Image.Image, *, limit: int = MAX_PNG_BYTES) -> bytes:
    """Encode ``image`` as PNG of at most ``limit`` bytes.

    Small pictures (a tile, a hand, a preview) keep every colour. Boards are
    reduced to a 256-colour palette first: tile art is flat colour, so this
    costs nothing visible, and it makes encoding several times faster and
    the file about three times smaller than full RGB. Should a picture still
    be too big it is scaled down until it fits. The same image always gives
    the same bytes.
    """
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    if rgb.width * rgb.height <= PALETTE_ABOVE:
        data = _encode(rgb, compress_level=6)
        if len(data) <= limit:
            return data
    while True:
        data = _encode(_palette(rgb), compress_level=3)
        if len(data) <= limit or min(rgb.size) < 64:
            return data
        rgb = rgb.resize((rgb.width * 3 // 4, rgb.height * 3 // 4), Image.Resampling.LANCZOS)


def _key_colours() -> list[tuple[int, int, int]]:
    from dataclasses import astuple

    from .theme import PLAYER_COLOURS, THEMES

    colours = {(0, 0, 0), (255, 255, 255), *PLAYER_COLOURS}
    for theme in THEMES.values():
        colours.update(v for v in astuple(theme) if isinstance(v, tuple))
    return sorted(colours)


_KEYS = _key_colours()
_SWATCH = 12


def _palette(image: Image.Image) -> Image.Image:
    """The picture on 256 colours, chosen fast from a quarter-size copy.

    Every theme and player colour is added to the copy as a swatch, so the
    colours that carry meaning (a figure's, a city's) map exactly."""
    small = image.reduce(4) if min(image.size) >= 64 else image
    sample = Image.new("RGB", (max(small.width, len(_KEYS)), small.height + _SWATCH))
    sample.paste(small, (0, 0))
    width = max(1, sample.width // len(_KEYS))
    for i, colour in enumerate(_KEYS):
        sample.paste(colour, (i * width, small.height, (i + 1) * width, sample.height))
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _encode(image: Image.Image, compress_level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()
