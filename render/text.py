"""Drawing words: any script, through the font chain, as cached sprites.

:func:`text_sprite` turns a text into an RGBA picture of it: each character
in the first font of :func:`render.fonts.system_chain` that has it (a
character no font has is left out), right-to-left runs laid out right to left
(:mod:`render.bidi`), colour emoji scaled to the text's size. Every sprite of
one size has the same height and baseline, so labels line up whatever their
script. :func:`draw_text` pastes one with an anchor like Pillow's.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from .bidi import shape_arabic, visual_runs
from .fonts import HAS_RAQM, Face, system_chain, truetype

RGB = tuple[int, int, int]

#: Characters that belong to the character before them, whatever font has
#: them: joiners, variation selectors, emoji skin tones and tags.
_STICKY = {0x200D, 0xFE0E, 0xFE0F, 0x20E3} | set(range(0x1F3FB, 0x1F400)) | set(
    range(0xE0020, 0xE0080))


@dataclass(frozen=True)
class Sprite:
    """A drawn text: ``image`` (RGBA) with its baseline ``ascent`` px from the top."""

    image: Image.Image
    ascent: int

    @property
    def width(self) -> int:
        return self.image.width

    @property
    def height(self) -> int:
        return self.image.height

    @property
    def ink(self) -> tuple[int, int, int, int] | None:
        """The box of the pixels drawn (None for an empty text)."""
        return self.image.getchannel("A").getbbox()


def _clean(text: str, chain: tuple[Face, ...]) -> tuple[str, list[Face]]:
    """The characters some face can draw, each with its face (others dropped)."""
    kept: list[str] = []
    faces: list[Face] = []
    chars = " ".join(str(text).split())  # one line: tabs and newlines are spaces
    for i, char in enumerate(chars):
        code = ord(char)
        if code in _STICKY:
            if kept:
                kept.append(char)
                faces.append(faces[-1])
            continue
        if unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn") or (
                unicodedata.category(char) == "Cf" and code != 0x200C):
            continue
        # Pictographs are drawn as emoji where the system has an emoji font,
        # and so is a symbol asked for as emoji (followed by U+FE0F).
        wants_emoji = code >= 0x1F000 or (i + 1 < len(chars) and chars[i + 1] == "\ufe0f")
        order = sorted(chain, key=lambda f: not f.colour) if wants_emoji else chain
        face = next((f for f in order if f.has(char)), None)
        if face is not None:
            kept.append(char)
            faces.append(face)
    return "".join(kept), faces


def _metrics(size: int, chain: tuple[Face, ...]) -> tuple[int, int]:
    ascent, descent = truetype(chain[0], size).getmetrics()
    return ascent, descent


def _run_image(run_text: str, rtl: bool, face: Face, size: int, height: int, ascent: int,
               fill: RGB) -> Image.Image:
    """One run drawn on a transparent strip ``height`` px high, baseline at ``ascent``."""
    font = truetype(face, size)
    if face.colour:
        # A colour bitmap font draws at its one size: draw, then scale the run
        # to about the height of capitals and sit it on the baseline.
        big_ascent, big_descent = font.getmetrics()
        width = max(1, round(font.getlength(run_text)))
        big = Image.new("RGBA", (width + 4, big_ascent + big_descent), (0, 0, 0, 0))
        ImageDraw.Draw(big).text((2, big_ascent), run_text, font=font, anchor="ls",
                                 embedded_color=True)
        box = big.getbbox()
        strip = Image.new("RGBA", (1, height), (0, 0, 0, 0))
        if box is None:
            return strip
        glyphs = big.crop(box)
        target = max(1, round(ascent * 1.05))
        scaled = glyphs.resize((max(1, round(glyphs.width * target / glyphs.height)), target),
                               Image.Resampling.LANCZOS)
        strip = Image.new("RGBA", (scaled.width + 2, height), (0, 0, 0, 0))
        top = max(0, min(height - target, ascent - target + round((height - ascent) * 0.35)))
        strip.paste(scaled, (1, top))
        return strip
    if rtl and not HAS_RAQM:
        run_text = shape_arabic(run_text)[::-1]
    direction = "rtl" if rtl and HAS_RAQM else None
    width = max(1, round(font.getlength(run_text, direction=direction))) + 2
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).text((1, ascent), run_text, font=font, fill=255, anchor="ls",
                              direction=direction)
    strip = Image.new("RGBA", (width, height), fill + (0,))
    strip.putalpha(mask)
    return strip


@lru_cache(maxsize=4096)
def text_sprite(text: str, size: int, fill: RGB = (0, 0, 0),
                chain: tuple[Face, ...] | None = None) -> Sprite:
    """``text`` drawn ``size`` px high in ``fill`` (emoji keep their colours).

    ``chain``: the fonts to use, default :func:`render.fonts.system_chain`.
    Cached: do not draw on the returned image."""
    chain = system_chain() if chain is None else chain
    size = max(6, int(size))
    ascent, descent = _metrics(size, chain)
    height = ascent + descent
    kept, faces = _clean(text, chain)
    ink: RGB = (fill[0], fill[1], fill[2])
    strips = [_run_image(run.text, run.level % 2 == 1, run.key, size, height, ascent, ink)
              for run in visual_runs(kept, faces)]
    width = sum(s.width for s in strips)
    image = Image.new("RGBA", (max(1, width), height), tuple(fill[:3]) + (0,))
    x = 0
    for strip in strips:
        image.alpha_composite(strip, (x, 0))
        x += strip.width
    return Sprite(image, ascent)


def text_width(text: str, size: int) -> int:
    """How wide ``text`` draws at ``size`` px."""
    return text_sprite(text, size).width if text else 0


def fit_text(text: str, size: int, width: int) -> str:
    """``text``, cut with an ellipsis if it would draw wider than ``width`` px."""
    if text_width(text, size) <= width:
        return text
    chars = list(text)
    while chars and text_width("".join(chars) + "\u2026", size) > width:
        chars.pop()
    return "".join(chars).rstrip() + "\u2026" if chars else ""


def wrap_text(text: str, size: int, width: int) -> list[str]:
    """``text`` in lines that each draw at most ``width`` px wide at ``size``,
    broken between words; a word wider than a line, or a script written without
    spaces (Chinese), is broken between characters. No character is lost."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if text_width(joined, size) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        line = word
        while len(line) > 1 and text_width(line, size) > width:
            cut = 1
            while cut + 1 < len(line) and text_width(line[:cut + 1], size) <= width:
                cut += 1
            lines.append(line[:cut])
            line = line[cut:]
    if line:
        lines.append(line)
    return lines


def place(sprite: Sprite, xy: tuple[float, float], anchor: str = "la") -> tuple[int, int]:
    """Top-left corner that puts ``sprite`` at ``xy`` with a Pillow-style anchor:
    horizontal ``l``/``m``/``r``, vertical ``a``/``t`` (top), ``m`` (middle),
    ``s`` (baseline), ``b``/``d`` (bottom)."""
    x, y = xy
    horizontal, vertical = anchor[0], anchor[1]
    left = x - {"l": 0, "m": sprite.width / 2, "r": sprite.width}[horizontal]
    top = y - {"a": 0, "t": 0, "m": sprite.height / 2, "s": sprite.ascent,
               "b": sprite.height, "d": sprite.height}[vertical]
    return round(left), round(top)


def draw_text(image: Image.Image, xy: tuple[float, float], text: str, size: int,
              fill: RGB, anchor: str = "la") -> tuple[int, int, int, int]:
    """Draw ``text`` on ``image`` at ``xy`` (see :func:`place`); returns the
    box it covers."""
    sprite = text_sprite(text, size, tuple(fill[:3]))
    left, top = place(sprite, xy, anchor)
    paste(image, sprite.image, (left, top))
    return left, top, left + sprite.width, top + sprite.height


def paste(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Composite an RGBA ``sprite`` onto ``image`` (RGB or RGBA) at ``xy``."""
    if image.mode == "RGBA":
        image.alpha_composite(sprite, (max(0, xy[0]), max(0, xy[1])),
                              (max(0, -xy[0]), max(0, -xy[1])))
    else:
        image.paste(sprite, xy, sprite)
