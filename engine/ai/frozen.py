"""Released levels, frozen: the ladder measures every new level against them.

``medium-v1`` and ``hard-v1`` are ``medium`` and ``hard`` as first released
(issue 13): the same decisions, with the evaluation of that release
(:data:`~engine.ai.evaluation.V1`, whose followers beyond the fourth were
worth nothing in supply). Progress is measured against fixed opponents, not
against a level that moves with every change.
"""

from __future__ import annotations

from .agents import MediumAgent
from .evaluation import V1
from .search import HardAgent


class MediumV1Agent(MediumAgent):
    """``medium`` of the first release."""

    name = "medium-v1"
    default_weights = V1
    temperature = 0.5


class HardV1Agent(HardAgent):
    """``hard`` of the first release (6 candidates, one answer, every
    sample's answer searched afresh)."""

    name = "hard-v1"
    default_weights = V1
    width = 6
    replies = 1
    memo = False
    answer_placements = None
