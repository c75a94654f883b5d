"""Discord's own localisation of the slash commands, from the same catalogues.

discord.py turns every name, description and choice of a command into an
``app_commands.locale_str`` (plain strings too) and, when the tree syncs,
asks the tree's :class:`~discord.app_commands.Translator` for each one in
each Discord locale. :class:`CatalogueTranslator` answers from the catalogue
of that locale's language: the English text is the msgid, and where in the
command it stands gives the msgctxt (:data:`CONTEXTS`), so a command named
``hand`` and the word "hand" in a message are two entries, and the
catalogue checks know which entries must obey Discord's name rules.

Install it once, before the commands sync::

    await bot.tree.set_translator(CatalogueTranslator())
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from .catalogues import Messages, messages
from .languages import SOURCE, Language, discord_language

#: msgctxt of command and option names: lowercase, no spaces, at most 32 characters.
NAME = "slash command name"
#: msgctxt of command and option descriptions: at most 100 characters.
DESCRIPTION = "slash command description"
#: msgctxt of the fixed choices of an option: at most 100 characters.
CHOICE = "slash command choice"

#: The msgctxt of a string by where it stands in a command.
CONTEXTS = {
    Location.command_name: NAME,
    Location.group_name: NAME,
    Location.parameter_name: NAME,
    Location.command_description: DESCRIPTION,
    Location.group_description: DESCRIPTION,
    Location.parameter_description: DESCRIPTION,
    Location.choice_name: CHOICE,
}


def fixed(text: str) -> app_commands.locale_str:
    """A string of a command that reads the same in every language and is no
    catalogue entry: a language's own name in a language menu ("Magyar")."""
    return app_commands.locale_str(text, fixed=True)


def is_fixed(string: app_commands.locale_str) -> bool:
    return bool(string.extras.get("fixed"))


def context_of(location: Location) -> str | None:
    """The msgctxt of a string at ``location`` (None for ``other``)."""
    return CONTEXTS.get(location)


class CatalogueTranslator(app_commands.Translator):
    """Localises command names, descriptions and choices for ``ro``, ``hu`` and
    ``zh-CN`` from the catalogues; every other locale, and anything the
    catalogue does not translate, keeps the English default.

    ``catalogues``: where a language's messages come from (default: the
    bot's own catalogues; a test may give its own).
    """

    def __init__(self, catalogues: Callable[[Language], Messages] = messages) -> None:
        self.catalogues = catalogues

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = discord_language(locale)
        if language is None or language is SOURCE or is_fixed(string):
            return None
        msgctxt = context_of(context.location)
        catalogue = self.catalogues(language)
        if not catalogue.has(string.message, msgctxt):
            return None
        if msgctxt is None:
            return catalogue.gettext(string.message)
        return catalogue.pgettext(msgctxt, string.message)
