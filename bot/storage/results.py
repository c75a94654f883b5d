"""The values of finished games and ratings (issue 22), as the storage holds them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta


@dataclass(frozen=True)
class ResultPlayer:
    """One seat of a game that ended normally, with its statistics (issue 22).
    ``player`` keys its ratings: the user id in decimal, or an AI's level."""

    seat: int
    player: str
    user_id: int | None
    ai: str | None
    name: str
    score: int
    #: 1 for the winners; removed players share the last place.
    place: int
    removed: bool = False
    points_during: dict[str, int] = field(default_factory=dict)
    points_final: dict[str, int] = field(default_factory=dict)
    followers_placed: dict[str, int] = field(default_factory=dict)
    biggest_city: int = 0
    longest_road: int = 0
    turns: int = 0

    @property
    def points(self) -> dict[str, int]:
        """Points by feature kind, during play and at the end together."""
        total = dict(self.points_during)
        for kind, points in self.points_final.items():
            total[kind] = total.get(kind, 0) + points
        return total


@dataclass(frozen=True)
class GameResult:
    """A game that ended normally (finished or voted to an end), as stored."""

    game_id: int
    guild_id: int
    #: The game: ``carcassonne`` or ``hunters-and-gatherers``.
    kind: str
    rated: bool
    turns: int
    started_at: datetime | None
    finished_at: datetime
    players: tuple[ResultPlayer, ...]

    @property
    def duration(self) -> timedelta | None:
        return self.finished_at - self.started_at if self.started_at else None


@dataclass(frozen=True)
class Rating:
    """A player's rating in a server for one game kind (OpenSkill's mu and sigma),
    with the conservative ordinal leaderboards sort by."""

    player: str
    user_id: int | None
    ai: str | None
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int = 0
    wins: int = 0


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one rated game."""

    game_id: int
    ordinal: float
    previous: float
    at: datetime


__all__ = ["GameResult", "Rating", "RatingPoint", "ResultPlayer"]
