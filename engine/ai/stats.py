"""Statistics of a match: Elo difference with its 95% interval, percentiles.

Games come in pairs dealt from the same tiles with the seats swapped, and the
two games of a pair are not independent (a deck that favours the first seat
favours it in both). The interval is therefore taken from the spread of the
pairs' mean results; where that says less than the spread of single games
(a sweep, where every pair is alike, would give an interval of width 0), the
wider single-game interval is taken.

Two matches on the same decks (a weight changed, the opponent the same) are
compared deck by deck (:func:`paired_difference`): a deck that deals well for
one deals well for the other, so the difference is measured more closely than
either match's own interval says.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
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


@dataclass(frozen=True)
class Difference:
    """How much more a match got than another on the same decks, in the unit
    of the results compared (a share of games, -1 to 1, or points of
    margin), and its 95% interval."""

    mean: float
    low: float
    high: float
    decks: int


def paired_difference(first: Mapping[int, Sequence[float]],
                      second: Mapping[int, Sequence[float]]) -> Difference:
    """From two matches' results by deck (each deck's game results for the
    agent compared: 1 win, 0.5 tie, 0 loss, or its margins): the mean of each deck's
    difference, over the decks both played, and its interval from the
    spread of those differences."""
    decks = sorted(first.keys() & second.keys())
    if len(decks) < 2:
        raise ValueError("the matches share fewer than two decks: nothing to compare")
    differences = [statistics.fmean(first[deck]) - statistics.fmean(second[deck])
                   for deck in decks]
    mean = statistics.fmean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return Difference(mean, mean - _Z95 * error, mean + _Z95 * error, len(decks))


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]
