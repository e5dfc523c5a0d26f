"""Run the notebook session of docs/python-api.md and keep its outputs true.

The page shows cells as ```python blocks opening with "In [n]:", each followed by a
```text block opening with "Out [n]:". This tool runs the cells in order in this one
process, as a notebook kernel does: it executes each cell and takes the value of its
last line when that line is an expression (split off and evaluated, as IPython does),
shown as repr() shows it, or the exception the cell raised, as "module.Class: message".
A cell that raises does not stop the session: the next cell runs, as in a notebook.

    python tools/python_api_doc.py --check   # print the differences; exit 1 if any
    python tools/python_api_doc.py --write   # rewrite the Out blocks that differ

Run it in a fresh process (a process plays one ruleset, and the page's last cell shows
that), from any folder: the cells run in the repository's root, where the page's
scenario paths lead. pandas shows its tables at DISPLAY_WIDTH characters, as the page
says. --write writes a temporary file beside the page and renames it over the page, so
a run that is stopped leaves the page as it was.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from analyzer.output import write_text_atomic

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "python-api.md"
# The widest table (the house-rule comparison) fits on one line of this many characters;
# at pandas' default 80 its columns would wrap.
DISPLAY_WIDTH = 120

# A fenced block: its info string, its first line ("In [n]:" or "Out [n]:") and the rest.
BLOCK = re.compile(
    r"^```(?P<lang>python|text)\n(?P<label>(?:In|Out) \[(?P<n>\d+)\]:)\n(?P<body>.*?)^```$",
    re.MULTILINE | re.DOTALL,
)


class PageError(Exception):
    """The page's cells are not laid out as the tool reads them."""


@dataclass
class Cell:
    n: int
    code: str
    out_start: int  # where the Out block's text begins in the page (after its label line)
    out_end: int
    shown: str  # the Out block's text as the page has it


def read_cells(page: Path, text: str) -> list[Cell]:
    """The page's cells in order, each In block paired with the Out block after it."""
    cells: list[Cell] = []
    pending: tuple[int, str] | None = None
    for match in BLOCK.finditer(text):
        n, kind = int(match["n"]), match["label"].split(" ")[0]
        if (match["lang"], kind) not in (("python", "In"), ("text", "Out")):
            raise PageError(f"{page}: a ```{match['lang']} block is labelled {match['label']}")
        if kind == "In":
            if pending is not None:
                raise PageError(f"{page}: In [{pending[0]}] has no Out block after it")
            if n != len(cells) + 1:
                raise PageError(
                    f"{page}: In [{n}] follows cell {len(cells)}; expected In [{len(cells) + 1}]"
                )
            pending = (n, match["body"])
        else:
            if pending is None:
                raise PageError(f"{page}: Out [{n}] follows no In block")
            if pending[0] != n:
                raise PageError(
                    f"{page}: Out [{n}] follows In [{pending[0]}]; expected Out [{pending[0]}]"
                )
            body = match["body"].removesuffix("\n")
            cells.append(Cell(n, pending[1], match.start("body"), match.end("body"), body))
            pending = None
    if pending is not None:
        raise PageError(f"{page}: In [{pending[0]}] has no Out block after it")
    if not cells:
        raise PageError(f"{page}: no cells (```python blocks opening with 'In [1]:')")
    return cells


def exception_text(exc: BaseException) -> str:
    kind = type(exc)
    name = (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )
    return f"{name}: {exc}"


def run_cell(code: str, n: int, namespace: dict) -> str | None:
    """The cell's output: its last expression's repr (None when it has no value, as a
    notebook shows nothing then) or the exception it raised."""
    tree = ast.parse(code, filename=f"In [{n}]")
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    try:
        exec(compile(tree, f"In [{n}]", "exec"), namespace)
        if last is None:
            return None
        value = eval(compile(ast.Expression(last.value), f"In [{n}]", "eval"), namespace)
    except Exception as exc:  # the cell's output, as a notebook shows it
        return exception_text(exc)
    return None if value is None else repr(value)


def run_session(cells: list[Cell], times: bool) -> list[str | None]:
    """Every cell's output, run in order in one namespace in the repository's root.
    What the cells print goes to stderr: the page shows values only."""
    import pandas as pd

    # As a notebook's kernel: at most 20 columns, never the terminal's width (which
    # pandas reads in a terminal when display.max_columns is its terminal default, 0).
    pd.set_option("display.width", DISPLAY_WIDTH, "display.max_columns", 20)
    namespace: dict = {"__name__": "__main__"}
    outputs = []
    os.chdir(ROOT)
    for cell in cells:
        start = time.perf_counter()
        with contextlib.redirect_stdout(sys.stderr):
            outputs.append(run_cell(cell.code, cell.n, namespace))
        if times:
            print(f"In [{cell.n}]: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return outputs


def as_shown(output: str | None) -> str:
    # The page's blocks end without trailing blanks (pandas pads a table's last row).
    return "(no value)" if output is None else output.rstrip()


def differences(page: Path, cells: list[Cell], outputs: list[str | None]) -> list[str]:
    found = []
    for cell, output in zip(cells, outputs, strict=True):
        now = as_shown(output)
        if now != cell.shown:
            diff = difflib.unified_diff(
                cell.shown.splitlines(), now.splitlines(),
                f"{page.name} Out [{cell.n}]", f"Out [{cell.n}] run now", lineterm="",
            )  # fmt: skip
            found.append("\n".join(diff))
    return found


def rewritten(text: str, cells: list[Cell], outputs: list[str | None]) -> str:
    """The page with every Out block holding its cell's output (back to front, so the
    earlier blocks' offsets stay valid)."""
    for cell, output in reversed(list(zip(cells, outputs, strict=True))):
        text = text[: cell.out_start] + as_shown(output) + "\n" + text[cell.out_end :]
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="print the differences; exit 1 if any")
    mode.add_argument("--write", action="store_true", help="rewrite the Out blocks that differ")
    parser.add_argument("--page", type=Path, default=PAGE, help="the page (default: %(default)s)")
    parser.add_argument("--times", action="store_true", help="print each cell's time on stderr")
    args = parser.parse_args(argv)
    page = args.page.resolve()
    try:
        text = page.read_text(encoding="utf-8")
        cells = read_cells(page, text)
    except OSError as exc:
        print(f"{page}: cannot read the page ({exc.strerror}).", file=sys.stderr)
        return 2
    except PageError as exc:
        print(f"{exc}. Each ```python block opening with 'In [n]:' (n = 1, 2, ...) is followed "
              "by a ```text block opening with 'Out [n]:'.", file=sys.stderr)  # fmt: skip
        return 2
    outputs = run_session(cells, args.times)
    found = differences(page, cells, outputs)
    if args.check:
        for diff in found:
            print(diff)
        print(f"{page.name}: {len(found)} of {len(cells)} outputs differ from a run now.")
        return 1 if found else 0
    if found:
        write_text_atomic(page, rewritten(text, cells, outputs))
    print(f"{page.name}: {len(found)} of {len(cells)} outputs rewritten.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
