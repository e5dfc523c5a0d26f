"""Check any content file a user hands us and list every problem in it."""

from __future__ import annotations

from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.model.boards import parse_faces
from analyzer.model.ruleset import load_ruleset, parse_ruleset
from analyzer.model.tomlfile import read_toml


def validate_path(path: str | Path) -> list[Problem]:
    """Every problem in a ruleset file (it has [races]) or a board file (it has
    [[faces]]); an empty list when the file is fine. A board file is checked against
    the shipped ruleset's box caps and board counts."""
    file = str(path)
    try:
        data = read_toml(path)
        if "races" in data:
            parse_ruleset(data, file)
        elif "faces" in data:
            parse_faces(data, file, load_ruleset())
        else:
            return [
                Problem(
                    file,
                    "(file)",
                    sorted(data),
                    "neither a ruleset (no [races] table) nor a board file (no [[faces]])",
                )
            ]
    except InputError as exc:
        return exc.problems
    return []
