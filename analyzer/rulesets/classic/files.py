"""The original Small World's own content files, for the `check` command: the
core's file checker (cli/check.py) asks each ruleset's files.py whether a file
is one of its own, and has it checked here."""

from __future__ import annotations

from analyzer.rulesets.classic import ids, loader

# What the checker says a file lacks when no kind fits it.
NOT_ONE = 'an original Small World file (no [[maps]], no ruleset = "classic")'


def file_kind(data: dict) -> str | None:
    """ "classic maps" ([[maps]]), "classic ruleset" (`ruleset = "classic"`) or None."""
    if "maps" in data:
        return "classic maps"
    if data.get("ruleset") == ids.RULESET_TAG:
        return "classic ruleset"
    return None


def check_file(kind: str, data: dict, file: str) -> None:
    """Raise the InputError of every problem in a file of `kind`; a maps file is
    checked against the shipped ruleset."""
    if kind == "classic ruleset":
        loader.parse_ruleset(data, file)
    else:
        loader.parse_maps(data, file, loader.load_ruleset())
