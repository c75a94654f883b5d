"""The languages the bot speaks, and which one a reader gets.

Five languages: English (the source text of every message), Esperanto,
Romanian, Hungarian and Simplified Chinese. Discord tells the bot each user's
client language (``interaction.locale``) and a community server's preferred
language (``interaction.guild_locale``); it has no Esperanto, so Esperanto
is only ever an explicit choice (``/carcassonne me language:``, or the server
setting).

Who reads what (issue 11): a reply only one player sees is in *that player's*
language (:func:`reader_language`); a public message (turns, reminders,
results) is in the *server's* language (:func:`server_language`).
"""

from __future__ import annotations

from enum import StrEnum

import discord


class Language(StrEnum):
    """A language the bot speaks; the value is its catalogue's locale identifier
    (the folder under ``bot/i18n/locales``) and what the database stores."""

    ENGLISH = "en"
    ESPERANTO = "eo"
    ROMANIAN = "ro"
    HUNGARIAN = "hu"
    CHINESE = "zh_Hans"

    @property
    def endonym(self) -> str:
        """The language's name in itself, as a language menu shows it (so a
        reader finds their language whatever the menu's own language is)."""
        return _ENDONYMS[self]

    @property
    def plural_forms(self) -> str:
        """The gettext ``Plural-Forms`` header its catalogue must carry."""
        return PLURAL_FORMS[self]

    @property
    def sentence_gap(self) -> str:
        """What stands between two sentences: a space, or nothing in Chinese, whose
        full stop "。" carries its own space."""
        return "" if self is Language.CHINESE else " "


#: English is the source language: its text is the msgid, it has no catalogue.
SOURCE = Language.ENGLISH
#: The languages with a catalogue to translate.
TRANSLATED = tuple(language for language in Language if language is not SOURCE)

_ENDONYMS = {
    Language.ENGLISH: "English",
    Language.ESPERANTO: "Esperanto",
    Language.ROMANIAN: "Română",
    Language.HUNGARIAN: "Magyar",
    Language.CHINESE: "简体中文",
}

#: Plural rules, as gettext expressions. Babel's defaults, except Hungarian:
#: Babel gives it one form, but Hungarian, like CLDR and the GNU gettext
#: manual say, has two (``1 követő`` / ``követők``): with a number the noun
#: stays singular (the translator writes both forms alike), without one it
#: does not. Romanian has three (``1 drum``, ``2 drumuri``, ``20 de drumuri``),
#: Chinese one.
PLURAL_FORMS = {
    Language.ENGLISH: "nplurals=2; plural=(n != 1);",
    Language.ESPERANTO: "nplurals=2; plural=(n != 1);",
    Language.ROMANIAN: (
        "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);"
    ),
    Language.HUNGARIAN: "nplurals=2; plural=(n != 1);",
    Language.CHINESE: "nplurals=1; plural=0;",
}

#: The Discord locales with a language of ours. English readers (``en-US``,
#: ``en-GB``) see the default strings. Discord's ``zh-TW`` is Traditional
#: Chinese, which we do not write: those readers fall through to the
#: server's language.
DISCORD_LOCALES = {
    discord.Locale.american_english: Language.ENGLISH,
    discord.Locale.british_english: Language.ENGLISH,
    discord.Locale.romanian: Language.ROMANIAN,
    discord.Locale.hungarian: Language.HUNGARIAN,
    discord.Locale.chinese: Language.CHINESE,
}


def parse_language(value: str | None) -> Language | None:
    """A stored or typed language code (``"hu"``, ``"zh_Hans"``), or None if it
    is empty or not one of ours (a setting from a future version, say)."""
    try:
        return Language(value) if value else None
    except ValueError:
        return None


def discord_language(locale: discord.Locale | str | None) -> Language | None:
    """Our language for a Discord locale (``"hu"``, ``discord.Locale.chinese``), or None."""
    if locale is None:
        return None
    try:
        return DISCORD_LOCALES.get(discord.Locale(str(locale)))
    except ValueError:
        return None


def server_language(setting: str | None, guild_locale: discord.Locale | str | None = None,
                    ) -> Language:
    """The language of a server's public messages: its ``language`` setting,
    else the server's preferred locale in Discord (community servers set one)
    when we speak it, else English."""
    return parse_language(setting) or discord_language(guild_locale) or SOURCE


def reader_language(choice: str | None, user_locale: discord.Locale | str | None,
                    server: Language) -> Language:
    """The language of a reply only one player sees: their own choice, else
    their Discord client's language when we speak it, else the server's."""
    return parse_language(choice) or discord_language(user_locale) or server
