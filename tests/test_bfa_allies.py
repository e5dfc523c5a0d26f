"""Battle for Azeroth's allied bots (issue 12 item 4): who a seat's ally is, and the
heuristic's `ally_care` (0: the alliance is ignored)."""

from __future__ import annotations

import pandas as pd
import pytest
from builder import Position
from kernels import (
    ally_of,
    compute_targets,
    end_of_turn,
    heuristic_artifact_region,
    heuristic_champion,
    heuristic_intimidation,
    heuristic_target,
)

from analyzer import load_game
from analyzer.engine import layout as L
from analyzer.rulesets.swow.ids import (
    CHAMPIONING,
    DWARVES,
    GNOMES,
    GOBLINS,
    HEART,
    HUMANS,
    INTIMIDATING,
    ORCS,
    TAUREN,
    TROLLS,
)
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


# Ruling B12: an allied heuristic spares its ally in what its abilities aim at. The
# sheet: "Players of the same Faction are Allies. They can share a common strategy
# but they conquer Regions and score Victory Coins independently"; the Goblins "may
# place Bombs in adjacent Regions that are occupied by opponents' Active Races".
def goblins_between_ally_and_enemy(care):
    """Seat 1 (Horde 1) plays the Goblins, next to its ally's Tauren (seat 3) and the
    Alliance's Humans (seat 0), with three Bombs in its stack."""
    pos = Position(n_players=4, params=BFA)
    home = pos.region("Fields", "Entry")
    ally = pos.region("Hills", neighbours=[home])
    enemy = pos.region("Forest", neighbours=[home])
    pos.give(1, GOBLINS, hand=0)
    pos.put(home, 1, GOBLINS, 3)
    pos.give(3, TAUREN, hand=0)
    pos.put(ally, 3, TAUREN, 2)
    pos.give(0, HUMANS, hand=0)
    pos.put(enemy, 0, HUMANS, 3)
    pos.g.gst[L.G_BOMBS_N] = 3
    pos.g.gst[L.G_BOMBS : L.G_BOMBS + 3] = [L.BOMB_DUD, L.BOMB_LIVE, L.BOMB_LIVE]
    pos.policy(1, "heuristic", ally_care=care)
    return pos, ally, enemy


def bombed(pos):
    return {r for r in range(int(pos.g.gst[L.G_NREG])) if pos.g.reg[r, L.R_BOMB] != 0}


def test_allied_goblins_bomb_the_other_faction_and_spare_their_ally():
    pos, ally, enemy = goblins_between_ally_and_enemy(care=1.0)
    end_of_turn(pos.g, pos.t, 1)
    assert bombed(pos) == {enemy}
    pos, ally, enemy = goblins_between_ally_and_enemy(care=0.0)  # the alliance ignored
    end_of_turn(pos.g, pos.t, 1)
    assert bombed(pos) == {ally, enemy}


def test_an_allied_intimidation_hits_the_other_faction_not_the_cheaper_ally():
    """Seat 0 (Alliance 1) may intimidate its ally's lone Gnomes (seat 2, the cheaper
    conquest) or the Horde's Orcs (seat 1)."""
    pos = Position(n_players=4, params=BFA)
    home = pos.region("Fields", "Entry")
    orcs = pos.region("Hills", neighbours=[home])
    orcs_far = pos.region("Forest")
    lone = pos.region("Forest", neighbours=[home])
    pos.give(0, HUMANS, INTIMIDATING, hand=6)
    pos.put(home, 0, HUMANS, 1)
    pos.give(1, ORCS, hand=0)
    pos.put(orcs, 1, ORCS, 3)
    pos.put(orcs_far, 1, ORCS, 1)
    pos.give(2, GNOMES, hand=0)
    pos.put(lone, 2, GNOMES, 1)
    pos.targets(0)
    pos.policy(0, "heuristic", ally_care=0.0)
    assert heuristic_intimidation(pos.g, pos.t, 0) == (lone, -1)
    pos.policy(0, "heuristic", ally_care=1.0)
    assert heuristic_intimidation(pos.g, pos.t, 0) == (orcs, orcs_far)


def test_an_allied_heart_of_azeroth_charges_only_the_other_faction():
    """Seat 0's first region touches its ally (seat 2) and a Horde seat, its second
    region the two Horde seats: the Heart goes to the second once the ally counts
    for nothing ("each opponent ... must pay its owner 1 Victory Coin")."""
    pos = Position(n_players=4, params=BFA)
    first = pos.region("Fields")
    second = pos.region("Hills")
    pos.give(0, HUMANS, hand=0)
    pos.put(first, 0, HUMANS, 1)
    pos.put(second, 0, HUMANS, 1)
    for seat, race, near in ((2, DWARVES, first), (1, ORCS, first), (1, ORCS, second),
                             (3, TROLLS, second)):  # fmt: skip
        if int(pos.g.ply[seat, L.P_RACE]) != race:
            pos.give(seat, race, hand=0)
        pos.put(pos.region("Forest", neighbours=[near]), seat, race, 1)
    pos.policy(0, "heuristic", ally_care=0.0)
    assert heuristic_artifact_region(pos.g, pos.t, 0, HEART) == first  # 2 and 2: the first
    pos.policy(0, "heuristic", ally_care=1.0)
    assert heuristic_artifact_region(pos.g, pos.t, 0, HEART) == second


def test_an_allied_champion_takes_the_other_factions_region_not_the_dearer_allys():
    pos = Position(n_players=4, params=BFA)
    home = pos.region("Fields", "Entry")
    ally = pos.region("Hills", neighbours=[home])
    enemy = pos.region("Forest", neighbours=[home])
    pos.give(0, HUMANS, CHAMPIONING, hand=4, coins=5)
    pos.g.ply[0, L.P_CHAMPION] = 1
    pos.put(home, 0, HUMANS, 1)
    pos.give(2, DWARVES, hand=0)
    pos.put(ally, 2, DWARVES, 4)
    pos.give(1, ORCS, hand=0)
    pos.put(enemy, 1, ORCS, 2)
    pos.targets(0)
    pos.policy(0, "heuristic", ally_care=0.0)
    assert heuristic_champion(pos.g, pos.t, 0) == ally  # the dearest
    pos.policy(0, "heuristic", ally_care=1.0)
    assert heuristic_champion(pos.g, pos.t, 0) == enemy


def test_the_duel_plays_both_sides_on_the_same_seeds():
    duel = alliance_duel(4, 6, 3, game=load_game("swow"))
    assert duel.games == 6
    assert duel.allied_win + duel.ignoring_win == pytest.approx(1.0)  # two factions
    assert duel.edge == pytest.approx(duel.allied_win - duel.ignoring_win)
    assert duel.edge_lo <= duel.edge <= duel.edge_hi
    with pytest.raises(ValueError, match="4 and 5 players"):
        alliance_duel(3, 2, 0, game=load_game("swow"))


def test_the_faction_study_gives_each_faction_a_rate_with_its_interval():
    from analyzer.studies.teams import faction_rates

    result = faction_rates([3, 4], 8, 2, game=load_game("swow"))
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
    # the balance study of the variant at every count: its verified change opens the page
    assert "The smallest change that balances the factions" in html
    assert html.index("with this change") < html.index("Faction win rates")
    assert set(pd.read_csv(out / "fixes.csv").players) == {4}  # FIX_COUNTS
    assert "Not played here at 2, 3, 5 players" in html
    import json

    first = json.loads((out / "findings.json").read_text(encoding="utf-8"))[0]
    assert first.startswith("As printed, at 4 players") and "*" not in first
    bad = CliRunner().invoke(app, ["report", "--variant", "bfz"])
    assert bad.exit_code == 2 and "Did you mean 'bfa'?" in bad.output
