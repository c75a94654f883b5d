"""``python -m bot.i18n extract | update | check``: the catalogues' tools.

- ``extract``: write the English template ``bot/i18n/locales/messages.pot``
  from the code, ``render/labels.py`` and the command tree;
- ``update``: ``extract``, then merge the template into every catalogue
  (new messages arrive untranslated, changed ones fuzzy);
- ``check``: list every problem of the template and the catalogues (missing
  or fuzzy translations, fields that differ, plural forms, Discord limits);
  exit status 1 if there is one.

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
from .checks import all_problems


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
    arguments = parser.parse_args(argv)
    if arguments.action in ("extract", "update"):
        commands = asyncio.run(_tree_messages(arguments.tree))
        written = extract.write_template(extract.build_template(commands))
        print(f"{'wrote' if written else 'unchanged:'} {extract.TEMPLATE}")
        if arguments.action == "update":
            extract.update_catalogues()
            print(f"updated the catalogues under {extract.LOCALES}")
    problems = all_problems()
    for problem in problems:
        print(problem)
    if arguments.action == "check":
        print(f"{len(problems)} problems")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
