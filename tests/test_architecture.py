"""Imports run bot -> render -> engine, never back; the engine is standard library only."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {
    "engine": set(),
    "render": {"engine", "PIL"},
    "bot": {"engine", "render", "discord", "aiosqlite", "asyncpg", "dotenv", "PIL", "babel",
            "openskill"},
}


def imported_packages(package: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], set()).add(str(path.relative_to(ROOT)))
    return found


def test_each_package_imports_only_what_it_may():
    stdlib = set(sys.stdlib_module_names)
    for package, allowed in ALLOWED.items():
        if not (ROOT / package).is_dir():
            continue
        imports = imported_packages(package)
        outside = {name: files for name, files in imports.items()
                   if name not in stdlib and name not in allowed and name != package}
        assert not outside, f"{package}/ imports {outside}"
    assert "asyncio" not in imported_packages("engine"), "the engine has no asyncio"


# ----------------------------------------------------------------------
# No import circles (issue 17)

#: The packages whose import graph must have no circle.
ACYCLIC = ("engine", "render", "bot")


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The import nodes under ``if TYPE_CHECKING:``: for the type checker, never run."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
                getattr(node.test, "id", None) == "TYPE_CHECKING"
                or getattr(node.test, "attr", None) == "TYPE_CHECKING"):
            for statement in node.body:
                skipped.update(id(child) for child in ast.walk(statement))
    return skipped


def import_graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports, wherever in it the import
    stands (a lazy import inside a function counts), except under TYPE_CHECKING.
    A package's ``__init__`` is a module of its own (``engine``): ``from engine
    import Game`` imports it, ``from . import placing`` the submodule."""
    files = {_module_of(path): path for package in packages
             for path in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {module: set() for module in files}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_only(tree)
        here = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[:len(here.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in files else base
                           for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target and target != module:
                    graph[module].add(target)
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph[module]):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return circles


def test_the_cycle_finder_sees_lazy_imports_and_package_inits(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from .a import A\n")
    (package / "a.py").write_text("A = 1\ndef f():\n    from . import b\n")
    (package / "b.py").write_text("from pkg import A\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from .a import A\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    graph = import_graph(("pkg",))
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": {"pkg"}, "pkg.c": set()}
    assert import_circles(graph) == [["pkg", "pkg.a", "pkg.b"]]


def test_no_import_circles():
    circles = import_circles(import_graph(ACYCLIC))
    assert not circles, f"import circles: {circles}"


# ----------------------------------------------------------------------
# The bot's layers (issue 17)

BOT = ROOT / "bot"
#: Discord markup that calls someone or points somewhere: made in one module.
MARKUP = ("<@", "<t:", "<#")
#: What a module over :data:`LONG` lines says in its docstring: why it is one module.
LONG, LONG_REASON = 500, "One module on purpose:"


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports (relative imports resolved), wherever they stand."""
    module = _module_of(path)
    here = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")[:len(here.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.update(f"{base}.{alias.name}" for alias in node.names)
            found.add(base)
    return found


def test_the_application_and_the_storage_know_no_discord():
    for layer in ("app", "storage"):
        for path in sorted((BOT / layer).rglob("*.py")):
            imports = _imports(path)
            assert not {name for name in imports
                        if name == "discord" or name.startswith("discord.")}, \
                f"{path.relative_to(ROOT)} imports discord"
            assert not {name for name in imports if name.startswith("bot.discord")}, \
                f"{path.relative_to(ROOT)} imports the Discord side"


def test_mentions_timestamps_and_channel_links_are_made_in_the_markup_module():
    for path in sorted(BOT.rglob("*.py")):
        if path == BOT / "discord" / "markup.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found = [mark for mark in MARKUP if mark in node.value]
                assert not found, f"{found} in {path.relative_to(ROOT)}: {node.value!r}"


def test_a_long_bot_module_says_why():
    for path in sorted(BOT.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= LONG:
            continue
        docstring = ast.get_docstring(ast.parse(text)) or ""
        assert LONG_REASON in docstring, (
            f"{path.relative_to(ROOT)} has over {LONG} lines: split it, or say why not in "
            f"its docstring ({LONG_REASON!r})")
