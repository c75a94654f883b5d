"""Scoring, in three separate steps: paying points, returning figures to supply,
and the event that tells of it.

:func:`settle` joins the three the usual way (a feature closed during play,
or unfinished at the end): the majority of its figures is paid, and its figures
go back. Rule sets call the steps themselves where their rules differ (farmers
and hunters score without coming back, huts score their river system).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .events import FeatureScored, FiguresReturned
from .figures import Figure

if TYPE_CHECKING:
    from .board import PlacedTile
    from .features import Feature, FeatureGraph
    from .game import Game

Returned = tuple[tuple[int, int], ...]


def majority(figures: Iterable[Figure]) -> tuple[int, ...]:
    """The players with the most figures among ``figures`` (all tied ones, B-30);
    a big follower counts as two (IC-11)."""
    counts: Counter[int] = Counter()
    for figure in figures:
        counts[figure.player] += figure.weight
    if not counts:
        return ()
    best = max(counts.values())
    return tuple(sorted(player for player, count in counts.items() if count == best))


def pay(game: Game, players: Iterable[int], points: int) -> None:
    """Add ``points`` to each of ``players``' scores."""
    for player in players:
        game.scores[player] += points


def to_supply(game: Game, figures: Iterable[Figure]) -> Returned:
    """Take ``figures`` off the map into their owners' supply; (player, number) each."""
    counts: Counter[int] = Counter()
    for figure in figures:
        game.figures.remove(figure)
        game.left[figure.figure][figure.player] += 1
        counts[figure.player] += 1
    return tuple(sorted(counts.items()))


def return_figures(game: Game, graph: FeatureGraph, node: int, *, huts: bool = False) -> Returned:
    """Every figure (with ``huts``, every hut) on the feature of ``node`` back to
    supply; builders go with the followers (TB-20, TB-21)."""
    feature = graph.writable(node)
    if huts:
        figures, feature.huts = feature.huts, ()
    else:
        figures, feature.figures = feature.figures, ()
        if feature.others:
            figures += feature.others
            feature.others = ()
    return to_supply(game, figures)


def scored(game: Game, feature: Feature, points: int, scorers: tuple[int, ...], note: str, *,
           turn: int, player: int | None = None, final: bool = True, returned: Returned = (),
           kind: str | None = None) -> None:
    """Tell of a scoring: ``points`` to each of ``scorers`` (nobody: 0 points)."""
    game.events.append(FeatureScored(turn, player, kind or feature.kind,
                                     points if scorers else 0, scorers, len(feature.tiles),
                                     returned, final, note))


def settle(game: Game, node: int, points: int, note: str, *, turn: int, player: int | None,
           final: bool) -> None:
    """Score the feature of ``node`` the usual way: its majority is paid (ties all,
    B-29, B-30) and its figures go back (B-32). A feature without figures pays
    nobody (B-28); at the end of the game it is not even told of."""
    feature = game.graph.feature(node)
    scorers = majority(feature.figures)
    pay(game, scorers, points)
    returned = return_figures(game, game.graph, node) \
        if feature.figures or feature.others else ()
    if scorers or not final:
        scored(game, feature, points, scorers, note, turn=turn, player=player, final=final,
               returned=returned)


def release(game: Game, node: int, turn: int) -> None:
    """Take a feature's figures back without scoring it (H-8, HG-50)."""
    feature = game.graph.feature(node)
    if feature.figures or feature.others:
        returned = return_figures(game, game.graph, node)
        game.events.append(FiguresReturned(turn, None, feature.kind, returned))


def score_closed(game: Game, placed: PlacedTile, turn: int, player: int) -> list[Feature]:
    """Score every feature ``placed`` completed (B-21 to B-33); return them."""
    graph = game.graph
    features = graph.features
    roots: list[int] = []
    node = placed.node
    find = graph.find
    for index in placed.oriented.closable:
        root = find(node + index)
        feature = features[root]
        assert feature is not None, "the root of a placed segment holds its feature"
        if feature.open_edges == 0 and root not in roots:
            roots.append(root)
    rules = game.rules
    closed = []
    for root in roots:
        value = rules.closed_value(game, graph.feature(root))
        if value is not None:
            settle(game, root, *value, turn=turn, player=player, final=False)
        closed.append(graph.feature(root))
    for node, points, note in rules.surrounded(game, placed):
        settle(game, node, points, note, turn=turn, player=player, final=False)
        closed.append(graph.feature(node))
    return closed
