"""Check any content or scenario file a user hands us and list every problem in it."""

from __future__ import annotations

from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.model.boards import parse_faces
from analyzer.model.ruleset import load_ruleset, parse_ruleset
from analyzer.model.tomlfile import read_toml


def file_kind(data: dict) -> str | None:
    """ "scenario" (a [scenario] table; checked first, as a scenario may hold [races]
    too), "ruleset" (a [races] table), "boards" ([[faces]]) or None."""
    if "scenario" in data:
        return "scenario"
    if "races" in data:
        return "ruleset"
    if "faces" in data:
        return "boards"
    return None


def validate_path(path: str | Path) -> list[Problem]:
    """Every problem in a scenario, ruleset or board file (see file_kind); an empty
    list when the file is fine. A board file is checked against the shipped ruleset's
    box caps and board counts."""
    file = str(path)
    try:
        data = read_toml(path)
        kind = file_kind(data)
        if kind == "scenario":
            # Imported here: scenarios sit above the model (they name bots too).
            from analyzer.scenario import parse_scenario

            parse_scenario(data, file, Path(path).parent)
        elif kind == "ruleset":
            parse_ruleset(data, file)
        elif kind == "boards":
            parse_faces(data, file, load_ruleset())
        else:
            return [
                Problem(
                    file,
                    "(file)",
                    sorted(data),
                    "neither a scenario (no [scenario] table), a ruleset (no [races] table) "
                    "nor a board file (no [[faces]])",
                )
            ]
    except InputError as exc:
        return exc.problems
    return []
