"""What a game was, player by player: the figures a result, a profile and the
archive show (issue 22), read from the game's events alone.

Every point a player scored was told by an event (:class:`FeatureScored`,
:class:`GoodsScored`), so the points by kind add up to the score; a test
checks it over random games of every kind. Kinds are the engine's own
(``road``, ``city``, ``cloister``, ``field``, ``forest``, ``river system``,
``goods``...), so an expansion's new kind appears without a change here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from .actions import Place
from .events import FeatureScored, GoodsScored, TilePlaced
from .game import Game

#: The kind under which trade goods' points (TB-13) are counted.
GOODS = "goods"


@dataclass(frozen=True)
class PlayerStatistics:
    """One player's game. ``biggest_city`` and ``longest_road`` count the tiles of
    the largest city and road that paid them (0: none did)."""

    player: int
    score: int
    points_during: Mapping[str, int] = field(default_factory=dict)
    points_final: Mapping[str, int] = field(default_factory=dict)
    followers_placed: Mapping[str, int] = field(default_factory=dict)
    biggest_city: int = 0
    longest_road: int = 0
    turns: int = 0

    @property
    def points_by_kind(self) -> dict[str, int]:
        """Points by feature kind, during play and at the end together, largest first."""
        total = Counter(self.points_during)
        total.update(self.points_final)
        return dict(sorted(total.items(), key=lambda item: (-item[1], item[0])))


@dataclass(frozen=True)
class GameStatistics:
    """Every player's statistics, by seat; ``turns``: tiles the players placed."""

    players: tuple[PlayerStatistics, ...]
    turns: int


def game_statistics(game: Game) -> GameStatistics:
    """The statistics of ``game`` so far (a finished game: its final ones)."""
    seats = range(len(game.players))
    during: list[Counter[str]] = [Counter() for _ in seats]
    final: list[Counter[str]] = [Counter() for _ in seats]
    placed: list[Counter[str]] = [Counter() for _ in seats]
    biggest = [0 for _ in seats]
    longest = [0 for _ in seats]
    tiles = 0
    for event in game.events:
        if isinstance(event, TilePlaced):
            tiles += 1
            if event.figure is not None:
                placed[event.player][str(event.figure.role)] += 1
        elif isinstance(event, FeatureScored):
            for player in event.scorers:
                (final if event.final else during)[player][event.kind] += event.points
                if event.kind == "city":
                    biggest[player] = max(biggest[player], event.tiles)
                elif event.kind == "road":
                    longest[player] = max(longest[player], event.tiles)
        elif isinstance(event, GoodsScored):
            for player in event.scorers:
                final[player][GOODS] += event.points
    turns = Counter(entry.player for entry in game.history if isinstance(entry.action, Place))
    return GameStatistics(
        tuple(PlayerStatistics(player, game.scores[player], dict(during[player]),
                               dict(final[player]), dict(placed[player]), biggest[player],
                               longest[player], turns[player])
              for player in seats),
        tiles)
