"""Every legal action of a position, best first, as an AI level values it.

The game review and the hint ask the same question of a position: which of
the player's actions does the AI like best, and by how many expected points
over the others? :func:`rank_actions` answers it from the player's view
(never the hidden order of the tiles), with the one-ply evaluation of a level
and no randomness in the choice: the same view always gets the same ranking.
"""

from __future__ import annotations

import random

from . import adapter
from .adapter import Action, PlayerView
from .agents import Agent, EasyAgent, MediumAgent, score_actions
from .evaluation import Weights, evaluate
from .frozen import HardV1Agent, HardV2Agent, MediumV1Agent, MediumV2Agent
from .search import HardAgent

#: The levels whose evaluation can rank actions: those that value positions by
#: :func:`~engine.ai.evaluation.evaluate` (``hard`` searches with its level's).
RANKING_LEVELS: dict[str, type[Agent]] = {
    agent.name: agent
    for agent in (EasyAgent, MediumAgent, HardAgent, MediumV1Agent, HardV1Agent, MediumV2Agent,
                  HardV2Agent)
}


def ranking_weights(level: str, view: PlayerView) -> Weights:
    """The evaluation ``level`` values ``view``'s position by: ``hard``'s
    depends on the table and the rules (:meth:`HardAgent.weights_at`)."""
    try:
        agent = RANKING_LEVELS[level]
    except KeyError:
        raise ValueError(f"level {level!r} cannot rank actions; levels: "
                         f"{', '.join(RANKING_LEVELS)}") from None
    if issubclass(agent, HardAgent):
        return agent().weights_at(len(view.scores), view.options)
    return agent.default_weights


def rank_actions(view: PlayerView, *, level: str = "medium") -> list[tuple[float, Action]]:
    """Each of ``view``'s legal actions with its value (the player's expected
    lead over the best of the others after it, in points), best first; equal
    values keep the engine's order of the actions.

    Every action is tried on one sample of what the player cannot see, dealt
    from a generator made from the turn and the seat, so that the ranking is
    deterministic and two actions differ only by what they do.
    """
    weights = ranking_weights(level, view)
    me = view.player
    rng = random.Random(f"rank/{view.turn}/{me}")
    scored = score_actions(view, lambda state: evaluate(state, me, weights, disposable=True), rng)
    return sorted(scored, key=lambda item: -item[0])


def suggest_move(record: dict, *, game_seed: int | None = None, level: str = "medium") -> Action:
    """The AI's suggestion for the player on turn of ``record`` (a hint): the best
    of :func:`rank_actions`. Plain data in, an action out, for a worker process;
    ``game_seed`` deals the tiles to come when the record does not carry it."""
    state = adapter.state_from_record(record, seed=game_seed)
    if adapter.is_over(state):
        raise ValueError("the game is over: there is no move to suggest")
    return rank_actions(PlayerView.of(state), level=level)[0][1]
