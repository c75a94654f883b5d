"""What happened, one line each: a tile placed (with its figure), a feature
scored, a tile discarded or skipped, a bonus tile or a second tile earned, goods
taken, a player removed. The turn message, the absence news and the final
scoring say events in these words.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import (
    BonusTileEarned,
    DoubleTurnEarned,
    Event,
    FeatureScored,
    GoodsTaken,
    PlayerRemoved,
    TileDiscarded,
    TilePlaced,
    TurnSkipped,
)

from ..app.state import GameState
from ..i18n import Messages
from ..i18n.terms import FEATURES, TILE_COUNT
from ..naming import position_label
from ..spots import placed_spot
from .common import goods_text, who
from .tiles import tile_name


def event_line(t: Messages, state: GameState, event: Event) -> str | None:
    """One line for a thing that happened (None for what needs no line: figures
    returned, the end itself, and final scoring, which is summed elsewhere)."""
    if isinstance(event, TilePlaced) and event.player is not None:
        return placed_line(t, state, event)
    if isinstance(event, FeatureScored) and not event.final:
        return scored_line(t, state, event)
    if isinstance(event, TileDiscarded):
        tile = tile_name(t, event.tile)
        if event.back_to_bag:
            return t.gettext("🗑️ {player} drew {tile}, which fits nowhere: it goes back into "
                             "the bag.", player=who(state, event.player), tile=tile)
        return t.gettext("🗑️ {player} drew {tile}, which fits nowhere: it is discarded.",
                         player=who(state, event.player), tile=tile)
    if isinstance(event, BonusTileEarned):
        return t.gettext("✨ {player} earned a bonus tile: {tile}.",
                         player=who(state, event.player), tile=tile_name(t, event.tile))
    if isinstance(event, DoubleTurnEarned):
        # Translators: Traders & Builders: the tile extended the road or city where the
        # player's builder stands, so they play a second tile now (TB-17).
        return t.gettext("🔨 {player} extended their builder's road or city: a second tile "
                         "now.", player=who(state, event.player))
    if isinstance(event, GoodsTaken):
        # Translators: Traders & Builders: the player completed cities with trade goods
        # and takes them; {goods} lists them ("1 wine and 2 cloth").
        return t.gettext("📦 {player} takes {goods}.", player=who(state, event.player),
                         goods=goods_text(t, event.goods))
    if isinstance(event, TurnSkipped):
        return t.gettext("⏭️ {player} missed the turn; {tile} went back into the bag.",
                         player=who(state, event.player), tile=tile_name(t, event.tile))
    if isinstance(event, PlayerRemoved):
        # Nobody leaves a running game by themselves: the host, a moderator or the
        # deadline rules removed them (the announcement of it says which).
        return t.gettext("🚪 {player} was removed from the game.", player=who(state, event.player))
    return None


def event_lines(t: Messages, state: GameState, events: Iterable[Event]) -> list[str]:
    """One line per thing that happened, in order."""
    return [line for event in events if (line := event_line(t, state, event)) is not None]


def placed_line(t: Messages, state: GameState, event: TilePlaced) -> str:
    """"🔵1 **Ana** placed road curve at `1,0`, turned 90°, with a thief on the
    south road." One whole sentence per role, so that each language words it. The tile
    by its name alone: the turn message's picture letters the places, and a tile's id
    (a letter too) beside them would read as one of them."""
    assert event.player is not None
    facts = {"player": who(state, event.player), "tile": tile_name(t, event.tile),
             "position": f"`{position_label(event.x, event.y)}`", "rotation": event.rotation}
    figure = event.figure
    if figure is None:
        # Translators: {player} is a mark and a name ("🔵1 **Ana**"), {tile} a tile's name
        # ("road curve"), {position} the map's x,y ("`3,-1`").
        line = t.gettext("{player} placed {tile} at {position}, turned {rotation}°.", **facts)
    else:
        assert state.game is not None
        placed = state.game.board.tiles[(event.x, event.y)]
        facts["spot"] = placed_spot(t, placed, figure.segment, figure.figure)
        key = "big" if figure.figure == "big" else str(figure.role)
        line = _FIGURE_SENTENCES[key](t, facts)
    if event.bonus:
        line = t.sentences(line, bonus_note(t))
    if event.turn in state.row.stand_ins:
        line = t.sentences(line, stood_in(t))
    return line


def bonus_note(t: Messages) -> str:
    # Translators: after a sentence saying a tile was placed: it was a bonus tile.
    return t.gettext("(bonus tile)")


def stood_in(t: Messages) -> str:
    # Translators: after a move of a player who missed their deadline: an AI played it.
    return t.gettext("(🤖 played for them by the AI)")


# Whole sentences, one per role (the extraction needs each written out).
_FIGURE_SENTENCES = {
    # Translators: {player} is a mark and a name ("🔵1 **Ana**"), {tile} a tile's name and
    # id, {position} "`3,-1`", {spot} a follower spot's name ("the north field").
    "thief": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a thief on {spot}.", **f),
    "knight": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a knight on {spot}.", **f),
    "monk": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a monk on {spot}.", **f),
    "farmer": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a farmer on {spot}.", **f),
    "fisher": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a fisher on {spot}.", **f),
    "gatherer": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a gatherer on {spot}.",
        **f),
    "hunter": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a hunter on {spot}.", **f),
    "hut": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with a hut on {spot}.", **f),
    # Inns & Cathedrals, Traders & Builders.
    "big": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with their big follower on "
        "{spot}.", **f),
    "builder": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with their builder on "
        "{spot}.", **f),
    "pig": lambda t, f: t.gettext(
        "{player} placed {tile} at {position}, turned {rotation}°, with their pig in {spot}.",
        **f),
}


def scored_line(t: Messages, state: GameState, event: FeatureScored) -> str:
    """"✅ Completed city (3 tiles): 🔵1 **Ana** +8." A cloister is one tile with
    its eight neighbours: its size says nothing, its points say it all."""
    if event.kind == "cloister":
        if not event.scorers:
            return t.gettext("✅ Completed cloister, nobody's.")
        return t.gettext("✅ Completed cloister: {players} +{points}.",
                         players=t.list([who(state, seat) for seat in event.scorers]),
                         points=event.points)
    feature = t.term(FEATURES[event.kind]) if event.kind in FEATURES else event.kind
    size = t.term(TILE_COUNT, event.tiles)
    if not event.scorers:
        return t.gettext("✅ Completed {feature} ({size}), nobody's.", feature=feature, size=size)
    players = t.list([who(state, seat) for seat in event.scorers])
    if len(event.scorers) == 1:
        return t.gettext("✅ Completed {feature} ({size}): {players} +{points}.",
                         feature=feature, size=size, players=players, points=event.points)
    return t.gettext("✅ Completed {feature} ({size}): {players} +{points} each.",
                     feature=feature, size=size, players=players, points=event.points)
