"""``python -m bot.i18n extract | update | check``: the catalogues' tools.

- ``extract``: write the English template ``bot/i18n/locales/messages.pot``
  from the code, ``render/labels.py`` and the command tree;
- ``update``: ``extract``, then merge the template into every catalogue
  (new messages arrive untranslated, changed ones fuzzy);
- ``check``: list every problem of the template and the catalogues: first
  what is broken (fields that differ, plural forms, Discord limits, entries
  missing after a change of the code), then what awaits translation (empty
  or fuzzy entries), and a count per language; exit status 1 if anything is
  broken or, unless ``--allow-untranslated``, untranslated. ``--language ro``
  checks one catalogue (and the template).

``--tree module:function`` names the function that returns the bot's command
tree (default :data:`bot.i18n.extract.COMMAND_TREE`).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import inspect
import sys

from . import extract
from .checks import all_reports
from .languages import TRANSLATED, Language


async def _tree_messages(spec: str | None) -> list[extract.CommandMessage]:
    if not spec:
        return []
    module, _, name = spec.partition(":")
    tree = getattr(importlib.import_module(module), name)()
    if inspect.isawaitable(tree):
        tree = await tree
    return await extract.command_messages(tree)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.i18n", description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=("extract", "update", "check"))
    parser.add_argument("--tree", default=extract.COMMAND_TREE,
                        help="module:function returning the command tree")
    parser.add_argument("--language", choices=[language.value for language in TRANSLATED],
                        help="check one catalogue only")
    parser.add_argument("--allow-untranslated", action="store_true",
                        help="exit 0 when nothing is broken, even with entries to translate")
    arguments = parser.parse_args(argv)
    if arguments.action in ("extract", "update"):
        commands = asyncio.run(_tree_messages(arguments.tree))
        written = extract.write_template(extract.build_template(commands))
        print(f"{'wrote' if written else 'unchanged:'} {extract.TEMPLATE}")
        if arguments.action == "update":
            extract.update_catalogues()
            print(f"updated the catalogues under {extract.LOCALES}")
    languages = [Language(arguments.language)] if arguments.language else TRANSLATED
    reports = all_reports(languages)
    broken = [problem for report in reports.values() for problem in report.broken]
    untranslated = [problem for report in reports.values() for problem in report.untranslated]
    for problem in broken + untranslated:
        print(problem)
    if arguments.action == "check":
        counts = ", ".join(f"{language}: {len(report.untranslated)}"
                           for language, report in reports.items() if language is not None)
        print(f"{len(broken)} broken, {len(untranslated)} untranslated ({counts})")
        if broken:
            return 1
        return 1 if untranslated and not arguments.allow_untranslated else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
