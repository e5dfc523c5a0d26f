"""One test suite for every ruleset. A run plays one ruleset, loaded once here
before any test module is imported: `pytest` plays swow (the default),
`pytest --ruleset classic` the original game, `pytest --ruleset
tests.plain_ruleset` the plain test ruleset (make test runs all three).

- tests/every_ruleset/ is collected in every run: its tests take the `game`
  fixture, parametrized over the variants of the run's ruleset (swow: standard and
  bfa).
- tests/<ruleset>/ (tests/classic/) is collected only in that ruleset's run.
- The other files of tests/ are collected only in the default (swow) run: SWoW's
  own tests, and those of the command line, studies and reports.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
EVERY_RULESET = TESTS / "every_ruleset"
DEFAULT = "swow"


def pytest_addoption(parser):
    parser.addoption(
        "--ruleset",
        default=DEFAULT,
        metavar="NAME",
        help="the ruleset this run plays (swow, classic, tests.plain_ruleset); default swow",
    )


def pytest_configure(config):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # tests.plain_ruleset, by its dotted name
    import analyzer

    analyzer.load_game(config.getoption("ruleset"))


def played() -> str:
    from analyzer.ruleset_registry import ruleset_name

    return ruleset_name()


def pytest_ignore_collect(collection_path, config):
    path = Path(collection_path)
    if path == EVERY_RULESET or EVERY_RULESET in path.parents:
        return None
    if (
        path.parent == TESTS
        and path.is_dir()
        and (ROOT / "analyzer" / "rulesets" / path.name).is_dir()
    ):
        return True if path.name != played() else None  # another ruleset's own tests
    if path.parent == TESTS and path.suffix == ".py" and played() != DEFAULT:
        return True  # the default ruleset's run only
    return None


def pytest_collection_modifyitems(config, items):
    """Tests marked shipped_rulesets are left out of a test ruleset's run, and tests
    marked test_rulesets out of a shipped ruleset's."""
    from analyzer.ruleset_registry import shipped_rulesets

    other = "test_rulesets" if played() in shipped_rulesets() else "shipped_rulesets"
    left_out = [item for item in items if item.get_closest_marker(other)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]


def pytest_generate_tests(metafunc):
    """`game`: each variant of the run's ruleset."""
    if "game" in metafunc.fixturenames:
        from games import run_games

        games = run_games()
        ids = [f"{g.ruleset}-{g.variant}" for g in games]
        metafunc.parametrize("game", games, ids=ids, scope="session")


# Property tests draw the same examples every run, so a red or green suite means the
# same on every machine; set HYPOTHESIS_PROFILE=explore to search afresh.
from hypothesis import settings  # noqa: E402

settings.register_profile("suite", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


# The report site of tests/test_report.py, built once per run and shared with the
# browser tests of tests/test_pages_browser.py (building it takes about a minute).
import pytest  # noqa: E402


@pytest.fixture(scope="session")
def report_site(tmp_path_factory):
    """(folder, index.html, settings, log messages) of a tiny SWoW report."""
    from analyzer.report.site import ReportSettings, build_report

    out = tmp_path_factory.mktemp("report") / "swow-4p"
    import analyzer

    game = analyzer.load_game(played())
    settings = ReportSettings(players=4, seed=2, game=game).scaled(0.002)
    settings.house_rules = [ROOT / "scenarios" / "extra-round.toml",
                            ROOT / "scenarios" / "no-murlocs.toml"]  # fmt: skip
    messages = []
    page = build_report(out, settings, log=messages.append)
    return out, page, settings, messages
