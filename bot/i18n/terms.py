"""The words of the game, in every language: one table per kind of word.

The engine names things with plain strings (``"road"``, ``"knight"``,
``"hunters-and-gatherers"``); these tables give each its player's word as a
:class:`~bot.i18n.catalogues.Term`, translated in the catalogues following
``docs/glossary.md``. Look one up in the reader's language::

    t.term(FEATURES["city"])               # "város"
    t.term(GOODS["pennants"], 2)           # "2 címer"
    figure_name(t, "meeple", game)         # "follower" / "tribe member"

A message that needs a word inside a sentence uses its own whole-sentence
message instead ("{name} places a knight"), so each language can decline
and order it; these tables are for lists, headings, menus and legends.
"""

from __future__ import annotations

from engine.options import CARCASSONNE, HUNTERS_AND_GATHERERS, GameName

from .catalogues import Messages, Term, term
from .languages import Language

#: Features by the engine's kind (``engine.tiles``), as a noun: "road".
FEATURES = {
    "road": term("feature", "road"),
    "city": term("feature", "city"),
    "cloister": term("feature", "cloister"),
    "field": term("feature", "field"),
    "river": term("feature", "river"),
    "lake": term("feature", "lake"),
    "forest": term("feature", "forest"),
    "meadow": term("feature", "meadow"),
    "river system": term("feature", "river system"),
}

#: Features as the heading of a list of them: "Roads".
FEATURE_HEADINGS = {
    "road": term("feature heading", "Roads"),
    "city": term("feature heading", "Cities"),
    "cloister": term("feature heading", "Cloisters"),
    "field": term("feature heading", "Farms"),
    "river": term("feature heading", "Rivers"),
    "lake": term("feature heading", "Lakes"),
    "forest": term("feature heading", "Forests"),
    "meadow": term("feature heading", "Meadows"),
    "river system": term("feature heading", "River systems"),
}

#: The heading of the trade goods' points in the final scoring (Traders & Builders).
GOODS_HEADING = term("feature heading", "Trade goods")

#: What a feature or tile carries (``engine.tiles.GOODS``), counted.
GOODS = {
    "pennants": term("goods", "{count} pennant", "{count} pennants"),
    "gold": term("goods", "{count} gold nugget", "{count} gold nuggets"),
    "mushrooms": term("goods", "{count} mushroom patch", "{count} mushroom patches"),
    "fish": term("goods", "{count} fish", "{count} fish"),
    "deer": term("goods", "{count} deer", "{count} deer"),
    "mammoth": term("goods", "{count} mammoth", "{count} mammoths"),
    "tiger": term("goods", "{count} sabre-toothed tiger", "{count} sabre-toothed tigers"),
    "aurochs": term("goods", "{count} aurochs", "{count} aurochs"),
    "inn": term("goods", "{count} inn", "{count} inns"),
    "cathedral": term("goods", "{count} cathedral", "{count} cathedrals"),
    "wine": term("goods", "{count} wine", "{count} wine"),
    "grain": term("goods", "{count} grain", "{count} grain"),
    "cloth": term("goods", "{count} cloth", "{count} cloth"),
}

#: The role a figure takes on a feature (``engine.figures.ROLES``), and the hut.
ROLES = {
    "thief": term("role", "thief"),
    "knight": term("role", "knight"),
    "monk": term("role", "monk"),
    "farmer": term("role", "farmer"),
    "fisher": term("role", "fisher"),
    "gatherer": term("role", "gatherer"),
    "hunter": term("role", "hunter"),
    "hut": term("role", "hut"),
    "builder": term("role", "builder"),
    "pig": term("role", "pig"),
}

#: Figures (``engine.figures``) by game: the meeple is a follower in
#: Carcassonne and a tribe member in Hunters and Gatherers.
FIGURES = {
    ("meeple", CARCASSONNE): term("figure", "follower"),
    ("meeple", HUNTERS_AND_GATHERERS): term("figure", "tribe member"),
    ("hut", HUNTERS_AND_GATHERERS): term("figure", "hut"),
    ("big", CARCASSONNE): term("figure", "big follower"),
    ("builder", CARCASSONNE): term("figure", "builder"),
    ("pig", CARCASSONNE): term("figure", "pig"),
}
FIGURE_COUNTS = {
    ("meeple", CARCASSONNE): term("figure", "{count} follower", "{count} followers"),
    ("meeple", HUNTERS_AND_GATHERERS): term(
        "figure", "{count} tribe member", "{count} tribe members"),
    ("hut", HUNTERS_AND_GATHERERS): term("figure", "{count} hut", "{count} huts"),
    ("big", CARCASSONNE): term("figure", "{count} big follower", "{count} big followers"),
    ("builder", CARCASSONNE): term("figure", "{count} builder", "{count} builders"),
    ("pig", CARCASSONNE): term("figure", "{count} pig", "{count} pigs"),
}

#: Tiles and what is printed on them (``TileType.marks``).
TILES = {
    "tile": term("tile", "tile"),
    "start": term("tile", "start tile"),
    "river": term("tile", "River tile"),
    "bonus": term("tile", "bonus tile"),
    "spring": term("tile", "spring"),
    "lake": term("tile", "lake"),
    "volcano": term("tile", "volcano"),
    "fire": term("tile", "fire"),
    "dolmen": term("tile", "dolmen"),
}
TILE_COUNT = term("tile", "{count} tile", "{count} tiles")
POINT_COUNT = term("score", "{count} point", "{count} points")

#: The games (``engine.options.GAMES``).
GAMES = {
    CARCASSONNE: term("game", "Carcassonne"),
    HUNTERS_AND_GATHERERS: term("game", "Hunters and Gatherers"),
}

#: The options of a game (``engine.options.Options`` fields), as names.
OPTIONS = {
    "river": term("option", "River"),
    "winter": term("option", "Winter Edition"),
    "farmers": term("option", "farmers"),
    "small_city": term("option", "2-tile city"),
    "unfinished": term("option", "unfinished features"),
    "hand": term("option", "hand of tiles"),
    "discards": term("option", "discards"),
    "inns_cathedrals": term("option", "Inns & Cathedrals"),
    "traders_builders": term("option", "Traders & Builders"),
}
#: The values of the ``farmers`` option.
FARMER_RULES = {
    "3rd": term("farmers", "3rd edition"),
    "1st": term("farmers", "1st edition"),
    "off": term("farmers", "off"),
}

#: What a missed deadline does (``bot.settings.POLICIES``), named as the deadline
#: menus begin their choices ("Skip the turn: ...").
POLICY_NAMES = {
    "nothing": term("deadline policy", "nothing"),
    "skip": term("deadline policy", "skip the turn"),
    "remove": term("deadline policy", "skip and remove"),
    "ai": term("deadline policy", "an AI plays"),
}

#: A game's status (``bot.storage.Status``), as a word.
STATUSES = {
    "lobby": term("game status", "waiting for players"),
    "running": term("game status", "running"),
    "finished": term("game status", "finished"),
    "cancelled": term("game status", "cancelled"),
}

#: The levels of AI players (``bot.storage.AI_LEVELS``), as a word: "hard".
AI_LEVELS = {
    "easy": term("AI level", "easy"),
    "medium": term("AI level", "medium"),
    "hard": term("AI level", "hard"),
}

#: Each language's name, in the reader's language ("maghiară" for a Romanian).
#: A language menu shows :attr:`Language.endonym` too.
LANGUAGE_NAMES = {
    Language.ENGLISH: term("language", "English"),
    Language.ESPERANTO: term("language", "Esperanto"),
    Language.ROMANIAN: term("language", "Romanian"),
    Language.HUNGARIAN: term("language", "Hungarian"),
    Language.CHINESE: term("language", "Simplified Chinese"),
}


def _figure(table: dict[tuple[str, GameName], Term], figure: str, game: str) -> Term:
    try:
        return table[figure, GameName(game)]
    except (KeyError, ValueError):
        raise ValueError(f"no figure '{figure}' in the game '{game}'") from None


def figure_name(t: Messages, figure: str, game: str) -> str:
    """The name of ``figure`` (``meeple`` or ``hut``) in ``game``: "follower"."""
    return t.term(_figure(FIGURES, figure, game))


def figure_count(t: Messages, figure: str, game: str, n: int) -> str:
    """``n`` figures of a kind in ``game``: "3 followers", "1 hut"."""
    return t.term(_figure(FIGURE_COUNTS, figure, game), n)


def language_name(t: Messages, language: Language) -> str:
    """``language``'s name in running text, in the reader's language, then its own
    if that differs: "maghiară (Magyar)" for a Romanian reader, "magyar" for a
    Hungarian. The reader's word keeps its case: a menu's "Magyar" or "Română"
    begins a line, but the middle of a Hungarian or Romanian sentence writes
    "magyar", "română", "esperanto"."""
    name = t.term(LANGUAGE_NAMES[language])
    if name.casefold() == language.endonym.casefold():
        return name
    return f"{name} ({language.endonym})"
