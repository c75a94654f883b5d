"""Rule sets: what differs between the games the engine plays.

The :class:`~engine.game.Game` knows what every game on this engine shares
(placing tiles, joining features, placing figures, majorities, returning
figures). A :class:`RuleSet` supplies the rest through a few hooks: the tiles
and how they are drawn, where figures may stand, what a closed feature is
worth, and the final scoring. :func:`rules_for` picks the rule set of a game's
options, as python-chess's ``find_variant`` does.
"""

from __future__ import annotations

from .base import RuleSet
from .carcassonne import Carcassonne
from .hunters import HuntersAndGatherers

_RULE_SETS: dict[str, type[RuleSet]] = {
    Carcassonne.name: Carcassonne,
    HuntersAndGatherers.name: HuntersAndGatherers,
}


def rules_for(options) -> RuleSet:
    """The rule set that plays ``options.game`` with those options."""
    return _RULE_SETS[options.game](options)


__all__ = ["Carcassonne", "HuntersAndGatherers", "RuleSet", "rules_for"]
