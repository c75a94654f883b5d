"""Every legal action of a position, best first, as an AI level values it.

The game review and the hint ask the same question of a position: which of
the player's actions does the AI like best, and by how many expected points
over the others? :func:`rank_actions` answers it from the player's view
(never the hidden order of the tiles), with the one-ply evaluation of a level
and no randomness in the choice: the same view always gets the same ranking.
"""

from __future__ import annotations

import random

from .adapter import Action, PlayerView
from .agents import EasyAgent, MediumAgent, score_actions
from .evaluation import Weights, evaluate

#: The levels whose evaluation can rank actions: the one-ply ones.
RANKING_WEIGHTS: dict[str, Weights] = {
    agent.name: agent.weights for agent in (EasyAgent, MediumAgent)
}


def rank_actions(view: PlayerView, *, level: str = "medium") -> list[tuple[float, Action]]:
    """Each of ``view``'s legal actions with its value (the player's expected
    lead over the best of the others after it, in points), best first; equal
    values keep the engine's order of the actions.

    Every action is tried on one sample of what the player cannot see, dealt
    from a generator made from the turn and the seat, so that the ranking is
    deterministic and two actions differ only by what they do.
    """
    try:
        weights = RANKING_WEIGHTS[level]
    except KeyError:
        raise ValueError(f"level {level!r} cannot rank actions; levels: "
                         f"{', '.join(RANKING_WEIGHTS)}") from None
    me = view.player
    rng = random.Random(f"rank/{view.turn}/{me}")
    scored = score_actions(view, lambda state: evaluate(state, me, weights, disposable=True), rng)
    return sorted(scored, key=lambda item: -item[0])
