"""Studies as one protocol: what a study declares once, so that the command line
(analyzer/cli/) and the report (analyzer/report/site.py) both loop over the studies
(analyzer/studies/registry.py) instead of restating them.

A study declares:
- its name (the command and the report folder), group, one-line summary and help;
- its options, in the order `--help` lists them: its own (`Option`: name, flags, type,
  default, help, limits) and the shared ones by name (`Shared`: players, seed, bots,
  scenario, out, force, threads, workers, cluster, ruleset, variant, check; written
  once in analyzer/cli/options.py);
- its settings object, a frozen dataclass (analyzer/studies/plans.py), and its checks:
  the options turned into settings, refusing bad input before any game is played;
- its run (settings, backend, log -> result) and writer (result, folder, force, and
  the Game the run plays as `game=` -> the folder), the tables it writes, its findings
  (result -> sentences, for the report), and its answer card (the lines the terminal
  prints when it is done: sentences and headline tables, analyzer/present/answer.py);
- in the report: its section title and how the report's settings map to its own.

Declarations are light (no numba, pandas or engine): `analyzer --help` reads them.
Each step is named as "module:function" and imported only when it runs.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

NO_DEFAULT = object()  # a Shared option keeps the default of analyzer/cli/options.py


@dataclass(frozen=True)
class Option:
    """One option of one study's command."""

    name: str  # the settings field it fills, and the Python parameter name
    flags: tuple[str, ...]  # like ("--games-per-combo", "-g")
    type: Any  # int, str, float, bool, Path, list[str], or one of those | None
    default: Any
    help: str
    limits: tuple[Any, Any] | None = None  # (least, most), checked by the study's checks
    metavar: str | None = None
    show_default: bool = True
    argument: bool = False  # a positional argument (compare's scenario files)


@dataclass(frozen=True)
class Shared:
    """One of the options every command writes the same way, by name
    (analyzer/cli/options.py). `help` (and `default`) replace its own for this study."""

    name: str
    kind: str | None = None  # the shared option that fills `name` (default: `name`'s own)
    help: str | None = None
    default: Any = NO_DEFAULT


@dataclass(frozen=True)
class Study:
    """One study, declared once (see the module's text)."""

    name: str
    group: str
    summary: str  # one line
    help: str  # the command's help text (first line: the summary)
    options: tuple[Option | Shared, ...]
    settings: str  # "module:Class", a frozen dataclass
    check: str  # "module:function": (options by name, log) -> settings; InputError if bad
    run: str  # "module:function": (settings, backend, log) -> result
    write: str  # "module:function": (result, folder, force, game=) -> the folder written
    findings: str  # "module:function": result -> list of sentences (Markdown)
    answer: str  # "module:function": (result, folder) -> the lines the terminal prints
    default_out: str  # "module:function": settings -> the default folder
    tables: tuple[str, ...] = ()  # the tables it writes (CSV and Parquet each)
    timing: str | None = None  # "module:function": (result, where, settings) -> lines once
    # played, before a cluster's own summary
    games_on: str = "backend"  # "backend": threads, --workers or --cluster; "threads"
    scenario_options: tuple[str, ...] = ()  # options naming scenario files (their ruleset)
    team_only: bool = False  # it plays its ruleset's team variant only (TEAM_VARIANTS)
    report_title: str | None = None  # its section in the report (None: not in it)
    report: str | None = None  # "module:function": (report settings, context) -> entry

    def step(self, part: str):
        """The function (or class) behind one of the "module:function" fields."""
        return load(getattr(self, part))

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)


def load(ref: str):
    """The object named by "package.module:name", imported now."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)
