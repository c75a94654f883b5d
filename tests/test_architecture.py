"""Imports run bot -> render -> engine, never back; the engine is standard library only."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {
    "engine": set(),
    "render": {"engine", "PIL"},
    "bot": {"engine", "render", "discord", "aiosqlite", "asyncpg", "dotenv", "PIL", "babel"},
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
