"""The full report (analyzer report): every study, one self-contained page, reuse."""

import re
import shutil
from pathlib import Path

import pytest

from analyzer.report.site import ReportSettings, build_report, default_studies

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "swow-4p"
    settings = ReportSettings(players=4, seed=2).scaled(0.002)
    settings.house_rules = [SCENARIOS / "extra-round.toml", SCENARIOS / "no-murlocs.toml"]
    messages = []
    page = build_report(out, settings, log=messages.append)
    return out, page, settings, messages


def test_the_page_holds_every_study(built):
    out, page, settings, _ = built
    assert page == out / "index.html"
    html = page.read_text(encoding="utf-8")
    md = (out / "index.md").read_text(encoding="utf-8")
    for study in default_studies(settings):
        assert (out / study.key / "summary.md").exists(), study.key
        assert (out / study.key / "study.json").exists(), study.key
        assert f"## {study.title}" in md
        assert study.title in html
    for title in ("Race and power combos", "House rules", "When to decline",
                  "Player count and seat order"):  # fmt: skip
        assert title in md, title
    assert "## Findings" in md and "What the numbers rest on" in md


def test_the_page_is_self_contained(built):
    out, page, _, _ = built
    html = page.read_text(encoding="utf-8")
    sources = re.findall(r'<img[^>]*src="([^"]+)"', html)
    assert sources, "no charts on the page"
    assert all(s.startswith("data:image/png;base64,") for s in sources)
    assert "<table>" in html
    assert not re.search(r'(href|src)="(?!data:|#|https?:)[^"]+"', html)


def test_every_chart_of_every_study_is_on_the_page(built):
    out, page, _, _ = built
    html = page.read_text(encoding="utf-8")
    import base64

    charts = list(out.glob("*/*.png"))
    assert len(charts) >= 4
    for chart in charts:  # each embedded as data, once in its study and maybe at the top
        assert base64.b64encode(chart.read_bytes()).decode("ascii") in html, chart.name
    opening = html.split("<h2", 3)[1]  # the opening section: one chart per question
    assert "At a glance" in opening
    assert opening.count("data:image/png;base64,") >= 4
    assert html.count("data:image/png;base64,") <= len(charts) + 6


def test_the_page_flags_what_is_not_modeled(built):
    out, _, _, _ = built
    from analyzer.model import default_tables

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
    s = ReportSettings(players=4, seed=2).scaled(0.001)
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
    from analyzer.report.site import build_index

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
    assert "Combos and races in team play" in (out / "swow-bfa" / "summary.md").read_text()
    assert not (out / f"{half_built}-bfa").exists()
    assert "[Open the Small World of Warcraft report](swow/index.html)" in index
    assert "[Race and power combos](swow/index.html#race-and-power-combos)" in index
    assert f"## {half_built} (`{half_built}`)" in index
    assert "No page yet: its engine is not built yet" in index
    assert "halfpkg" not in "".join(re.findall(r"\]\(([^)]*)\)", index))  # no broken link
    assert (out / "swow" / "bots" / "study.json").read_text() == bots_meta  # reused
    assert "ruleset swow" in (out / "swow" / "index.md").read_text(encoding="utf-8")
    html = page.read_text(encoding="utf-8")
    assert 'href="swow/index.html"' in html and 'name="viewport"' in html
    assert not list(out.rglob(".analyzer-tmp-*"))


def test_the_index_refuses_a_folder_of_the_users_before_any_page(tmp_path):
    from analyzer.errors import InputError
    from analyzer.report.site import build_index

    (tmp_path / "notes.txt").write_text("mine\n")
    with pytest.raises(InputError, match="notes.txt"):
        build_index(tmp_path, ["swow"], INDEX_OPTIONS, log=lambda m: None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_failed_page_writes_no_index(tmp_path):
    from analyzer.report.site import PageFailed, build_index

    out = tmp_path / "site"
    with pytest.raises(PageFailed) as caught:
        build_index(out, ["swow"], ["--scale", "0"], log=lambda m: None)  # refused: exit 2
    assert caught.value.code == 2 and caught.value.ruleset == "swow"
    assert not out.exists()


def test_a_stopped_index_leaves_nothing_half_written(tmp_path, monkeypatch):
    from analyzer.report import site

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(site, "_run_page", stop)
    with pytest.raises(KeyboardInterrupt):
        site.build_index(tmp_path / "site", ["swow"], INDEX_OPTIONS, log=lambda m: None)
    assert not (tmp_path / "site").exists()
