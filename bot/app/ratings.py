"""Leaderboards and profiles (issue 22): what the stored results and ratings say.

A leaderboard lists a server's rated players of one game kind with at least
:data:`LEADERBOARD_MIN_GAMES` rated games (a constant: a server need not tune
it), best conservative rating first, :data:`PAGE_SIZE` a page; members who asked
to be left off (``/carcassonne me``) are not on it. A profile is a player's
games of one kind in a server, rated or not: games, wins, win rate, average
and best score, points by feature, and their rating with its history. Rows are
keyed by user id (or an AI's level), so a removed player or one who left the
server keeps their history; names are resolved where they are shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from ..errors import NotAllowed
from ..i18n import N_
from ..storage import Rating, RatingPoint, Storage
from .results import MODEL

#: Rated games a player needs to be on a leaderboard.
LEADERBOARD_MIN_GAMES = 3
#: Players on one page of a leaderboard.
PAGE_SIZE = 10


@dataclass(frozen=True)
class LeaderboardPage:
    guild_id: int
    kind: str
    #: From 0; ``pages`` in all (at least 1, an empty board included).
    page: int
    pages: int
    #: (rank, rating), best first.
    entries: tuple[tuple[int, Rating], ...]


@dataclass(frozen=True)
class Profile:
    """One player's games of one kind in a server."""

    guild_id: int
    kind: str
    player: str
    #: The name the player last played under (shown for one who left the server).
    name: str | None
    games: int
    wins: int
    average: float | None
    best: int | None
    #: Points by feature kind over every game, largest first.
    points: dict[str, int]
    rating: Rating | None
    history: tuple[RatingPoint, ...]

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


class Ratings:
    """The leaderboards and profiles of one storage, and who is left off them."""

    def __init__(self, db: Storage, clock: Callable[[], datetime]) -> None:
        self.db = db
        self.clock = clock

    async def leaderboard(self, guild_id: int, kind: str, page: int = 0) -> LeaderboardPage:
        size = await self.db.leaderboard_size(guild_id, kind, min_games=LEADERBOARD_MIN_GAMES)
        pages = max(1, -(-size // PAGE_SIZE))
        page = min(max(page, 0), pages - 1)
        found = await self.db.leaderboard(guild_id, kind, min_games=LEADERBOARD_MIN_GAMES,
                                          offset=page * PAGE_SIZE, limit=PAGE_SIZE)
        first = page * PAGE_SIZE + 1
        return LeaderboardPage(guild_id, kind, page, pages,
                               tuple(enumerate(found, start=first)))

    async def profile(self, guild_id: int, kind: str, player: str) -> Profile:
        """``player``: a user id in decimal, or an AI's level."""
        results = await self.db.player_results(guild_id, kind, player)
        rating = await self.db.rating(guild_id, kind, player)
        history = await self.db.rating_history(guild_id, kind, player)
        points: Counter[str] = Counter()
        for result in results:
            points.update(result.points)
        scores = [r.score for r in results]
        name = results[-1].name if results else rating.name if rating else None
        return Profile(
            guild_id, kind, player, name, games=len(results),
            wins=sum(r.place == 1 for r in results),
            average=sum(scores) / len(scores) if scores else None,
            best=max(scores, default=None),
            points=dict(sorted(points.items(), key=lambda item: (-item[1], item[0]))),
            rating=rating, history=tuple(history))

    async def hidden(self, guild_id: int, user_id: int) -> bool:
        return await self.db.hidden(guild_id, user_id)

    async def set_hidden(self, guild_id: int, user_id: int, hidden: bool) -> None:
        async with self.db.transaction() as tx:
            await tx.set_hidden(guild_id, user_id, hidden, self.clock())


def require_player(profile: Profile) -> Profile:
    """A profile with nothing in it is refused: the member never finished a game here."""
    if not profile.games and profile.rating is None:
        raise NotAllowed(N_("No finished games of that kind here yet."))
    return profile


#: A new player's ordinal (0): what a history starts from.
START_ORDINAL = MODEL.rating().ordinal()
