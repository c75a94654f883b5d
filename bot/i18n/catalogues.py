"""The message catalogues, loaded once, and the words of one language.

The ``.po`` files under ``bot/i18n/locales/`` are the source: translators
edit them, git diffs them. At first use each is read with Babel and compiled
to a gettext ``.mo`` in memory (a few milliseconds), so no compiled file is
ever stale or forgotten, and ``pip install .`` ships the ``.po`` files as
package data. Fuzzy entries are left out, as ``msgfmt`` does: a fuzzy
translation is an untranslated one.

A message is English text. Look it up through a :class:`Messages` bound to
the reader's language::

    t = messages(Language.HUNGARIAN)
    t.gettext("Game {id} was cancelled.", id=7)
    t.ngettext("{count} tile left", "{count} tiles left", 3)
    t.pgettext("feature", "road")

Fields are ``str.format`` fields by name (``{name}``); double a literal
brace (``{{``). A missing translation reads as English.
"""

from __future__ import annotations

import gettext
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from .languages import SOURCE, Language

log = logging.getLogger(__name__)

LOCALES = Path(__file__).with_name("locales")
DOMAIN = "messages"
#: The English template every catalogue is updated from.
TEMPLATE = LOCALES / f"{DOMAIN}.pot"

#: The kinds of list Babel (CLDR) writes: "a, b and c", "a, b or c", ...
ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short",
                    "unit-narrow"]


def catalogue_path(language: Language) -> Path:
    return LOCALES / language.value / "LC_MESSAGES" / f"{DOMAIN}.po"


class CatalogueError(RuntimeError):
    """A catalogue file that cannot be read."""


@dataclass(frozen=True)
class Term:
    """A message kept for later: a word of the game in a table, looked up when
    the reader's language is known (:meth:`Messages.term`)."""

    context: str
    singular: str
    plural: str | None = None


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues where it is written, and look it up
    later, once the reader is known (gettext's ``gettext_noop``): the sentence
    of a refusal is chosen where it is raised and said where it is answered."""
    return message


def term(context: str, singular: str, plural: str | None = None) -> Term:
    """Mark a message for the catalogues without looking it up yet.

    ``term("feature", "road")``; with a plural, ``term("goods", "{count} fish",
    "{count} fish")``. The extraction keywords know ``term`` (pyproject.toml).
    """
    return Term(context, singular, plural)


@dataclass(frozen=True)
class Messages:
    """The messages of one language, looked up and filled in.

    Each method takes the English text (and a context where one is needed to
    tell two meanings apart, ``pgettext("feature", "field")``), then the
    fields to fill in by keyword. The plural methods fill in ``{count}`` with
    ``n`` unless given another ``count``.
    """

    language: Language
    translations: gettext.NullTranslations
    #: ``(context, English singular)`` of every message this catalogue translates.
    translated: frozenset[tuple[str | None, str]] = frozenset()

    def has(self, message: str, context: str | None = None) -> bool:
        """Whether the catalogue translates ``message`` (English always does)."""
        return self.language is SOURCE or (context, message) in self.translated

    def gettext(self, message: str, /, **fields: object) -> str:
        return self._fill(self.translations.gettext(message), message, fields)

    def pgettext(self, context: str, message: str, /, **fields: object) -> str:
        return self._fill(self.translations.pgettext(context, message), message, fields)

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: object) -> str:
        fields.setdefault("count", n)
        english = singular if n == 1 else plural
        return self._fill(self.translations.ngettext(singular, plural, n), english, fields)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /,
                  **fields: object) -> str:
        fields.setdefault("count", n)
        english = singular if n == 1 else plural
        return self._fill(self.translations.npgettext(context, singular, plural, n), english,
                          fields)

    def term(self, term: Term, n: int | None = None, /, **fields: object) -> str:
        """A :class:`Term` in this language; a term with a plural needs ``n``."""
        if term.plural is None:
            return self.pgettext(term.context, term.singular, **fields)
        if n is None:
            raise TypeError(f"the term {term.singular!r} has a plural: give a number")
        return self.npgettext(term.context, term.singular, term.plural, n, **fields)

    def sentences(self, *sentences: str) -> str:
        """Sentences (or a sentence and its bracketed note) one after the other, as
        this language writes them: "Done. Next." but "好了。下一步。"; empty ones left out."""
        return self.language.sentence_gap.join(sentence for sentence in sentences if sentence)

    def list(self, items: Sequence[str], style: ListStyle = "standard") -> str:
        """``items`` as a list in this language, by Babel's (CLDR's) patterns:
        "Ana, Béla and Cili", "Ana, Béla és Cili", "Ana、Béla和Cili"; ``style="or"``
        for alternatives ("90° or 180°")."""
        return format_list(list(items), style, self.language.value)

    def _fill(self, text: str, english: str, fields: dict[str, object]) -> str:
        if not fields:
            return text
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError):
            # The catalogue tests forbid this; should a broken translation
            # ship anyway, the player reads English rather than an error.
            log.error("%s translation of %r does not fill in %s", self.language, english,
                      sorted(fields))
            return english.format(**fields)


@cache
def messages(language: Language | str) -> Messages:
    """The messages of ``language`` (compiled on first use, then cached)."""
    language = Language(language)
    if language is SOURCE:
        return Messages(language, gettext.NullTranslations())
    return load_catalogue(catalogue_path(language), language)


def load_catalogue(path: Path, language: Language) -> Messages:
    """The messages of the ``.po`` file at ``path``, compiled in memory."""
    try:
        with path.open("rb") as po:
            catalog = read_po(po, locale=language.value, domain=DOMAIN)
    except (OSError, ValueError) as exc:
        raise CatalogueError(f"cannot read the catalogue {path}: {exc}") from exc
    mo = io.BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)
    mo.seek(0)
    translated = frozenset(
        (m.context, m.id[0] if isinstance(m.id, (tuple, list)) else m.id)
        for m in catalog
        if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else (m.string,))
    )
    return Messages(language, gettext.GNUTranslations(mo), translated)
