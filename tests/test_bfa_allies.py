"""Battle for Azeroth's allied bots (issue 12 item 4): who a seat's ally is, and the
heuristic's `ally_care` (0: the alliance is ignored)."""

from __future__ import annotations

import pandas as pd
import pytest
from builder import Position
from kernels import ally_of, compute_targets, heuristic_target

from analyzer.engine import layout as L
from analyzer.model.ids import DWARVES, HUMANS, ORCS
from analyzer.studies.teams import alliance_duel

BFA = {L.PAR_VARIANT: L.VARIANT_BFA}


@pytest.mark.parametrize(
    ("n", "allies"),
    [(2, [-1, -1]), (3, [-1, -1, -1]), (4, [2, 3, 0, 1]), (5, [3, 4, -1, 0, 1])],
)
def test_a_seats_ally_is_the_other_seat_of_its_faction(n, allies):
    pos = Position(n_players=n, params=BFA)
    assert [ally_of(pos.g, pos.t, p) for p in range(n)] == allies


def test_the_standard_game_has_no_allies():
    pos = Position(n_players=4)
    assert [ally_of(pos.g, pos.t, p) for p in range(4)] == [-1] * 4


def allies_position(care):
    """Seat 0 (Alliance) next to a cheap region of its ally (seat 2) and one of the
    Horde (seat 1) that costs twice as much, Faction Bonus and all."""
    pos = Position(n_players=4, params=BFA)
    a = pos.region("Fields", "Entry")
    ally = pos.region("Fields", neighbours=[a])
    enemy = pos.region("Fields", neighbours=[a])
    pos.give(0, HUMANS, hand=6, coins=5)
    pos.put(a, 0, HUMANS, 2)
    pos.give(2, DWARVES, hand=0, coins=5)
    pos.put(ally, 2, DWARVES, 1)
    pos.give(1, ORCS, hand=0, coins=5)
    pos.put(enemy, 1, ORCS, 4)
    pos.policy(0, "heuristic", ally_care=care)
    compute_targets(pos.g, pos.t, 0)
    return pos, ally, enemy


def test_a_bot_that_ignores_the_alliance_takes_the_cheaper_allied_region():
    pos, ally, _ = allies_position(care=0.0)
    assert heuristic_target(pos.g, pos.t, 0)[0] == ally


def test_an_allied_bot_attacks_the_other_faction_instead():
    pos, _, enemy = allies_position(care=1.0)
    assert heuristic_target(pos.g, pos.t, 0)[0] == enemy


def test_the_duel_plays_both_sides_on_the_same_seeds():
    duel = alliance_duel(4, 6, 3)
    assert duel.games == 6
    assert duel.allied_win + duel.ignoring_win == pytest.approx(1.0)  # two factions
    assert duel.edge == pytest.approx(duel.allied_win - duel.ignoring_win)
    assert duel.edge_lo <= duel.edge <= duel.edge_hi
    with pytest.raises(ValueError, match="4 and 5 players"):
        alliance_duel(3, 2, 0)


def test_the_faction_study_gives_each_faction_a_rate_with_its_interval():
    from analyzer.studies.teams import faction_rates

    result = faction_rates([3, 4], 8, 2)
    table = result.table
    assert list(table["faction"]) == ["Alliance", "Horde", "Neutral", "Alliance", "Horde"]
    assert (table["win_lo"] <= table["win_rate"]).all()
    assert (table["win_rate"] <= table["win_hi"]).all()
    assert (table.groupby("players")["wins"].sum() >= 8).all()  # a winner (or several) a game
    labels = result.seats.query("players == 4")["faction_seat"].tolist()
    assert labels == ["Alliance 1", "Horde 1", "Alliance 2", "Horde 2"]


def test_the_teams_command_writes_its_page(tmp_path):
    from typer.testing import CliRunner

    from analyzer.cli import app

    out = tmp_path / "teams"
    args = ["teams", "-p", "3,4", "-g", "6", "--duel-games", "4", "--out", out]
    done = CliRunner().invoke(app, [str(a) for a in args])
    assert done.exit_code == 0, done.output
    text = (out / "summary.md").read_text(encoding="utf-8")
    assert "## Faction win rates" in text and "| 4 | Horde |" in text
    assert "Allied bots against bots" in text
    assert text.startswith("# Battle for Azeroth") and "**As printed, at 4 players the" in text
    assert "## Where the advantage comes from" in text and "| 4 | Horde |" in text
    assert "../index.html" not in text  # not built in an index's folder
    for name in ("factions", "seats", "within", "duels", "parts", "arms"):
        assert (out / f"{name}.csv").exists()
    bad = CliRunner().invoke(app, ["teams", "--games", "0"])
    assert bad.exit_code == 2 and "--games = 0" in bad.output


def test_the_teams_command_plays_and_names_the_bots_it_is_given(tmp_path):
    from typer.testing import CliRunner

    from analyzer.cli import app

    def teams(*extra):
        args = ["teams", "-g", "6", "--duel-games", "0", *extra]
        return CliRunner().invoke(app, [str(a) for a in args])

    out = tmp_path / "t"
    done = teams("-p", "4", "--bots", "aggressive,default,random,tuned", "--out", out)
    assert done.exit_code == 0, done.output
    text = (out / "summary.md").read_text(encoding="utf-8")
    assert "4 players aggressive, default, random, tuned" in text
    plain = teams("-p", "4", "--out", tmp_path / "h")
    assert plain.exit_code == 0, plain.output
    other = pd.read_csv(out / "seats.csv").mean_vc
    assert not other.equals(pd.read_csv(tmp_path / "h" / "seats.csv").mean_vc)
    typo = teams("-p", "4", "--bots", "agressive", "--out", tmp_path / "x")
    assert typo.exit_code == 2 and "'aggressive'" in typo.output
    many = teams("-p", "4,5", "--bots", "default,random", "--out", tmp_path / "y")
    assert many.exit_code == 2 and "one player count" in many.output


def test_the_report_builds_the_team_page_for_the_variant(tmp_path):
    from typer.testing import CliRunner

    from analyzer.cli import app

    out = tmp_path / "bfa"
    args = ["report", "--variant", "bfa", "--scale", "0.0005", "--out", out]
    done = CliRunner().invoke(app, [str(a) for a in args])
    assert done.exit_code == 0, done.output
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "Faction win rates" in html and "<table>" in html
    assert "A rough run" in html and "--scale 0.0005" in html  # under the title
    assert "Combos and races in team play" in html and "team win" in html  # ruling B9
    assert (out / "combos-5p" / "combos.csv").exists() and (out / "findings.json").exists()
    bad = CliRunner().invoke(app, ["report", "--variant", "bfz"])
    assert bad.exit_code == 2 and "Did you mean 'bfa'?" in bad.output
