"""The headline tables a study prints when it is done: the ends of the combo table,
the best decline rule, the seat advantage and the suggested numbers, each rate with
its interval and games, and a call only where the games make one."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd

from analyzer.present.answer import AnswerTable
from analyzer.stats import wilson
from analyzer.studies import headlines


def _combos(n):
    wins = np.arange(n)  # combo i won i of 40 games
    lo, hi = wilson(wins, 40)
    return pd.DataFrame({
        "race": [f"Race{i}" for i in range(n)], "power": "Power", "games": 40,
        "win_rate": wins / 40, "win_lo": lo, "win_hi": hi,
        "win_delta": wins / 40 - wins.mean() / 40,
        "significant": ["weak"] + [""] * (n - 2) + ["strong"],
    })  # fmt: skip


def test_the_combo_table_shows_both_ends_strongest_first():
    t = headlines.combos_table(
        SimpleNamespace(combos=_combos(30), n_players=4, policies=("heuristic",) * 4)
    )
    names = [row[0] for row in t.rows]
    assert names[:3] == ["Race29 + Power", "Race28 + Power", "Race27 + Power"]
    assert names[headlines.SHOWN] == "..." and names[-1] == "Race0 + Power"
    assert len(t.rows) == 2 * headlines.SHOWN + 1
    assert (
        t.rows[0][-1] == "strong"
        and t.rows[-1][-1] == "weak"
        and t.rows[1][-1] == "too few games to tell"
    )
    assert t.rows[0][1:4] == ("40", "72.5%", "57.2 to 83.9%")  # 29 of 40, Wilson
    assert "heuristic" in t.note
    # a narrow interval that leaves the test unmoved is a call too: about average
    assert headlines._call("", 0.22, 0.27) == "about average"
    assert headlines._call("", 0.15, 0.27) == "too few games to tell"
    frame = t.frame()
    assert list(frame.columns) == list(t.columns) and len(frame) == len(t.rows)
    small = headlines.combos_table(
        SimpleNamespace(combos=_combos(6), n_players=4, policies=("random",))
    )
    assert "..." not in [row[0] for row in small.rows] and len(small.rows) == 6


def test_the_decline_table_says_too_few_games_unless_the_rule_beats_the_default():
    best = pd.DataFrame({
        "players": 4, "group": ["few", "few", "many", "middle"],
        "among": ["all", "decline_round", "all", "all"],
        "rule": ["decline_tokens = 3", "decline_round = 4", "decline_round = 4",
                 "decline_tokens = 5"],
        "games": 150, "win_rate": 0.3, "win_lo": 0.23, "win_hi": 0.38,
        "win_diff_lo": [0.02, -0.01, 0.03, np.nan], "win_diff_hi": [0.18, 0.1, 0.2, np.nan],
        "is_default": [False, False, False, True], "beats_default": [False, False, True, False],
    })  # fmt: skip
    t = headlines.decline_table(SimpleNamespace(best=best))
    assert [row[1] for row in t.rows] == ["few", "many", "middle"]  # the best over both families
    calls = [row[-1] for row in t.rows]
    assert calls == ["too few games to tell", "beats the default", "the default is best"]
    assert t.rows[0][3:5] == ("30.0%", "+2.0 to +18.0")
    assert "150 games per rule" in t.title


def test_the_seat_table_calls_a_seat_only_when_its_interval_leaves_fair():
    seats = pd.DataFrame({
        "players": 3, "seat": [1, 2, 3], "games": 600, "win_rate": [0.30, 0.31, 0.39],
        "win_lo": 0.27, "win_hi": 0.42, "advantage": [-0.03, -0.02, 0.05],
        "advantage_lo": [-0.07, -0.04, 0.01], "advantage_hi": [0.01, 0.01, 0.09],
        "significant": [False, False, True],
    })  # fmt: skip
    t = headlines.seats_table(SimpleNamespace(seats=seats))
    assert [row[-1] for row in t.rows] == ["too few games to tell", "about fair", "ahead"]
    assert t.rows[2][3:5] == ("39.0%", "+5.0 (+1.0 to +9.0)")


def test_a_command_prints_its_headline_table(tmp_path):
    from typer.testing import CliRunner

    from analyzer.cli import app

    out = tmp_path / "combos"
    result = CliRunner().invoke(app, ["combos", "-p", "3", "-g", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Strongest and weakest of 320 combos, 3 players" in result.output
    assert "95% interval" in result.output and "too few games to tell" in result.output
    assert isinstance(AnswerTable("t", ("a",), (("1",),)).text(), str)


def test_the_balance_table_lists_only_the_numbers_it_moves():
    table = pd.DataFrame({
        "kind": ["race", "race", "power"], "name": ["Tauren", "Orcs", "Sailing"],
        "printed": [11, 6, 5], "suggested": [7, 6, 8], "games": [200, 200, 160],
        "win_rate": [0.48, 0.25, 0.21], "win_lo": [0.41, 0.19, 0.16], "win_hi": [0.55, 0.32, 0.28],
        # the suggested number's replay on fresh games (verified.csv's rows)
        "verified_games": [2000, np.nan, 1600], "verified_rate": [0.26, np.nan, 0.19],
        "verified_lo": [0.24, np.nan, 0.17], "verified_hi": [0.28, np.nan, 0.21],
        "lands": ["yes", "", "no"],
    })  # fmt: skip
    t = headlines.balance_table(SimpleNamespace(table=table, n_players=4, fair=0.25))
    assert t.rows == (
        ("Tauren (race)", "11 -> 7", "200", "48.0% (41.0 to 55.0%)",
         "26.0% (24.0 to 28.0%) on 2,000 games, lands"),
        ("Sailing (power)", "5 -> 8", "160", "21.0% (16.0 to 28.0%)",
         "19.0% (17.0 to 21.0%) on 1,600 games, misses"),
    )  # fmt: skip
    assert "suggested number replayed (95%)" in t.columns
    assert "2 of 3 moved" in t.title and "fair share 25.0%" in t.note


def test_the_teams_table_gives_each_faction_its_interval():
    table = pd.DataFrame({
        "players": [4, 4], "faction": ["Alliance", "Horde"], "games": [300, 300],
        "wins": [52, 248], "win_rate": [52 / 300, 248 / 300],
        "win_lo": wilson(52, 300)[0], "win_hi": wilson(52, 300)[1],
    })  # fmt: skip
    t = headlines.teams_table(SimpleNamespace(table=table))
    assert t.rows[0] == ("4", "Alliance", "300", "17.3% (13.5 to 22.0%)")


def test_the_tournament_table_ranks_the_bots_with_their_intervals():
    ratings = pd.DataFrame({
        "bot": ["aggressive", "random"], "rating": [306.0, -601.0], "rating_lo": [261.0, -683.0],
        "rating_hi": [363.0, -521.0], "seat_games": [180, 180], "win_rate": [0.517, 0.0],
        "win_lo": [0.444, 0.0], "win_hi": [0.589, 0.021],
    })  # fmt: skip
    result = SimpleNamespace(ratings=ratings, players=3, bots=("aggressive", "random"))
    t = headlines.tournament_table(result)
    assert [row[0] for row in t.rows] == ["aggressive", "random"]
    assert t.rows[0][2:] == ("180", "51.7% (44.4 to 58.9%)")
    assert t.rows[0][1] == "+306 (+261 to +363)"
