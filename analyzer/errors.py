"""Errors a user can fix: bad content, scenario or command-line input.

Each problem is one paragraph naming the file, the key, the bad value and the
valid choices (with the closest match for a typo). The CLI prints them and exits
with code 2; it never shows a traceback for these.
"""

from __future__ import annotations

import difflib
import importlib.util
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

EXIT_BAD_INPUT = 2


def closest(value: object, choices: Iterable[str]) -> str | None:
    """The choice a misspelt value most likely meant, or None."""
    choices = list(choices)
    text = str(value)
    lowered = {c.lower(): c for c in choices}
    if text.lower() in lowered:
        return lowered[text.lower()]
    match = difflib.get_close_matches(text.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


@dataclass(frozen=True)
class Problem:
    file: str
    key: str
    value: object
    message: str
    choices: Sequence[str] = ()

    def __str__(self) -> str:
        text = f"{self.file}: {self.key} = {self.value!r}: {self.message}"
        if self.choices:
            shown = ", ".join(str(c) for c in list(self.choices)[:24])
            more = "" if len(self.choices) <= 24 else f" (and {len(self.choices) - 24} more)"
            text += f". Valid choices: {shown}{more}"
            guess = closest(self.value, [str(c) for c in self.choices])
            if guess is not None and guess != str(self.value):
                text += f". Did you mean {guess!r}?"
        if not text.endswith((".", "?")):
            text += "."
        return text


class InputError(Exception):
    """One or more problems in a file or argument the user gave us."""

    def __init__(self, problems: Problem | Sequence[Problem]):
        if isinstance(problems, Problem):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("\n\n".join(str(p) for p in self.problems))


class RulesetCodeError(InputError, ImportError):
    """A ruleset's module that fails to import or does not match the hook table: one
    paragraph naming its file (the command line exits with code 2, no traceback). Still
    an ImportError, which is what importing the engine raises."""

    def __init__(self, file: str, message: str):
        self.problems = []
        ImportError.__init__(self, f"{file}: {message}")

    @classmethod
    def failed(cls, module: str, exc: BaseException, folder: Path | None) -> RulesetCodeError:
        """The error of importing `module` (a ruleset's), at the line of the ruleset's
        own code (in `folder`) nearest to where `exc` was raised."""
        file, line = _origin(module), None
        if isinstance(exc, SyntaxError) and exc.filename:
            file, line = exc.filename, exc.lineno
        else:
            for frame in reversed(traceback.extract_tb(exc.__traceback__)):
                if folder is None or Path(frame.filename).resolve().is_relative_to(folder):
                    file, line = frame.filename, frame.lineno
                    break
        where = shown_path(file) + (f", line {line}" if line else "")
        return cls(
            where,
            f"the ruleset module {module} fails to import: {type(exc).__name__}: {exc}. "
            "Fix the ruleset's code there (analyzer/engine/hook_table.py lists every hook, "
            "its arguments and its default; docs/hooks.md explains them).",
        )


def _origin(module: str) -> str:
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        spec = None
    return spec.origin if spec is not None and spec.origin else module


def shown_path(file: str | Path) -> str:
    """A file as a user finds it: relative to the working folder when inside it."""
    path = Path(file)
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class ProblemList:
    """Collects problems so a validator can report all of them at once."""

    def __init__(self, file: str):
        self.file = file
        self.items: list[Problem] = []

    def add(self, key: str, value: object, message: str, choices: Sequence[str] = ()) -> None:
        self.items.append(Problem(self.file, key, value, message, tuple(choices)))

    def raise_if_any(self) -> None:
        if self.items:
            raise InputError(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)
