"""The balance study in Battle for Azeroth (studies/balance_teams.py): the factions
balanced against their fair shares (ruling B10), each lever's best setting replayed on
fresh games, the smallest that lands proposed (ruling B13)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.studies.balance_teams import loss, solve_faction_coins
from analyzer.studies.team_target import fair_target, seat_coins_by_faction, victory_shares

SWOW = load_game("swow")  # the game these tests play (the default run's)

TEAM = load_game("swow", "bfa").team_play  # Battle for Azeroth's team rules


def test_the_coin_solver_aims_at_each_faction_share_not_one_over_players():
    # Ruling B13: "Alliance and Horde Factions' scores are the lowest of the two
    # player's scores. The Faction with the highest score wins": a coin for each seat of
    # a faction raises its score by one.
    # 4 players, seats Alliance 1, Horde 1, Alliance 2, Horde 2: the Horde's players
    # end 0 to 6 VC ahead, so some coins bring the Alliance to one half (not 1 / 4)
    rng = np.random.default_rng(3)
    base = rng.integers(20, 60, size=(4000, 1))
    ahead = rng.integers(0, 7, size=(4000, 1))
    vc = np.hstack([base, base + ahead, base + 1, base + ahead + 1])
    assert victory_shares(TEAM, vc, 4)[:, 2].mean() > 0.8  # the Horde (id 2) wins most
    coins = solve_faction_coins(TEAM, vc, 4)
    assert coins["Horde"] == 0 and coins["Alliance"] > 0
    extra = np.asarray(seat_coins_by_faction(TEAM, 4, coins))
    shares = victory_shares(TEAM, vc + extra[None, :], 4).mean(axis=0)
    assert fair_target(TEAM, 4).by_faction == {"Alliance": 0.5, "Horde": 0.5}
    assert abs(shares[1] - 0.5) < 0.1 and abs(shares[2] - 0.5) < 0.1
    # the loss measures against one half: zero at even shares, not at a quarter each
    assert loss(TEAM, np.array([[0.0, 0.5, 0.5]]), 4) == 0
    assert loss(TEAM, np.array([[0.0, 0.25, 0.25]]), 4) == pytest.approx(2 * 0.25**2)


def test_balance_of_the_team_variant_writes_a_verified_row_per_faction(tmp_path):
    out = tmp_path / "balance"
    args = ["balance", "--variant", "bfa", "--players", "4", "--seat-games", "100",
            "--out", str(out)]  # fmt: skip
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    verified = pd.read_csv(out / "verified.csv")
    proposed = verified[verified.proposed]
    assert sorted(proposed.faction) == ["Alliance", "Horde"]
    assert (proposed.fair == 0.5).all() and proposed.change.nunique() == 1
    assert {"printed_share", "share_lo", "share_hi", "lands"} <= set(verified.columns)
    assert set(verified.lever) <= {"coins", "faction_bonus", "banners"}
    assert "As printed, at 4 players" in (out / "summary.md").read_text(encoding="utf-8")
    # the change as a scenario of the variant, which `analyzer compare` loads
    from analyzer.scenario import load_scenario
    from analyzer.studies.common import team_variant

    changed = load_scenario(out / "suggested.toml", load_game("swow")).tables()
    assert team_variant(changed) and 'variant = "bfa"' in (out / "suggested.toml").read_text()
    # the confirm study reads the proposed change as a claim of its own
    from analyzer.rulesets.swow.tables import default_tables
    from analyzer.studies.confirm_claims import read_claims

    claims = read_claims(tmp_path, 4, default_tables(), 0, 1, game=SWOW).claims
    fix = [c for c in claims if c.kind == "teamfix"]
    assert len(fix) == 1 and fix[0].faction in ("Alliance", "Horde") and fix[0].parameters
    confirmed = tmp_path / "confirm"
    args = ["confirm", "--from", str(tmp_path), "--strong", "heuristic", "--games", "20",
            "--team-games", "0", "--out", str(confirmed)]  # fmt: skip
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    row = pd.read_csv(confirmed / "confirm.csv").set_index("kind").loc["teamfix"]
    assert row.games == 20 and row.lo <= row.value <= row.hi and "team variant" in row.field
    # the team page opens with it
    page = tmp_path / "teams"
    args = ["teams", "-p", "4", "--games", "20", "--duel-games", "0", "--no-parts",
            "--fix-from", str(out), "--out", str(page)]  # fmt: skip
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    text = (page / "summary.md").read_text(encoding="utf-8")
    assert text.index("with this change") < text.index("## Faction win rates")
    bad = CliRunner().invoke(app, ["teams", "--fix-from", str(tmp_path), "--out", str(page)])
    assert bad.exit_code == 2 and "--fix-from" in bad.output


def test_the_team_balance_refuses_what_it_cannot_answer(tmp_path):
    from analyzer.errors import InputError
    from analyzer.rulesets.swow.tables import default_tables
    from analyzer.studies.balance_curves import refuse_team_variant
    from analyzer.studies.plans.balance import check_team_balance
    from analyzer.variants import with_variant

    # the races' and powers' numbers still aim at one seat's own win: refused there
    with pytest.raises(InputError, match="not meaningful in the team variant"):
        refuse_team_variant(with_variant(default_tables(), "bfa"))
    with pytest.raises(InputError, match="--seat-games"):
        check_team_balance(4, 50)
    done = CliRunner().invoke(
        app, ["balance", "--variant", "bfa", "--seat-games", "10", "--out", str(tmp_path / "b")]
    )
    assert done.exit_code == 2 and "--seat-games" in done.output
    assert not (tmp_path / "b").exists()
