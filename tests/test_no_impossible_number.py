"""No impossible number anywhere a user reads: the checker of tests/intervals.py finds
the impossible intervals the small runs used to print, and finds none in what the
studies print now at tiny counts (their terminal answer, summary and pages; the whole
tiny report is checked in test_report.py, beside the report it builds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from intervals import impossible_numbers
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.stats import TOO_FEW, estimate_text, interval_text

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


@pytest.mark.parametrize(
    "text, problem",
    [
        ("+66.7 pp (+1.3 pp to +132.0 pp)", "outside the possible range"),
        ("−25.0 pts (+0.0 pts to +0.0 pts)", "no width"),
        ("ρ 0.83 (0.31 to 0.73)", "does not hold its estimate"),
        ("ρ nan", "not a number"),
        ("+0 (+0 to +0)", "no width"),
        ("−0.00 (−0.00 to −0.00)", "no width"),
        ("+0.000 (+nan to +nan)", "not a number"),
        ("| 20.8% to 103.9% |", "outside the possible range"),
        ("60.0% (44.6% to 73.7%) | 0 (0 to 0)", "no width"),
    ],
)
def test_the_checker_finds_each_impossible_number_of_the_small_runs(text, problem):
    found = impossible_numbers(text)
    assert any(f.startswith(problem) for f in found), found


@pytest.mark.parametrize(
    "text",
    [
        "+33.3 pp (−32.0 pp to +98.7 pp)",
        "66.7% (20.8% to 93.9%), 3 games",
        "ρ 0.83 (95% 0.61 to 0.94)",
        "+12 (−30 to +51)",
        f"+66.7 pp ({TOO_FEW})",
        "from 28.3% to 22.9% (a change, not an interval)",
        "finance, nano, infinite",
    ],
)
def test_the_checker_passes_possible_numbers(text):
    assert impossible_numbers(text) == []


def test_the_formatters_never_print_an_impossible_interval():
    # past the possible range of a difference of rates: no interval
    assert interval_text(0.013, 1.32, within=(-1, 1)) == TOO_FEW
    assert estimate_text(66.7, 1.3, 132.0, unit=" pp", within=(-100, 100)).endswith(f"({TOO_FEW})")
    # an interval that leaves out its estimate, or rounds to no width, is widened in digits
    assert estimate_text(0.83, 0.31, 0.73, sign="", digits=2) == f"0.83 ({TOO_FEW})"
    text = estimate_text(-1.2, -2.3, -0.0004)
    assert text == "-1.2000 (-2.3000 to -0.0004)" and impossible_numbers(text) == []


def _tiny(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _read(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in folder.rglob("*") if p.suffix in (".md", ".html")}


@pytest.mark.parametrize(
    "args",
    [
        ["decline", "-p", 2, "--games", 3],
        ["compare", ROOT / "scenarios" / "no-blacksmith.toml", "--games", 10,
         "--games-per-combo", 4],
        ["tournament", "--bots", "default,random,aggressive", "-p", 2, "-g", 2, "--bootstrap", 20],
    ],
    ids=["decline", "compare", "tournament"],
)  # fmt: skip
def test_tiny_studies_print_no_impossible_number(tmp_path, args):
    out = tmp_path / "out"
    printed = _tiny(*args, "--out", out)
    assert impossible_numbers(printed) == []
    for name, text in _read(out).items():
        assert impossible_numbers(text) == [], name
