"""Statistics of a match: Elo difference with its 95% interval, percentiles.

Games come in pairs dealt from the same tiles with the seats swapped, and the
two games of a pair are not independent (a deck that favours the first seat
favours it in both). The interval is therefore taken from the spread of the
pairs' mean results; where that says less than the spread of single games
(a sweep, where every pair is alike, would give an interval of width 0), the
wider single-game interval is taken.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

#: Two-sided 95% normal quantile.
_Z95 = 1.959964


@dataclass(frozen=True)
class Elo:
    """Elo difference of the first agent over the second, and its 95% interval."""

    difference: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"difference": round(self.difference, 1), "low": round(self.low, 1),
                "high": round(self.high, 1)}


def elo_of(fraction: float) -> float:
    """The Elo difference at which the stronger side scores ``fraction``."""
    return 400 * math.log10(fraction / (1 - fraction))


def elo_difference(pair_results: Sequence[Sequence[float]]) -> Elo:
    """From each pair's game results for the first agent (1 win, 0.5 tie, 0 loss).

    A perfect or nil record would be infinitely far: the fraction is kept half
    a game inside (0, 1), so the figures stay finite and say "at least".
    """
    results = [result for pair in pair_results for result in pair]
    if not results:
        raise ValueError("no games played")
    games = len(results)
    margin = 0.5 / games
    fraction = min(max(statistics.fmean(results), margin), 1 - margin)
    error = math.sqrt(fraction * (1 - fraction) / games)
    if len(pair_results) >= 2:
        means = [statistics.fmean(pair) for pair in pair_results]
        error = max(error, statistics.stdev(means) / math.sqrt(len(means)))
    low = min(max(fraction - _Z95 * error, margin), 1 - margin)
    high = min(max(fraction + _Z95 * error, margin), 1 - margin)
    return Elo(elo_of(fraction), elo_of(low), elo_of(high))


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]
