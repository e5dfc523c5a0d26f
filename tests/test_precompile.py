"""The compile helper: its list of kernels must type with the arguments a turn
passes (else it would silently stop helping), and it must run only while the
engine's cache is cold and never outlive the run's compilation."""

from __future__ import annotations

import sys

import numba
import pytest

from analyzer.gameloop import precompile


def test_the_helper_kernel_list_types_with_a_turns_arguments():
    # With the test session's warm cache this only loads; a renamed kernel or
    # a changed signature fails here rather than making the helper useless.
    precompile.compile_turn_backwards(checked=True)


class Exited(BaseException):
    pass


def test_the_helper_exits_once_its_list_is_typed(monkeypatch):
    # Typing turn_backwards compiled every kernel on the list; lowering it would
    # only take CPU from the run.
    def exit_(code):
        raise Exited(code)

    monkeypatch.setattr(precompile.os, "_exit", exit_)
    bind = precompile.bind

    def fresh(*args):  # a dispatcher not yet typed in this process
        made = bind(*args)
        return {"turn_backwards": numba.njit(made["turn_backwards"].py_func)}

    monkeypatch.setattr(precompile, "bind", fresh)
    with pytest.raises(Exited):
        precompile.compile_turn_backwards(exit_once_typed=True)


class FakeHelper:
    started: list = []

    def __init__(self, command, **kwargs):
        self.command = command
        self.stopped = False
        FakeHelper.started.append(self)

    def poll(self):
        return None if not self.stopped else 0

    def terminate(self):
        self.stopped = True

    def wait(self):
        return 0


@pytest.fixture
def cold_cache(monkeypatch, tmp_path):
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(precompile.subprocess, "Popen", FakeHelper)
    monkeypatch.setattr(precompile.os, "cpu_count", lambda: 2)
    FakeHelper.started = []
    return tmp_path


def test_a_cold_cache_starts_the_helper_and_stops_it_after_the_run(cold_cache):
    with precompile.compile_helper():
        (helper,) = FakeHelper.started
        assert helper.command == [sys.executable, "-c", precompile.HELPER, "swow", "unchecked"]
        assert not helper.stopped
    assert helper.stopped
    assert (cold_cache / precompile.READY_MARKER).exists()
    with precompile.compile_helper():  # warm now: no second helper
        pass
    assert len(FakeHelper.started) == 1


def test_a_checked_run_tells_the_helper_to_compile_the_check_first(cold_cache):
    with precompile.compile_helper(checked=True):
        (helper,) = FakeHelper.started
        assert helper.command[-1] == "checked"


def test_the_helper_types_the_check_first_for_a_checked_run(monkeypatch):
    typed = []
    monkeypatch.setattr(precompile, "_check_first", lambda g, t, run: typed.append("check"))
    bind = precompile.bind

    def listed(*args):
        made = bind(*args)
        real = made["turn_backwards"]
        return {"turn_backwards": lambda *a: (typed.append("turn"), real(*a))}

    monkeypatch.setattr(precompile, "bind", listed)
    precompile.compile_turn_backwards(checked=True)
    precompile.compile_turn_backwards()
    assert typed == ["check", "turn", "turn"]


def test_a_failed_run_stops_the_helper_and_leaves_the_cache_marked_cold(cold_cache):
    with pytest.raises(KeyboardInterrupt), precompile.compile_helper():
        raise KeyboardInterrupt
    assert FakeHelper.started[0].stopped
    assert not (cold_cache / precompile.READY_MARKER).exists()


def test_one_core_compiles_alone(cold_cache, monkeypatch):
    monkeypatch.setattr(precompile.os, "cpu_count", lambda: 1)
    with precompile.compile_helper():
        pass
    assert FakeHelper.started == []


def test_a_run_told_the_cores_are_busy_compiles_alone(cold_cache, monkeypatch):
    from analyzer.engine import HELPER_SWITCH

    monkeypatch.setenv(HELPER_SWITCH, "off")
    with precompile.compile_helper():
        pass
    assert FakeHelper.started == []
    assert (cold_cache / precompile.READY_MARKER).exists()


def test_a_report_builds_its_pages_without_compile_helpers(monkeypatch):
    """The pages compile side by side, which keeps both cores busy already."""
    import subprocess

    from analyzer.engine import HELPER_SWITCH
    from analyzer.report import index as site

    seen = {}

    class Page:
        def __init__(self, command, **kwargs):
            seen.update(kwargs.get("env") or {})
            self.stdout = iter(())

    monkeypatch.setattr(subprocess, "Popen", Page)
    site._Child("swow", ["report", "--ruleset", "swow"], False, lambda line: None).reader.join()
    assert seen.get(HELPER_SWITCH) == "off"


def test_the_cli_says_when_a_run_must_compile_first(monkeypatch, capsys):
    from analyzer import cli

    monkeypatch.setattr(precompile, "cache_is_ready", lambda: False)
    cli._set_threads(None)
    assert "compiling it once" in capsys.readouterr().err
    monkeypatch.setattr(precompile, "cache_is_ready", lambda: True)
    cli._set_threads(None)
    assert capsys.readouterr().err == ""
