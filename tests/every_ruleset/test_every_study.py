"""Every study runs on a test ruleset (tests/plain_ruleset, in `make test`'s plain
run), in its own variant where the study takes --variant: a new ruleset plays
through the studies by its own package alone. The shipped rulesets' runs test their
studies in their own files (tests/, tests/classic/), so this file is left out there.

Each study plays the fewest games that still write its tables; what is checked is
that it runs, writes its summary and names the played ruleset and variant."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.ruleset_registry import ruleset_name
from analyzer.rulesets import Game

pytestmark = pytest.mark.test_rulesets
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def own_variant() -> str:
    """The run's ruleset's first variant other than the standard game."""
    others = [v for v in Game(ruleset_name()).variants if v != "standard"]
    assert others, f"{ruleset_name()} has no variant of its own"
    return others[0]


# The cheapest invocation of each study; a study that takes --variant plays the
# ruleset's own variant (added below).
STUDIES = {
    "bots": ["bots", "--games", 6, "--players", 2],
    "combos": ["combos", "--players", 2, "--games-per-combo", 1],
    "decline": ["decline", "--players", 2, "--games", 4, "--combos", "Orcs+Fishing"],
    "players": ["players", "--players", 2, "--games", 8, "--games-per-combo", 1],
    "balance": ["balance", "--games-per-combo", 10, "--seat-players", 2, "--seat-games", 30,
                "--check-games-per-combo", 2, "--rounds", 1],
    "robustness": ["robustness", "--players", 2, "--field", "default", "--field", "aggressive",
                   "--forced-bots", "tuned", "-g", 2, "--decline-games", 2, "--bootstrap", 20,
                   "--seed", 3, "--responder", "lookahead-lite", "--exploit-games", 3],
    "tune": ["tune", "--generations", 1, "--population", 4, "--games", 2, "--validate-games", 2,
             "--final-games", 2, "--players", 2],
    "tournament": ["tournament", "--bots", "default,random", "-p", 2, "-g", 2, "--bootstrap", 20],
}  # fmt: skip
TAKE_VARIANT = {"combos", "decline", "players", "balance"}


@pytest.mark.parametrize("study", sorted(STUDIES))
def test_the_study_runs_on_the_test_ruleset(tmp_path, study):
    args = [*STUDIES[study], "--ruleset", ruleset_name(), "--out", tmp_path / study]
    if study in TAKE_VARIANT:
        args += ["--variant", own_variant()]
    done = run(*args)
    assert done.exit_code == 0, done.output
    summary = (tmp_path / study / "summary.md").read_text("utf-8")
    assert ruleset_name() in summary
    if study in TAKE_VARIANT:
        assert own_variant() in summary


def test_compare_plays_a_scenario_of_the_test_ruleset_in_its_variant(tmp_path):
    scenario = tmp_path / "rich.toml"
    scenario.write_text(
        f'[scenario]\nname = "Rich"\ndescription = "more coins"\nruleset = "{ruleset_name()}"\n'
        f'variant = "{own_variant()}"\nplayers = 2\n',
        "utf-8",
    )
    done = run("compare", scenario, "--games", 8, "--games-per-combo", 2, "--out", tmp_path / "c")
    assert done.exit_code == 0, done.output
    assert ruleset_name() in (tmp_path / "c" / "summary.md").read_text("utf-8")


def test_confirm_rechecks_the_test_rulesets_own_tables(tmp_path):
    """confirm reads a report page's tables: the ones combos and players wrote here."""
    page = tmp_path / "page"
    for study in ("combos", "players"):
        done = run(*STUDIES[study], "--ruleset", ruleset_name(), "--out", page / study)
        assert done.exit_code == 0, done.output
    out = tmp_path / "confirm"
    args = ["--strong", "heuristic", "-g", 2, "-p", 2, "--team-games", 0, "--balance-changes", 0]
    done = run("confirm", "--from", page, "--ruleset", ruleset_name(), *args, "--out", out)
    assert done.exit_code == 0, done.output
    assert (tmp_path / "confirm" / "summary.md").is_file()


def test_every_registered_study_is_run_here():
    """A new study joins this file (the recipe in docs/architecture.md says so)."""
    from analyzer.studies.registry import STUDIES as REGISTERED

    here = set(STUDIES) | {"compare", "confirm", "teams"}
    assert {study.name for study in REGISTERED} == here


def test_the_team_study_refuses_a_ruleset_without_a_team_variant(tmp_path):
    done = run("teams", "-p", 4, "-g", 2, "--duel-games", 2, "--out", tmp_path / "teams")
    assert done.exit_code == 2
    assert "Traceback" not in done.output
    assert not Path(tmp_path / "teams").exists()


def test_the_report_refuses_a_variant_without_a_page_of_its_own(tmp_path):
    """Only a variant its content's VARIANT_PAGES names gets a page (the team page)."""
    out = tmp_path / "report"
    done = run("report", "--ruleset", ruleset_name(), "--variant", own_variant(), "--out", out)
    assert done.exit_code == 2, done.output
    assert "gives this variant no report page of its own" in " ".join(done.output.split())
    assert "Traceback" not in done.output and not out.exists()
