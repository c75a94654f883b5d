"""How players name placements and follower ports in Discord, and how we parse them.

A placement is shown as ``3,-1 90°``: the map's coordinate labels (the
engine's integer x, y; x grows east, y south) and the clockwise rotation.
Autocomplete and select values encode it exactly as ``3,-1,90``; typed input
is read leniently (positions as :func:`render.naming.position_label` writes
them) (``3,-1 90``, ``(3, -1) 90°``, ``3 -1 90``). A follower is a
port name (``N``, ``NNE``, ``C``), ``hut:N`` for a Hunters-and-Gatherers hut,
or ``none``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.board import Placement
from engine.geometry import PORT_NAMES
from render.naming import position_label

NO_FOLLOWER = "none"
_PLACEMENT = re.compile(
    r"\s*\(?\s*(?P<x>[-+]?\d{1,4})\s*[,; ]\s*(?P<y>[-+]?\d{1,4})\s*\)?\s*[,; ]?\s*"
    r"(?:r(?:ot(?:ation)?)?\s*)?(?P<rotation>\d{1,3})?\s*(?:°|deg)?\s*\Z",
    re.IGNORECASE,
)
_ROLE_WORDS = {
    "thief": "thief (road)",
    "knight": "knight (city)",
    "monk": "monk (cloister)",
    "farmer": "farmer (field)",
    "fisher": "fisher (river)",
    "gatherer": "gatherer (forest)",
    "hunter": "hunter (meadow)",
    "hut": "hut (river system)",
}


def placement_label(placement: Placement) -> str:
    return f"{position_label(placement.x, placement.y)} {placement.rotation}°"


def placement_value(placement: Placement) -> str:
    return f"{placement.x},{placement.y},{placement.rotation}"


def parse_placement(text: str) -> Placement:
    """A placement from a value or from what a player typed; ``ValueError`` if unreadable."""
    match = _PLACEMENT.fullmatch(text or "")
    if not match:
        raise ValueError(
            f"{text!r} is not a placement: write x,y and a rotation, for example `3,-1 90`"
        )
    rotation = int(match["rotation"] or 0)
    if rotation not in (0, 90, 180, 270):
        raise ValueError(f"rotation {rotation}° is not one of 0, 90, 180, 270")
    return Placement(int(match["x"]), int(match["y"]), rotation)


@dataclass(frozen=True)
class FollowerChoice:
    """A figure to stand on the placed tile: ``figure`` is ``meeple`` or ``hut``."""

    figure: str
    port: str

    @property
    def value(self) -> str:
        return self.port if self.figure == "meeple" else f"hut:{self.port}"


def parse_follower(text: str | None) -> FollowerChoice | None:
    """``None`` for no figure; ``ValueError`` for something that is not a port."""
    if text is None:
        return None
    text = text.strip()
    if not text or text.lower() in (NO_FOLLOWER, "no", "-"):
        return None
    figure = "meeple"
    if text.lower().startswith("hut:"):
        figure, text = "hut", text[4:]
    port = text.strip().upper()
    if port not in PORT_NAMES:
        raise ValueError(f"{text!r} is not a port: use one of {', '.join(PORT_NAMES)} or `none`")
    return FollowerChoice(figure, port)


def figure_label(figure: str, port: str, role: str) -> str:
    """``NNE: farmer (field)`` or ``C: hut (river system)``."""
    return f"{port}: {_ROLE_WORDS.get(role, role) if figure == 'meeple' else _ROLE_WORDS['hut']}"
