"""Extraction: from the code to the English template, and on to each catalogue.

Three sources make the template ``bot/i18n/locales/messages.pot``:

1. Python code marked with ``gettext``, ``ngettext``, ``pgettext``,
   ``npgettext`` (as methods of :class:`~bot.i18n.catalogues.Messages`) and
   ``term``: Babel's Python extractor, configured in ``pyproject.toml``
   (``[tool.babel]``). A comment starting ``Translators:`` just above a
   call goes to the translators.
2. ``render/labels.py``: every field of :class:`render.Labels`, by
   :func:`extract_labels` (a Babel extraction method, named in
   ``pyproject.toml`` too), its ``#:`` comment kept for the translators
   (a :class:`render.Counted` field is a plural message).
3. The slash commands: every name, description and choice of a command
   tree, collected the way discord.py asks for them
   (:func:`command_messages`), each with the context the
   :class:`~bot.i18n.translator.CatalogueTranslator` looks it up in.

``python -m bot.i18n update`` runs all three and merges the template into
every catalogue (``pybabel update``); see the README's "Languages".
"""

from __future__ import annotations

import ast
import io
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import discord
from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from .catalogues import DOMAIN, LOCALES, TEMPLATE
from .pictures import PICTURE
from .translator import context_of, is_fixed

ROOT = Path(__file__).resolve().parents[2]
COMMENT_TAG = "Translators:"
#: ``module:function`` returning the bot's command tree (it may be a coroutine
#: function), whose strings join the template.
COMMAND_TREE: str | None = "bot.discord.client:command_tree"


def extract_labels(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """Babel extraction method for ``render/labels.py``: each string field of
    ``Labels`` is a ``picture`` message, each ``Counted("...", "...")`` field a
    plural one; the ``#:`` lines above are its notes."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.ClassDef) and node.name == "Labels"):
            continue
        notes: list[str] = []
        for statement in node.body:
            if not isinstance(statement, ast.AnnAssign):
                continue
            forms = _label_forms(statement.value)
            if forms:
                notes = _notes_above(lines, statement.lineno) or notes
                function = "npgettext" if len(forms) == 2 else "pgettext"
                yield statement.lineno, function, (PICTURE, *forms), notes


def _label_forms(value: ast.expr | None) -> tuple[str, ...]:
    """The English text of a field's default: ``"..."``, or the two forms of
    ``Counted("...", "...")``; nothing for anything else."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return (value.value,)
    if (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
            and value.func.id == "Counted"):
        forms = tuple(a.value for a in value.args
                      if isinstance(a, ast.Constant) and isinstance(a.value, str))
        if len(forms) == len(value.args) == 2:
            return forms
    return ()


def _notes_above(lines: list[str], lineno: int) -> list[str]:
    """The ``#:`` comment lines just above line ``lineno`` (1-based)."""
    notes: list[str] = []
    index = lineno - 2
    while index >= 0 and lines[index].strip().startswith("#:"):
        notes.insert(0, lines[index].strip()[2:].strip())
        index -= 1
    return notes


@dataclass(frozen=True)
class CommandMessage:
    """One string of a command tree as the translator will be asked for it."""

    message: str
    context: str | None
    where: str


class _Recorder(app_commands.Translator):
    """A translator that translates nothing and notes what it was asked."""

    def __init__(self) -> None:
        self.asked: dict[tuple[str | None, str], CommandMessage] = {}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if is_fixed(string):
            return None
        msgctxt = context_of(context.location)
        where = _describe(context)
        self.asked.setdefault((msgctxt, string.message),
                              CommandMessage(string.message, msgctxt, where))
        return None


def _describe(context: app_commands.TranslationContext) -> str:
    data = context.data
    location = context.location.name.replace("_", " ")
    if isinstance(data, app_commands.Parameter):
        return f"/{data.command.qualified_name} {data.name}: {location}"
    if isinstance(data, (app_commands.Command, app_commands.Group)):
        return f"/{data.qualified_name}: {location}"
    return location


async def command_messages(tree: app_commands.CommandTree,
                           guild: discord.abc.Snowflake | None = None) -> list[CommandMessage]:
    """Every string of the commands of ``tree`` that the translator will be asked for."""
    recorder = _Recorder()
    for command in tree.get_commands(guild=guild):
        await command.get_translated_payload(tree, recorder)
    return list(recorder.asked.values())


def source_template() -> Catalog:
    """The template of the marked Python code and ``render/labels.py`` (Babel,
    with the mapping of ``pyproject.toml``)."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / f"{DOMAIN}.pot"
        # The mapping's patterns are relative to the folder searched: the root.
        _babel("extract", "-F", str(ROOT / "pyproject.toml"), "-o", str(output),
               "--add-comments", COMMENT_TAG, "--no-location", "--no-wrap",
               "--project", "carcassonne-bot", "--copyright-holder", "the carcassonne-bot authors",
               str(ROOT))
        with output.open("rb") as pot:
            return read_po(pot)


def build_template(commands: Sequence[CommandMessage] = ()) -> Catalog:
    """The whole English template: the code's messages, then the commands'."""
    catalog = source_template()
    for found in commands:
        existing = catalog.get(found.message, context=found.context)
        if existing is None:
            catalog.add(found.message, context=found.context, auto_comments=[found.where])
        elif found.where not in existing.auto_comments:
            existing.auto_comments.append(found.where)
    return catalog


def write_template(catalog: Catalog, path: Path = TEMPLATE) -> bool:
    """Write the template unless only its creation date would change (so an
    extraction that finds nothing new leaves git clean); True if written."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, no_location=True)
    new = buffer.getvalue()
    if path.exists() and _undated(path.read_bytes()) == _undated(new):
        return False
    path.write_bytes(new)
    return True


def _undated(text: bytes) -> list[bytes]:
    return [line for line in text.splitlines() if not line.startswith(b'"POT-Creation-Date:')]


def update_catalogues() -> None:
    """Merge the template into every catalogue (``pybabel update``): new and
    changed messages arrive empty (no guessed "fuzzy" translation of a similar
    message, which a translator could take for theirs), removed ones go."""
    _babel("update", "-i", str(TEMPLATE), "-d", str(LOCALES), "-D", DOMAIN,
           "--ignore-obsolete", "--no-wrap", "--no-fuzzy-matching")


def _babel(*arguments: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *arguments])
