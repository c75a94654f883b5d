"""Right-to-left text: the visual order of a name's runs, and Arabic joining
when Pillow has no libraqm.

A name is short and has no explicit embeddings, so a reduced form of the
Unicode Bidirectional Algorithm (UAX #9) is enough: the paragraph direction
from the first strong character (P2, P3), numbers after right-to-left text
staying with it (W7), neutrals taking the direction of the text on both
sides or else the paragraph's (N1, N2), levels (I1, I2), and reversing from
the highest level down (L2). Runs are then drawn left to right in that
order; libraqm lays out the inside of each run (direction ``rtl`` for an odd
level). Without libraqm, :func:`shape_arabic` picks each Arabic letter's
joined form from the Presentation Forms-B block, as the Unicode character
database describes them, and the run's characters are reversed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Generic, TypeVar

K = TypeVar("K")

STRONG_RTL = {"R", "AL"}
NUMBERS = {"EN", "AN"}


def _type(char: str) -> str:
    kind = unicodedata.bidirectional(char)
    if kind in STRONG_RTL:
        return "R"
    if kind == "L":
        return "L"
    if kind in NUMBERS:
        return "N#"
    return "N"  # neutral: spaces, punctuation, symbols, emoji, marks


def is_rtl(text: str) -> bool:
    """Whether the paragraph direction of ``text`` is right to left (P2, P3)."""
    for char in text:
        kind = _type(char)
        if kind in ("L", "R"):
            return kind == "R"
    return False


def levels(text: str) -> list[int]:
    """The embedding level of each character: even left to right, odd right to left."""
    base = 1 if is_rtl(text) else 0
    kinds = [_type(c) for c in text]
    # W7 (with W2's spirit): a number after left-to-right text (or at the start
    # of a left-to-right paragraph) is left to right; otherwise it runs with
    # right-to-left text.
    last_strong = "R" if base else "L"
    resolved = []
    for kind in kinds:
        if kind == "N#":
            kind = "L" if last_strong == "L" else "#"
        elif kind in ("L", "R"):
            last_strong = kind
        resolved.append(kind)
    # N1, N2: neutrals between two runs of one direction take it, else the
    # paragraph's. Numbers count as right to left here.
    strength = ["R" if k == "#" else k for k in resolved]
    n = len(text)
    out = list(resolved)
    i = 0
    while i < n:
        if strength[i] != "N":
            i += 1
            continue
        j = i
        while j < n and strength[j] == "N":
            j += 1
        before = strength[i - 1] if i > 0 else ("R" if base else "L")
        after = strength[j] if j < n else ("R" if base else "L")
        fill = before if before == after else ("R" if base else "L")
        for k in range(i, j):
            out[k] = fill
        i = j
    # I1, I2.
    result = []
    for kind in out:
        if base == 0:
            result.append({"L": 0, "R": 1, "#": 2}[kind])
        else:
            result.append({"L": 2, "R": 1, "#": 2}[kind])
    return result


@dataclass(frozen=True)
class Run(Generic[K]):
    """A piece of text drawn in one go: ``text`` in logical order, ``level``
    odd for right to left. ``key`` groups characters that must share a run
    (the font that draws them)."""

    text: str
    level: int
    key: K


def visual_runs(text: str, keys: Sequence[K]) -> list[Run[K]]:
    """Cut ``text`` into runs of one key and one level, in left-to-right
    display order (L2); each run keeps its characters in logical order."""
    if not text:
        return []
    lv = levels(text)
    runs: list[Run[K]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or lv[i] != lv[start] or keys[i] != keys[start]:
            runs.append(Run(text[start:i], lv[start], keys[start]))
            start = i
    top = max(r.level for r in runs)
    lowest_odd = min((r.level for r in runs if r.level % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(runs):
            if runs[i].level >= level:
                j = i
                while j < len(runs) and runs[j].level >= level:
                    j += 1
                runs[i:j] = runs[i:j][::-1]
                i = j
            else:
                i += 1
    return runs


# --------------------------------------------------------------------------
# Arabic joining without libraqm.

@cache
def _arabic_forms() -> dict[str, dict[str, str]]:
    """Base letter -> {"isolated"|"final"|"initial"|"medial": presentation form},
    read from the decompositions of the Presentation Forms-B block."""
    forms: dict[str, dict[str, str]] = {}
    for code in range(0xFE70, 0xFEFF):
        parts = unicodedata.decomposition(chr(code)).split()
        if len(parts) == 2 and parts[0] in ("<isolated>", "<final>", "<initial>", "<medial>"):
            forms.setdefault(chr(int(parts[1], 16)), {})[parts[0][1:-1]] = chr(code)
    return forms


def _transparent(char: str) -> bool:
    return unicodedata.category(char) in ("Mn", "Me", "Cf") and char != "\u200d"


def shape_arabic(text: str) -> str:
    """Arabic letters replaced by their joined forms (logical order kept).

    A letter joins the one before when that one has initial or medial forms
    (it joins on both sides); it joins the one after when it has them itself."""
    forms = _arabic_forms()
    chars = list(text)

    def neighbour(i: int, step: int) -> str | None:
        i += step
        while 0 <= i < len(chars) and _transparent(chars[i]):
            i += step
        return chars[i] if 0 <= i < len(chars) else None

    def dual(char: str | None) -> bool:
        return char is not None and ("medial" in forms.get(char, {}) or char == "\u0640")

    def joining(char: str | None) -> bool:
        return char is not None and (char in forms or char == "\u0640")

    out = []
    for i, char in enumerate(chars):
        own = forms.get(char)
        if not own:
            out.append(char)
            continue
        before = dual(neighbour(i, -1))
        after = dual(char) and joining(neighbour(i, 1))
        form = ("medial" if before and after else "final" if before
                else "initial" if after else "isolated")
        out.append(own.get(form) or own.get("isolated") or char)
    return "".join(out)
