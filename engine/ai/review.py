"""The review of a finished game: where each player lost the most expected points.

Each decision of the game is looked at as its player saw it (their view, never
the hidden order of the tiles): every legal action is ranked by a level's
evaluation (:func:`~engine.ai.ranking.rank_actions`), and the move played is
compared with the best: the difference is the expected points it lost. A
player's worst turns are those with the largest losses; their summary is the
total lost and how often they played the best move. Deterministic: a record
always gets the same review.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from ..actions import Place
from ..errors import RecordError
from ..game import Game
from ..record import read_record
from ..replays import positions
from .adapter import Action, PlayerView
from .ranking import rank_actions

#: A loss this small is a tie with the best move (rounding of the evaluation).
TIE = 0.005
#: Worst turns kept per player unless asked otherwise.
DEFAULT_TOP = 3


@dataclass(frozen=True)
class TurnReview:
    """One decision: the move played, the AI's choice, and what the difference cost.

    ``turn`` is the record entry (0-based, as the engine counts turns);
    ``loss`` the expected points the move played lost against ``best``
    (0 when it was as good); ``rank`` its place among the ``choices`` legal
    actions (1: the best)."""

    turn: int
    player: int
    played: Action
    best: Action
    loss: float
    rank: int
    choices: int

    @property
    def was_best(self) -> bool:
        return self.loss <= TIE

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "played": str(self.played), "best": str(self.best),
                "loss": round(self.loss, 2), "rank": self.rank, "choices": self.choices}


@dataclass(frozen=True)
class PlayerReview:
    """One player's game: every decision they made, and the worst of them first."""

    player: int
    name: str
    turns: tuple[TurnReview, ...]
    top: int = DEFAULT_TOP

    @property
    def total_loss(self) -> float:
        return sum(turn.loss for turn in self.turns)

    @property
    def mean_loss(self) -> float:
        return self.total_loss / len(self.turns) if self.turns else 0.0

    @property
    def best_moves(self) -> int:
        """Turns on which the move played was as good as the AI's choice."""
        return sum(turn.was_best for turn in self.turns)

    @property
    def worst(self) -> tuple[TurnReview, ...]:
        """The ``top`` turns that lost the most (a positive loss only), worst first;
        of equal losses the earlier turn first."""
        losing = [turn for turn in self.turns if not turn.was_best]
        return tuple(sorted(losing, key=lambda turn: (-turn.loss, turn.turn))[:self.top])

    def summary(self) -> str:
        return (f"{self.name}: {len(self.turns)} turns, {self.total_loss:.1f} points lost "
                f"({self.mean_loss:.1f} a turn), the best move on {self.best_moves}")

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "turns": len(self.turns),
                "points_lost": round(self.total_loss, 2), "best_moves": self.best_moves,
                "worst": [turn.to_json() for turn in self.worst]}


@dataclass(frozen=True)
class GameReview:
    """Every player's review, in seat order, and the level whose evaluation judged."""

    players: tuple[PlayerReview, ...]
    level: str

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "players": [player.to_json() for player in self.players]}

    def text(self) -> str:
        """Plain text: each player's summary line, then their worst turns."""
        lines = []
        for player in self.players:
            lines.append(player.summary())
            for turn in player.worst:
                lines.append(f"  turn {turn.turn}: played {turn.played}, better {turn.best} "
                             f"({turn.loss:.1f} points lost, rank {turn.rank} of {turn.choices})")
        return "\n".join(lines)


def review_game(record: Any, *, seed: int | None = None, top: int = DEFAULT_TOP,
                level: str = "medium", skip: Collection[int] = ()) -> GameReview:
    """The review of the finished game ``record`` (a dict, or JSON text or bytes);
    ``seed`` if the record does not carry its own; ``skip``: record entries that
    were not their player's decision (an AI played them for an absent player).
    RecordError if the game is not finished: a running game's review would tell
    its players what to play."""
    checked = read_record(record)
    if not checked.finished:
        raise RecordError("record: the game is not finished; only a finished game is reviewed")
    names = checked.players
    turns: list[list[TurnReview]] = [[] for _ in names]
    for position in positions(checked, seed=seed):
        entry = position.entry
        if not isinstance(entry.action, Place) or position.made_by_engine \
                or position.index in skip:
            continue
        judged = review_turn(PlayerView.of(position.game), entry.action, level=level)
        turns[judged.player].append(judged)
    return GameReview(tuple(PlayerReview(seat, name, tuple(made), top)
                            for seat, (name, made) in enumerate(zip(names, turns))), level)


def review_turn(view: PlayerView, played: Action, *, level: str = "medium") -> TurnReview:
    """How ``played`` compares with the best of ``view``'s actions."""
    ranked = rank_actions(view, level=level)
    best_value, best = ranked[0]
    value = next((value for value, action in ranked if action == played), None)
    if value is None:
        # The same move written otherwise (another port of the same feature):
        # valued alone, on the same sample as the others.
        value = rank_actions(replace(view, actions=(played,)), level=level)[0][0]
    rank = 1 + sum(other > value + TIE for other, _ in ranked)
    return TurnReview(view.turn, view.player, played, best, max(0.0, best_value - value),
                      rank, len(ranked))


def position_before(record: Any, turn: int, *, seed: int | None = None) -> Game:
    """The game as it stood just before record entry ``turn`` (to draw that turn)."""
    for position in positions(record, seed=seed):
        if position.index == turn:
            return position.game
    raise RecordError(f"record: there is no turn {turn}")
