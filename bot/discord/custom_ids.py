"""The custom ids of the bot's buttons and menus: one table, every kind once.

A component carries its whole state in its custom id (``carc:{kind}:{game
id}:...``): the game, for a turn component the turn it belongs to, and for the
turn panel the choices made so far (``carc:ok:12:7:V:3,-1,90:S``). Nothing
lives in memory, so the components keep working after a restart; the ids of
messages already sent must therefore keep their exact shape. Each
:class:`CustomId` below is one kind: its fields in order, each a
:class:`Field` that says its pattern, how it is read from a match and how it
is written. :mod:`bot.discord.components` and :mod:`bot.discord.panel` make their
:class:`discord.ui.DynamicItem` s from these.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine import Placement
from engine.ai import PLAYER_LEVELS

from ..naming import FollowerChoice, placement_value

#: What every custom id of the bot starts with.
PREFIX = "carc"

Value = TypeVar("Value")


@dataclass(frozen=True)
class Field(Generic[Value]):
    """One part of a custom id: its pattern (named groups), read and written."""

    pattern: str
    read: Callable[[re.Match[str]], Value]
    write: Callable[[Value], str]


def _number(name: str, digits: str) -> Field[int]:
    return Field(rf"(?P<{name}>[0-9]{{{digits}}})", lambda match: int(match[name]), str)


def _word(name: str, pattern: str) -> Field[str]:
    return Field(rf"(?P<{name}>{pattern})", lambda match: match[name], str)


def _follower(follower: FollowerChoice | None) -> str:
    return follower.value if follower else "none"


GAME = _number("game", "1,18")
TURN = _number("turn", "1,5")
PAGE = _number("page", "1,3")
TILE = _word("tile", "[A-Za-z0-9]{1,8}")
#: The host's lobby buttons that seat an AI player of a level, or take the last one out.
AI_ACTIONS = (*(f"ai-{level}" for level in PLAYER_LEVELS), "ai-remove")
LOBBY_ACTION = _word("action", "|".join(("join", "leave", "start", *AI_ACTIONS)))
MAP_VIEW = _word("view", "map|features")
ANSWER = _word("answer", "map|features|status|tiles|history|export")
DIRECTION = _word("direction", "prev|next")
#: The member whose finished games the archive shows (0: everyone's).
MEMBER = _number("member", "1,20")
#: A step of a replay: open it, to the first, previous, next or last turn, or ask for one.
STEP = _word("step", "start|first|prev|next|last|jump")
#: What an archive's Share posts: the game ("game"), or a replay's turn.
SHOWN = _word("shown", "game|[0-9]{1,5}")
PLACEMENT: Field[Placement] = Field(
    r"(?P<x>-?[0-9]{1,4}),(?P<y>-?[0-9]{1,4}),(?P<rotation>0|90|180|270)",
    lambda match: Placement(int(match["x"]), int(match["y"]), int(match["rotation"])),
    placement_value,
)
FOLLOWER: Field[FollowerChoice | None] = Field(
    r"(?P<follower>none|(?:hut:)?[A-Z]{1,3})",
    lambda match: FollowerChoice.parse(match["follower"]),
    _follower,
)


@dataclass(frozen=True)
class CustomId:
    """One kind of component: ``carc:{kind}:`` and its fields, ``:``-separated."""

    kind: str
    fields: tuple[Field[Any], ...]

    @property
    def template(self) -> str:
        """The regular expression a :class:`discord.ui.DynamicItem` matches."""
        return ":".join((PREFIX, self.kind, *(f.pattern for f in self.fields)))

    def make(self, *values: Any) -> str:
        """The custom id of the component with these field values, in order."""
        assert len(values) == len(self.fields), (self.kind, values)
        return ":".join((PREFIX, self.kind, *(f.write(v) for f, v in zip(self.fields, values))))

    def read(self, match: re.Match[str]) -> tuple[Any, ...]:
        """The field values of a matched custom id, in order."""
        return tuple(f.read(match) for f in self.fields)


#: Join, Leave, Start and the host's AI buttons under a lobby message.
LOBBY = CustomId("lobby", (GAME, LOBBY_ACTION))
#: "Play your turn" under a turn message.
PLAY = CustomId("play", (GAME, TURN))
#: "Full map" and "Who owns what" under a turn message.
MAP = CustomId("map", (GAME, MAP_VIEW))
#: The turn panel's menu of the tiles of a hand.
TILES = CustomId("tile", (GAME, TURN))
#: The turn panel's menu of places, one page of them.
PLACES = CustomId("pos", (GAME, TURN, TILE, PAGE))
#: The turn panel's buttons to the previous or next page of places.
PAGES = CustomId("page", (GAME, TURN, TILE, PAGE, DIRECTION))
#: The turn panel's menu of follower spots on a chosen place.
FOLLOWERS = CustomId("fig", (GAME, TURN, TILE, PLACEMENT, PAGE))
#: The turn panel's Confirm: the move chosen, whole.
CONFIRM = CustomId("ok", (GAME, TURN, TILE, PLACEMENT, FOLLOWER))

#: "Share" under a private answer of a read-only command: post it for everyone.
SHARE = CustomId("share", (GAME, ANSWER))

#: The archive's buttons to a page of a server's (or a member's) finished games.
ARCHIVE_PAGE = CustomId("arch", (MEMBER, PAGE))
#: The archive's menu of the games of a page (each option's value is a game id).
ARCHIVE_GAMES = CustomId("archgame", (MEMBER, PAGE))
#: "Replay" under an archived game, and the replay's buttons: the turn shown, the step.
REPLAY = CustomId("replay", (GAME, TURN, STEP))
#: "Share" under an archived game or a step of its replay (issue 22).
ARCHIVE_SHARE = CustomId("archshare", (GAME, SHOWN))

#: Every kind of component, once.

KINDS = (LOBBY, PLAY, MAP, TILES, PLACES, PAGES, FOLLOWERS, CONFIRM, SHARE, ARCHIVE_PAGE,
         ARCHIVE_GAMES, REPLAY, ARCHIVE_SHARE)
#: What any component of a game matches: the gate's template.
ANY = rf"{PREFIX}:[a-z]+:[0-9]{{1,18}}(?::.*)?"
