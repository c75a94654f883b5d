"""Follower spots by what they are: "the road", "the north field", "the river (hut)".

The engine lists where a figure may stand on a placement
(``Game.legal_figures``: :class:`~engine.FigureOption` s in a fixed order);
spot *k* is the *k*-th of them, and the preview draws *k* on that feature
(:func:`render.render_preview`). Players choose a spot by that number or by
its words; ports (``NNE``, ``SSW``) are the record's and the engine's, never
shown.

A spot is named by its feature ("the city") when the tile has one feature of
that kind, else by where the feature lies on the placed tile ("the north
city", "the field in the middle"). The names are catalogue entries (context
``follower spot``), one whole phrase each.

Typed words are read without case or accents ("eszaki mezo" is "északi
mező", "fara supus" is "Fără supus"), in the reader's language or English.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from engine import BIG, BUILDER, HUT, MEEPLE, PIG, Compass, FigureKind, FigureOption, TileType
from engine.board import PlacedTile
from engine.geometry import PORT_INDEX
from engine.options import GameName

from .errors import NoSpots, NotASpot, WhichSpot
from .i18n import SOURCE, Messages, Term, messages, term
from .i18n.terms import FEATURES, FIGURES, ROLES
from .naming import FollowerChoice, quote

SPOT_NAMES: dict[tuple[FigureKind, str, Compass | None], Term] = {
    # A follower (a tribe member) on a feature the tile has one of.
    # Translators: (context "follower spot") where a figure may stand on a tile, as a menu
    # lists it after the spot's number ("2: the north field"); north is up on the map.
    (MEEPLE, "road", None): term("follower spot", "the road"),
    (MEEPLE, "city", None): term("follower spot", "the city"),
    (MEEPLE, "cloister", None): term("follower spot", "the cloister"),
    (MEEPLE, "field", None): term("follower spot", "the field"),
    (MEEPLE, "river", None): term("follower spot", "the river"),
    (MEEPLE, "forest", None): term("follower spot", "the forest"),
    (MEEPLE, "meadow", None): term("follower spot", "the meadow"),
    # ... on one of several roads of the tile, by where it lies.
    (MEEPLE, "road", Compass.N): term("follower spot", "the north road"),
    (MEEPLE, "road", Compass.NE): term("follower spot", "the north-east road"),
    (MEEPLE, "road", Compass.E): term("follower spot", "the east road"),
    (MEEPLE, "road", Compass.SE): term("follower spot", "the south-east road"),
    (MEEPLE, "road", Compass.S): term("follower spot", "the south road"),
    (MEEPLE, "road", Compass.SW): term("follower spot", "the south-west road"),
    (MEEPLE, "road", Compass.W): term("follower spot", "the west road"),
    (MEEPLE, "road", Compass.NW): term("follower spot", "the north-west road"),
    # ... on one of several citys of the tile, by where it lies.
    (MEEPLE, "city", Compass.N): term("follower spot", "the north city"),
    (MEEPLE, "city", Compass.NE): term("follower spot", "the north-east city"),
    (MEEPLE, "city", Compass.E): term("follower spot", "the east city"),
    (MEEPLE, "city", Compass.SE): term("follower spot", "the south-east city"),
    (MEEPLE, "city", Compass.S): term("follower spot", "the south city"),
    (MEEPLE, "city", Compass.SW): term("follower spot", "the south-west city"),
    (MEEPLE, "city", Compass.W): term("follower spot", "the west city"),
    (MEEPLE, "city", Compass.NW): term("follower spot", "the north-west city"),
    # ... on one of several fields of the tile, by where it lies.
    (MEEPLE, "field", Compass.N): term("follower spot", "the north field"),
    (MEEPLE, "field", Compass.NE): term("follower spot", "the north-east field"),
    (MEEPLE, "field", Compass.E): term("follower spot", "the east field"),
    (MEEPLE, "field", Compass.SE): term("follower spot", "the south-east field"),
    (MEEPLE, "field", Compass.S): term("follower spot", "the south field"),
    (MEEPLE, "field", Compass.SW): term("follower spot", "the south-west field"),
    (MEEPLE, "field", Compass.W): term("follower spot", "the west field"),
    (MEEPLE, "field", Compass.NW): term("follower spot", "the north-west field"),
    (MEEPLE, "field", Compass.CENTRE): term("follower spot", "the field in the middle"),
    # ... on one of several rivers of the tile, by where it lies.
    (MEEPLE, "river", Compass.N): term("follower spot", "the north river"),
    (MEEPLE, "river", Compass.NE): term("follower spot", "the north-east river"),
    (MEEPLE, "river", Compass.E): term("follower spot", "the east river"),
    (MEEPLE, "river", Compass.SE): term("follower spot", "the south-east river"),
    (MEEPLE, "river", Compass.S): term("follower spot", "the south river"),
    (MEEPLE, "river", Compass.SW): term("follower spot", "the south-west river"),
    (MEEPLE, "river", Compass.W): term("follower spot", "the west river"),
    (MEEPLE, "river", Compass.NW): term("follower spot", "the north-west river"),
    # ... on one of several forests of the tile, by where it lies.
    (MEEPLE, "forest", Compass.N): term("follower spot", "the north forest"),
    (MEEPLE, "forest", Compass.NE): term("follower spot", "the north-east forest"),
    (MEEPLE, "forest", Compass.E): term("follower spot", "the east forest"),
    (MEEPLE, "forest", Compass.SE): term("follower spot", "the south-east forest"),
    (MEEPLE, "forest", Compass.S): term("follower spot", "the south forest"),
    (MEEPLE, "forest", Compass.SW): term("follower spot", "the south-west forest"),
    (MEEPLE, "forest", Compass.W): term("follower spot", "the west forest"),
    (MEEPLE, "forest", Compass.NW): term("follower spot", "the north-west forest"),
    # ... on one of several meadows of the tile, by where it lies.
    (MEEPLE, "meadow", Compass.N): term("follower spot", "the north meadow"),
    (MEEPLE, "meadow", Compass.NE): term("follower spot", "the north-east meadow"),
    (MEEPLE, "meadow", Compass.E): term("follower spot", "the east meadow"),
    (MEEPLE, "meadow", Compass.SE): term("follower spot", "the south-east meadow"),
    (MEEPLE, "meadow", Compass.S): term("follower spot", "the south meadow"),
    (MEEPLE, "meadow", Compass.SW): term("follower spot", "the south-west meadow"),
    (MEEPLE, "meadow", Compass.W): term("follower spot", "the west meadow"),
    (MEEPLE, "meadow", Compass.NW): term("follower spot", "the north-west meadow"),
    (MEEPLE, "meadow", Compass.CENTRE): term("follower spot", "the meadow in the middle"),
    # A hut on a river or a lake (Hunters and Gatherers).
    (HUT, "river", None): term("follower spot", "the river (hut)"),
    (HUT, "river", Compass.N): term("follower spot", "the north river (hut)"),
    (HUT, "river", Compass.NE): term("follower spot", "the north-east river (hut)"),
    (HUT, "river", Compass.E): term("follower spot", "the east river (hut)"),
    (HUT, "river", Compass.SE): term("follower spot", "the south-east river (hut)"),
    (HUT, "river", Compass.S): term("follower spot", "the south river (hut)"),
    (HUT, "river", Compass.SW): term("follower spot", "the south-west river (hut)"),
    (HUT, "river", Compass.W): term("follower spot", "the west river (hut)"),
    (HUT, "river", Compass.NW): term("follower spot", "the north-west river (hut)"),
    (HUT, "lake", None): term("follower spot", "the lake (hut)"),
    (HUT, "lake", Compass.CENTRE): term("follower spot", "the lake (hut)"),
}
#: A field or meadow that lies only in one corner of the tile (inside a road or river
#: curve), where another of its kind leans the same way ("the south-east field").
CORNER_NAMES: dict[tuple[str, Compass], Term] = {
    # Translators: (context "follower spot") a field in one corner of the tile only, next
    # to another field that leans the same way (which is "the north-east field").
    ("field", Compass.NE): term("follower spot", "the field in the north-east corner"),
    ("field", Compass.SE): term("follower spot", "the field in the south-east corner"),
    ("field", Compass.SW): term("follower spot", "the field in the south-west corner"),
    ("field", Compass.NW): term("follower spot", "the field in the north-west corner"),
    ("meadow", Compass.NE): term("follower spot", "the meadow in the north-east corner"),
    ("meadow", Compass.SE): term("follower spot", "the meadow in the south-east corner"),
    ("meadow", Compass.SW): term("follower spot", "the meadow in the south-west corner"),
    ("meadow", Compass.NW): term("follower spot", "the meadow in the north-west corner"),
}
#: The two border points beside each corner of a tile (the ports either side of it).
_CORNERS = frozenset(frozenset(PORT_INDEX[p] for p in pair) for pair in (
    ("NNE", "ENE"), ("ESE", "SSE"), ("SSW", "WSW"), ("WNW", "NNW")))
# Translators: where a hut stands on a lake, in a sentence that names the hut already
# ("with a hut on the lake"); a hut on a river is on the river's spot ("the north river").
LAKE = term("follower spot", "the lake")

#: The expansions' figures as spots: the figure, then the feature's spot name;
#: "on" a road, "in" anything else, as English says it.
FIGURE_SPOTS: dict[tuple[FigureKind, bool], Term] = {
    # Translators: (context "follower spot") Inns & Cathedrals: the big follower as a menu
    # lists it; {spot} is a spot's name ("the north road", "the city").
    (BIG, True): term("follower spot", "the big follower on {spot}"),
    (BIG, False): term("follower spot", "the big follower in {spot}"),
    # Translators: (context "follower spot") Traders & Builders: the builder, on a road
    # or in a city; {spot} is a spot's name ("the road", "the west city").
    (BUILDER, True): term("follower spot", "the builder on {spot}"),
    (BUILDER, False): term("follower spot", "the builder in {spot}"),
    # Translators: (context "follower spot") Traders & Builders: the pig, in a field;
    # {spot} is a spot's name ("the north field").
    (PIG, False): term("follower spot", "the pig in {spot}"),
}

#: What a player may type for "no follower" in any language, besides the words
#: of the menu and of the catalogue (:func:`no_follower_words`).
NO_FOLLOWER_SIGNS = frozenset({"0"})
#: Short compass words a player may type ("n", "sw") for the map's directions.
_COMPASS_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west", "ne": "north east",
                  "se": "south east", "sw": "south west", "nw": "north west",
                  "centre": "middle", "center": "middle"}
#: Words that say nothing about which spot ("the", "on the").
_FILLER = frozenset({"the", "a", "an", "on", "in", "at", "to", "of", "spot", "my", "put"})


@dataclass(frozen=True)
class Spot:
    """Spot ``number`` of a placement: the engine's option, the player's name for
    it, its English name (typed words may be English in any language), and how
    menus and suggestions show it (``label``: "2: the north field")."""

    number: int
    option: FigureOption
    name: str
    english: str
    label: str


def spot_name(t: Messages, tile: TileType, figure: FigureKind | str, segment: int,
              compass: Compass) -> str:
    """The name of the feature ``segment`` of ``tile`` as a spot for ``figure``: "the
    north field", "the pig in the north field"."""
    figure = FigureKind(figure)
    kind = tile.segments[segment].kind
    if figure in (BIG, BUILDER, PIG):
        return t.term(FIGURE_SPOTS[figure, kind == "road"],
                      spot=spot_name(t, tile, MEEPLE, segment, compass))
    alone = sum(1 for s in tile.segments if s.kind == kind) == 1
    if not alone and _in_a_corner_beside_a_twin(tile, segment):
        return t.term(CORNER_NAMES[kind, compass])
    key = (FigureKind(figure), kind, None if alone else compass)
    found = SPOT_NAMES.get(key) or SPOT_NAMES.get((FigureKind(figure), kind, None))
    return t.term(found) if found is not None else t.term(FEATURES[kind])


def _in_a_corner_beside_a_twin(tile: TileType, segment: int) -> bool:
    """Whether feature ``segment`` lies only in a corner of the tile while another
    feature of its kind leans the same way (tiles O, P, RV8, H24...): the compass
    alone would name both alike. Turning the tile changes neither, so the tile as
    drawn in its catalogue tells."""
    drawn = tile.orientations[0]
    kind, compass = tile.segments[segment].kind, drawn.segment_compass[segment]
    twins = [i for i, s in enumerate(tile.segments)
             if i != segment and s.kind == kind and drawn.segment_compass[i] == compass]
    return bool(twins) and frozenset(drawn.segment_points[segment]) in _CORNERS


def spots(t: Messages, tile: TileType, options: list[FigureOption]) -> list[Spot]:
    """The spots of a placement, numbered as the preview draws them."""
    english = messages(SOURCE)
    found = []
    for number, option in enumerate(options, start=1):
        name = spot_name(t, tile, option.figure, option.segment, option.compass)
        # Translators: a follower spot in a menu or a suggestion: its number on the preview,
        # then its name ("2: the north field"); a player may type it back.
        label = t.gettext("{number}: {spot}", number=number, spot=name)
        found.append(Spot(number, option, name,
                          spot_name(english, tile, option.figure, option.segment,
                                    option.compass), label))
    return _told_apart(t, english, found)


def _told_apart(t: Messages, english: Messages, found: list[Spot]) -> list[Spot]:
    """The spots with names of their own: where two still share one (a corner field
    that a city wall splits in two, as on TB15), each is numbered among its twins
    clockwise ("the south-east field (2 of 2, clockwise)"). Compass words cannot
    tell them apart, since typed words are compared as sets."""
    twins: dict[str, list[Spot]] = {}
    for spot in found:
        twins.setdefault(spot.name, []).append(spot)
    renamed: dict[int, Spot] = {}
    for group in twins.values():
        if len(group) < 2:
            continue
        group.sort(key=lambda spot: PORT_INDEX[spot.option.port])
        for place, spot in enumerate(group, start=1):
            name = _twin_name(t, spot.name, place, len(group))
            renamed[spot.number] = Spot(
                spot.number, spot.option, name,
                _twin_name(english, spot.english, place, len(group)),
                t.gettext("{number}: {spot}", number=spot.number, spot=name))
    return [renamed.get(spot.number, spot) for spot in found]


def _twin_name(t: Messages, spot: str, place: int, count: int) -> str:
    # Translators: a follower spot that shares its name with another on the tile (a
    # corner field a city wall splits in two): "the south-east field (2 of 2,
    # clockwise)", counted clockwise round the tile.
    return t.gettext("{spot} ({number} of {count}, clockwise)", spot=spot, number=place,
                     count=count)


def figure_spot(t: Messages, tile: TileType, figure: FigureKind | str, segment: int,
                compass: Compass) -> str:
    """Where ``figure`` stands, in a sentence that names the figure already ("with a
    hut on the north river"): the spot's name without the menus' "(hut)" or figure."""
    if FigureKind(figure) is not HUT:
        return spot_name(t, tile, MEEPLE, segment, compass)
    if tile.segments[segment].kind == "lake":
        return t.term(LAKE)
    return spot_name(t, tile, MEEPLE, segment, compass)


def placed_spot(t: Messages, placed: PlacedTile, segment: int, figure: FigureKind | str) -> str:
    """Where a figure already on the map stands, on its placed tile (``PlacedTile``),
    in a sentence that names the figure."""
    compass = placed.oriented.segment_compass[segment]
    return figure_spot(t, placed.tile, figure, segment, compass)


# ------------------------------------------------------------------ reading


def no_follower(t: Messages) -> str:
    """The menu's and suggestions' choice of no figure."""
    return t.gettext("No follower")


def no_follower_words(t: Messages) -> frozenset[str]:
    """What a player may type for no follower, in the reader's language and in
    English, as :func:`plain` makes typed text: the menu's words ("No follower") and
    the catalogue's own list ("none, no, nothing")."""
    words = set(NO_FOLLOWER_SIGNS)
    for language in (t, messages(SOURCE)):
        # Translators: what a player may type in the follower option of /carcassonne place
        # to place no follower, besides the menu's "No follower": words or short phrases
        # separated by commas. Case and accents are ignored ("fara" reads as "fără").
        typed = language.gettext("none, no, nothing")
        words.update(plain(word) for word in re.split(r"[,，、;；]", typed))
        words.add(plain(no_follower(language)))
    return frozenset(words - {""})


def is_no_follower(t: Messages, text: str) -> bool:
    """Whether ``text`` asks for no follower: nothing, "-", "0", or one of
    :func:`no_follower_words` ("none", "nincs", "fara supus")."""
    words = plain(text)
    return not words or words in no_follower_words(t)


def find_spot(t: Messages, text: str, found: list[Spot], game: str) -> Spot:
    """The spot ``text`` names: its number ("2"), its menu label ("2: the north
    field"), or words of its name, feature or figure ("north field", "farmer",
    "hut"), in the reader's language or English. Refused when nothing fits;
    asked again, with the numbers, when several do."""
    quoted = quote(text)
    if not found:
        raise NoSpots()
    words = plain(text)
    number, _, rest = words.partition(" ")
    if number.isdigit() and number.isascii():
        index = int(number)
        if 1 <= index <= len(found) and (not rest or _fits(rest, found[index - 1], t, game)):
            return found[index - 1]
        raise _not_a_spot(quoted, found)
    typed = set(_words(words)) - _FILLER
    exact = [spot for spot in found
             if typed in ({*_words(spot.name)} - _FILLER, {*_words(spot.english)} - _FILLER)]
    if len(exact) == 1:
        return exact[0]
    fitting = [spot for spot in found if _fits(words, spot, t, game)]
    if len(fitting) == 1:
        return fitting[0]
    if not fitting:
        raise _not_a_spot(quoted, found)
    raise WhichSpot(text=quoted, spots=t.list([spot.label for spot in fitting], "or"))


def spot_reader(t: Messages) -> Callable[[str, TileType, list[FigureOption], str], FollowerChoice]:
    """What reads a typed follower in ``t``'s language for the application
    (:data:`bot.app.input.SpotReader`): the spot :func:`find_spot` finds, as a choice."""
    def read(text: str, tile: TileType, options: list[FigureOption], game: str) -> FollowerChoice:
        spot = find_spot(t, text, spots(t, tile, options), game)
        return FollowerChoice(str(spot.option.figure), spot.option.port)

    return read


def _not_a_spot(quoted: str, found: list[Spot]) -> NotASpot:
    return NotASpot(quoted, len(found), [spot.option.kind for spot in found])


def _fits(words: str, spot: Spot, t: Messages, game: str) -> bool:
    """Whether every word typed is a word of the spot: its name, feature, role
    and figure, in the reader's language or in English."""
    typed = [w for w in _words(words) if w not in _FILLER]
    if not typed:
        return False
    mine, english = _spot_words(t, spot, spot.name, game), _spot_words(
        messages(SOURCE), spot, spot.english, game)
    vocabulary = set(_words(mine)) | set(_words(english))
    if all(w in vocabulary for w in typed):
        return True
    # Scripts written without spaces (Chinese): the typed text inside the spot's words.
    joined = "".join(typed)
    return len(joined) > 1 and joined in "".join(_words(mine))


def _spot_words(t: Messages, spot: Spot, name: str, game: str) -> str:
    option = spot.option
    figure = FIGURES.get((str(option.figure), GameName(game)))
    words = [name, t.term(ROLES[option.role]), t.term(FEATURES[option.kind])]
    if figure is not None:
        words.append(t.term(figure))
    return " ".join(words)


def _words(text: str) -> list[str]:
    out: list[str] = []
    for word in plain(text).split():
        out += _COMPASS_WORDS.get(word, word).split()
    return out


def plain(text: str) -> str:
    """Typed text as it is compared: lower case, letters and digits only, without
    accents, single spaces ("North-East" -> "north east", "Északi mező" -> "eszaki
    mezo", "câmp (nord)" -> "camp nord"), so a player may type without accents."""
    decomposed = unicodedata.normalize("NFKD", text.casefold()[:100])
    kept = "".join(c if unicodedata.category(c)[0] in "LN" else " "
                   for c in decomposed if unicodedata.category(c)[0] != "M")
    return " ".join(kept.split())
