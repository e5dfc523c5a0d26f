"""The balance study's suggestion loads as a scenario of the original game, whose races
belong to no faction (so its [rules] table leaves `faction_bonus` out, as scenario.py
asks). Collected in the classic run (`pytest --ruleset classic`)."""

from __future__ import annotations

from analyzer import load_game
from analyzer.ruleset_registry import played_tables
from analyzer.scenario import load_scenario
from analyzer.studies.balance import suggestion_toml


def test_the_suggestion_loads_in_a_ruleset_without_factions(tmp_path):
    tables = played_tables()
    text = suggestion_toml(tables, {("race", 0): 4}, 4, ("heuristic",) * 4, None, None)
    assert "faction_bonus" not in text
    path = tmp_path / "suggested.toml"
    path.write_text(text, encoding="utf-8")
    sc = load_scenario(path, load_game("classic"))
    assert sc.parameters.banners[0] == 4
