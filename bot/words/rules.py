"""``/carcassonne rules``: the game's rules in short topics, in the reader's words.

``/carcassonne help`` explains the bot; this explains the game: how each
feature scores, farms, the River, the Winter Edition, Hunters and Gatherers,
and the house rules of the game in the channel. Each topic is a few lines
under a small picture the renderer draws on an example game
(:func:`render.rules.render_rules`). Pure, as every module of :mod:`bot.words`.
"""

from __future__ import annotations

import discord

from engine import Options
from engine.options import Discards, FarmEdition
from render.rules import Topic

from ..i18n import Messages
from .common import COLOUR, Post, attach


def topic_title(t: Messages, topic: Topic) -> str:
    """A topic's name, as the command's menu and the answer's title say it."""
    return {
        Topic.FEATURES: t.gettext("How roads, cities and cloisters score"),
        Topic.FARMS: t.gettext("Farms and farmers"),
        Topic.RIVER: t.gettext("The River"),
        Topic.WINTER: t.gettext("The Winter Edition"),
        Topic.HUNTERS: t.gettext("Hunters and Gatherers"),
        Topic.HOUSE: t.gettext("House rules"),
    }[topic]


def topic_lines(t: Messages, topic: Topic, options: Options | None) -> list[str]:
    """What a topic says; the house rules those of ``options``, the game in the channel."""
    if topic is Topic.FEATURES:
        return [
            t.gettext("**Roads**: a completed road scores 1 point per tile."),
            t.gettext("**Cities**: a completed city scores 2 points per tile and 2 per pennant."),
            t.gettext("**Cloisters**: a cloister surrounded by 8 tiles scores 9 points."),
            t.gettext("**Who scores**: the player with the most followers on the feature; "
                      "players tied for the most each score it in full. Then the followers "
                      "go back to their players."),
            t.gettext("**At the end**: an unfinished road or city scores 1 point per tile (and "
                      "per pennant), an unfinished cloister 1 for itself and 1 per neighbour."),
        ]
    if topic is Topic.FARMS:
        return [
            t.gettext("Connected fields form a farm: roads, cities and the edge of the map "
                      "bound it. A farmer stays on it until the end of the game."),
            t.gettext("At the end, the player with the most farmers on a farm (or every player "
                      "tied for the most) scores 3 points for each completed city it borders."),
            t.gettext("1st edition (an option of `/carcassonne new`): each completed city pays "
                      "4 points to the player with the most farmers in the farms around it."),
        ]
    if topic is Topic.RIVER:
        return [
            t.gettext("The spring takes the place of the start tile. The river tiles are "
                      "placed first, the lake last, then the land tiles."),
            t.gettext("The river may not bend back in a U, and no follower stands on it; it "
                      "bounds the fields on its banks."),
        ]
    if topic is Topic.WINTER:
        return [t.gettext("The Winter Edition plays by the rules of the base game, with 84 "
                          "tiles: the 72 of the base game and 12 with winter animals, which "
                          "only decorate.")]
    if topic is Topic.HUNTERS:
        return [
            t.gettext("**Forests**: a closed forest scores 2 points per tile and 2 per "
                      "mushroom patch for its gatherers; with a gold nugget in it, whoever "
                      "closed it draws a bonus tile."),
            t.gettext("**Rivers**: a closed river section scores 1 point per tile and 1 per "
                      "fish in its lakes for its fishers."),
            t.gettext("**At the end**: a hut scores 1 point per fish in its river system; "
                      "hunters score 2 points per deer, mammoth and aurochs on their meadow, "
                      "each sabre-toothed tiger taking away a deer. Open forests and rivers "
                      "score nothing."),
        ]
    return house_lines(t, options)


def house_lines(t: Messages, options: Options | None) -> list[str]:
    """The house rules of the game in the channel (``options``), or those to choose from."""
    if options is None:
        return [t.gettext("There is no game in this channel. A game's house rules are chosen "
                          "when it is opened with `/carcassonne new`: `hand` (hold up to 3 "
                          "tiles), `unfinished` (unfinished features score nothing), "
                          "`farmers` and `two_tile_city` (the 1st edition).")]
    lines = []
    if options.hand > 1:
        lines.append(t.ngettext("Each player holds a hand of {count} tile and plays one of "
                                "them; the hand is filled up after each turn.",
                                "Each player holds a hand of {count} tiles and plays one of "
                                "them; the hand is filled up after each turn.", options.hand))
    if not options.unfinished:
        lines.append(t.gettext("Unfinished features score nothing at the end."))
    if options.discards == Discards.BACK:
        lines.append(t.gettext("A tile that fits nowhere goes back into the bag."))
    if options.farmers == FarmEdition.FIRST:
        lines.append(t.gettext("Farmers score the 1st-edition way: 4 points a city."))
    elif options.farmers == FarmEdition.OFF:
        lines.append(t.gettext("No farmers: no follower may lie in a field."))
    if options.small_city:
        lines.append(t.gettext("A completed 2-tile city scores 2 points, and 1 per pennant."))
    return lines or [t.gettext("None: this game plays by the book.")]


def rules_post(t: Messages, topic: Topic, options: Options | None,
               picture: bytes | None) -> Post:
    """The answer to ``/carcassonne rules``: the topic's lines and its picture."""
    embed = discord.Embed(title=topic_title(t, topic), colour=COLOUR,
                          description="\n".join(topic_lines(t, topic, options)))
    post = Post(embed=embed)
    attach(post, f"rules-{topic}.png", picture)
    return post
