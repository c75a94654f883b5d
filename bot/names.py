"""Players' names: told apart, and kept as written.

A display name is the player's own text, and two players called Sam must be
told apart in text as in the picture. :func:`seat_names` gives each seat a
unique name (the same ones the game record and the pictures use), and
:func:`seat_label` marks an AI player's with :data:`AI_MARK` (in pictures the
name itself says so: "AI Hard 1"). Names stay raw here and in the
application: ``**Sam**`` or ``Sam_the_great`` must read as written, not as
markdown, so the words of each screen escape them as they put them in a
message (:func:`bot.discord.markup.plain`).
"""

from __future__ import annotations

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


class Name(str):
    """A player's name among a refusal's facts, as its owner wrote it: the
    presenting side makes it safe to show (:func:`bot.words.refusals.refusal_text`)."""


#: Before an AI player's name in every message.
AI_MARK = "🤖"


def seat_label(player: Player, name: str) -> str:
    """A seat's ``name`` (from :func:`seat_names`) as shown, at most :data:`MAX_NAME`
    characters; an AI's marked as one. Raw: a message escapes it
    (:func:`bot.discord.markup.plain`); a picture draws it as it is."""
    name = name[:MAX_NAME]
    return f"{AI_MARK} {name}" if player.is_ai else name
