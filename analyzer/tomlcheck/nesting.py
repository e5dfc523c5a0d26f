"""How deep a TOML file nests, checked before and after parsing.

Python's TOML reader recurses once per level of nested arrays and inline tables, so
a file nested a few hundred levels deep ends in a RecursionError; dotted keys nest
without limit and break any later walk of the values. No content, scenario or
battle file needs more than a handful of levels: anything past MAX_NESTING is
refused with one paragraph. This module imports nothing of the analyzer's but its
errors, so the ruleset choice can read a scenario before the engine is imported.
"""

from __future__ import annotations

import tomllib

from analyzer.errors import InputError, Problem

MAX_NESTING = 32


def _too_deep(file: str, line: int | None, depth: str) -> InputError:
    where = f" (from line {line})" if line is not None else ""
    return InputError(
        Problem(
            file, "(nesting)", depth,
            f"tables and arrays are nested more than {MAX_NESTING} levels deep{where}; no "
            "file of the analyzer needs more than a few levels: flatten the nesting",
        )
    )  # fmt: skip


def check_text(text: str, file: str) -> None:
    """InputError when the brackets and braces of `text` (outside strings and
    comments) nest deeper than MAX_NESTING; a scan, not a parse, so it never recurses."""
    depth, i, n, line = 0, 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            j = i + len(quote)
            while j < n and not text.startswith(quote, j):
                if text[j] == "\n":
                    if len(quote) == 1:
                        break  # an unclosed string: left to the parser's own message
                    line += 1
                elif c == '"' and text[j] == "\\":
                    j += 1
                    line += text[j : j + 1] == "\n"
                j += 1
            i = j if j < n and text[j] == "\n" else j + len(quote)
            continue
        elif c in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise _too_deep(file, line, f"{depth}+ levels")
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1


def check_value(data: object, file: str) -> None:
    """InputError when parsed TOML nests deeper than MAX_NESTING (dotted keys like
    a.b.c... nest without brackets). Walked with a stack, never recursively."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_NESTING:
            raise _too_deep(file, None, f"{depth}+ levels")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def loads(text: str, file: str) -> dict:
    """tomllib.loads with the nesting checked first and after (tomllib's own errors
    pass through)."""
    check_text(text, file)
    try:
        data = tomllib.loads(text)
    except RecursionError:  # past the scan's notice (cannot happen with sane limits)
        raise _too_deep(file, None, "too many levels") from None
    check_value(data, file)
    return data
