"""What a game leaves behind when it ends normally (issue 22): its statistics, and
for a rated game its players' new ratings.

:func:`record_end` is called by :meth:`bot.app.lifecycle.Lifecycle.save_play`, in
the transaction that ends the game (its last tile, a vote to end, the last
person removed); a cancelled game never gets here, so it leaves nothing. The
statistics are :func:`engine.statistics.game_statistics` of the final position,
stored for every game, rated or not.

Ratings are OpenSkill's Plackett–Luce model (the ``openskill`` package): made for
free-for-all games of any number of players with ties, one rating per player of
a server and game kind (Carcassonne, Hunters and Gatherers). A game is rated when
its host chose so (the server's ``rated`` setting is the lobby's default), it has
at least :data:`MIN_PEOPLE` people, and it ends normally. Each AI level has its
own rating in a server: an AI seat's player key is its level. Two AI seats of one
level in one game are rated as two players of the same rating, and the level
takes the mean of their new ratings.

What players see is the conservative ordinal ``mu - 3 sigma`` scaled by
:func:`shown_rating` (a new player shows 1500), never the raw mean. The result
message shows each player's change (:class:`RatingChange`), as :func:`record_end`
computed it in the transaction that ended the game: it travels to the announcer
on the :class:`~bot.app.state.GameState` that transaction returns, never read back.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from engine import Game
from engine.statistics import game_statistics

from ..storage import GameResult, GameRow, Player, Rating, ResultPlayer, Transaction
from .vocabulary import Change

#: A rated game needs at least this many people (AI seats come on top).
MIN_PEOPLE = 2
#: The shown rating: ``BASE + SCALE * ordinal``. A new player's ordinal is 0 (mu 25,
#: sigma 25/3): 1500, as on BGA; a well-known average player (sigma 2 to 3) shows
#: about 1850, a strong one over 2000.
BASE, SCALE = 1500, 20

MODEL = PlackettLuce()


def shown_rating(ordinal: float) -> int:
    """The number players see for a rating's ordinal."""
    return round(BASE + SCALE * ordinal)


@dataclass(frozen=True)
class RatingChange:
    """One player's shown rating before and after a rated game (issue 22); ``player``
    as :func:`player_key` (two AI seats of one level share one)."""

    player: str
    before: int
    after: int

    @property
    def change(self) -> int:
        """What the game changed, as shown: ``after - before`` of the shown numbers."""
        return self.after - self.before


@dataclass(frozen=True)
class Recorded:
    """What :func:`record_end` stored: the result and, for a rated game, the changes."""

    result: GameResult
    ratings: tuple[RatingChange, ...] = ()


def player_key(player: Player) -> str:
    """Whose rating a seat plays for: the user id in decimal, or the AI's level."""
    return player.ai if player.ai is not None else str(player.id)


def kind_of(row: GameRow) -> str:
    """The game kind a game is rated and counted in."""
    return str(row.options.get("game", "carcassonne"))


def is_rated(row: GameRow) -> bool:
    """Whether ``row`` counts for ratings once it ends normally."""
    return row.rated and len(row.people) >= MIN_PEOPLE


def places(game: Game) -> list[int]:
    """Each seat's place: 1 + the players still in the game who scored more (a tie
    shares a place); removed players share the place after all of them."""
    active = [seat for seat, on in enumerate(game.active) if on]
    last = len(active) + 1
    return [1 + sum(game.scores[other] > game.scores[seat] for other in active)
            if game.active[seat] else last for seat in range(len(game.players))]


def game_result(row: GameRow, game: Game, *, started_at: datetime | None,
                finished_at: datetime) -> GameResult:
    """The result of ``row`` ended as ``game``, from the engine's statistics."""
    statistics = game_statistics(game)
    placed = places(game)
    return GameResult(
        game_id=row.id, guild_id=row.guild_id, kind=kind_of(row), rated=is_rated(row),
        turns=statistics.turns, started_at=started_at, finished_at=finished_at,
        players=tuple(
            ResultPlayer(
                seat=seat, player=player_key(player),
                user_id=None if player.is_ai else player.id, ai=player.ai, name=player.name,
                score=mine.score, place=placed[seat], removed=not game.active[seat],
                points_during=dict(mine.points_during), points_final=dict(mine.points_final),
                followers_placed=dict(mine.followers_placed), biggest_city=mine.biggest_city,
                longest_road=mine.longest_road, turns=mine.turns)
            for seat, (player, mine) in enumerate(zip(row.players, statistics.players,
                                                      strict=True))),
    )


def new_ratings(result: GameResult, current: dict[str, Rating]) -> list[tuple[Rating, float]]:
    """Every player's rating after ``result`` (with its ordinal before), from their
    ``current`` ones (a player without one starts at the model's default)."""
    teams = []
    for seat in result.players:
        known = current.get(seat.player)
        teams.append([MODEL.rating(known.mu, known.sigma) if known else MODEL.rating()])
    rated = MODEL.rate(teams, ranks=[float(seat.place) for seat in result.players])
    after: dict[str, list[tuple[float, float]]] = {}
    for seat, [rating] in zip(result.players, rated, strict=True):
        after.setdefault(seat.player, []).append((rating.mu, rating.sigma))
    out = []
    for key, values in after.items():
        seats = [s for s in result.players if s.player == key]
        mu = sum(v[0] for v in values) / len(values)
        sigma = sum(v[1] for v in values) / len(values)
        known = current.get(key)
        previous = known.ordinal if known else MODEL.rating().ordinal()
        out.append((Rating(
            player=key, user_id=seats[0].user_id, ai=seats[0].ai, name=seats[0].name,
            mu=mu, sigma=sigma, ordinal=mu - 3 * sigma,
            games=(known.games if known else 0) + 1,
            wins=(known.wins if known else 0) + any(s.place == 1 for s in seats)), previous))
    return out


async def record_end(tx: Transaction, row: GameRow, game: Game, now: datetime) -> Recorded:
    """Store the result of ``row``, which ``game`` just ended, and rate it if it is
    rated: in the caller's transaction (the one that ends the game). Returns what
    it stored, with each player's rating change for the result message."""
    started = next((entry.created_at for entry in await tx.game_log(row.id)
                    if entry.action == Change.START), None)
    result = game_result(row, game, started_at=started, finished_at=now)
    await tx.save_result(result)
    if result.rated:
        current = {}
        for key in {seat.player for seat in result.players}:
            known = await tx.rating(result.guild_id, result.kind, key)
            if known is not None:
                current[key] = known
        rated = new_ratings(result, current)
        await tx.save_ratings(result.guild_id, result.kind, result.game_id, rated, now)
        return Recorded(result, tuple(
            RatingChange(rating.player, shown_rating(previous), shown_rating(rating.ordinal))
            for rating, previous in rated))
    return Recorded(result)
