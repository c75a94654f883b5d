"""A knockout's bracket (issue 22): single elimination, 2 players a game (pure, no I/O).

Seeds are the players in sign-up order (seed 1 signed up first). The bracket
has the size of the next power of two; its first round pairs seed 1 with the
last seed, seed 2 with the one before, and so on, placed so that the two best
seeds can meet only in the final; the places past the field are byes, so the
best seeds have them (:func:`first_round`). Each later round pairs the winners
of neighbouring games, in the bracket's order (:func:`next_round`). The winner
of a game goes through; a draw (a 0-0 at time-up, a tie in score) is won by the
better seed, the one who signed up earlier (:func:`goes_through`). A pairing
whose players have all dropped out sends nobody through: the winner of the
neighbouring game has a bye in the next round, and a final of two dropped-out
players leaves the league without a champion.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .pairing import Pairing
from .standings import Result


def rounds_for(count: int) -> int:
    """The rounds of a knockout of ``count`` players: until one is left."""
    rounds = 0
    while 2 ** rounds < count:
        rounds += 1
    return rounds


def seed_order(size: int) -> list[int]:
    """The seed numbers (1 the best) of a bracket of ``size`` (a power of two) in its
    order: neighbours meet in the first round, and seeds 1 and 2 only in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for better in order for seed in (better, total - better)]
    return order


def first_round(seeds: Sequence[int]) -> list[Pairing]:
    """The first round of a knockout of ``seeds`` (best first), in the bracket's order:
    the better seed named first; a bye, ``(player, None)``, for the best seeds when the
    field is not a power of two."""
    size = 2 ** rounds_for(len(seeds))
    order = seed_order(size)
    pairs: list[Pairing] = []
    for index in range(0, size, 2):
        better, worse = order[index], order[index + 1]
        pairs.append((seeds[better - 1], seeds[worse - 1] if worse <= len(seeds) else None))
    return pairs


def next_round(winners: Sequence[int | None]) -> list[Pairing]:
    """The next round: the winners of the last one's places (in the bracket's order,
    None where nobody went through), two by two; a winner whose neighbouring place
    sent nobody has a bye, and two such places make no pairing at all."""
    pairs: list[Pairing] = []
    for index in range(0, len(winners) - 1, 2):
        a, b = winners[index], winners[index + 1]
        if a is None:
            a, b = b, None
        if a is not None:
            pairs.append((a, b))
    return pairs


def goes_through(result: Result, seeds: Mapping[int, int],
                 out: Collection[int] = ()) -> int | None:
    """Who goes through from ``result``: its winner (a bye's player, the opponent of who
    forfeited), or for a draw the better seed (``seeds``: player to seed, 1 the best);
    nobody (None) if all its players had dropped out by then (``out``)."""
    if all(player in out for player in (result.a, result.b) if player is not None):
        return None
    winner = result.winner()
    if winner is not None:
        return winner
    assert result.b is not None
    return min((result.a, result.b), key=lambda player: seeds.get(player, len(seeds) + 1))
