"""The rulesets there are, and the one this process plays.

A ruleset is a package under analyzer/rulesets/ (or any importable package named by
its dotted path, a test's ruleset). A process plays one ruleset: numba compiles the
engine for the ruleset it binds to, so the first game loaded (analyzer.load_game, or
a command's --ruleset) binds it for good, and this module remembers it. It is the
one place that reads the bound ruleset: the engine binds its hooks and cache folder
to it (analyzer/engine/__init__.py), and everything above takes the Game it plays
(analyzer/rulesets/__init__.py) instead of asking here.

A ruleset is playable when its package gives the parts the core calls (see
analyzer/rulesets/__init__.py). Everything here is file lookups and small imports: it
never imports numba or the engine itself (loading a game's content does).
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
from pathlib import Path

from analyzer.errors import InputError, Problem

RULESETS_DIR = Path(__file__).resolve().parent / "rulesets"
DEFAULT_RULESET = "swow"
ENGINE_PARTS = ("layout", "hooks.rules", "hooks.bots", "hooks.turn", "hooks.precompile")
CONTENT_PART = "tables"
PARTS = ENGINE_PARTS + (CONTENT_PART,)

# The ruleset this process's engine plays: set once, by the first load_game (or a
# command's decide_game); analyzer.engine reads it (engine_binds) as it binds, and
# from then on it is fixed for good.
_BOUND: str | None = None
_FIXED = False


class NoGameLoaded(RuntimeError):
    """The engine (or the played ruleset's name) was asked for before any game was
    loaded: the game is chosen by an explicit call, never guessed."""

    def __init__(self, what: str = "the engine was imported"):
        choices = ", ".join(repr(n) for n in playable_rulesets())
        super().__init__(
            f"{what} before a game was loaded: call "
            f"analyzer.load_game(NAME) first (NAME one of {choices}); a process plays "
            "the one ruleset its first load_game names"
        )


def content_dir(name: str) -> Path:
    """The folder of a ruleset's content files (ruleset.toml, boards.toml)."""
    return RULESETS_DIR / name / "content"


def bound_ruleset() -> str | None:
    """The ruleset this process's engine is bound to, or None before any game is
    loaded."""
    return _BOUND


def engine_binds() -> str:
    """The bound ruleset, fixed for good: analyzer.engine calls this as it binds its
    hooks and cache folder (kernels then compile for it). NoGameLoaded before any
    game is loaded."""
    global _FIXED
    if _BOUND is None:
        raise NoGameLoaded("analyzer.engine was imported")
    _FIXED = True
    return _BOUND


def ruleset_name() -> str:
    """The ruleset this process plays: a package under analyzer/rulesets/ by its
    name, or any importable package by its dotted path (a test's ruleset).
    NoGameLoaded before load_game (or a command) has chosen one."""
    if _BOUND is None:
        raise NoGameLoaded("the played ruleset was asked for")
    return _BOUND


def ruleset_package(name: str | None = None) -> str:
    name = ruleset_name() if name is None else name
    return name if "." in name else f"analyzer.rulesets.{name}"


def package_ruleset(package: str) -> str:
    """The ruleset's name (as load_game takes it) of its package: ruleset_package's
    inverse."""
    name = package.removeprefix("analyzer.rulesets.")
    return name if "." not in name else package


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
    same = [s for s in shipped if "." in name and ruleset_package(s) == name]
    if same:
        return Problem(
            where, key, name,
            f"this is the package of the shipped ruleset {same[0]!r}: name it {same[0]!r} (one "
            "ruleset, one name, one compiled engine)",
        )  # fmt: skip
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


def select_ruleset(name: str, where: str = "command line", key: str = "--ruleset") -> str:
    """Bind this process to ruleset `name`: checked, bound (the first time) and its
    content loaded once (InputError naming the problem otherwise). Choosing the
    ruleset already bound is harmless; another one is refused, never ignored."""
    global _BOUND
    check_ruleset(name, where, key)
    if _BOUND is not None and name != _BOUND:
        raise InputError(
            Problem(
                where, key, name,
                f"this process already plays {_BOUND} (its engine is bound to it); a "
                "ruleset is chosen once per process: run a new one",
            )
        )  # fmt: skip
    if name == _BOUND:
        return name
    _BOUND = name  # before the content loads: its loaders import the engine's layout
    try:
        played_content().default_content()  # its content must load before any game
    except BaseException:
        if not _FIXED:  # the engine never bound to it: as if never chosen
            _BOUND = None
        raise
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
