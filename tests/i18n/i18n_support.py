"""Shared helpers of the i18n tests: catalogues written on the fly with Babel."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot.i18n import Language
from bot.i18n.catalogues import load_catalogue

Entry = tuple[str | None, str | tuple[str, ...], str | tuple[str, ...]]


def write_catalogue(path: Path, language: Language, entries: list[Entry], *,
                    fuzzy: set[str] = frozenset(), header_fuzzy: bool = False) -> Path:
    """A ``.po`` file of ``(context, msgid, msgstr)`` entries (tuples for plurals),
    with the language's plural forms, as a translator would leave it."""
    catalog = Catalog(locale=language.value, domain="messages", fuzzy=header_fuzzy)
    catalog.mime_headers = [("Plural-Forms", language.plural_forms)]
    for context, msgid, msgstr in entries:
        first = msgid[0] if isinstance(msgid, tuple) else msgid
        catalog.add(msgid, msgstr, context=context,
                    flags={"fuzzy"} if first in fuzzy else ())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog)
    return path


def catalogue_of(tmp_path: Path, language: Language, entries: list[Entry], **options):
    """The :class:`~bot.i18n.Messages` of such a file, loaded as the bot loads its own."""
    path = write_catalogue(tmp_path / language.value / "messages.po", language, entries,
                           **options)
    return load_catalogue(path, language)
