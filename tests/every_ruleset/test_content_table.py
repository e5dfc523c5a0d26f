"""Every ruleset gives its content through the one checked interface of
rulesets/content_table.py: its own parts or the neutral defaults, and for each
variant played in teams, the team rules."""

from __future__ import annotations

import importlib
import types

import numpy as np
import pytest

from analyzer.rulesets import ruleset_package
from analyzer.rulesets.content_table import CONTENT, TEAM, bind, check_module
from analyzer.variants import content_of, team_play, variant_name


def test_the_played_content_matches_the_table(game):
    module = game.content()
    assert module is bind(ruleset_package(game.ruleset))
    tables = importlib.import_module(f"{module.package}.tables")
    assert check_module(tables, CONTENT, "ruleset content") == []
    for part in CONTENT:
        assert hasattr(module, part.name), part.name
    assert "standard" in module.VARIANTS and module.VARIANTS["standard"] == 0
    assert set(module.TEAM_VARIANTS) <= set(module.VARIANTS)
    assert game.variants == list(module.VARIANTS)


def test_each_team_variant_gives_the_team_rules(game):
    content = game.content()
    for variant in content.TEAM_VARIANTS:
        team = content.team_play(variant)
        assert all(hasattr(team, part.name) for part in TEAM)
        seats = team.seat_teams(4, False)
        assert len(seats) == len(team.seat_labels(4, False)) == 4
        assert set(team.RIVALS) <= set(seats)
        vc = np.array([[10, 20, 30, 5]])
        wins = team.team_wins(vc, 4, False)
        assert wins.shape == (1, len(team.TEAMS)) and wins.any()
    plain = [v for v in content.VARIANTS if v not in content.TEAM_VARIANTS]
    assert all(content.team_play(v) is None for v in plain)


def test_tables_know_the_ruleset_that_compiled_them(game):
    """A game's tables, its variant's and a recompile of them name their ruleset, so
    their variant and team rules are read from them, not from the bound game."""
    tables = game.default_tables()
    assert tables.compiled_by == game.ruleset
    assert content_of(tables) is game.content()
    assert variant_name(tables) == game.variant
    changed = content_of(tables).compile_tables(tables.ruleset, tables.faces, tables.parameters)
    assert changed.compiled_by == game.ruleset and changed is not tables
    assert team_play(tables) is game.team_play
    if game.team:
        teams = game.team_play.team_tables(tables, 4, False)
        assert teams.compiled_by == game.ruleset and team_play(teams) is game.team_play


def test_a_typo_and_a_missing_part_are_refused():
    module = types.ModuleType("fake_tables")
    module.default_content = lambda: None
    module.compile_tables = lambda ruleset, faces, parameters=None: None
    module.TERRAIN_NAMES = ()
    module.VARIANT = {"standard": 0}
    problems = check_module(module, CONTENT, "ruleset content")
    assert any(p.startswith("default_tables() is required") for p in problems), problems
    assert "VARIANT is no part of a ruleset content (did you mean 'VARIANTS'?)" in problems


@pytest.mark.parametrize("bad", ["lambda vc: 0", "3"])
def test_a_team_part_with_other_arguments_is_refused(bad):
    module = types.ModuleType("fake_team")
    for part in TEAM:  # every part as the table declares it
        args = ", ".join(part.args or ())
        setattr(module, part.name, eval(f"lambda {args}: None") if part.args is not None else ())
    assert check_module(module, TEAM, "team variant") == []
    module.team_wins = eval(bad)  # a function of other arguments, or no function
    (problem,) = check_module(module, TEAM, "team variant")
    assert problem.startswith("team_wins")
