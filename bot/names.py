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

from collections.abc import Iterable

import discord

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


def shown(name: str) -> str:
    """``name`` as plain text in a message: markdown and mentions escaped."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name[:MAX_NAME]))


#: Before an AI player's name in every message.
AI_MARK = "🤖"


def shown_seat(player: Player, name: str) -> str:
    """A seat's ``name`` (from :func:`seat_names`) safe to show; an AI's marked as one."""
    return f"{AI_MARK} {shown(name)}" if player.is_ai else shown(name)
