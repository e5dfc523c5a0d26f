"""The full report (analyzer report): every study, one self-contained page, reuse."""

import re
import shutil
from pathlib import Path

import pytest
from intervals import impossible_numbers

from analyzer import load_game
from analyzer.report.site import ReportSettings, build_report, default_studies

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@pytest.fixture(scope="module")
def built(report_site):
    """The shared tiny report (tests/conftest.py: the browser tests open it too)."""
    return report_site


def test_the_page_holds_every_study(built):
    out, page, settings, _ = built
    assert page == out / "index.html"
    html = page.read_text(encoding="utf-8")
    md = (out / "index.md").read_text(encoding="utf-8")
    for study in default_studies(settings):
        assert (out / study.key / "summary.md").exists(), study.key
        assert (out / study.key / "study.json").exists(), study.key
        assert f"## {study.title}" in md
        assert f'<a href="{study.key}.html">{study.title}</a>' in html  # its own page
        assert study.title in (out / f"{study.key}.html").read_text(encoding="utf-8")
    for title in ("Race and power combos", "House rules", "When to decline",
                  "Player count and seat order"):  # fmt: skip
        assert title in md, title
    assert "## Findings" in md and "What the numbers rest on" in md
    assert "What the numbers rest on" in html and "Every finding" in html


def test_every_page_is_self_contained(built):
    out, page, _, _ = built
    pages = [page, *out.glob("*.html")]
    assert len(set(pages)) >= 7  # the main page and one per study
    for path in set(pages):
        html = path.read_text(encoding="utf-8")
        sources = re.findall(r'<img[^>]*src="([^"]+)"', html)
        assert sources or path.name == "bots.html", f"no charts on {path.name}"
        assert all(s.startswith("data:image/png;base64,") for s in sources)
        assert "<script>" in html and "<script src" not in html  # the table script, inline
        # Links stay on the page, or go to a sibling page of the report.
        for link in re.findall(r'(?:href|src)="(?!data:|#|https?:)([^"#]+)', html):
            assert link.endswith(".html") and (out / link).exists(), (path.name, link)
    assert "<table>" in (out / "combos.html").read_text(encoding="utf-8")


def test_the_main_page_answers_first_and_every_chart_is_on_its_studys_page(built):
    out, page, _, _ = built
    html = page.read_text(encoding="utf-8")
    import base64

    charts = list(out.glob("*/*.png"))
    assert len(charts) >= 4
    for chart in charts:  # each embedded as data on its study's page
        study = (out / f"{chart.parent.name}.html").read_text(encoding="utf-8")
        assert base64.b64encode(chart.read_bytes()).decode("ascii") in study, chart.name
    opening = html.split("<h2", 2)[1]  # the first section: a chart and a line per question
    assert "Answers" in opening and opening.count("<figcaption>") >= 5
    assert opening.count("data:image/png;base64,") >= 4
    assert html.count("data:image/png;base64,") <= 6  # the details are a click away
    assert 'class="key"' in opening  # the combos' chart drawn across the page


def test_a_rough_page_says_so_and_a_full_one_does_not(built):
    out, page, settings, _ = built
    from analyzer.report.site import rough_banner

    assert settings.scale == pytest.approx(0.002)
    for path in (page, out / "combos.html"):
        html = path.read_text(encoding="utf-8")
        banner = html.split('<div class="banner">', 1)[1].split("</div>", 1)[0]
        assert "A rough run" in banner and "--scale 0.002" in banner, path.name
        assert f"{settings.games_per_combo:,} games per combo" in banner
        assert "too few games to tell" in banner
        assert html.index('class="banner"') < html.index("<h2")  # at the top
    assert rough_banner(ReportSettings(game=load_game("swow"))) == []
    assert ReportSettings(game=load_game("swow")).scaled(0.5).scaled(0.5).scale == 0.25


def test_the_page_flags_what_is_not_modeled(built):
    out, _, _, _ = built
    from analyzer.rulesets.swow.tables import default_tables

    md = (out / "index.md").read_text(encoding="utf-8")
    for item in default_tables().not_modeled():
        assert item in md


def test_a_second_build_reuses_every_study(built):
    out, _, settings, _ = built
    before = {p: p.stat().st_mtime_ns for p in out.glob("*/summary.md")}
    messages = []
    build_report(out, settings, log=messages.append)
    assert all("reusing" in m for m in messages), messages
    assert before == {p: p.stat().st_mtime_ns for p in out.glob("*/summary.md")}


def test_other_settings_rerun_only_what_they_change(built, tmp_path):
    out, _, settings, _ = built
    import dataclasses

    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    changed = dataclasses.replace(settings, compare_games=settings.compare_games + 2)
    messages = []
    build_report(copy, changed, log=messages.append)
    ran = [m for m in messages if "running" in m]
    assert ran == ["House rules: running..."], messages


def test_an_edited_house_rule_reruns_only_the_study_that_plays_it(built, tmp_path):
    """A second report after one scenario file changed: the house-rules study (the only
    one reading scenario files) runs again, every other study is reused, and the pages
    are rebuilt from the reused results and the new one."""
    import dataclasses

    out, _, settings, _ = built
    copy, rules = tmp_path / "copy", tmp_path / "scenarios"
    shutil.copytree(out, copy)
    rules.mkdir()
    for path in settings.house_rules:  # the same names and bytes: the same stamps
        shutil.copy(path, rules / path.name)
    mine = dataclasses.replace(settings, house_rules=[rules / p.name for p in settings.house_rules])
    messages = []
    build_report(copy, mine, log=messages.append)
    assert not [m for m in messages if "running" in m], messages
    studies = {p: p.stat().st_mtime_ns for p in copy.glob("*/study.json")}
    edited = rules / "extra-round.toml"
    edited.write_text(edited.read_text().replace("extra_rounds = 1", "extra_rounds = 2"))
    page = (copy / "compare.html").stat().st_mtime_ns
    messages = []
    build_report(copy, mine, log=messages.append)
    assert [m for m in messages if "running" in m] == ["House rules: running..."], messages
    assert sum("reusing" in m for m in messages) == len(studies) - 1, messages
    rerun = {p for p, t in studies.items() if p.stat().st_mtime_ns != t}
    assert rerun == {copy / "compare" / "study.json"}
    assert (copy / "compare.html").stat().st_mtime_ns != page  # the pages are rebuilt


def test_a_studys_stamp_covers_the_code_of_its_results_not_the_pages():
    from analyzer.report.site import code_files

    root = Path(__file__).resolve().parents[1] / "analyzer"
    files = set(code_files())
    made_by = ["studies/compare.py", "studies/plans/compare.py", "present/charts.py",
               "stats.py", "model/limits.py", "rulesets/swow/content/ruleset.toml"]  # fmt: skip
    for path in made_by:
        assert root / path in files, path
    # Page-building code: the pages are rebuilt on every run, the studies are not rerun.
    assert not [p for p in files if p.parent.name in ("report", "cli")]


def test_a_page_built_whole_is_reused_by_its_stamp(tmp_path):
    from analyzer.output import OutputFolder
    from analyzer.report.index import battles_stamp
    from analyzer.report.site import mark_page, page_reusable

    options = ["--games", "2000", "--seed", "1", "--threads", "2"]
    stamp = battles_stamp(options)
    assert stamp == battles_stamp(["--games", "2000", "--seed", "1"])  # threads change nothing
    assert stamp != battles_stamp(["--games", "2001", "--seed", "1"])
    folder = tmp_path / "page"
    OutputFolder(folder).write_files({"index.html": "<html></html>"})
    assert not page_reusable(folder, stamp)  # no stamp: a page stopped half-way
    mark_page(folder, stamp)
    assert page_reusable(folder, stamp)
    assert not page_reusable(folder, battles_stamp(["--games", "2001", "--seed", "1"]))
    (folder / "index.html").unlink()
    assert not page_reusable(folder, stamp)


def test_the_index_stamps_the_battles_page_its_child_wrote(tmp_path):
    """`analyzer report` runs `analyzer battle-report` into out/warcraft-battles and then
    stamps that page: the folder stays battle-report's, so the stamp and the next run's
    check accept it (a fresh `make report` stopped here once)."""
    from analyzer.errors import InputError
    from analyzer.output import OutputFolder, running_command
    from analyzer.report.index import BATTLES_KIND, battles_stamp
    from analyzer.report.site import mark_page, page_reusable

    folder, stamp = tmp_path / "warcraft-battles", battles_stamp(["--seed", "1"])
    with running_command(BATTLES_KIND):
        OutputFolder(folder).write_files({"index.html": "<html></html>"})
    with running_command("report"):
        with pytest.raises(InputError, match="battle-report"):
            mark_page(folder, stamp)  # as the report's own: another command's folder
        mark_page(folder, stamp, kind=BATTLES_KIND)
        OutputFolder(folder, kind=BATTLES_KIND).check()  # the next run's check
    assert page_reusable(folder, stamp)


def test_a_study_stopped_half_way_is_not_reused(built, tmp_path, monkeypatch):
    out, _, settings, _ = built
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    (copy / "combos" / "study.json").unlink()  # as a run stopped before the end leaves it
    messages = []
    build_report(copy, settings, log=messages.append)
    assert "Race and power combos: running..." in messages


def test_an_interrupted_report_writes_no_page(tmp_path, monkeypatch):
    from analyzer.studies import combos

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(combos, "run_combos", stop)
    s = ReportSettings(players=4, seed=2, game=load_game("swow")).scaled(0.001)
    s.house_rules = [SCENARIOS / "extra-round.toml"]
    with pytest.raises(KeyboardInterrupt):
        build_report(tmp_path / "r", s, log=lambda m: None)
    assert not (tmp_path / "r" / "index.html").exists()
    assert not (tmp_path / "r" / "combos").exists()
    assert not list((tmp_path / "r").rglob(".analyzer-tmp-*"))


def test_cli_report_refuses_a_bad_scale(tmp_path):
    from typer.testing import CliRunner

    from analyzer.cli import app

    r = CliRunner().invoke(app, ["report", "--scale", "0", "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "--scale" in r.output
    assert not (tmp_path / "x").exists()


def test_the_index_command_checks_its_options_in_a_fresh_process(tmp_path):
    """`analyzer report` with no --ruleset (the index, as `make report` runs it) binds no
    ruleset of its own; its checks must not need one (in this test process swow is
    bound already, so a child process shows it)."""
    import subprocess
    import sys

    out = tmp_path / "x"
    run = subprocess.run([sys.executable, "-m", "analyzer", "report", "--scale", "0", "--out",
                          str(out)], capture_output=True, text=True, timeout=120)  # fmt: skip
    assert run.returncode == 2, run.stderr
    assert "--scale" in run.stderr and "Traceback" not in run.stderr
    assert not out.exists()


# ------------------------------------------------------------------ the index
INDEX_OPTIONS = ["--players", "4", "--seed", "2", "--scale", "0.002"]  # `built`'s settings


@pytest.fixture
def half_built(tmp_path, monkeypatch):
    """A ruleset package with no engine yet (as classic before its engine lands)."""
    package = tmp_path / "halfpkg" / "half"
    package.mkdir(parents=True)
    (tmp_path / "halfpkg" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "halfpkg.half"


def test_the_index_links_each_playable_rulesets_page(built, tmp_path, half_built):
    from analyzer.output import OutputFolder
    from analyzer.report.index import build_index

    out = tmp_path / "site"
    OutputFolder(out).ensure()
    OutputFolder(out).claim_folder("swow")
    shutil.copytree(built[0], out / "swow")  # its studies are reused by the page's process
    bots_meta = (out / "swow" / "bots" / "study.json").read_text()
    messages = []
    variants = [("swow", "bfa"), (half_built, "bfa")]  # no page for an unplayable ruleset's
    page = build_index(
        out, ["swow", half_built], INDEX_OPTIONS, log=messages.append, variants=variants
    )
    assert page == out / "index.html" and page.exists()
    index = (out / "index.md").read_text(encoding="utf-8")
    team = "Battle for Azeroth, the team variant"
    assert f"## {team} (`swow --variant bfa`)" in index
    assert f"[Open the {team} report](swow-bfa/index.html)" in index
    assert "players: allied bots beat bots that ignore the alliance" in index  # its findings
    assert "team play: the race doing most for its faction" in index
    team_page = (out / "swow-bfa" / "summary.md").read_text()
    assert "Combos and races in team play" in team_page
    assert "[Back to the index of every ruleset](../index.html)" in team_page  # one step up
    assert not (out / f"{half_built}-bfa").exists()
    assert "[Open the Small World of Warcraft report](swow/index.html)" in index
    assert "[Race and power combos](swow/combos.html)" in index
    assert '<img src="swow/combos/top_bottom.png"' in index  # the key chart
    assert f"## {half_built} (`{half_built}`)" in index
    assert "No page yet: its engine is not built yet" in index
    assert "halfpkg" not in "".join(re.findall(r"\]\(([^)]*)\)", index))  # no broken link
    assert (out / "swow" / "bots" / "study.json").read_text() == bots_meta  # reused
    assert "ruleset swow" in (out / "swow" / "index.md").read_text(encoding="utf-8")
    html = page.read_text(encoding="utf-8")
    assert 'href="swow/index.html"' in html and 'name="viewport"' in html
    assert not list(out.rglob(".analyzer-tmp-*"))
    assert any(m.startswith("[swow] ") for m in messages)  # each page's lines, labelled
    # Again, nothing changed: every study and the team page are reused, the pages rebuilt.
    team = (out / "swow-bfa" / "page.json").read_text()
    messages = []
    build_index(out, ["swow"], INDEX_OPTIONS, log=messages.append, variants=variants[:1])
    assert not [m for m in messages if "running" in m], messages
    assert any("Reusing the team page" in m for m in messages), messages
    assert (out / "swow-bfa" / "page.json").read_text() == team


def test_the_index_refuses_a_folder_of_the_users_before_any_page(tmp_path):
    from analyzer.errors import InputError
    from analyzer.report.index import build_index

    (tmp_path / "notes.txt").write_text("mine\n")
    with pytest.raises(InputError, match="notes.txt"):
        build_index(tmp_path, ["swow"], INDEX_OPTIONS, log=lambda m: None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_failed_page_writes_no_index(tmp_path):
    from analyzer.report.index import PageFailed, build_index

    out = tmp_path / "site"
    with pytest.raises(PageFailed) as caught:
        build_index(out, ["swow"], ["--scale", "0"], log=lambda m: None)  # refused: exit 2
    assert caught.value.code == 2 and caught.value.ruleset == "swow"
    assert not out.exists()


def test_a_stopped_index_leaves_nothing_half_written(tmp_path, monkeypatch):
    from analyzer.report import index as site

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(site, "_run_page", stop)
    with pytest.raises(KeyboardInterrupt):
        site.build_index(tmp_path / "site", ["swow"], INDEX_OPTIONS, log=lambda m: None)
    assert not (tmp_path / "site").exists()


# ------------------------------------------------------------------ precision
def test_answers_on_too_few_games_say_so(tmp_path):
    import pandas as pd

    from analyzer import precision
    from analyzer.report import glance

    decline = tmp_path / "decline"
    decline.mkdir()
    rows = [
        {"among": "all", "group": "few", "rule": "decline_tokens = 3", "win_diff": 0.02,
         "win_diff_lo": -0.06, "win_diff_hi": 0.10, "beats_default": False},
        {"among": "all", "group": "many", "rule": "decline_round = 6", "win_diff": 0.004,
         "win_diff_lo": -0.01, "win_diff_hi": 0.018, "beats_default": False},
    ]  # fmt: skip
    pd.DataFrame(rows).to_csv(decline / "best.csv", index=False)
    text = glance.decline_answer(decline)
    assert "few: decline_tokens = 3 (+2.0 points, too few games to tell whether it beats" in text
    assert "many: decline_round = 6 (+0.4 points, no better than the default)" in text
    pd.DataFrame(rows[:1]).to_csv(decline / "best.csv", index=False)
    assert "(+2.0 points): too few games to tell whether it" in glance.decline_answer(decline)
    robustness = tmp_path / "robustness"
    robustness.mkdir()
    marks = [("Strongest race", "Tauren", precision.TOO_FEW),
             ("Weakest race", "Gnomes", "holds across bots"),
             ("Seat advantage", "no clear difference", "depends on the bots")]  # fmt: skip
    pd.DataFrame(marks, columns=["finding", "value", "mark"]).assign(detail="").to_csv(
        robustness / "marks.csv", index=False
    )
    text = glance.robustness_answer(robustness)
    assert "too few games to tell for strongest race Tauren" in text
    assert "these depend on the bots: seat advantage no clear difference" in text
    assert "Tauren" not in text.split("depend on the bots")[1].split("too few")[0]


def test_the_docs_state_the_precision_thresholds():
    from analyzer import precision

    docs = (SCENARIOS.parent / "docs" / "reading-the-report.md").read_text(encoding="utf-8")
    assert f"**{100 * precision.MAX_HALF_WIDTH:.0f} win-rate points**" in docs
    assert f"`MAX_HALF_WIDTH = {precision.MAX_HALF_WIDTH}`" in docs
    assert f"**{precision.MIN_GAMES} games**" in docs
    assert f"`MIN_GAMES = {precision.MIN_GAMES}`" in docs
    assert f"**{precision.TOO_FEW}**" in docs
    assert precision.too_wide(0.20, 0.27) and not precision.too_wide(0.22, 0.28)
    assert precision.too_wide(float("nan"), 0.3) and precision.too_few_games(199)


def test_heatmap_text_reads_on_its_cell():
    from analyzer.present.charts import pyplot, text_colour

    cmap = pyplot().get_cmap("RdBu_r")
    assert text_colour(cmap(0.0)) == "white" and text_colour(cmap(1.0)) == "white"  # dark ends
    assert text_colour(cmap(0.5)) == "black"  # the pale middle
    assert text_colour((1.0, 1.0, 0.0, 1.0)) == "black" and text_colour((0, 0, 0.5)) == "white"


def test_the_index_links_the_warcraft_battles_page_with_its_chart(tmp_path):
    from analyzer.report.index import BATTLES_FOLDER, index_page

    assert "Warcraft" not in index_page(tmp_path, [], 1.0)  # not built: no link
    battles = tmp_path / BATTLES_FOLDER
    battles.mkdir()
    (battles / "index.html").write_text("<html></html>")
    (battles / "heatmap.png").write_bytes(b"\x89PNG")
    page = index_page(tmp_path, [], 1.0, scale=0.1)
    assert "[Open the battles page](warcraft-battles/index.html)" in page
    assert '<img src="warcraft-battles/heatmap.png"' in page
    assert "[Warcraft: the Board Game battles](warcraft-battles/index.html)" in page
    assert "A rough run" in page and "--scale 0.1" in page


def test_a_tiny_report_prints_no_impossible_number(report_site):
    out, _page, _settings, messages = report_site
    assert impossible_numbers("\n".join(messages)) == []
    pages = [p for p in sorted(out.rglob("*")) if p.suffix in (".md", ".html")]
    assert len(pages) > 10
    for path in pages:
        rel = path.relative_to(out).as_posix()
        assert impossible_numbers(path.read_text()) == [], rel
