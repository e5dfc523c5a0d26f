"""Tables keyed by name, turned into the arrays the engine indexes by id.

A value table written as a list labelled by comments breaks silently when a race is
inserted: every later race takes its neighbour's value. Written as name -> value and
checked complete here, a missing or unknown name is refused instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from analyzer.errors import InputError, Problem


def by_id(values: Mapping[str, float], names: Sequence[str], file: str, key: str) -> np.ndarray:
    """float64[len(names)]: values[names[i]] at position i. Every name needs a value
    and every value a name; otherwise an InputError names `file`, `key`, the name and
    the valid names (with the closest match for a typo)."""
    problems = []
    where = _shown(file)
    for name in values:
        if name not in names:
            problems.append(Problem(where, f"{key}[{name!r}]", name, "unknown name", names))
    for name in names:
        if name not in values:
            problems.append(Problem(
                where, f"{key}[{name!r}]", None,
                f"missing: every one of the {len(names)} names needs a value "
                f"({name!r} was added to the content without one)",
            ))  # fmt: skip
    if problems:
        raise InputError(problems)
    return np.array([float(values[name]) for name in names], dtype=np.float64)


def _shown(file: str) -> str:
    """The file as a path inside the project when it is one (shorter to read)."""
    path = Path(file)
    root = Path(__file__).resolve().parents[2]
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)
