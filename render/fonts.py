"""The fonts every label is drawn with: one bundled, more from the system.

A player's name may be in any script, so labels use a *fallback chain*: each
character is drawn with the first font of the chain that has it.

1. DejaVu Sans Bold, shipped in ``render/fonts/`` with its licence beside it:
   Latin (with everything Esperanto, Romanian and Hungarian need), Greek,
   Cyrillic, Arabic and Hebrew.
2. A CJK font when the system has one (Debian: ``fonts-noto-cjk``), for
   Chinese, Japanese and Korean names and the Simplified Chinese labels.
3. A colour emoji font when the system has one (Debian:
   ``fonts-noto-color-emoji``).

A character that no font of the chain has is left out, never drawn as an
empty box. Which fonts a font file covers is read from its character map
(:func:`character_map`), once per process.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont, features

BUNDLED = Path(__file__).with_name("fonts") / "DejaVuSans-Bold.ttf"

#: Where Debian (and most distributions) install the CJK and emoji fonts:
#: ``(path, face index)``, first found wins. The ``.ttc`` collections hold
#: JP, KR, SC, TC, HK in that order; index 2 (Simplified Chinese) draws the
#: Chinese labels the way Chinese readers expect.
CJK_FONTS: tuple[tuple[str, int], ...] = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 2),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/truetype/noto/NotoSansCJK-Bold.ttc", 2),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", 2),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),
)
EMOJI_FONTS: tuple[tuple[str, int], ...] = (
    ("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", 0),
    ("/usr/share/fonts/noto/NotoColorEmoji.ttf", 0),
)

#: Colour bitmap emoji fonts come in one size only; glyphs are scaled from it.
BITMAP_EMOJI_SIZE = 109

#: Whether this Pillow shapes text with libraqm (bidirectional text, Arabic
#: joining, emoji sequences). Without it, :mod:`render.bidi` does the least
#: a name needs itself.
HAS_RAQM = features.check("raqm")
LAYOUT = ImageFont.Layout.RAQM if HAS_RAQM else ImageFont.Layout.BASIC


@dataclass(frozen=True)
class Face:
    """One font of the chain. ``colour``: a colour bitmap font (emoji), drawn
    at :data:`BITMAP_EMOJI_SIZE` and scaled."""

    path: str
    index: int = 0
    colour: bool = False

    @property
    def covered(self) -> frozenset[int]:
        return _coverage(self.path, self.index)

    def has(self, char: str) -> bool:
        return ord(char) in self.covered


@cache
def _coverage(path: str, index: int) -> frozenset[int]:
    """The code points a font file has glyphs for (empty if unreadable)."""
    try:
        return frozenset(character_map(Path(path).read_bytes(), index))
    except (OSError, ValueError, struct.error):  # a broken or foreign file: as if absent
        return frozenset()


def character_map(data: bytes, index: int = 0) -> set[int]:
    """The code points with a glyph in a TrueType/OpenType font (or face
    ``index`` of a collection), read from its ``cmap`` table as the OpenType
    specification lays it out: the Unicode subtable in format 12 (full
    range) or else format 4 (basic plane)."""
    offset = 0
    if data[:4] == b"ttcf":
        count = struct.unpack_from(">I", data, 8)[0]
        if not 0 <= index < count:
            raise ValueError(f"no face {index} in a collection of {count}")
        offset = struct.unpack_from(">I", data, 12 + 4 * index)[0]
    tables = struct.unpack_from(">H", data, offset + 4)[0]
    cmap = None
    for k in range(tables):
        tag, _, start, _ = struct.unpack_from(">4sIII", data, offset + 12 + 16 * k)
        if tag == b"cmap":
            cmap = start
    if cmap is None:
        raise ValueError("no cmap table")
    subtables = {}
    for k in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, start = struct.unpack_from(">HHI", data, cmap + 4 + 8 * k)
        subtables[(platform, encoding, struct.unpack_from(">H", data, cmap + start)[0])] = (
            cmap + start)
    for key in ((3, 10, 12), (0, 4, 12), (0, 6, 12), (0, 3, 12), (3, 1, 4), (0, 3, 4),
                (0, 4, 4), (0, 1, 4)):
        if key in subtables:
            return (_format12 if key[2] == 12 else _format4)(data, subtables[key])
    raise ValueError("no Unicode character map")


def _format12(data: bytes, at: int) -> set[int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    found: set[int] = set()
    for k in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * k)
        found.update(range(first + (glyph == 0), last + 1))
    return found


def _format4(data: bytes, at: int) -> set[int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    range_at = at + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", data, range_at)
    found: set[int] = set()
    for k in range(segments):
        for code in range(starts[k], ends[k] + 1):
            if code == 0xFFFF:
                continue
            if offsets[k] == 0:
                glyph = (code + deltas[k]) & 0xFFFF
            else:
                where = range_at + 2 * k + offsets[k] + 2 * (code - starts[k])
                glyph = struct.unpack_from(">H", data, where)[0]
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                found.add(code)
    return found


def _first_present(candidates: Iterable[tuple[str, int]], colour: bool = False) -> Face | None:
    for path, index in candidates:
        if Path(path).is_file():
            face = Face(path, index, colour)
            if face.covered:
                return face
    return None


@cache
def system_chain() -> tuple[Face, ...]:
    """The fallback chain on this machine: the bundled font, then a CJK and
    an emoji font if installed."""
    chain = [Face(str(BUNDLED))]
    for candidates, colour in ((CJK_FONTS, False), (EMOJI_FONTS, True)):
        face = _first_present(candidates, colour)
        if face is not None:
            chain.append(face)
    return tuple(chain)


def draws_chinese(chain: tuple[Face, ...] | None = None) -> bool:
    """Whether the fallback chain (default: this machine's) has Chinese characters:
    without a CJK font, Chinese labels and names lose them."""
    return any(face.has("中") for face in (system_chain() if chain is None else chain))


@lru_cache(maxsize=256)
def truetype(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """``face`` at ``size`` px (a colour face always at its one size)."""
    size = BITMAP_EMOJI_SIZE if face.colour else max(6, int(size))
    return ImageFont.truetype(face.path, size, index=face.index, layout_engine=LAYOUT)


def font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled font at ``size`` px: for measuring digits and Latin text only;
    draw words with :mod:`render.text`, which falls back for other scripts."""
    return truetype(Face(str(BUNDLED)), size)
