"""The numba engine. Importing this package compiles nothing by itself; the first
call of a kernel loads it from the on-disk cache or compiles it.

numba checks a cached kernel only against its own file, not the files it calls,
so an edit to one engine file could leave a stale caller in the cache. The cache
folder is therefore named after a hash of all engine, player and ruleset sources.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _source_hash() -> str:
    digest = hashlib.sha1()
    for folder in ("engine", "players", "rulesets"):
        for path in sorted((_PACKAGE / folder).rglob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _cache_dir() -> str:
    base = os.environ.get("NUMBA_CACHE_DIR") or str(
        Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "smallworld-analyzer"
    )
    return str(Path(base) / f"engine-{_source_hash()}")


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
