"""The progress bar: rich's in a terminal, an HTML bar in a Jupyter notebook (told by
rich's own detection), nothing when nobody watches. Jupyter need not be installed:
the kernel's shell and IPython's display are stood in for."""

import builtins
import sys
import types

import pytest

from analyzer.present import progress
from analyzer.present.progress import Bar


class ZMQInteractiveShell:  # the name a Jupyter kernel's IPython shell has
    pass


class TerminalInteractiveShell:  # IPython in a terminal
    pass


@pytest.fixture
def display(monkeypatch):
    """IPython.display stood in for: what was shown, and each redraw of it."""
    shown = []

    class Handle:
        def update(self, obj):
            shown.append(("update", obj))

    def show(obj, display_id=False):
        assert display_id is True  # a handle to redraw in place
        shown.append(("display", obj))
        return Handle()

    module = types.ModuleType("IPython.display")
    module.HTML, module.display = str, show
    monkeypatch.setitem(sys.modules, "IPython", types.ModuleType("IPython"))
    monkeypatch.setitem(sys.modules, "IPython.display", module)
    return shown


def started_long_ago(bar):
    bar.start -= 5  # the bar appears once a run has taken a second
    if bar.notebook is not None:
        bar.notebook.start -= 5


def test_a_jupyter_kernel_gets_a_live_html_bar(monkeypatch, display):
    monkeypatch.setattr(builtins, "get_ipython", ZMQInteractiveShell, raising=False)
    monkeypatch.setattr(progress, "NOTEBOOK_REFRESH", 0.0)
    bar = Bar(400, True, "320 combos")
    assert bar.notebook is not None and bar.console is None
    started_long_ago(bar)
    bar.update(100)
    bar.update(300)
    bar.close()
    kinds = [kind for kind, _ in display]
    assert kinds == ["display", "update", "update"]
    first, moved, last = (html for _, html in display)
    assert '<progress value="100" max="400"' in first and "100/400" in first
    assert "320 combos" in first and "s left" in first
    assert '<progress value="300" max="400"' in moved
    assert "300/400 (" in last and "left" not in last  # the end: what was done, how long


def test_a_short_run_in_a_notebook_shows_no_bar(monkeypatch, display):
    monkeypatch.setattr(builtins, "get_ipython", ZMQInteractiveShell, raising=False)
    bar = Bar(10, True, "games")
    bar.update(5)  # under a second: nothing yet
    bar.close()
    assert display == []


def test_no_bar_without_a_notebook_or_a_terminal(monkeypatch, display):
    # IPython in a terminal is rich's terminal case; a test's captured stderr is neither
    monkeypatch.setattr(builtins, "get_ipython", TerminalInteractiveShell, raising=False)
    bar = Bar(100, True, "games")
    assert bar.notebook is None and bar.console is None
    monkeypatch.delattr(builtins, "get_ipython")
    bar = Bar(100, True, "games")
    started_long_ago(bar)
    bar.update(50)
    bar.close()
    assert bar.notebook is None and display == []


def test_a_bar_turned_off_stays_off_in_a_notebook(monkeypatch, display):
    monkeypatch.setattr(builtins, "get_ipython", ZMQInteractiveShell, raising=False)
    bar = Bar(100, False, "games")
    bar.update(50)
    assert bar.notebook is None and display == []
