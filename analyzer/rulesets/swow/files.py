"""Small World of Warcraft's own content files, for the `check` command: the core's
file checker (cli/check.py) asks each ruleset's files.py (its parts are
rulesets/content_table.py's FILES) whether a file or a content folder is one of its
own, and has it checked here. Plain file checks: importing this module compiles
nothing."""

from __future__ import annotations

from pathlib import Path

from analyzer.rulesets.swow.boards import parse_faces
from analyzer.rulesets.swow.ruleset import load_ruleset, parse_ruleset
from analyzer.tomlcheck.tomlfile import read_toml

# What the checker says a file lacks when no kind fits it.
NOT_ONE = "a Small World of Warcraft file (no [races] table, no [[faces]])"
# A content folder of SWoW: its ruleset and the double-sided boards played with it.
FOLDER_FILES = ("ruleset.toml", "boards.toml")


def file_kind(data: dict) -> str | None:
    """ "ruleset" (a [races] table), "boards" ([[faces]]) or None. Asked after the
    other rulesets (cli/check.py), so a file naming another ruleset is that one's."""
    if "races" in data:
        return "ruleset"
    if "faces" in data:
        return "boards"
    return None


def check_file(kind: str, data: dict, file: str) -> None:
    """Raise the InputError of every problem in a file of `kind`. A ruleset.toml is
    checked with the boards.toml beside it (a scenario plays the folder as a whole);
    a board file against the ruleset.toml beside it, else the shipped ruleset."""
    path = Path(file)
    if kind == "ruleset":
        ruleset = parse_ruleset(data, file)
        boards = path.with_name("boards.toml")
        if path.name == "ruleset.toml" and boards.is_file():
            parse_faces(read_toml(boards), str(boards), ruleset)
        return
    parse_faces(data, file, _ruleset_beside(path))


def _ruleset_beside(boards: Path):
    """The ruleset a board file is played with: the ruleset.toml of its folder (a
    scenario's ruleset folder), else the shipped one."""
    beside = boards.with_name("ruleset.toml")
    if boards.name == "boards.toml" and beside.is_file():
        data = read_toml(beside)
        if file_kind(data) == "ruleset":
            return parse_ruleset(data, str(beside))
    return load_ruleset()


def check_folder(folder: Path) -> None:
    """Raise the InputError of every problem in a content folder: its ruleset, then
    its boards against that ruleset."""
    check_file("ruleset", read_toml(folder / "ruleset.toml"), str(folder / "ruleset.toml"))
