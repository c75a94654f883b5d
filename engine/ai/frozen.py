"""Released levels, frozen: the ladder measures every new level against them.

``medium-v1`` and ``hard-v1`` are ``medium`` and ``hard`` as first released
(issue 13), with the evaluation of that release (:data:`~engine.ai.evaluation.V1`,
whose followers beyond the fourth were worth nothing in supply);
``medium-v2`` and ``hard-v2`` as released with the follower's worth of issue 23
(:data:`~engine.ai.evaluation.V2`); ``medium-v3`` and ``hard-v3`` as released with
the temperature and the search's prior of issue 23 (the same evaluation);
``medium-v4`` and ``hard-v4`` as released with the search refining the one-ply
best (``medium`` as ``medium-v3``, under its own name); ``hard-v5`` as
released with the evaluation set by SPSA (:data:`~engine.ai.evaluation.V5`,
which ``medium`` still plays by); ``hard-v6`` as released with the evaluation
fitted to games' outcomes (:data:`~engine.ai.evaluation.V6`) with 2 players and
``V5`` at a bigger table, only the next player answering; ``hard-v7`` as
released with every other player answering at 2 or 3 players and ``V6`` up
to 4 players (with a hand of tiles, not yet its own next turn); ``hard-v8``
as released with its own next turn answering with a hand of tiles at 2
players (``V5`` still at 5 players); ``hard-v9`` as released with ``V7`` at 5
players (``V6`` in the Winter Edition too); ``hard-v10`` as released with
``V8`` in the Winter Edition with 2 players; ``hard-v11`` as released with
``V9`` in Hunters and Gatherers with 2 players (``V7`` still at 5). Each
names every setting it decides by (``hard``'s: 1.5 s a move), so a change to
today's levels leaves them as they were: progress is measured against
fixed opponents, not against a level that moves with every change.
"""

from __future__ import annotations

from typing import ClassVar

from .agents import Budget, OnePlyAgent
from .evaluation import V1, V2, V5, V6, V7, Weights
from .search import (
    DEFAULT_BUDGET,
    HUNTERS_WEIGHTS,
    WINTER_WEIGHTS,
    HardAgent,
    RuleSetWeights,
)


class MediumV1Agent(OnePlyAgent):
    """``medium`` of the first release."""

    name = "medium-v1"
    default_weights = V1
    temperature = 0.5


class HardV1Agent(HardAgent):
    """``hard`` of the first release (6 candidates, one answer, every
    sample's answer searched afresh)."""

    name = "hard-v1"
    default_weights = V1
    bigger_table_weights = None
    rule_set_weights = ()
    width = 6
    replies = 1
    all_answer_up_to = 2
    own_turn_with_hand_up_to = 1
    memo = False
    answer_placements = None
    prior_rounds = 0.0
    margin = None
    default_budget = Budget(seconds=1.5)


class MediumV2Agent(OnePlyAgent):
    """``medium`` of the second release: one ply, odds falling by e per 0.5 points."""

    name = "medium-v2"
    default_weights = V2
    temperature = 0.5


class HardV2Agent(HardAgent):
    """``hard`` of the second release (6 candidates, one answer remembered by
    the answerer's tiles, figures tried on the answerer's 4 best placements)."""

    name = "hard-v2"
    default_weights = V2
    bigger_table_weights = None
    rule_set_weights = ()
    width = 6
    replies = 1
    all_answer_up_to = 2
    own_turn_with_hand_up_to = 1
    memo = True
    answer_placements = 4
    prior_rounds = 0.0
    margin = None
    default_budget = Budget(seconds=1.5)


class MediumV3Agent(OnePlyAgent):
    """``medium`` of the third release: one ply, odds falling by e per 0.3 points."""

    name = "medium-v3"
    default_weights = V2
    temperature = 0.3


class HardV3Agent(HardAgent):
    """``hard`` of the third release: ``hard-v2`` whose one-ply value of each
    candidate counts as 4 rounds of the search."""

    name = "hard-v3"
    default_weights = V2
    bigger_table_weights = None
    rule_set_weights = ()
    width = 6
    replies = 1
    all_answer_up_to = 2
    own_turn_with_hand_up_to = 1
    memo = True
    answer_placements = 4
    prior_rounds = 4.0
    margin = None
    default_budget = Budget(seconds=1.5)


class MediumV4Agent(MediumV3Agent):
    """``medium`` of the fourth release: ``medium-v3`` (itself frozen) under its
    own name, which seeds its random picks."""

    name = "medium-v4"


class HardV4Agent(HardAgent):
    """``hard`` of the fourth release: the one-ply best, unless a search of
    the actions within 2 points of it (each one's one-ply value counted as 8
    rounds, 48 trials, at most 1.5 s) finds better."""

    name = "hard-v4"
    default_weights = V2
    bigger_table_weights: ClassVar[Weights | None] = None
    rule_set_weights: ClassVar[tuple[RuleSetWeights, ...]] = ()
    width = 6
    replies = 1
    all_answer_up_to = 2
    own_turn_with_hand_up_to = 1
    memo = True
    answer_placements = 4
    prior_rounds = 8.0
    margin = 2.0
    default_budget = DEFAULT_BUDGET


class HardV5Agent(HardV4Agent):
    """``hard`` of the fifth release: ``hard-v4``'s search (itself frozen) with
    the evaluation set by SPSA (:data:`~engine.ai.evaluation.V5`)."""

    name = "hard-v5"
    default_weights = V5


class HardV6Agent(HardV5Agent):
    """``hard`` of the sixth release: ``hard-v5``'s search with the evaluation
    fitted to games' outcomes (:data:`~engine.ai.evaluation.V6`) with 2
    players and ``V5`` at a bigger table."""

    name = "hard-v6"
    default_weights = V6
    bigger_table_weights = V5
    bigger_table = 3


class HardV7Agent(HardV6Agent):
    """``hard`` of the seventh release: ``hard-v6``'s search with every other
    player answering at a table of 2 or 3, valued by ``V6`` up to 4 players
    and by ``V5`` at 5."""

    name = "hard-v7"
    bigger_table = 5
    all_answer_up_to = 3


class HardV8Agent(HardV7Agent):
    """``hard`` of the eighth release: ``hard-v7`` whose answers with a hand of
    tiles at 2 players go on to its own next turn (32 trials of three turns),
    valued by ``V5`` at 5 players."""

    name = "hard-v8"
    bigger_table_weights = V5
    own_turn_with_hand_up_to = 2
    hand_answer_placements = 2
    own_turn_trial_cost = 1.5


class HardV9Agent(HardV8Agent):
    """``hard`` of the ninth release: ``hard-v8`` valued by ``V7`` at 5
    players, and by ``V6`` in the Winter Edition as in the base game."""

    name = "hard-v9"
    bigger_table_weights = V7


class HardV10Agent(HardV9Agent):
    """``hard`` of the tenth release: ``hard-v9`` valued by ``V8`` in the
    Winter Edition with 2 players."""

    name = "hard-v10"
    rule_set_weights: ClassVar[tuple[RuleSetWeights, ...]] = (WINTER_WEIGHTS,)


class HardV11Agent(HardV10Agent):
    """``hard`` of the eleventh release: ``hard-v10`` valued by ``V9`` in
    Hunters and Gatherers with 2 players."""

    name = "hard-v11"
    rule_set_weights = (WINTER_WEIGHTS, HUNTERS_WEIGHTS)
