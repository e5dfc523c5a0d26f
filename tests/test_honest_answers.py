"""The answers name a winner only when the games tell it from the runner-up, count
house rules after correcting for the many tests, and check the rule they name; the
terminal reads at 80 columns; `analyzer --version` answers. No games are played."""

from __future__ import annotations

import math
import re

import pandas as pd
from typer.testing import CliRunner

from analyzer.report import glance
from analyzer.studies.common import named_first


def _rates(*rows):
    return pd.DataFrame([{"name": n, "wins": w, "games": g, "win_rate": w / g} for n, w, g in rows])


def test_a_winner_is_named_only_when_told_apart_from_the_runner_up():
    label = lambda r: r["name"]  # noqa: E731
    # 14.3% against 14.5% on 2,000 games each: a tie, both named with their rates
    close = _rates(("Blood Elves", 286, 2000), ("Night Elves", 290, 2000), ("Orcs", 600, 2000))
    assert named_first(close, label, "bottom") == "tied: Blood Elves 14.3%, Night Elves 14.5%"
    # 28.1% against 22.0%: told apart, named alone
    apart = _rates(("Fishing", 562, 2000), ("Battle Master", 440, 2000))
    assert named_first(apart, label) == "Fishing 28.1%"


def test_the_combo_answer_says_tied_when_the_top_two_cannot_be_told_apart(tmp_path):
    folder = tmp_path / "combos"
    folder.mkdir()
    rows = [("Orcs", "Fishing", 281, 1000), ("Naga", "Mining", 280, 1000),
            ("Gnomes", "Flying", 150, 1000)]  # fmt: skip
    pd.DataFrame(
        [{"race": r, "power": p, "wins": w, "games": g, "win_rate": w / g,
          "win_lo": w / g - 0.028, "win_hi": w / g + 0.028, "win_delta": w / g - 0.25}
         for r, p, w, g in rows]
    ).to_csv(folder / "combos.csv", index=False)  # fmt: skip
    text = glance.combos_answer(folder)
    assert text.startswith("Strongest: tied: Orcs + Fishing 28.1%, Naga + Mining 28.0%"), text
    assert "weakest: Gnomes + Flying 15.0%" in text


def test_the_house_rule_answer_counts_only_what_benjamini_hochberg_keeps(tmp_path):
    # 26 seat tests: two far beyond noise, seven just past p = 0.05 (z = 2.0), the rest
    # nothing. Uncorrected, nine would be named; corrected, the seven fall away.
    folder = tmp_path / "compare"
    folder.mkdir()
    rows = []
    for i in range(26):
        z = 6.0 if i < 2 else 2.0 if i < 9 else 0.1
        se = 0.01
        metric = ("first_seat_win", "last_seat_win")[i % 2]
        rows.append({"scenario": f"rule {i // 2}", "metric": metric,
                     "delta": z * se, "delta_lo": z * se - 1.96 * se,
                     "delta_hi": z * se + 1.96 * se, "significant": z > 1.96})  # fmt: skip
    pd.DataFrame(rows).to_csv(folder / "compare.csv", index=False)
    text = glance.house_rules_answer(folder)
    assert text.startswith("Turn order: rule 0 significantly moves"), text
    assert "Benjamini-Hochberg over its 26 seat tests" in text
    p = math.erfc(2.0 / math.sqrt(2))
    assert p < 0.05 and sum(r["significant"] for r in rows) == 9


def test_the_decline_answer_carries_only_the_robustness_mark_of_its_own_rule(tmp_path):
    decline, robustness = tmp_path / "decline", tmp_path / "robustness"
    decline.mkdir()
    robustness.mkdir()
    best = [("few", "decline_tokens = 3"), ("middle", "decline_tokens = 3")]
    pd.DataFrame(
        [{"among": "all", "group": g, "rule": r, "win_diff": 0.01, "win_diff_lo": -0.01,
          "win_diff_hi": 0.03, "beats_default": False} for g, r in best]
    ).to_csv(decline / "best.csv", index=False)  # fmt: skip
    pd.DataFrame(
        [
            ("Best decline rule (few tokens)", "decline_tokens = 3", "holds across bots", ""),
            ("Best decline rule (middle tokens)", "decline_tokens = 4", "holds across bots", ""),
        ],
        columns=["finding", "value", "mark", "detail"],
    ).to_csv(robustness / "marks.csv", index=False)
    text = glance.decline_answer(decline)
    assert "Across bots: few: holds across bots;" in text
    assert "middle tokens: not checked" in text and "checked decline_tokens = 4" in text
    assert "decline_tokens = 4: holds" not in text
    marks = pd.read_csv(robustness / "marks.csv").assign(value="decline_tokens = 3")
    marks.to_csv(robustness / "marks.csv", index=False)
    text = glance.decline_answer(decline)
    assert text.endswith("Across bots: holds across bots in each group."), text


def test_a_table_too_wide_for_the_terminal_reads_as_a_paragraph_per_row(capsys, monkeypatch):
    from analyzer.cli.studies import show_answer
    from analyzer.present.answer import AnswerTable

    monkeypatch.setenv("COLUMNS", "80")
    wide = AnswerTable(
        "The best decline rule", ("players", "group", "best rule", "win rate", "vs default (95%)",
                                  "call"),
        (("4", "few", "decline_round = 3", "66.7%", "too few games for an interval",
          "too few games to tell"),),
    )  # fmt: skip
    narrow = AnswerTable("Seats", ("seat", "win rate"), (("1", "25.0%"),))
    show_answer([wide, narrow])
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80, out
    assert "players: 4\n    group: few\n" in out and "    call: too few games to tell" in out
    assert "…" not in out  # nothing cut short
    assert " seat   win rate " in out  # a narrow one stays a table


def test_analyzer_version():
    from analyzer.cli import app

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and re.fullmatch(r"analyzer \d+\.\d+\S*\n", result.output)


def test_a_combo_is_called_only_where_its_interval_agrees_with_the_corrected_test():
    from analyzer.studies.combos import _agreeing

    labels = ["weak", "weak", "strong", "strong", ""]
    lo = [0.10, 0.20, 0.26, 0.24, 0.10]
    hi = [0.20, 0.27, 0.35, 0.33, 0.20]
    # the second's interval holds the fair 25%, as the fourth's: neither is called
    assert _agreeing(labels, lo, hi, 0.25) == ["weak", "", "strong", "", ""]
