"""Players' names: told apart, and safe to put in a message.

A display name is the player's own text: ``**Sam**`` or ``Sam_the_great``
must read as written, not as markdown, and two players called Sam must be
told apart in text as in the picture. :func:`seat_names` gives each seat a
unique name (the same ones the game record and the pictures use);
:func:`shown` makes any of them safe for a Discord message, and
:func:`shown_seat` marks an AI player's with :data:`AI_MARK` (in pictures
the name itself says so: "AI Hard 1").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .storage import Player

#: Longest name shown; Discord allows 32 characters, the rest is our suffix.
MAX_NAME = 40


def seat_names(players: Iterable[Player]) -> list[str]:
    """Each seat's name: the display name, with `` (2)``, `` (3)``... when taken."""
    names: list[str] = []
    for player in players:
        name = " ".join(player.name.split())[:32] or f"player {len(names) + 1}"
        candidate, n = name, 2
        while candidate in names:
            candidate, n = f"{name} ({n})", n + 1
        names.append(candidate)
    return names


#: Discord's markdown and links, as ``discord.utils.escape_markdown`` finds them
#: (kept here so that the application, which shows seat names in its refusals,
#: imports no Discord; :func:`bot.discord.markup.plain` is the same for the Discord side).
_URL = (r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+"
        r"[^<.,:;\"\'\]\s])")
_MARKDOWN = r"(?P<markdown>[_\\~|\*`]|^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-)"
_ESCAPE = re.compile(f"(?:{_URL}|{_MARKDOWN})", re.MULTILINE)
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")


def _escaped(match: re.Match[str]) -> str:
    return match["url"] or "\\" + match["markdown"]


def shown(name: str) -> str:
    """``name`` as plain text in a message: markdown and mentions escaped."""
    return _MENTION.sub("@\u200b\\1", _ESCAPE.sub(_escaped, name[:MAX_NAME]))


#: Before an AI player's name in every message.
AI_MARK = "🤖"


def shown_seat(player: Player, name: str) -> str:
    """A seat's ``name`` (from :func:`seat_names`) safe to show; an AI's marked as one."""
    return f"{AI_MARK} {shown(name)}" if player.is_ai else shown(name)
