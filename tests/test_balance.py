"""The balance solver (analyzer/studies/balance.py): it recovers a planted imbalance,
leaves a fair number alone, finds a known seat handicap, and writes a suggestion that
loads and validates as a scenario."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest
from intervals import impossible_numbers
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.errors import InputError
from analyzer.rulesets.swow.tables import compile_tables, default_tables
from analyzer.stats import fit_logistic, solve_logistic, wilson
from analyzer.studies import balance as B
from analyzer.studies.balance_seats import solve_seat_coins_resampled

SWOW = load_game("swow")  # the game these tests play (the default run's)

runner = CliRunner()
FORSAKEN = 4  # ids.FORSAKEN: a box of 20, room for a planted +3


def test_logistic_fit_recovers_a_known_curve():
    x = np.arange(-3, 4)
    games = np.full(x.size, 10**7)
    p = 1 / (1 + np.exp(-(-1.0 + 0.3 * x)))
    beta, cov = fit_logistic(x, np.round(p * games), games)
    assert beta == pytest.approx([-1.0, 0.3], abs=1e-3)
    at, lo, hi = solve_logistic(beta, cov, 0.25)
    assert at == pytest.approx((np.log(1 / 3) + 1.0) / 0.3, abs=0.01)
    assert lo < at < hi


def _suggestion(tables, gpc=60):
    player = B.ComboPlayer(4, gpc, 1, ("heuristic",) * 4, game=SWOW)
    outcomes = {}
    rows = B.sweep(player, tables, "race", B.OFFSETS, only=[FORSAKEN], outcomes=outcomes)
    curves = pd.DataFrame(rows)
    return B.suggest(curves, outcomes, tables, 0.25, 1)[0].iloc[0], curves


def curve_of(rates, games: int, kind="power", i=8, name="Farmer", printed=4):
    """A curve at offsets -3..3 whose games are common random numbers: game g wins at
    every offset where its one uniform draw is below that offset's rate."""
    offsets = np.arange(-3, 4)
    u = np.random.default_rng(5).random(games)
    won = (u[None, :] < np.asarray(rates)[:, None]).astype(np.int8)
    wins = won.sum(1)
    curves = pd.DataFrame(
        {"kind": kind, "id": i, "name": name, "printed": printed, "offset": offsets,
         "tokens": printed + offsets, "games": games, "wins": wins, "win_rate": wins / games,
         "win_lo": wins / games - 0.003, "win_hi": wins / games + 0.003}
    )  # fmt: skip
    outcomes = {(kind, i, int(o)): won[k] for k, o in enumerate(offsets)}
    return curves, outcomes


def test_a_planted_imbalance_is_recovered():
    tables = default_tables()
    banners = list(tables.parameters.banners)
    banners[FORSAKEN] += 3
    planted = compile_tables(
        tables.ruleset, tables.faces, dataclasses.replace(tables.parameters, banners=tuple(banners))
    )
    before, _ = _suggestion(tables)
    after, curves = _suggestion(planted)
    # Three tokens more on the banner: the same fair number, so three tokens fewer.
    assert after.printed == before.printed + 3
    assert before.fair_lo <= after.fair_tokens <= before.fair_hi
    assert after.change - before.change in (-4, -3, -2)
    assert abs(after.suggested - before.suggested) <= 1
    # The curve was extended towards the crossing (below the grid around the planted 9).
    assert curves.tokens.min() < after.printed - 3


def test_a_fair_number_gets_no_change():
    # A curve that crosses the fair share exactly at the printed number.
    rate = 1 / (1 + np.exp(-(np.log(1 / 3) + 0.25 * np.arange(-3, 4))))
    curves, outcomes = curve_of(rate, 100_000)
    curves["win_lo"], curves["win_hi"] = wilson(curves.wins, curves.games)
    row = B.suggest(curves, outcomes, default_tables(), 0.25, 1)[0].iloc[0]
    assert row.change == 0 and row.suggested == 4
    assert row.note.startswith("no change")  # its win rate's interval holds 25%


def test_a_steep_curve_is_moved_to_the_whole_number_nearest_its_crossing():
    rate = 1 / (1 + np.exp(-(np.log(1 / 3) - 0.5 + 0.25 * np.arange(-3, 4))))  # fair at +2
    curves, outcomes = curve_of(rate, 20_000)
    curves["win_lo"], curves["win_hi"] = wilson(curves.wins, curves.games)
    table, predicted = B.suggest(curves, outcomes, default_tables(), 0.25, 1)
    row = table.iloc[0]
    assert row.reaches_fair and row.suggested == 6 and row.fair_lo < 6 < row.fair_hi
    assert row.slope_lo > 0
    # the predicted rate at each whole number near the crossing, 25% between its ends
    assert list(predicted.tokens) == [5, 6, 7]
    at6 = predicted[predicted.tokens == 6].iloc[0]
    assert at6.predicted_lo < 0.25 < at6.predicted_hi
    # another target: a higher fair share needs more tokens
    higher = B.suggest(curves, outcomes, default_tables(), 0.30, 1)[0].iloc[0]
    assert higher.fair_tokens == pytest.approx(row.fair_tokens + 1.0, abs=0.15)  # logit step


def test_a_power_strong_at_any_count_gets_no_fix_in_the_box():
    curves, outcomes = curve_of(np.full(7, 0.40), 10_000)  # the tokens change nothing
    curves["win_lo"], curves["win_hi"] = wilson(curves.wins, curves.games)
    row = B.suggest(curves, outcomes, default_tables(), 0.25, 1)[0].iloc[0]
    assert not row.reaches_fair and row.suggested == row.printed  # never a fix
    assert row.note.startswith("no token number in the box fixes it")
    assert row.slope_lo <= 0 <= row.slope_hi


def test_the_seat_solver_finds_a_known_handicap():
    rng = np.random.default_rng(3)
    vc = rng.integers(60, 100, (20000, 4))
    vc[:, 0] -= 3  # the first seat scores three fewer, all else alike
    tokens = np.zeros_like(vc)
    coins = B.solve_seat_coins(vc, tokens)
    assert coins[0] in (2, 3, 4) and max(coins[1:]) <= 1 and min(coins) == 0


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_resampled_seat_solver_finds_the_coins_of_each_resample_alone(n):
    for seed in range(4):
        rng = np.random.default_rng([seed, n])
        games = 60 + 40 * seed
        vc = rng.integers(8, 16, (games, n))  # a narrow range: ties, broken by tokens
        vc[:, 0] -= seed % 3  # a handicap for the first seat on some seeds
        tokens = rng.integers(0, 3, (games, n))
        draws = rng.integers(0, games, (12, games))
        for span in (3, None):
            alone = np.stack([B.solve_seat_coins(vc[d], tokens[d], span=span) for d in draws])
            fast = solve_seat_coins_resampled(vc, tokens, draws, span=span)
            assert fast.dtype == alone.dtype and np.array_equal(fast, alone), (seed, span)


def test_the_suggestion_is_a_scenario_that_loads_and_validates(tmp_path):
    from analyzer.scenario import load_scenario

    tables = default_tables()
    changes = {("race", 13): 8, ("power", 3): 3}  # Tauren 11 -> 8, Blacksmith 4 -> 3
    text = B.suggestion_toml(tables, changes, 4, ("heuristic",) * 4, None, None)
    path = tmp_path / "suggested.toml"
    path.write_text(text, encoding="utf-8")
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
    sc = load_scenario(path, load_game("swow"))
    p = tables.parameters
    banners, badges = list(p.banners), list(p.badges)
    banners[13], badges[3] = 8, 3
    expected = dataclasses.replace(p, banners=tuple(banners), badges=tuple(badges))
    assert sc.parameters == expected  # every other rule exactly as it was
    assert sc.policies == ("heuristic",) * 4


def test_cli_writes_the_study_and_refuses_bad_options(tmp_path):
    bad = runner.invoke(app, ["balance", "--rounds", "9"])
    assert bad.exit_code == 2 and "--rounds" in bad.stderr
    bad = runner.invoke(app, ["balance", "--games-per-combo", "5"])
    assert bad.exit_code == 2 and "--games-per-combo" in bad.stderr
    with pytest.raises(InputError, match="fair"):
        B.check_balance(4, 150, 1, 0, 10, fair=1.5)
    out = tmp_path / "balance"
    args = ["balance", "--games-per-combo", "10", "--seat-players", "2", "--seat-games", "300",
            "--check-games-per-combo", "2", "--rounds", "1", "--out", str(out)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    names = {p.name for p in out.iterdir()}
    for name in ("balance.csv", "curves.csv", "seats.csv", "sensitivity.csv", "spread.csv",
                 "curves-races.png", "curves-powers.png", "seats.png", "suggested.toml",
                 "summary.md", "verified.csv", "predicted.csv"):  # fmt: skip
        assert name in names, name
    table = pd.read_csv(out / "balance.csv")
    assert len(table) == 16 + 20
    assert set(table.kind) == {"race", "power"}
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "How far each estimated number moves the answers" in summary
    assert "`powers.fishing.badge`" in summary
    # tiny counts: no interval without width ("0 (0 to 0)") nor a missing end ("nan")
    assert impossible_numbers(summary) == [] and impossible_numbers(result.output) == []
    assert "suggested number replayed (95%)" in result.output
    assert runner.invoke(app, ["validate", str(out / "suggested.toml")]).exit_code == 0
    # Same seed, same bytes: the tables of a second run match the first to the byte.
    again = tmp_path / "again"
    assert runner.invoke(app, [*args[:-1], str(again)]).exit_code == 0
    verified = pd.read_csv(out / "verified.csv")
    assert list(verified.columns[:11]) == list(B.VERIFIED_COLUMNS)
    # one number per item: the table, the verified rows and the suggestion agree
    t = table.set_index(["kind", "name"])
    for r in verified.itertuples():
        assert t.loc[(r.kind, r.name), "suggested"] == r.suggested
    from analyzer.report.glance import balance_answer
    from analyzer.scenario import load_scenario

    card = balance_answer(out)
    for r in table[table.suggested != table.printed].itertuples():
        assert f"{r.name} {r.printed} → {r.suggested}" in summary  # findings and tables
        assert r.name not in card or f"{r.name} {r.printed}→{r.suggested}" in card
    assert "first seat's win rate minus the last seat's" in card

    suggested = load_scenario(out / "suggested.toml", load_game("swow")).parameters
    races = table[table.kind == "race"]
    assert [suggested.banners[int(i)] for i in races.id] == list(races.suggested)
    for name in ("balance", "curves", "spread", "seats", "sensitivity", "whole_table",
                 "verified", "predicted"):  # fmt: skip
        first = (out / f"{name}.csv").read_bytes()
        assert first == (again / f"{name}.csv").read_bytes(), name
    assert set(pd.read_csv(out / "spread.csv").file) == {"suggested.toml"}
