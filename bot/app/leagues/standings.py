"""A league's standings from its results (pure, no I/O).

Points: a win 3, a draw 1, a loss 0 (:data:`POINTS`); a bye and a forfeit win
count as wins without game points. Ties on points are broken, in this order,
by head-to-head points (the games between the tied players only), then total
game points (the Carcassonne score of every game), then score difference (game
points for less against), then the name, so that the order is always the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN, DRAW, LOSS = 3, 1, 0
POINTS = {"win": WIN, "draw": DRAW, "loss": LOSS}


@dataclass(frozen=True)
class Result:
    """One finished pairing: ``a`` against ``b`` (None: ``a``'s bye), their game's
    scores, and (a forfeit) the player who gave it up: the other wins."""

    a: int
    b: int | None
    score_a: int = 0
    score_b: int = 0
    forfeit_by: int | None = None

    def winner(self) -> int | None:
        """The winner, or None for a draw."""
        if self.b is None:
            return self.a
        if self.forfeit_by is not None:
            return self.b if self.forfeit_by == self.a else self.a
        if self.score_a == self.score_b:
            return None
        return self.a if self.score_a > self.score_b else self.b

    def points(self, player: int) -> int:
        winner = self.winner()
        return DRAW if winner is None else WIN if winner == player else LOSS

    def scored(self, player: int) -> tuple[int, int]:
        """``player``'s game points and those against them."""
        return (self.score_a, self.score_b) if player == self.a else (self.score_b, self.score_a)


@dataclass(frozen=True)
class Line:
    """A player's line of the standings."""

    rank: int
    player: int
    name: str
    played: int
    wins: int
    draws: int
    losses: int
    points: int
    scored: int
    against: int
    dropped: bool = False

    @property
    def difference(self) -> int:
        return self.scored - self.against


def standings(players: Sequence[tuple[int, str, bool]], results: Iterable[Result]) -> list[Line]:
    """The standings of ``players`` (id, name, dropped out) after ``results``, best
    first; equal places share a rank only if every tie-break is equal too."""
    results = list(results)
    totals = {pid: [0, 0, 0, 0, 0, 0, 0] for pid, _, _ in players}  # played w d l pts for ag
    for result in results:
        for player in (result.a, result.b):
            if player is None or player not in totals:
                continue
            line = totals[player]
            points = result.points(player)
            scored, against = result.scored(player)
            line[0] += 1
            line[1 if points == WIN else 2 if points == DRAW else 3] += 1
            line[4] += points
            line[5] += scored
            line[6] += against
    names = {pid: name for pid, name, _ in players}
    dropped = {pid for pid, _, out in players if out}
    by_points: dict[int, list[int]] = {}
    for pid in totals:
        by_points.setdefault(totals[pid][4], []).append(pid)
    head_to_head: dict[int, int] = {}
    for group in by_points.values():
        tied = set(group)
        for pid in group:
            head_to_head[pid] = sum(r.points(pid) for r in results
                                    if r.b is not None and {r.a, r.b} <= tied and pid in (r.a, r.b))

    def key(pid: int) -> tuple[int, int, int, int, str]:
        t = totals[pid]
        return (-t[4], -head_to_head[pid], -t[5], -(t[5] - t[6]), names[pid].casefold())

    order = sorted(totals, key=key)
    lines: list[Line] = []
    for index, pid in enumerate(order):
        same = index and key(order[index - 1])[:4] == key(pid)[:4]
        rank = lines[-1].rank if same else index + 1
        t = totals[pid]
        lines.append(Line(rank, pid, names[pid], t[0], t[1], t[2], t[3], t[4], t[5], t[6],
                          pid in dropped))
    return lines


def ranked(lines: Sequence[Line]) -> list[int]:
    """The players still in (not dropped), best first: a Swiss round's order."""
    return [line.player for line in lines if not line.dropped]
