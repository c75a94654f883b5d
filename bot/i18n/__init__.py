"""The bot in five languages: gettext catalogues, read with Babel.

- :mod:`.languages`: the languages, and which one a reader gets;
- :mod:`.catalogues`: the catalogues, and :class:`Messages`, the messages
  of one language (``gettext``, ``ngettext``, ``pgettext``, ``npgettext``,
  ``term``, ``list``, ``sentences``); ``N_`` marks a sentence to look up later (a refusal);
- :mod:`.terms`: the words of the game (features, figures, roles, goods,
  games, options, language names), following ``docs/glossary.md``;
- :mod:`.pictures`: the words drawn in pictures (:class:`render.Labels`);
- :mod:`.translator`: Discord's localisation of the slash commands;
- :mod:`.command_limits` and :mod:`.checks`: what Discord and the
  catalogues require, as lists of problems;
- :mod:`.extract`: the template from the code, ``python -m bot.i18n``.
"""

from __future__ import annotations

from .catalogues import N_, Messages, Term, messages, term
from .languages import (
    SOURCE,
    TRANSLATED,
    Language,
    discord_language,
    parse_language,
    reader_language,
    server_language,
)
from .pictures import picture_labels
from .translator import CatalogueTranslator

__all__ = [
    "N_", "SOURCE", "TRANSLATED", "CatalogueTranslator", "Language", "Messages", "Term",
    "discord_language", "messages", "parse_language", "picture_labels", "reader_language",
    "server_language", "term",
]
