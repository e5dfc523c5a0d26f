"""The answer a command prints when it is done: sentences and small tables.

A study's answer card (studies/protocol.py) is a list of lines; a line is a string or
an AnswerTable, which the command line draws with rich and any other caller can read
as a DataFrame (`frame`). Kept free of rich and pandas at import, so the declarations
that `analyzer --help` reads stay light."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd


@dataclass(frozen=True)
class AnswerTable:
    """A headline table: a title, its columns, rows of already formatted cells, and
    an optional note printed under it (what the columns mean, who played)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""

    def frame(self):
        return pd.DataFrame(list(self.rows), columns=list(self.columns))

    def text(self) -> str:
        """The table as plain aligned text (for logs and callers without rich)."""
        cells = [self.columns, *self.rows]
        widths = [max(len(str(row[i])) for row in cells) for i in range(len(self.columns))]
        lines = [self.title]
        for row in cells:
            lines.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))
        if self.note:
            lines.append(self.note)
        return "\n".join(line.rstrip() for line in lines)
