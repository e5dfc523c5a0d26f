"""Write the bytecode (.pyc files) of the installed modules the analyzer's commands,
tests and tools use, and of the analyzer's own; `make setup` runs it after the install.

A machine that never writes .pyc files (PYTHONDONTWRITEBYTECODE) would otherwise
compile numba, numpy, pandas and the rest from source in every command. Compiling
every installed file instead (8,900 of them, their own tests and most of SciPy among
them) takes longer than the install. So: each module named in an import statement of
analyzer/, tests/ or tools/ is imported, with numba's compiler's own modules (a run
that compiles the engine loads them); then every file in a folder one of those imports
reached is compiled, which covers the modules the packages import later, when a
command first needs them (a chart's image writer, a table's CSV writer).
"""

from __future__ import annotations

import ast
import compileall
import contextlib
import importlib
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OWN = ("analyzer", "tests", "tools")
# imported by the packages later, with what they import in turn: typer's reading of a
# command's options (pydantic), pytest-xdist's workers (execnet)
LATER = ("typer._adapters", "execnet")


def named_modules() -> list[str]:
    """Every absolute module name an import statement of OWN's files names, sorted,
    OWN's own left out."""
    names = set()
    for folder in OWN:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] not in OWN)


def _import(names: list[str]) -> list[str]:
    """Import `names` (None: numba's compiler's modules), writing their .pyc files; the
    folders outside the standard library and OWN that hold this process's modules."""
    sys.dont_write_bytecode = False  # whatever PYTHONDONTWRITEBYTECODE says
    if names is None:
        from numba.core.registry import cpu_target

        cpu_target.typing_context.refresh()
        cpu_target.target_context.refresh()
    for name in names or ():
        with contextlib.suppress(Exception):  # an extra not installed, another platform's
            importlib.import_module(name)
    stdlib = Path(sys.base_prefix).resolve()
    own = [ROOT / folder for folder in OWN]
    folders = set()
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if file and file.endswith(".py"):
            folder = Path(file).resolve().parent
            if not any(f == folder or f in folder.parents for f in (stdlib, *own)):
                folders.add(str(folder))
    return sorted(folders)


def _compile(paths: list[str]) -> None:
    for path in paths:  # nothing to do where the imports wrote the .pyc
        compileall.compile_file(path, quiet=2)


def main() -> int:
    """Both steps on every core, a package's imports (or a share of the files) at a time."""
    by_package: dict[str, list[str]] = {}
    for name in (*named_modules(), *LATER):
        by_package.setdefault(name.split(".")[0], []).append(name)
    workers = os.cpu_count() or 1
    context = multiprocessing.get_context("fork")  # before any package is imported
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        jobs = [None, *by_package.values()]
        folders = sorted({f for part in pool.map(_import, jobs) for f in part})
        files = [str(p) for folder in folders for p in sorted(Path(folder).glob("*.py"))]
        shares = [files[k :: 2 * workers] for k in range(2 * workers)]
        list(pool.map(_compile, shares))
    return 0 if compileall.compile_dir(ROOT / "analyzer", quiet=1) else 1


if __name__ == "__main__":
    sys.exit(main())
