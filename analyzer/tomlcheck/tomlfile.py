"""Reading a content file and checking the types of its values.

The loaders read every value through a Checker, so a wrong type or a misspelt
name becomes a Problem naming the dotted key, never a traceback.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path

from analyzer.errors import InputError, Problem, ProblemList
from analyzer.tomlcheck import nesting

# "public transcription": read off a printed component (a banner, a badge, a map) by
# public transcriptions of the game, not given in the rules text.
PROVENANCES = (
    "rulebook",
    "component list",
    "public fan data",
    "public transcription",
    "estimate",
)

# Whether the engine plays an ability: "full", "partial" (what is missing is said in
# the ruleset file's `missing` text) or "none".
MODEL_STATES = ("full", "partial", "none")


def range_text(low, high) -> str:
    def show(x):
        return f"{x:,}" if isinstance(x, int) else f"{x:g}"

    if low == high:
        return f"must be {show(low)}"
    return f"must be a whole number from {show(low)} to {show(high)}"


def read_toml(path: str | Path) -> dict:
    """The parsed file; an InputError if it cannot be read or is not TOML."""
    file = str(path)
    try:
        # Check before opening: opening a FIFO would wait for a writer forever.
        if Path(path).exists() and not Path(path).is_file():
            kind = "a folder" if Path(path).is_dir() else "a pipe, device or socket"
            raise InputError(
                Problem(file, "(file)", file, f"not a regular file ({kind}); name a TOML file")
            )
        # utf-8-sig: a byte-order mark, as some editors on Windows write, is accepted.
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise InputError(
            Problem(file, "(file)", file, f"cannot read this file: {reason}")
        ) from None
    try:
        return nesting.loads(text, file)
    except tomllib.TOMLDecodeError as exc:
        # Show the offending line itself: the message only gives its number.
        found = re.search(r"line (\d+)", str(exc))
        lines = text.splitlines()
        line = ""
        if found and 0 < int(found.group(1)) <= len(lines):
            line = lines[int(found.group(1)) - 1].strip()
        raise InputError(Problem(file, "(syntax)", line, f"not valid TOML: {exc}")) from None


def is_int(value: object) -> bool:
    """True for a TOML integer (bool is an int in Python, not in TOML)."""
    return isinstance(value, int) and not isinstance(value, bool)


def dotted(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


class Checker:
    """Reads typed values out of parsed TOML and collects a problem for each bad one.

    Each getter returns None when the value is missing or wrong, so the caller can
    carry on and report every problem of the file at once.
    """

    def __init__(self, file: str):
        self.file = file
        self.problems = ProblemList(file)

    def add(self, key: str, value: object, message: str, choices: Sequence[str] = ()) -> None:
        self.problems.add(key, value, message, choices)

    def keys(self, table: dict, where: str, allowed: Sequence[str]) -> None:
        """Report keys the format does not know (usually a typo of an allowed one)."""
        for key in table:
            if key not in allowed:
                self.add(dotted(where, key), key, "unknown key", allowed)

    def value(self, table: dict, key: str, where: str) -> object:
        if key not in table:
            self.add(dotted(where, key), None, "this key is required")
            return None
        return table[key]

    def table(self, parent: dict, key: str, where: str) -> dict | None:
        value = self.value(parent, key, where)
        if value is None:
            return None
        if not isinstance(value, dict):
            self.add(dotted(where, key), value, "must be a table")
            return None
        return value

    def integer(self, table: dict, key: str, where: str, minimum: int, maximum: int) -> int | None:
        value = self.value(table, key, where)
        if value is None:
            return None
        return self.check_int(value, dotted(where, key), minimum, maximum)

    def check_int(self, value: object, key: str, minimum: int, maximum: int) -> int | None:
        """Every integer has a range (model/limits.py): what the engine holds and
        what makes sense for the game."""
        if not is_int(value):
            self.add(key, value, "must be a whole number")
            return None
        if not minimum <= value <= maximum:
            self.add(key, value, range_text(minimum, maximum))
            return None
        return value

    def text(self, table: dict, key: str, where: str, required: bool = True) -> str | None:
        if key not in table and not required:
            return ""
        value = self.value(table, key, where)
        if value is None:
            return None
        if not isinstance(value, str):
            self.add(dotted(where, key), value, "must be text in quotes")
            return None
        return value

    def choice(self, table: dict, key: str, where: str, choices: Sequence[str]) -> str | None:
        value = self.value(table, key, where)
        if value is None:
            return None
        return self.check_choice(value, dotted(where, key), choices)

    def check_choice(self, value: object, key: str, choices: Sequence[str]) -> str | None:
        if value not in choices:
            self.add(key, value, "not a known name", choices)
            return None
        return value  # type: ignore[return-value]

    def number(
        self, table: dict, key: str, where: str, sources: dict[str, str], minimum: int, maximum: int
    ) -> int | None:
        """An integer with its `<key>_source` provenance, recorded in `sources`."""
        value = self.integer(table, key, where, minimum, maximum)
        source = self.choice(table, f"{key}_source", where, PROVENANCES)
        if source is not None:
            sources[dotted(where, key)] = source
        return value


# ------------------------------------------------------------- shared shapes
def keyed_entries(check: Checker, data: dict, section: str, keys: Sequence[str], build, sources):
    """One entry per known key of a section (`[races.orcs]`, ...), in the order of
    `keys`: an unknown or a missing key is a problem. `build(check, table, key, where,
    sources)` reads one entry."""
    table = check.table(data, section, "")
    if table is None:
        return ()
    for key in table:
        if key not in keys:
            check.add(f"{section}.{key}", key, f"unknown {section[:-1]}", keys)
    entries = []
    for key in keys:
        where = f"{section}.{key}"
        if key not in table:
            check.add(
                where, None, f"missing: every {section[:-1]} of the game needs a [{where}] table"
            )
        elif not isinstance(table[key], dict):
            check.add(where, table[key], "must be a table")
        else:
            entries.append(build(check, table[key], key, where, sources))
    return tuple(entries)


def modeled_state(check: Checker, entry: dict, where: str) -> tuple[str, str]:
    """An ability's `modeled` ("full", "partial", "none") and, unless full, the
    `missing` text that says what the engine leaves out."""
    modeled = check.choice(entry, "modeled", where, MODEL_STATES)
    missing = check.text(entry, "missing", where, required=False)
    if modeled in ("partial", "none") and missing == "":
        check.add(
            f"{where}.missing", missing, f"say what is not modeled when modeled = {modeled!r}"
        )
    return modeled, missing
