"""Small helpers the game and its rule sets share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .figures import Figure


def majority(figures: Iterable[Figure]) -> tuple[int, ...]:
    """The players with the most figures among ``figures`` (all tied ones, B-30)."""
    counts = Counter(figure.player for figure in figures)
    if not counts:
        return ()
    best = max(counts.values())
    return tuple(sorted(player for player, count in counts.items() if count == best))


