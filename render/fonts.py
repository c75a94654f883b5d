"""The one typeface of every label, shipped with the package.

DejaVu Sans Bold (render/fonts/, free licence beside it) covers accented
Latin, Greek and Cyrillic player names; Pillow's built-in font is the fallback
if the file is missing. No system font is ever looked up.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_FILE = Path(__file__).with_name("fonts") / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The label font at ``size`` pixels (cached)."""
    size = max(6, int(size))
    try:
        return ImageFont.truetype(str(FONT_FILE), size)
    except OSError:
        return ImageFont.load_default(size=size)
