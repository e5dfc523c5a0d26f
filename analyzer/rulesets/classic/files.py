"""The original Small World's own content files, for the `check` command: the
core's file checker (cli/check.py) asks each ruleset's files.py (its parts are
rulesets/content_table.py's FILES) whether a file or a content folder is one of its
own, and has it checked here."""

from __future__ import annotations

from pathlib import Path

from analyzer.rulesets.classic import ids, loader

# What the checker says a file lacks when no kind fits it.
NOT_ONE = 'an original Small World file (no [[maps]], no ruleset = "classic")'
# A content folder of the original game: its ruleset and the maps played with it.
FOLDER_FILES = ("ruleset.toml", "maps.toml")


def file_kind(data: dict) -> str | None:
    """ "classic maps" ([[maps]]), "classic ruleset" (`ruleset = "classic"`) or None."""
    if "maps" in data:
        return "classic maps"
    if data.get("ruleset") == ids.RULESET_TAG:
        return "classic ruleset"
    return None


def check_file(kind: str, data: dict, file: str) -> None:
    """Raise the InputError of every problem in a file of `kind`; a maps file is
    checked against the ruleset.toml beside it when it has one, else the shipped
    ruleset."""
    if kind == "classic ruleset":
        loader.parse_ruleset(data, file)
        return
    beside = Path(file).with_name("ruleset.toml")
    ruleset = loader.load_ruleset(beside if beside.is_file() else None)
    loader.parse_maps(data, file, ruleset)


def check_folder(folder: Path) -> None:
    """Raise the InputError of every problem in a content folder: its ruleset, then
    its maps against that ruleset."""
    ruleset = loader.load_ruleset(folder / "ruleset.toml")
    loader.load_maps(folder / "maps.toml", ruleset)
