"""The games of this test run: its ruleset (`pytest --ruleset NAME`, bound by
tests/conftest.py before any test module is imported) in each of its variants."""

from __future__ import annotations

from analyzer.ruleset_registry import ruleset_name
from analyzer.rulesets import Game


def run_games() -> list[Game]:
    """The run's ruleset in every variant it has (swow: standard, bfa)."""
    name = ruleset_name()
    return [Game(name, variant) for variant in Game(name).variants]
