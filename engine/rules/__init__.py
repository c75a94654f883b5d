"""Rule sets: what differs between the games the engine plays.

The :class:`~engine.game.Game` knows what every game on this engine shares
(placing tiles, joining features, placing figures, majorities, returning
figures). A :class:`RuleSet` supplies the rest through a few hooks: the tiles
and how they are drawn, where figures may stand, what a closed feature is
worth, and the final scoring. :func:`rules_for` finds the rule set of a game's
options, as python-chess's ``find_variant`` does; rule sets are immutable, so
every game with the same options shares one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..options import Options
from .base import RuleSet
from .carcassonne import Carcassonne
from .hunters import HuntersAndGatherers

_RULE_SETS: dict[str, Callable[[Options], RuleSet]] = {
    Carcassonne.name: Carcassonne,
    HuntersAndGatherers.name: HuntersAndGatherers,
}


@cache
def rules_for(options: Options) -> RuleSet:
    """The rule set that plays ``options.game`` with those options (one per options)."""
    return _RULE_SETS[options.game](options)


__all__ = ["Carcassonne", "HuntersAndGatherers", "RuleSet", "rules_for"]
