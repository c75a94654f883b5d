"""AI players: agents that choose a move from what the player on turn may know.

>>> from engine.ai import make_agent, player_view
>>> agent = make_agent("medium", seed=7)
>>> action = agent.choose(player_view(game))   # one of the view's legal actions

Levels, weakest first: ``random``, ``greedy`` (baselines), ``easy``,
``medium``, ``hard`` (searches within a time budget). Every call into the
engine goes through :mod:`engine.ai.adapter`; ``python -m engine match`` plays
agents against each other on paired decks (:mod:`engine.ai.match`).
"""

from __future__ import annotations

from ..game import Game
from .adapter import Action, PlayerView
from .agents import Agent, Budget, EasyAgent, GreedyAgent, MediumAgent, RandomAgent
from .evaluation import Weights
from .frozen import (
    HardV1Agent,
    HardV2Agent,
    HardV3Agent,
    HardV4Agent,
    HardV5Agent,
    HardV6Agent,
    HardV7Agent,
    HardV8Agent,
    HardV9Agent,
    HardV10Agent,
    HardV11Agent,
    MediumV1Agent,
    MediumV2Agent,
    MediumV3Agent,
    MediumV4Agent,
)
from .ranking import rank_actions
from .reference import ReferenceAgent
from .review import GameReview, PlayerReview, TurnReview, review_game
from .search import HardAgent

AGENTS: dict[str, type[Agent]] = {
    agent.name: agent for agent in (RandomAgent, GreedyAgent, EasyAgent, MediumAgent, HardAgent,
                                    ReferenceAgent, MediumV1Agent, HardV1Agent, MediumV2Agent,
                                    HardV2Agent, MediumV3Agent, HardV3Agent, MediumV4Agent,
                                    HardV4Agent, HardV5Agent, HardV6Agent, HardV7Agent,
                                    HardV8Agent, HardV9Agent, HardV10Agent, HardV11Agent)
}

#: The levels a player may seat at a game (the bot's AI players and stand-ins), weakest
#: first; the others in :data:`AGENTS` are for benchmarks and the review.
PLAYER_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def make_agent(name: str, *, seed: int = 0, budget: Budget | None = None,
               weights: Weights | None = None) -> Agent:
    """The agent of that level; ValueError naming the levels for an unknown one.
    ``weights`` replace the level's evaluation (to tune it)."""
    try:
        return AGENTS[name](seed, budget, weights)
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}") from None


def player_view(state: Game) -> PlayerView:
    """What the player on turn of ``state`` may know: what agents are given."""
    return PlayerView.of(state)


__all__ = ["AGENTS", "Action", "Agent", "Budget", "GameReview", "PLAYER_LEVELS", "PlayerReview",
           "PlayerView", "TurnReview", "make_agent", "player_view", "rank_actions", "review_game"]
