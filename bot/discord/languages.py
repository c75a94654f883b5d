"""Who reads which language: the stored choices of players and servers.

A reply only one player sees is in that player's language: the one they
chose (``/carcassonne me language:``), else their Discord client's, else the
server's. Public messages (turns, reminders, results) are in the server's
language: its ``language`` setting (``/carcassonne settings``), else its
preferred locale in Discord, else English (:mod:`bot.i18n.languages` has
the rules; this module reads the choices from the storage).

A player's language is theirs on every server, kept with their other
choices (``Scope.PLAYER``); a server's with its settings (``Scope.SERVER``).
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from ..app.hours import LANGUAGE
from ..app.settings import server_settings
from ..i18n import Language, Messages, parse_language, reader_language, server_language
from ..storage import Reads, Scope, Storage


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


class Readers:
    """The messages each reader reads: a private reply in its reader's language, a
    public message in its server's (``catalogues``: the messages of a language;
    ``guild_locale``: a server's preferred locale in Discord, if known)."""

    def __init__(self, db: Storage, catalogues: Callable[[Language], Messages],
                 guild_locale: Callable[[int], discord.Locale | None]) -> None:
        self.db = db
        self.catalogues = catalogues
        self.guild_locale = guild_locale

    async def private(self, interaction: discord.Interaction) -> Messages:
        """The messages of whoever sent ``interaction``, for a reply only they see."""
        language = await private_language(self.db, interaction.user.id,
                                          interaction.locale, interaction.guild_id,
                                          interaction.guild_locale)
        return self.catalogues(language)

    async def public(self, guild_id: int) -> Messages:
        """The messages of a server's public posts (turns, reminders, results)."""
        return self.catalogues(await public_language(self.db, guild_id,
                                                     self.guild_locale(guild_id)))

    async def own(self, user_id: int) -> Messages | None:
        """The messages of the language a player chose, if they chose one."""
        own = await player_language(self.db, user_id)
        return self.catalogues(own) if own is not None else None
