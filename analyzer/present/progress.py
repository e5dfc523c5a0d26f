"""The progress bar long runs show on stderr."""

from __future__ import annotations

import time


class Bar:
    """A rich progress bar on stderr that appears once a run has taken a second."""

    def __init__(self, total: int, enabled: bool, label: str):
        self.total, self.label = total, label
        self.start = time.perf_counter()
        self.progress = None
        self.console = None
        if enabled:
            from rich.console import Console

            console = Console(stderr=True)
            self.console = console if console.is_terminal else None

    def update(self, done: int) -> None:
        if self.console is None:
            return
        if self.progress is None:
            if time.perf_counter() - self.start < 1.0 or done >= self.total:
                return
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

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
        if self.progress is not None:
            self.progress.stop()
