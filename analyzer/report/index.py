"""The index of every ruleset's page: `analyzer report` without `--ruleset` runs each
ruleset's page (and its variants') in a child process of its own, then writes one
page linking them, with the Warcraft battles page beside them. A process plays one
ruleset, hence the children (analyzer/rulesets); site.py builds one ruleset's page."""

from __future__ import annotations

import ast
import datetime as dt
import functools
import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from analyzer.errors import RulesetCodeError, shown_path
from analyzer.output import OutputFolder
from analyzer.present.html import to_html
from analyzer.report.site import (
    STUDY_KEYS,
    STUDY_TITLES,
    default_index_out,
    files_code_hash,
    mark_page,
    page_reusable,
)
from analyzer.ruleset_registry import ruleset_package, ruleset_problem
from analyzer.rulesets import neutral_content, title


class PageFailed(Exception):
    """A ruleset's page did not finish; `code` is its process's exit code."""

    def __init__(self, ruleset: str, code: int):
        super().__init__(f"the {ruleset} report stopped with exit code {code}")
        self.ruleset = ruleset
        self.code = code


BATTLES_FOLDER = "warcraft-battles"  # Warcraft: the Board Game's battles page, in the index
BATTLES_KIND = "battle-report"  # the command that writes it


def page_folder(name: str, variant: str | None = None) -> str:
    """A ruleset's folder under the index (or one of its variants')."""
    return name.replace(".", "-") + (f"-{variant}" if variant else "")


PAGES_PART = "VARIANT_PAGES"


@functools.cache
def declared_pages(name: str) -> dict[str, str]:
    """The variants of ruleset `name` with a page of their own, by title: its content's
    VARIANT_PAGES (rulesets/content_table.py), read from the source of its tables.py,
    as the index's process loads no game (importing a ruleset's tables binds its
    engine). The neutral default when the ruleset declares none."""
    path = Path(importlib.util.find_spec(f"{ruleset_package(name)}.tables").origin)
    for node in ast.parse(path.read_text("utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if any(getattr(t, "id", None) == PAGES_PART for t in targets):
            try:
                return dict(ast.literal_eval(node.value))
            except ValueError:
                raise RulesetCodeError(
                    shown_path(path),
                    f"{PAGES_PART} must be written as a literal dict (variant name -> title): "
                    "the report index reads it without loading the game",
                ) from None
    return dict(neutral_content.VARIANT_PAGES)


def variant_pages(names: list[str]) -> list[tuple[str, str]]:
    """(ruleset, variant) of every variant page of the rulesets `names`."""
    return [(name, v) for name in names for v in declared_pages(name)]


def build_index(
    out: Path | None,
    names: list[str],
    options: list[str],
    force: bool = False,
    log: Callable[[str], None] = print,
    variants: list[tuple[str, str]] = (),
    battles: list[str] | None = None,
    scale: float = 1.0,
) -> Path:
    """Every ruleset of `names` on a page of its own in out/<name>/, built by
    `python -m analyzer report --ruleset NAME --out out/<name> OPTIONS` (a process
    plays one ruleset; the pages' processes run at once, _run_children), then
    out/index.md and index.html linking them. A ruleset that
    cannot be played yet gets a line saying why, and no link. `variants`: (ruleset,
    variant) pages built the same way with `--variant VARIANT` in out/<name>-<variant>/
    (variant_pages), one section each. `battles`: the options of `analyzer
    battle-report`, whose Warcraft battles page goes in out/warcraft-battles/ (None:
    no battles page). `scale`: the --scale of the pages (a banner below 1). Each page
    keeps its own
    output safety (staging, reused studies); the index is written last, so a run
    stopped half-way leaves finished pages and the previous index, never a half one.
    PageFailed when a page's process fails."""
    out = Path(out) if out is not None else default_index_out(4)
    report = OutputFolder(out, force=force)
    report.check()
    entries = [(name, ruleset_problem(name, "report", "ruleset")) for name in names]
    playable = {name for name, problem in entries if problem is None}
    variants = [(name, v) for name, v in variants if name in playable]
    for name, problem in entries:  # a user's files in a page folder: refused before any game
        if problem is None:
            OutputFolder(out / page_folder(name), force=force).check()
    for name, v in variants:
        OutputFolder(out / page_folder(name, v), force=force).check()
    if battles is not None:
        # The battles page is `analyzer battle-report`'s, run as a child: its folder's kind.
        OutputFolder(out / BATTLES_FOLDER, force=force, kind=BATTLES_KIND).check()
    started = time.perf_counter()
    try:
        report.remove_debris()
        report.ensure()
        jobs = []  # (label, arguments, the page it waits for): every page at once
        for name, problem in entries:
            if problem is not None:
                log(f"{name}: no page ({problem.message}).")
                continue
            report.claim_folder(page_folder(name))
            jobs.append((name, _page_arguments(name, out / page_folder(name), options), None, None))
        for name, v in variants:
            report.claim_folder(page_folder(name, v))
            arguments = _page_arguments(name, out / page_folder(name, v), options, v)
            jobs.append((f"{name} --variant {v}", arguments, name, None))
        if battles is not None:
            report.claim_folder(BATTLES_FOLDER)
            folder, stamp = out / BATTLES_FOLDER, battles_stamp(battles)
            if "--fresh" not in options and page_reusable(folder, stamp):
                log(f"Warcraft battles: reusing {folder}/")
            else:
                arguments = ["battle-report", "--out", str(folder), *battles]
                jobs.append(
                    (
                        "battles",
                        arguments,
                        None,
                        lambda: mark_page(folder, stamp, force, BATTLES_KIND),
                    )
                )
        _run_children(jobs, force, log)
        page = index_page(out, entries, time.perf_counter() - started, variants, scale)
        html = to_html(page, out, title="Small World analyzer report")
        report.write_files({"index.md": page, "index.html": html})
    except BaseException:
        report.undo_created()
        raise
    return out / "index.html"


def battles_stamp(arguments: list[str]) -> dict:
    """What the Warcraft battles page depends on: its options (the threads aside:
    they never change a result) and its code."""
    kept = [a for i, a in enumerate(arguments)
            if a != "--threads" and (i == 0 or arguments[i - 1] != "--threads")]  # fmt: skip
    return {"page": BATTLES_FOLDER, "options": kept, "code": files_code_hash("warcraft", "present")}


def _page_arguments(name: str, folder: Path, options: list[str], variant=None) -> list[str]:
    """`analyzer report --ruleset NAME [--variant V] --out FOLDER OPTIONS`."""
    command = ["report", "--ruleset", name] + (["--variant", variant] if variant else [])
    return [*command, "--out", str(folder), *options]


def _run_children(jobs, force: bool, log: Callable[[str], None]) -> None:
    """Every job (label, `analyzer` arguments, the ruleset whose engine it waits for or
    None, what to do once it succeeded or None) in a child process of its own, all at
    once: a page's single-core parts (its
    compile, charts, tables) then run while another page plays on both cores. A job
    that plays the same ruleset as another (a variant's page) starts once that
    ruleset's engine is compiled, so no two processes compile the same engine. Each
    child's lines come through `log` under its label. PageFailed when one fails (the
    others are stopped); a stop here stops them all."""
    running: dict[str, _Child] = {}
    waiting = list(jobs)
    first_of = {}  # ruleset -> label of the first job playing it
    for label, arguments, _after, _done in jobs:
        if "--ruleset" in arguments:
            first_of.setdefault(arguments[arguments.index("--ruleset") + 1], label)
    try:
        while waiting or running:
            for job in list(waiting):
                label, arguments, after, _done = job
                leader = running.get(first_of.get(after, ""))
                if after is None or leader is None or _engine_ready(after):
                    waiting.remove(job)
                    log(f"{label}: building its page in a process of its own...")
                    running[label] = _run_page(label, arguments, force, log)
            for label, child in list(running.items()):
                code = child.poll()
                if code is None:
                    continue
                del running[label]
                if code != 0:
                    raise PageFailed(label.split(" ")[0], code)
                done = next(job[3] for job in jobs if job[0] == label)
                if done is not None:
                    done()
            time.sleep(0.2)
    except BaseException:
        for child in running.values():
            child.stop()
        raise


def _engine_ready(ruleset: str) -> bool:
    """Whether `ruleset`'s engine is in the compile cache (gameloop/precompile.py writes
    its READY_MARKER after a run's first games); reads files only, compiles nothing."""
    return _ready_marker(ruleset).exists()


@functools.cache
def _ready_marker(ruleset: str) -> Path:
    # lazy: the report index's process imports this module and loads no game
    from analyzer.engine import cache_dir

    return Path(cache_dir(ruleset)) / "compiled"


class _Child:
    """`python -m analyzer ARGUMENTS` running, its output forwarded line by line."""

    def __init__(self, label: str, arguments: list[str], force: bool, log):

        # lazy: the report index's process imports this module and loads no game
        from analyzer.engine import HELPER_SWITCH

        command = [sys.executable, "-m", "analyzer", *arguments] + (["--force"] if force else [])
        # the pages compile side by side: no compile helper beside each (precompile.py)
        env = dict(os.environ, **{HELPER_SWITCH: "off"})
        self.process = subprocess.Popen(  # the ruleset is named by --ruleset alone
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1, env=env
        )

        def forward() -> None:
            for line in self.process.stdout:
                log(f"[{label}] {line.rstrip()}")

        self.reader = threading.Thread(target=forward, daemon=True)
        self.reader.start()

    def poll(self) -> int | None:
        code = self.process.poll()
        if code is not None:
            self.reader.join()  # its last lines first
        return code

    def stop(self) -> None:
        """Stopped with this one (Ctrl-C reaches the child too; SIGTERM may not): the
        child cleans up its own staging when it is told to stop."""

        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _run_page(label: str, arguments: list[str], force: bool, log) -> _Child:
    """Start `analyzer ARGUMENTS` (a page) in a child process."""
    return _Child(label, arguments, force, log)


def _key_chart(path: Path, out: Path, alt: str) -> list[str]:
    """A page's key chart on the index (a click opens it full size), if it was drawn."""
    if not path.exists():
        return []
    return [f'<img src="{path.relative_to(out).as_posix()}" alt="{alt}" '
            'title="Click to open full size">', ""]  # fmt: skip


def index_page(out: Path, entries, seconds: float, variants=(), scale: float = 1.0) -> str:
    """The index: one section per ruleset, with its key chart and a link to its page
    and to each study's page, or the reason it has no page yet; then one section per
    variant page with its findings (findings.json); then the Warcraft battles page, if
    it was built in out/warcraft-battles/."""

    lines = ["# Small World analyzer report", ""]
    if scale < 1:
        lines += [
            '<div class="banner" markdown="1">',
            f"⚠ **A rough run** (`--scale {scale:g}`): every page played about "
            f"{100 * scale:.3g}% of its usual games; each page says how rough. For numbers to "
            "decide on, run `analyzer report` without `--scale`.",
            "</div>",
            "",
        ]
    lines += [
        f"Written by `analyzer report` on {dt.date.today().isoformat()} in {seconds:.0f} s "
        "(reused studies take no time). Each ruleset has a page of its own: its studies "
        "are played by its own engine, so numbers from two pages are never mixed. "
        "Click a chart to open it full size.",
        "",
        "Pages: "
        + " · ".join(
            [f"[{title(name)}]({page_folder(name)}/index.html)" for name, p in entries if p is None]
            + [f"[{declared_pages(n)[v]}]({page_folder(n, v)}/index.html)"
               for n, v in variants]
            + ([f"[Warcraft: the Board Game battles]({BATTLES_FOLDER}/index.html)"]
               if (out / BATTLES_FOLDER / "index.html").exists() else [])
        ),
        "",
    ]  # fmt: skip
    for name, problem in entries:
        lines += [f"## {title(name)} (`{name}`)", ""]
        if problem is not None:
            lines += [f"No page yet: {problem.message}.", ""]
            continue
        folder = page_folder(name)
        lines += [f"**[Open the {title(name)} report]({folder}/index.html)** "
                  f"(also as [Markdown]({folder}/index.md)).", ""]  # fmt: skip
        lines += _key_chart(out / folder / "combos" / "top_bottom.png", out, title(name))
        for key in STUDY_KEYS:
            meta = out / folder / key / "findings.json"
            if not meta.exists():
                continue
            found = json.loads(meta.read_text(encoding="utf-8"))
            head = f"- [{STUDY_TITLES[key]}]({folder}/{key}.html)"
            lines.append(head + (f": {found[0]}" if found else ""))
        lines.append("")
    for name, v in variants:
        label = declared_pages(name)[v]
        folder = page_folder(name, v)
        lines += [
            f"## {label} (`{name} --variant {v}`)",
            "",
            f"**[Open the {label} report]({folder}/index.html)** (also as "
            f"[Markdown]({folder}/summary.md)): faction win rates, the smallest change that "
            "balances the factions, seats within a faction, the allied bots, and the combos "
            "and races in team play.",
            "",
        ]
        lines += _key_chart(out / folder / "combos-4p" / "top_bottom.png", out, label)
        meta = out / folder / "findings.json"
        if meta.exists():
            lines += [f"- {x}" for x in json.loads(meta.read_text(encoding="utf-8"))] + [""]
    battles = out / BATTLES_FOLDER
    if (battles / "index.html").exists():
        lines += [
            "## Warcraft: the Board Game: battles",
            "",
            f"**[Open the battles page]({BATTLES_FOLDER}/index.html)** (also as "
            f"[Markdown]({BATTLES_FOLDER}/index.md)): the rulebook's example battle computed "
            "exactly, the attacker's chance over army sizes, and the efficiency of each unit.",
            "",
            *_key_chart(battles / "heatmap.png", out, "Warcraft battles"),
        ]
    return "\n".join(lines)
