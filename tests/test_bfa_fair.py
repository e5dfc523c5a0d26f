"""Battle for Azeroth's fair target (studies/team_target.py, ruling B10) and the team
study's parts of each faction's advantage (studies/teams_parts.py)."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer import load_game
from analyzer.rulesets.swow.ids import ALLIANCE, FACTIONS, HORDE, NEUTRAL
from analyzer.studies.team_target import (
    faction_shares,
    fair_target,
    mean_scored_shares,
    seat_outcomes,
    victory_shares,
)

TEAM = load_game("swow", "bfa").team_play  # Battle for Azeroth's team rules


@pytest.mark.parametrize(("n", "share"), [(2, 1 / 2), (3, 1 / 3), (4, 1 / 2), (5, 1 / 3)])
def test_each_faction_at_the_table_has_an_equal_share(n, share):
    target = fair_target(TEAM, n)
    factions = {FACTIONS[f] for f in target.factions}
    assert factions == ({"Alliance", "Horde"} | ({"Neutral"} if n in (3, 5) else set()))
    assert all(v == pytest.approx(share) for v in target.by_faction.values())
    assert target.by_seat == (pytest.approx(share),) * n
    assert sum(target.by_faction.values()) == pytest.approx(1.0)


def test_a_shared_victory_is_split_between_the_factions_that_share_it():
    """ "If Factions are still tied, they share the victory": each gets half of it,
    so every game hands out one victory."""
    vc = np.array([[60, 70, 80, 70], [70, 60, 80, 90], [70, 70, 90, 90]])  # A1 H1 A2 H2
    shares = victory_shares(TEAM, vc, 4)
    assert shares[:, ALLIANCE].tolist() == [0.0, 1.0, 0.5]  # 60-70; 70-60; 70 = 70, 90 = 90
    assert shares[:, HORDE].tolist() == [1.0, 0.0, 0.5]
    assert np.allclose(shares.sum(axis=1), 1.0)
    assert seat_outcomes(TEAM, vc, 4).tolist() == [[0, 1, 0, 1], [1, 0, 1, 0], [0.5] * 4]


def test_the_sheets_example_and_its_mean_scored_counterpart():
    """The sheet: Alliance 51 and 88, Horde 79 and 72, Neutral 67: "The Horde wins with
    72". Scored with each faction's mean VC instead (the study's team-scoring arm) the
    Horde's 75.5 still beats the Alliance's 69.5 and the Neutral's 67."""
    vc = np.array([[51, 79, 67, 88, 72]])
    assert victory_shares(TEAM, vc, 5)[0, HORDE] == 1.0
    assert mean_scored_shares(TEAM, vc, 5)[0, HORDE] == 1.0
    low_neutral = np.array([[51, 79, 74, 88, 72]])  # 74 beats the Horde's lower 72
    assert victory_shares(TEAM, low_neutral, 5)[0, NEUTRAL] == 1.0
    assert mean_scored_shares(TEAM, low_neutral, 5)[0, HORDE] == 1.0  # not its mean of 75.5


def test_faction_shares_say_whether_the_interval_holds_the_fair_share():
    even = np.array([[70, 60], [60, 70]] * 50)
    table = faction_shares(TEAM, even, 2).set_index("faction")
    assert table.loc["Alliance", "share"] == pytest.approx(0.5)
    assert bool(table.loc["Alliance", "holds_fair"]) and table.loc["Horde", "off_fair"] == 0
    lopsided = np.array([[60, 70]] * 90 + [[70, 60]] * 10)
    table = faction_shares(TEAM, lopsided, 2).set_index("faction")
    assert table.loc["Horde", "share"] == pytest.approx(0.9)
    assert not table.loc["Horde", "holds_fair"]
    assert table.loc["Horde", "share_lo"] > 0.5


def test_exchanged_seats_read_the_seats_factions_the_other_way():
    vc = np.array([[80, 70]])  # seat 0 wins: the Alliance as printed, the Horde exchanged
    assert victory_shares(TEAM, vc, 2)[0, ALLIANCE] == 1.0
    assert victory_shares(TEAM, vc, 2, exchanged=True)[0, HORDE] == 1.0


def test_the_parts_add_up_to_each_factions_excess():
    from analyzer.studies.teams import faction_rates

    result = faction_rates([2, 5], 6, 3, parts=True, game=load_game("swow"))
    table = result.parts.table.set_index(["players", "faction", "part"]).estimate
    for n, faction in [(2, "Horde"), (5, "Neutral"), (5, "Alliance")]:
        whole = table[(n, faction, "excess")]
        assert table[(n, faction, "seat order")] + table[(n, faction, "races")] == (
            pytest.approx(whole)
        )
    assert (5, "Horde", "team scoring") in table.index
    assert (2, "Horde", "team scoring") not in table.index  # one player a faction
    arms = result.parts.arms
    printed = arms[arms.arm == "printed"].set_index(["players", "faction"]).share
    shares = result.table.set_index(["players", "faction"]).share
    assert np.allclose(printed.loc[shares.index], shares)  # the printed games reused
    assert set(arms.arm) == {"printed", "seats exchanged", "no Faction Bonus", "mean team score"}
    races = result.parts.races
    assert set(races[races.players == 2].faction) <= {"Alliance", "Horde"}  # no Neutral seat
    tauren = races[races.race == "Tauren"]
    assert (tauren.banner == 11).all() and (races.vc_per_pick >= 0).all()
    assert (races.groupby("players").picks_per_game.sum() >= 2).all()  # a pick a seat at least


def test_the_teams_command_plays_the_exchanged_seating_and_refuses_an_unknown_one(tmp_path):
    import pandas as pd
    from typer.testing import CliRunner

    from analyzer.cli import app

    def teams(*extra):
        args = ["teams", "-p", "2", "-g", "6", "--duel-games", "0", *extra]
        return CliRunner().invoke(app, [str(a) for a in args])

    out = tmp_path / "x"
    done = teams("--seating", "exchanged", "--no-parts", "--out", out)
    assert done.exit_code == 0, done.output
    text = (out / "summary.md").read_text(encoding="utf-8")
    assert "**With the Alliance's and the Horde's seats exchanged" in text
    assert "Where the advantage comes from" not in text and not (out / "parts.csv").exists()
    seats = pd.read_csv(out / "seats.csv")
    assert seats.faction_seat.tolist() == ["Horde 1", "Alliance 1"]
    typo = teams("--seating", "exchnged", "--out", tmp_path / "y")
    assert typo.exit_code == 2 and "--seating" in typo.output and "'exchanged'" in typo.output
