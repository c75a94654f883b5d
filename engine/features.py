"""Features as they grow: a union-find over the segments of placed tiles.

Every segment of every placed tile is a *node*. Segments that meet across an
edge are joined, and the root of each set holds a :class:`Feature` with what
the rules need to know about the whole road, city, field, forest...: the
tiles it covers, how many of its edges are still open, its goods (pennants,
fish, animals), its figures, and for fields the cities they border.

Copies of a game share their features until one of them changes one: a
feature belongs to the graph whose ``token`` it carries, and any other graph
clones it before changing it (:meth:`FeatureGraph.writable`). Copying a graph
is then copying two lists, however big the map.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .figures import Figure


class Feature:
    """What the rules know about one connected feature (kept at its root).

    Read it freely; change it only through :meth:`FeatureGraph.writable`.
    """

    __slots__ = ("kind", "tiles", "open_edges", "goods", "figures", "huts", "others", "cities",
                 "lakes", "owner")

    def __init__(self, kind: str, tile: tuple[int, int], open_edges: int,
                 goods: Mapping[str, int], owner: object) -> None:
        self.kind = kind
        self.tiles: set[tuple[int, int]] = {tile}
        self.open_edges = open_edges
        #: Pennants, fish, animals... (never changed in place: replaced when joined).
        self.goods = goods
        #: Tribe members / followers standing on it (not huts).
        self.figures: tuple[Figure, ...] = ()
        #: Huts claiming it (river systems only).
        self.huts: tuple[Figure, ...] = ()
        #: Builders and pigs on it: figures that neither count nor block (TB-15, TB-24).
        self.others: tuple[Figure, ...] = ()
        #: Nodes of the city segments a field borders.
        self.cities: frozenset[int] = frozenset()
        #: Nodes of the lakes a river section ends in.
        self.lakes: frozenset[int] = frozenset()
        #: The token of the graph that may change it in place.
        self.owner = owner

    def count(self, good: str) -> int:
        return self.goods.get(good, 0)

    def clone(self, owner: object) -> Feature:
        twin = Feature.__new__(Feature)
        twin.kind = self.kind
        twin.tiles = self.tiles.copy()
        twin.open_edges = self.open_edges
        twin.goods = self.goods
        twin.figures = self.figures
        twin.huts = self.huts
        twin.others = self.others
        twin.cities = self.cities
        twin.lakes = self.lakes
        twin.owner = owner
        return twin

    def extend(self, tile: tuple[int, int], open_edges: int, goods: Mapping[str, int],
               cities: frozenset[int], lakes: frozenset[int]) -> None:
        """Take in a segment of a new tile, instead of making it a feature to absorb."""
        self.tiles.add(tile)
        self.open_edges += open_edges
        if goods:
            merged = dict(self.goods)
            for good, amount in goods.items():
                merged[good] = merged.get(good, 0) + amount
            self.goods = merged
        if cities:
            self.cities |= cities
        if lakes:
            self.lakes |= lakes

    def absorb(self, other: Feature) -> None:
        """Take ``other`` in (which is left as it was)."""
        self.extend(next(iter(other.tiles)), other.open_edges, other.goods, other.cities,
                    other.lakes)
        if len(other.tiles) > 1:
            self.tiles |= other.tiles
        if other.figures:
            self.figures += other.figures
        if other.huts:
            self.huts += other.huts
        if other.others:
            self.others += other.others


class FeatureGraph:
    """Union-find over segment nodes, with a :class:`Feature` at each root."""

    __slots__ = ("parent", "features", "token")

    def __init__(self) -> None:
        self.parent: list[int] = []
        #: Per node: at a root, the feature of its set (read it with :meth:`feature`);
        #: None elsewhere, and at the roots of segments the graph does not follow
        #: (the fields and roads of the river systems).
        self.features: list[Feature | None] = []
        self.token = object()

    def copy(self) -> FeatureGraph:
        """A graph sharing every feature with this one until either changes it."""
        twin = FeatureGraph.__new__(FeatureGraph)
        twin.parent = self.parent.copy()
        twin.features = self.features.copy()
        twin.token = object()
        self.token = object()  # what is shared now is no longer this graph's to change
        return twin

    def add(self, feature: Feature | None) -> int:
        node = len(self.parent)
        self.parent.append(node)
        self.features.append(feature)
        return node

    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def feature(self, node: int) -> Feature:
        """The feature ``node`` belongs to (kept at its root)."""
        feature = self.features[self.find(node)]
        if feature is None:
            raise _featureless(node)
        return feature

    def writable(self, node: int) -> Feature:
        """The feature of ``node``, this graph's own to change."""
        root = self.find(node)
        feature = self.features[root]
        if feature is None:
            raise _featureless(node)
        if feature.owner is not self.token:
            feature = feature.clone(self.token)
            self.features[root] = feature
        return feature

    def join(self, a: int, b: int, closes_edge: bool = False) -> int:
        """Join the features of ``a`` and ``b``; ``closes_edge`` counts one shared edge.

        A shared edge was open on both sides, so it takes two open edges away
        from the joined feature, also when ``a`` and ``b`` were already one
        feature (a road or city closing into a loop).
        """
        root_a, root_b = self.find(a), self.find(b)
        features = self.features
        if root_a != root_b:
            feature_a, feature_b = features[root_a], features[root_b]
            if feature_a is None or feature_b is None:
                raise _featureless(a if feature_a is None else b)
            if len(feature_a.tiles) < len(feature_b.tiles):
                root_a, root_b = root_b, root_a
                feature_b = feature_a
            joined = self.writable(root_a)
            joined.absorb(feature_b)
            self.parent[root_b] = root_a
            features[root_b] = None
            if closes_edge:
                joined.open_edges -= 2
        elif closes_edge:
            self.writable(root_a).open_edges -= 2
        return root_a

    def roots(self) -> list[int]:
        return [node for node, parent in enumerate(self.parent) if parent == node
                and self.features[node] is not None]


def _featureless(node: int) -> LookupError:
    """A node whose root holds no feature: a segment outside the graph's kinds
    (a field in the river systems), or one of a tile not joined in yet."""
    return LookupError(f"node {node} belongs to no feature")
