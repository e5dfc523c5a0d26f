"""Errors a user can fix: bad content, scenario or command-line input.

Each problem is one paragraph naming the file, the key, the bad value and the
valid choices (with the closest match for a typo). The CLI prints them and exits
with code 2; it never shows a traceback for these.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

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
