"""The progress bar long runs show: on stderr in a terminal, in the cell's output in a
Jupyter notebook (where rich sees no terminal, so its own bar would stay silent)."""

from __future__ import annotations

import time
from html import escape

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

# a notebook's bar is redrawn at most this often (each redraw is a message to the page)
NOTEBOOK_REFRESH = 0.25


class Bar:
    """A progress bar that appears once a run has taken a second: rich's on stderr in a
    terminal, an HTML bar in a notebook's cell output, nothing otherwise. A notebook is
    told by rich's own detection (Console.is_jupyter: IPython's get_ipython() is a
    Jupyter kernel's shell, or Colab's)."""

    def __init__(self, total: int, enabled: bool, label: str):
        self.total, self.label = total, label
        self.start = time.perf_counter()
        self.progress = None
        self.console = None
        self.notebook = None
        if enabled:
            console = Console(stderr=True)
            if console.is_jupyter:
                self.notebook = NotebookBar(total, label, self.start)
            elif console.is_terminal:
                self.console = console

    def update(self, done: int) -> None:
        if self.notebook is not None:
            self.notebook.update(done)
            return
        if self.console is None:
            return
        if self.progress is None:
            if time.perf_counter() - self.start < 1.0 or done >= self.total:
                return

            self.progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                console=self.console,
                transient=True,
            )
            self.progress.start()
            self.task = self.progress.add_task(self.label, total=self.total)
        self.progress.update(self.task, completed=done)

    def close(self) -> None:
        if self.notebook is not None:
            self.notebook.close()
        if self.progress is not None:
            self.progress.stop()


class NotebookBar:
    """The bar in a notebook: an HTML <progress> line with games done, time taken and
    time left, shown with IPython's display and redrawn in place (no widgets needed).
    Like the terminal's, it appears only once the run has taken a second; when the run
    ends it says what was done, in how long."""

    def __init__(self, total: int, label: str, start: float):
        self.total, self.label, self.start = total, label, start
        self.handle = None
        self.drawn = 0.0
        self.done = 0

    def html(self, done: int, finished: bool = False) -> str:
        took = time.perf_counter() - self.start
        if finished:
            when = f"{took:.0f} s"
        else:
            left = took / done * (self.total - done) if done else None
            when = f"{took:.0f} s, " + ("left: ?" if left is None else f"{left:.0f} s left")
        return (
            f"<div><span>{escape(self.label)}</span> "
            f'<progress value="{done}" max="{max(self.total, 1)}" style="width: 40%"></progress> '
            f"<span>{done:,}/{self.total:,} ({when})</span></div>"
        )

    def update(self, done: int) -> None:
        self.done = done
        now = time.perf_counter()
        if self.handle is None:
            if now - self.start < 1.0 or done >= self.total:
                return
            # lazy: IPython is there only in a notebook
            from IPython.display import HTML, display

            self.handle = display(HTML(self.html(done)), display_id=True)
            self.drawn = now
        elif now - self.drawn >= NOTEBOOK_REFRESH:
            # lazy: IPython is there only in a notebook
            from IPython.display import HTML

            self.handle.update(HTML(self.html(done)))
            self.drawn = now

    def close(self) -> None:
        if self.handle is not None:
            # lazy: IPython is there only in a notebook
            from IPython.display import HTML

            self.handle.update(HTML(self.html(self.done, finished=True)))
