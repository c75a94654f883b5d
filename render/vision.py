"""Colour vision: how a colour looks with a colour-vision deficiency, and how
far apart two colours look.

Two published models, written from their papers:

- Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
  Simulation of Color Vision Deficiency" (IEEE TVCG 15(6)): one 3×3 matrix
  per deficiency and severity, applied to *linear* sRGB. Severity 1.0 (the
  dichromacies: protanopia, deuteranopia, tritanopia) is the hardest case, so
  a palette that survives it also survives the milder, commoner anomalies.
- CIEDE2000 (CIE 142-2001), as written out step by step by Sharma, Wu and
  Dalal (2005), "The CIEDE2000 Color-Difference Formula: Implementation Notes,
  Supplementary Test Data, and Mathematical Observations": the distance
  between two CIELAB colours (D65 white), about 1 at a just-noticeable
  difference.

The player palette is checked with both (``tests/render/test_render_palette.py``),
and the reference pictures in ``docs/images/`` show the map through
:func:`simulate_image`.
"""

from __future__ import annotations

import math

from PIL import Image

RGB = tuple[int, int, int]
Row = tuple[float, float, float]
Matrix = tuple[Row, Row, Row]

#: Machado et al. (2009), severity 1.0, on linear sRGB.
MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
DEFICIENCIES = tuple(MACHADO)


def to_linear(channel: int) -> float:
    """An 8-bit sRGB channel as linear light, 0..1 (IEC 61966-2-1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(value: float) -> int:
    """Linear light (clipped to 0..1) as an 8-bit sRGB channel."""
    v = min(1.0, max(0.0, value))
    c = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate(colour: RGB, deficiency: str) -> RGB:
    """``colour`` as seen with ``deficiency`` (a key of :data:`MACHADO`)."""
    matrix = MACHADO[deficiency]
    linear = [to_linear(c) for c in colour[:3]]
    red, green, blue = (from_linear(sum(m * c for m, c in zip(row, linear))) for row in matrix)
    return red, green, blue


def simulate_image(image: Image.Image, deficiency: str) -> Image.Image:
    """A picture as seen with ``deficiency``.

    The picture is reduced to 256 colours first (our pictures are flat
    colour) so that only the palette needs simulating: exact and quick."""
    paletted = image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT,
                                              dither=Image.Dither.NONE)
    palette = paletted.getpalette() or []
    simulated: list[int] = []
    for i in range(0, len(palette) - 2, 3):
        simulated.extend(simulate((palette[i], palette[i + 1], palette[i + 2]), deficiency))
    paletted.putpalette(simulated)
    return paletted.convert("RGB")


# --------------------------------------------------------------------------
# CIELAB and CIEDE2000.

_SRGB_TO_XYZ = ((0.4124564, 0.3575761, 0.1804375),
                (0.2126729, 0.7151522, 0.0721750),
                (0.0193339, 0.1191920, 0.9503041))
_D65 = (0.95047, 1.0, 1.08883)


def to_lab(colour: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an 8-bit sRGB colour."""
    linear = [to_linear(c) for c in colour[:3]]
    xyz = [sum(m * c for m, c in zip(row, linear)) / white
           for row, white in zip(_SRGB_TO_XYZ, _D65)]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(t) for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference ΔE00 of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh_angle = 0.0
    elif abs(h2p - h1p) <= 180:
        dh_angle = h2p - h1p
    elif h2p - h1p > 180:
        dh_angle = h2p - h1p - 360
    else:
        dh_angle = h2p - h1p + 360
    dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh_angle / 2))

    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30))
         + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh / s_h) ** 2
                     + r_t * (dc / s_c) * (dh / s_h))


def colour_distance(a: RGB, b: RGB, deficiency: str | None = None) -> float:
    """ΔE00 between two sRGB colours, as seen with ``deficiency`` (None: normal vision)."""
    if deficiency is not None:
        a, b = simulate(a, deficiency), simulate(b, deficiency)
    return ciede2000(to_lab(a), to_lab(b))
