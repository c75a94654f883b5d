"""Features as they grow: a union-find over the segments of placed tiles.

Every segment of every placed tile is a *node*. Segments that meet across an
edge are joined, and the root of each set holds a :class:`Feature` with what
the rules need to know about the whole road, city, field, forest...: the
tiles it covers, how many of its edges are still open, its goods (pennants,
fish, animals), its figures, and for fields the cities they border.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .figures import Figure


class Feature:
    """What the rules know about one connected feature (kept at its root)."""

    __slots__ = ("kind", "tiles", "open_edges", "goods", "figures", "huts", "cities", "lakes")

    def __init__(self, kind: str, tile: tuple[int, int], open_edges: int,
                 goods: dict[str, int]) -> None:
        self.kind = kind
        self.tiles: set[tuple[int, int]] = {tile}
        self.open_edges = open_edges
        self.goods = goods
        #: Tribe members / followers standing on it (not huts).
        self.figures: list[Figure] = []
        #: Huts claiming it (river systems only).
        self.huts: list[Figure] = []
        #: Nodes of the city segments a field borders.
        self.cities: set[int] = set()
        #: Nodes of the lakes a river section ends in.
        self.lakes: set[int] = set()

    @property
    def is_closed(self) -> bool:
        return self.open_edges == 0

    def count(self, good: str) -> int:
        return self.goods.get(good, 0)

    def absorb(self, other: Feature) -> None:
        if len(other.tiles) > len(self.tiles):
            self.tiles, other.tiles = other.tiles, self.tiles
        self.tiles |= other.tiles
        self.open_edges += other.open_edges
        for good, amount in other.goods.items():
            self.goods[good] = self.goods.get(good, 0) + amount
        self.figures += other.figures
        self.huts += other.huts
        if other.cities:
            self.cities |= other.cities
        if other.lakes:
            self.lakes |= other.lakes


class FeatureGraph:
    """Union-find over segment nodes, with a :class:`Feature` at each root."""

    __slots__ = ("parent", "features")

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.features: list[Feature | None] = []

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
        return self.features[self.find(node)]  # type: ignore[return-value]

    def join(self, a: int, b: int, closes_edge: bool = False) -> int:
        """Join the features of ``a`` and ``b``; ``closes_edge`` counts one shared edge.

        A shared edge was open on both sides, so it takes two open edges away
        from the joined feature, also when ``a`` and ``b`` were already one
        feature (a road or city closing into a loop).
        """
        root_a, root_b = self.find(a), self.find(b)
        if root_a != root_b:
            feature_a, feature_b = self.features[root_a], self.features[root_b]
            if len(feature_a.tiles) < len(feature_b.tiles):  # type: ignore[union-attr]
                root_a, root_b = root_b, root_a
                feature_a, feature_b = feature_b, feature_a
            feature_a.absorb(feature_b)  # type: ignore[union-attr]
            self.parent[root_b] = root_a
            self.features[root_b] = None
        if closes_edge:
            self.features[root_a].open_edges -= 2  # type: ignore[union-attr]
        return root_a

    def roots(self) -> list[int]:
        return [node for node, parent in enumerate(self.parent) if parent == node
                and self.features[node] is not None]
