"""The small pictures of ``/carcassonne rules``: each topic shown on a game.

A topic's picture is drawn from an example game the engine plays by seeded
random moves, so it shows the real tiles, figures and colours of the bot's
other pictures: the map with its figures for the features, the River, the
Winter Edition and Hunters and Gatherers, the feature view for farms (each
farm in its owner's colour), and a hand of tiles for the house rules. Small
(:data:`RULES_TILE` px a tile) and deterministic: the same topic always gives
the same picture.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from PIL import Image

from engine import FarmEdition, Game, Options
from engine.options import HUNTERS_AND_GATHERERS
from engine.selfplay import play_random_moves

from .board import render_board
from .hand import render_hand
from .labels import ENGLISH, Labels
from .ownership import render_features

#: Pixels per tile of a rules picture: small beside the text, still legible.
RULES_TILE = 48


class Topic(StrEnum):
    """The topics of ``/carcassonne rules``."""

    FEATURES = "features"
    FARMS = "farms"
    RIVER = "river"
    WINTER = "winter"
    HUNTERS = "hunters"
    HOUSE = "house"


@dataclass(frozen=True)
class Example:
    """An example game: its options, how many random moves, their seed, and the view."""

    options: Options
    moves: int
    seed: int
    view: str  # "features", "board" or "hand"


EXAMPLES: dict[Topic, Example] = {
    Topic.FEATURES: Example(Options(farmers=FarmEdition.OFF), 14, 5, "board"),
    Topic.FARMS: Example(Options(), 24, 7, "features"),
    Topic.RIVER: Example(Options(river=True), 9, 3, "board"),
    Topic.WINTER: Example(Options(winter=True), 12, 4, "board"),
    Topic.HUNTERS: Example(Options(game=HUNTERS_AND_GATHERERS), 14, 2, "board"),
    Topic.HOUSE: Example(Options(hand=3), 4, 1, "hand"),
}


@cache
def example_game(topic: Topic) -> Game:
    """The example game of ``topic`` (cached: the engine plays it once)."""
    example = EXAMPLES[topic]
    game = Game.new(["Ana", "Béla"], example.options, seed=example.seed)
    return play_random_moves(game, random.Random(example.seed), example.moves)


def render_rules(topic: Topic | str, *, labels: Labels = ENGLISH) -> Image.Image:
    """The picture of rules ``topic``, drawn on its example game."""
    topic = Topic(topic)
    game = example_game(topic)
    view = EXAMPLES[topic].view
    if view == "hand":
        return render_hand(game.hand, size=RULES_TILE * 2, labels=labels)
    if view == "features":
        return render_features(game, scale=RULES_TILE, labels=labels)
    return render_board(game, scale=RULES_TILE, recent=False, labels=labels)
