"""Where a child process's engine cache goes in the tests."""

from __future__ import annotations

from pathlib import Path


def engine_cache_base() -> str:
    """The folder the engine caches sit in (one folder per ruleset, side by side), for a
    child process's NUMBA_CACHE_DIR. Importing analyzer.engine points numba at it;
    read before that, numba's setting is empty and a child would cache in the
    working tree."""
    import numba

    import analyzer.engine  # noqa: F401  (sets numba.config.CACHE_DIR)

    return str(Path(numba.config.CACHE_DIR).parent)
