"""The numba engine. Importing this package compiles nothing by itself; the first
call of a kernel loads it from the on-disk cache or compiles it.

A process plays one ruleset, chosen by an explicit call before the engine is
imported: `analyzer.load_game(NAME)` (a command's --ruleset does the same). The
core calls it through its hook modules (rule_hooks, bot_hooks, turn_hooks), which
bind to that ruleset's package, so only that ruleset's code is ever compiled.
Importing an engine module that depends on the ruleset (its layout, hooks and
every compiled module) before any game is loaded raises NoGameLoaded, naming
load_game, instead of guessing a ruleset: a guess would bind the process to it
for good, and a later load_game of another ruleset would then be refused. The
ruleset-free parts (core_layout, error_codes) import without a game.

numba checks a cached kernel only against its own file, not the files it calls,
so an edit to one engine file could leave a stale caller in the cache. The cache
folder is therefore named after the ruleset and a hash of the engine's, the
players', the game loop's and that ruleset's sources: each ruleset has its own
folder, and an edit to one ruleset leaves the others' caches valid.
"""

from __future__ import annotations

import atexit
import gc
import hashlib
import importlib
import importlib.util
import os
from pathlib import Path

from analyzer.errors import InputError, RulesetCodeError
from analyzer.ruleset_registry import bound_ruleset, engine_binds, ruleset_package

_PACKAGE = Path(__file__).resolve().parent.parent
_bound: str | None = None  # the ruleset this engine is bound to (bind_engine)


def bind_engine() -> str:
    """Bind the engine to the ruleset the first load_game chose, once: numba's cache
    folder becomes that ruleset's. Every module of compiled code (engine/jit.py) and
    every hook module (ruleset_module) asks for it as it is imported, so no kernel
    is ever compiled before the game is chosen: NoGameLoaded then."""
    global _bound
    if _bound is None:
        name = engine_binds()  # NoGameLoaded before any game is loaded
        _configure_numba(cache_dir(name))
        _bound = name
    return _bound


def __getattr__(name: str):
    if name == "BOUND_RULESET":  # the ruleset this process's engine plays
        return bind_engine()
    raise AttributeError(f"module 'analyzer.engine' has no attribute {name!r}")


def ruleset_module(part: str):
    """One module of the played ruleset's package (its hooks: `hooks.rules`, ...). A
    module that fails to import is refused with its file and line (RulesetCodeError:
    the command line's one paragraph and exit code 2, not a traceback)."""
    name = f"{ruleset_package(bind_engine())}.{part}"
    try:
        return importlib.import_module(name)
    except InputError:  # already a user's message (a hook module that does not bind)
        raise
    except Exception as exc:
        raise RulesetCodeError.failed(name, exc, _ruleset_folder(_bound).resolve()) from exc


def _ruleset_folder(name: str) -> Path:
    spec = importlib.util.find_spec(ruleset_package(name))
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(f"no ruleset package {ruleset_package(name)!r}")
    return Path(next(iter(spec.submodule_search_locations)))


def source_hash(name: str | None = None) -> str:
    """A hash of the engine's, the players', the game loop's and ruleset `name`'s
    sources (default: the bound one)."""
    digest = hashlib.sha1()
    name = bind_engine() if name is None else name
    folders = [_PACKAGE / part for part in ("engine", "players", "gameloop")]
    folders.append(_ruleset_folder(name))
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _cache_base() -> Path:
    return Path(
        os.environ.get("NUMBA_CACHE_DIR")
        or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "smallworld-analyzer"
    )


def cache_dir(name: str) -> str:
    """The compile cache folder of ruleset `name` (its sources' hash in its name)."""
    label = name.replace(".", "-")
    return str(_cache_base() / f"engine-{label}-{source_hash(name)}")


# Compiled code that plays no Small World ruleset (the Warcraft battles), imported
# before any game is loaded, caches here.
NO_RULESET_CACHE = "no-ruleset"

# "off" in the environment: a cold compile starts no helper process beside it
# (precompile.compile_helper). A report building its pages side by side sets it for
# them: their compiles already keep both cores busy, and a helper beside each only
# adds the work the two share (about 4 s of CPU for a SWoW compile).
HELPER_SWITCH = "ANALYZER_COMPILE_HELPER"

# LLVM optimisation level. Level 1 compiles the engine about 10% faster than
# numba's default 3 and plays as fast (measured both ways: the kernels are
# integer code over small arrays, with nothing for the higher levels'
# vectorisers to find). NUMBA_OPT in the environment still wins.
OPT_LEVEL = 1


def _configure_numba(cache_dir: str) -> None:
    # lazy: numba loads once its cache folder is set in the environment
    import numba
    from numba.core.config import _OptLevel

    numba.config.CACHE_DIR = cache_dir
    if "NUMBA_OPT" not in os.environ:
        numba.config.OPT = _OptLevel(OPT_LEVEL)


# Python's last garbage collections as a process exits walked every object numba had
# made, at the end of every command that loaded the engine: about 0.3 s of CPU after a
# warm first game of 1 s. Frozen at exit, they are left to the operating system with
# the rest of the process (Python does not promise to finalize what is still alive at
# exit; the analyzer closes its files and folders itself, none by garbage collection).
atexit.register(gc.freeze)

# The column numbers (core_layout) and error codes need no game: this package may be
# imported before one is loaded (the content loaders, the Warcraft battles).
if bound_ruleset() is not None:
    bind_engine()
else:
    _configure_numba(str(_cache_base() / NO_RULESET_CACHE))
