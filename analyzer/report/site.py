"""The full report: run the default studies (or reuse the ones already in the folder)
and join them into one Markdown page and one self-contained HTML page per ruleset,
with an index page linking them.

reports/report-<N>p/          `analyzer report` (every ruleset; see index.py)
    index.html, index.md      the index: one entry per ruleset, linking its page
    swow/, classic/           one ruleset's page each, laid out as below
    swow-bfa/                 a variant's page (VARIANT_PAGES: SWoW's team variant,
                              `analyzer report --variant bfa`), one index section each
reports/<ruleset>-<N>p/       `analyzer report --ruleset NAME` (one ruleset's page)
    index.html, index.md      the page: findings, then every study with its charts
    bots/ combos/ decline/ players/ compare/ balance/
                              one folder per study: its CSV, Parquet, PNG and summary.md,
                              plus study.json (what it was run with) and findings.json

A process plays one ruleset (analyzer/rulesets), so the index runs each ruleset's page
in a child process of its own: `python -m analyzer report --ruleset NAME`.

A study folder is reused when its study.json matches what this run would do: the same
settings, the same engine and bot code, the same content files. Anything else reruns it.
study.json is written last, so a study stopped half-way is never reused.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyzer import precision
from analyzer.errors import InputError, Problem
from analyzer.output import CLI, CURRENT, OutputFolder
from analyzer.present.html import anchor, to_html
from analyzer.ruleset_registry import ruleset_package
from analyzer.rulesets import scenario_ruleset, title
from analyzer.studies.plans.common import ReportContext
from analyzer.studies.registry import report_studies

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"


@dataclass
class Study:
    key: str  # folder name
    title: str
    settings: dict  # everything the result depends on, besides code and content
    run_and_write: Callable[[Path], list[str]]  # writes the folder, returns findings
    inputs: list[Path] = field(default_factory=list)  # files the result depends on


@dataclass
class ReportSettings:
    """What `make report` runs. Sized so the whole report takes a few minutes here."""

    players: int = 4
    seed: int = 1
    bot_games: int = 10000
    games_per_combo: int = 1100  # +/- 3 win-rate points (95%) per combo
    decline_games: int = 3000  # per decline rule, shared by the combo groups
    players_games: int = 12000  # per player count
    players_games_per_combo: int = 60
    compare_games: int = 10000  # as `analyzer compare`: seat win-rate deltas to about +/- 1 point
    compare_games_per_combo: int = 60
    balance_games_per_combo: int = 100  # per combo and token number: +/- 0.5 token or so
    balance_seat_games: int = 20000  # per player count and arm
    balance_check_games_per_combo: int = 60
    # The robustness section: 4 or 5 fields of bots, all on the same games (about 40 s
    # here), with a forced-seat field for `tuned` where it is not the page's field;
    # strong play in every seat is the confirm section's.
    robust_games_per_combo: int = 80
    robust_decline_games: int = 400
    robust_bootstrap: int = 400
    # One strong seat against each field (how exploitable it is): the small lookahead
    # budget, to keep the report's time.
    robust_responder: str = "lookahead-lite"
    robust_exploit_games: int = 150
    # The confirm section: every headline finding again with strong bots in every seat
    # (docs/studies.md, "Confirmed with strong play"); the team claim's reference games
    # are the team page's.
    confirm_strong: str = "lookahead-lite"
    confirm_games: int = 200
    confirm_team_games: int = 10000
    confirm_balance_changes: int = 4
    house_rules: list[Path] = field(default_factory=list)  # default: shipped ones
    bots: str | None = None  # --bots: styles by seat, or one for every seat (default: report_field)
    scale: float = 1.0  # --scale: the games above are these times the defaults (the banner)
    game: Any = field(kw_only=True)  # the Game the page plays (load_game's handle)

    def scaled(self, factor: float) -> ReportSettings:
        """Every study's games times `factor` (at least a handful each): a quick look."""

        # The balance curves need ten games per combo and number to fit at all.
        least = {"balance_games_per_combo": 10}
        sizes = {
            f.name: max(least.get(f.name, 4), round(getattr(self, f.name) * factor))
            for f in dataclasses.fields(self)
            if f.name.endswith("games") or f.name.endswith("per_combo")
        }
        return dataclasses.replace(self, **sizes, scale=self.scale * factor)


# ------------------------------------------------------------------ provenance
# What a study's results (its tables, charts, summary and findings) are made by,
# besides the engine's and bots' sources: a change to any of these reruns every study.
# The page-building code (report/, cli/) is not among them: the pages are rebuilt from
# the studies' folders on every run, so a change there reruns nothing.
STUDY_CODE = ("studies", "model", "present", "stats.py", "precision.py", "simulate.py",
              "scenario.py", "variants.py", "results.py")  # fmt: skip


def code_hash() -> str:
    """Engine and bot sources (the numba cache key), the ruleset files, and the code
    that makes the studies' results (STUDY_CODE)."""
    # lazy: the report index's process imports this module and loads no game
    from analyzer.engine import source_hash

    digest = hashlib.sha1(source_hash().encode())
    for path in code_files():
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def code_files(parts=STUDY_CODE) -> list[Path]:
    """Every Python file under the analyzer's folders or files `parts`, and every
    ruleset's TOML files."""
    root = Path(__file__).resolve().parents[1]
    files = []
    for part in parts:
        path = root / part
        files += [path] if path.is_file() else sorted(path.rglob("*.py"))  # studies/plans/ too
    return files + sorted((root / "rulesets").rglob("*.toml"))


def _files_hash(paths: list[Path]) -> str:
    digest = hashlib.sha1()
    for p in sorted(paths):
        if not p.exists():  # a study's input another section may not write
            continue
        digest.update(p.name.encode())
        digest.update(p.read_bytes())
    return digest.hexdigest()[:16]


def _stamp(study: Study, code: str, s: ReportSettings) -> dict:
    """Everything a study's results depend on: its settings (the bots it plays with
    their parameters among them), the code, its input files, and the ruleset, variant
    and scale of the run (ANALYZER_RULESET and ANALYZER_STYLES enter through these)."""
    return {
        "study": study.key,
        "settings": study.settings,
        "code": code,
        "inputs": _files_hash(study.inputs),
        "ruleset": s.game.ruleset,
        "variant": s.game.variant,
        "scale": s.scale,
    }


def report_stamps(s: ReportSettings) -> dict[str, dict]:
    """The stamp of every study of the report on settings `s`, by folder name: a
    study is reused only when its folder holds the same stamp."""
    code = code_hash()
    return {study.key: _stamp(study, code, s) for study in default_studies(s)}


def _reusable(folder: Path, stamp: dict) -> bool:
    if not (folder / "findings.json").exists():
        return False
    return _reusable_meta(folder / "study.json", stamp)


def stored_damage(folder: Path, force: bool = False) -> str | None:
    """Why the stored files of a study folder cannot be reused (some are gone), or
    None. A changed file is refused (InputError, --force or not): it is never
    published, nor replaced; moved away, its study runs again."""
    changed, missing = OutputFolder(folder, force=force).stored_changes()
    if changed:
        raise InputError(
            Problem(
                CLI, "--out", str(folder.parent),
                f"{folder.name}/ holds {', '.join(changed)}, changed since the analyzer wrote "
                "it: a report never publishes a changed file, nor replaces it (not even with "
                f"--force); move it away (the {folder.name} study then runs again) or name "
                "another folder",
            )
        )  # fmt: skip
    if missing:
        return f"{', '.join(missing)} had gone since the last run"
    return None


# A page built whole by a process of its own (the team variant's, the Warcraft
# battles'): reused like a study, by the stamp in its page.json, written last.
PAGE_STAMP = "page.json"


def files_code_hash(*parts: str) -> str:
    """A hash of every file under the analyzer's folders or files `parts` (like
    "warcraft", "present", "variants.py"): Python sources and content files."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha1()
    for part in parts:
        paths = [root / part] if (root / part).is_file() else sorted((root / part).rglob("*"))
        for path in paths:
            if path.suffix in (".py", ".toml"):
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def page_reusable(folder: Path, stamp: dict) -> bool:
    """Whether the page in `folder` was built with `stamp` and is whole."""
    if not (folder / "index.html").exists():
        return False
    changed, missing = OutputFolder(folder, kind=None).stored_changes()
    if changed or missing:  # never published: built again (a changed file is refused then)
        return False
    return _reusable_meta(folder / PAGE_STAMP, stamp)


def mark_page(folder: Path, stamp: dict, force: bool = False, kind: str | None = None) -> None:
    """Write the page's stamp last (a page stopped before it is rebuilt next time;
    rebuilding it removes the old stamp with the rest of its old files). `kind`: the
    command that wrote the page, when a child process of another command did (the
    index stamps the battles page that `analyzer battle-report` wrote)."""
    meta = {"stamp": stamp, "written": dt.datetime.now().isoformat(timespec="seconds")}
    folder_of = OutputFolder(folder, force=force, kind=kind or CURRENT)
    folder_of.write_files({PAGE_STAMP: json.dumps(meta, indent=1)})


def _reusable_meta(meta: Path, stamp: dict) -> bool:
    try:
        return json.loads(meta.read_text())["stamp"] == stamp
    except (OSError, ValueError, KeyError):
        return False


# ------------------------------------------------------------------ the studies
def _titles() -> dict[str, str]:

    return {study.name: study.report_title for study in report_studies()}


STUDY_TITLES = _titles()  # the report's sections, in the registry's order
STUDY_KEYS = tuple(STUDY_TITLES)


def house_rules(players: int, game) -> list[Path]:
    """The shipped house-rule scenarios of `game`'s ruleset for this player count
    (baselines and the commented example left out)."""
    # lazy: the report index's process imports this module and loads no game
    from analyzer.scenario import load_scenario

    out = []
    for path in sorted(SCENARIO_DIR.glob("*.toml")):
        if path.stem.startswith("baseline") or path.stem == "example":
            continue
        if scenario_ruleset(path) != game.ruleset:
            continue
        if load_scenario(path, game).players == players:
            out.append(path)
    return out


def report_field(s: ReportSettings) -> str:
    """--bots, or the ruleset's headline field (its content's HEADLINE_BOTS)."""
    return s.bots or s.game.content().HEADLINE_BOTS


def report_bots(s: ReportSettings) -> tuple[tuple[str, ...], dict]:
    """(the bots by seat at the report's count, the bots by count of the studies that
    play 2 to 5 players): --bots, or the ruleset's headline field. A list by seat fits
    the report's own count only, so those studies then play that count alone."""
    # lazy: the report index's process imports this module and loads no game
    from analyzer.simulate import resolve_policies

    text = report_field(s)
    names = resolve_policies(text, s.players, "--bots")
    single = len([p for p in text.split(",") if p.strip()]) == 1
    counts = (2, 3, 4, 5) if single else (s.players,)
    return names, {n: resolve_policies(text, n, "--bots") for n in counts}


def default_studies(
    s: ReportSettings, force: bool = False, backend=None, out: Path | None = None
) -> list[Study]:
    """The studies of the report (the registry's studies with a report section, the
    bots' own check first), on settings `s`, their games played by `backend`
    (analyzer/backends; default: in this process). A study whose report entry is None
    (no shipped house rule to compare) is left out."""

    seats, by_count = report_bots(s)
    rules = tuple(s.house_rules or house_rules(s.players, s.game))
    context = ReportContext(
        s.players, s.seed, tuple(seats), by_count, rules, report_field(s), out, game=s.game
    )
    studies = []
    for study in report_studies():
        entry = study.step("report")(s, context)
        if entry is not None:
            studies.append(
                Study(study.name, study.report_title, entry.stamp,
                      _run_and_write(study, entry.settings, force, backend, s.game),
                      list(entry.inputs))
            )  # fmt: skip
    return studies


def _run_and_write(study, settings, force: bool, backend, game) -> Callable[[Path], list[str]]:
    """Play `study` on `settings`, write its folder for `game` (the page's Game) and
    return its findings."""

    def run_and_write(folder: Path) -> list[str]:
        result = study.step("run")(settings, backend, None)
        study.step("write")(result, folder, force, game=game)
        return study.step("findings")(result)

    return run_and_write


# ------------------------------------------------------------------ building
def default_out(players: int, game) -> Path:
    """The page of `game`'s ruleset."""
    return Path("reports") / f"{game.ruleset.replace('.', '-')}-{players}p"


def default_index_out(players: int) -> Path:
    """The index of every ruleset's page."""
    return Path("reports") / f"report-{players}p"


def build_report(
    out: Path | None = None,
    settings: ReportSettings | None = None,
    fresh: bool = False,
    log: Callable[[str], None] = print,
    force: bool = False,
    backend=None,
) -> Path:
    """Run (or reuse) every study into `out` and write index.md and index.html there.
    Returns the path of index.html. Only the analyzer's own files in `out` are ever
    replaced (analyzer/output.py). `backend` plays the games (analyzer/backends); it
    never changes the results, so a study run on a cluster is reused locally too."""
    s = settings or ReportSettings()
    out = Path(out) if out is not None else default_out(s.players, s.game)
    report = OutputFolder(out, force=force)
    report.check()
    code = code_hash()
    studies = default_studies(s, force, backend, out)
    damage = {}  # study: why its stored files cannot be reused
    for study in studies:  # refuse a study folder holding a user's files before any game
        damage[study.key] = stored_damage(out / study.key, force)
        OutputFolder(out / study.key, force=force).check()
    sections, reruns = [], []
    started = time.perf_counter()
    try:
        report.remove_debris()
        report.ensure()
        for study in studies:
            folder = out / study.key
            stamp = _stamp(study, code, s)
            reusable = not fresh and _reusable(folder, stamp)
            if reusable and damage[study.key] is not None:
                reruns.append(f"{study.title}: run again, as {damage[study.key]}.")
                log(f"{study.title}: {damage[study.key]}; running it again")
                reusable = False
            if reusable:
                log(f"{study.title}: reusing {folder}/")
                found = json.loads((folder / "findings.json").read_text())
            else:
                t0, cpu0 = time.perf_counter(), time.process_time()
                log(f"{study.title}: running...")
                report.claim_folder(study.key)
                found = study.run_and_write(folder)
                meta = {"stamp": stamp, "seconds": round(time.perf_counter() - t0, 1),
                        # every thread's CPU: the steadier figure on a shared machine
                        "cpu_seconds": round(time.process_time() - cpu0, 1),
                        "written": dt.datetime.now().isoformat(timespec="seconds")}  # fmt: skip
                # study.json last: a study stopped before it is written is run again.
                OutputFolder(folder, force=force).write_files(
                    {"findings.json": json.dumps(found, indent=1),
                     "study.json": json.dumps(meta, indent=1)}
                )  # fmt: skip
                log(f"{study.title}: {meta['seconds']:.0f} s ({meta['cpu_seconds']:.0f} s of CPU)")
            sections.append((study, found))
        report.write_files(_pages(out, sections, s, time.perf_counter() - started, reruns))
    except BaseException:
        report.undo_created()
        raise
    return out / "index.html"


def ruleset_title(s: ReportSettings) -> str:
    return title(s.game.ruleset)


# ------------------------------------------------------------------ the index
def _demote(markdown: str, levels: int = 1) -> str:
    """Push every heading down `levels` levels, so a study's page nests in the report."""
    return re.sub(r"^(#+) ", lambda m: "#" * (len(m.group(1)) + levels) + " ", markdown, flags=re.M)


def _caveats(game, sensitivity: str | None = None, fold: bool = False) -> list[str]:
    """What every number rests on; `sensitivity`: the balance study's table of how far
    each estimated number moves the answers (a file under the report folder), folded
    with `fold`."""

    tables = game.content().default_tables()  # the printed rules
    missing = tables.not_modeled()
    estimates = tables.ruleset.estimates()
    content = f"{ruleset_package(game.ruleset).replace('.', '/')}/content/"
    lines = ["## ⚠ What the numbers rest on", ""]
    lines.append(
        f"- **Not fully modeled** ({len(missing)}): "
        + (", ".join(missing) if missing else "none")
        + ". These abilities play as far as the ruleset file says and no further; every "
        "result touching them (and, through the other players, every result) may be off."
    )
    listed = (
        "the table below shows how far each one moves the answers"
        if sensitivity is not None
        else (", ".join(f"`{k}`" for k in estimates) if estimates else "none")
    )
    lines.append(
        f"- **Estimated numbers** ({len(estimates)}): {listed}. Their sources are in "
        f"`{content}ruleset.toml`."
    )
    if sensitivity is not None:
        why = (
            "Which estimate matters: each estimated number one step lower and one step higher, "
            "on the same games (from the balance study)."
        )
        table = [f"<!-- include-text {sensitivity} -->", ""]
        if fold:
            lines += ["", '<details markdown="1">', f"<summary>{why}</summary>", "", *table,
                      "</details>", ""]  # fmt: skip
        else:
            lines += ["", why, "", *table]
    board_note = getattr(game.content(), "BOARD_NOTE", None)
    if board_note:
        lines.append(f"- **Boards**: {board_note}")
    lines.append(
        "- **Bots**: every game is played by the bots named at the top (by default the "
        "scripted heuristic bot with default parameters) unless a section says otherwise; all "
        "strengths are strengths *against these bots*. The robustness section says which "
        "headline findings hold with other bots."
    )
    lines.append("")
    return lines


def _pages(out: Path, sections, s: ReportSettings, seconds: float, reruns=()) -> dict[str, str]:
    """Every file of the page: index.md (the whole report in one Markdown file),
    index.html (the answers, short: each study one click away) and <study>.html (a
    page per study, its summary and charts)."""
    # lazy: the report index's process imports this module and loads no game
    from analyzer.report.glance import glance_markdown, robustness_marks

    titles = {study.key: study.title for study, _ in sections}
    marks = robustness_marks(out / "robustness")
    opening = _opening(s, seconds, reruns)
    glance = glance_markdown(out, titles, link=lambda key: f"#{anchor(titles[key])}")
    page = index_markdown(sections, s, seconds, glance, marks, opening)
    files = {"index.md": _expand(page, out)}
    glance = glance_markdown(out, titles, link=lambda key: f"{key}.html")
    main = main_markdown(sections, s, glance, marks, opening)
    files["index.html"] = to_html(_expand(main, out), out, title=f"{ruleset_title(s)} report")
    for study, found in sections:
        text = study_markdown(study, found, sections, s, out)
        files[f"{study.key}.html"] = to_html(
            text, out, title=f"{ruleset_title(s)} report: {study.title}"
        )
    return files


def rough_banner(s: ReportSettings) -> list[str]:
    """A banner for a page made at --scale below 1: how rough it is (games per combo
    and the interval they give a combo), and what a finding too rough to decide says."""
    half = precision.half_width(1 / s.players, s.games_per_combo)
    return banner_lines(
        s.scale,
        f"The combo table has {s.games_per_combo:,} games per combo (a combo's win rate "
        f"±{100 * half:.0f} points), the robustness check {s.robust_games_per_combo:,} per combo.",
    )


def banner_lines(scale: float, games: str) -> list[str]:
    """The rough-run banner of a page made at `scale` below 1 (none at 1 or more):
    `games` says how many games its main tables rest on."""
    if scale >= 1:
        return []
    return [
        '<div class="banner" markdown="1">',
        f"⚠ **A rough run** (`--scale {scale:g}`): every study played about "
        f"{100 * scale:.3g}% of its usual games. {games} "
        f"By the report's rule, {precision.rule_text()}. For numbers to decide on, run "
        "`analyzer report` without `--scale`.",
        "</div>",
        "",
    ]


def _opening(s: ReportSettings, seconds: float, reruns=()) -> list[str]:
    """The title, the rough-run banner, one line on how the page was made, and the
    studies run again because their stored files had changed or gone (`reruns`)."""
    # lazy: the report index's process imports this module and loads no game
    from analyzer.studies.common import bots_text

    return [
        f"# {ruleset_title(s)}: balance report",
        "",
        *rough_banner(s),
        f"Written by `analyzer report` on {dt.date.today().isoformat()}: ruleset "
        f"{s.game.ruleset}, variant {s.game.variant}, "
        f"{s.players} players (the player-count study: "
        f"{', '.join(map(str, report_bots(s)[1]))}), seed {s.seed}, bots by seat: "
        f"{bots_text(report_bots(s)[0])}"
        + (
            ""
            if s.bots
            else " (this ruleset's headline field: of the styles at least as strong as the default "
            'heuristic, one of those a strong seat exploits least; docs/bots.md, "Which field the '
            'headline tables play")'
        )
        + f". Built in {seconds:.0f} s (reused studies take no time). Every rate comes with its "
        "95% interval and its number of games; each section says what it ran.",
        "",
        *([f"Stored results not reused: {' '.join(reruns)}", ""] if reruns else []),
    ]


def _marks_line(marks, link: str) -> list[str]:
    """The robustness marks of the headline findings, in one paragraph."""
    if marks is None or not len(marks):
        return []
    return [
        f"Each headline finding below is checked against other bots in the "
        f"[{STUDY_TITLES['robustness']}]({link}) section: "
        + "; ".join(f"{m.finding} ({m.value}): *{m.mark}*" for m in marks.itertuples())
        + ".",
        "",
    ]


def _findings_lines(sections, s: ReportSettings, marks, link: str) -> list[str]:
    lines = _marks_line(marks, link)
    for study, found in sections:
        if found:
            lines += [f"**{study.title}**", ""]
            lines += [f"- {f}" for f in found]
            lines.append("")
    if "compare" not in [study.key for study, _ in sections]:
        lines += [
            "**House rules**",
            "",
            f"- None compared: scenarios/ holds no house-rule scenario of the {s.game.ruleset} "
            f"ruleset for {s.players} players.",
            "",
        ]
    return lines


def index_markdown(
    sections, s: ReportSettings, seconds: float, glance=(), marks=None, opening=None
) -> str:
    """The whole report in one Markdown file (index.md): title, `glance` (the opening
    charts and answers), findings (opening with the robustness `marks` of the headline
    findings), caveats, contents and an include line per study."""
    lines = [*(opening or _opening(s, seconds)), *glance, "## Findings", ""]
    lines += _findings_lines(sections, s, marks, f"#{anchor(STUDY_TITLES['robustness'])}")
    keys = [study.key for study, _ in sections]
    lines += _caveats(s.game, "balance/sensitivity.md" if "balance" in keys else None)
    lines += ["## Contents", ""]
    lines += [f"- [{study.title}](#{anchor(study.title)})" for study, _ in sections]
    lines.append("")
    for study, _found in sections:
        summary = (Path(study.key) / "summary.md").as_posix()
        lines += [f"## {study.title}", "", f"Folder: `{study.key}/` (tables as CSV and Parquet).",
                  ""]  # fmt: skip
        lines.append(f"<!-- include {summary} -->")
        lines.append("")
    return "\n".join(lines)


def main_markdown(sections, s: ReportSettings, glance, marks, opening) -> str:
    """The ruleset's main page (index.html): the answers first (a chart and a line per
    question), then a link to every study's own page, what the numbers rest on, and
    every finding folded."""
    keys = [study.key for study, _ in sections]
    count = sum(len(found) for _, found in sections)
    lines = [*opening, *glance, "## Every page", ""]
    for study, found in sections:
        first = f": {found[0]}" if found else ""
        lines.append(f"- [{study.title}]({study.key}.html){first}")
    lines += [
        "- [What the numbers rest on](#what-the-numbers-rest-on)",
        "- [Every finding](#every-finding)",
        "- The whole report as one Markdown file: `index.md`; each study's tables as CSV and "
        "Parquet in its folder.",
        "",
    ]
    caveats = _caveats(s.game, "balance/sensitivity.md" if "balance" in keys else None, fold=True)
    lines += caveats
    lines += [
        "## Every finding",
        "",
        '<details markdown="1">',
        f"<summary>{count} findings of {len(sections)} studies</summary>",
        "",
        *_findings_lines(sections, s, marks, "robustness.html"),
        "</details>",
        "",
    ]
    return "\n".join(lines)


def study_markdown(study: Study, found: list[str], sections, s: ReportSettings, out: Path) -> str:
    """A study's own page: its findings, then its summary and every chart of its folder."""
    nav = " · ".join(
        f"**{other.title}**" if other.key == study.key else f"[{other.title}]({other.key}.html)"
        for other, _ in sections
    )
    lines = [
        f"# {ruleset_title(s)}: {study.title}",
        "",
        *rough_banner(s),
        '<p class="nav"><a href="index.html">← The report\'s answers</a></p>',
        "",
        f"Other studies: {nav}",
        "",
        f"Folder: `{study.key}/` (tables as CSV and Parquet, charts as PNG).",
        "",
    ]
    if found:
        lines += ["## Findings", "", *[f"- {f}" for f in found], ""]
    summary = (Path(study.key) / "summary.md").as_posix()
    lines += [f"<!-- include-page {summary} -->", ""]
    return _expand("\n".join(lines), out)


def _expand(page: str, root: Path) -> str:
    """Put each study's summary (headings demoted, minus its own title) and its charts
    where the page says `<!-- include folder/summary.md -->`."""

    def include(m: re.Match) -> str:
        path = root / m.group(2)
        folder = path.parent.name
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\A# .*\n", "", text)  # the section heading replaces its title
        # Charts the summary shows itself are named from its own folder.
        text = re.sub(r"\]\(([^/)]+\.png)\)", rf"]({folder}/\1)", text)
        if m.group(1) == "include-text":
            return text
        levels = 0 if m.group(1) == "include-page" else 1
        # Only charts the analyzer wrote there, unchanged: never a file of the user's.
        own = OutputFolder(path.parent, kind=None).own_files()
        charts = sorted(c for c in path.parent.glob("*.png") if c.name in own)
        shown = f"]({folder}/{{}})"
        pictures = [
            f"![{c.stem}]({folder}/{c.name})" for c in charts if shown.format(c.name) not in text
        ]
        return _demote(text, levels) + "\n\n" + "\n\n".join(pictures)

    return re.sub(r"<!-- (include|include-text|include-page) (\S+) -->", include, page)
