"""Who plays whom: a round robin's fixed rounds and Swiss pairings (pure, no I/O).

Players are user ids; a pairing is ``(a, b)``, or ``(a, None)`` for a bye.
Round robin is the circle method: ``n`` players (one more, a bye, if odd)
meet each other once in ``n - 1`` rounds. Swiss pairs players of equal
standing, top down, never twice the same two while that can be avoided; an odd
field gives the bye to the lowest-placed player who has not had one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Pairing = tuple[int, int | None]
#: Steps the search for a pairing without rematches may take before it allows one.
SEARCH_BUDGET = 20_000


def round_robin(players: Sequence[int]) -> list[list[Pairing]]:
    """Every round of a round robin of ``players`` (in their order): each pair once.
    With an odd number, each round one player has a bye."""
    seats: list[int | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    count = len(seats)
    rounds: list[list[Pairing]] = []
    for number in range(count - 1):
        pairs: list[Pairing] = []
        for i in range(count // 2):
            a, b = seats[i], seats[count - 1 - i]
            if a is None:
                a, b = b, None
            elif b is not None and number % 2 and i == 0:
                a, b = b, a  # the fixed seat alternates who is named first
            assert a is not None
            pairs.append((a, b))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]  # rotate all but the first
    return rounds


def swiss_rounds(count: int) -> int:
    """The usual number of Swiss rounds for ``count`` players: enough to find a
    single winner (log2, rounded up), at least one."""
    rounds = 1
    while 2 ** rounds < count:
        rounds += 1
    return rounds


def swiss(ranked: Sequence[int], played: Iterable[tuple[int, int]],
          byes: Iterable[int] = ()) -> list[Pairing]:
    """One Swiss round for ``ranked`` (the players still in, best first): pairs of
    neighbours in the standings that have not met (``played``), searched so that no
    two meet again while another pairing avoids it; the bye (an odd field) to the
    lowest-placed player without one yet (``byes``), if any is left without one."""
    met = {frozenset(pair) for pair in played}
    had_bye = set(byes)
    order = list(ranked)
    bye_candidates: list[int | None] = [None]
    if len(order) % 2:
        bye_candidates = [p for p in reversed(order) if p not in had_bye] or list(reversed(order))
    for allow_rematch in (False, True):
        for bye in bye_candidates:
            field = [p for p in order if p != bye]
            pairs = _pair(field, met, allow_rematch, [SEARCH_BUDGET])
            if pairs is not None:
                return [*pairs, *([(bye, None)] if bye is not None else [])]
    raise AssertionError("a pairing always exists when rematches are allowed")


def _pair(field: list[int], met: set[frozenset[int]], allow_rematch: bool,
          budget: list[int]) -> list[Pairing] | None:
    """Pair ``field`` top down: the first with the nearest below it it may meet
    (backtracking when the rest cannot be paired); None if impossible, or not found
    within ``budget`` steps (then a rematch is allowed rather than search on)."""
    if not field:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    first, rest = field[0], field[1:]
    for index, other in enumerate(rest):
        if not allow_rematch and frozenset((first, other)) in met:
            continue
        remaining = _pair(rest[:index] + rest[index + 1:], met, allow_rematch, budget)
        if remaining is not None:
            return [(first, other), *remaining]
    return None
