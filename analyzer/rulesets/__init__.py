"""One package per ruleset: its content files, their loader, its abilities and
what its bots know of them.

`analyzer.rulesets.<name>` holds one game (`swow` is Small World of Warcraft,
`classic` the original Small World); the shared machinery (the engine's core,
TOML checking, problems, the CLI) stays in the core packages.

This module is also the one place that says which rulesets can be played and
which one this process plays. A process plays one ruleset, named by
ANALYZER_RULESET before analyzer.engine is imported (the engine binds its hooks
and its cache folder to it then). A ruleset is playable when its package gives
the parts the core calls:

- `layout.py`, `hooks/rules.py`, `hooks/bots.py`, `hooks/turn.py`,
  `hooks/precompile.py`: its columns and the engine's hooks (engine/layout.py,
  rule_hooks.py, bot_hooks.py, turn_hooks.py, precompile.py bind them);
- `tables.py`: its content, as `default_content()` (its ruleset and boards as
  loaded), `compile_tables(ruleset, faces, parameters=None)` and `default_tables()`
  (the engine's tables of the printed rules, an analyzer.model.tables.Tables);

and that content loads. Everything here is file lookups and small imports: it
never imports numba or the engine.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import os
import sys
import tomllib
from pathlib import Path

from analyzer.errors import InputError, Problem

RULESETS_DIR = Path(__file__).resolve().parent
RULESET_ENV = "ANALYZER_RULESET"
DEFAULT_RULESET = "swow"
ENGINE_PARTS = ("layout", "hooks.rules", "hooks.bots", "hooks.turn", "hooks.precompile")
CONTENT_PART = "tables"
PARTS = ENGINE_PARTS + (CONTENT_PART,)
TITLES = {"swow": "Small World of Warcraft", "classic": "Small World"}


def content_dir(name: str) -> Path:
    """The folder of a ruleset's content files (ruleset.toml, boards.toml)."""
    return RULESETS_DIR / name / "content"


def ruleset_name() -> str:
    """The ruleset this process plays: a package under analyzer/rulesets/ by its
    name, or any importable package by its dotted path (a test's ruleset)."""
    return os.environ.get(RULESET_ENV) or DEFAULT_RULESET


def ruleset_package(name: str | None = None) -> str:
    name = ruleset_name() if name is None else name
    return name if "." in name else f"analyzer.rulesets.{name}"


def title(name: str) -> str:
    """A ruleset's name for a page's title."""
    return TITLES.get(name, name)


def shipped_rulesets() -> list[str]:
    """Every ruleset package under analyzer/rulesets/, playable or not: the default
    first, then by name."""
    names = sorted(p.parent.name for p in RULESETS_DIR.glob("*/__init__.py"))
    return sorted(names, key=lambda name: name != DEFAULT_RULESET)


def _package_folder(name: str) -> Path | None:
    """A ruleset package's folder, found without importing the package (its modules
    may import the engine, which must not bind before the ruleset is chosen)."""
    if "." not in name:
        folder = RULESETS_DIR / name
        return folder if (folder / "__init__.py").is_file() else None
    try:
        spec = importlib.util.find_spec(name)  # imports the parents only
    except (ImportError, ValueError):  # a parent package missing or broken
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def missing_parts(name: str) -> list[str]:
    """The parts (module paths within the package) a ruleset lacks to be played."""
    folder = _package_folder(name)
    if folder is None:
        return [ruleset_package(name)]
    return [part for part in PARTS if not (folder / f"{part.replace('.', '/')}.py").is_file()]


def playable_rulesets() -> list[str]:
    """The shipped rulesets whose package gives every part the core calls (whether
    their content loads is checked when one is chosen: that reads its files)."""
    return [name for name in shipped_rulesets() if not missing_parts(name)]


def ruleset_problem(name: object, where: str, key: str) -> Problem | None:
    """Why `name` (given at `key` of `where`) cannot be played, or None if it can."""
    if not isinstance(name, str) or not name:
        return Problem(where, key, name, "must be a ruleset's name in quotes", playable_rulesets())
    shipped = shipped_rulesets()
    if "." not in name and name not in shipped:
        # The Problem names the closest playable one; a close unplayable one is said here.
        close = [c for c in difflib.get_close_matches(name, shipped, n=1) if missing_parts(c)]
        hint = f" (did you mean {close[0]!r}? its engine is not built yet)" if close else ""
        return Problem(where, key, name, f"no such ruleset{hint}", playable_rulesets())
    missing = missing_parts(name)
    if missing == [ruleset_package(name)]:
        return Problem(where, key, name, "no such ruleset package", playable_rulesets())
    if missing:
        folder = ruleset_package(name).replace(".", "/")
        files = ", ".join(f"{part.replace('.', '/')}.py" for part in missing)
        return Problem(
            where, key, name,
            f"its engine is not built yet ({folder}/ has no {files}), so it cannot be "
            "played; its content files can still be checked with `analyzer validate`",
            playable_rulesets(),
        )  # fmt: skip
    return None


def check_ruleset(name: object, where: str = "command line", key: str = "--ruleset") -> str:
    problem = ruleset_problem(name, where, key)
    if problem is not None:
        raise InputError(problem)
    return name  # type: ignore[return-value]


def engine_ruleset() -> str | None:
    """The ruleset the engine of this process was bound to, or None before it is
    imported."""
    engine = sys.modules.get("analyzer.engine")
    return getattr(engine, "BOUND_RULESET", None)


def select_ruleset(name: str, where: str = "command line", key: str = "--ruleset") -> str:
    """Play `name` in this process: checked, bound through ANALYZER_RULESET, and its
    content loaded once (InputError naming the problem otherwise). Must come before
    analyzer.engine is imported; choosing the ruleset already bound is harmless."""
    check_ruleset(name, where, key)
    bound = engine_ruleset()
    if bound is not None and bound != name:
        raise InputError(
            Problem(
                where, key, name,
                f"this process already plays {bound} (its engine is loaded); a ruleset is "
                "chosen once per process: run a new one",
            )
        )  # fmt: skip
    os.environ[RULESET_ENV] = name
    played_content().default_content()  # its content must load before any game
    return name


def played_content():
    """The content module (`tables.py`) of the ruleset this process plays."""
    return importlib.import_module(f"{ruleset_package()}.{CONTENT_PART}")


def played_tables():
    """The engine's tables of the played ruleset's printed rules."""
    return played_content().default_tables()


def names_ruleset(value: str) -> bool:
    """Whether a scenario's `ruleset` value names a ruleset (a shipped one, or a
    package by its dotted path) rather than a folder of content files."""
    if value in shipped_rulesets():
        return True
    return "." in value and "/" not in value and "\\" not in value and bool(_package_folder(value))


def scenario_ruleset(path) -> str | None:
    """The ruleset a scenario file names ([scenario] ruleset; swow when left out), or
    None when it names a folder of content files (played by the chosen ruleset).
    Read with tomllib alone: the engine must not be imported before the ruleset is
    chosen. A file that does not read is left to the scenario's own loading."""
    try:
        if not Path(path).is_file():  # a FIFO would wait forever; a folder is no scenario
            return None
        head = tomllib.loads(Path(path).read_text(encoding="utf-8-sig")).get("scenario")
    except (OSError, ValueError):
        return None
    if not isinstance(head, dict):  # not a scenario (a content file, say)
        return None
    name = head.get("ruleset", DEFAULT_RULESET)
    if not isinstance(name, str) or not names_ruleset(name):
        return None
    return name
