"""The confirm study (analyzer confirm): each headline finding of a report's folder
played again with strong bots, and a verdict; and how exploitable a field of bots is
(studies/exploit.py, in the robustness study). Small games: the heuristic stands in
for the strong bot where only the plumbing is tested."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.precision import TOO_FEW
from analyzer.studies.confirm import HOLDS, REVERSES, VERDICTS, WEAKER, verdict
from analyzer.studies.confirm_claims import Claim

SWOW = load_game("swow")  # the game these tests play (the default run's)

runner = CliRunner()
REQUIRED = ["finding", "claim", "field", "games", "value", "lo", "hi", "verdict"]


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


# ------------------------------------------------------------------ verdicts
@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [
        (0.30, 0.45, HOLDS),  # above the fair share, reaching the reference's 33 to 37%
        (0.31, 0.34, HOLDS),  # reaches the low end of the reference's interval
        (0.27, 0.31, WEAKER),  # above the fair share, but below the reference's 33%
        (0.20, 0.30, WEAKER),  # not told from no effect, and clearly below 33%
        (0.10, 0.20, REVERSES),  # below the fair share: the other side
        (0.20, 0.40, TOO_FEW),  # holds both the fair share and the reference's 33%
        (np.nan, np.nan, TOO_FEW),  # no interval at all
    ],
)
def test_a_verdict_compares_the_interval_with_no_effect_and_the_reference(lo, hi, expected):
    strongest = Claim("Strongest race: X", "X wins more", "forced", 4, 0.25, 1, 0.35, 0.33, 0.37)
    assert verdict(strongest, lo, hi) == expected
    # the same for a claim on the low side, mirrored around the fair share
    weakest = Claim("Weakest race: Y", "Y wins less", "forced", 4, 0.25, -1, 0.15, 0.13, 0.17)
    assert verdict(weakest, 0.5 - hi, 0.5 - lo) == expected


# ------------------------------------------------------------------ a report folder
def _folder(root, tables):
    """A report page's tables, as its studies write them, for 2 and 3 players' seats, a
    decline group of two combos and one balance change (numbers made up)."""
    from analyzer.studies.combos import allowed_combos

    pairs = np.array(allowed_combos(tables), np.int64).reshape(-1, 2)[:6]
    races, powers = tables.race_names, tables.power_names
    combos = pd.DataFrame({
        "race": [races[r] for r in pairs[:, 0]], "power": [powers[p] for p in pairs[:, 1]],
        "race_id": pairs[:, 0], "power_id": pairs[:, 1], "games": 100,
        "win_rate": np.linspace(0.3, 0.7, len(pairs)), "win_lo": 0.2, "win_hi": 0.8,
        "bots": "heuristic,heuristic",
    })  # fmt: skip
    for kind in ("race", "power"):
        t = combos.groupby(kind, as_index=False).agg(
            games=("games", "sum"), win_rate=("win_rate", "mean")
        )
        t["win_lo"], t["win_hi"] = t.win_rate - 0.05, t.win_rate + 0.05
        (root / "combos").mkdir(parents=True, exist_ok=True)
        t.to_csv(root / "combos" / f"{kind}s.csv", index=False)
    combos.to_csv(root / "combos" / "combos.csv", index=False)
    (root / "players").mkdir()
    pd.DataFrame({"players": [2, 2, 3, 3, 3], "seat": [1, 2, 1, 2, 3], "games": 500,
                  "win_rate": [0.45, 0.55, 0.30, 0.33, 0.37], "win_lo": 0.1,
                  "win_hi": 0.6}).to_csv(root / "players" / "seats.csv", index=False)  # fmt: skip
    (root / "decline").mkdir()
    rule = {"players": 2, "group": "few", "family": "decline_round", "value": 3}
    pd.DataFrame(
        [
            {
                **rule,
                "among": "all",
                "rule": "decline_round = 3",
                "games": 200,
                "win_diff": 0.04,
                "win_diff_lo": 0.01,
                "win_diff_hi": 0.07,
                "is_default": False,
            }
        ]
    ).to_csv(root / "decline" / "best.csv", index=False)
    pd.DataFrame([{**rule, "is_default": False, "win_rate": 0.5, "mean_vc": 60.0,
                   "win_vs_default": 0.04, "win_vs_default_lo": 0.01,
                   "win_vs_default_hi": 0.07}]).to_csv(root / "decline" / "decline.csv",
                                                       index=False)  # fmt: skip
    names = ", ".join(f"{races[r]}+{powers[p]}" for r, p in pairs[:2])
    pd.DataFrame([{"players": 2, "group": "few", "names": names}]).to_csv(
        root / "decline" / "groups.csv", index=False
    )
    (root / "balance").mkdir()
    r = int(pairs[0, 0])
    change = {"kind": "race", "name": races[r], "id": r, "printed": 5, "suggested": 6}
    pd.DataFrame([{**change, "games": 300, "win_rate": 0.40, "win_lo": 0.35, "win_hi": 0.45}]
                 ).to_csv(root / "balance" / "balance.csv", index=False)  # fmt: skip
    return root


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The study on a made-up folder, the heuristic in every seat, 6 games a finding."""
    from analyzer.rulesets.swow.tables import default_tables
    from analyzer.studies.confirm import run_confirm
    from analyzer.studies.settings import ConfirmSettings

    tables = default_tables()
    folder = _folder(tmp_path_factory.mktemp("page"), tables)
    settings = ConfirmSettings(2, "heuristic", 6, 3, str(folder), 20, tables=tables, game=SWOW)
    return settings, run_confirm(settings)


def test_every_headline_finding_gets_a_strong_play_value_and_a_verdict(played):
    _, result = played
    t = result.table
    assert list(t.columns[: len(REQUIRED)]) == REQUIRED
    kinds = dict(zip(t.finding, t.kind, strict=True))
    assert sorted(set(kinds.values())) == ["forced", "rule", "seats", "tables", "team"]
    assert sum(k == "forced" for k in kinds.values()) == 6  # race, power, combo at both ends
    assert {f for f in kinds if f.startswith("Seat order")} == {
        "Seat order, 2 players: seat 2 over seat 1", "Seat order, 3 players: seat 3 over seat 1",
    }  # fmt: skip
    assert set(t.verdict) <= set(VERDICTS) and (t.games == 6).all()
    assert t.field.str.contains("heuristic").all()
    forced = t[t.kind == "forced"]
    assert ((forced.value >= 0) & (forced.value <= 1)).all()


def test_the_same_seed_gives_the_same_table(played):
    from analyzer.studies import confirm

    settings, result = played
    again = confirm.run_confirm(settings)
    pd.testing.assert_frame_equal(result.table, again.table, check_exact=True)


def test_the_command_writes_confirm_csv_and_refuses_bad_input(tmp_path):
    from analyzer.rulesets.swow.tables import default_tables

    folder = _folder(tmp_path / "page", default_tables())
    out = tmp_path / "out"
    result = run("confirm", "--from", folder, "--strong", "heuristic", "-g", 2, "-p", 2,
                 "--team-games", 0, "--balance-changes", 1, "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.output
    table = pd.read_csv(out / "confirm.csv")
    assert list(table.columns[: len(REQUIRED)]) == REQUIRED
    assert "Verdicts:" in result.output and (out / "summary.md").exists()
    bad = run("confirm", "--from", folder, "--strong", "lookahed", "--out", tmp_path / "x")
    assert bad.exit_code == 2 and "'lookahead'" in bad.output
    empty = run("confirm", "--from", tmp_path / "nothing", "--out", tmp_path / "y")
    assert empty.exit_code == 2 and "--from" in empty.output
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


# ------------------------------------------------------------------ exploitability
def test_a_responder_beats_a_random_field_and_the_table_names_only_a_clear_winner():
    from analyzer.rulesets.swow.tables import default_tables
    from analyzer.studies.exploit import exploit_table, hardest

    fields = [("all random", ("random",) * 2), ("all heuristic", ("heuristic",) * 2)]
    t = exploit_table(fields, "heuristic", 2, 60, 4, default_tables())
    assert list(t.games) == [60, 60] and (t.win_lo <= t.win_rate).all()
    random_field = t.set_index("field").loc["all random"]
    assert random_field.win_lo > 0.5  # the heuristic beats random bots
    assert hardest(t)[0] == "all heuristic"
    overlapping = t.assign(win_lo=0.4, win_hi=0.9)
    assert hardest(overlapping)[0] is None


def test_the_report_answers_show_the_strong_play_verdict_beside_them(tmp_path):
    from analyzer.report.glance import combos_answer, seats_answer

    (tmp_path / "combos").mkdir()
    pd.DataFrame({"race": ["A", "B"], "power": ["X", "Y"], "win_rate": [0.4, 0.1],
                  "win_lo": [0.38, 0.08], "win_hi": [0.42, 0.12], "win_delta": [0.15, -0.15],
                  "games": [1000, 1000], "wins": [400, 100]}
                 ).to_csv(tmp_path / "combos" / "combos.csv")  # fmt: skip
    assert "strong play" not in combos_answer(tmp_path / "combos")
    (tmp_path / "confirm").mkdir()
    field = "lookahead in every seat"
    pd.DataFrame({"finding": ["Strongest race: A", "Weakest race: B", "Seat order, 4 players"],
                  "field": field, "verdict": [HOLDS, WEAKER, REVERSES]}).to_csv(
        tmp_path / "confirm" / "confirm.csv")  # fmt: skip
    text = combos_answer(tmp_path / "combos")
    assert f"With strong play ({field}): race: A: holds; race: B: weaker" in text
    assert seats_answer(tmp_path / "players") is None  # no seat table: no answer at all
