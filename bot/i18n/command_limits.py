"""Discord's limits on a command tree as it would be uploaded, in every locale.

Discord refuses a whole sync when one localised string breaks a rule, so the
tree is checked the way it is sent: :func:`translated_payloads` builds the
JSON ``tree.sync()`` would send (through discord.py's own
``get_translated_payload`` and the translator), and :func:`limit_problems`
lists every rule it breaks, per locale. Run it on the full tree in a test;
an empty list means Discord will take it.

The rules (Discord's "Application Commands" reference):

- a slash command, group or option name: 1 to 32 characters, each a letter,
  digit, ``-``, ``_`` or ``'`` (or Devanagari or Thai), in lowercase where
  the letter has one;
- a description: 1 to 100 characters; a choice name: 1 to 100; a string
  choice value: at most 100;
- at most 25 options per command and 25 choices per option, names unique
  among siblings;
- at most 4,000 characters in all the names, descriptions and choice names
  and values of one top-level command, counted in each locale.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any

import discord
from discord import app_commands

NAME_LIMIT = 32
DESCRIPTION_LIMIT = 100
CHOICE_LIMIT = 100
OPTIONS_LIMIT = 25
COMMAND_TOTAL_LIMIT = 4000
#: Payload ``type`` of slash commands, and of subcommands and groups among options.
CHAT_INPUT = 1
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
#: The default strings, as a pseudo-locale.
DEFAULT = "default"


async def translated_payloads(tree: app_commands.CommandTree,
                              translator: app_commands.Translator,
                              guild: discord.abc.Snowflake | None = None,
                              ) -> list[dict[str, Any]]:
    """The commands of ``tree`` (global, or ``guild``'s) as ``tree.sync()`` would send them."""
    await translator.load()
    try:
        return [await command.get_translated_payload(tree, translator)
                for command in tree.get_commands(guild=guild)]
    finally:
        await translator.unload()


def is_valid_name(name: str) -> bool:
    """Discord's rule for slash command and option names (see the module doc)."""
    return 1 <= len(name) <= NAME_LIMIT and all(_name_character(c) for c in name)


def _name_character(char: str) -> bool:
    if char in "-_'":
        return True
    if char.lower() != char:
        return False
    category = unicodedata.category(char)
    return category[0] in "LN" or _is_devanagari_or_thai(char)


def _is_devanagari_or_thai(char: str) -> bool:
    return 0x0900 <= ord(char) <= 0x097F or 0x0E00 <= ord(char) <= 0x0E7F


def limit_problems(payloads: Iterable[dict[str, Any]]) -> list[str]:
    """Every Discord limit the command payloads break, one sentence each."""
    problems: list[str] = []
    for command in payloads:
        path = "/" + command["name"]
        if command.get("type", CHAT_INPUT) == CHAT_INPUT:
            problems += _check_entry(command, path)
            problems += _check_options(command.get("options", []), path)
            problems += _check_total(command, path)
    return problems


def _localised(entry: dict[str, Any], key: str) -> Iterator[tuple[str, str]]:
    """``(locale, text)`` of one field: the default, then each localisation."""
    yield DEFAULT, entry.get(key, "")
    yield from (entry.get(f"{key}_localizations") or {}).items()


def _check_entry(entry: dict[str, Any], path: str) -> list[str]:
    problems = []
    for locale, name in _localised(entry, "name"):
        if not is_valid_name(name):
            problems.append(f"{path}: the {locale} name {name!r} is not 1-{NAME_LIMIT} "
                            "lowercase letters, digits, '-', '_' or \"'\"")
    for locale, text in _localised(entry, "description"):
        if not 1 <= len(text) <= DESCRIPTION_LIMIT:
            problems.append(f"{path}: the {locale} description has {len(text)} characters "
                            f"(1-{DESCRIPTION_LIMIT}): {text!r}")
    return problems


def _locales(entries: Iterable[dict[str, Any]]) -> set[str]:
    found = {DEFAULT}
    for entry in entries:
        found |= set(entry.get("name_localizations") or {})
    return found


def _name_in(entry: dict[str, Any], locale: str) -> str:
    return (entry.get("name_localizations") or {}).get(locale, entry["name"])


def _check_siblings(entries: list[dict[str, Any]], path: str, what: str) -> list[str]:
    problems = []
    if len(entries) > OPTIONS_LIMIT:
        problems.append(f"{path}: {len(entries)} {what} (at most {OPTIONS_LIMIT})")
    for locale in sorted(_locales(entries)):
        names = [_name_in(entry, locale) for entry in entries]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            problems.append(f"{path}: in {locale}, two {what} are named {repeated[0]!r}")
    return problems


def _check_options(options: list[dict[str, Any]], path: str) -> list[str]:
    problems = _check_siblings(options, path, "options")
    for option in options:
        where = f"{path} {option['name']}"
        problems += _check_entry(option, where)
        if option.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP):
            problems += _check_options(option.get("options", []), where)
        choices = option.get("choices", [])
        problems += _check_siblings(choices, where, "choices")
        for choice in choices:
            for locale, name in _localised(choice, "name"):
                if not 1 <= len(name) <= CHOICE_LIMIT:
                    problems.append(f"{where}: the {locale} choice {name!r} has {len(name)} "
                                    f"characters (1-{CHOICE_LIMIT})")
            value = choice.get("value")
            if isinstance(value, str) and len(value) > CHOICE_LIMIT:
                problems.append(f"{where}: the choice value {value!r} is over {CHOICE_LIMIT}")
    return problems


def _entries(entry: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The command, its options (subcommands and groups too) and their choices."""
    yield entry
    for option in entry.get("options", []):
        yield from _entries(option)
    yield from entry.get("choices", [])


def _check_total(command: dict[str, Any], path: str) -> list[str]:
    entries = list(_entries(command))
    locales = set()
    for entry in entries:
        locales |= set(entry.get("name_localizations") or {})
        locales |= set(entry.get("description_localizations") or {})
    problems = []
    for locale in sorted(locales | {DEFAULT}):
        total = 0
        for entry in entries:
            for key in ("name", "description"):
                total += len((entry.get(f"{key}_localizations") or {}).get(
                    locale, entry.get(key, "")))
            value = entry.get("value")
            total += len(value) if isinstance(value, str) else 0
        if total > COMMAND_TOTAL_LIMIT:
            problems.append(f"{path}: {total} characters of names, descriptions and choices "
                            f"in {locale} (at most {COMMAND_TOTAL_LIMIT})")
    return problems
