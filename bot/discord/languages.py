"""Who reads which language: the stored choices of players and servers.

A reply only one player sees is in that player's language: the one they
chose (``/carcassonne language``), else their Discord client's, else the
server's. Public messages (turns, reminders, results) are in the server's
language: its ``language`` setting (``/carcassonne settings``), else its
preferred locale in Discord, else English (:mod:`bot.i18n.languages` has
the rules; this module reads the choices from the storage).

A player's language is theirs on every server, kept with their other
choices (``Scope.PLAYER``); a server's with its settings (``Scope.SERVER``).
"""

from __future__ import annotations

from datetime import datetime

import discord

from ..app.settings import server_settings
from ..i18n import Language, parse_language, reader_language, server_language
from ..storage import Reads, Scope, Storage

#: The key of a player's language among their settings.
LANGUAGE = "language"


async def public_language(db: Reads, guild_id: int,
                          guild_locale: discord.Locale | str | None = None) -> Language:
    """The language of a server's public messages."""
    chosen = (await server_settings(db, guild_id)).language
    return server_language(chosen.value if chosen else None, guild_locale)


async def player_language(db: Reads, user_id: int) -> Language | None:
    """The language a player chose, if any."""
    return parse_language((await db.settings(Scope.PLAYER, user_id)).get(LANGUAGE))


async def private_language(db: Reads, user_id: int, user_locale: discord.Locale | str | None,
                           guild_id: int | None,
                           guild_locale: discord.Locale | str | None = None) -> Language:
    """The language of a reply only ``user_id`` sees."""
    chosen = await player_language(db, user_id)
    server = (await public_language(db, guild_id, guild_locale) if guild_id is not None
              else server_language(None, guild_locale))
    return reader_language(chosen.value if chosen else None, user_locale, server)


async def set_player_language(db: Storage, user_id: int, language: Language | None,
                              now: datetime) -> None:
    """Keep ``language`` as the player's own (None: follow Discord again)."""
    async with db.transaction() as tx:
        own = await tx.settings(Scope.PLAYER, user_id)
        if language is None:
            own.pop(LANGUAGE, None)
        else:
            own[LANGUAGE] = language.value
        await tx.set_settings(Scope.PLAYER, user_id, own, now)
