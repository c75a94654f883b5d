"""Where a player's points came from: the measure issue 23 asks of every level.

Per game and player: points by feature kind, scored during play and at the
end; followers placed by role; turns begun with no follower in supply. A
match sums them per agent (:func:`mean_breakdown`), so a candidate evaluation
shows whether it locks its followers in farms or keeps them cycling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from . import adapter
from .adapter import State


@dataclass(frozen=True)
class Breakdown:
    """One player's game (or the mean of several): see the module."""

    during: Counter[str] = field(default_factory=Counter)
    final: Counter[str] = field(default_factory=Counter)
    placed: Counter[str] = field(default_factory=Counter)
    empty_turns: float = 0

    def to_json(self) -> dict:
        def rounded(counter: Counter[str]) -> dict[str, float]:
            return {key: round(value, 2) for key, value in sorted(counter.items())}
        return {"points_during": rounded(self.during), "points_final": rounded(self.final),
                "followers_placed": rounded(self.placed),
                "turns_without_follower": round(self.empty_turns, 2)}


def game_breakdown(state: State, player: int, empty_turns: int) -> Breakdown:
    """``player``'s breakdown of a finished game; ``empty_turns`` was counted as it went."""
    mine = adapter.statistics(state).players[player]
    return Breakdown(Counter(mine.points_during), Counter(mine.points_final),
                     Counter(mine.followers_placed), empty_turns)


def mean_breakdown(games: Sequence[Breakdown]) -> Breakdown:
    """The mean over games (every count divided by their number)."""
    total = Breakdown()
    for game in games:
        total.during.update(game.during)
        total.final.update(game.final)
        total.placed.update(game.placed)
    n = max(len(games), 1)
    during, final, placed = (Counter({key: value / n for key, value in counter.items()})
                             for counter in (total.during, total.final, total.placed))
    return Breakdown(during, final, placed, sum(game.empty_turns for game in games) / n)
