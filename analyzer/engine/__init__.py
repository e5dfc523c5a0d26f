"""The numba engine. Importing this package compiles nothing by itself; the first
call of a kernel loads it from the on-disk cache or compiles it.

A process plays one ruleset, chosen before the engine's kernels are imported
(ANALYZER_RULESET, default "swow"): the core calls it through its hook modules
(rule_hooks, bot_hooks, turn_hooks), which bind to that ruleset's package, so
only that ruleset's code is ever compiled.

numba checks a cached kernel only against its own file, not the files it calls,
so an edit to one engine file could leave a stale caller in the cache. The cache
folder is therefore named after the ruleset and a hash of the engine's, the
players' and that ruleset's sources: each ruleset has its own folder, and an
edit to one ruleset leaves the others' caches valid.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
from pathlib import Path

from analyzer.rulesets import RULESET_ENV, ruleset_name, ruleset_package

_PACKAGE = Path(__file__).resolve().parent.parent
# The ruleset this process's engine plays, fixed at import (rulesets.select_ruleset).
BOUND_RULESET = ruleset_name()


def ruleset_module(part: str):
    """One module of the played ruleset's package (its hooks: `hooks.rules`, ...)."""
    return importlib.import_module(f"{ruleset_package()}.{part}")


def _ruleset_folder() -> Path:
    spec = importlib.util.find_spec(ruleset_package())
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(f"no ruleset package {ruleset_package()!r} ({RULESET_ENV})")
    return Path(next(iter(spec.submodule_search_locations)))


def _source_hash() -> str:
    digest = hashlib.sha1()
    folders = [_PACKAGE / "engine", _PACKAGE / "players", _ruleset_folder()]
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _cache_dir() -> str:
    base = os.environ.get("NUMBA_CACHE_DIR") or str(
        Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "smallworld-analyzer"
    )
    label = ruleset_name().replace(".", "-")
    return str(Path(base) / f"engine-{label}-{_source_hash()}")


# LLVM optimisation level. Level 1 compiles the engine about 10% faster than
# numba's default 3 and plays as fast (measured both ways: the kernels are
# integer code over small arrays, with nothing for the higher levels'
# vectorisers to find). NUMBA_OPT in the environment still wins.
OPT_LEVEL = 1


def _configure_numba() -> None:
    import numba
    from numba.core.config import _OptLevel

    numba.config.CACHE_DIR = _cache_dir()
    if "NUMBA_OPT" not in os.environ:
        numba.config.OPT = _OptLevel(OPT_LEVEL)


_configure_numba()
